"""The offline coach: deterministic, stateless, and billed like the model it is priced as."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.conversation import Transcript
from fincoach_tui.domain.finance_facts import find_facts
from fincoach_tui.domain.memory.summary import SUMMARIZER_MARKER, SummaryStrategy
from fincoach_tui.domain.persona import DEMO_TURNS, FINCOACH_SYSTEM_PROMPT, SIMULATED_TURNS
from fincoach_tui.domain.tokens import HARMONY_OVERHEAD, OPENAI_CHAT_OVERHEAD
from fincoach_tui.llm.base import Completion, TextDelta
from fincoach_tui.llm.offline import OfflineCoach

NO_FIGURES = "This request carries none of your figures"


@pytest.fixture
def coach(counter) -> OfflineCoach:
    return OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD)


def request(*turns: tuple[str, str]) -> list[dict[str, str]]:
    return [{"role": "system", "content": FINCOACH_SYSTEM_PROMPT}] + [
        {"role": role, "content": content} for role, content in turns
    ]


async def collect(model: OfflineCoach, messages, **kwargs) -> list:
    return [event async for event in model.stream(messages, model="gpt-4o-mini", **kwargs)]


async def complete(model: OfflineCoach, messages, **kwargs) -> Completion:
    events = await collect(model, messages, **kwargs)
    assert isinstance(events[-1], Completion)
    return events[-1]


QUESTION = "What should I do with my savings this year?"


async def test_same_request_same_reply(coach, counter):
    messages = request(("user", SIMULATED_TURNS[0]), ("assistant", "Noted."), ("user", QUESTION))
    first = await complete(coach, messages)
    second = await complete(coach, messages)
    other = await complete(OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD), messages)
    assert (first.text, first.usage) == (second.text, second.usage) == (other.text, other.usage)


async def test_reply_depends_on_what_the_request_carries(coach):
    with_salary = await complete(
        coach, request(("user", SIMULATED_TURNS[0]), ("assistant", "Noted."), ("user", QUESTION))
    )
    without = await complete(coach, request(("user", QUESTION)))

    assert "salary ₹1,20,000" in with_salary.text
    assert NO_FIGURES not in with_salary.text
    assert "₹1,20,000" not in without.text
    assert NO_FIGURES in without.text


async def test_it_never_reads_its_own_earlier_replies(coach):
    messages = request(
        ("user", "Hello there."),
        ("assistant", "Noted: your monthly salary is ₹9,99,999 and your expenses are ₹5,00,000."),
        ("user", "What is my salary?"),
    )
    reply = (await complete(coach, messages)).text
    assert "₹9,99,999" not in reply
    assert "₹5,00,000" not in reply
    assert NO_FIGURES in reply


async def test_it_reads_a_summary_section_of_the_system_message(coach):
    system = FINCOACH_SYSTEM_PROMPT + "\n\n## Conversation summary (turns 1-4)\nsalary ₹1,20,000"
    messages = [{"role": "system", "content": system}, {"role": "user", "content": QUESTION}]
    assert "salary ₹1,20,000" in (await complete(coach, messages)).text


async def test_advice_uses_the_visible_figures(coach):
    messages = request(
        ("user", SIMULATED_TURNS[0]),
        ("assistant", "Noted."),
        ("user", SIMULATED_TURNS[1]),
        ("assistant", "Noted."),
        ("user", QUESTION),
    )
    reply = (await complete(coach, messages)).text
    # 1,20,000 - 60,000 a month; 3 and 6 months of 60,000.
    assert "That leaves about ₹60,000 a month to save or invest." in reply
    assert "An emergency fund of 3-6 months of expenses is ₹1,80,000-₹3,60,000." in reply


async def test_pay_and_costs_in_two_currencies_are_not_subtracted(coach):
    messages = request(
        ("user", "I work in Dubai, my salary is AED 14,000 a month"),
        ("assistant", "Noted."),
        ("user", "Our monthly expenses back home are about 60k rupees"),
        ("assistant", "Noted."),
        ("user", QUESTION),
    )
    reply = (await complete(coach, messages)).text
    assert "to save or invest" not in reply
    assert (
        "Your pay (AED 14,000) and your expenses (₹60,000) are in different currencies, "
        "so I cannot say what is left without an exchange rate."
    ) in reply


async def test_a_surplus_in_one_foreign_currency_is_said_in_it(coach):
    messages = request(
        ("user", "My salary is $5,000 a month and my expenses are about $3,200"),
        ("assistant", "Noted."),
        ("user", QUESTION),
    )
    reply = (await complete(coach, messages)).text
    assert "That leaves about $1,800 a month to save or invest." in reply
    assert "An emergency fund of 3-6 months of expenses is $9,600-$19,200." in reply


async def test_a_yearly_pay_is_a_twelfth_a_month_in_the_surplus(coach):
    messages = request(
        ("user", "My salary is 18 lakh a year"),
        ("assistant", "Noted."),
        ("user", "Expenses are 60k a month"),
        ("assistant", "Noted."),
        ("user", QUESTION),
    )
    assert "That leaves about ₹90,000 a month" in (await complete(coach, messages)).text


async def test_expenses_above_the_pay_are_said_as_a_shortfall(coach):
    messages = request(
        ("user", "My salary is 50k a month"),
        ("assistant", "Noted."),
        ("user", "Expenses are 62k a month"),
        ("assistant", "Noted."),
        ("user", QUESTION),
    )
    reply = (await complete(coach, messages)).text
    assert "Your expenses are about ₹12,000 a month more than your pay." in reply
    assert "to save or invest" not in reply


async def test_usage_is_billed_like_gpt_4o(counter, coach):
    # Seed 001, turn 1 on gpt-4o: 151 content tokens, 162 billed.
    completion = await complete(coach, request(("user", DEMO_TURNS[0])))
    assert completion.usage.prompt_tokens == 162
    assert completion.usage.completion_tokens == counter.count(completion.text)
    assert completion.usage.cached_tokens == 0 and completion.usage.reasoning_tokens == 0
    assert completion.usage.estimated is False


async def test_usage_is_billed_like_gpt_oss(counter):
    # Seed 001, turn 1 on gpt-oss-120b (Groq): 151 content tokens, 225 billed.
    harmony = OfflineCoach(counter.count, HARMONY_OVERHEAD)
    assert (await complete(harmony, request(("user", DEMO_TURNS[0])))).usage.prompt_tokens == 225


async def test_usage_adds_the_template_to_the_content(counter, coach):
    messages = request(
        ("user", SIMULATED_TURNS[0]),
        ("assistant", "Noted, Chiru."),
        ("user", SIMULATED_TURNS[1]),
        ("assistant", "Noted."),
        ("user", QUESTION),
    )
    completion = await complete(coach, messages)
    content = sum(counter.count(m["content"]) for m in messages)
    assert completion.usage.prompt_tokens == content + 3 + 4 * len(messages)
    assert completion.usage.prompt_tokens == content + OPENAI_CHAT_OVERHEAD.predict(
        m["role"] for m in messages
    )
    assert completion.usage.completion_tokens == counter.count(completion.text)


@pytest.mark.parametrize("reply_tokens", [40, 80, 120, 160])
@pytest.mark.parametrize(
    "question",
    [
        QUESTION,
        "How do I start?",
        "Can you give me a complete monthly budget breakdown?",
        SIMULATED_TURNS[0],
    ],
)
async def test_reply_length_follows_reply_tokens(counter, reply_tokens, question):
    model = OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD, reply_tokens=reply_tokens)
    completion = await complete(model, request(("user", question)))
    assert 0.75 * reply_tokens <= completion.usage.completion_tokens <= 1.25 * reply_tokens


async def test_reply_length_grows_with_reply_tokens(counter):
    lengths = []
    for reply_tokens in (40, 80, 120, 160):
        model = OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD, reply_tokens=reply_tokens)
        lengths.append((await complete(model, request(("user", QUESTION)))).usage.completion_tokens)
    assert lengths == sorted(lengths) and len(set(lengths)) == 4


async def test_stream_pieces_add_up_to_the_completion(coach):
    events = await collect(coach, request(("user", SIMULATED_TURNS[0])))
    deltas, final = events[:-1], events[-1]
    assert all(isinstance(e, TextDelta) for e in deltas)
    assert len(deltas) > 10
    assert "".join(d.text for d in deltas) == final.text
    assert final.finish_reason == "stop"


@pytest.mark.parametrize("max_tokens", [4, 8, 16, 30])
async def test_max_tokens_is_never_exceeded(coach, max_tokens):
    messages = request(("user", SIMULATED_TURNS[0]))
    completion = await complete(coach, messages, max_tokens=max_tokens)
    assert completion.usage.completion_tokens <= max_tokens


async def test_max_tokens_shortens_the_reply(coach):
    messages = request(("user", SIMULATED_TURNS[0]))
    full = await complete(coach, messages)
    short = await complete(coach, messages, max_tokens=30)
    assert full.text.startswith(short.text)
    assert short.usage.completion_tokens < full.usage.completion_tokens


# ---- the simulated summarizer -------------------------------------------------------


def fold_conversation():
    """Five turns; the coach's replies restate figures the user never gave.

    The summarizer must not take those for the user's own.
    """
    transcript = Transcript()
    turns = [
        (
            SIMULATED_TURNS[0],
            "Your salary is ₹9,99,999, an emergency fund of expenses is ₹1,80,000.",
        ),
        (SIMULATED_TURNS[1], "An emergency fund of 3-6 months of expenses is ₹1,80,000-₹3,60,000."),
        (SIMULATED_TURNS[2], "Your FD of ₹75,000 matures soon."),
        (SIMULATED_TURNS[3], "Being aggressive, consider equity."),
        (SIMULATED_TURNS[4], "Noted."),
    ]
    for question, answer in turns:
        transcript.add("user", question, ts=0.0)
        transcript.add("assistant", answer, ts=0.0)
    return transcript.messages


async def test_summarizer_keeps_user_facts_across_two_folds(coach, counter):
    messages = fold_conversation()
    strategy = SummaryStrategy(tail_turns=1, batch_turns=2)
    first = strategy.fold_plan(messages[:6], None)
    assert (first.first_turn, first.last_turn) == (1, 2)
    assert first.request()[0]["content"].startswith(SUMMARIZER_MARKER)
    summary_1 = first.result((await complete(coach, first.request())).text, counter.count)

    second = strategy.fold_plan(messages, summary_1)
    assert (second.first_turn, second.last_turn) == (3, 4)  # turn 5 is the tail
    completion = await complete(coach, second.request())
    summary_2 = second.result(completion.text, counter.count)

    lines = summary_2.text.splitlines()
    assert lines[0] == "[simulated summary]"
    facts = {k: f.value for k, f in find_facts([("summary", summary_2.text)]).items()}
    assert facts == {
        "name": "Chiru",
        "salary": "₹1,20,000",
        "expenses": "₹60,000",
        "fd_amount": "₹50,000",
        "fd_maturity": "in 3 months",
        "risk": "risk-averse",
    }
    for figure in ("₹9,99,999", "₹1,80,000", "₹75,000", "aggressive"):
        assert figure not in summary_2.text
    # Facts come first, as "label: value" lines; statements of fact are not repeated as
    # topics, and the one question asked (turn 5 is still the tail) is not folded yet.
    assert lines[1] == "Facts the user stated (newest values):"
    assert lines[2:4] == ["- name: Chiru", "- salary: ₹1,20,000"]
    assert not any(line.startswith("Asked about:") for line in lines)
    assert summary_2.covers_ids == tuple(m.id for m in messages[:8])
    assert (
        completion.usage.prompt_tokens
        == sum(counter.count(m["content"]) for m in second.request()) + 11
    )


async def test_summarizer_reads_every_line_of_a_user_message(coach):
    transcript = Transcript()
    transcript.add("user", "Hi there!\nMy monthly salary is ₹1,20,000.", ts=0.0)
    transcript.add("assistant", "Noted.", ts=0.0)
    transcript.add("user", "ok", ts=0.0)
    transcript.add("assistant", "ok", ts=0.0)
    plan = SummaryStrategy(tail_turns=1, batch_turns=1).fold_plan(transcript.messages, None)
    text = (await complete(coach, plan.request())).text
    assert "- salary: ₹1,20,000" in text


async def test_coach_reads_its_own_summary_back_correctly(coach, counter):
    transcript = Transcript()
    for question in (*DEMO_TURNS[:4], "I can put ₹10,000 a month into SIPs.", "Thanks."):
        transcript.add("user", question, ts=0.0)
        transcript.add("assistant", "Noted.", ts=0.0)
    plan = SummaryStrategy(tail_turns=1, batch_turns=5).fold_plan(transcript.messages, None)
    summary = plan.result((await complete(coach, plan.request())).text, counter.count)

    system = f"{FINCOACH_SYSTEM_PROMPT}\n\n## {summary.label}\n{summary.text}"
    messages = [{"role": "system", "content": system}, {"role": "user", "content": QUESTION}]
    reply = (await complete(coach, messages)).text
    assert "salary ₹1,20,000" in reply
    assert "FD amount ₹50,000" in reply


@pytest.mark.parametrize(
    ("said", "seen"),
    [
        ("My salary is 1,00,000 rupees.", "salary ₹1,00,000"),
        ("I take home 1.2L a month.", "salary ₹1,20,000"),
        ("mera rent 25k hai", "rent ₹25,000"),
        ("Our car loan EMI is twelve thousand.", "car loan EMI ₹12,000"),
        ("I put 5k a month into an RD that ends in March 2027.", "RD end Mar 2027"),
    ],
)
async def test_what_i_see_uses_the_recogniser(coach, said, seen):
    reply = (
        await complete(coach, request(("user", said), ("assistant", "Noted."), ("user", QUESTION)))
    ).text
    assert "From this request I can see: " in reply and seen in reply
    assert NO_FIGURES not in reply


async def test_summarizer_reads_each_message_knowing_the_one_before_and_marks_old_decisions(
    coach, counter
):
    """A bare "28k." answers "Rent is the big one."; a decision that states a value the
    user later changed is kept in their words but marked outdated, so that the newest value
    wins for a reader and for the recogniser."""
    transcript = Transcript()
    for question in (
        "Rent is the big one.",
        "28k.",
        "I've started an SIP of 5k.",
        "SIP got bumped to 7.5k.",
        "Thanks.",
    ):
        transcript.add("user", question, ts=0.0)
        transcript.add("assistant", "Noted.", ts=0.0)
    plan = SummaryStrategy(tail_turns=1, batch_turns=4).fold_plan(transcript.messages, None)
    text = plan.result((await complete(coach, plan.request())).text, counter.count).text
    assert text.splitlines()[1:4] == [
        "Facts the user stated (newest values):",
        "- rent: ₹28,000",
        "- SIP: ₹7,500 (was ₹5,000)",
    ]
    assert "Decisions and preferences: I've started an SIP of 5k (outdated)." in text
    assert {k: f.value for k, f in find_facts([("summary", text)]).items()} == {
        "rent": "₹28,000",
        "sip": "₹7,500",
    }


async def test_usage_counts_a_message_seen_before_as_it_did_and_forgets_the_oldest(
    counter, monkeypatch
):
    """The usage keeps each message's count (the same messages come back every turn): the
    figures are exactly those of counting every message again, and only the newest
    COUNTED_MESSAGES are kept."""
    import fincoach_tui.llm.offline as offline

    monkeypatch.setattr(offline, "COUNTED_MESSAGES", 3)
    counted: list[str] = []

    def count(text: str) -> int:
        counted.append(text)
        return counter.count(text)

    model = OfflineCoach(count, OPENAI_CHAT_OVERHEAD)
    fresh = OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD)  # counts everything each time
    turns = [("user", DEMO_TURNS[0]), ("assistant", "Noted."), ("user", DEMO_TURNS[1])]
    short, long = request(*turns[:1]), request(*turns)

    def usage(messages) -> list[str]:
        counted.clear()
        assert model.usage(messages, "Noted.") == fresh.usage(messages, "Noted.")
        return counted

    assert usage(short) == [FINCOACH_SYSTEM_PROMPT, DEMO_TURNS[0], "Noted."]  # the reply's
    assert usage(short) == ["Noted."]  # the messages were counted: only the reply is
    assert usage(long) == ["Noted.", DEMO_TURNS[1], "Noted."]  # the system prompt let go
    assert usage(long)[0] == FINCOACH_SYSTEM_PROMPT  # counted again, as the oldest goes
