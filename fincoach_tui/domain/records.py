"""What one model call used and cost: the records every layer above reads.

Pure data: no I/O. `to_dict`/`from_dict` are the session-file shape.
"""

from __future__ import annotations

import copy
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
            source_ids=tuple(data.get("source_ids", ())),
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
        values["omitted_ids"] = tuple(data.get("omitted_ids", ()))
        values["usage"] = Usage.from_dict(data["usage"])
        values.setdefault("extra", {})
        return cls(**values)
