"""How people talk rather than write: corrections in one breath, speech with no punctuation,
two people at one keyboard, a stance said in the user's own words, a bill that is not a
cover, money put aside. Every sentence here was written for these tests, in voices unlike
the probe corpora, to show a mechanism rather than a phrasing."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.finance_facts import find_facts, recognise
from fincoach_tui.domain.memory import Summary
from fincoach_tui.domain.memory.summary import SummaryStrategy
from fincoach_tui.domain.own_words import without_own_words
from fincoach_tui.domain.recognise.clauses import clauses_of
from fincoach_tui.domain.recognise.corrections import scale_corrections
from fincoach_tui.domain.user_statements import statements_in
from fincoach_tui.llm.offline_summary import summarize
from tests.domain.test_facts import messages

SAID_AT = datetime(2026, 3, 9, 8, 30, tzinfo=UTC).timestamp()


def current(*texts: str) -> dict[str, str]:
    """Each fact's value after messages said one after the other."""
    found = find_facts([(f"m{n}", t) for n, t in enumerate(texts)], said_at=SAID_AT)
    return {key: fact.value for key, fact in found.items()}


def fold(*turns: str, cap: int = 2000) -> str:
    """The offline summary of `turns` (the user's), each answered "ok"."""
    texts = [t for turn in turns for t in (turn, "ok")]
    history = messages(*texts, "tail q", "tail a", start=SAID_AT)
    plan = SummaryStrategy(tail_turns=1, batch_turns=1, cap_tokens=cap).fold_plan(history, None)
    return summarize(plan.request(), lambda text: len(text.split()))


# ---- a correction keeps the scale of what it corrects -------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("the flat costs 31k no wait not 31 its 29", "rent", "₹29,000"),
        ("takehome 1.4L, sorry 1.45", "salary", "₹1,45,000"),
        ("my sip was 6 thousand i mean 7", "sip", "₹7,000"),
        ("loan emi 11k. nahi nahi, 12", "loan_loan_emi", "₹12,000"),
    ],
)
def test_a_number_that_corrects_a_figure_is_read_in_its_scale(text, key, value):
    assert current(text)[key] == value


def test_a_number_of_another_order_after_a_correction_word_is_left_alone():
    assert scale_corrections("rent 25k, not 2 years old flat") == "rent 25k, not 2 years old flat"
    assert scale_corrections("sip 5k sorry 2024 was bad") == "sip 5k sorry 2024 was bad"
    assert scale_corrections("rent 18k no wait 16") == "rent 18k no wait 16k"


def test_a_corrected_deposit_is_one_deposit_not_two():
    assert current("my RD is 4 thousand, I mean 5") == {"rd_amount": "₹5,000"}
    assert current("the FD is 3L at 7%, sorry, 3.5L") == {
        "fd_amount": "₹3,50,000",
        "fd_rate": "7%",
    }
    two = current("two FDs: 3 lakh at 7% and 2 lakh at 7.5%")
    assert (two["fd_amount"], two["fd2_amount"]) == ("₹3,00,000", "₹2,00,000")


# ---- speech with no punctuation ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "ok so salary is 64000 rent is 15000 and i have an sip of 3000",
            {"salary": "₹64,000", "rent": "₹15,000", "sip": "₹3,000"},
        ),
        (
            "in hand around fifty two thousand rent twelve thousand emi for bike three thousand",
            {"salary": "₹52,000", "rent": "₹12,000", "loan_bike_emi": "₹3,000"},
        ),
        (
            "my pay comes to about 70 thousand per month rent i pay 18 thousand",
            {"salary": "₹70,000", "rent": "₹18,000"},
        ),
        (
            "i earn eighty thousand a month my husband earns sixty thousand",
            {"family_spouse": "husband", "salary": "₹80,000", "spouse_salary": "₹60,000"},
        ),
    ],
)
def test_run_on_speech_gives_each_figure_to_what_it_follows(text, expected):
    assert current(text) == expected


def test_a_figure_said_before_its_name_is_not_cut_from_it():
    assert current("25k rent 5k sip") == {"rent": "₹25,000", "sip": "₹5,000"}
    assert clauses_of("we pay twenty five thousand rent") == ["we pay twenty five thousand rent"]
    assert clauses_of("salary 50k rent 12k") == ["salary 50k", "rent 12k"]


# ---- two people, one keyboard ----------------------------------------------------------


def test_a_hand_over_files_the_next_speakers_pay_under_them():
    facts = current(
        "Karthik and Anjali here, we share this laptop. My in-hand is 1.2L.",
        "Anjali here! my take-home went up to 95k",
        "Karthik again. my SIP is 15k",
    )
    assert facts["salary"] == "₹1,20,000"  # the user's own, untouched by Anjali's
    assert facts["salary_of_anjali"] == "₹95,000"
    assert facts["sip_of_karthik"] == "₹15,000"


def test_an_introduction_is_not_a_hand_over():
    assert current("Deepa here, my salary is 58k") == {"salary": "₹58,000"}
    assert current("Hi, Salim here. salary 44k") == {"salary": "₹44,000"}
    assert current("Okay here. salary 50k") == {"salary": "₹50,000"}


# ---- a bill is not a cover; money put aside is not the bill ------------------------------


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("gaadi ka insurance march mein aata hai, 19,000 lagenge", "insurance_vehicle_premium"),
        ("the bike's insurance renews soon, about 2,100", "insurance_vehicle_premium"),
        ("took insurance on the godown last week, 8k", "insurance_property_premium"),
    ],
)
def test_a_things_insurance_is_what_it_costs_not_a_cover(text, key):
    (found,) = recognise(text)
    assert found[0] == key
    assert not any(k.startswith("insurance_term") for k, _ in recognise(text))


@pytest.mark.parametrize(
    "text",
    [
        "I will keep that 1.5 lakh aside for Rohan's hostel fees",
        "parked 40k separately for the car insurance renewal",
        "school fees ke liye 20k alag rakha hai",
    ],
)
def test_money_set_aside_for_a_bill_is_not_the_bill(text):
    assert recognise(text) == []


def test_a_policy_given_up_is_no_longer_paid_for():
    facts = current(
        "There's an old endowment policy, premium 18,000 a year.",
        "Went to the branch today and surrendered it.",
    )
    assert facts["insurance_term_premium"] == facts["insurance_term_cover"]
    assert facts["insurance_term_premium"].startswith("surrendered")


def test_a_year_in_a_story_is_not_the_date_of_what_was_said_before():
    facts = current(
        "My RD of 3k a month ends in June 2027. I'm careful because I lost money in 2008."
    )
    assert facts["rd_end"] == "Jun 2027"
    facts = current("FD matures Dec 2026. Dad's shop failed in 1998, so no stocks for me.")
    assert facts["fd_maturity"] == "Dec 2026"


# ---- the summary keeps a stance in the user's own words ----------------------------------


@pytest.mark.parametrize(
    ("said", "words"),
    [
        ("Risk: happy to go aggressive, no kids yet.", "happy to go aggressive"),
        ("Stance wise, cautious-ish.", "cautious-ish"),
        ("honestly I cannot take risk with this money.", "I cannot take risk"),
    ],
)
def test_a_stance_is_kept_in_the_users_words_beside_the_fact(said, words):
    text = fold("My take-home is 70k.", said, "What is a liquid fund?")
    assert "- risk: " in text
    statements = text.split("In the user's words")[1]
    assert words in statements
    assert "(outdated" not in statements


def test_a_stance_another_person_states_does_not_crowd_out_the_first():
    # Both stances are true (the recogniser keeps one risk per household); when the cap
    # binds, small talk goes before the first stance, which is not "replaced".
    text = fold(
        "I'm fine with high risk, I'm 31 and single income is stable.",
        "Work has been hectic lately, long hours.",
        "Meena: and I'm conservative because my uncle lost his savings.",
        "Rent is 22k.",
        cap=79,  # 4 words of it the age's line ("- age: 31 years")
    )
    assert "fine with high risk" in text
    assert "I'm conservative" in text
    assert "hectic" not in text


def test_the_fold_request_dates_the_users_lines_so_relative_dates_resolve():
    text = fold("FD of 2 lakh at 7%, matures in 18 months.", "ok thanks")
    assert "- FD maturity: in Sep 2027" in text


def test_a_summary_written_without_dates_keeps_a_relative_date_as_said():
    turns = [("FD of 2 lakh at 7%, matures in 18 months.", "ok")]
    history = messages(*[t for pair in turns for t in pair], "tail q", "tail a", start=0.0)
    plan = SummaryStrategy(tail_turns=1, batch_turns=1).fold_plan(history, Summary("", 0, (), 0))
    assert "User: FD of 2 lakh" in plan.request()[1]["content"]
    assert "- FD maturity: in 18 months" in summarize(plan.request())


# ---- a stance said as a feeling, a place said the way people say it ------------------------


@pytest.mark.parametrize(
    "text",
    [
        "honestly the thought of losing money makes me sick",
        "i would panic if my portfolio dropped even a bit",
        "red numbers on the app make me anxious",
        "cant bear to see my savings go down",
    ],
)
def test_fear_of_losing_is_a_cautious_stance(text):
    assert without_own_words(current(text)["risk"]) == "conservative"


@pytest.mark.parametrize(
    "text",
    [
        "dips don't bother me, I'm 26",
        "I don't mind seeing red for a year or two",
        "fine with short-term losses if the long run is better",
        "I can ride out the crashes",
    ],
)
def test_ease_with_losses_is_a_bold_stance(text):
    assert without_own_words(current(text)["risk"]) == "aggressive"


@pytest.mark.parametrize(
    "text",
    [
        "no stocks were harmed in the making of this budget",
        "I'm okay with the rent for now",
        "the market near our flat sells cheap vegetables",
    ],
)
def test_words_of_markets_and_ease_without_a_stance_state_none(text):
    assert "risk" not in current(text)


@pytest.mark.parametrize(
    ("text", "city"),
    [
        ("Hoshiarpur mein dukaan hai meri, 20 saal se", "Hoshiarpur"),
        ("Rewari mein apna ghar hai, kiraya nahi dena", "Rewari"),
        ("we live near Powai lake, two of us", "Powai, Mumbai"),
        ("i stay close to Salt Lake stadium", "Salt Lake, Kolkata"),
        ("my flat is in HSR Layout, 3rd floor", "HSR Layout, Bengaluru"),
        ("we are Koramangala side only", "Koramangala, Bengaluru"),
    ],
)
def test_a_place_said_by_its_neighbourhood_or_the_hindi_way(text, city):
    assert current(text)["city"] == city


@pytest.mark.parametrize(
    "text",
    [
        "Mera bhai Jalandhar mein naukri karta hai",
        "Diwali mein ghar jaana hai",
        "my cousin lives near Baner",
        "my sister lives in Bandra",
        "we want a 2BHK in Wakad in five years",
    ],
)
def test_someone_elses_place_or_a_festival_is_not_where_the_user_lives(text):
    assert "city" not in current(text)


def test_a_named_persons_pay_is_theirs_not_the_users():
    assert current("My take-home is 72k.", "Meera's salary from the college is 1.65L") == {
        "salary": "₹72,000"
    }
    facts = current("My wife Meera teaches.", "Meera's salary from the college is 1.65L")
    assert facts["spouse_salary"] == "₹1,65,000"
    assert "salary" not in facts


# ---- numbers said as words ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("salary one point two lakh", "salary", "₹1,20,000"),
        ("rent is one lakh twenty for the villa", "rent", "₹1,20,000"),
        ("take home is around sixty-five k", "salary", "₹65,000"),
        ("sip fifteen hundred every month", "sip", "₹1,500"),
        ("maid ko 6 hazaar dete hain", "cost_maid", "₹6,000"),
        ("the term plan is two crore fifty", "insurance_term_cover", "₹2,50,00,000"),
    ],
)
def test_an_amount_in_words_as_it_is_spoken(text, key, value):
    assert current(text)[key] == value


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("fd of two and a half lakhs at seven point one percent", "fd_rate", "7.1%"),
        ("loan at nine point six five percent interest", "loan_loan_rate", "9.65%"),
        ("rd at six percent till next june", "rd_rate", "6%"),
    ],
)
def test_a_rate_in_words_is_read_as_a_rate(text, key, value):
    assert current(text)[key] == value


@pytest.mark.parametrize(
    "text",
    ["three hundred people came to the wedding", "we have two kids", "five hundred metres away"],
)
def test_counts_in_words_are_not_money(text):
    assert not any(k in ("cost_wedding", "expenses") for k in current(text))
    assert find_amounts(text) == []


# ---- money lost is a story; a wish said as a noun is a goal --------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "pehle ek baar share mein 60 hazaar doob gaye the",
        "lost 2 lakh in F&O in the first year",
        "burnt about 80k on options before I stopped",
    ],
)
def test_money_lost_is_not_the_value_of_what_it_was_lost_in(text):
    assert not any(k.startswith(("invest", "sip", "fd", "savings")) for k in current(text))


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("Arre, rent badh ke 31k ho gaya.", "rent", "₹31,000"),
        ("salary ab 92 hazaar ho gayi hai", "salary", "₹92,000"),
        ("ghar ka kiraya 19,500 ho gaya is mahine se", "rent", "₹19,500"),
    ],
)
def test_a_figure_that_became_so_is_a_new_value_not_money_lost(text, key, value):
    assert current(text)[key] == value


@pytest.mark.parametrize(
    "text",
    ["sir koi risk nahi lena hai", "humko risk nahi uthana", "bas paisa doobna nahi chahiye"],
)
def test_a_cautious_stance_said_in_hindi(text):
    assert without_own_words(current(text)["risk"]) == "conservative"


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        (
            "One wish I have is to do the Kailash yatra with my brother. "
            "It will cost about 1.6 lakh. I want to go in June 2027.",
            "goal_kailash_yatra_date",
            "Jun 2027",
        ),
        (
            "A dream we have is to build a small cottage in the hills, 30 lakh by 2032.",
            "goal_small_cottage_amount",
            "₹30,00,000",
        ),
        (
            "The plan I have is to buy a scooty for my girl, around 90k.",
            "goal_scooty_amount",
            "₹90,000",
        ),
    ],
)
def test_a_wish_said_as_a_noun_is_a_goal_with_its_figures(text, key, value):
    assert current(text)[key] == value


# ---- a long dictated message -----------------------------------------------------------

DICTATED = (
    "ok so basically i work in a bank in nagpur and my take home is around sixty two thousand "
    "and we pay eighteen thousand rent for a two bhk and my wife is a teacher she gets about "
    "forty thousand and we have one daughter who is five and i also have a car loan with emi "
    "of eleven thousand for three more years and honestly i get nervous when markets fall so "
    "i keep most money in fds"
)


def test_a_long_dictation_is_kept_whole_in_pieces_not_cut_at_forty_words():
    pieces = statements_in(DICTATED)
    assert " ".join(pieces) == DICTATED
    assert all(len(p.split()) <= 24 for p in pieces)
    assert statements_in("my rent is 20k and my sip is 5k") == ("my rent is 20k and my sip is 5k",)


def test_a_long_dictation_gives_every_figure_to_its_owner():
    assert {k: without_own_words(v) for k, v in current(DICTATED).items()} == {
        "city": "Nagpur",
        "family_spouse": "wife",
        "family_children": "1 daughter",
        "risk": "conservative",
        "salary": "₹62,000",
        "rent": "₹18,000",
        "spouse_salary": "₹40,000",
        "loan_car_emi": "₹11,000",
        "loan_car_end": "in Mar 2029",  # "for three more years": what is left of it
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rent is 20k. my wife is a teacher, she gets about 40k", "₹40,000"),
        ("my husband makes 90k", "₹90,000"),
        ("Our rent is 31k. He also brings home 1.1L", "₹1,10,000"),
    ],
)
def test_a_spouses_pay_said_with_a_plain_verb_is_theirs_not_the_last_thing_named(text, expected):
    facts = current("My husband is in the army.", text) if "He" in text else current(text)
    assert facts.get("spouse_salary", facts.get("salary")) == expected
    assert facts.get("rent") != expected


def test_under_the_cap_a_family_or_stance_statement_outlasts_an_equally_salient_one():
    # Both have a figure; the facts hold only a paraphrase of the first ("1 daughter
    # (Isha)"), so when one must go, the other goes, though the first is older.
    text = fold(
        "My daughter Isha is in class 9 at a CBSE school.",
        "I'm 44 and have worked in logistics for 20 years.",
        "Rent is 19k.",
        cap=51,  # 4 words of it the age's line ("- age: 44 years")
    )
    assert "Isha is in class 9" in text
    assert "logistics" not in text
    assert text.endswith("Dropped to fit the cap: 1 older statement.")
