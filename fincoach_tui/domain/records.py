"""What one model call used and cost: the records every layer above reads.

Pure data: no I/O. `to_dict`/`from_dict` are the session-file shape.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields
from typing import Any, Protocol

from fincoach_tui.domain.context import Section

# The id lists records hold; named here too, where every reader of records finds them.
from fincoach_tui.domain.message_ids import (
    UNLISTED_IDS,
    IdRuns,
    LazyOmitted,
    MessageIds,
    OmittedIdSource,
    UnlistedIds,
    compact_ids,
    expand_ids,
    omitted_ids,
    run_length,
)
from fincoach_tui.domain.sections import SectionSpans, Span, spans_of


@dataclass(frozen=True, slots=True)
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
        return cls(**{k: v for k, v in data.items() if k in _USAGE_FIELDS})


@dataclass(frozen=True, slots=True)
class SentMessage:
    """One message of a request as it went out, with where it came from."""

    role: str
    content: str
    provenance: str  # system | verbatim | summary | recalled | fact | new
    tokens: int  # o200k/cl100k content tokens (encode_ordinary)
    # Transcript message ids this message carries: a tuple, or a sequence equal to one
    # (IdRuns read back, JoinedIds for a system message built with several sections').
    source_ids: Sequence[str] = ()
    # The system message's sections (the prompt, then summary, facts, recall...) as the
    # strategy built them; a system message given none has them derived from its text
    # when first read (domain/sections.py). Not part of equality: the text is what was sent.
    sections: Sequence[Section] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.role == "system" and isinstance(self.sections, tuple) and not self.sections:
            object.__setattr__(self, "sections", SectionSpans(self.content))

    def to_dict(self) -> dict[str, Any]:
        data = {
            "role": self.role,
            "content": self.content,
            "provenance": self.provenance,
            "tokens": self.tokens,
            "source_ids": list(self.source_ids),
        }
        items = section_items(self.content, self.sections)
        if items is not None:
            data["sections"] = items
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SentMessage:
        content = data["content"]
        return cls(
            role=data["role"],
            content=content,
            provenance=data["provenance"],
            tokens=int(data["tokens"]),
            source_ids=tuple(sys.intern(i) for i in data.get("source_ids", ())),
            sections=sections_read(content, data.get("sections")) or (),
        )


def section_items(content: str, sections: Sequence[Section]) -> list[dict[str, Any]] | None:
    """The sections a message carries as stored: spans of its text, ids as runs. None for
    none carried (derived ones are derived again on read, at no cost to the file)."""
    if not sections or (isinstance(sections, SectionSpans) and sections.derived):
        return None
    spans = sections.spans if isinstance(sections, SectionSpans) else spans_of(content, sections)
    if spans is None:
        return None
    items = []
    for provenance, label, start, end, ids in spans:
        item: dict[str, Any] = {"provenance": provenance, "label": label, "span": [start, end]}
        if ids:
            item["source_ids"] = compact_ids(ids)
        items.append(item)
    return items


def sections_read(content: str, items: object) -> SectionSpans | None:
    """Stored sections over `content`; None if there are none, or they do not fit it (a
    damaged file): then they are derived from the text, and nothing is lost."""
    if not isinstance(items, list) or not items:
        return None
    spans: list[Span] = []
    at = 0
    try:
        for item in items:
            start, end = (int(n) for n in item["span"])
            if not at <= start <= end <= len(content):
                return None
            ids = expand_ids([str(i) for i in item.get("source_ids", ())])
            spans.append((str(item["provenance"]), str(item["label"]), start, end, ids))
            at = end
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return SectionSpans(content, tuple(spans))


class SentReferences(Protocol):
    """What a record's `sent` is read through when it may hold references: the session's
    table of messages and texts (record_refs.RefTable, which builds on this module)."""

    def read_back(self, sent: Sequence[SentMessage | Mapping[str, Any]]) -> Sequence[SentMessage]:
        """`sent` (the file's items, messages spelled out, or a live request's own) as
        the table holds a record's sent messages."""
        ...


@dataclass(frozen=True, slots=True)
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
    sent: Sequence[SentMessage]  # a tuple, or SentRefs (a replayed session's, built when read)
    omitted_ids: Sequence[str]  # a tuple, or IdRuns (a long session's are runs)
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

    def to_dict(self, *, compact: bool = False, sent: bool = True) -> dict[str, Any]:
        """The record as plain data; `compact` writes omitted_ids as runs (the file's shape)
        without listing them first: a bounded strategy's are a growing prefix of the session.
        `sent=False` leaves `sent` out, for a caller that writes it by reference."""
        # Field by field, not dataclasses.asdict: asdict deep-copies every element of `sent`
        # and `omitted_ids`, which grow with the session (~11 ms a turn by turn 1,000).
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["sent"] = [m.to_dict() for m in self.sent] if sent else []
        data["omitted_ids"] = compact_ids(self.omitted_ids) if compact else list(self.omitted_ids)
        data["usage"] = self.usage.to_dict()
        data["extra"] = copy.deepcopy(self.extra)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], refs: SentReferences | None = None) -> CallRecord:
        """`refs`: the session's table of messages and texts (domain/record_refs.py). With
        it, `sent` may hold references and is kept as them (SentRefs, built when read),
        whether it was read from a file or built by a live turn; without it, `sent` must
        spell every message out."""
        values = {k: v for k, v in data.items() if k in _RECORD_FIELDS}
        for name in _REPEATED:  # the same few words in every record, the reply's id: one copy
            if isinstance(values.get(name), str):
                values[name] = sys.intern(values[name])
        if refs is None:
            values["sent"] = tuple(SentMessage.from_dict(m) for m in data.get("sent", ()))
        else:
            values["sent"] = refs.read_back(data.get("sent", ()))  # references stay references
        values["omitted_ids"] = expand_ids(data.get("omitted_ids", ()))
        values["usage"] = Usage.from_dict(data["usage"])
        values.setdefault("extra", {})
        return cls(**values)


_USAGE_FIELDS = frozenset(f.name for f in fields(Usage))
_RECORD_FIELDS = frozenset(f.name for f in fields(CallRecord))
# The reply's id is the transcript's message id (interned by Message.from_dict): shared.
_REPEATED = ("kind", "strategy", "provider", "model", "note", "reply_id")


__all__ = [
    "UNLISTED_IDS",
    "CallRecord",
    "IdRuns",
    "LazyOmitted",
    "MessageIds",
    "OmittedIdSource",
    "SentMessage",
    "SentReferences",
    "UnlistedIds",
    "Usage",
    "compact_ids",
    "expand_ids",
    "omitted_ids",
    "run_length",
    "section_items",
    "sections_read",
]
