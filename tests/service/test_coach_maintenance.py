"""The coach's maintenance: passes that read only what is new, and the learned
template saved in batches and on close rather than on every turn."""

from __future__ import annotations

import json

import pytest

from fincoach_tui.domain.fact_extraction import EXTRACTOR_MARKER
from fincoach_tui.domain.memory import make_strategy
from fincoach_tui.domain.memory.summary import SUMMARIZER_MARKER
from fincoach_tui.domain.overhead_fit import SAVE_EVERY as SAVE_LEARNED_EVERY
from fincoach_tui.domain.persona import FINCOACH_SYSTEM_PROMPT
from fincoach_tui.domain.session_state import SessionState
from fincoach_tui.domain.tokens import OPENAI_CHAT_OVERHEAD, TemplateOverhead
from fincoach_tui.llm.base import LLMError
from fincoach_tui.llm.embeddings import Embedded
from fincoach_tui.llm.offline import OfflineCoach
from fincoach_tui.service.coach import Coach, ModelChoice
from fincoach_tui.service.maintainer import MaintenanceProgress
from fincoach_tui.service.maintenance import (
    ExtractFinished,
    ExtractStarted,
    IndexFinished,
)
from fincoach_tui.service.runtime import open_session
from fincoach_tui.settings import paths
from fincoach_tui.store.overheads import OverheadStore
from fincoach_tui.store.sessions import SessionStore
from tests.memory_helpers import MODEL, PLANTED, MemoryHarness, filler, shipped_prices
from tests.service.test_runtime import engine

# ---- maintenance reads only what is new, and sees what a pass over everything would --------


class FakeEmbedder:
    """Vectors from the text's length; fails the calls it is told to."""

    model = "fake-embed"

    def __init__(self) -> None:
        self.inputs: list[list[str]] = []
        self.fail = False

    async def embed(self, texts):
        if self.fail:
            self.fail = False
            raise LLMError("connection", "embeddings endpoint down")
        self.inputs.append(list(texts))
        return Embedded(tuple((float(len(t)), 1.0, float(len(t) % 7)) for t in texts), 0)


class FailingChat:
    """The model, except that the next chat call (not a fold or an extraction) fails."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.fail = False

    async def stream(self, messages, *, model, max_tokens=None):
        maintenance = messages[0]["content"].startswith((EXTRACTOR_MARKER, SUMMARIZER_MARKER))
        if self.fail and not maintenance:
            self.fail = False
            raise LLMError("server", "the server had a bad day")
        async for event in self.inner.stream(messages, model=model, max_tokens=max_tokens):
            yield event


# Normal turns, "remember", a failed turn (its question withdrawn and sent again), a failed
# embedding call, a deleted fact whose message was never embedded (never will be), a
# resume: everything that moves, or must not move, a pass's mark.
SCRIPT = [
    *PLANTED,
    "fail-turn",
    *filler(2),
    "fail-embed",
    "fail-embed-remember",
    "delete-fact",
    *filler(3, 3),
    "fail-turn",
    "Remember that I pay ₹5,000 a month into a PPF.",
    *filler(4, 6),
    "resume",
    *filler(3, 10),
    "What is my salary, again?",
    "fail-embed",
    *filler(2, 13),
]


def summarize(events) -> list:
    out = []
    for event in events:
        if isinstance(event, ExtractStarted):
            out.append(("extract", event.reason, event.first_turn, event.last_turn))
        elif isinstance(event, ExtractFinished):
            out.append(
                ("facts", tuple(f.id for f in event.added), event.rejected, event.error is None)
            )
        elif isinstance(event, IndexFinished):
            out.append(("index", event.count, event.error is None))
    return out


async def play(counter, strategy: str, *, every_pass_from_the_start: bool):
    embedder = FakeEmbedder()
    h = MemoryHarness(counter, strategy, embedder=embedder)
    h.coach.llm = FailingChat(h.llm)
    seen = []
    for step in SCRIPT:
        if step == "resume":  # a new coach on the replayed log: its marks primed on opening
            h = h.resumed(embedder=embedder)
            h.coach.llm = FailingChat(h.llm)
            continue
        if step == "delete-fact":
            fact = h.state.facts.current_for("salary") or h.state.facts.current()[0]
            h.coach.delete_fact(fact.id)
            continue
        text = step
        if step == "fail-turn":
            h.coach.llm.fail, text = True, "What should I do with my bonus?"
        if step == "fail-embed":
            embedder.fail, text = True, "Is an index fund a good idea for me?"
        if step == "fail-embed-remember":
            embedder.fail, text = True, "Remember that my rent is ₹25,000."
        if every_pass_from_the_start:
            h.coach.maintenance.progress = (
                MaintenanceProgress()
            )  # as before: every pass reads every message
        seen.append(summarize(await h.turn(text)))
        if step == "fail-turn":
            seen.append(summarize(await h.turn(text)))  # sent again, as the user would
    return h, embedder, seen


@pytest.mark.parametrize("strategy", ["facts", "hybrid"])
async def test_maintenance_from_its_marks_does_what_a_pass_over_everything_does(counter, strategy):
    h, embedder, seen = await play(counter, strategy, every_pass_from_the_start=False)
    full, full_embedder, full_seen = await play(counter, strategy, every_pass_from_the_start=True)
    assert seen == full_seen
    assert embedder.inputs == full_embedder.inputs
    assert h.events == full.events  # the session files would be identical
    assert any(step and step[0][0] == "extract" for step in seen)
    if strategy == "hybrid":
        users = [m.content for m in h.state.transcript.messages if m.role == "user"]
        assert embedder.inputs[-1][-1] == users[-1]  # the index kept up to the end
        assert "Remember that my rent is ₹25,000." not in sum(embedder.inputs, [])  # deleted first


async def test_a_resumed_coach_catches_up_in_one_pass_then_reads_only_the_new(counter):
    embedder = FakeEmbedder()
    h = MemoryHarness(counter, "hybrid", embedder=embedder)
    await h.turns(PLANTED[:2])
    embedder.fail = True
    await h.turn(PLANTED[2])  # not embedded: the call failed
    resumed = h.resumed(embedder=embedder)
    # Opening the session moved the marks over what is done: up to the missed message.
    assert resumed.coach.maintenance.progress == MaintenanceProgress(
        covered=0, indexed=4, indexed_model="fake-embed"
    )
    await resumed.turn("And my FD?")
    assert embedder.inputs[-1] == [PLANTED[2], "And my FD?"]  # what the failed call missed
    assert (
        resumed.coach.maintenance.progress.indexed == 6
    )  # the messages before the question: all done
    await resumed.turn("And my expenses?")
    assert embedder.inputs[-1] == ["And my expenses?"]
    assert resumed.coach.maintenance.progress.indexed == 8


# ---- the maintenance API ----------------------------------------------------------------


async def test_maintenance_calls_go_through_the_coachs_public_account(counter):
    h = MemoryHarness(counter, "facts")
    await h.turns([*PLANTED, *filler(1)])
    kinds = [e["record"]["kind"] for e in h.events if e["type"] == "record"]
    assert kinds.count("extract") == 1
    # The record and the facts it produced were written together, record first.
    at = next(
        i
        for i, e in enumerate(h.events)
        if e["type"] == "record" and e["record"]["kind"] == "extract"
    )
    assert h.events[at + 1]["type"] == "facts"


# ---- the learned template: saved when the fit changes, in batches, and on close ---------


def learning_coach(counter, saved: list, overhead: TemplateOverhead) -> Coach:
    """A coach whose prior is `overhead` on a model that bills with OpenAI's template."""
    return Coach(
        state=SessionState(),
        sink=lambda event: None,
        llm=OfflineCoach(counter.count, OPENAI_CHAT_OVERHEAD),
        choice=ModelChoice("offline", MODEL, overhead, simulated=True),
        counter=counter,
        prices=shipped_prices(),
        system_prompt=FINCOACH_SYSTEM_PROMPT,
        strategy=make_strategy("buffer"),
        on_learned=lambda obs: saved.append(len(obs)),
    )


async def test_the_learned_template_is_saved_when_the_fit_changes_and_in_batches(counter):
    saved: list[int] = []
    coach = learning_coach(
        counter, saved, TemplateOverhead(fixed=0, per_role={}, default_per_message=0)
    )
    for turn in range(1, SAVE_LEARNED_EVERY + 6):
        async for _ in coach.turn(f"Question number {turn}?"):
            pass
    # Turns 1 and 2 taught the fit (saved at once), then it held still: a batch after
    # SAVE_LEARNED_EVERY more observations, the rest waits for the session to close.
    assert saved == [1, 2, 2 + SAVE_LEARNED_EVERY]
    coach.save_learned()
    assert saved[-1] == SAVE_LEARNED_EVERY + 5
    coach.save_learned()  # nothing new: nothing written
    assert len(saved) == 4


async def test_a_template_the_prior_already_predicts_is_saved_on_close(tmp_path):
    store = SessionStore(tmp_path)
    e = engine()
    live = open_session(e, store.open("s"))
    for turn in range(3):
        async for _ in live.coach.turn(f"Question number {turn}?"):
            pass
    path = paths.data_dir() / "overheads.json"
    assert not path.exists()  # the offline coach bills as the prior says: nothing changed yet
    live.close()
    (entry,) = json.loads(path.read_text())["entries"].values()
    assert len(entry["observations"]) == 3
    again = OverheadStore(path).load(e.settings.base_url, e.choice.model)
    assert again == e.learner.observations  # the next run starts from all of them
    assert len(engine().learner.observations) == 3
