from fincoach_tui.ui import format as fmt


def test_tokens_groups_thousands():
    assert fmt.tokens(0) == "0"
    assert fmt.tokens(1234) == "1,234"
    assert fmt.tokens(1_234_567) == "1,234,567"


def test_signed_tokens_uses_a_real_minus():
    assert fmt.signed_tokens(56) == "+56"
    assert fmt.signed_tokens(-2) == "−2"
    assert fmt.signed_tokens(0) == "0"
    assert fmt.signed_tokens(1500) == "+1,500"


def test_usd_keeps_significant_digits_of_tiny_costs():
    assert fmt.usd(None) == "no price"
    assert fmt.usd(0) == "$0"
    assert fmt.usd(0.0123) == "$0.0123"
    assert fmt.usd(0.000068) == "$0.000068"
    assert fmt.usd(0.0000314) == "$0.000031"
    assert fmt.usd(0.5) == "$0.5000"
    assert fmt.usd(1.5) == "$1.50"
    assert fmt.usd(1234.5) == "$1,234.50"


def test_preview_is_one_line_cut_with_an_ellipsis():
    assert fmt.preview("hello\n\n  world\tagain", 40) == "hello world again"
    assert fmt.preview("abcdefghij", 10) == "abcdefghij"
    assert fmt.preview("abcdefghijk", 10) == "abcdefghi…"
    assert len(fmt.preview("word " * 100, 20)) == 20
    assert fmt.preview("anything", 0) == ""
    assert fmt.preview("", 5) == ""


def test_percent_rounds_down_so_thresholds_are_never_claimed_early():
    assert fmt.percent(50, 200) == "25%"
    assert fmt.percent(799, 1000) == "79%"
    assert fmt.percent(800, 1000) == "80%"
    assert fmt.percent(1, 1000) == "<1%"
    assert fmt.percent(0, 1000) == "0%"
    assert fmt.percent(1200, 1000) == "120%"
    assert fmt.percent(5, None) == "–"
    assert fmt.percent(5, 0) == "–"
