"""The probe's filing check: a needed figure the memory filed under another fact's label
(the spouse's salary for the user's, a cover as the premium) is not sent; it is misfiled.
The requests are written out in full, in the formats the memory writes."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.probe.filing import (
    Filing,
    compatible,
    label_filing,
    labelled_text,
    need_filing,
)
from fincoach_tui.domain.probe.matcher import RequestText, Value, judge, month_index

PAY = Value("amount", 110_000)
OLD_PAY = Value("amount", 95_000)


def request(*messages: tuple[str, str]) -> RequestText:
    """A request of whole messages, each (source, text)."""
    text, labels = labelled_text([[message] for message in messages])
    return RequestText(text, labels)


def verdict(text: RequestText, key: str, current: Value, *earlier: Value) -> tuple[bool, ...]:
    found = judge(text, key, current, earlier)
    return found.present, found.misfiled, found.stale


FACTS_OF_A_COUPLE = (
    "- city: Indiranagar, Bengaluru (turn 1, 4 Jun 2026)\n"
    "- spouse salary: ₹1,10,000 (turn 3, 4 Jun 2026)\n"
    "- rent: ₹31,500 (turn 5, 4 Jun 2026)"
)


def test_the_spouses_salary_is_not_the_users():
    text = request(("facts", FACTS_OF_A_COUPLE), ("user", "what can we save each month?"))
    assert verdict(text, "salary.self", PAY) == (False, True, False)
    assert verdict(text, "salary.spouse", PAY) == (True, False, False)
    # a key that names nobody (or a name the probe cannot place) is anyone's
    assert verdict(text, "salary", PAY) == (True, False, False)
    assert verdict(text, "salary.meera", PAY) == (True, False, False)


def test_the_users_own_words_count_wherever_the_memory_filed_the_figure():
    said = "I take home 1.1 lakh now, my wife is between jobs"
    text = request(("facts", FACTS_OF_A_COUPLE), ("user", said), ("user", "what can we save?"))
    assert verdict(text, "salary.self", PAY) == (True, False, False)
    # the notes and the summary quote the user's words: those are as said, not filed
    notes = "- (turn 3) I take home 1.1 lakh now, my wife is between jobs"
    text = request(("facts", FACTS_OF_A_COUPLE + "\n" + notes), ("user", "what can we save?"))
    assert verdict(text, "salary.self", PAY) == (True, False, False)


def test_a_line_the_user_typed_is_not_a_label():
    text = request(("user", "- spouse salary: 1.1L\n- rent: 31.5k"), ("user", "and now?"))
    assert verdict(text, "salary.self", PAY) == (True, False, False)


def test_a_cover_filed_as_the_premium():
    cover = Value("amount", 15_000_000)
    facts = "- insurance term premium: ₹1,50,00,000 (turn 7, 4 Jun 2026)"
    text = request(("facts", facts), ("user", "is our term plan enough?"))
    assert verdict(text, "insurance.term.cover", cover) == (False, True, False)
    assert verdict(text, "insurance_cover", cover) == (False, True, False)  # generated key
    assert verdict(text, "insurance.term", cover) == (True, False, False)  # part not named
    text = request(("facts", facts.replace("premium", "cover")), ("user", "enough?"))
    assert verdict(text, "insurance.term.cover", cover) == (True, False, False)


def test_an_emi_filed_as_the_sum_borrowed_and_rent_as_an_emi():
    facts = "- car loan amount: ₹14,200\n- home loan EMI: ₹27,000"
    text = request(("facts", facts), ("user", "how much goes out each month?"))
    assert verdict(text, "emi.car", Value("amount", 14_200)) == (False, True, False)
    assert verdict(text, "loan.car.amount", Value("amount", 14_200)) == (True, False, False)
    assert verdict(text, "rent", Value("amount", 27_000)) == (False, True, False)
    # the money given to parents is one of the month's fixed costs
    facts = "- cost support: ₹12,000"
    assert verdict(request(("facts", facts)), "family.support", Value("amount", 12_000)) == (
        True,
        False,
        False,
    )


def test_misfiled_and_stale_together():
    """The new rent went in as the maid's pay, the old rent is still the rent: the rent
    sent is the old one."""
    facts = "- rent: ₹24,000 (turn 2, 4 Jun 2026)\n- cost maid: ₹26,500 (turn 9, 4 Jun 2026)"
    text = request(("facts", facts), ("user", "what's left after rent?"))
    rent, old = Value("amount", 26_500), Value("amount", 24_000)
    assert verdict(text, "rent", rent, old) == (False, True, True)
    # an old value filed under another fact is not the fact's old value passed off
    facts = "- cost maid: ₹24,000\n- goal bike amount: ₹26,500"
    assert verdict(request(("facts", facts)), "rent", rent, old) == (False, True, False)


def test_the_summarys_fact_lines_and_its_was_values():
    summary = (
        "[simulated summary]\nFacts the user stated (newest values):\n"
        "- spouse salary: ₹1,10,000 (was ₹95,000)\n"
        "In the user's words (newest first):\n- (turn 4) thinking of a car next year"
    )
    text = request(("facts", summary), ("user", "how much can I put in a SIP?"))
    assert verdict(text, "salary.self", PAY, OLD_PAY) == (False, True, False)
    assert verdict(text, "salary.spouse", PAY, OLD_PAY) == (True, False, False)


def test_the_coachs_list_of_what_it_read_is_labelled_and_the_rest_of_its_reply_is_not():
    reply = (
        "[Offline coach, simulated] From this request I can see: city Pune; spouse salary "
        "₹1,10,000; rent ₹31,500. A budget of ₹1,10,000 a month leaves room for a SIP."
    )
    text = request(("coach", reply.split(" A budget")[0]), ("user", "and the SIP?"))
    assert verdict(text, "salary.self", PAY) == (False, True, False)
    assert verdict(text, "rent", Value("amount", 31_500)) == (True, False, False)
    assert verdict(request(("coach", reply)), "salary.self", PAY) == (True, False, False)


def test_a_recalled_passages_outdated_note_is_labelled_and_the_passage_is_as_said():
    passage = (
        "[Turn 3, 4 Jun 2026]\nUser: she makes 95k, I'm on 1.1 lakh\n"
        "(Outdated: spouse salary was ₹95,000 then; the summary has ₹1,10,000.)"
    )
    text = request(("recalled", passage))
    assert verdict(text, "salary.self", PAY) == (True, False, False)
    note_only = (
        "(Outdated: the coach restated spouse salary as ₹95,000; the summary has ₹1,10,000.)"
    )
    assert verdict(request(("recalled", note_only)), "salary.self", PAY) == (False, True, False)


def test_when_a_fact_was_said_is_no_value():
    may = Value("month", month_index(2026, 6))
    text = request(
        ("facts", "- rent: ₹31,500 (turn 5, 4 Jun 2026)"), ("recalled", "[Turn 5, 4 Jun 2026]")
    )
    assert verdict(text, "goal.trip.date", may) == (False, False, False)
    text = request(("facts", "- rent: ₹31,500 (edited, 4 Jun 2026)"))
    assert verdict(text, "goal.trip.date", may) == (False, False, False)
    text = request(("facts", "- goal trip date: in Jun 2026 (turn 5, 4 Jun 2026)"))
    assert verdict(text, "goal.trip.date", may) == (True, False, False)


def test_a_phrase_is_never_misfiled():
    facts = "- risk reason: we moved to Pune last year and rent ate our savings"
    assert verdict(request(("facts", facts)), "city", Value("phrase", 0, ("pune",))) == (
        True,
        False,
        False,
    )


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("salary.from_father", "income support"),  # money from the father is the user's
        ("income.tuition", "income tuition"),
        ("salary.pension", "pension"),
        ("deposit.mis.amount", "invest pomis"),  # a post office deposit is an investment
        ("deposit.rd.monthly", "RD sbi amount"),
        ("fixed.parents", "cost support"),
        ("family.support", "cost parents"),
        ("emi.home", "home loan EMI"),
        ("insurance.health.topup", "insurance health cover"),
        ("chit.amount", "cost chit"),  # a kind the table does not know goes anywhere
        ("goal.house.amount", "dream home"),  # and so does a label of no known kind
        ("sip.rohan", "SIP"),
        ("remittance", "cost sending home"),
        ("remit.home", "income remittance"),
        ("costs.total", "expenses"),
    ],
)
def test_compatible_labels(key, label):
    assert compatible(need_filing(key), label_filing(label))


@pytest.mark.parametrize(
    ("key", "label"),
    [
        ("salary.self", "spouse salary"),
        ("salary.spouse", "salary"),
        ("income.rent", "rent"),  # rent received is not rent paid
        ("rent", "income rental"),
        ("sip", "RD amount"),  # a SIP is never a deposit
        ("deposit.fd.amount", "RD sbi amount"),
        ("insurance.health.premium", "insurance health cover"),
        ("insurance.parents", "insurance health cover"),  # the parents' policy, not ours
        ("loan.home.amount", "home loan EMI"),
        ("goal.car.amount", "car loan amount"),
        ("fixed.maid", "salary"),
        ("rent", "cost maid"),
        ("fixed.maintenance", "rent"),
        ("remittance", "home loan amount"),  # what is sent home is not the home loan
    ],
)
def test_incompatible_labels(key, label):
    assert not compatible(need_filing(key), label_filing(label))


def test_what_keys_and_labels_name():
    assert need_filing("salary.husband") == Filing("salary", "spouse")
    assert need_filing("deposit.fd2.rate") == Filing("deposit", None, "fd")
    assert need_filing("age") == Filing(None)
    assert need_filing("chit.amount") == Filing(None)
    assert need_filing("home.loan") == Filing(None)  # the kind is what comes before the dot
    assert need_filing("spouse_salary") == Filing("salary", "spouse")  # a key with no dot
    assert need_filing("home_emi") == Filing("loan", None, "emi")
    assert need_filing("insurance.health.topup.premium") == Filing("insurance", None, "premium")
    assert need_filing("insurance.parents") == Filing("insurance", "parents")
    # income "of" the parents may be theirs or what they send: either way, not said
    assert need_filing("income.parents") == Filing("salary")
    assert label_filing("parents insurance health cover") == Filing("insurance", "parents", "cover")
    assert label_filing("salary of Priya") == Filing("salary", None)
    assert label_filing("city") == Filing("city")
