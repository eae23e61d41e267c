"""How a record names what it sent without repeating it: linear session files. Pure.

A chat request re-sends most of the conversation every turn, so a record that spelled out
every message it sent would make a session file grow with the square of its length. In
the file (format 2) a record's `sent` is a list of items of two kinds:

  {"ids": ["m1..m40"], "provenance": "verbatim"}      transcript messages, by id (runs
      compacted as in omitted_ids). Each is sent as the transcript has it: its role, its
      text. A message's token count is written the first time a record sends it
      (`"tokens": [n, ...]`, one per id) and read from that first mention afterwards; a
      count that differs from the first one (another model's vocabulary) is written again.
  {"role": "system", "text": DIGEST, "provenance": "system", "tokens": 812,
   "source_ids": ["m1..m300"]}                        any other text (the system message
      with its sections, a summary, a recalled passage, a facts section), stored ONCE in a
      `text` event {"type": "text", "digest": DIGEST, "content": ...} written before the
      first record that uses it, in the same write.

A sent message is written as a reference only when it is exactly the transcript message:
provenance verbatim or new, that one source id, the same role and the same text.
Format-1 items ({"role", "content", "provenance", "tokens", "source_ids"}) still read.

`RefTable` is what references resolve against; records read from it are `SentRefs`,
which build their SentMessages only when read, so a long session held in memory costs
its compact items, not every message again for every turn.
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, overload

from fincoach_tui.domain.context import Section
from fincoach_tui.domain.records import (
    IdRuns,
    SentMessage,
    compact_ids,
    expand_ids,
    run_length,
    sections_read,
)
from fincoach_tui.domain.sections import SectionSpans
from fincoach_tui.domain.session_events import TextEvent

_BY_ID = ("verbatim", "new")
_DAMAGE = (
    KeyError,
    TypeError,
    ValueError,
    AttributeError,
)  # what a malformed item raises  # provenances whose message is a transcript message as it is


def text_digest(content: str) -> str:
    """The content address of a text: sha256 of its UTF-8 bytes, in hex."""
    return hashlib.sha256(content.encode("utf-8")).hexdigest()


def text_event(
    digest: str, content: str, sections: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A sent text, stored once; a system message's with its sections (spans of it, as
    SentMessage.to_dict writes them). A file written before sections were kept has none:
    they are derived from the text once, when read."""
    return TextEvent(digest, content, tuple(sections or ())).to_dict()


class RefTable:
    """A session's messages by id, its other texts by digest, and each message's first
    recorded token count: what a record's references resolve against. Grows with the
    session (one entry per message and per distinct text), never per turn."""

    def __init__(self) -> None:
        self.messages: dict[str, tuple[str, str]] = {}  # id -> (role, content)
        self.texts: dict[str, str] = {}  # digest -> content
        self.tokens: dict[str, int] = {}  # id -> token count first recorded for it
        # digest -> a system text's sections, stored with it or derived once from it
        self.sections: dict[str, SectionSpans] = {}
        self._singles: dict[tuple[Any, ...], _Part] = {}  # decoded text items, shared

    def add_message(self, message: Mapping[str, Any]) -> None:
        """A `message` event's message (withdrawn ones too: a maintenance call may have
        sent a question whose turn later failed)."""
        self.add(str(message["id"]), str(message["role"]), str(message["content"]))

    def add(self, message_id: str, role: str, content: str) -> None:
        """One transcript message, by id."""
        self.messages[sys.intern(message_id)] = (sys.intern(role), content)

    def add_text(self, event: Mapping[str, Any]) -> None:
        content = str(event["content"])
        digest = str(event["digest"])
        if text_digest(content) != digest:
            raise ValueError(f"text {digest[:12]}... does not match its content")
        self.texts.setdefault(digest, content)
        stored = sections_read(self.texts[digest], event.get("sections"))
        if stored is not None:
            self.sections.setdefault(digest, stored)

    def observe(self, event: Mapping[str, Any]) -> None:
        """Learn from an event of the file, in file order (what a reader does)."""
        kind = event.get("type")
        if kind == "message":
            self.add_message(event["message"])
        elif kind == "text":
            self.add_text(event)
        elif kind == "record" and isinstance(event.get("record"), Mapping):
            self.learn_counts(event["record"].get("sent", ()))

    def learn_counts(self, items: Iterable[Mapping[str, Any]]) -> None:
        """The first token count of each message a record's items name with a count."""
        for item in items:
            if isinstance(item, Mapping) and "ids" in item and "tokens" in item:
                counts = item["tokens"]
                ids = list(expand_ids(item["ids"]))
                if len(counts) != len(ids):
                    raise ValueError("a reference's token counts do not match its ids")
                for message_id, count in zip(ids, counts):
                    self.tokens.setdefault(message_id, int(count))

    # ---- writing -------------------------------------------------------------------
    def by_reference(self, events: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        """Events as a session file holds them: a record's sent messages as references to
        the transcript and to `text` events, each new text just before its first record."""
        for event in events:
            record = event.get("record") if event.get("type") == "record" else None
            if isinstance(record, dict):
                try:
                    items, texts = self.encode(record.get("sent", ()))
                except _DAMAGE:  # not a record we made: kept as it is (replay skips it)
                    yield event
                    continue
                yield from texts
                event = {**event, "record": {**record, "sent": items}}
            else:
                with contextlib.suppress(*_DAMAGE):  # a malformed event teaches nothing
                    self.observe(event)
            yield event

    def encode(
        self, sent: Iterable[Mapping[str, Any]]
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """A record's `sent` (full messages, as SentMessage.to_dict) as file items, and the
        `text` events to write before it (texts not stored yet; now known to the table).
        Items already in the file's shape pass through unchanged. All or nothing: the
        table learns nothing from a `sent` it could not encode."""
        items: list[dict[str, Any]] = []
        new_texts: list[dict[str, Any]] = []
        texts: dict[str, str] = {}  # learned here, kept only if all of `sent` encodes
        sections: dict[str, SectionSpans] = {}
        counts: dict[str, int] = {}
        run: list[str] = []  # ids of the reference item being gathered
        run_counts: list[int] | None = None  # its token counts, if it writes them
        run_provenance = ""

        def close() -> None:
            nonlocal run, run_counts
            if run:
                item: dict[str, Any] = {"ids": compact_ids(run), "provenance": run_provenance}
                if run_counts is not None:
                    item["tokens"] = run_counts
                items.append(item)
            run, run_counts = [], None

        for message in sent:
            if "content" not in message:  # already an item of the file's shape
                close()
                items.append(dict(message))
                continue
            ids = list(message.get("source_ids", ()))
            provenance, tokens = str(message["provenance"]), int(message["tokens"])
            if provenance in _BY_ID and len(ids) == 1:
                known = self.messages.get(ids[0])
                if known == (message["role"], message["content"]):
                    # Counted here only if the file has no count for it yet, or another one.
                    first = self.tokens.get(ids[0], counts.get(ids[0]))
                    if first is None:
                        counts[ids[0]] = tokens
                    explicit = first != tokens  # first mention (None), or another count
                    if run and (
                        provenance != run_provenance or explicit != (run_counts is not None)
                    ):
                        close()
                    if not run:
                        run_provenance = provenance
                        run_counts = [] if explicit else None
                    run.append(ids[0])
                    if run_counts is not None:
                        run_counts.append(tokens)
                    continue
            close()
            content = str(message["content"])
            digest = text_digest(content)
            if digest not in self.texts and digest not in texts:
                texts[digest] = content
                stored = message.get("sections")
                spans = sections_read(content, stored)
                if spans is not None:
                    sections[digest] = spans
                new_texts.append(text_event(digest, content, stored if spans else None))
            item = {"role": message["role"], "text": digest, "provenance": provenance}
            item["tokens"] = tokens
            if ids:
                item["source_ids"] = compact_ids(ids)
            items.append(item)
        close()
        self.texts.update(texts)
        self.sections.update(sections)
        self.tokens.update(counts)
        return items, new_texts

    # ---- reading -------------------------------------------------------------------
    def decode(self, items: Sequence[Mapping[str, Any]]) -> SentRefs:
        """A record's file items as its sent messages, built when read. The ends of each
        run of references are checked now, so a damaged record is found when the session
        opens (checking every id of every record would make opening quadratic)."""
        self.learn_counts(items)
        parts: list[_Part] = []
        for item in items:
            if "ids" not in item:
                parts.append(self._single(item))
                continue
            runs = IdRuns(map(_shared_id, item["ids"]))
            counts = item.get("tokens")
            for message_id in _ends(runs.items):
                if message_id not in self.messages:
                    raise KeyError(f"record refers to unknown message {message_id}")
                if counts is None and message_id not in self.tokens:
                    raise KeyError(f"no token count recorded for {message_id}")
            parts.append(
                _Part(
                    sys.intern(str(item["provenance"])),
                    runs,
                    tuple(map(int, counts)) if counts is not None else None,
                )
            )
        return SentRefs(tuple(parts), self)

    def _single(self, item: Mapping[str, Any]) -> _Part:
        """A message held as text, built once per distinct item: every record of a session
        sends the same system message, and they share one (it is immutable)."""
        if "text" not in item:
            return _Part.single(self._message_of(item), item)  # format 1: the message in full
        source_ids = item.get("source_ids", ())
        key = (
            item["text"],
            item["role"],
            item["provenance"],
            item["tokens"],
            tuple(source_ids) if isinstance(source_ids, list) else source_ids,
        )
        try:
            part = self._singles.get(key)
        except TypeError:  # an unhashable value in a damaged item: built, not shared
            return _Part.single(self._message_of(item), item)
        if part is None:
            part = self._singles[key] = _Part.single(self._message_of(item), dict(item))
        return part

    def _message_of(self, item: Mapping[str, Any]) -> SentMessage:
        if "text" in item:
            digest, role = str(item["text"]), str(item["role"])
            content = self.texts[digest]
            sections: Sequence[Section] = ()
            if role == "system":  # its sections as stored, or derived once for every record
                sections = self.sections.setdefault(digest, SectionSpans(content))
            return SentMessage(
                role=role,
                content=content,
                provenance=str(item["provenance"]),
                tokens=int(item["tokens"]),
                source_ids=tuple(expand_ids(item.get("source_ids", ()))),
                sections=sections,
            )
        return SentMessage.from_dict(dict(item))  # format 1: the message in full

    def referenced(self, provenance: str, message_id: str, count: int | None) -> SentMessage:
        role, content = self.messages.get(message_id, ("user", f"(missing message {message_id})"))
        tokens = count if count is not None else self.tokens.get(message_id, 0)
        return SentMessage(role, content, provenance, tokens, (message_id,))


def _shared_id(item: str) -> str:
    """A single id as the transcript holds it (interned: one copy for the message and every
    record that sends it); a run ("m1..m40") is one record's own, kept as it is."""
    return item if ".." in item else sys.intern(item)


def _ends(items: Sequence[str]) -> Iterator[str]:
    """The first and last id of each compact item ("m1..m40" -> m1, m40)."""
    for item in items:
        first, _, last = item.partition("..")
        yield first
        if last:
            yield last


class _Part:
    """A run of transcript references (ids kept compact), or one message already built.

    The ids are held as their compact items and count, not as an IdRuns: a 10,000-turn
    session holds 30,000 parts, and an IdRuns each would be 1.4 MB more (`ids` makes one)."""

    __slots__ = ("counts", "item", "items", "length", "message", "provenance")

    def __init__(
        self,
        provenance: str,
        ids: IdRuns,
        counts: tuple[int, ...] | None,
        message: SentMessage | None = None,
        item: Mapping[str, Any] | None = None,
    ) -> None:
        self.provenance, self.counts, self.message = provenance, counts, message
        self.items, self.length = ids.items, len(ids)
        self.item = item  # a single message's file item, as read

    @property
    def ids(self) -> IdRuns:
        return IdRuns(self.items, self.length)

    @classmethod
    def single(cls, message: SentMessage, item: Mapping[str, Any]) -> _Part:
        return cls(message.provenance, _ONE, None, message, item)

    def file_item(self) -> dict[str, Any]:
        if self.item is not None:
            return dict(self.item)
        item: dict[str, Any] = {"ids": list(self.items), "provenance": self.provenance}
        if self.counts is not None:
            item["tokens"] = list(self.counts)
        return item

    def __len__(self) -> int:
        return self.length

    def messages(self, table: RefTable) -> Iterator[SentMessage]:
        if self.message is not None:
            yield self.message
            return
        counts = self.counts
        for index, message_id in enumerate(self.ids):
            count = counts[index] if counts is not None else None
            yield table.referenced(self.provenance, message_id, count)

    def get(self, index: int, table: RefTable) -> SentMessage:
        if self.message is not None:
            return self.message
        count = self.counts[index] if self.counts is not None else None
        return table.referenced(self.provenance, _nth_id(self.items, index), count)


_ONE = IdRuns(("",))


def _nth_id(items: Sequence[str], index: int) -> str:
    """The index-th id of compact items, without listing the ones before it."""
    for item in items:
        size = run_length(item)
        if index < size:
            first = item.partition("..")[0]
            return first if size == 1 else f"m{int(first[1:]) + index}"
        index -= size
    raise IndexError("sent message index out of range")


class SentRefs(Sequence[SentMessage]):
    """A record's sent messages, read through a RefTable when they are read. Equal to any
    sequence of the same SentMessages (a tuple included)."""

    __slots__ = ("_len", "_parts", "_table")

    def __init__(self, parts: tuple[_Part, ...], table: RefTable) -> None:
        self._parts, self._table = parts, table
        self._len = sum(len(p) for p in parts)

    def __len__(self) -> int:
        return self._len

    def file_items(self) -> list[dict[str, Any]]:
        """The items as the session file holds them (what `RefTable.encode` wrote)."""
        return [part.file_item() for part in self._parts]

    def reference_runs(self) -> list[tuple[str, tuple[str, ...]] | None]:
        """Each part as (provenance, the compact ids it names), or None for a message held
        as text: which transcript messages a record sent, read without building them (a
        buffer record at turn 5,000 names 10,000 messages in one run)."""
        return [None if p.message is not None else (p.provenance, p.items) for p in self._parts]

    def __iter__(self) -> Iterator[SentMessage]:
        for part in self._parts:
            yield from part.messages(self._table)

    @overload
    def __getitem__(self, index: int) -> SentMessage: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[SentMessage, ...]: ...
    def __getitem__(self, index: int | slice) -> SentMessage | tuple[SentMessage, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("sent message index out of range")
        for part in self._parts:
            if index < len(part):
                return part.get(index, self._table)
            index -= len(part)
        raise IndexError("sent message index out of range")  # pragma: no cover

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(other) == self._len and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"SentRefs({self._len} messages)"
