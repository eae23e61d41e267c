"""The write path of the fact store: when to extract, what to ask, what to accept. Pure.

Seed 002: every turn is too expensive and noisy a trigger, an explicit "remember that" is
accurate and rare, so both are used: a batch every few turns, and at once when the user
writes "remember ..." (or "/remember ..."). The model answers JSON; anything that does not
check out (bad JSON, an id that is not in the batch, an empty key or value) is refused as
a whole, with the reason, so the store never holds half an answer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.relative_dates import day_label, resolve_relative

EXTRACTOR_MARKER = "You extract durable facts"
KNOWN_KEYS = ("name", "salary", "expenses", "fd_amount", "fd_maturity", "risk", "sip", "goal")
# The same things the summarizer keeps (domain/memory/summary.py), as keyed values.
EXTRACTOR_PROMPT = (
    EXTRACTOR_MARKER + " about the user from their conversation with FinCoach, a personal-finance "
    "coach. Read the messages below and reply with one JSON object only, no prose: "
    '{"facts": [{"key": "...", "value": "...", "source_ids": ["m1"]}]}. '
    "Only facts the user states about themselves that will still matter later: every figure, "
    "date and amount (salary or take-home pay, rent, EMIs and loans, other fixed costs, "
    "deposits with amount, rate and maturity, SIPs and investments, insurance, goals with "
    "amount and date), family and dependants, city, preferences with their reason, and "
    "decisions; not advice, not questions, not the coach's own figures. Keep amounts as the "
    "user wrote them. Use these keys where they fit: "
    + ", ".join(KNOWN_KEYS)
    + "; otherwise a short snake_case key. When a value changes (rent went up, \"actually it's "
    "...\"), give only the newest value and reuse the current fact's key. source_ids are the "
    "ids of the messages the fact comes from. Write dates as absolute dates, using each "
    'message\'s date. If there is nothing new, reply {"facts": []}.'
)
CHUNK_TURNS = 10  # a catch-up over a long history goes in pieces of this many turns
MAX_FACTS = 40
MAX_VALUE_CHARS = 300
_REMEMBER = re.compile(r"^\s*(?:/remember\b|(?:please\s+)?remember\b)", re.IGNORECASE)
_FENCE = re.compile(r"```(?:json)?\s*(.*?)\s*```", re.DOTALL | re.IGNORECASE)
# How many refused answers in a row pause batch extraction; after the n-th the next batch
# waits `every` * 1, 2, 4 ... turns, not every `extract_every` turns regardless.
PAUSE_AFTER_REJECTIONS = 3
EXTRACT_MAX_TOKENS = 1024  # the longest answer an extraction call may give
MAX_EXTRACTIONS_PER_TURN = 6  # a catch-up over a long history is finished on later turns
# The most message tokens one extraction call reads: a bigger batch goes in several calls.
EXTRACT_BATCH_TOKENS = 4000
# An extraction never run (the cost comparison's estimate): the answer is assumed to hold
# about one fact per user message read, a JSON object of some 30 tokens each, in a wrapper.
ESTIMATED_ANSWER_TOKENS = 10
ESTIMATED_FACT_TOKENS = 30


def backoff_turns(rejections: int, every: int) -> int:
    return every * 2 ** max(0, rejections - 1)


def is_paused(store: FactStore) -> bool:
    return store.rejected_in_a_row >= PAUSE_AFTER_REJECTIONS


def is_remember(text: str) -> bool:
    """ "remember ...", "Please remember ...", "/remember ...": extract now, not in a batch."""
    return bool(_REMEMBER.match(text))


@dataclass(frozen=True)
class Extraction:
    facts: tuple[Fact, ...]
    rejected: str = ""  # why the output was refused; "" when accepted


@dataclass(frozen=True)
class ExtractPlan:
    """Which messages to read, and the extraction request for them."""

    messages: tuple[Message, ...]
    current: tuple[Fact, ...]
    reason: str  # "batch" | "remember"
    # The turn just before the batch, already read: what a bare "28k" or "it went up to 31k"
    # at the batch's start refers to. Sent as context, never extracted again.
    before: tuple[Message, ...] = ()

    @property
    def message_ids(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.messages)

    @property
    def first_turn(self) -> int:
        return self.messages[0].turn

    @property
    def last_turn(self) -> int:
        return self.messages[-1].turn

    def limited(self, count: Callable[[Message], int], max_tokens: int) -> ExtractPlan:
        """This plan cut to its oldest messages that fit `max_tokens` (at least one): a
        batch too large for the model goes in several calls, the rest on the next ones."""
        kept: list[Message] = []
        used = 0
        for message in self.messages:
            used += count(message)
            if kept and used > max_tokens:
                break
            kept.append(message)
        if len(kept) == len(self.messages):
            return self
        return ExtractPlan(tuple(kept), self.current, self.reason, self.before)

    def after(self, part: ExtractPlan, store: FactStore) -> ExtractPlan | None:
        """What is left of this plan once `part` of it is read (none if nothing), asked
        against the store's facts as they are then."""
        if part is self:
            return None
        read = set(part.message_ids)
        left = tuple(m for m in self.messages if m.id not in read)
        before = _last_turn(part.messages)
        return ExtractPlan(left, store.current(), self.reason, before) if left else None

    def expected_answer_tokens(self) -> int:
        """The answer's size when the call was never made (an estimate, never billed)."""
        users = sum(1 for m in self.messages if m.role == "user")
        return min(EXTRACT_MAX_TOKENS, ESTIMATED_ANSWER_TOKENS + ESTIMATED_FACT_TOKENS * users)

    def request(self) -> list[dict[str, str]]:
        known = "\n".join(f"- {f.key}: {f.value}" for f in self.current) or "(none yet)"
        batch = [
            {
                "id": m.id,
                "role": _role(m),
                "date": day_label(m.ts),
                "text": m.content,
            }
            for m in self.messages
        ]
        body = f"Current facts:\n{known}\n\n"
        if self.before:
            said = [{"role": _role(m), "text": m.content} for m in self.before]
            body += "Said just before (already read; context only, extract nothing from it):\n"
            body += json.dumps(said, ensure_ascii=False, indent=1) + "\n\n"
        body += f"Messages:\n{json.dumps(batch, ensure_ascii=False, indent=1)}"
        return [{"role": "system", "content": EXTRACTOR_PROMPT}, {"role": "user", "content": body}]

    def parse(self, text: str, first_number: int) -> Extraction:
        """The facts in the model's answer (ids from f{first_number} on), or why not."""
        try:
            items = _items(text)
            by_id = {m.id: m for m in self.messages}
            facts = [_fact(item, index, by_id) for index, item in enumerate(items, start=1)]
        except ValueError as exc:
            return Extraction((), str(exc))
        facts.sort(key=lambda f: f.observed_at)  # stable: a later statement supersedes
        return Extraction(
            tuple(
                Fact(f"f{first_number + n}", f.key, f.value, f.source_ids, f.observed_at, f.turn)
                for n, f in enumerate(facts)
            )
        )


def _items(text: str) -> list[Any]:
    data = _json_object(text.strip())
    items = data.get("facts") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise ValueError('not a JSON object with a "facts" list')
    if len(items) > MAX_FACTS:
        raise ValueError(f"{len(items)} facts in one answer (at most {MAX_FACTS})")
    return items


def _json_object(text: str) -> Any:
    """The answer's JSON: the whole text, else a fenced block in it, else the first object
    in the prose around it that has a "facts" list (models add words despite being asked
    not to)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        error = exc
    for fenced in _FENCE.finditer(text):
        try:
            return json.loads(fenced.group(1))
        except json.JSONDecodeError:
            pass
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            data, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            data = None
        if isinstance(data, dict) and "facts" in data:
            return data
        start = text.find("{", start + 1)
    raise ValueError(f"bad JSON: {error.msg} at character {error.pos}")


def _fact(item: Any, index: int, by_id: dict[str, Message]) -> Fact:
    if not isinstance(item, dict):
        raise ValueError(f"fact {index} is not an object")
    key = re.sub(r"[^a-z0-9]+", "_", str(item.get("key") or "").lower()).strip("_")
    raw = item.get("value")
    value = (
        str(raw).strip() if isinstance(raw, str | int | float) and not isinstance(raw, bool) else ""
    )
    if not key:
        raise ValueError(f"fact {index} has no key")
    if not value:
        raise ValueError(f"fact {index} ({key}) has an empty value")
    if len(value) > MAX_VALUE_CHARS:
        raise ValueError(f"fact {index} ({key}) is longer than {MAX_VALUE_CHARS} characters")
    ids = item.get("source_ids")
    if not isinstance(ids, list) or not ids:
        raise ValueError(f"fact {index} ({key}) names no source message")
    unknown = [str(i) for i in ids if str(i) not in by_id]
    if unknown:
        raise ValueError(f"fact {index} ({key}) cites unknown message id {unknown[0]!r}")
    sources = sorted({by_id[str(i)] for i in ids}, key=lambda m: m.ts)
    newest = sources[-1]
    # "next month" means the month after the message was written, not after today.
    return Fact(
        "",
        key,
        resolve_relative(value, newest.ts),
        tuple(m.id for m in sources),
        newest.ts,
        newest.turn,
    )


def _role(message: Message) -> str:
    return "user" if message.role == "user" else "FinCoach"


def _last_turn(messages: Sequence[Message]) -> tuple[Message, ...]:
    """The last user message of `messages` and what followed it."""
    users = [n for n, m in enumerate(messages) if m.role == "user"]
    return tuple(messages[users[-1] :]) if users else ()


def _turn_before(history: Sequence[Message], first: Message) -> tuple[Message, ...]:
    """The turn that ends just before `first` (found from the end: a session is long)."""
    end = len(history)
    while end and history[end - 1].turn >= first.turn:
        end -= 1
    start = end
    while start and history[start - 1].role != "user":
        start -= 1
    return tuple(history[start - 1 : end]) if start else ()


def plan_extraction(
    history: Sequence[Message],
    new: Message,
    store: FactStore,
    *,
    every_turns: int | None,
) -> ExtractPlan | None:
    """The extraction due before `new` is answered, if any.

    `every_turns=None` means "remember only" (no batches). A refused extraction is not
    retried in the same turn; after the n-th refusal in a row a batch waits `every_turns`
    times 1, 2, 4 ... turns, and after `PAUSE_AFTER_REJECTIONS` batches stop
    until a "remember ..." is accepted or the user resumes them. The caller caps each
    plan's size (`ExtractPlan.limited`).
    """
    if store.rejected_turn == new.turn:
        return None
    current = store.current()
    remember = is_remember(new.content) and new.id not in store.covered_ids
    if every_turns is None:
        return ExtractPlan((new,), current, "remember") if remember else None
    uncovered = [m for m in history if m.id not in store.covered_ids]
    before = _turn_before(history, uncovered[0] if uncovered else new)
    if is_paused(store):  # after refusals in a row only "remember ..." (or a resume) tries
        return ExtractPlan((*uncovered, new), current, "remember", before) if remember else None
    wait = backoff_turns(store.rejected_in_a_row, every_turns)
    backing_off = store.rejected_turn is not None and new.turn - store.rejected_turn < wait
    if len(uncovered) > 2 * CHUNK_TURNS and not backing_off:
        return ExtractPlan(tuple(uncovered[: 2 * CHUNK_TURNS]), current, "batch", before)
    if remember:
        return ExtractPlan((*uncovered, new), current, "remember", before)
    if backing_off or len({m.turn for m in uncovered}) < every_turns:
        return None
    return ExtractPlan(tuple(uncovered), current, "batch", before)
