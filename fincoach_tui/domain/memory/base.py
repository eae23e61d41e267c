"""What every memory strategy reads, and the helpers they share. Pure."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import islice

from fincoach_tui.domain.context import Context, ContextMessage, Section, system_message
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.memory.session_memo import SessionMemo, TurnNumbers
from fincoach_tui.domain.recall import Retriever
from fincoach_tui.domain.records import OmittedIdSource, omitted_ids


@dataclass(frozen=True)
class Summary:
    """A running summary of turns 1..last_turn, produced by one fold."""

    text: str
    last_turn: int
    covers_ids: Sequence[str]  # a tuple, or CoveredIds (covered_ids.py) once folded anew
    tokens: int
    # The newest turn a fold has read. Past `last_turn` only when a fold left the text as it
    # was and the turns it read held figures the text lacks: those turns are not claimed
    # (they stay verbatim), and are folded again with the next batch, not every turn.
    read_to: int = 0
    # Figures (by label) the fold's input held and its text lost: a warning, not an error.
    dropped: tuple[str, ...] = ()
    # What capping the text cut from it (older lines first), as the text itself says.
    cut: str = ""
    unchanged: bool = False  # the fold gave back the previous text

    @property
    def label(self) -> str:
        return f"Conversation summary (turns 1-{self.last_turn})"

    @property
    def read_upto(self) -> int:
        return max(self.last_turn, self.read_to)

    def warning(self) -> str:
        """One line for the inspector when this summary lost figures, else ""."""
        if not self.dropped:
            return ""
        return f"warning: the summary lost {', '.join(self.dropped)}"


@dataclass(frozen=True)
class MemoryView:
    """Everything a strategy may look at for one turn. Strategies never mutate it."""

    system_prompt: str
    history: tuple[Message, ...]  # completed turns, oldest first: user, assistant, ...
    new: Message  # the user message being answered; always sent last, verbatim
    count: Callable[[Message], int]  # cached content tokens of a transcript message
    summary: Summary | None = None
    facts: FactStore | None = None  # the session's fact store (facts, hybrid)
    retriever: Retriever | None = None  # how recall scores old messages; None: BM25
    # Tokens of a derived text (a section); None: a word count, for callers with no tokenizer.
    count_text: Callable[[str], int] | None = None
    # Where the omitted ids come from: the session's runs, extended turn by turn
    # (records.MessageIds), or UnlistedIds for requests only measured; None: the history
    # is filtered anew, which costs time in proportion to the session.
    ids: OmittedIdSource | None = None
    # What the strategies keep from one request of this session to the next (one per
    # session, made by whoever owns the session); a fresh one when none is given.
    memo: SessionMemo = field(default_factory=SessionMemo, compare=False, repr=False)

    def text_tokens(self, text: str) -> int:
        return self.count_text(text) if self.count_text else len(text.split())


Turn = tuple[Message, Message]


def turns_of(history: Sequence[Message]) -> list[Turn]:
    """Pair the history into (user, assistant) turns."""
    if isinstance(history, (tuple, list)):  # the same pairs, sliced and zipped at C speed
        return list(zip(history[::2], history[1::2]))
    return [(history[i], history[i + 1]) for i in range(0, len(history) - 1, 2)]


def ordered_turns(history: Sequence[Message], memo: SessionMemo | None = None) -> list[int] | None:
    """[m.turn for m in history] when those never decrease (a transcript's), else None; with
    the session's `memo`, only the messages new since its last history are read."""
    return (memo.turns if memo is not None else TurnNumbers()).ordered(history)


def turns_newest_first(history: Sequence[Message]) -> Iterator[Turn]:
    """reversed(turns_of(history)), a pair at a time: a strategy that stops after the last
    few turns pairs only those, not the whole session, every turn."""
    for i in range(len(history) // 2 * 2 - 2, -1, -2):
        yield history[i], history[i + 1]


def last_turns(history: Sequence[Message], n: int) -> list[Turn]:
    """turns_of(history)[-n:] for n >= 1, oldest first, pairing only those n."""
    return list(islice(turns_newest_first(history), n))[::-1]


def verbatim(messages: Sequence[Message]) -> list[ContextMessage]:
    return [ContextMessage(m.role, m.content, "verbatim", (m.id,)) for m in messages]


def assemble(
    view: MemoryView,
    kept: Sequence[Message],
    *,
    strategy: str,
    sections: tuple[Section, ...] = (),
    note: str = "",
) -> Context:
    """system (+ sections) + the kept history verbatim + the new message.

    Everything in the history that is not kept is reported as omitted, so the inspector
    can say "14 earlier messages not sent".
    """
    omitted = view.ids.omitted(view.history, kept) if view.ids is not None else None
    if omitted is None:  # kept is not the history's tail (recall, a fold): filter it
        omitted = omitted_ids(view.history, kept)
    new = ContextMessage("user", view.new.content, "new", (view.new.id,))
    messages = (system_message(view.system_prompt, sections), *verbatim(kept), new)
    return Context(strategy, messages, omitted, note)


def positive_int(name: str, value: object) -> int:
    """Validate a strategy parameter; the message is shown to the user as is."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{name} must be a positive whole number, got {value!r}")
    return value
