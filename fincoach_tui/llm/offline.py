"""The offline coach: a deterministic, streamed stand-in for a model. No network.

Like a real stateless model it knows only the request it receives: its reply is built
from the messages the strategy sent, and says which of the user's figures it can see
there. Switch from `buffer` to `window` and the salary from turn 1 visibly drops out of
what it knows. Its usage is computed the way a provider would bill the model it is
priced as: content tokens plus that model's chat-template overhead.

It reads the user's words (and any summary or fact section), not its own earlier
replies, so a fact survives only where the strategy kept the user's message or folded
it into a summary. Everything it writes is labelled simulated; it is not a language model.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import replace

from fincoach_tui.domain.amounts import Amount, parse_amount
from fincoach_tui.domain.currencies import format_amount
from fincoach_tui.domain.fact_extraction import EXTRACTOR_MARKER
from fincoach_tui.domain.finance_facts import (
    FinanceFact,
    Reading,
    coach_subject,
    label_of,
    read,
    rupees,
)
from fincoach_tui.domain.memory.summary import SUMMARIZER_MARKER, cap_text
from fincoach_tui.domain.records import Usage
from fincoach_tui.domain.tokens import TemplateOverhead
from fincoach_tui.llm.base import ChatMessages, Completion, StreamEvent, TextDelta
from fincoach_tui.llm.offline_memory import extract, section_facts
from fincoach_tui.llm.offline_summary import summarize

SIMULATED_LABEL = "offline coach (simulated)"

# Messages whose tokens the usage keeps counted: a sitting sends the same messages again
# each turn (a 1,000-turn buffer, 2,000 of them), and counting them all again was most of
# the usage's cost by turn 200. The oldest counted go first beyond this.
COUNTED_MESSAGES = 4_096

_TIPS = (
    "Keep three to six months of expenses in a liquid emergency fund before investing for growth.",
    "Automate savings on salary day so spending gets what is left, not the other way round.",
    "Match each goal to a horizon: money needed within three years belongs in low-risk options.",
    "Review insurance first: a term plan and health cover protect everything else you build.",
    "A monthly SIP smooths out market timing; raise it when your income rises.",
    "Track spending for one month before cutting it; the leaks are rarely where you expect.",
    "Use tax-advantaged options like PPF or ELSS only after your emergency fund is in place.",
    "Write your plan down with numbers and dates; review it every quarter.",
)


class OfflineCoach:
    """Implements the ChatModel protocol without a network or a model."""

    provider = "offline"
    simulated = True

    def __init__(
        self,
        count_text: Callable[[str], int],
        overhead: TemplateOverhead,
        *,
        reply_tokens: int = 80,
        chunk_delay: float = 0.0,
    ) -> None:
        self._count = count_text
        self._overhead = overhead
        self.reply_tokens = reply_tokens
        self._delay = chunk_delay  # seconds between streamed words, so streaming is visible
        self._counted: dict[str, int] = {}  # a message's text: its tokens (COUNTED_MESSAGES)

    async def stream(
        self, messages: ChatMessages, *, model: str, max_tokens: int | None = None
    ) -> AsyncIterator[StreamEvent]:
        if messages and messages[0]["content"].startswith(SUMMARIZER_MARKER):
            text = summarize(messages, self._count)
        elif messages and messages[0]["content"].startswith(EXTRACTOR_MARKER):
            text = extract(messages)
        else:
            text = self.reply(messages)
        finish = "stop"
        if max_tokens is not None and self._count(text) > max_tokens:
            text, finish = cap_text(text, max_tokens, self._count, marker=""), "length"
        words = text.split(" ")
        for index, word in enumerate(words):
            yield TextDelta(word if index == 0 else " " + word)
            await asyncio.sleep(self._delay)
        yield Completion(text, self.usage(messages, text), finish)

    def usage(self, messages: ChatMessages, reply: str) -> Usage:
        content = sum(self._counted_tokens(m["content"]) for m in messages)
        prompt = content + self._overhead.predict(m["role"] for m in messages)
        return Usage(prompt_tokens=prompt, completion_tokens=self._count(reply))

    def _counted_tokens(self, text: str) -> int:
        """`text`'s tokens, counted once while it is among the newest COUNTED_MESSAGES."""
        counted = self._counted.get(text)
        if counted is None:
            counted = self._counted[text] = self._count(text)
            if len(self._counted) > COUNTED_MESSAGES:
                self._counted.pop(next(iter(self._counted)), None)  # the oldest counted
        return counted

    def reply(self, messages: ChatMessages) -> str:
        """What I can see, then advice and tips while the reply is under its target length."""
        facts = visible_facts(messages)
        question = messages[-1]["content"] if messages else ""
        closing = "For major decisions, please consult a SEBI-registered advisor."
        # Tips are chosen by the question, so the same request always gets the same reply.
        seed = int(hashlib.sha256(question.encode()).hexdigest(), 16)
        tips = [_TIPS[(seed + step) % len(_TIPS)] for step in range(len(_TIPS))]
        parts = [_what_i_see(facts)]
        # Advice built from the user's own figures may run a quarter over the target;
        # generic tips only fill what is left of it.
        candidates = [(s, 1.25) for s in _advice(facts)] + [(s, 1.0) for s in tips]
        for sentence, allowance in candidates:
            if self._count(" ".join([*parts, sentence, closing])) > self.reply_tokens * allowance:
                continue
            parts.append(sentence)
        parts.append(closing)
        return " ".join(parts)


def visible_facts(messages: ChatMessages) -> dict[str, FinanceFact]:
    """The user's facts this request carries: user messages, and summary/fact sections.

    In order, a later statement replacing an earlier one: the fact section comes after
    summary and recalled passages, so a current fact wins over an outdated passage.
    """
    facts: dict[str, FinanceFact] = {}
    reading = Reading()  # each message read knowing those before it
    for index, message in enumerate(messages):
        if message["role"] == "user":
            stated, reading = read(message["content"], None, reading)
            for key, value in stated:
                facts.pop(key, None)
                facts[key] = FinanceFact(key, label_of(key), value, f"message {index}")
        elif message["role"] == "assistant":
            reading = reading.about(coach_subject(message["content"]) or reading.subject)
        elif message["role"] == "system" and "\n## " in message["content"]:
            # Only the labelled sections after the prompt: the persona has no user facts.
            for section in message["content"].split("\n## ")[1:]:
                facts.update(section_facts(section))
            reading = reading.knowing((f.key, f.value) for f in facts.values())
    return facts


def _what_i_see(facts: dict[str, FinanceFact]) -> str:
    if not facts:
        return "[Offline coach, simulated] This request carries none of your figures, so I would be guessing."
    seen = "; ".join(f"{f.label} {f.value}" for f in facts.values())
    return f"[Offline coach, simulated] From this request I can see: {seen}."


_YEARLY = re.compile(
    r"\b(?:a|per|every)\s+year\b|\b(?:annual(?:ly)?|yearly|lpa|p\.?a\.?)(?!\w)", re.I
)


def _monthly(fact: FinanceFact | None) -> Amount | None:
    """A fact's amount a month, in the currency it was said in ("AED 4,000" stays dirhams;
    "₹18,00,000 a year" is ₹1,50,000 a month)."""
    if fact is None:
        return None
    amount = parse_amount(fact.value)
    if amount is None:
        value = rupees(fact.value)  # a bare figure the fact's key says is money ("95000")
        amount = None if value is None else Amount(value, "INR", 0, 0)
    if amount is None or not amount.value:
        return None
    if amount.yearly or _YEARLY.search(fact.value):
        return replace(amount, value=amount.value / 12)
    return amount


def _advice(facts: dict[str, FinanceFact]) -> list[str]:
    salary = _monthly(facts.get("salary"))
    expenses = _monthly(facts.get("expenses"))
    advice = []
    if salary and expenses and salary.currency == expenses.currency:
        surplus = salary.value - expenses.value
        advice.append(
            f"That leaves about {format_amount(surplus, salary.currency)} a month to save or invest."
            if surplus >= 0
            else f"Your expenses are about {format_amount(-surplus, salary.currency)} a month "
            "more than your pay."
        )
    elif salary and expenses:
        # Two currencies are not subtracted without a rate this coach does not have.
        advice.append(
            f"Your pay ({salary}) and your expenses ({expenses}) are in different currencies, "
            "so I cannot say what is left without an exchange rate."
        )
    if expenses:
        advice.append(
            f"An emergency fund of 3-6 months of expenses is "
            f"{format_amount(3 * expenses.value, expenses.currency)}-"
            f"{format_amount(6 * expenses.value, expenses.currency)}."
        )
    if "fd_amount" in facts:
        advice.append(f"Your {facts['fd_amount'].value} FD could seed that fund when it matures.")
    if "risk" in facts:
        advice.append(f"Being {facts['risk'].value}, favour debt funds and deposits over equity.")
    return advice
