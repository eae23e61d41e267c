"""The rows of the request inspector's table, built from what a request sent: each message,
the sections of its system message, the recalled turns and conflicts its record lists,
and the marker that stands for the rows of a long request the table does not list.
Pure: the widget (inspector.py) draws them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from fincoach_tui.domain.context import Section
from fincoach_tui.domain.records import SentMessage
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


def rows_for(sent: Sequence[SentMessage]) -> list[InspectorRow]:
    """Table rows for a request: each message, and under the system message the sections
    its record carries (the prompt is the message's own row)."""
    rows: list[InspectorRow] = []
    for index, message in enumerate(sent):
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


def head_length(rows: Sequence[InspectorRow]) -> int:
    """How many rows come before the transcript: the system message, its sections, the
    recalled turns and conflicts listed under them (at most HEAD_MOST)."""
    for index, row in enumerate(rows[:HEAD_MOST]):
        if row.provenance in ("verbatim", "new"):
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
    def of(cls, rows: Sequence[InspectorRow], window: RowWindow) -> Marker:
        hidden = rows[window.head : window.start]
        return cls(
            sum(1 for row in hidden if row.number),
            sum(row.tokens for row in hidden if row.tokens is not None),
            window.hidden - window.earlier().hidden,
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
