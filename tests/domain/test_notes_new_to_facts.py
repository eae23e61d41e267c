"""Notes that say something of a kind the current facts do not hold are sent before those
whose kinds the facts already hold: a fact the recogniser did not file is carried only by
the user's words, so it must not lose its place under the notes' cap to a statement the
facts repeat. The sentences here are made up for these tests."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.memory.base import MemoryView, last_turns
from fincoach_tui.domain.memory.note_cover import held_mentions, uncovered
from fincoach_tui.domain.memory.note_parts import covered_classes, held_by, new_note, new_to_facts
from fincoach_tui.domain.memory.notes import notes_section, reference_notes
from fincoach_tui.domain.memory.notes_fill import facts_notes
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.statement_verdicts import carried
from fincoach_tui.domain.user_statements import CLASSES, Statement, classes_of


def words(text: str) -> int:
    return len(text.split())


def holding(text: str) -> dict[str, str]:
    """Facts that hold every kind `text` is of: what the recogniser reads in it, and one
    fact of each word class it names."""
    facts = dict(recognise(text))
    for name in classes_of(text):
        facts.setdefault(f"{CLASSES[name][1][0]}_held", "yes")
    return facts


@pytest.mark.parametrize(
    "text",
    [
        "My mother-in-law depends on me since last winter",
        "We are based in Coimbatore these days",
        "Honestly market crashes give me sleepless nights",
    ],
)
def test_a_statement_of_a_kind_no_fact_holds_is_new_to_the_facts(text) -> None:
    assert classes_of(text)  # a kind it is of
    assert new_to_facts(text, {"salary": "₹90,000"}.keys(), covered_classes(["salary"]))
    facts = holding(text)
    assert not new_to_facts(text, facts.keys(), covered_classes(facts))


@pytest.mark.parametrize(
    "text",
    ["My salary is 64k a month", "I pay 17,500 rent", "My SIP is 6k in a midcap fund"],
)
def test_a_statement_whose_fact_is_not_stored_is_new_to_the_facts(text) -> None:
    facts = holding(text)
    assert recognise(text)
    assert not new_to_facts(text, facts.keys(), covered_classes(facts))
    key = recognise(text)[0][0]
    less = {k: v for k, v in facts.items() if k != key}
    assert new_to_facts(text, less.keys(), covered_classes(facts))


@pytest.mark.parametrize(
    "text",
    [
        "We foreclosed the bike loan in March",
        "I cancelled that ULIP last week",
        "Stopped the gold SIP, it was going nowhere",
    ],
)
def test_a_statement_that_something_ended_is_new_to_the_facts(text) -> None:
    """However the recogniser filed the end (or did not), the user's words say the change."""
    facts = holding(text)
    assert new_to_facts(text, facts.keys(), covered_classes(facts))
    assert not new_to_facts("I will stop it next year", facts.keys(), covered_classes(facts))


def store_of(text: str) -> FactStore:
    store = FactStore()
    first = Message("m0", "user", text, 1.0, 1)
    found = [
        Fact(f"f{n}", key, value, (first.id,), first.ts, 1)
        for n, (key, value) in enumerate(recognise(text))
    ]
    store.extraction(1, (first.id,), found)
    return store


# Each case: what the facts were read from, a note of a kind they hold, said later, and an
# older note of a kind they do not.
CASES = [
    (
        "My salary is 85k a month",
        "My salary is 85k, credited on the first of the month",
        "Both my parents depend on me completely",
    ),
    (
        "I pay 22k rent",
        "I pay 22k rent, and the landlord is strict about it",
        "Honestly market crashes give me sleepless nights",
    ),
    (
        "My SIP is 9k a month",
        "My SIP is 9k a month, all in one flexi cap fund",
        "We closed the car loan early this year",
    ),
]


@pytest.mark.parametrize(("told", "covered", "uncovered"), CASES)
def test_with_room_for_one_note_the_one_new_to_the_facts_is_sent(told, covered, uncovered):
    store = store_of(told)
    notes = [Statement(2, uncovered), Statement(3, covered)]
    budget = max(words(n.line()) for n in notes)  # room for either, not both
    assert words("\n".join(n.line() for n in notes)) > budget
    section, count = notes_section(notes, store, budget, words, "", SessionMemo())
    assert section is not None
    assert (section.text, count) == (notes[0].line(), 1)
    # while the facts do not hold the kind the newer one is of, the newer goes first
    bare = FactStore()
    section, count = notes_section(notes, bare, budget, words, "", SessionMemo())
    assert section is not None
    assert (section.text, count) == (notes[1].line(), 1)


@pytest.mark.parametrize(("told", "covered", "uncovered"), CASES)
def test_the_index_sends_what_the_reference_sends(told, covered, uncovered):
    """The session's notes index ranks as the reference builder does, and follows a fact
    that comes to cover a kind (the new note then ranks as any other)."""
    transcript = Transcript()
    for n, text in enumerate([uncovered, covered, "ok", "ok", "ok", "ok"]):
        transcript.add("user", text, ts=10.0 + 2 * n)
        transcript.add("assistant", "Noted.", ts=11.0 + 2 * n)
    history = transcript.messages
    memo = SessionMemo()
    for store in (store_of(told), store_of(f"{told}. {uncovered}")):
        new = Message("q", "user", "what now?", 100.0, 7)
        view = MemoryView("system", history, new, len, facts=store, memo=memo)
        kept = [m for pair in last_turns(history, 3) for m in pair]
        tail = {m.id for m in kept}
        found = facts_notes(view, kept, 3, words)
        expected = reference_notes(
            history, lambda m, tail=tail: m.id not in tail, store, words, new.content, SessionMemo()
        )
        assert (found[0].text if found[0] else None, found[1]) == (
            expected[0].text if expected[0] else None,
            expected[1],
        )


def store_at(key: str, value: str, turn: int) -> FactStore:
    store = FactStore()
    source = Message("m0", "user", "", 1.0, turn)
    store.extraction(turn, (source.id,), [Fact("f0", key, value, (source.id,), 1.0, turn)])
    return store


@pytest.mark.parametrize(
    "text", ["My salary is 70k these days", "I pay 19,000 rent", "My SIP is 4k a month"]
)
def test_only_a_value_said_after_a_statement_replaces_it(text) -> None:
    """A fact said later with another value marks the statement outdated and sends it last;
    one read from the same message (with the words around it) does not; one said before it
    is older than the statement, which is then sent first, as new to the facts."""
    key = recognise(text)[0][0]
    note = Statement(5, text)
    other = Statement(6, "Haha ok, thanks")  # newer, of no kind
    budget = max(words(note.line()), words(other.line()))

    def sent(turn: int) -> str:
        section, _ = notes_section(
            [note, other], store_at(key, "₹1,23,456", turn), budget, words, "", SessionMemo()
        )
        assert section is not None
        return section.text

    assert sent(8) == other.line()  # replaced by a later value: last
    assert notes_section([note], store_at(key, "₹1,23,456", 8), 99, words)[0].text == (
        note.line(True)
    )
    assert sent(5) == note.line()  # read otherwise in its own message: not outdated
    assert sent(2) == note.line()  # newer than the fact: sent first


@pytest.mark.parametrize(
    "text",
    [
        "I spend over 20k on food every month",
        "Over the years my savings grew slowly",
        "We went over our budget for the trip",
    ],
)
def test_over_before_what_it_is_over_is_no_ending(text) -> None:
    facts = holding(text)
    assert not new_to_facts(text, facts.keys(), covered_classes(facts))
    ended = "That old policy is over now"
    assert new_to_facts(ended, holding(ended).keys(), covered_classes(holding(ended)))


@pytest.mark.parametrize(
    ("text", "figured"),
    [
        ("I live in Nagpur", "My salary is 85k"),
        ("We moved to Indore last year", "I pay 22k rent"),
        ("I cannot take risk", "My SIP is 6k a month"),
    ],
)
def test_a_stance_dependant_or_city_is_never_held_by_its_paraphrase(text, figured) -> None:
    """The facts hold a figure as said, but a stance, a dependant or a city as the
    recogniser's paraphrase: such a statement is not sent after the rest as held by them (nor
    is it carried by them in a summary)."""
    for said, held in ((text, False), (figured, True)):
        facts = dict(recognise(said))
        assert carried(said, facts) is held
        assert held_by(said, facts) is held
    # with room for one: the older in its own words goes before the newer held by a fact
    phrase, figure = Statement(4, text), Statement(5, figured)
    store = FactStore()
    source = Message("m0", "user", "", 1.0, 5)
    found = [
        Fact(f"f{n}", key, value, (source.id,), 1.0, said.turn)
        for n, said in enumerate((phrase, figure))
        for key, value in recognise(said.text)
    ]
    store.extraction(5, (source.id,), found)
    budget = max(words(phrase.line()), words(figure.line()))
    section, _ = notes_section([phrase, figure], store, budget, words, "", SessionMemo())
    assert section is not None
    assert section.text == phrase.line()


@pytest.mark.parametrize(
    "text",
    [
        "I live in Nagpur",
        "We moved to Indore, rent is 19k now",
        "My wife earns 40k",
        "My husband gets a pension of 31,000",
        "I cannot take risk, my father lost money in shares",
        "Two kids and my mother depend on me",
        "The car loan is closed, my wife paid it",
        "My salary is 90k and rent 30k",
        "SIP of 4k in an index fund",
    ],
)
def test_the_summary_and_the_notes_give_one_verdict(text) -> None:
    """Whether the facts hold a statement is one verdict (`carried`), for the summary's fold
    and for the facts' notes alike, with the facts read from it and with none."""
    for facts in (dict(recognise(text)), {}):
        assert held_by(text, facts) is carried(text, facts)


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Ayyo, tablets for both of us cost about 7,300 a month", True),  # a figure no fact has
        ("Our cook Lakshmi comes every morning", True),  # a person no fact names
        ("We live in a small flat near Kankaria lake", True),  # a place no fact names
        ("My salary is 85k per month", False),  # the salary fact holds 85k
        ("ok that is good news", False),  # chatter: no figure, no name
        ("we have been with this bank for 11 years", False),  # a count, not an amount
    ],
)
def test_a_figure_or_a_name_no_fact_holds_is_new_to_the_facts(text, said) -> None:
    """A statement whose figure or name no current fact holds is the only carrier of it: new
    to the facts, so sent before chatter and before what the facts hold."""
    facts = {"salary": "₹85,000", "rent": "₹22,000", "city": "Ahmedabad"}
    held = held_mentions(facts.values())
    assert uncovered(text, held) is said
    assert new_note(text, facts.keys(), covered_classes(facts), {}, held) is said


def test_a_note_with_an_uncovered_figure_goes_before_chatter() -> None:
    """With room for one note, the older one with a figure no fact holds is sent, not the
    newer chatter of a kind the facts hold (both salient): made-up turns, a store holding
    the salary and the children."""
    figure = Statement(3, "Tablets for both of us come to about 6,500")
    chatter = Statement(9, "My sister keeps calling about it")
    store = FactStore()
    source = Message("m0", "user", "", 1.0, 2)
    found = [
        Fact("f0", "salary", "₹85,000", (source.id,), 1.0, 2),
        Fact("f1", "family_children", "2 children", (source.id,), 1.0, 2),
    ]
    store.extraction(2, (source.id,), found)
    budget = max(words(figure.line()), words(chatter.line()))
    section, told = notes_section([figure, chatter], store, budget, words, "", SessionMemo())
    assert section is not None and told == 1
    assert section.text == figure.line()
