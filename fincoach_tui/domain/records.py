"""What one model call used and cost: the records every layer above reads.

Pure data: no I/O. `to_dict`/`from_dict` are the session-file shape.
"""

from __future__ import annotations

import copy
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class Usage:
    """Token usage of one model call, as billed (or estimated, when the server said nothing).

    `cached_tokens` is *part of* `prompt_tokens` and `reasoning_tokens` is *part of*
    `completion_tokens`: they are breakdowns, never to be added on top.
    """

    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int = 0
    reasoning_tokens: int = 0
    estimated: bool = False
    # What the provider itself says the call cost in USD (OpenRouter's `usage.cost`).
    provider_cost: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Usage:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


@dataclass(frozen=True)
class SentMessage:
    """One message of a request as it went out, with where it came from."""

    role: str
    content: str
    provenance: str  # system | verbatim | summary | recalled | fact | new
    tokens: int  # o200k/cl100k content tokens (encode_ordinary)
    source_ids: tuple[str, ...] = ()  # transcript message ids this message carries

    def to_dict(self) -> dict[str, Any]:
        return {
            "role": self.role,
            "content": self.content,
            "provenance": self.provenance,
            "tokens": self.tokens,
            "source_ids": list(self.source_ids),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SentMessage:
        return cls(
            role=data["role"],
            content=data["content"],
            provenance=data["provenance"],
            tokens=int(data["tokens"]),
            source_ids=tuple(sys.intern(i) for i in data.get("source_ids", ())),
        )


@dataclass(frozen=True)
class CallRecord:
    """One accounted model call: a chat turn, or maintenance (a summary fold).

    `kind` is "chat" for the coach's reply and "summary" for a summarizer call.
    Everything the side panel and the session listing show is derived from these.
    """

    kind: str
    turn: int
    strategy: str
    provider: str
    model: str
    sent: tuple[SentMessage, ...]
    omitted_ids: tuple[str, ...]
    counted_tokens: int  # sum of content tokens of `sent`
    predicted_prompt_tokens: int  # counted + predicted chat-template overhead
    usage: Usage
    cost_usd: float | None  # None: no price known for this model
    latency_s: float
    simulated: bool = False  # produced by the offline model
    reply_id: str | None = None  # id of the assistant message it produced
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def template_gap(self) -> int:
        """Billed minus counted: what the provider's chat template added."""
        return self.usage.prompt_tokens - self.counted_tokens

    def to_dict(self) -> dict[str, Any]:
        # Field by field, not dataclasses.asdict: asdict deep-copies every element of `sent`
        # and `omitted_ids`, which grow with the session (~11 ms a turn by turn 1,000).
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["sent"] = [m.to_dict() for m in self.sent]
        data["omitted_ids"] = list(self.omitted_ids)
        data["usage"] = self.usage.to_dict()
        data["extra"] = copy.deepcopy(self.extra)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CallRecord:
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        values["sent"] = tuple(SentMessage.from_dict(m) for m in data.get("sent", ()))
        values["omitted_ids"] = expand_ids(data.get("omitted_ids", ()))
        values["usage"] = Usage.from_dict(data["usage"])
        values.setdefault("extra", {})
        return cls(**values)


# --- message-id lists, compacted -------------------------------------------------------
# A bounded strategy leaves out more messages every turn: by turn 1,000 each record's
# omitted_ids holds ~2,000 ids, and a session file holding them all grows with the square
# of its length. In the file, runs of consecutive ids are written as one item instead.

_RUN = re.compile(r"m(\d+)\.\.m(\d+)")


def compact_ids(ids: Iterable[str]) -> list[str]:
    """["m1", "m2", "m3", "m7"] -> ["m1..m3", "m7"]; order kept, other ids as they are."""
    ids = tuple(ids)
    if len(ids) > 2:  # the usual case, one unbroken run, checked at C speed
        first, last = _id_number(ids[0]), _id_number(ids[-1])
        if first is not None and last == first + len(ids) - 1:
            if ids == tuple(f"m{n}" for n in range(first, last + 1)):
                return [f"m{first}..m{last}"]
    out: list[str] = []
    first = last = None  # the run being gathered, as numbers

    def close() -> None:
        if first is not None:
            out.append(f"m{first}" if first == last else f"m{first}..m{last}")

    for item in ids:
        number = _id_number(item)
        if number is not None and last is not None and number == last + 1:
            last = number
            continue
        close()
        first = last = number
        if number is None:
            out.append(item)
    close()
    return out


def _id_number(item: str) -> int | None:
    """7 for "m7"; None for anything that is not exactly "m" + a number (per id, so no regex)."""
    digits = item[1:]
    if item[:1] != "m" or not digits.isascii() or not digits.isdigit():
        return None
    if len(digits) > 1 and digits[0] == "0":
        return None  # "m07" must come back as "m07"
    return int(digits)


def expand_ids(items: Sequence[str]) -> Sequence[str]:
    """The inverse of compact_ids (plain lists come back as tuples). A list with runs comes
    back as IdRuns, which expands only when iterated: a replayed 1,000-turn session would
    otherwise hold a million id strings that nothing but len() ever looks at."""
    if any(_RUN.fullmatch(item) for item in items):
        return IdRuns(items)
    return tuple(items)


class IdRuns(Sequence[str]):
    """An immutable sequence of message ids kept as compact_ids items ("m1..m1990").

    Equal to any sequence holding the same ids in the same order (a tuple included)."""

    __slots__ = ("_items", "_len")

    def __init__(self, items: Iterable[str]) -> None:
        self._items = tuple(items)
        self._len = sum(_run_length(item) for item in self._items)

    def __len__(self) -> int:
        return self._len

    def __iter__(self):
        for item in self._items:
            run = _RUN.fullmatch(item)
            if run:
                yield from (f"m{n}" for n in range(int(run[1]), int(run[2]) + 1))
            else:
                yield item

    def __getitem__(self, index):
        return tuple(self)[index]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, IdRuns):
            return self._items == other._items or tuple(self) == tuple(other)
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(other) == self._len and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"IdRuns({list(self._items)!r})"


def _run_length(item: str) -> int:
    run = _RUN.fullmatch(item)
    return max(0, int(run[2]) - int(run[1]) + 1) if run else 1
