"""hybrid: summary + recalled turns + tail, each within its budget; recall by BM25 or by
provider embeddings; precedence of facts over recalled passages; switching strategies."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.conversation import Transcript
from fincoach_tui.domain.fact_relevance import facts_budget
from fincoach_tui.domain.fact_store import Fact, FactStore
from fincoach_tui.domain.memory import STRATEGIES, MemoryView, Summary, make_strategy
from fincoach_tui.domain.memory.facts import FACTS_LABEL
from fincoach_tui.domain.memory.hybrid import NOTES_CEILING, RECALL_LABEL, HybridStrategy
from fincoach_tui.domain.memory.hybrid_sections import NOTES_REACH_TURNS, notes_span
from fincoach_tui.domain.memory.notes import NOTES_LABEL
from fincoach_tui.domain.memory.summary import SummaryStrategy
from fincoach_tui.domain.recall import (
    VectorRetriever,
    bm25,
    pack_vector,
    unpack_vector,
    words,
)
from fincoach_tui.domain.session_events import FactDeletedEvent, apply_fact_event, facts_event
from fincoach_tui.domain.session_state import replay
from fincoach_tui.llm.embeddings import OpenAIEmbeddings, embeddings_model
from fincoach_tui.llm.offline import visible_facts
from fincoach_tui.llm.providers import PRESETS, resolve_provider
from fincoach_tui.service.maintenance import IndexFinished
from tests.fake_openai import embed
from tests.memory_helpers import PLANTED, MemoryHarness, filler

SYSTEM = "You are a test coach."
VOCAB = [
    "salary",
    "₹1,20,000",
    "expenses",
    "₹60,000",
    "FD",
    "matures",
    "risk-averse",
    "rent",
    "gold",
    "index",
    "fund",
    "tax",
    "PPF",
    "what",
    "my",
    "is",
    "the",
    "budget",
    "save",
]


def conversation(texts, start=1_767_604_800.0):
    transcript = Transcript()
    for index, text in enumerate(texts):
        transcript.add("user" if index % 2 == 0 else "assistant", text, ts=start + 60 * index)
    return transcript.messages[:-1], transcript.messages[-1]


def sections(context) -> dict[str, str]:
    """The request's sections by kind; the user's statements (a "fact" section too) as
    "notes"."""
    return {
        ("notes" if s.label == NOTES_LABEL else s.provenance): s.text
        for s in context.messages[0].sections[1:]
    }


def verbatim_ids(context) -> set[str]:
    return {i for m in context.messages[1:-1] for i in m.source_ids}


def folded(history, tail_turns: int, text: str = "earlier turns") -> Summary:
    """A summary of every turn that has left the tail: until a fold covers them, those turns
    are sent verbatim (no holes), so recall only ever reaches folded turns."""
    last = len(history) // 2 - tail_turns
    return Summary(text, last, tuple(m.id for m in history[: 2 * last]), len(text.split()))


def view(history, new, summary=None, *, facts=None, count_text=None, count=lambda m: 10):
    """The strategy's view of `history` + `new` with the test's system prompt; messages
    count 10 tokens each and texts a token a word unless the test says otherwise."""
    return MemoryView(
        SYSTEM,
        history,
        new,
        count,
        summary,
        facts=facts,
        count_text=count_text or (lambda t: len(t.split())),
    )


# An early salary, five turns of other talk, then the question about it.
SALARY_TEXTS = [
    PLANTED[0],
    "noted",
    *[x for n in range(5) for x in (f"gold question {n}", "answer")],
    "What is my salary?",
]


# ---- retrievers ------------------------------------------------------------------------


def test_bm25_finds_the_turn_that_used_the_words():
    docs = {
        "m1": "My monthly take-home salary is ₹1,20,000.",
        "m3": "What is an index fund?",
        "m5": "I have an FD that is maturing in 3 months.",
    }
    scores = bm25("When does my FD mature? And my salary?", docs)
    assert scores["m5"] > 0 and scores["m1"] > 0 and scores["m3"] == 0
    assert words("maturing maturity expenses expense ₹1,20,000") == [
        "matur",
        "matur",
        "expens",
        "expens",
        "120000",
    ]


def test_vectors_round_trip_and_missing_ones_fall_back_to_bm25():
    vector = [0.25, -1.5, 3.0]
    assert unpack_vector(pack_vector(vector)) == pytest.approx(vector)
    history, new = conversation(["salary ₹1,20,000", "ok", "gold", "ok", "my salary?"])
    questions = [history[0], history[2]]
    vectors = {"m1": (1.0, 0.0), "m3": (0.0, 1.0), "m5": (0.9, 0.1)}
    name, scores = VectorRetriever("emb", vectors).scores(new, questions)
    assert name == "emb" and scores["m1"] > scores["m3"]
    name, _ = VectorRetriever("emb", {"m1": (1.0, 0.0)}).scores(new, questions)
    assert name == "bm25"  # one vector missing: keywords for this request, not a silent gap


# ---- recall: dedupe, budgets, caps ----------------------------------------------------


def test_recall_brings_back_an_old_turn_but_never_one_in_the_tail():
    texts = [
        PLANTED[0],
        "noted",
        *[x for n in range(6) for x in (f"gold question {n}", "answer")],
        "What is my salary now?",
    ]
    history, new = conversation(texts)
    strategy = HybridStrategy(tail_turns=2, recall_k=3)
    context = strategy.build(view(history, new, folded(history, 2)))
    (hit,) = context.recalled
    assert (hit.turn, hit.ids, hit.retriever) == (1, ("m1", "m2"), "bm25") and hit.score > 0
    assert (
        RECALL_LABEL in context.messages[0].content and "₹1,20,000" in sections(context)["recalled"]
    )
    assert not set(hit.ids) & verbatim_ids(context)
    # The same words in the tail: nothing recalled (they are sent verbatim anyway).
    texts = [*texts[2:-1], PLANTED[0], "noted", "What is my salary now?"]
    history, new = conversation(texts)
    context = strategy.build(view(history, new, folded(history, 2)))
    assert all(not set(h.ids) & verbatim_ids(context) for h in context.recalled)
    assert all(h.turn != 7 for h in context.recalled)


@st.composite
def hybrid_scenarios(draw):
    count = draw(st.integers(0, 30)) * 2 + 1
    texts = [" ".join(draw(st.lists(st.sampled_from(VOCAB), max_size=25))) for _ in range(count)]
    history, new = conversation(texts)
    params = {
        name: draw(st.integers(1, high))
        for name, high in (
            ("tail_turns", 6),
            ("batch_turns", 4),
            ("recall_k", 5),
            ("summary_tokens", 80),
            ("recall_tokens", 160),
            ("tail_tokens", 200),
            ("facts_tokens", 60),
        )
    }
    strategy = HybridStrategy(**params)
    summary = None
    for end in range(0, len(history) + 1, 2):
        plan = strategy.fold_plan(history[:end], summary)
        if plan:  # a summarizer that ignores the cap: the strategy must cap it anyway
            long_text = " ".join(m.content for turn in plan.turns for m in turn) * 3
            summary = Summary(long_text, plan.last_turn, plan.message_ids, 10_000)
    store = FactStore()
    users = [m for m in history if m.role == "user"]
    for n in range(draw(st.integers(0, 5)) if users else 0):
        source = draw(st.sampled_from(users))
        key = draw(st.sampled_from(["salary", "expenses", "risk"]))
        value = draw(st.sampled_from(["₹1,50,000", "₹70,000", "conservative"]))
        made = Fact(f"f{n + 1}", key, value, (source.id,), source.ts, source.turn)
        apply_fact_event(store, facts_event(source.turn, [source.id], [made]))
    if store.facts and draw(st.booleans()):
        apply_fact_event(store, FactDeletedEvent(store.facts[0].id, 1e10))
    return strategy, history, new, summary, store


@pytest.mark.slow  # 100 scenarios with the real tokenizer: the fast loop's largest single cost
@settings(
    max_examples=100, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None
)
@given(scenario=hybrid_scenarios())
def test_every_part_stays_within_its_budget_and_recall_never_repeats_the_tail(counter, scenario):
    strategy, history, new, summary, store = scenario
    count = lambda m: counter.count(m.content)  # noqa: E731
    context = strategy.build(
        view(history, new, summary, facts=store, count_text=counter.count, count=count)
    )
    parts = sections(context)
    assert counter.count(parts.get("summary", "")) <= strategy.summary_tokens
    assert counter.count(parts.get("recalled", "")) <= strategy.recall_tokens
    assert counter.count(parts.get("fact", "")) <= facts_budget(
        strategy.facts_tokens, len(store.current())
    )
    assert counter.count(parts.get("notes", "")) <= NOTES_CEILING
    by_id = {m.id: m for m in history}
    tail = verbatim_ids(context)
    # The tail proper (the newest tail_turns) keeps its budget; older turns not folded yet
    # are sent verbatim as well, whatever their size (no holes).
    covered = summary.last_turn if summary else 0
    newest = {m.id for m in history[-2 * strategy.tail_turns :]}
    assert sum(count(by_id[i]) for i in tail & newest) <= strategy.tail_tokens
    waiting = {m.id for m in history if m.turn > covered} - newest
    assert waiting <= tail
    # Recall: at most k turns, none of them in the tail, never a deleted fact's message.
    assert len(context.recalled) <= strategy.recall_k
    recalled = {i for h in context.recalled for i in h.ids}
    assert not recalled & tail
    assert not recalled & store.deleted_source_ids()
    # One system message, alternation, the new message last: as every strategy.
    roles = [m.role for m in context.messages]
    assert (
        roles.count("system") == 1
        and roles[-1] == "user"
        and context.messages[-1].content == new.content
    )
    assert roles[1:] == ["user", "assistant"] * ((len(roles) - 2) // 2) + ["user"]


def test_the_summary_is_capped_at_fold_time_and_when_sent(counter):
    history, new = conversation([f"salary talk {n} " * 40 for n in range(21)])
    strategy = HybridStrategy(tail_turns=3, batch_turns=4, summary_tokens=50)
    plan = strategy.fold_plan(history, None)
    assert plan.cap_tokens == 50
    folded = plan.result("word " * 500, counter.count)
    assert folded.tokens <= 50
    # A longer summary made by `summary` (cap 300) is cut to hybrid's budget when sent.
    long = (
        SummaryStrategy(cap_tokens=300)
        .fold_plan(history, None)
        .result("word " * 500, counter.count)
    )
    assert long.tokens > 50
    sent = view(
        history, new, long, count=lambda m: counter.count(m.content), count_text=counter.count
    )
    assert counter.count(sections(strategy.build(sent))["summary"]) <= 50


# ---- precedence and deletion ----------------------------------------------------------


def test_a_current_fact_beats_a_recalled_passage_and_the_conflict_is_shown(counter):
    history, new = conversation(SALARY_TEXTS)
    store = FactStore()
    apply_fact_event(
        store,
        facts_event(6, ["m11"], [Fact("f1", "salary", "₹1,50,000", ("m11",), history[10].ts, 6)]),
    )
    summary = folded(history, 2)
    context = HybridStrategy(tail_turns=2).build(
        view(history, new, summary, facts=store, count_text=counter.count)
    )
    (conflict,) = context.conflicts
    assert (conflict.key, conflict.recalled_turn, conflict.recalled_value, conflict.fact_value) == (
        "salary",
        1,
        "₹1,20,000",
        "₹1,50,000",
    )
    outdated = "(Outdated: salary was ₹1,20,000 then; the current fact is ₹1,50,000.)"
    assert outdated in sections(context)["recalled"]
    # The user's statements from the turns not sent come before the facts: the facts last,
    # the freshest and most structured word wins.
    assert [s.label for s in context.messages[0].sections][1:] == [
        "Conversation summary (turns 1-4)",
        RECALL_LABEL,
        NOTES_LABEL,
        FACTS_LABEL,
    ]
    assert "1 conflict: salary (fact wins)" in context.note
    # What the (offline) model takes from this request: the fact, not the passage.
    assert visible_facts(context.as_chat())["salary"].value == "₹1,50,000"


def test_a_deleted_fact_is_not_recalled_and_is_redacted_from_the_summary(counter):
    history, new = conversation(SALARY_TEXTS)
    store = FactStore()
    apply_fact_event(
        store,
        facts_event(2, ["m1"], [Fact("f1", "salary", "₹1,20,000", ("m1",), history[0].ts, 1)]),
    )
    apply_fact_event(store, FactDeletedEvent("f1", 2e9))
    summary = Summary("Facts: salary ₹1,20,000.", 2, ("m1", "m2", "m3", "m4"), 6)
    context = HybridStrategy(tail_turns=2).build(
        view(history, new, summary, facts=store, count_text=counter.count)
    )
    assert "₹1,20,000" not in context.messages[0].content
    assert "salary [deleted]" in sections(context)["summary"]
    assert all("m1" not in h.ids for h in context.recalled)


# ---- through the coach: budgets hold as the session grows ------------------------------


async def test_hybrid_keeps_early_facts_at_a_flat_cost(counter):
    h = MemoryHarness(counter, "hybrid")
    await h.turns([*PLANTED, *filler(20)])
    await h.turn("How much is my FD and when does it mature?")
    request = h.last_request
    assert "₹50,000" in request and "3 months" in request
    record = h.state.chat_records[-1]
    assert (
        record.extra["recall"][0]["turn"] == 3 and record.extra["recall"][0]["retriever"] == "bm25"
    )
    # Bounded by construction: system + each part's budget + the new message.
    prompts = [r.counted_tokens for r in h.state.chat_records[-12:]]
    system = counter.count(h.coach.system_prompt)
    assert max(prompts) <= system + 500 + 500 + 1200 + 250 + 40 + 60  # + labels and the question
    assert h.state.summary is not None and h.state.summary.tokens <= 500


async def test_the_coachs_recall_index_grows_with_the_session_and_scores_as_bm25(counter):
    # Recall reads one index kept for the session, not every earlier question tokenized
    # again each request; its scores are BM25's over the candidates all the same.
    from fincoach_tui.domain.conversation import Message
    from fincoach_tui.domain.recall import bm25

    h = MemoryHarness(counter, "hybrid")
    await h.turns([*PLANTED, *filler(6)])
    question = Message("probe", "user", "How much is my FD and when does it mature?", 0.0, 99)
    retriever = h.coach.view(question).retriever
    assert h.coach.view(question).retriever is retriever  # the same index, request after request
    questions = [m for m in h.state.transcript.messages if m.role == "user"]
    _, scores = retriever.scores(question, questions)
    assert len(h.coach.maintenance.recall.index) == len(questions)  # each question indexed once
    expected = bm25(question.content, {m.id: m.content for m in questions})
    assert scores == {k: v for k, v in expected.items() if v}
    await h.turn("Thanks!")  # its recall reads the same index: nothing is indexed again
    assert len(h.coach.maintenance.recall.index) == len(questions)
    assert h.coach.view(question).retriever is retriever


# ---- embeddings: the provider path, against the fake server through the openai SDK ----


def openai_settings(base_url: str):
    return resolve_provider(
        provider="openai",
        model="gpt-4o-mini",
        base_url=base_url,
        api_key_env=None,
        environ={"OPENAI_API_KEY": "sk-test-key-0123456789"},
    )


async def test_embeddings_come_from_the_endpoint_through_the_sdk(fake_openai):
    settings = openai_settings(fake_openai.base_url)
    # OpenAI's embeddings model on OpenAI's server only; elsewhere, the one configured.
    assert embeddings_model(replace(settings, base_url=PRESETS["openai"].base_url)) == (
        "text-embedding-3-small"
    )
    assert embeddings_model(settings) is None
    assert embeddings_model(settings, "text-embedding-3-small") == "text-embedding-3-small"
    assert (
        embeddings_model(
            resolve_provider(
                provider="offline", model=None, base_url=None, api_key_env=None, environ={}
            )
        )
        is None
    )
    embedder = OpenAIEmbeddings(settings, "text-embedding-3-small")
    try:
        result = await embedder.embed(["my salary", "an index fund"])
    finally:
        await embedder.aclose()
    assert [list(v) for v in result.vectors] == [
        pytest.approx(embed("my salary"), abs=1e-6),
        pytest.approx(embed("an index fund"), abs=1e-6),
    ]
    assert result.prompt_tokens == 5
    assert fake_openai.embedding_requests[0]["model"] == "text-embedding-3-small"


async def test_hybrid_embeds_each_message_once_and_recalls_by_vector(counter, fake_openai):
    embedder = OpenAIEmbeddings(openai_settings(fake_openai.base_url), "text-embedding-3-small")
    try:
        h = MemoryHarness(counter, "hybrid", embedder=embedder)
        indexed = []
        for text in [*PLANTED, *filler(6), "What is my salary, again?"]:
            indexed += [e for e in await h.turn(text) if isinstance(e, IndexFinished)]
        sent = [t for r in fake_openai.embedding_requests for t in r["input"]]
        users = [m.content for m in h.state.transcript.messages if m.role == "user"]
        assert sent == users  # every user message once, in order, none twice
        assert [e.count for e in indexed] == [1] * len(users)
        records = [r for r in h.state.records if r.kind == "embed"]
        assert len(records) == len(users) and all(
            r.model == "text-embedding-3-small" for r in records
        )
        assert all(r.cost_usd is not None for r in records)
        recall = h.state.chat_records[-1].extra["recall"]
        assert recall and all(hit["retriever"] == "text-embedding-3-small" for hit in recall)
        # The vectors are in the session log: a resumed session does not embed them again.
        state, _ = replay(list(h.events))
        user_ids = {m.id for m in h.state.transcript.messages if m.role == "user"}
        assert set(state.embeddings["text-embedding-3-small"]) == user_ids
        resumed = h.resumed(embedder=embedder)
        await resumed.turn("And my FD?")
        assert (
            len([t for r in fake_openai.embedding_requests for t in r["input"]]) == len(users) + 1
        )
    finally:
        await embedder.aclose()


async def test_a_failed_embedding_call_falls_back_to_keywords(counter):
    from fincoach_tui.llm.embeddings import OpenAIEmbeddings
    from tests.fake_openai import closed_port_url

    embedder = OpenAIEmbeddings(
        openai_settings(closed_port_url()), "text-embedding-3-small", timeout=2
    )
    try:
        params = {"tail_turns": 1, "batch_turns": 1}  # turn 1 folded: a recall candidate
        h = MemoryHarness(counter, "hybrid", params, embedder=embedder)
        await h.turns([PLANTED[0], *filler(3)])
        events = await h.turn("What is my salary?")
        (failed,) = [e for e in events if isinstance(e, IndexFinished)]
        assert failed.error is not None and failed.error.kind == "connection"
        assert h.state.chat_records[-1].extra["recall"][0]["retriever"] == "bm25"
    finally:
        await embedder.aclose()


# ---- switching between any two strategies loses nothing -------------------------------


@pytest.mark.parametrize(("first", "second"), list(itertools.permutations(STRATEGIES, 2)))
async def test_switching_between_any_two_strategies_loses_nothing(counter, first, second):
    h = MemoryHarness(counter, first)
    await h.turns([*PLANTED, *filler(4)])
    h.coach.switch_strategy(second)
    await h.turns(filler(3, 10))
    assert h.state.chat_records[-1].strategy == second
    h.coach.switch_strategy("buffer")
    await h.turn("Everything, please.")
    sent = [(m.role, m.content) for m in h.state.chat_records[-1].sent[1:]]
    assert sent == [(m.role, m.content) for m in h.state.transcript.messages[:-1]]
    assert h.state.transcript.completed_turns == 11


def test_make_strategy_knows_hybrid():
    assert make_strategy("hybrid").params() == {
        "tail_turns": 3,
        "batch_turns": 4,
        "recall_k": 3,
        "summary_tokens": 500,
        "recall_tokens": 500,
        "tail_tokens": 1200,
        "facts_tokens": 250,
        "recall_window": 1500,
    }


def test_the_users_own_statements_ride_along_within_their_bound():
    """What neither the summary's fixed budget nor recall's top-k brought back is still sent
    in the user's words, as the `facts` strategy sends it; never a turn sent verbatim or
    recalled, and never more than the turns they stand in for would cost."""
    texts = [
        "My monthly take-home salary is ₹1,20,000.",
        "noted",
        "My wife earns around 95k at her new job.",
        "noted",
        *[x for n in range(5) for x in (f"What is an index fund, part {n}?", "answer")],
        "What is my salary now?",
    ]
    history, new = conversation(texts)
    strategy = HybridStrategy(tail_turns=2, recall_k=1)
    context = strategy.build(view(history, new, folded(history, 2)))
    assert [h.turn for h in context.recalled] == [1]
    assert sections(context)["notes"] == "- (turn 2) My wife earns around 95k at her new job"
    assert context.note.endswith("recalled turns 1 (bm25) · 1 of the user's statements")
    # The turns left out cost 10 tokens a message: with room for one message's worth after
    # the summary and the passage, the notes shrink to what fits, or go.
    small = strategy.build(view(history, new, folded(history, 2), count=lambda m: 1))
    assert "notes" not in sections(small)


def test_the_statements_come_from_the_newest_turns_only():
    """A fold changes the values the statements are judged against, so hybrid reaches back
    `NOTES_REACH_TURNS` turns for them, not over the whole session: a statement older than
    that is left to the summary and recall, one within it is sent."""
    filler_turns = [x for n in range(NOTES_REACH_TURNS) for x in (f"What is a bond, {n}?", "ok")]
    texts = [
        "My wife earns around 95k at her new job.",
        "noted",
        *filler_turns,
        "Our rent is 31k since the hike.",
        "noted",
        *[x for n in range(3) for x in (f"What is an index fund, part {n}?", "answer")],
        "What is a bond, again?",
    ]
    history, new = conversation(texts)
    strategy = HybridStrategy(tail_turns=2, recall_k=1)
    notes = sections(strategy.build(view(history, new, folded(history, 2))))["notes"]
    assert notes == "- (turn 62) Our rent is 31k since the hike"
    assert len(notes_span(history)) == 2 * NOTES_REACH_TURNS
    assert notes_span(history[:10]) == history[:10]
