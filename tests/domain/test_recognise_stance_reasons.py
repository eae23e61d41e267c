"""Where a risk stance's reason is: in a next sentence the stance says is coming ("and with
good reason."), in a story told right after it ("Years ago ..."), in the sentence before a
stance said to follow from it ("So I keep only FDs."), and not in a "because" that belongs
to another thing named after the stance. Each case states exactly the facts expected."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import recognise


def stance(text: str) -> list[tuple[str, str]]:
    return [(k, v) for k, v in recognise(text) if k.startswith("risk")]


@pytest.mark.parametrize(
    ("text", "risk", "reason"),
    [
        (
            "I'm very conservative with money, and with good reason. My brother-in-law put "
            "his bonus into one small-cap fund and it halved.",
            "conservative",
            "My brother-in-law put his bonus into one small-cap fund and it halved",
        ),
        (
            "Low risk, and here's why. Our shop was flooded twice and the insurer paid half.",
            "low risk",
            "Our shop was flooded twice and the insurer paid half",
        ),
        (
            "I'd call myself cautious, and not without reason. A ponzi scheme took my aunt's "
            "pension.",
            "cautious",
            "A ponzi scheme took my aunt's pension",
        ),
        (
            "Moderate risk, I have my reasons. The tea estate my father managed shut overnight.",
            "moderate risk",
            "The tea estate my father managed shut overnight",
        ),
    ],
)
def test_a_stance_that_says_its_reason_follows_takes_the_next_sentence(text, risk, reason):
    assert stance(text) == [("risk", risk), ("risk_reason", reason)]


@pytest.mark.parametrize(
    ("text", "risk", "reason"),
    [
        (
            "I'm risk-averse. In the late nineties a plantation company took my uncle's deposits.",
            "risk-averse",
            "In the late nineties a plantation company took my uncle's deposits",
        ),
        (
            "We're conservative investors. Years ago my uncle's chit fund folded.",
            "conservative",
            "Years ago my uncle's chit fund folded",
        ),
        (
            "Cautious by nature. When I was small our cooperative bank shut its doors.",
            "cautious",
            "When I was small our cooperative bank shut its doors",
        ),
        (
            "I play it safe with money. I watched my neighbours sell their fields for a scheme.",
            "play it safe",
            "I watched my neighbours sell their fields for a scheme",
        ),
    ],
)
def test_a_story_from_the_past_told_after_a_stance_is_its_reason(text, risk, reason):
    assert stance(text) == [("risk", risk), ("risk_reason", reason)]


@pytest.mark.parametrize(
    ("text", "risk", "reason"),
    [
        (
            "My cousin put everything into a friend's startup and it folded. So I stick to "
            "only FDs.",
            'conservative ("only FDs")',
            "My cousin put everything into a friend's startup and it folded",
        ),
        (
            "The shop had two bad seasons in a row. That's why I'm conservative now.",
            "conservative",
            "The shop had two bad seasons in a row",
        ),
        (
            "Dad's chit fund went under in front of us. Since then I've been very risk-averse.",
            "risk-averse",
            "Dad's chit fund went under in front of us",
        ),
    ],
)
def test_a_stance_said_to_follow_from_the_sentence_before_has_it_as_its_reason(text, risk, reason):
    assert stance(text) == [("risk", risk), ("risk_reason", reason)]


def test_a_question_before_a_stance_is_no_reason_for_it():
    assert stance("What should I do? So I'm conservative.") == [("risk", "conservative")]


@pytest.mark.parametrize(
    "text",
    [
        "I keep only gold, and the LIC policy only because my mother insists.",
        "I'm conservative, but the SIP is there because my brother set it up.",
    ],
)
def test_a_because_of_another_thing_named_after_the_stance_is_not_its_reason(text):
    assert [k for k, _ in stance(text)] == ["risk"]


def test_a_because_said_of_the_stance_itself_is_still_its_reason():
    assert stance("I'm conservative with my SIPs because I lost money in 2020.") == [
        ("risk", "conservative"),
        ("risk_reason", "I lost money in 2020"),
    ]
    assert stance("I'm cautious, mostly because I'm the only earner.") == [
        ("risk", "cautious"),
        ("risk_reason", "I'm the only earner"),
    ]


def test_a_stance_restated_later_keeps_the_reason_told_before_it():
    said = (
        "Dad says only gold. In the great flood the bank in our town stayed shut for a "
        "month, but the gold was at home. So he keeps only gold, and the RD only because "
        "Mum wants it."
    )
    reasons = {v for k, v in recognise(said) if k == "risk_reason"}
    assert reasons == {"In the great flood the bank in our town stayed shut for …"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "jokhim madhyam rakhiye. mera dhandha pehle se hi asthir hai",
            [
                ("risk", 'medium ("jokhim madhyam")'),
                ("risk_reason", "mera dhandha pehle se hi asthir hai"),
            ],
        ),
        (
            "meri jokhim kshamata kam hai, naukri pakki nahi",
            [("risk", 'low ("jokhim kshamata kam")')],
        ),
        (
            "jokhim zyada le sakta hoon, abhi umar kam hai",
            [("risk", 'high ("jokhim zyada")'), ("risk_reason", "abhi umar kam hai")],
        ),
        ("madhyam jokhim theek hai", [("risk", 'medium ("madhyam jokhim")')]),
        ("jokham kam hi rakho", [("risk", 'low ("jokham kam")')]),
        # near-misses: a question about a fund's risk, "kam" of another thing
        ("is fund me jokhim kitna hai?", []),
        ("kam jokhim wala fund kaunsa hai?", []),
        ("kharcha kam hai", []),
    ],
)
def test_a_stance_said_in_hindi_words_is_its_level(text, expected):
    assert [(k, v) for k, v in recognise(text) if k.startswith("risk")] == expected
