"""The probe's matcher: one value in any equivalent format, and precisely when an old
value counts as sent as current."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.probe.amounts import AMOUNT_FORMATS, formats_for, in_words, render
from fincoach_tui.domain.probe.matcher import RequestText, Value, judge, month_index

RENT = Value("amount", 28_000)
OLD_RENT = Value("amount", 25_000)


@pytest.mark.parametrize(
    "text",
    [
        "rent ₹28,000",
        "rent 28k",
        "rent 28K a month",
        "28,000 rupees",
        "0.28 lakh",
        "Rs 28000",
        "Rs. 28,000/-",
        "INR 28000",
        "twenty-eight thousand",
        "twenty eight thousand a month",
        "28 thousand",
        "rent: ₹28000.",
    ],
)
def test_an_amount_is_found_in_any_format(text):
    assert RequestText(text).has(RENT)


@pytest.mark.parametrize(
    "text",
    [
        "₹2,80,000",
        "28,500 rupees",
        "one lakh twenty-eight thousand",  # 1,28,000, not 28,000
        "twenty-eight thousand five hundred",
        "o28k",  # glued to a word
        "the 28th",
        "280k",
    ],
)
def test_an_amount_is_not_found_in_another_amount(text):
    assert not RequestText(text).has(RENT)


@pytest.mark.parametrize(
    ("value", "texts"),
    [
        (
            120_000,
            ["1.2 lakh", "1,20,000", "120k", "one lakh twenty thousand", "₹1.2L", "1.2 lakhs"],
        ),
        (12_000_000, ["1.2 crore", "₹1.2 Cr", "120 lakh", "one crore twenty lakh", "1,20,00,000"]),
        (250_000, ["2.5 lakh", "two and a half lakh", "two lakh fifty thousand", "250k"]),
        (1_500, ["1.5k", "₹1,500", "one thousand five hundred"]),
    ],
)
def test_lakhs_crores_and_words(value, texts):
    for text in texts:
        assert RequestText(f"cover of {text} in all").has(Value("amount", value)), text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1_340, "Rs.1340"),
        (1_340, "paid Rs.1,340 for it"),
        (18_000, "Rs18,000 a month"),
        (9_800, "9,800rs"),
        (120_000, "1 lakh 20 thousand"),
        (350_000, "3 lakh fifty thousand"),
        (12_000_000, "1 crore and 20 lakh"),
        (2_200_000, "twenty two lac"),
        (2_200_000, "twenty-two lakhs"),
        (48_000, "fourty eight thousand"),
        (1_200_000, "12 LPA"),
    ],
)
def test_spellings_people_type(value, text):
    assert RequestText(f"so {text} in all").has(Value("amount", value)), text


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (20_000, "1 lakh 20 thousand"),  # a part of 1,20,000, not an amount of its own
        (100_000, "1 lakh 20 thousand"),
        (1_340, "abRs.1340"),  # glued to a word, not a currency
        (9_800, "9,800rsx"),
    ],
)
def test_a_part_of_an_amount_is_not_an_amount(value, text):
    assert not RequestText(f"so {text} in all").has(Value("amount", value)), text


def test_every_format_the_generator_writes_is_read_back():
    for value in (1_500, 9_500, 28_000, 120_000, 250_000, 12_000_000, 25_000_000):
        for style in formats_for(value):
            assert style in AMOUNT_FORMATS
            assert RequestText(f"it is {render(value, style)} now").has(Value("amount", value))
    assert in_words(12_345_678) == (
        "one crore twenty-three lakh forty-five thousand six hundred seventy-eight"
    )


def test_rates_by_value():
    rate = Value("rate", 7.1)
    for text in ("at 7.1%", "7.10 per cent", "7.1 percent a year", "7.1 % p.a."):
        assert RequestText(text).has(rate), text
    for text in ("17.1%", "7.15%", "7.1 lakh", "7.1"):
        assert not RequestText(text).has(rate), text


def test_months_in_any_format_and_the_phrase_as_said():
    march = Value("month", month_index(2027, 3), ("in 8 months",))
    for text in (
        "matures in March 2027",
        "Mar 2027",
        "on 15 March 2027",
        "March 15, 2027",
        "15th Mar, 2027",
        "03/2027",
        "15/03/2027",
        "2027-03",
        "2027-03-15",
        "Sept 2026 and Mar 2027",
        "it matures in 8 months",
    ):
        assert RequestText(text).has(march), text
    for text in ("March 2028", "Feb 2027", "04/2027", "2027", "in 18 months", "within 8 months"):
        assert not RequestText(text).has(march), text


def test_phrases_case_insensitive_whole_words():
    city = Value("phrase", 0.0, ("bengaluru", "bangalore"))
    assert RequestText("We live in Bangalore.").has(city)
    assert RequestText("BENGALURU").has(city)
    assert not RequestText("bangalores").has(city)


# ---- stale: an old value sent as current ----------------------------------------------
def _verdict(text: str) -> tuple[bool, bool]:
    v = judge(RequestText(text), "rent", RENT, (OLD_RENT,))
    return v.present, v.stale


def test_the_old_value_alone_is_stale():
    assert _verdict("User: my rent is ₹25,000 a month") == (False, True)
    assert _verdict("Facts: rent twenty-five thousand.") == (False, True)


def test_old_beside_current_is_not_stale():
    # A replayed transcript: the newer statement is there to win.
    assert _verdict("rent is 25k\n...\nlandlord raised it to 28k") == (True, False)


def test_an_old_value_marked_outdated_is_not_sent_as_current():
    recalled = (
        "[Turn 3, 5 Jan 2026]\nUser: I pay ₹25,000 rent.\n"
        "(Outdated: rent was ₹25,000 then; the current fact is ₹28,000.)"
    )
    assert _verdict(recalled) == (True, False)
    assert _verdict("rent ₹25,000 (outdated)") == (False, False)
    assert _verdict("rent: previously ₹25,000; now unknown") == (False, False)
    # The marking covers its own sentence or parenthesis only.
    assert _verdict("Rent ₹25,000. Some older note is outdated.") == (False, True)
    assert _verdict("Rent ₹25,000; the SIP figure is outdated") == (False, True)


def test_a_value_in_a_was_parenthesis_is_the_old_one():
    """A summary writes "now (was before)": the value inside "(was ...)" is not sent as
    current, and one sent with the roles swapped is stale, not present."""
    assert _verdict("- rent: ₹28,000 (was ₹25,000)") == (True, False)
    assert _verdict("- rent: ₹25,000 (was ₹28,000)") == (False, True)
    assert _verdict("- rent: ₹25,000 (was ₹28,000); rent 28k") == (True, False)
    assert _verdict("- city: Pune (was 28k)\n- rent: 25k") == (False, True)
    # Only inside the parenthesis: a closed one, or one that does not open with "was",
    # marks nothing.
    assert _verdict("(was in Pune) rent ₹28,000") == (True, False)
    assert _verdict("rent ₹28,000 (as of Jan, was lower)") == (True, False)
    fd = Value("rate", 7.15)
    text = RequestText("- FD rate: 7.35% (was 7.15%)")
    assert judge(text, "fd_rate", fd, (Value("rate", 7.35),)) == judge(
        RequestText("- FD rate: 7.35%"), "fd_rate", fd, (Value("rate", 7.35),)
    )


def test_nothing_sent_is_neither():
    assert _verdict("What's my rent now?") == (False, False)


def test_a_count_in_words_matches_the_same_count_in_digits():
    kids = Value("phrase", 0.0, ("two kids", "two children", "a son and a daughter"))
    assert judge(RequestText("- family children: 2 children"), "dependants", kids, ()).present
    assert not judge(RequestText("- family children: 3 children"), "dependants", kids, ()).present


STANCE = Value("phrase", 0.0, ("i cannot take risk",))


@pytest.mark.parametrize(
    "text",
    [
        "- risk: cannot take risk (turn 4, 3 Jan 2026)",  # the fact's line, without the "I"
        "User: I can't take risk, this is all we have",
        "i can not take risk",
        "I CANNOT take risk.",
        "Stance: cannot take risk",
        "We both feel the same. Cannot take risk",
    ],
)
def test_a_phrase_in_equivalent_wording_is_found(text):
    assert RequestText(text).has(STANCE), text


@pytest.mark.parametrize(
    "text",
    [
        "I can take risk",  # the opposite
        "I cannot take much risk",  # other words
        "my wife cannot take risk",  # someone else
        "Ramesh cannot take risk, I can",  # someone else
        "cannot take risks",  # another word
    ],
)
def test_a_near_miss_is_not_a_phrase(text):
    assert not RequestText(text).has(STANCE), text


def test_a_phrase_after_a_negation_is_not_stated():
    conservative = Value("phrase", 0.0, ("we are conservative", "conservative"))
    assert RequestText("- risk: conservative").has(conservative)
    assert RequestText("We're conservative with money").has(conservative)
    assert not RequestText("we are not conservative").has(conservative)
    assert not RequestText("Honestly never conservative").has(conservative)
    kids = Value("phrase", 0.0, ("two kids",))
    assert RequestText("We have two kids").has(kids)
    assert not RequestText("We have three kids").has(kids)  # a different value
    assert not RequestText("no two kids are alike").has(kids)
    loan = Value("phrase", 0.0, ("car loan: closed",))
    assert RequestText("the car loan closed in May").has(loan)  # punctuation aside
    assert not RequestText("the car loan is not closed").has(loan)
