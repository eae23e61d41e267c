"""Reading a written probe conversation: exact objects out, one clear line for what is
malformed, and ground truth that must agree with itself across questions."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fincoach_tui.domain.probe.conversations import Conversation, Needed, ProbeTurn
from fincoach_tui.domain.probe.corpus import (
    CorpusError,
    conversation_from_json,
    kind_of_key,
    value_from_json,
)
from fincoach_tui.domain.probe.matcher import Value, month_index

START = "2026-03-14T09:00:00Z"
RENT_NOW = {"key": "rent", "current": {"amount": 28000}, "earlier": [{"amount": 25000}]}


def spec(*turns: dict, **extra: object) -> dict:
    return {"title": "Rent hike", "start": START, "turns": list(turns), **extra}


def test_a_conversation_becomes_exact_probe_objects():
    data = spec(
        {"user": "take-home 85k, rent 25k", "states": ["salary", "rent"]},
        {"user": "landlord hiked it to 28k", "states": ["rent"], "note": "the change"},
        {
            "user": "FD matures in 8 months, 7.1%. Pune btw",
            "states": ["deposit.maturity", "deposit.rate", "city"],
        },
        {"user": "what's left after rent?", "needs": [RENT_NOW]},
        {
            "user": "and the fd?",
            "needs": [
                {"key": "deposit.maturity", "current": {"month": "2026-11", "said": "in 8 months"}},
                {"key": "deposit.rate", "current": {"rate": 7.1}},
                {"key": "city", "current": {"phrase": ["Pune ", "poona"]}},
                RENT_NOW,
            ],
        },
    )
    rent = Needed("rent", Value("amount", 28000.0), (Value("amount", 25000.0),))
    maturity = Value("month", float(month_index(2026, 11)), ("in 8 months",))
    city = Value("phrase", 0.0, ("pune", "poona"))
    assert conversation_from_json(data, 4) == Conversation(
        number=4,
        start=datetime(2026, 3, 14, 9, tzinfo=UTC).timestamp(),
        turns=(
            ProbeTurn("take-home 85k, rent 25k", states=("salary", "rent")),
            ProbeTurn("landlord hiked it to 28k", states=("rent",)),
            ProbeTurn(
                "FD matures in 8 months, 7.1%. Pune btw",
                states=("deposit.maturity", "deposit.rate", "city"),
            ),
            ProbeTurn("what's left after rent?", (rent,)),
            ProbeTurn(
                "and the fd?",
                (
                    Needed("deposit.maturity", maturity),
                    Needed("deposit.rate", Value("rate", 7.1)),
                    Needed("city", city),
                    rent,
                ),
            ),
        ),
        kinds=("rent", "deposit", "city"),
        history={
            "rent": ((0, Value("amount", 25000.0)), (4, Value("amount", 28000.0))),
            "deposit.maturity": ((5, maturity),),
            "deposit.rate": ((5, Value("rate", 7.1)),),
            "city": ((5, city),),
        },
        title="Rent hike",
    )


def test_a_value_changed_between_questions_is_in_the_history_in_order():
    old = {"key": "rent", "current": {"amount": 25000}}
    c = conversation_from_json(
        spec(
            {"user": "rent?", "needs": [old]},
            {"user": "x"},
            {"user": "rent now?", "needs": [RENT_NOW]},
        ),
        0,
    )
    assert c.history["rent"] == ((1, Value("amount", 25000.0)), (3, Value("amount", 28000.0)))
    assert c.changed == ("rent",) and [n for n, _ in c.questions] == [1, 3]


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ({"amount": 250000}, Value("amount", 250000.0)),
        ({"amount": 1.5}, Value("amount", 1.5)),
        ({"rate": 7.25}, Value("rate", 7.25)),
        ({"month": "2027-03"}, Value("month", float(month_index(2027, 3)))),
        (
            {"month": "2027-03", "said": ["by March next year", "Next March"]},
            Value("month", float(month_index(2027, 3)), ("by march next year", "next march")),
        ),
        ({"phrase": "Bengaluru"}, Value("phrase", 0.0, ("bengaluru",))),
    ],
)
def test_every_value_form(raw, value):
    assert value_from_json(raw, "here") == value


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("28k", 'here: a value is an object such as {"amount": 28000}'),
        (
            {},
            "here: a value has exactly one of amount, rate, month (with an optional said) "
            "or phrase; got nothing",
        ),
        ({"amount": 1, "rate": 2}, "got amount, rate"),
        ({"amount": 1, "said": "x"}, "got amount, said"),
        ({"amount": "28k"}, "here: amount must be a number, got '28k'"),
        ({"amount": True}, "here: amount must be a number, got True"),
        ({"amount": -5}, "here: amount must be positive, got -5"),
        ({"rate": 120}, "here: rate must be between 0 and 100, got 120"),
        ({"month": "March 2027"}, "here: month must be \"YYYY-MM\", got 'March 2027'"),
        ({"month": "2027-13"}, "here: month must be \"YYYY-MM\", got '2027-13'"),
        ({"month": "2027-03", "said": []}, "here: said: must be a string or a non-empty list"),
        ({"phrase": ["pune", ""]}, "here: phrase: every phrase must be a non-empty string"),
    ],
)
def test_a_malformed_value_says_what_is_wrong(raw, message):
    with pytest.raises(CorpusError) as caught:
        value_from_json(raw, "here")
    assert message in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "the conversation: must be a JSON object"),
        (spec({"user": "hi"}, voice="terse"), "the conversation: unknown field 'voice'"),
        ({"title": "x", "turns": [{"user": "hi"}]}, "start: must be a time with its zone"),
        (spec({"user": "hi"}) | {"start": "2026-03-14T09:00:00"}, "must be a time with its zone"),
        (spec({"user": "hi"}) | {"start": "yesterday"}, "got 'yesterday'"),
        (spec(), '"turns": must be a non-empty list'),
        (spec({"user": "hi"}, {"text": "hi"}), "turn 2: unknown field 'text'"),
        (spec({"user": "  "}), 'turn 1: "user" must be the message'),
        (spec({"user": "q", "needs": {"key": "rent"}}), 'turn 1: "needs" must be a list'),
        (
            spec({"user": "q", "needs": [{"current": {"amount": 1}}]}),
            'turn 1: every need has a "key"',
        ),
        (
            spec({"user": "q", "needs": [{"key": "rent"}]}),
            "turn 1, need 'rent': \"current\" is missing",
        ),
        (
            spec(
                {
                    "user": "q",
                    "needs": [
                        {"key": "rent", "current": {"amount": 5}, "earlier": [{"amount": 5}]}
                    ],
                }
            ),
            "the current value is also listed as earlier",
        ),
        (spec({"user": "q", "needs": [RENT_NOW, RENT_NOW]}), "turn 1: a key is needed twice"),
        (spec({"user": "q", "states": "rent"}), 'turn 1: "states" must be a list of keys'),
        (
            spec(
                {"user": "q", "needs": [{"key": "rent", "current": {"amount": 25000}}]},
                {"user": "q", "needs": [{"key": "rent", "current": {"amount": 28000}}]},
            ),
            "turn 2, need 'rent': ₹25,000 (current at turn 1) has changed since, so it must "
            "be listed in earlier",
        ),
        (
            spec(
                {"user": "q", "needs": [RENT_NOW]},
                {"user": "q", "needs": [{"key": "rent", "current": {"amount": 28000}}]},
            ),
            "turn 2, need 'rent': earlier lost ₹25,000, which an earlier question listed",
        ),
    ],
)
def test_a_malformed_conversation_is_one_line_saying_where(data, message):
    with pytest.raises(CorpusError) as caught:
        conversation_from_json(data, 0)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_fact_that_ended_is_a_phrase_now_and_an_amount_before():
    """A loan closed midway: its current value is the words saying so, its old EMI is
    what must not be sent as current."""
    closed = {"key": "emi.car", "current": {"phrase": ["car loan closed"]}}
    c = conversation_from_json(
        spec({"user": "q", "needs": [closed | {"earlier": [{"amount": 21000}]}]}), 0
    )
    assert c.turns[0].needs == (
        Needed("emi.car", Value("phrase", 0.0, ("car loan closed",)), (Value("amount", 21000.0),)),
    )


def test_a_keys_kind_is_what_comes_before_its_first_dot():
    assert kind_of_key("deposit.fd.rate") == "deposit"
    assert kind_of_key("rent") == "rent"
