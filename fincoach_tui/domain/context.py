"""What a strategy decides to send: the exact messages, each tagged with its origin. Pure."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import chain

from fincoach_tui.domain.tuple_like import TupleLike

# Where a sent message (or a section of the system message) came from.
PROVENANCES = ("system", "verbatim", "summary", "recalled", "fact", "new")
# How `system_message` puts each labelled section after the prompt ("## label" + text).
SECTION_BREAK = "\n\n## "


class JoinedIds(TupleLike[str]):
    """The ids of several sequences one after another, joined only when read: equal to
    the tuple of them all (tuple_like.py). The system message's ids are its sections', and
    a summary's cover every turn before its tail: copying them into one tuple for every
    request would cost each turn time in proportion to the session."""

    __slots__ = ("_parts", "_len")

    def __init__(self, parts: Sequence[Sequence[str]]) -> None:
        self._parts = tuple(parts)
        self._len = sum(map(len, self._parts))

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[str]:
        return chain.from_iterable(self._parts)

    def __getitem__(self, index):
        if isinstance(index, int):
            at = index + self._len if index < 0 else index
            if 0 <= at < self._len:
                for part in self._parts:  # O(sections): only the one holding it is read
                    if at < len(part):
                        return part[at]
                    at -= len(part)
            raise IndexError("id index out of range")
        return tuple(self)[index]

    def _summary(self) -> str:
        return f"{self._len} ids in {len(self._parts)} parts"


@dataclass(frozen=True)
class Section:
    """A labelled part of the system message (the prompt itself, a summary, facts...)."""

    provenance: str
    label: str
    text: str
    source_ids: Sequence[str] = ()  # a tuple, or a sequence equal to one (a summary's)


@dataclass(frozen=True)
class ContextMessage:
    role: str
    content: str
    provenance: str
    # A tuple, or (the system message's, when more than one section has ids) JoinedIds.
    source_ids: Sequence[str] = ()
    sections: tuple[Section, ...] = ()  # only the system message has sections


@dataclass(frozen=True)
class RecallHit:
    """An earlier turn brought back by recall, and how well it matched the new message."""

    turn: int
    ids: tuple[str, ...]  # the messages its passage quotes (the user's, and the reply if it fit)
    score: float
    retriever: str  # "bm25" or the embeddings model


@dataclass(frozen=True)
class Conflict:
    """An older text (a recalled passage, or the summary) states a value that a newer one
    (a current fact, or the summary) has since replaced: the newer wins."""

    key: str
    recalled_turn: int  # the turn the old text was said (for a summary: the last it covers)
    recalled_value: str
    fact_value: str
    fact_id: str  # the fact that wins, or "summary" when the summary holds the newer value
    in_reply: bool = False  # the old value was the coach's restatement, not the user's words
    source: str = "recalled"  # where the old value was sent: "recalled" or "summary"


@dataclass(frozen=True)
class Context:
    """The request a strategy built for one turn."""

    strategy: str
    messages: tuple[ContextMessage, ...]
    # Transcript messages not sent verbatim this turn: a tuple, or IdRuns (records.py) when
    # they are the history's prefix, so that a long session's are never listed one by one.
    omitted_ids: Sequence[str]
    note: str = ""  # one line the inspector shows, e.g. "summary covers turns 1-8"
    recalled: tuple[RecallHit, ...] = ()
    conflicts: tuple[Conflict, ...] = ()

    def as_chat(self) -> list[dict[str, str]]:
        """The `messages` argument of a chat completion request."""
        return [{"role": m.role, "content": m.content} for m in self.messages]


def system_message(prompt: str, extra: tuple[Section, ...] = ()) -> ContextMessage:
    """The one system message: the prompt, then each labelled section after it.

    Summaries and facts go here rather than into a second system message mid-conversation,
    which some chat templates reject and all of them weigh oddly.
    """
    sections = (Section("system", "System prompt", prompt), *extra)
    content = prompt
    for section in extra:
        content += f"{SECTION_BREAK}{section.label}\n{section.text}"
    # A summary section carries the ids of every turn it covers (thousands, late in a long
    # session), and this runs for every request every strategy builds: its ids are taken as
    # they are (one section with ids) or joined only when read, never copied here.
    having = [s.source_ids for s in extra if s.source_ids]
    ids: Sequence[str]
    if not having:
        ids = ()
    elif len(having) == 1 and isinstance(having[0], (tuple, TupleLike)):  # immutable
        ids = having[0]
    else:
        ids = JoinedIds(having)
    return ContextMessage("system", content, "system", ids, sections)


def section_provenance(label: str) -> str | None:
    """Which kind of memory a system-message section holds, judged by its label."""
    lowered = label.lower()
    for word, provenance in (("summary", "summary"), ("fact", "fact"), ("recall", "recalled")):
        if word in lowered:
            return provenance
    return None


def split_sections(content: str) -> tuple[str, list[Section]]:
    """The inverse of `system_message`: the prompt, and the memory sections after it.

    For a record read back from a session, which keeps the content only: the sections
    are found again by their "## label" headings. A heading that names no kind of memory
    may belong to the prompt itself (a persona with its own headings): it stays with the
    text it was in."""
    head, *parts = content.split(SECTION_BREAK)
    sections: list[Section] = []
    for part in parts:
        label, _, text = part.partition("\n")
        provenance = section_provenance(label)
        if provenance is not None:
            sections.append(Section(provenance, label, text))
        elif sections:
            last = sections[-1]
            sections[-1] = Section(last.provenance, last.label, last.text + SECTION_BREAK + part)
        else:
            head += SECTION_BREAK + part
    return head, sections
