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

`RefTable` is what references resolve against, and what writes them; records read from it
are `SentRefs` (sent_refs.py), which build their SentMessages only when read, so a long
session held in memory costs its compact items, not every message again for every turn.
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, cast

from fincoach_tui.domain.context import Section
from fincoach_tui.domain.message_ids import RunWriter, run_ends
from fincoach_tui.domain.records import (
    IdRuns,
    SentMessage,
    compact_ids,
    expand_ids,
    section_items,
    sections_read,
)
from fincoach_tui.domain.sections import SectionSpans
from fincoach_tui.domain.sent_refs import SentPart, SentRefs
from fincoach_tui.domain.session_events import TextEvent

_BY_ID = ("verbatim", "new")  # provenances whose message is a transcript message as it is
_DAMAGE = (KeyError, TypeError, ValueError, AttributeError)  # what a malformed item raises


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
        self._singles: dict[tuple[Any, ...], SentPart] = {}  # decoded text items, shared
        # The newest live record's sent messages as read back, and the request's own they
        # were encoded from (made_from): one pair, replaced by the next, so bounded.
        self._origin: tuple[SentRefs, Sequence[SentMessage]] | None = None

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
        self, sent: Iterable[SentMessage | Mapping[str, Any]]
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """A record's `sent` as file items, and the `text` events to write before it (texts
        not stored yet; now known to the table). `sent` holds the request's own messages
        (a live record: read where they are, no dict made for any) or them spelled out as
        SentMessage.to_dict (a format-1 file, a record built by hand); items already in
        the file's shape pass through unchanged. A reference costs a lookup and one
        comparison: a run of them is written as it is met (message_ids.RunWriter). All or
        nothing: the table learns nothing from a `sent` it could not encode."""
        items, new_texts, _messages = self._encode(sent)
        return items, new_texts

    def read_back(self, sent: Sequence[SentMessage | Mapping[str, Any]]) -> SentRefs:
        """A record's `sent` as this table holds it (SentRefs, built when read): the
        file's items, or messages encoded first. When `sent` is a live request's own
        messages (every one a SentMessage), the record read back is known equal to them
        while it is the newest (made_from): the inspector tells the two apart so."""
        items, _texts, messages = self._encode(sent)
        read = self.decode(items)
        if messages:
            self.made_from(read, cast("Sequence[SentMessage]", sent))
        return read

    def _encode(
        self, sent: Iterable[SentMessage | Mapping[str, Any]]
    ) -> tuple[list[dict[str, Any]], list[dict[str, Any]], bool]:
        """`encode`, and whether every one of `sent` was a SentMessage."""
        items: list[dict[str, Any]] = []
        new_texts: list[dict[str, Any]] = []
        texts: dict[str, str] = {}  # learned here, kept only if all of `sent` encodes
        sections: dict[str, SectionSpans] = {}
        counts: dict[str, int] = {}
        known_messages, known_counts = self.messages, self.tokens
        run = RunWriter()  # ids of the reference item being gathered
        gathering = False  # whether it holds any
        run_counts: list[int] | None = None  # its token counts, if it writes them
        run_provenance = ""
        messages = True  # every one of `sent` a SentMessage (a live request's own)
        role: str
        content: str
        provenance: str
        tokens: int
        ids: Sequence[str]

        def close() -> None:
            nonlocal run, run_counts, gathering
            if gathering:
                item: dict[str, Any] = {"ids": run.items(), "provenance": run_provenance}
                if run_counts is not None:
                    item["tokens"] = run_counts
                items.append(item)
                run, gathering = RunWriter(), False
            run_counts = None

        for message in sent:
            if isinstance(message, SentMessage):
                role, content, provenance = message.role, message.content, message.provenance
                tokens, ids = message.tokens, message.source_ids
            elif "content" not in message:  # already an item of the file's shape
                close()
                items.append(dict(message))
                messages = False
                continue
            else:
                messages = False
                role, content = message["role"], message["content"]
                provenance, tokens = str(message["provenance"]), int(message["tokens"])
                ids = list(message.get("source_ids", ()))
            if provenance in _BY_ID and len(ids) == 1:
                message_id = ids[0]
                known = known_messages.get(message_id)
                if known is not None and known[1] == content and known[0] == role:
                    # Counted here only if the file has no count for it yet, or another one.
                    first = known_counts.get(message_id)
                    if first is None:
                        first = counts.get(message_id)
                        if first is None:
                            counts[message_id] = tokens
                    explicit = first != tokens  # first mention (None), or another count
                    if gathering and (
                        provenance != run_provenance or explicit != (run_counts is not None)
                    ):
                        close()
                    if not gathering:
                        run_provenance, gathering = provenance, True
                        run_counts = [] if explicit else None
                    run.add(message_id)
                    if run_counts is not None:
                        run_counts.append(tokens)
                    continue
            close()
            content = str(content)
            digest = text_digest(content)
            if digest not in self.texts and digest not in texts:
                texts[digest] = content
                stored = (
                    section_items(content, message.sections)
                    if isinstance(message, SentMessage)
                    else message.get("sections")
                )
                spans = sections_read(content, stored)
                if spans is not None:
                    sections[digest] = spans
                new_texts.append(text_event(digest, content, stored if spans else None))
            item: dict[str, Any] = {
                "role": role,
                "text": digest,
                "provenance": provenance,
                "tokens": tokens,
            }
            if ids:
                item["source_ids"] = compact_ids(ids)
            items.append(item)
        close()
        self.texts.update(texts)
        self.sections.update(sections)
        self.tokens.update(counts)
        return items, new_texts, messages

    # ---- reading -------------------------------------------------------------------
    def decode(self, items: Sequence[Mapping[str, Any]]) -> SentRefs:
        """A record's file items as its sent messages, built when read. The ends of each
        run of references are checked now, so a damaged record is found when the session
        opens (checking every id of every record would make opening quadratic)."""
        self.learn_counts(items)
        parts: list[SentPart] = []
        for item in items:
            if "ids" not in item:
                parts.append(self._single(item))
                continue
            runs = IdRuns(map(_shared_id, item["ids"]))
            counts = item.get("tokens")
            for message_id in run_ends(runs.items):
                if message_id not in self.messages:
                    raise KeyError(f"record refers to unknown message {message_id}")
                if counts is None and message_id not in self.tokens:
                    raise KeyError(f"no token count recorded for {message_id}")
            parts.append(
                SentPart(
                    sys.intern(str(item["provenance"])),
                    runs,
                    tuple(map(int, counts)) if counts is not None else None,
                )
            )
        return SentRefs(tuple(parts), self)

    def _single(self, item: Mapping[str, Any]) -> SentPart:
        """A message held as text, built once per distinct item: every record of a session
        sends the same system message, and they share one (it is immutable)."""
        if "text" not in item:
            return SentPart.single(self._message_of(item), item)  # format 1: the message in full
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
            return SentPart.single(self._message_of(item), item)
        if part is None:
            part = self._singles[key] = SentPart.single(self._message_of(item), dict(item))
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

    def made_from(self, sent: Sequence[SentMessage], origin: Sequence[SentMessage]) -> None:
        """`sent` is `decode(encode(origin))`: a live record read back as references, just
        made from the request's own messages (read_back). Then it equals `origin` message
        for message: a reference is written only for a message whose role and text are
        the table's for its id, with its provenance and its count (written when it is not
        the first one recorded), and its one id; a text item keeps the role, digest (so
        the text), provenance, tokens and ids (SentMessage.source_ids is a tuple or equal
        to one). Ids are never reused, so no later message changes what an id names.
        Kept for the newest record only: the request in flight compared with its record."""
        if isinstance(sent, SentRefs):
            self._origin = (sent, origin)

    def origin_of(self, sent: SentRefs) -> Sequence[SentMessage] | None:
        origin = self._origin  # one read: a worker may replace it meanwhile
        return origin[1] if origin is not None and origin[0] is sent else None

    def referenced(self, provenance: str, message_id: str, count: int | None) -> SentMessage:
        role, content = self.messages.get(message_id, ("user", f"(missing message {message_id})"))
        tokens = count if count is not None else self.tokens.get(message_id, 0)
        return SentMessage(role, content, provenance, tokens, (message_id,))


def _shared_id(item: str) -> str:
    """A single id as the transcript holds it (interned: one copy for the message and every
    record that sends it); a run ("m1..m40") is one record's own, kept as it is."""
    return item if ".." in item else sys.intern(item)
