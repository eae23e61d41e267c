"""What the offline summary gives up first when its cap binds, and what it keeps in the
user's words: a statement the recogniser says was replaced goes before the "was" notes only
when a later statement on its topic replaced it (a misreading must not take the one place
the true figure is kept); an ending is kept as the user said it; and the "dropped" note
sums its counts across folds instead of growing a clause per fold."""

from __future__ import annotations

from fincoach_tui.domain.probe.matcher import RequestText, Value
from fincoach_tui.domain.statement_words import on_topic, topic_words
from fincoach_tui.domain.user_statements import has_figure, money_in_words
from fincoach_tui.llm.offline_summary import summarize
from fincoach_tui.llm.summary_fit import unread_figures
from tests.domain.test_offline_precedence import fold_request


def words(text: str) -> int:
    return len(text.split())


def capped(turns: list[tuple[str, str]], cap: int, previous: str = "") -> list[str]:
    request = fold_request(previous, turns)
    request[0] = {"role": "system", "content": f"Use at most {cap} tokens."}
    return summarize(request, words).splitlines()


def test_a_value_filed_under_the_same_key_from_other_words_is_not_dropped_as_old():
    turns = [
        ("For the flat above the garage we pay 60,000 a month.", "ok"),
        ("What is a liquid fund?", "ok"),
        ("The house rent is 14,000.", "ok"),
        ("Work has been hectic lately.", "ok"),
    ]
    # The recogniser reads both figures as rent; the second shares no word with the first.
    assert capped(turns, 1000)[2] == "- rent: ₹14,000 (was ₹60,000)"
    lines = capped(turns, 56)
    assert lines == [
        "[simulated summary]",
        "Facts the user stated (newest values):",
        "- rent: ₹14,000",
        "In the user's words (newest first):",
        "- (turn 3) The house rent is 14,000",
        "- (turn 1) For the flat above the garage we pay 60,000 a month (outdated)",
        # the topic, the "was" note, then the remark with nothing to keep
        "Dropped to fit the cap: 1 older question topic; 1 older statement; the old rent.",
    ]
    assert RequestText("\n".join(lines)).has(Value("amount", 60000))


def test_a_value_a_later_statement_on_its_topic_replaced_goes_before_the_was_note():
    turns = [
        ("Rent is 20k for our flat.", "ok"),
        ("What is a liquid fund?", "ok"),
        ("The flat's rent went up to 23k.", "ok"),
        ("Work has been hectic lately.", "ok"),
    ]
    assert capped(turns, 53) == [
        "[simulated summary]",
        "Facts the user stated (newest values):",
        "- rent: ₹23,000 (was ₹20,000)",
        "In the user's words (newest first):",
        "- (turn 4) Work has been hectic lately",
        "- (turn 3) The flat's rent went up to 23k",
        "Dropped to fit the cap: 1 older question topic; 1 older statement.",
    ]


def test_an_ending_is_kept_in_the_users_words_beside_the_fact():
    turns = [
        ("My car loan EMI is 8,400.", "ok"),
        ("How do index funds work?", "ok"),
        ("I foreclosed the car loan with my bonus.", "ok"),
        ("We stopped the SIP for now.", "ok"),
    ]
    lines = capped(turns, 1000)
    assert lines[2:] == [
        # the facts say "closed" and "stopped" with a few of the user's words, which stay
        # when the lines below are dropped to fit the cap; those say how and for how long
        # (each ending said once: "closed (car loan closed)" repeats the label's words)
        '- car loan EMI: closed ("foreclosed the car loan with …") (was ₹8,400)',
        '- SIP: stopped ("stopped the SIP for now")',
        "In the user's words (newest first):",
        "- (turn 4) We stopped the SIP for now",
        "- (turn 3) I foreclosed the car loan with my bonus",
        "- (turn 1) My car loan EMI is 8,400 (outdated)",
        "Asked about: How do index funds work.",
    ]


def test_the_dropped_note_sums_its_counts_across_folds():
    previous = "\n".join(
        [
            "[simulated summary]",
            "Facts the user stated (newest values):",
            "- salary: ₹70,000",
            "Asked about: What is a debt fund.",
            "Dropped to fit the cap: 2 older question topics; 1 older statement; the old rent.",
        ]
    )
    turns = [("What is a liquid fund?", "ok"), ("What is a gilt fund?", "ok")]
    lines = capped(turns, 35, previous)
    assert lines == [
        "[simulated summary]",
        "Facts the user stated (newest values):",
        "- salary: ₹70,000",
        "Asked about: What is a gilt fund.",
        "Dropped to fit the cap: 4 older question topics; 1 older statement; the old rent.",
    ]


def test_a_statement_naming_someone_or_somewhere_outlasts_a_remark_without_a_name():
    turns = [
        ("namaste, main Farida hoon, Sohagpur ke paas rehti hoon.", "ok"),
        ("Maintenance is 3,000 a month.", "ok"),
        ("aaj mausam bahut achha hai, sab theek chal raha hai.", "ok"),
        ("SIP is 5,000 a month.", "ok"),
    ]
    # Neither has a figure or a word the recogniser files; the older one names who and where.
    assert capped(turns, 45)[4:] == [
        "In the user's words (newest first):",
        "- (turn 1) namaste, main Farida hoon, Sohagpur ke paas rehti hoon",
        "Dropped to fit the cap: 1 older statement.",
    ]


def test_hindi_function_words_do_not_make_two_statements_one_topic():
    assert topic_words("mujhe koi jaldi nahi hai, ek din pe dekhenge") == {
        "jaldi",
        "din",
        "dekhenge",
    }
    assert not on_topic("mere bhai ki dukaan station pe hai", "koi chinta nahi, ek baar dekh lo")


def test_a_remark_with_no_figure_does_not_take_an_older_statement_with_one():
    turns = [
        ("The violin class costs 2,400 a month.", "ok"),
        ("My salary is 60,000.", "ok"),
        ("violin practice is going well these days.", "ok"),
        ("SIP is 5,000 a month.", "ok"),
    ]
    # They share a topic word ("violin"); the remark cannot have replaced the class's cost.
    assert capped(turns, 43)[5:] == [
        "In the user's words (newest first):",
        "- (turn 1) The violin class costs 2,400 a month",
        "Dropped to fit the cap: 1 older statement.",
    ]


def test_a_statement_with_a_date_the_facts_lack_outlasts_newer_ones_whose_figures_they_hold():
    # The recogniser reads the cost's amount but not when it stops: the statement is the only
    # place the end is kept, so statements the facts hold every figure of go before it.
    for chit in (
        "School fees are 8,000 a month till my daughter finishes class 12 in March.",
        "Coaching fees are 8,000 a month till my daughter finishes class 12 in March.",
    ):
        turns = [
            (chit, "ok"),
            ("My SIP is 6,000 a month, started when I joined the bank.", "ok"),
            ("What is a liquid fund?", "ok"),
            ("Rent is 15,000 for the flat.", "ok"),
        ]
        assert capped(turns, 60)[5:] == [
            "In the user's words (newest first):",
            f"- (turn 1) {chit.rstrip('.')}",
            "Dropped to fit the cap: 1 older question topic; 2 older statements.",
        ]


def test_a_value_said_with_when_it_starts_is_no_figure_the_facts_lack():
    # "from next month" says when the newest value starts: the fact holds the change.
    assert not unread_figures("Landlord wants 26.5k from next month")
    assert not unread_figures("maintenance is 4,200 since April")
    assert unread_figures("school fees of 4,000 a month stop this Vishu") == {"time"}  # their end
    assert not unread_figures("the bike loan of 60k, we must clear it before Onam")
    # two values read under one key: the facts keep one, the other is money they lack
    cover = "Term cover on me is 50 lakh and on him 1 crore"
    assert unread_figures(cover, {"insurance_term_cover": "₹1,00,00,000"}) == {"money"}


def test_two_facts_of_one_kind_of_different_people_are_both_kept_each_named():
    # The wife's cover and the parent's pension rank as a cover and a pension: when the cap
    # binds, a city or who the spouse is goes before either, and neither goes before the
    # user's own.
    turns = [
        ("Term cover on my life is 60 lakh.", "ok"),
        ("My wife holds her own term cover of 80 lakh.", "ok"),
        ("We live in Nashik.", "ok"),
        ("Baba draws a pension of 28,000.", "ok"),
    ]
    full = capped(turns, 1000)
    assert [line for line in full if line.startswith(("- ins", "- spouse ins", "- pension"))] == [
        "- insurance term cover: ₹60,00,000",
        "- spouse insurance term cover: ₹80,00,000",
        "- pension of father: ₹28,000",
    ]
    lines = capped(turns, 35)
    assert lines[2:5] == full[2:3] + [
        "- spouse insurance term cover: ₹80,00,000",
        "- pension of father: ₹28,000",
    ]
    assert lines[-1] == "Dropped to fit the cap: 4 older statements; family spouse; city."


def test_money_said_in_number_words_the_reader_cannot_turn_into_a_figure_outlasts_a_remark():
    # "munnooraayiram" is 3 lakh in Tamil written as one word (three hundred thousands): no
    # amount is read from it and no fact holds it, so the statement is the one place the
    # shop's rent is kept.
    turns = [
        ("Kadai vaadagai munnooraayiram, the owner never fixes anything.", "ok"),
        ("What is a liquid fund?", "ok"),
        ("Work has been hectic lately.", "ok"),
        ("SIP is 5,000 a month.", "ok"),
    ]
    assert capped(turns, 40)[3:] == [
        "In the user's words (newest first):",
        "- (turn 1) Kadai vaadagai munnooraayiram, the owner never fixes anything",
        "Dropped to fit the cap: 1 older question topic; 1 older statement.",
    ]


def test_a_scale_word_of_any_indian_language_the_reader_left_unread_is_money():
    for said in (
        "shed bhaada kuri hajar",  # Bengali: 20,000
        "thottam lease nooru latcham",  # Tamil: 100 lakh
        "Godown baadige nooru saavira",  # Kannada: 1 lakh
        "Kadai vaadagai munnooraayiram",  # Tamil, one word: 3 lakh
    ):
        assert money_in_words(said) and has_figure(said), said
        assert unread_figures(said) == {"money"}, said
    # a scale word inside an amount the reader read is that amount's; a name is no number
    for said in ("godown kiraya dedh lakh", "pathu aayiram for school", "my brother Velu"):
        assert not money_in_words(said), said
    assert not unread_figures("pathu aayiram for school")


def test_a_clause_of_when_a_value_ends_names_no_topic_a_later_statement_shares():
    # "join" is in both clauses of when, not in what either is about: the newer statement,
    # whose figure the facts hold, goes before the older one, whose end only it keeps.
    for cost in (
        "The creche fee is 7,500 a month till our daughter joins LKG after Diwali.",
        "Crèche charges are 7,500 a month until the little one joins nursery in June.",
    ):
        turns = [
            (cost, "ok"),
            ("My SIP is 4,000 a month, started when I joined the plant.", "ok"),
            ("What is a liquid fund?", "ok"),
            ("Rent is 15,000 for the flat.", "ok"),
        ]
        assert capped(turns, 60)[-2:] == [
            f"- (turn 1) {cost.rstrip('.')}",
            "Dropped to fit the cap: 1 older question topic; 2 older statements.",
        ], cost
    assert on_topic("fees are 5k till she joins school", "school fees went up to 6k")
    assert not on_topic("fees are 5k till she joins school", "SIP started when I joined")
