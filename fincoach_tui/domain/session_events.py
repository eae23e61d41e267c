"""The session file's events: one frozen dataclass per event type. Pure.

The schema of the session file (format 2) is spelled out here and nowhere else: writers
build these dataclasses, the store writes `event.to_dict()` as one compact JSON line, and
readers get them back from `event_from_dict`, which checks each event's shape (a damaged
line raises KeyError, TypeError or ValueError, and `session_state.replay` skips it with a
note). `to_dict` writes exactly the keys format 2 has always written, in the same order,
so old files read unchanged and new files are byte for byte what the dicts used to be.

  header     {"format", "created"}
  message    {"message": Message}
  withdrawn  {"id": message id}            a failed turn's question, handed back
  record     {"record": CallRecord}        its `sent` as references (domain/record_refs.py)
  text       {"digest", "content"}         a sent text that is not a transcript message
  strategy   {"turn", "name", "params"}    the strategy in force from turn `turn` on
  summary    {"summary": Summary}          a fold's result
  facts      {"turn", "covers_ids", "facts": [Fact], "rejected"}   an extraction
  fact_edit  {"id", "new_id", "value", "at"}                       the user corrected a fact
  fact_deleted {"id", "at"}                                        the user deleted a fact
  fact_restored {"id", "at"}                                       a deletion undone (before the next turn)
  extraction_resumed {"turn"}              extraction paused by refusals is resumed
  embeddings {"model", "vectors": {id: packed float32}}            recall vectors

A record stays in its file form (`RecordEvent.record`, a dict) because its sent messages
resolve against the references read before it (`SessionState.refs`), not on their own.
An event type this version does not know is an `UnknownEvent`: kept, never fatal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.recall import pack_vector, unpack_vector
from fincoach_tui.domain.records import CallRecord, SentMessage

if TYPE_CHECKING:
    # Only for reading those events: opening a session file must not import the fact
    # recogniser or the strategies before the first frame (tests/ui/test_startup_imports.py).
    from fincoach_tui.domain.fact_store import Fact, FactStore
    from fincoach_tui.domain.memory.base import Summary


@dataclass(frozen=True)
class HeaderEvent:
    format: int
    created: str = ""
    type: Literal["header"] = field(default="header", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "format": self.format, "created": self.created}


@dataclass(frozen=True)
class MessageEvent:
    message: Message
    type: Literal["message"] = field(default="message", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "message": self.message.to_dict()}


@dataclass(frozen=True)
class WithdrawnEvent:
    id: str  # the question's message id
    type: Literal["withdrawn"] = field(default="withdrawn", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "id": self.id}


@dataclass(frozen=True)
class RecordEvent:
    # CallRecord.to_dict(compact=True) with `sent` the request's own SentMessages (a live
    # record: the session file writes them by reference, RefTable.by_reference), or the
    # file's references (read back).
    record: Mapping[str, Any]
    type: Literal["record"] = field(default="record", init=False)

    @classmethod
    def of(cls, record: CallRecord) -> RecordEvent:
        # omitted_ids as runs, "m1..m1990": one item, not 1,990. `sent` is the request's
        # own messages, not a dict per message: the session file's table writes them by
        # reference, and the session's reads them back so, from where they are
        # (record_refs.RefTable.encode), at a lookup per message; its table then knows
        # the record read back equals them (RefTable.read_back).
        data = record.to_dict(compact=True, sent=False)
        data["sent"] = record.sent
        return cls(data)

    def to_dict(self, *, spelled: bool = True) -> dict[str, Any]:
        """The event as plain data, a live record's sent messages spelled out as
        SentMessage.to_dict (the form a format-1 file held). `spelled=False` leaves them
        as they are, for the session file to write by reference without a dict per
        message (store/session_file.py)."""
        record = dict(self.record)
        sent = record.get("sent")
        if spelled and isinstance(sent, Sequence):
            record["sent"] = [m.to_dict() if isinstance(m, SentMessage) else m for m in sent]
        return {"type": self.type, "record": record}


@dataclass(frozen=True)
class TextEvent:
    digest: str
    content: str
    # A system message's sections, as spans of `content` (SentMessage.to_dict's shape);
    # absent in files written before sections were kept (derived once when read).
    sections: tuple[dict[str, Any], ...] = ()
    type: Literal["text"] = field(default="text", init=False)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type, "digest": self.digest, "content": self.content}
        if self.sections:
            data["sections"] = list(self.sections)
        return data


@dataclass(frozen=True)
class StrategyEvent:
    turn: int  # first turn sent with this strategy
    name: str
    params: Mapping[str, int]
    type: Literal["strategy"] = field(default="strategy", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "turn": self.turn,
            "name": self.name,
            "params": dict(self.params),
        }


@dataclass(frozen=True)
class SummaryEvent:
    summary: Summary
    type: Literal["summary"] = field(default="summary", init=False)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self.summary)
        data["covers_ids"] = list(self.summary.covers_ids)
        data["dropped"] = list(self.summary.dropped)
        for name, empty in (("read_to", 0), ("dropped", []), ("cut", ""), ("unchanged", False)):
            if data[name] == empty:  # written only when they say something
                del data[name]
        return {"type": self.type, "summary": data}


@dataclass(frozen=True)
class FactsEvent:
    turn: int
    covers_ids: tuple[str, ...]
    facts: tuple[Fact, ...]
    rejected: str = ""  # why the extraction was refused; then no fact changes
    type: Literal["facts"] = field(default="facts", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "turn": self.turn,
            "covers_ids": list(self.covers_ids),
            "facts": [f.to_dict() for f in self.facts],
            "rejected": self.rejected,
        }


@dataclass(frozen=True)
class FactEditEvent:
    id: str
    new_id: str
    value: str
    at: float
    type: Literal["fact_edit"] = field(default="fact_edit", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "id": self.id,
            "new_id": self.new_id,
            "value": self.value,
            "at": self.at,
        }


@dataclass(frozen=True)
class FactDeletedEvent:
    id: str
    at: float
    type: Literal["fact_deleted"] = field(default="fact_deleted", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "id": self.id, "at": self.at}


@dataclass(frozen=True)
class FactRestoredEvent:
    """A deletion undone before the next turn: appended, so the file keeps both."""

    id: str
    at: float
    type: Literal["fact_restored"] = field(default="fact_restored", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "id": self.id, "at": self.at}


@dataclass(frozen=True)
class ExtractionResumedEvent:
    turn: int
    type: Literal["extraction_resumed"] = field(default="extraction_resumed", init=False)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "turn": self.turn}


@dataclass(frozen=True)
class EmbeddingsEvent:
    model: str
    vectors: Mapping[str, tuple[float, ...]]  # message id -> vector, as float32 holds it
    type: Literal["embeddings"] = field(default="embeddings", init=False)

    @classmethod
    def of(cls, model: str, vectors: Mapping[str, Sequence[float]]) -> EmbeddingsEvent:
        """Vectors rounded to float32 now, so the live session holds what a reopen reads."""
        return cls(model, {str(i): unpack_vector(pack_vector(v)) for i, v in vectors.items()})

    def to_dict(self) -> dict[str, Any]:
        packed = {i: pack_vector(v) for i, v in self.vectors.items()}
        return {"type": self.type, "model": self.model, "vectors": packed}


@dataclass(frozen=True)
class UnknownEvent:
    """An event type from a newer version (or none at all): kept as read, never applied."""

    data: Mapping[str, Any]

    @property
    def type(self) -> str:
        return str(self.data.get("type", "?"))

    def to_dict(self) -> dict[str, Any]:
        return dict(self.data)


FactEvent = (
    FactsEvent | FactEditEvent | FactDeletedEvent | FactRestoredEvent | ExtractionResumedEvent
)
SessionEvent = (
    HeaderEvent
    | MessageEvent
    | WithdrawnEvent
    | RecordEvent
    | TextEvent
    | StrategyEvent
    | SummaryEvent
    | FactEvent
    | EmbeddingsEvent
    | UnknownEvent
)


# ---- writing helpers used in many places ------------------------------------------------
def message_event(message: Message) -> MessageEvent:
    return MessageEvent(message)


def record_event(record: CallRecord) -> RecordEvent:
    return RecordEvent.of(record)


def strategy_event(turn: int, name: str, params: Mapping[str, int]) -> StrategyEvent:
    return StrategyEvent(turn, name, dict(params))


def facts_event(
    turn: int, covers_ids: Iterable[str], facts: Iterable[Fact], rejected: str = ""
) -> FactsEvent:
    return FactsEvent(turn, tuple(covers_ids), tuple(facts), rejected)


# ---- reading ----------------------------------------------------------------------------
def _mapping(value: Any, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TypeError(f"{what} must be an object, not {type(value).__name__}")
    return value


def _summary(data: Mapping[str, Any]) -> Summary:
    from fincoach_tui.domain.memory.base import Summary

    return Summary(
        str(data["text"]),
        int(data["last_turn"]),
        tuple(str(i) for i in data["covers_ids"]),
        int(data["tokens"]),
        read_to=int(data.get("read_to", 0)),
        dropped=tuple(str(d) for d in data.get("dropped", ())),
        cut=str(data.get("cut", "")),
        unchanged=bool(data.get("unchanged", False)),
    )


def _vectors(data: Any) -> dict[str, tuple[float, ...]]:
    vectors = _mapping(data, "embeddings.vectors")
    return {str(i): unpack_vector(str(v)) for i, v in vectors.items()}


def event_from_dict(data: Mapping[str, Any]) -> SessionEvent:
    """One event of the file, checked: a wrong shape raises KeyError, TypeError or
    ValueError (the caller skips the line with a note); an unknown type is UnknownEvent."""
    data = _mapping(data, "an event")
    match data.get("type"):
        case "header":
            return HeaderEvent(int(data.get("format", 0)), str(data.get("created", "")))
        case "message":
            return MessageEvent(Message.from_dict(dict(_mapping(data["message"], "message"))))
        case "withdrawn":
            return WithdrawnEvent(str(data["id"]))
        case "record":
            return RecordEvent(_mapping(data["record"], "record"))
        case "text":
            sections = data.get("sections") or ()
            if not isinstance(sections, list | tuple):
                raise TypeError("a text event's sections must be a list")
            return TextEvent(str(data["digest"]), str(data["content"]), tuple(sections))
        case "strategy":
            params = _mapping(data["params"], "strategy.params")
            return StrategyEvent(int(data["turn"]), str(data["name"]), dict(params))
        case "summary":
            return SummaryEvent(_summary(_mapping(data["summary"], "summary")))
        case "facts":
            rejected = str(data.get("rejected") or "")
            from fincoach_tui.domain.fact_store import Fact

            facts = tuple(Fact.from_dict(dict(_mapping(f, "fact"))) for f in data["facts"])
            # A refused extraction changes nothing, so it need not say what it covered.
            covers = data.get("covers_ids", ()) if rejected else data["covers_ids"]
            return FactsEvent(int(data["turn"]), tuple(str(i) for i in covers), facts, rejected)
        case "fact_edit":
            return FactEditEvent(
                str(data["id"]), str(data["new_id"]), str(data["value"]), float(data["at"])
            )
        case "fact_deleted":
            return FactDeletedEvent(str(data["id"]), float(data["at"]))
        case "fact_restored":
            return FactRestoredEvent(str(data["id"]), float(data["at"]))
        case "extraction_resumed":
            return ExtractionResumedEvent(int(data["turn"]))
        case "embeddings":
            return EmbeddingsEvent(str(data["model"]), _vectors(data["vectors"]))
        case _:
            return UnknownEvent(data)


def apply_fact_event(store: FactStore, event: FactEvent) -> None:
    """Change the fact store by one of its events (the only way it changes)."""
    match event:
        case FactsEvent():
            store.extraction(event.turn, event.covers_ids, event.facts, event.rejected)
        case FactEditEvent():
            store.edit(event.id, event.new_id, event.value, event.at)
        case FactDeletedEvent():
            store.delete(event.id, event.at)
        case FactRestoredEvent():
            store.restore(event.id)
        case ExtractionResumedEvent():
            store.resume_extraction(event.turn)
