"""The facts strategy's notes, worked out incrementally (statements read once per message,
each note judged once while the facts stay, the section counted a line at a time), are
exactly what the plain computation gives: checked over generated conversations, turn by
turn as a walk builds them, with the plain computation kept here as the reference."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import Fact, FactStore, redact
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.memory.base import MemoryView, last_turns
from fincoach_tui.domain.memory.note_cover import held_mentions, uncovered
from fincoach_tui.domain.memory.note_parts import covered_classes, held_by, new_to_facts
from fincoach_tui.domain.memory.notes import (
    NOTES_TOKENS,
    asked_about,
    asked_topics,
    current_turns,
    current_values,
    edited_keys,
    facts_state,
    newer_on_topic,
    note_traits,
    notes_budget,
    notes_section,
    user_notes,
)
from fincoach_tui.domain.memory.notes_fill import facts_notes
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.statement_pieces import message_statements
from fincoach_tui.domain.statement_verdicts import marked_line, replaced
from fincoach_tui.domain.user_statements import Statement, parse_line, salience

# ---- the reference: the notes as they were computed before they were incremental ----------


def reference_notes(
    history: Iterable[Message],
    left_out: Callable[[Message], bool],
    facts: Mapping[str, str],
    edited: frozenset[str] = frozenset(),
) -> list[Statement]:
    notes: dict[str, Statement] = {}
    for message in history:
        if message.role != "user" or not left_out(message):
            continue
        for statement in message_statements(message.content, message.turn):
            if edited and edited & set(replaced(statement.text, facts)[0]):
                continue
            notes.pop(statement.text, None)
            notes[statement.text] = statement
    return list(notes.values())


def split(note: Statement, store: FactStore | None) -> tuple[dict[str, str], dict[str, str]]:
    """The current facts said after `note` and before it (not in its own turn)."""
    facts, turns = current_values(store), current_turns(store)
    later = {k: v for k, v in facts.items() if turns[k] > note.turn}
    return later, {k: v for k, v in facts.items() if turns[k] < note.turn}


def reference_line(note: Statement, store: FactStore | None) -> str:
    """A note's line: marked outdated where a fact said after it replaced what it says."""
    return redact(marked_line(note, split(note, store)[0]), store)


def reference_order(
    notes: Sequence[Statement], store: FactStore | None, question: str
) -> list[int]:
    """The notes (by index) in the section's order: those the question is about (wholly
    replaced by a fact said after them or not, by its kind only then), then in groups: those not wholly replaced
    that are new to the facts (of a kind they do not hold, a newer value than one said
    before them, or a figure or a name none of their values holds) or salient; the wholly
    replaced salient ones; the rest not wholly replaced (chatter); the rest. In each,
    those new to the facts, then salient ones, then those the facts do not hold all of,
    the newest first at each step."""
    facts = current_values(store)
    covered = covered_classes(facts)
    values = held_mentions(facts.values())

    def rank(i: int) -> tuple[bool, int, bool, bool, bool, int]:
        note = notes[i].text
        later, earlier = split(notes[i], store)
        stale = replaced(note, later)[1]
        # a wholly replaced note is asked by its kind only, not by a word it shares
        by_kind = not asked_topics(question).isdisjoint(note_traits(note, SessionMemo())[1])
        asked = bool(question) and (by_kind if stale else asked_about(notes[i], question))
        held = held_by(note, facts)
        new = not held and (
            new_to_facts(note, facts.keys(), covered)
            or bool(replaced(note, earlier)[0])
            or uncovered(note, values)
        )
        salient = salience(note) > 0
        group = 3 if not stale and (new or salient) else 2 if salient else 1 if not stale else 0
        return asked, group, new, salient, not held, i

    return sorted(range(len(notes)), key=rank, reverse=True)


def reference_section(
    notes: Sequence[Statement],
    store: FactStore | None,
    budget: int,
    count_text: Callable[[str], int],
    question: str = "",
) -> tuple[str | None, int]:
    lines = {id(n): reference_line(n, store) for n in notes}
    order = reference_order(notes, store, question)
    newer = newer_on_topic(notes)  # a note goes with the newer ones on its topic, or not
    kept: list[int] = []
    for i in order:
        if i in kept:  # kept with another's group: tried no more
            continue
        trial = sorted({*kept, i, *newer[i]}, reverse=True)
        if count_text("\n".join(lines[id(notes[j])] for j in trial)) <= budget:
            kept = trial
    if not kept:
        return None, 0
    return "\n".join(lines[id(notes[j])] for j in kept), len(kept)


# ---- generated conversations ---------------------------------------------------------------

SAID = [
    "My salary is 85k per month",
    "Actually my salary is now 92k.",
    "I pay 25k rent in Pune; the flat is small",
    "rent went up to 28,000 this year",
    "My wife earns a bit more than me, around 95k",
    "papa ki pension 30 hazaar aati hai",
    "first job. noida.",
    "We have two kids, 6 and 3",
    "I have a home loan of 38 lakh at 8.6% for 20 years",
    "The EMI is ₹32,000 and it hurts.",
    "I can't stomach the market swings, a guaranteed return matters more to me.",
    "We want to buy a car in 2027, budget 9 lakh",
    "I have an FD of 2 lakh maturing in March 2026",
    "my SIP is 10k in an index fund",
    "I also have an LIC policy, premium is Rs. 12,000 a year.",
    "my friend pays 40k rent",
    "thanks!",
    "Given that my salary is 85k, how much should I save?",
    "Should I prepay my loan or invest?",
    "we moved to Indore from Nagpur in March 2025",
    "no insurance yet. scared of hospital bills",
    "Our groceries and bills come to about 18k.",
]
QUESTIONS = [
    "How much rent do I pay?",
    "What should I do about my parents?",
    "Is my loan too big for my salary?",
    "What is my risk appetite?",
    "Can I afford the car?",
    "hello",
    "",
]
REPLY = "Noted. Here is what I suggest for now."

conversations = st.lists(st.integers(0, len(SAID) - 1), min_size=1, max_size=24)
# Per turn: 0 nothing, 1 extract the facts of the turn's question, 2 delete, 3 edit.
events = st.lists(st.integers(0, 3), min_size=24, max_size=24)
questions = st.lists(st.integers(0, len(QUESTIONS) - 1), min_size=24, max_size=24)
# Per turn: how many turns back an earlier request is built first (0: none).
backs = st.lists(st.integers(0, 6), min_size=24, max_size=24)


def transcript_of(picks: list[int]) -> tuple[Message, ...]:
    transcript = Transcript()
    for n, pick in enumerate(picks):
        transcript.add("user", SAID[pick], ts=1000.0 + 2 * n)
        transcript.add("assistant", REPLY, ts=1001.0 + 2 * n)
    return transcript.messages


def change_store(store: FactStore, event: int, question: Message, serial: list[int]) -> None:
    if event == 1:
        found = [
            Fact(f"f{serial[0] + k}", key, value, (question.id,), question.ts, question.turn)
            for k, (key, value) in enumerate(recognise(question.content))
        ]
        serial[0] += len(found)
        store.extraction(question.turn, (question.id,), found)
    elif event in (2, 3) and store.current():
        fact = store.current()[question.turn % len(store.current())]
        if event == 2:
            store.delete(fact.id, question.ts)
        else:
            serial[0] += 1
            store.edit(fact.id, f"f{serial[0]}", "55,000", question.ts)


def tail_turns(history: Sequence[Message], n: int = 3) -> set[str]:
    return {m.id for m in history[max(0, len(history) - 2 * n) :]}


def outside(tail: set[str]) -> Callable[[Message], bool]:
    return lambda m: m.id not in tail


def words(text: str) -> int:
    return len(text.split())


def quarter_chars(text: str) -> int:
    """A count whose tokens reach across lines (rounded over the whole text)."""
    return (len(text) + 3) // 4


def compare_index(
    messages: Sequence[Message],
    turn: int,
    store: FactStore,
    count: Callable[[str], int],
    question: str,
    memo: SessionMemo,
    local: bool,
) -> None:
    """The facts strategy's notes section at `turn` from the session's index (`memo`) is the
    reference's."""
    history, new = messages[: 2 * turn], messages[2 * turn]
    question = question or new.content
    kept = [m for pair in last_turns(history, 3) for m in pair]
    view = MemoryView(
        "system", history, replace(new, content=question), len, facts=store, memo=memo
    )
    section, told = facts_notes(view, kept, 3, count)
    facts, edited = current_values(store), edited_keys(store)
    expected = reference_notes(history, outside(tail_turns(history)), facts, edited)
    budget = notes_budget(NOTES_TOKENS, len(expected))
    text, count_expected = reference_section(expected, store, budget, count, question)
    if local:
        assert (section.text if section else None, told) == (text, count_expected)
    elif section is not None:
        assert count(section.text) <= budget


def walk_and_compare(
    picks: list[int],
    changes: list[int],
    asks: list[int],
    count: Callable[[str], int],
    local: bool = True,
    back: list[int] | None = None,
) -> None:
    """Walk the conversation turn by turn; at each turn the notes and their section must be
    the reference's, and so must the facts strategy's, kept in its index from turn to turn
    (also when a turn `back` asks about an earlier history, as the projection's walk and
    the walk go back and forth). With a count that is not `local` (tokens reaching across
    lines), the section must only fit its budget, its lines the reference's notes, newest
    first."""
    messages = transcript_of(picks)
    store = FactStore()
    memo = SessionMemo()
    index_memo = SessionMemo()
    serial = [0]
    for turn in range(len(picks)):
        history, new = messages[: 2 * turn], messages[2 * turn]
        question = QUESTIONS[asks[turn]] or new.content
        left_out = outside(tail_turns(history))
        facts = current_values(store)
        edited = edited_keys(store)
        expected = reference_notes(history, left_out, facts, edited)
        for at in (turn - back[turn], turn) if back and back[turn] <= turn else (turn,):
            compare_index(messages, at, store, count, QUESTIONS[asks[turn]], index_memo, local)
        said = user_notes(
            history,
            left_out,
            facts,
            edited,
            memo,
            facts_state(store, edited),
        )
        assert said == expected
        for budget in (notes_budget(NOTES_TOKENS, len(said)), 30, 0):
            section, told = notes_section(said, store, budget, count, question, memo)
            text, count_expected = reference_section(expected, store, budget, count, question)
            if local:
                assert (section.text if section else None, told) == (text, count_expected)
            elif section is not None:
                assert count(section.text) <= budget
                shown = [parse_line(line) for line in section.text.splitlines()]
                turns = [s.turn for s in shown if s is not None]
                assert len(turns) == told and turns == sorted(turns, reverse=True)
        change_store(store, changes[turn], new, serial)


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(conversations, events, questions, backs)
def test_notes_match_the_reference_with_a_word_count(picks, changes, asks, back) -> None:
    walk_and_compare(picks, changes, asks, words, back=back)


@SETTINGS
@given(conversations, events, questions)
def test_notes_fit_their_budget_with_a_count_that_is_not_local(picks, changes, asks):
    walk_and_compare(picks, changes, asks, quarter_chars, local=False)


def test_notes_match_the_reference_with_tiktoken(encoding) -> None:
    # Punctuation at a line's end joins the newline in one token: a pair's count says so.
    count = encoding.encode_ordinary

    def tokens(text: str) -> int:
        return len(count(text))

    @SETTINGS
    @given(conversations, events, questions, backs)
    def check(picks, changes, asks, back) -> None:
        walk_and_compare(picks, changes, asks, tokens, back=back)

    check()


def test_a_tiktoken_section_counts_as_its_lines_and_their_seams(encoding) -> None:
    """The count `notes_section` adds up line by line (each line's tokens, and what each
    newline adds between the last word of a line and the first of the next) is the joined
    text's, for o200k: lines that end in a word, a figure, a ")" or "…"."""
    lines = [
        Statement(t, s).line(outdated, partly)
        for t, s in enumerate(SAID, 1)
        for outdated, partly in ((False, ()), (True, ()), (False, ("rent",)))
    ]

    def count(text: str) -> int:
        return len(encoding.encode_ordinary(text))

    def seam(a: str, b: str) -> int:
        end, start = a.rpartition(" ")[2], b.partition(" ")[0]
        return count(f"{end}\n{start}") - count(end) - count(start)

    total = sum(map(count, lines)) + sum(seam(a, b) for a, b in zip(lines, lines[1:], strict=False))
    assert count("\n".join(lines)) == total
