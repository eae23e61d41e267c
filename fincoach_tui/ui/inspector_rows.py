"""The rows of the request inspector's table, built from what a request sent: each message,
the sections of its system message, the recalled turns and conflicts its record lists,
and the marker that stands for the rows of a long request the table does not list.
Pure: the widget (inspector.py) draws them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from operator import attrgetter
from typing import Any, overload

from fincoach_tui.domain.context import Section
from fincoach_tui.domain.records import SentMessage
from fincoach_tui.domain.sent_refs import known_equal
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.row_window import HEAD_MOST, RowWindow


@dataclass(frozen=True)
class InspectorRow:
    """One table row: a sent message, or a section of the system message under it."""

    key: str
    number: str  # "3" for a message, "" for a section
    role: str
    provenance: str
    tokens: int | None  # None for a section: it was counted as part of its message
    summary_line: str  # what the preview column shows, before cutting to width
    full_text: str  # what the content area shows when the row is selected


def rows_for(sent: Sequence[SentMessage], start: int = 0) -> list[InspectorRow]:
    """Table rows for a request (from its message `start`): each message, and under the
    system message the sections its record carries (the prompt is the message's own row)."""
    rows: list[InspectorRow] = []
    for index, message in enumerate(sent[start:], start=start):
        number = str(index + 1)
        head, sections = message.content, tuple[Section, ...]()
        if message.sections:
            sections = _memory_sections(tuple(message.sections))
            if len(sections) < len(message.sections):
                head = message.sections[0].text
        rows.append(
            InspectorRow(
                number,
                number,
                message.role,
                message.provenance,
                message.tokens,
                head,
                message.content,
            )
        )
        for sub, section in enumerate(sections, start=1):
            rows.append(
                InspectorRow(
                    f"{number}.{sub}",
                    "",
                    "",
                    section.provenance,
                    None,
                    f"└ {section.label}: {section.text}",
                    f"## {section.label}\n{section.text}",
                )
            )
    return rows


def with_memory_rows(rows: list[InspectorRow], extra: dict) -> list[InspectorRow]:
    """Under the recalled section, one row per recalled turn with its score; then one row
    per conflict a current fact won. Read from the record's `extra`, never recomputed."""
    recall, conflicts = extra.get("recall") or [], extra.get("conflicts") or []
    if not recall and not conflicts:
        return rows
    at = next((i for i, r in enumerate(rows) if r.provenance == "recalled" and not r.number), None)
    at = (
        next((i for i, r in enumerate(rows) if r.number and i > 0), len(rows))
        if at is None
        else at + 1
    )
    passages = {}  # "3" -> the passage of turn 3, shown when its row is selected
    if at > 0 and rows[at - 1].provenance == "recalled":
        body = rows[at - 1].full_text.partition("\n")[2]  # after "## label"
        for block in re.split(r"\n\n(?=\[Turn \d+, )", body):
            passages[block[len("[Turn ") :].split(",", 1)[0]] = block
    extra_rows = []
    for index, hit in enumerate(recall, start=1):
        line = (
            f"  · turn {hit['turn']} · score {hit['score']:.2f} ({hit['retriever']}) · "
            f"{', '.join(hit['ids'])}"
        )
        extra_rows.append(
            InspectorRow(
                f"recall.{index}",
                "",
                "",
                "recalled",
                None,
                line,
                passages.get(str(hit["turn"]), line),
            )
        )
    for index, c in enumerate(conflicts, start=1):
        if c.get("source") == "summary":
            old = f"the summary (turns 1-{c['recalled_turn']}) said {c['recalled_value']}"
        else:
            who = "the coach's reply at turn" if c.get("in_reply") else "turn"
            old = f"{who} {c['recalled_turn']} said {c['recalled_value']}"
        newer = (
            f"the summary says {c['fact_value']} (the newer value wins)"
            if c["fact_id"] == "summary"
            else f"fact {c['fact_id']} says {c['fact_value']} (the fact wins)"
        )
        line = f"⚠ conflict: {c['key']} — {old}; {newer}"
        extra_rows.append(InspectorRow(f"conflict.{index}", "", "", "fact", None, line, line))
    return rows[:at] + extra_rows + rows[at:]


def message_row(number: int, message: SentMessage) -> InspectorRow:
    """The one row of a transcript message (`number`: its place in the request, from 1)."""
    key = str(number)
    return InspectorRow(
        key, key, message.role, message.provenance, message.tokens, message.content, message.content
    )


def lead_length(sent: Sequence[SentMessage]) -> int:
    """How many messages open the request before its transcript: system messages and any
    message that carries sections (strategies put one system message first). Every message
    after them is one row of its own."""
    for index in range(len(sent)):  # by index: only the messages looked at are read
        message = sent[index]
        if message.role != "system" and not message.sections:
            return index
    return len(sent)


_TOKENS = attrgetter("tokens")


class RequestRows(Sequence[InspectorRow]):
    """A request's table rows, made when read. The rows before the transcript (the system
    message, its sections, the recalled turns and conflicts under them) are few and built
    at once; each transcript message is one row, built when the table lists it. So
    showing a 20,001-message request builds the rows the table lists, not 20,001."""

    __slots__ = ("_sent", "_first", "_lead", "_lead_keys", "_counted")

    def __init__(
        self,
        sent: Sequence[SentMessage],
        extra: Mapping[str, Any] | None = None,
        counted: int | None = None,
    ):
        self._sent = sent
        # Every message's tokens added up, when the request keeps that sum (a record's or a
        # request's `counted_tokens`): the tokens of most of the rows are then that less
        # the few others', rather than a long request's messages built to add them up.
        self._counted = counted
        self._first = lead_length(sent)
        # By index: slicing a replayed record's messages (SentRefs) would build them all.
        lead = [sent[i] for i in range(self._first)]
        self._lead = with_memory_rows(rows_for(lead), dict(extra or {}))
        self._lead_keys = {row.key: row for row in self._lead}

    def __len__(self) -> int:
        return len(self._lead) + len(self._sent) - self._first

    @overload
    def __getitem__(self, index: int) -> InspectorRow: ...
    @overload
    def __getitem__(self, index: slice) -> list[InspectorRow]: ...
    def __getitem__(self, index: int | slice) -> InspectorRow | list[InspectorRow]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        if index < len(self._lead):
            return self._lead[index]
        at = self._first + index - len(self._lead)
        return message_row(at + 1, self._sent[at])

    def by_key(self, key: str) -> InspectorRow | None:
        """The row a table row's key names (a message's number, "1.2", "recall.1"...)."""
        if key in self._lead_keys:
            return self._lead_keys[key]
        if not key.isdigit() or not self._first < int(key) <= len(self._sent):
            return None
        return message_row(int(key), self._sent[int(key) - 1])

    def tokens_between(self, start: int, stop: int) -> int:
        """The tokens of rows [start, stop): a section's are counted in its message's."""
        if self._counted is not None and 2 * (stop - start) > len(self):
            return self._counted - self._tokens(0, start) - self._tokens(stop, len(self))
        return self._tokens(start, stop)

    def _tokens(self, start: int, stop: int) -> int:
        lead = sum(r.tokens for r in self._lead[start:stop] if r.tokens is not None)
        first, stop = max(start - len(self._lead), 0), stop - len(self._lead)
        if stop <= first:
            return lead
        # By index, not islice: that would step through every message before `start`.
        messages = map(self._sent.__getitem__, range(self._first + first, self._first + stop))
        return lead + sum(map(_TOKENS, messages))

    def messages_between(self, start: int, stop: int) -> int:
        """How many of rows [start, stop) are messages (not sections or recalled turns)."""
        lead = sum(1 for row in self._lead[start:stop] if row.number)
        return lead + max(0, stop - max(start, len(self._lead)))

    def same_rows(self, other: RequestRows, start: int, stop: int) -> bool:
        """Whether rows [start, stop) of both are equal. Where both requests open the
        same way, a transcript row is equal when its message is: the messages are compared
        in one pass (a list's comparison, each message's own), no row is built."""
        if stop > min(len(self), len(other)):
            return False  # one of them has no such rows
        if stop <= start:
            return True
        lead = len(self._lead)
        if lead != len(other._lead) or self._first != other._first:
            return self[start:stop] == other[start:stop]  # another shape: row by row
        if start < lead and self._lead[start:stop] != other._lead[start:stop]:
            return False
        # By index: slicing a replayed record's messages (SentRefs) would build them all.
        at = range(self._first + max(start, lead) - lead, self._first + stop - lead)
        ours = list(map(self._sent.__getitem__, at))
        return ours == list(map(other._sent.__getitem__, at))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RequestRows):
            return NotImplemented
        if self._first != other._first or len(self) != len(other) or self._lead != other._lead:
            return False
        if known_equal(self._sent, other._sent):
            # The same messages, known from how they are held, none built: the request in
            # flight and its record read back (record_refs.RefTable.made_from), or two
            # records of one session with the same compact form.
            return True
        if len(self._sent) > self._first and self._sent[-1] != other._sent[-1]:
            return False  # another request: its newest message tells, not reading them all
        # The rows of two transcript messages are equal when the messages are: compared in
        # one pass. (A record held by reference builds each of its messages as it is read:
        # this reads the whole request. Only a record not known equal comes here: another
        # session's, or one read back from disk compared with a request built live.)
        ours = list(islice(self._sent, self._first, None))
        return ours == list(islice(other._sent, other._first, None))

    __hash__ = None  # type: ignore[assignment]


def head_length(rows: Sequence[InspectorRow]) -> int:
    """How many rows come before the transcript: the system message, its sections, the
    recalled turns and conflicts listed under them (at most HEAD_MOST)."""
    for index in range(min(len(rows), HEAD_MOST)):  # by index: no row after the first built
        if rows[index].provenance in ("verbatim", "new"):
            return index
    return min(len(rows), HEAD_MOST)


TOKENS_COLUMN = 7  # the inspector table's tokens column, in characters


@dataclass(frozen=True)
class Marker:
    """What the rows behind the marker hold, and how many the next page lists."""

    messages: int
    tokens: int
    more: int

    @classmethod
    def of(
        cls, rows: RequestRows, window: RowWindow, known: tuple[RowWindow, Marker] | None = None
    ) -> Marker:
        """The marker of `window`; `known`: a marker of the same request's rows (or of a
        request they begin) with the same head, so only the rows between the two windows'
        starts are counted, not every hidden row."""
        more = window.hidden - window.earlier().hidden
        if known is None or known[0].head != window.head:
            return cls(
                rows.messages_between(window.head, window.start),
                rows.tokens_between(window.head, window.start),
                more,
            )
        (was, marker), start = known, window.start
        low, high = sorted((was.start, start))
        sign = 1 if start >= was.start else -1
        return cls(
            marker.messages + sign * rows.messages_between(low, high),
            marker.tokens + sign * rows.tokens_between(low, high),
            more,
        )

    @property
    def tokens_cell(self) -> str:
        """The tokens in the table's 7-character column: 1.23M rather than a cut 1,234,5."""
        exact = fmt.tokens(self.tokens)
        if len(exact) <= TOKENS_COLUMN:
            return exact
        return f"{self.tokens / 1_000_000:.2f}M" if self.tokens < 10**9 else f"{self.tokens:.1e}"

    @property
    def earlier(self) -> str:
        return f"{self.messages:,} earlier message{'' if self.messages == 1 else 's'}"

    @property
    def preview(self) -> str:
        """The marker row's preview cell."""
        return f"{self.earlier} not listed · Enter: show {self.more:,} more"

    @property
    def explained(self) -> str:
        """The content area's text while the marker is under the cursor."""
        return (
            f"{self.earlier} of this request ({fmt.tokens(self.tokens)} tokens) are not "
            "listed here, to keep the table quick; they were sent all the same, and every "
            "figure above counts them. Enter or a click on this row lists the "
            f"{self.more:,} rows before the ones shown."
        )


def _memory_sections(sections: tuple[Section, ...]) -> tuple[Section, ...]:
    """A system message's sections after the prompt itself (which is the first)."""
    return sections[1:] if sections and sections[0].provenance == "system" else sections


def omitted_line(omitted: int, strategy: str, note: str) -> str:
    if omitted == 0:
        left_out = "nothing left out"
    elif omitted == 1:
        left_out = "1 earlier message not sent"
    else:
        left_out = f"{omitted:,} earlier messages not sent"
    return " · ".join(part for part in (left_out, strategy, note) if part)
