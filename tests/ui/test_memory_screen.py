"""Memory beyond the window, in the app: plant facts, chat past the tail, switch to hybrid
and to facts, watch the early facts come back at a flat cost; see, edit and delete them in
the memory screen (F3); a deletion is gone from the next request and after a resume.
Against the offline coach and against the fake OpenAI server (chat and embeddings)."""

from __future__ import annotations

import json
from dataclasses import replace

from textual.widgets import DataTable, Static

from fincoach_tui.domain.session_state import replay
from fincoach_tui.llm.providers import resolve_provider
from fincoach_tui.ui.screens.confirm import ConfirmScreen
from fincoach_tui.ui.screens.memory import MemoryScreen
from tests.app_harness import config_for, running, say, session_events
from tests.memory_helpers import PLANTED, filler


def switch(app, name: str) -> None:
    app.apply_strategy((name, app.config.params_for(name)))


def last_sent(app) -> str:
    return "\n".join(m.content for m in app.live.state.chat_records[-1].sent)


async def open_memory(app, pilot) -> MemoryScreen:
    await pilot.press("f3")
    await pilot.pause()
    assert isinstance(app.screen, MemoryScreen)
    return app.screen


async def select_fact(screen: MemoryScreen, pilot, fact_id: str) -> None:
    table = screen.query_one(DataTable)
    table.move_cursor(row=table.get_row_index(fact_id), animate=False)
    await pilot.pause()
    assert screen.selected.id == fact_id


async def test_offline_early_facts_come_back_in_hybrid_and_facts_at_a_flat_cost(tmp_path):
    async with running(tmp_path, strategy="window") as (app, pilot):
        app.apply_strategy(("window", {"k": 4}))
        for text in [*PLANTED, *filler(6)]:
            await say(app, pilot, text)
        assert "₹1,20,000" not in last_sent(app)  # the window forgot turn 1

        switch(app, "hybrid")
        await say(app, pilot, "What is my salary, and my FD?")
        assert "₹1,20,000" in last_sent(app) and "₹50,000" in last_sent(app)
        assert app.live.state.summary is not None  # folded before the request
        rows = app.side.query_one("RequestInspector").rows
        assert any(r.provenance == "recalled" and "score" in r.summary_line for r in rows)
        hybrid = []
        for text in filler(3, 20):
            await say(app, pilot, text)
            hybrid.append(app.live.state.chat_records[-1].counted_tokens)

        switch(app, "facts")
        await say(app, pilot, "What is my salary, and my FD?")
        system = app.live.state.chat_records[-1].sent[0].content
        assert "- salary: ₹1,20,000 (turn 1, " in system and "- FD amount: ₹50,000" in system
        facts = []
        for text in filler(3, 30):
            await say(app, pilot, text)
            facts.append(app.live.state.chat_records[-1].counted_tokens)
        # Flat: turn to turn facts hardly moves, where buffer would add a turn each time.
        # hybrid sends the turns that left its tail verbatim until the next fold (no holes):
        # it grows by a turn a turn for at most batch_turns - 1 turns, then folds back down.
        turn_size = sum(r.counted_tokens for r in app.live.state.chat_records[-2:-1]) // 4
        assert max(facts) - min(facts) < turn_size
        steps = [b - a for a, b in zip(hybrid, hybrid[1:])]
        assert all(0 < step < turn_size for step in steps) and len(hybrid) == 3
        extracts = [r for r in app.live.state.records if r.kind == "extract"]
        assert extracts and app.live.state.total_cost >= sum(r.cost_usd for r in extracts)


async def test_memory_screen_edits_and_deletes_and_the_deletion_survives_a_resume(tmp_path):
    said = [*PLANTED, *filler(4)]
    async with running(tmp_path, session="mem", strategy="facts", said=said) as (app, pilot):
        store = app.live.state.facts
        salary, expenses = store.current_for("salary"), store.current_for("expenses")

        screen = await open_memory(app, pilot)
        table = screen.query_one(DataTable)
        assert table.row_count == len(store.facts)
        row = [str(c) for c in table.get_row(salary.id)]
        assert row[:4] == [salary.id, "salary", "₹1,20,000", "current"] and row[4] == "turn 1 (m1)"
        assert "BM25 keywords over" in str(screen.query_one("#index", Static).content)

        await select_fact(screen, pilot, expenses.id)
        await pilot.press("e")
        await pilot.pause()
        screen.query_one("#edit").value = "₹65,000"
        await pilot.press("enter")
        await pilot.pause()
        await select_fact(screen, pilot, salary.id)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")  # the confirmation
        await pilot.pause()
        assert "deleted" in str(table.get_row(salary.id)[3])
        await pilot.press("escape")
        await pilot.pause()

        await say(app, pilot, "What can I save each month?")
        system = app.live.state.chat_records[-1].sent[0].content
        assert "₹1,20,000" not in system and "- salary:" not in system
        assert "- expenses: ₹65,000 (edited, " in system
        await pilot.press("ctrl+q")

    events = session_events(tmp_path, "mem")
    assert any(e["type"] == "fact_deleted" and e["id"] == salary.id for e in events)
    assert any(
        e["type"] == "fact_edit" and e["id"] == expenses.id and e["value"] == "₹65,000"
        for e in events
    )
    async with running(tmp_path, session="mem") as (resumed, pilot):
        assert resumed.live.coach.strategy.name == "facts"
        screen = await open_memory(resumed, pilot)
        assert "deleted" in str(screen.query_one(DataTable).get_row(salary.id)[3])
        await pilot.press("escape")
        await say(resumed, pilot, "And next month?")
        system = resumed.live.state.chat_records[-1].sent[0].content
        assert "₹1,20,000" not in system and "₹65,000" in system


def openai_on(base_url: str):
    # The OpenAI preset pointed at the fake server: chat and /v1/embeddings both go there.
    return resolve_provider(
        provider="openai",
        model="gpt-4o-mini",
        base_url=base_url,
        api_key_env=None,
        environ={"OPENAI_API_KEY": "sk-test-key-0123456789"},
    )


async def test_fake_server_recall_by_embeddings_facts_and_a_deletion(tmp_path, fake_openai):
    # Not OpenAI's own server: its embeddings model is used because config.toml names it.
    settings = openai_on(fake_openai.base_url)
    config = replace(config_for(settings, None), embeddings_model="text-embedding-3-small")
    said = [*PLANTED, *filler(6)]  # buffer; the server echoes "Noted: <message>"
    async with running(tmp_path, settings=settings, config=config, said=said) as (app, pilot):
        buffer_tokens = app.live.state.chat_records[-1].counted_tokens

        switch(app, "hybrid")
        # The fold before this request: a summary far shorter than the turns it replaces
        # (the server's echo would be as long), so recall has room beside it.
        fake_openai.script(text="The user asked for general budgeting ideas.")
        await say(app, pilot, "What is my salary, and my FD?")
        request = fake_openai.requests[-1]["messages"]
        assert request == [
            {"role": m.role, "content": m.content} for m in app.live.state.chat_records[-1].sent
        ]
        text = "\n".join(m["content"] for m in request)
        assert "₹1,20,000" in text and "₹50,000" in text
        recall = app.live.state.chat_records[-1].extra["recall"]
        assert recall and {hit["retriever"] for hit in recall} == {"text-embedding-3-small"}
        embedded = [t for r in fake_openai.embedding_requests for t in r["input"]]
        assert len(embedded) == 10 == len(set(embedded))
        sizes = []
        for text in filler(3, 20):
            await say(app, pilot, text)
            sizes.append(app.live.state.chat_records[-1].counted_tokens)
        # Bounded by the budgets (system + summary 500 + recall 500 + tail 1,200 + turns
        # waiting for the next fold, sent verbatim until it).
        system = app.live.state.chat_records[-1].sent[0]
        assert max(sizes) <= 400 + 500 + 500 + 1200 + 3 * 100
        assert buffer_tokens > 300  # for scale: buffer at turn 9, already growing by ~40 a turn

        # facts: the catch-up extraction is the next chat call the server gets, in two
        # pieces (turns 1-10, then 11-13), both before the reply.
        fake_openai.script(
            text=json.dumps(
                {
                    "facts": [
                        {"key": "salary", "value": "₹1,20,000", "source_ids": ["m1"]},
                        {"key": "expenses", "value": "₹60,000", "source_ids": ["m3"]},
                        {"key": "fd_amount", "value": "₹50,000", "source_ids": ["m5"]},
                    ]
                }
            )
        )
        fake_openai.script(text='{"facts": []}')
        switch(app, "facts")
        await say(app, pilot, "Remind me what you know about me.")
        system = fake_openai.requests[-1]["messages"][0]["content"]
        assert "- salary: ₹1,20,000 (turn 1, " in system and "- FD amount: ₹50,000" in system
        extract = [r for r in app.live.state.records if r.kind == "extract"]
        assert [r.note for r in extract] == [
            "extracted turns 1-10: 3 facts",
            "extracted turns 11-13: 0 facts",
        ]
        assert all(r.usage.prompt_tokens > 0 and r.cost_usd > 0 for r in extract)

        # The next batch gets the server's echo, which is not JSON: refused, shown, store intact.
        facts_before = app.live.state.facts.facts
        await say(app, pilot, filler(1, 40)[0])
        await say(app, pilot, filler(1, 41)[0])
        assert any("extraction output rejected (bad JSON" in text for _, text in app.notices)
        assert app.live.state.facts.facts == facts_before

        salary = app.live.state.facts.current_for("salary")
        screen = await open_memory(app, pilot)
        await select_fact(screen, pilot, salary.id)
        await pilot.press("d")
        await pilot.press("y")  # the confirmation
        await pilot.press("escape")
        await pilot.pause()
        await say(app, pilot, "What should I do this month?")
        sent = "\n".join(m["content"] for m in fake_openai.requests[-1]["messages"])
        assert "₹1,20,000" not in sent and "₹60,000" in sent
        await pilot.press("ctrl+q")
    state, _ = replay(session_events(tmp_path))
    assert state.facts.get(salary.id).deleted_at is not None


def test_the_inspector_lists_recalled_turns_with_scores_and_the_conflicts_facts_won():
    from fincoach_tui.domain.records import SentMessage
    from fincoach_tui.ui.inspector_rows import rows_for, with_memory_rows

    system = (
        "PROMPT\n\n## Recalled earlier turns (verbatim, as said then; may be outdated)\n"
        "[Turn 1, 5 Jan 2026]\nUser: My salary is ₹1,20,000.\n\n[Turn 4, 5 Jan 2026]\nUser: FD\n\n"
        "## Known facts (current: where an older passage disagrees, these win)\n- salary: ₹1,50,000"
    )
    sent = (SentMessage("system", system, "system", 40), SentMessage("user", "salary?", "new", 2))
    extra = {
        "recall": [
            {"turn": 1, "ids": ["m1", "m2"], "score": 2.4137, "retriever": "bm25"},
            {"turn": 4, "ids": ["m7"], "score": 0.5, "retriever": "bm25"},
        ],
        "conflicts": [
            {
                "key": "salary",
                "recalled_turn": 1,
                "recalled_value": "₹1,20,000",
                "fact_value": "₹1,50,000",
                "fact_id": "f3",
            }
        ],
    }
    rows = with_memory_rows(rows_for(sent), extra)
    assert [(r.provenance, r.summary_line.split(":")[0]) for r in rows] == [
        ("system", "PROMPT"),
        ("recalled", "└ Recalled earlier turns (verbatim, as said then; may be outdated)"),
        ("recalled", "  · turn 1 · score 2.41 (bm25) · m1, m2"),
        ("recalled", "  · turn 4 · score 0.50 (bm25) · m7"),
        ("fact", "⚠ conflict"),
        ("fact", "└ Known facts (current"),
        ("new", "salary?"),
    ]
    assert rows[2].full_text == "[Turn 1, 5 Jan 2026]\nUser: My salary is ₹1,20,000."
    assert rows[4].summary_line.endswith(
        "turn 1 said ₹1,20,000; fact f3 says ₹1,50,000 (the fact wins)"
    )


async def test_a_paused_extraction_shows_a_line_and_r_resumes_it(tmp_path):
    from fincoach_tui.domain.session_events import facts_event

    said = PLANTED[:1]
    async with running(tmp_path, session="paused", strategy="facts", said=said) as (app, pilot):
        for turn in (2, 3, 4):  # three refused answers in a row, as a model's would be
            app.live.state.apply(facts_event(turn, [], [], rejected="bad JSON"))
        screen = await open_memory(app, pilot)
        notes = str(screen.query_one("#notes", Static).content)
        assert notes.startswith("Extraction paused after refused answers in a row: press r")
        await pilot.press("r")
        await pilot.pause()
        assert app.notices[-1][1].startswith("fact extraction resumed")
        assert app.live.state.facts.rejected_in_a_row == 0
        assert not str(screen.query_one("#notes", Static).content).startswith("Extraction paused")
        await pilot.press("r")
        await pilot.pause()
        assert app.notices[-1] == ("", "fact extraction is not paused")
        await pilot.press("escape")
        await pilot.press("ctrl+q")
    events = session_events(tmp_path, "paused")
    assert any(e["type"] == "extraction_resumed" for e in events)


async def test_a_deletion_asks_first_and_can_be_undone_until_the_next_turn(tmp_path):
    said = [*PLANTED, *filler(2)]
    async with running(tmp_path, session="undo", strategy="facts", said=said) as (app, pilot):
        salary = app.live.state.facts.current_for("salary")
        screen = await open_memory(app, pilot)
        table = screen.query_one(DataTable)
        await select_fact(screen, pilot, salary.id)

        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert str(app.screen.query_one("#question", Static).content) == (
            f"Delete salary = ₹1,20,000 ({salary.id})? It is never sent or recalled again. "
            "Until your next message, u in this dialog undoes it."
        )
        await pilot.press("enter")  # the focused button is Cancel: Enter alone never deletes
        await pilot.pause()
        assert app.screen is screen and app.live.state.facts.get(salary.id).current

        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is screen and str(table.get_row(salary.id)[3]).startswith("deleted ")
        await pilot.press("u")
        await pilot.pause()
        assert str(table.get_row(salary.id)[3]) == "current"
        assert ("", f"salary ({salary.id}) is back: the next request uses it") in app.notices

        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        await say(app, pilot, "What can I save each month?")
        assert "₹1,20,000" not in app.live.state.chat_records[-1].sent[0].content
        screen = await open_memory(app, pilot)
        await pilot.press("u")  # a request was built without it: too late
        await pilot.pause()
        assert app.notices[-1] == (
            "",
            "nothing to undo: a deletion can be undone only before your next message",
        )
        assert str(screen.query_one(DataTable).get_row(salary.id)[3]).startswith("deleted ")
        await pilot.press("escape")
        await pilot.press("ctrl+q")

    events = session_events(tmp_path, "undo")
    kinds = [(e["type"], e["id"]) for e in events if e["type"].startswith("fact_")]
    assert kinds == [
        ("fact_deleted", salary.id),
        ("fact_restored", salary.id),
        ("fact_deleted", salary.id),
    ]
    state, _ = replay(events)
    assert state.facts.get(salary.id).deleted_at is not None
    assert state.undoable_deletions() == []


async def test_edit_delete_and_undo_on_a_full_disk_are_one_line_each(tmp_path, full_disk):
    """Each change the memory screen makes is an event written to the session: on a full
    disk each is one line naming the file, the fact stays as it was, and the app runs on
    (each raised out of its key's handler and ended the app with a traceback)."""
    said = [*PLANTED, *filler(2)]
    async with running(tmp_path, session="full", strategy="facts", said=said) as (app, pilot):
        salary = app.live.state.facts.current_for("salary")
        screen = await open_memory(app, pilot)
        await select_fact(screen, pilot, salary.id)
        path = tmp_path / "sessions" / "full.jsonl"
        before = path.read_bytes()
        not_saved = f"could not save to {path}: no space left on device; nothing of it was kept"
        full_disk.fill()

        await pilot.press("e")
        await pilot.pause()
        await pilot.press("ctrl+a", "ctrl+k", *"150000", "enter")
        await pilot.pause()
        assert app.notices[-1] == ("", f"not changed: {not_saved}")
        assert app.live.state.facts.get(salary.id).value == "₹1,20,000"
        screen.query_one(DataTable).focus()  # the edit stays in its field, to try again

        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.notices[-1] == ("", f"not deleted: {not_saved}")
        assert app.live.state.facts.get(salary.id).current

        full_disk.free()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        full_disk.fill()
        await pilot.press("u")
        await pilot.pause()
        assert app.notices[-1] == ("", f"not undone: {not_saved}")
        assert app.screen is screen and app.is_running
        full_disk.free()
        await pilot.press("escape")
        await pilot.press("ctrl+q")
    events = session_events(tmp_path, "full")
    assert [e["type"] for e in events if e["type"].startswith("fact_")] == ["fact_deleted"]
    assert path.read_bytes().startswith(before)


async def test_the_memory_screens_title_is_read_whole_at_80x24(tmp_path):
    """Its keys are in its title: at 80 columns it wraps rather than losing "Esc close"."""
    from tests.screen_text import screen_text

    async with running(tmp_path, (80, 24), strategy="facts") as (app, pilot):
        screen = await open_memory(app, pilot)
        title = screen.query_one(".title", Static)
        assert title.size.height == 2
        shown = " ".join(
            " ".join(line.strip("█ ") for line in screen_text(app).splitlines()).split()
        )
        assert "(e edit · d delete · u undo · Esc close)" in shown
