"""The offline memory on conversations in different voices, through the real coach.

Each conversation states facts early in its own words, changes one midway in free wording
(never "remember ..."), buries them under unrelated chatter, and asks about them late.
At every late question, the request that `summary`, `hybrid` and `facts` send must let the
(offline) coach see every needed fact with its current value, and a changed value's old
form must never be sent alone.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from fincoach_tui.domain.fact_store import same_value
from fincoach_tui.llm.offline import visible_facts
from tests.memory_helpers import MemoryHarness


@dataclass(frozen=True)
class Conversation:
    name: str
    turns: tuple[str, ...]
    late_from: int  # the first late question (1-based turn)
    current: dict[str, str]  # key -> its value at the late questions
    replaced: dict[str, str]  # key -> the value it had before it changed


CHATTER = (
    "Thanks, that makes sense!",
    "What is the difference between an ETF and an index fund?",
    "Haha, my cat just walked across the keyboard.",
    "How do I read my credit report?",
    "Is gold a good hedge against inflation?",
    "What does expense ratio mean?",
    "My friend pays 30k rent in Bangalore, is that normal?",
    "Explain the new tax regime briefly.",
    "How often should I rebalance?",
    "Okay, noted. Let me think about it.",
    "What is a liquid fund?",
    "Should I use a credit card for groceries to earn points?",
    "How does term insurance differ from an endowment plan?",
    "Random question: what's a good first book on investing?",
)

# The shape of the conversation: take-home pay, rent changed midway, a recurring
# deposit's end date, a risk preference with its reason, chatter, late questions.
CHATTY = Conversation(
    "chatty",
    (
        "Hey! Quick intro: I'm Meera, I work as a product designer and live in Pune.",
        "My take-home pay is about 1.35 lakh a month after tax.",
        "Rent for our 2BHK is ₹25,000, paid on the 5th.",
        "I also started a recurring deposit of 8,000 a month last year; it runs till March 2027.",
        "When it comes to investing I'm pretty conservative, because my dad lost a lot in the "
        "2008 crash and I still remember it.",
        *CHATTER[:14],  # turns 6-19
        "Ugh, the landlord raised it to 28k starting next month.",  # turn 20
        *CHATTER,  # turns 21-34
        "Anyway, back to planning.",
        "How much am I paying for the flat each month now?",  # turn 36: late questions
        "When does my RD finish, and how much goes into it?",
        "Given how I feel about risk, where should the RD money go when it ends?",
        "How much of my pay is left after rent?",
        "Summarise my whole financial picture for me.",
    ),
    36,
    {
        "salary": "₹1,35,000",
        "rent": "₹28,000",
        "rd_amount": "₹8,000",
        "rd_end": "Mar 2027",
        "risk": "conservative",
        "risk_reason": "my dad lost a lot in the 2008 crash",
        "city": "Pune",
    },
    {"rent": "₹25,000"},
)

TERSE = Conversation(
    "terse",
    (
        "salary 1.2L in hand",
        "rent 22k",
        "car loan emi 9,500, 3 yrs left",
        "FD 2 lakh @ 7.25%, matures Aug 2026",
        "low risk pls, got burnt in crypto",
        *CHATTER[:10],  # turns 6-15
        "update: take-home now 1,30,000 after appraisal",  # turn 16
        *CHATTER[3:14],  # turns 17-27
        "also rent went up to 24k",  # turn 28
        *CHATTER[:8],  # turns 29-36
        "how much rent do i pay",  # turn 37: late questions
        "when does my fd mature",
        "what's my emi",
        "what do i earn",
    ),
    37,
    {
        "salary": "₹1,30,000",
        "rent": "₹24,000",
        "loan_car_emi": "₹9,500",
        "fd_amount": "₹2,00,000",
        "fd_rate": "7.25%",
        "fd_maturity": "Aug 2026",
        "risk": "low risk",
    },
    {"salary": "₹1,20,000", "rent": "₹22,000"},
)

FORMAL = Conversation(
    "formal",
    (
        "Good evening. My net monthly salary is Rs. 2,10,000.",
        "We pay a monthly rent of INR 45,000 for our apartment.",
        "I hold a term insurance policy with a sum assured of 1.5 crore; the premium is "
        "18,500 a year.",
        "We are saving towards a house, targeting 40 lakh by December 2028.",
        "My wife and I have two children.",
        "I would describe myself as a moderate-risk investor, since my income is stable.",
        *CHATTER,  # turns 7-20
        "Please note that our rent has been revised: we now pay forty-eight thousand rupees.",
        *CHATTER,  # turns 22-35
        "Thank you for the patience.",
        "What is our current rent, and how does it compare with my salary?",  # turn 37
        "How much cover does my term policy provide?",
        "Are we on track for the house by the target date?",
        "Please summarise our family's financial position.",
    ),
    37,
    {
        "salary": "₹2,10,000",
        "rent": "₹48,000",
        "insurance_term_cover": "₹1,50,00,000",
        "insurance_term_premium": "₹18,500 a year",
        "goal_house_amount": "₹40,00,000",
        "goal_house_date": "by Dec 2028",
        "family_children": "2 children",
        "risk": "moderate-risk",
    },
    {"rent": "₹45,000"},
)

HINGLISH = Conversation(
    "hinglish",
    (
        "Namaste! Main Delhi mein rehta hoon, meri salary 85k hai in hand.",
        "mera rent 25k hai, aur bike loan ki EMI 4,500 hai.",
        "Ek FD hai 1.5 lakh ki, 7% pe, March 2027 mein mature hogi.",
        "I'm risk-averse kyunki papa ka paisa doob gaya tha.",
        *CHATTER,  # turns 5-18
        "Arre, rent badh ke 27k ho gaya.",  # turn 19
        *CHATTER,  # turns 20-33
        "Bhai mera SIP 3k monthly chal raha hai.",
        "ok",
        "Mera rent kitna hai abhi?",  # turn 36: late questions
        "FD kab mature hogi?",
        "Risk ke hisaab se FD ka paisa kahan daalun?",
        "Salary mein se kitna bachega?",
        "Summary do please.",
    ),
    36,
    {
        "city": "Delhi",
        "salary": "₹85,000",
        "rent": "₹27,000",
        "loan_bike_emi": "₹4,500",
        "fd_amount": "₹1,50,000",
        "fd_maturity": "Mar 2027",
        "risk": "risk-averse",
        "risk_reason": "papa ka paisa doob gaya tha",
        "sip": "₹3,000",
    },
    {"rent": "₹25,000"},
)

CONVERSATIONS = (CHATTY, TERSE, FORMAL, HINGLISH)


def test_the_conversations_are_forty_turns_and_change_values_in_free_words():
    for conversation in CONVERSATIONS:
        assert len(conversation.turns) >= 40
        assert not any(
            t.lower().startswith(("remember", "please remember")) for t in conversation.turns
        )


def agrees(key: str, seen: str, expected: str) -> bool:
    if key == "risk_reason":
        return expected.lower() in seen.lower()
    return same_value(key, seen, expected)


@pytest.mark.parametrize(
    ("strategy", "conversation"),
    [
        pytest.param(s, c, id=f"{c.name}-{s}")
        for c in CONVERSATIONS
        for s in ("summary", "hybrid", "facts")
    ],
)
async def test_late_requests_carry_every_fact_with_its_current_value(
    counter, strategy, conversation
):
    h = MemoryHarness(counter, strategy)
    for number, text in enumerate(conversation.turns, start=1):
        await h.turn(text)
        if number < conversation.late_from:
            continue
        request = h.llm.calls[-1]  # the chat request of this turn (maintenance calls come first)
        assert request[-1]["content"] == text
        seen = visible_facts(request)
        for key, value in conversation.current.items():
            assert key in seen, (strategy, number, key)
            assert agrees(key, seen[key].value, value), (strategy, number, key, seen[key].value)
        sent = "\n".join(m["content"] for m in request)
        for key, old in conversation.replaced.items():
            # The old value may be sent (a "was" note, a marked passage), never alone.
            assert old not in sent or conversation.current[key] in sent, (strategy, number, key)
    if strategy == "hybrid":
        request = h.llm.calls[-1]
        assert len(h.state.chat_records[-1].sent) <= 2 + 2 * 3  # system, tail, new: flat


@pytest.mark.parametrize("conversation", CONVERSATIONS, ids=lambda c: c.name)
async def test_the_facts_store_keeps_the_history_of_what_changed(counter, conversation):
    h = MemoryHarness(counter, "facts")
    await h.turns(conversation.turns)
    store = h.state.facts
    for key, old in conversation.replaced.items():
        history = [f for f in store.facts if f.key == key]
        assert [f.current for f in history][-1] is True
        assert any(same_value(key, f.value, old) and not f.current for f in history), key


async def test_the_offline_coach_says_what_it_sees_from_the_summary(counter):
    h = MemoryHarness(counter, "summary")
    await h.turns(CHATTY.turns)
    reply = h.state.transcript.messages[-1].content
    assert "From this request I can see:" in reply
    assert "rent ₹28,000" in reply and "₹25,000" not in reply
    assert "RD end till Mar 2027" in reply
