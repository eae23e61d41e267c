"""A system message's sections as spans of its own text: what a record keeps. Pure.

A strategy builds the system message from sections (`context.system_message`); the record
of the request keeps them as (provenance, label, start, end, source ids) over the message's
text, so the inspector shows exactly what was built, and a stored record costs no second
copy of the text. A record that carries none (an old session file's, one made by hand) has
them derived from the text once, by its "## label" headings (`context.split_sections`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from fincoach_tui.domain.context import SECTION_BREAK, Section, split_sections
from fincoach_tui.domain.tuple_like import TupleLike

# provenance, label, start and end of the text in the message, the ids the section carries
Span = tuple[str, str, int, int, Sequence[str]]


def spans_of(content: str, sections: Sequence[Section]) -> tuple[Span, ...] | None:
    """Where each section's text lies in `content`, laid out as `system_message` lays it
    out (the prompt first, then "\\n\\n## label\\n" + text each); None if it is not."""
    spans: list[Span] = []
    at = 0
    for index, section in enumerate(sections):
        if index:
            header = SECTION_BREAK + section.label
            if not content.startswith(header, at):
                return None
            at += len(header)
            if content.startswith("\n", at):
                at += 1
            elif section.text:
                return None
        end = at + len(section.text)
        if content[at:end] != section.text:
            return None
        spans.append((section.provenance, section.label, at, end, section.source_ids))
        at = end
    return tuple(spans) if at == len(content) else None


def derived_spans(content: str) -> tuple[Span, ...]:
    """The sections found again by their headings (an old record's, which kept none)."""
    head, found = split_sections(content)
    spans = spans_of(content, (Section("system", "System prompt", head), *found))
    return spans if spans is not None else (("system", "System prompt", 0, len(content), ()),)


class SectionSpans(TupleLike[Section]):
    """A message's sections as spans of its text, each Section made when read; equal to
    any sequence of the same sections and hashed as their tuple (TupleLike). `derived`:
    found from the text's headings (when first read), not carried from the request."""

    __slots__ = ("_content", "_spans", "derived")

    def __init__(self, content: str, spans: tuple[Span, ...] | None = None) -> None:
        self._content = content
        self._spans = spans
        self.derived = spans is None

    @property
    def spans(self) -> tuple[Span, ...]:
        if self._spans is None:
            self._spans = derived_spans(self._content)
        return self._spans

    def __len__(self) -> int:
        return len(self.spans)

    def _section(self, span: Span) -> Section:
        provenance, label, start, end, ids = span
        return Section(provenance, label, self._content[start:end], tuple(ids))

    @overload
    def __getitem__(self, index: int) -> Section: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Section, ...]: ...
    def __getitem__(self, index: int | slice) -> Section | tuple[Section, ...]:
        if isinstance(index, slice):
            return tuple(map(self._section, self.spans[index]))
        return self._section(self.spans[index])

    def __iter__(self) -> Iterator[Section]:
        return map(self._section, self.spans)

    def _summary(self) -> str:
        return repr([span[1] for span in self.spans])
