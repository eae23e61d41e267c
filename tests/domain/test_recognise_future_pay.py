"""Pay to come is kept beside the pay now, with when it starts, and replaces it only once
said as current or once its start has come by the day it is said: made-up sentences."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise

MAY_2027 = datetime(2027, 5, 10, tzinfo=UTC).timestamp()


def _values(*texts: str, said_at: float | None = MAY_2027) -> dict[str, str]:
    facts = find_facts([(f"m{n}", t) for n, t in enumerate(texts)], said_at=said_at)
    return {key: fact.value for key, fact in facts.items()}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("After the promotion my pay will be about 90k.", "₹90,000 after the promotion"),
        ("From April I'll get 1.2L.", "₹1,20,000 from Apr 2028"),
        ("After the appraisal it becomes 95k.", "₹95,000 after the appraisal"),
        ("Got a raise, 85k from next month.", "₹85,000 from Jun 2027"),
        ("Take-home goes up to 82k from July.", "₹82,000 from Jul 2027"),
        ("April se salary 90k ho jayegi.", "₹90,000 from Apr 2028"),
        ("My take-home will be 88k by next month.", "₹88,000 from Jun 2027"),
        # the bare noun "pay", with no "my": a noun before the future, not the verb
        ("Pay will be about 92k from August.", "₹92,000 from Aug 2027"),
        (
            "Once confirmed, pay should touch 96k after the probation.",
            "₹96,000 after the probation",
        ),
        ("Pay is going to be 99k after the hike.", "₹99,000 after the hike"),
    ],
)
def test_pay_to_come_is_kept_beside_the_pay_now(text: str, expected: str) -> None:
    facts = _values("My salary is 75k.", text)
    assert facts == {"salary": "₹75,000", "salary_expected": expected}


def test_paying_in_the_future_is_no_pay_to_come() -> None:
    # "pay" as the verb: what the user will pay is no pay of theirs
    assert _values("My salary is 75k.", "I will pay 12k for the course next month.") == {
        "salary": "₹75,000"
    }


def test_a_start_that_has_come_by_the_day_it_is_said_makes_it_the_pay_now() -> None:
    assert _values("Salary 75k.", "Revised take-home 1.31L with effect from April.") == {
        "salary": "₹1,31,000"
    }
    assert _values("Salary 75k.", "Increment came, take-home is 84,500 from this month.") == {
        "salary": "₹84,500"
    }
    # said at no known time, a start date is not known to have come
    assert _values("Revised take-home 1.31L with effect from April.", said_at=None) == {
        "salary_expected": "₹1,31,000 from April"
    }


def test_the_pay_now_changes_when_it_is_said_to_have_changed() -> None:
    facts = _values("My salary is 75k.", "After the promotion it becomes 95k.", "Pay is now 95k.")
    assert facts["salary"] == "₹95,000"


def test_the_pay_before_the_word_of_the_future_stays_the_pay_now() -> None:
    assert recognise("My salary of 75k will go up to 90k in June.") == [
        ("salary", "₹75,000"),
        ("salary_expected", "₹90,000 from June"),
    ]


def test_whose_pay_is_to_come_is_kept() -> None:
    facts = _values("My wife's salary will be 60k from July and mine is 1.1L.")
    assert facts["spouse_salary_expected"] == "₹60,000 from Jul 2027"
    assert facts["salary"] == "₹1,10,000"


def test_pay_to_come_reads_back_from_a_summary_line_with_its_date() -> None:
    assert recognise("- salary expected: ₹90,000 from Jun 2027") == [
        ("salary_expected", "₹90,000 from Jun 2027")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Gujarati: "thi" (from), "thashe" / "malshe" (will be / will get)
        ("maro pagar April thi 44,000 jevo thashe", "₹44,000 from Apr 2028"),
        ("pagar aavta mahine thi 50,000 thai jashe", "₹50,000 from Jun 2027"),
        ("mane aavta mahina thi 48 hajar malshe", "₹48,000 from Jun 2027"),
        ("promotion pachi salary 90k thase", "₹90,000"),
        # Marathi: "pudhchya mahinyapasun" (from next month), "milnar" / "honar"
        ("pudhchya mahinyapasun 52 hajar milnar pagar", "₹52,000 from Jun 2027"),
        ("majha pagar pudhchya mahinyapasun 52 hajar honar", "₹52,000 from Jun 2027"),
        ("mala pudhchya mahinyapasun 52 hajar milnar", "₹52,000 from Jun 2027"),
        # Hindi, the verb last
        ("salary agle mahine se 60k milega", "₹60,000 from Jun 2027"),
        ("Diwali ke baad pagar 38,000 ho jayegi", "₹38,000"),
    ],
)
def test_pay_to_come_said_with_the_verb_last(text: str, expected: str) -> None:
    facts = _values("My salary is 35k.", text)
    assert (facts["salary"], facts["salary_expected"]) == ("₹35,000", expected)


@pytest.mark.parametrize(
    ("text", "salary"),
    [
        ("maro pagar 44,000 che", "₹44,000"),
        ("majha pagar 52 hajar aahe", "₹52,000"),
        ("ya mahinyapasun pagar 52 hajar zala", "₹52,000"),
        ("aa mahine thi pagar 47,000 thayo", "₹47,000"),
        ("salary April thi 44,000 thai gayo", "₹44,000"),
        ("pagar 30,000 che, FD August ma mature thashe", "₹30,000"),
    ],
)
def test_pay_said_as_now_in_those_languages_is_the_pay(text: str, salary: str) -> None:
    facts = _values(text)
    assert (facts["salary"], "salary_expected" in facts) == (salary, False)
