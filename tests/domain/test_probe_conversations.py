"""The probe's generated conversations: deterministic, covering every kind of fact and
every amount format, changes that really change, and ground truth the matcher agrees with."""

from __future__ import annotations

import re

import pytest

from fincoach_tui.domain.probe import phrasing
from fincoach_tui.domain.probe.conversations import (
    DEFAULT_COUNT,
    DEFAULT_SEED,
    conversation,
    generate,
)
from fincoach_tui.domain.probe.example import example
from fincoach_tui.domain.probe.kinds import KINDS, kind_of
from fincoach_tui.domain.probe.matcher import RequestText


@pytest.fixture(scope="module")
def conversations():
    return generate()


def test_the_same_seed_gives_the_same_conversations(conversations):
    assert len(conversations) == DEFAULT_COUNT >= 50
    assert generate(DEFAULT_SEED, DEFAULT_COUNT) == conversations
    # Conversation n does not depend on how many are generated.
    assert generate(DEFAULT_SEED, 3) == conversations[:3]
    assert conversation(DEFAULT_SEED, 7) == conversations[7]
    assert generate(DEFAULT_SEED + 1, 3) != conversations[:3]


def test_every_kind_is_planted_and_asked_about(conversations):
    planted = {kind for c in conversations for kind in c.kinds}
    asked = {kind_of(n.key) for c in conversations for _, t in c.questions for n in t.needs}
    assert planted == asked == set(KINDS)
    for c in conversations:
        # Every planted kind is asked about at least once, in the last turns.
        assert {kind_of(n.key) for _, t in c.questions for n in t.needs} == set(c.kinds)
        first_question = c.questions[0][0]
        assert [n for n, _ in c.questions] == list(range(first_question, len(c.turns) + 1))


# What each amount format looks like in a message.
_FORMATS = {
    "symbol": r"₹\d{1,3}(?:,\d{2,3})+",
    "k": r"\b\d+(?:\.\d+)?k\b",
    "rupees": r"\d[\d,]* rupees",
    "lakh": r"\d+(?:\.\d+)? lakh",
    "crore": r"\d+(?:\.\d+)? crore",
    "words": r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|[a-z]+teen|[a-z]+ty)"
    r"(?:-[a-z]+)? (?:hundred|thousand|lakh|crore)\b",
    "rs": r"\bRs \d+\b",
}


def test_every_amount_format_appears(conversations):
    texts = [t.text for c in conversations for t in c.turns if t.states]
    for name, pattern in _FORMATS.items():
        assert any(re.search(pattern, text) for text in texts), name


def test_many_templates_per_kind_in_several_voices():
    for name in (
        "SALARY",
        "RENT",
        "LOAN",
        "FIXED",
        "FD",
        "RD",
        "SIP",
        "PORTFOLIO",
        "TERM",
        "HEALTH",
        "GOAL",
        "CITY",
        "RISK",
        "SALARY_CHANGE",
        "RENT_CHANGE",
        "LOAN_CHANGE",
        "FIXED_CHANGE",
        "SIP_CHANGE",
        "GOAL_CHANGE",
        "CITY_CHANGE",
    ):
        assert len(getattr(phrasing, name)) >= 5, name
    assert len(phrasing.FILLER) >= 40


def test_changes_really_change_and_need_no_magic_words(conversations):
    changed = 0
    for c in conversations:
        assert c.changed, c.number  # every conversation changes something midway
        for key, said in c.history.items():
            values = [v for _, v in said]
            assert len(set(values)) == len(values), (c.number, key)
            changed += len(said) > 1
        for turn in c.turns:
            assert "remember" not in turn.text.lower()
    assert changed >= DEFAULT_COUNT


def test_the_ground_truth_is_what_the_turns_say(conversations):
    for c in conversations:
        first_question = c.questions[0][0]
        for said in c.history.values():
            turns = [n for n, _ in said]
            assert turns == sorted(turns) and turns[-1] <= first_question - 5
        for number, turn in c.questions:
            for need in turn.needs:
                said = [v for n, v in c.history[need.key] if n < number]
                assert need.current == said[-1] and need.earlier == tuple(said[:-1])
        # Every value is read back by the matcher from the turn that states it, and from
        # no other turn: no filler, question or other fact can stand in for it.
        for key, said in c.history.items():
            for stated_at, value in said:
                for number, turn in enumerate(c.turns, start=1):
                    found = RequestText(turn.text).has(value)
                    assert found == (number == stated_at), (c.number, key, number, turn.text)


def test_the_example_is_the_old_script_with_its_ground_truth():
    scripted = example()
    assert len(scripted.turns) == 44
    assert scripted.turns[20].text.startswith("Please remember")  # the one it was scored on
    salary = [n for _, t in scripted.questions for n in t.needs if n.key == "salary"]
    assert salary and all(n.current.number == 150_000 for n in salary)
    assert all(n.earlier[0].number == 120_000 for n in salary)


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        # income from a source of its own, and the household as the user listed it
        ("income_rental", "salary"),
        ("income_dairy", "salary"),
        ("income_support", "salary"),
        ("family_household", "family"),
        # the other families of the extractor's keys
        ("spouse_salary", "salary"),
        ("parents_pension", "salary"),
        ("bonus_of_priya", "salary"),
        ("family_children", "family"),
        ("dependants", "family"),
        ("loan_car_emi", "loan"),
        ("debt_credit_card", "loan"),
        ("fd_sbi_maturity", "deposit"),
        ("rd2_amount", "deposit"),
        ("invest_ppf", "investment"),
        ("spouse_sip", "investment"),
        ("emergency_fund", "investment"),
        ("parents_insurance_health_cover", "insurance"),
        ("cost_school_fees", "fixed_cost"),
        ("expenses", "fixed_cost"),
        ("goal_house_date", "goal"),
        ("retirement_age", "goal"),
        ("risk_of_arjun", "risk"),
        ("risk_reason", "risk"),
        # the generated conversations' own keys
        ("loan_emi", "loan"),
        ("deposit_maturity", "deposit"),
        ("fixed_cost", "fixed_cost"),
        ("portfolio", "investment"),
        ("insurance_cover", "insurance"),
        ("goal_amount", "goal"),
        ("city", "city"),
        ("rent", "rent"),
    ],
)
def test_every_family_of_keys_the_extractor_produces_has_its_kind(key, kind):
    assert kind_of(key) == kind
