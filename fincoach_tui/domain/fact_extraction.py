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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.relative_dates import day_label, resolve_relative

EXTRACTOR_MARKER = "You extract durable facts"
KNOWN_KEYS = ("name", "salary", "expenses", "fd_amount", "fd_maturity", "risk", "sip", "goal")
EXTRACTOR_PROMPT = (
    EXTRACTOR_MARKER + " about the user from their conversation with FinCoach, a personal-finance "
    "coach. Read the messages below and reply with JSON only, no prose: "
    '{"facts": [{"key": "...", "value": "...", "source_ids": ["m1"]}]}. '
    "Only facts the user states about themselves that will still matter later (figures, dates, "
    "goals, preferences, constraints); not advice, not questions. Use these keys where they fit: "
    + ", ".join(KNOWN_KEYS)
    + "; otherwise a short snake_case key. Reuse a current fact's key "
    "when the user changes it. source_ids are the ids of the messages the fact comes from. "
    "Write dates as absolute dates, using each message's date. "
    'If there is nothing new, reply {"facts": []}.'
)
CHUNK_TURNS = 10  # a catch-up over a long history goes in pieces of this many turns
MAX_FACTS = 40
MAX_VALUE_CHARS = 300
_REMEMBER = re.compile(r"^\s*(?:/remember\b|(?:please\s+)?remember\b)", re.IGNORECASE)
_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


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

    @property
    def message_ids(self) -> tuple[str, ...]:
        return tuple(m.id for m in self.messages)

    @property
    def first_turn(self) -> int:
        return self.messages[0].turn

    @property
    def last_turn(self) -> int:
        return self.messages[-1].turn

    def request(self) -> list[dict[str, str]]:
        known = "\n".join(f"- {f.key}: {f.value}" for f in self.current) or "(none yet)"
        batch = [
            {
                "id": m.id,
                "role": "user" if m.role == "user" else "FinCoach",
                "date": day_label(m.ts),
                "text": m.content,
            }
            for m in self.messages
        ]
        body = f"Current facts:\n{known}\n\nMessages:\n{json.dumps(batch, ensure_ascii=False, indent=1)}"
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
    text = text.strip()
    fenced = _FENCE.match(text)  # models wrap JSON in a code fence despite being asked not to
    if fenced:
        text = fenced.group(1)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"bad JSON: {exc.msg} at character {exc.pos}") from None
    items = data.get("facts") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise ValueError('not a JSON object with a "facts" list')
    if len(items) > MAX_FACTS:
        raise ValueError(f"{len(items)} facts in one answer (at most {MAX_FACTS})")
    return items


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


def plan_extraction(
    history: Sequence[Message],
    new: Message,
    store: FactStore,
    *,
    every_turns: int | None,
) -> ExtractPlan | None:
    """The extraction due before `new` is answered, if any.

    `every_turns=None` means "remember only" (no batches). A refused extraction is not
    retried in the same turn, and a batch waits `every_turns` turns after one, so a model
    that keeps answering badly costs one call per batch, not one per turn.
    """
    if store.rejected_turn == new.turn:
        return None
    current = store.current()
    remember = is_remember(new.content) and new.id not in store.covered_ids
    if every_turns is None:
        return ExtractPlan((new,), current, "remember") if remember else None
    uncovered = [m for m in history if m.id not in store.covered_ids]
    backing_off = store.rejected_turn is not None and new.turn - store.rejected_turn < every_turns
    if len(uncovered) > 2 * CHUNK_TURNS and not backing_off:
        return ExtractPlan(tuple(uncovered[: 2 * CHUNK_TURNS]), current, "batch")
    if remember:
        return ExtractPlan((*uncovered, new), current, "remember")
    if backing_off or len({m.turn for m in uncovered}) < every_turns:
        return None
    return ExtractPlan(tuple(uncovered), current, "batch")
