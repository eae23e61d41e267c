"""Where a statement a later fact wholly replaced goes in the facts' notes: after what is
not replaced, but before chatter (a note neither new to the facts nor salient), and first
when the question asks its kind. The recogniser may have misread what replaced it ("the
hospital bill came to 2.4 lakh" filed as the cover), so its figure may be the user's real
one, and chatter carries nothing. The sentences here are made up for these tests."""

from __future__ import annotations

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.memory.base import MemoryView, last_turns
from fincoach_tui.domain.memory.notes import notes_section, reference_notes
from fincoach_tui.domain.memory.notes_fill import facts_notes
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.user_statements import Statement


def words(text: str) -> int:
    return len(text.split())


def store_of(said: list[tuple[str, str, int]]) -> FactStore:
    """Facts (key, value, the turn each was said at)."""
    store = FactStore()
    found = [
        Fact(f"f{n}", key, value, (f"m{n}",), 1.0, turn)
        for n, (key, value, turn) in enumerate(said)
    ]
    store.extraction(max(t for _, _, t in said), tuple(f.source_ids[0] for f in found), found)
    return store


SHED = Statement(4, "We park the van in a rented shed, 7,500 a month")
CHATTER = Statement(6, "Sure, sounds good")
# the shed's rent wholly replaced by a value said later
LATER_RENT = store_of([("rent", "₹9,000", 8)])


def sent(notes: list[Statement], store: FactStore, budget: int, question: str = "") -> str:
    section, _ = notes_section(notes, store, budget, words, question, SessionMemo())
    return section.text if section else ""


def test_a_replaced_statement_with_a_figure_goes_before_chatter() -> None:
    marked = SHED.line(True)
    assert marked == "- (turn 4) We park the van in a rented shed, 7,500 a month (outdated)"
    budget = words(marked)  # room for either, not both
    assert words(marked) + words(CHATTER.line()) > budget
    assert sent([SHED, CHATTER], LATER_RENT, budget) == marked
    # with room for both, both, newest first
    assert sent([SHED, CHATTER], LATER_RENT, 99) == f"{CHATTER.line()}\n{marked}"


def test_a_note_not_replaced_still_goes_before_a_replaced_one() -> None:
    fresh = Statement(5, "My gym membership is 1,800 a month")
    budget = words(SHED.line(True))
    assert sent([SHED, fresh], LATER_RENT, budget) == fresh.line()


COVER = Statement(2, "Our family floater gives cover of 6 lakh")
OTHERS = [
    Statement(3, "My gym membership is 1,800 a month"),
    Statement(5, "The school van costs 2,200 a month"),
]
# the cover replaced by a later reading (a hospital bill filed as the cover)
LATER_COVER = store_of([("insurance_health_cover", "₹2,40,000", 9)])


def test_a_replaced_note_is_asked_by_its_kind() -> None:
    """A question about the cover sends the cover the user stated, marked, before newer
    notes of other kinds; a question that only shares a word with it does not."""
    marked = COVER.line(True)
    assert marked.endswith("gives cover of 6 lakh (outdated)")
    notes = [COVER, *OTHERS]
    budget = words(marked) + words(OTHERS[1].line())  # room for two
    asked = "is our health cover enough?"
    assert sent(notes, LATER_COVER, budget, asked) == f"{OTHERS[1].line()}\n{marked}"
    newest = f"{OTHERS[1].line()}\n{OTHERS[0].line()}"
    assert sent(notes, LATER_COVER, budget, "what gives?") == newest
    assert sent(notes, LATER_COVER, budget) == newest


def test_the_index_ranks_replaced_notes_as_the_reference_does() -> None:
    said = [COVER.text, OTHERS[0].text, SHED.text, CHATTER.text, OTHERS[1].text, "ok", "ok", "ok"]
    transcript = Transcript()
    for n, text in enumerate(said):
        transcript.add("user", text, ts=10.0 + 2 * n)
        transcript.add("assistant", "Noted.", ts=11.0 + 2 * n)
    history = transcript.messages
    store = store_of([("rent", "₹9,000", 20), ("insurance_health_cover", "₹2,40,000", 20)])
    memo = SessionMemo()
    kept = [m for pair in last_turns(history, 3) for m in pair]
    tail = {m.id for m in kept}
    for question in ("is our health cover enough?", "what now?", "what does the van cost?"):
        new = Message("q", "user", question, 100.0, 20)
        view = MemoryView("system", history, new, len, facts=store, memo=memo)
        for scale in (1, 3, 4, 6, 9):  # the budget (140 here) binds at 3 and more

            def count(text: str, scale: int = scale) -> int:
                return words(text) * scale

            found = facts_notes(view, kept, 3, count)
            expected = reference_notes(
                history, lambda m: m.id not in tail, store, count, question, SessionMemo()
            )
            assert (found[0].text if found[0] else None, found[1]) == (
                expected[0].text if expected[0] else None,
                expected[1],
            )
