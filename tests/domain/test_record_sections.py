"""A record carries its system message's sections as the strategy built them: the inspector
shows the same rows for a record made live and for the same record read back from its
session file, and a file written before sections were kept still shows them."""

from __future__ import annotations

import itertools
import json

from fincoach_tui.domain.memory import make_strategy
from fincoach_tui.domain.record_refs import text_digest
from fincoach_tui.domain.records import SentMessage
from fincoach_tui.domain.session_state import SessionState, replay
from fincoach_tui.domain.tokens import OPENAI_CHAT_OVERHEAD
from fincoach_tui.llm.offline import OfflineCoach
from fincoach_tui.service.coach import Coach, ModelChoice
from fincoach_tui.service.events import TurnFinished
from fincoach_tui.store.session_file import SessionFile
from fincoach_tui.ui.inspector_rows import rows_for
from tests.memory_helpers import MODEL, PLANTED, filler, shipped_prices

# A persona with a heading of its own that reads like a memory section: read back from the
# text alone it would pass for one; carried, it is the prompt's.
PERSONA = "You are a coach.\n\n## Known facts about budgeting\nSpend less than you earn."


async def live_records(path, counter, strategy, params, texts):
    records = []
    ticks = itertools.count(1_767_604_800.0, 60.0)
    with SessionFile.open(path) as session:
        coach = Coach(
            state=SessionState(),
            sink=session.append,
            sink_many=session.append_many,
            llm=OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD),
            choice=ModelChoice("offline", MODEL, OPENAI_CHAT_OVERHEAD, simulated=True),
            counter=counter,
            prices=shipped_prices(),
            system_prompt=PERSONA,
            strategy=make_strategy(strategy, params),
            clock=lambda: next(ticks),
        )
        for text in texts:
            async for event in coach.turn(text):
                if isinstance(event, TurnFinished):
                    records.append(event.record)
    return records


def read_back(path):
    with SessionFile.open(path) as session:
        state, problems = replay(session.events)
    assert problems == []
    return state.chat_records


async def test_a_live_record_and_the_same_record_read_back_show_the_same_sections(
    tmp_path, counter
):
    path = tmp_path / "s.jsonl"
    texts = [*PLANTED, *filler(6)]
    live = await live_records(path, counter, "summary", {"tail_turns": 2, "batch_turns": 2}, texts)
    stored = read_back(path)
    assert len(live) == len(stored) == len(texts)
    for made, read in zip(live, stored):
        assert tuple(read.sent[0].sections) == tuple(made.sent[0].sections)
        assert rows_for(read.sent) == rows_for(made.sent)
    # The last request sent a summary: its rows are the prompt, whole, then the summary.
    rows = rows_for(stored[-1].sent)
    assert [r.provenance for r in rows[:3]] == ["system", "summary", "verbatim"]
    assert rows[0].summary_line == PERSONA
    # Stored once, with the system text: spans of it, no second copy of the words.
    events = [json.loads(line) for line in path.read_text().splitlines()]
    system = stored[-1].sent[0].content
    (text,) = [e for e in events if e.get("digest") == text_digest(system)]
    assert [s["provenance"] for s in text["sections"]] == ["system", "summary"]
    assert text["sections"][0]["span"] == [0, len(PERSONA)]


async def test_a_file_without_sections_still_shows_them_derived_once(tmp_path, counter):
    path = tmp_path / "s.jsonl"
    live = await live_records(
        path, counter, "summary", {"tail_turns": 2, "batch_turns": 2}, [*PLANTED, *filler(6)]
    )
    # As a FinCoach from before sections were kept wrote it: the same file, no sections.
    lines = path.read_text().splitlines()
    old = [json.loads(line) for line in lines]
    for event in old:
        event.pop("sections", None)
    path.write_text("".join(json.dumps(e) + "\n" for e in old))
    stored = read_back(path)
    last = stored[-1].sent[0]
    assert [s.provenance for s in last.sections] == ["system", "fact", "summary"]
    # Derived from the headings: the persona's own heading passes for a fact section, which
    # is why records now carry what was built. The summary is found all the same (its
    # words and label; the ids it covers are in the text no more).
    found, built = last.sections[2], live[-1].sent[0].sections[1]
    assert (found.label, found.text) == (built.label, built.text)
    # Derived once per text, for every record that sent it.
    first_two = [r.sent[0].sections for r in stored[:2]]
    assert first_two[0] is first_two[1]


def test_a_system_message_made_without_sections_derives_them_and_stores_none():
    made = SentMessage(
        "system", "Prompt.\n\n## Conversation summary (turns 1-2)\nShort.", "system", 9
    )
    assert [(s.provenance, s.text) for s in made.sections] == [
        ("system", "Prompt."),
        ("summary", "Short."),
    ]
    assert "sections" not in made.to_dict()
    assert SentMessage.from_dict(made.to_dict()) == made


def test_section_spans_compare_hash_and_show_as_the_tuple_of_their_sections():
    """Carried or derived from headings, the spans are equal to the tuple of the same
    sections (either way round), hash as it, and show their labels, not their text."""
    from fincoach_tui.domain.context import Section, system_message
    from fincoach_tui.domain.sections import SectionSpans, spans_of

    message = system_message("Be brief.", (Section("fact", "Known facts", "rent 20k"),))
    content, built = message.content, message.sections
    carried, derived = SectionSpans(content, spans_of(content, built)), SectionSpans(content)
    for spans in (carried, derived):
        assert spans == built and built == spans and spans == list(built)
        assert hash(spans) == hash(built)
        assert repr(spans) == "SectionSpans(['System prompt', 'Known facts'])"
        assert spans != built[:1] and spans != "System prompt"
    assert carried == derived and not carried.derived and derived.derived
