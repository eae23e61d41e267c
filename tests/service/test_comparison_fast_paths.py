"""The every-strategy comparison's shortcuts give what the plain computations give: buffer's
running sums equal its built requests, the index's BM25 equals the per-document formula
over large sets too, the lazy recall ranking equals a full sort, and the system message
assembled with joined ids equals `system_message`."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from fincoach_tui.domain.context import Section, system_message
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.counterfactual import CounterfactualLedger, Walker
from fincoach_tui.domain.memory import make_strategy
from fincoach_tui.domain.memory.hybrid import ranked
from fincoach_tui.domain.recall import BM25Index, words
from fincoach_tui.service.cost_comparison import CostComparison
from tests.bm25_reference import per_document_bm25
from tests.memory_helpers import PLANTED, MemoryHarness, filler


@dataclass(frozen=True)
class Built:
    """buffer under another type: the ledger builds its requests like any strategy's."""

    inner: object

    @property
    def name(self):
        return self.inner.name

    def params(self):
        return self.inner.params()

    def build(self, view):
        return self.inner.build(view)


def comparison(h: MemoryHarness, strategy):
    costs = CostComparison(h.coach)
    snap = costs.snapshot([strategy], context_window=128_000)
    return costs, snap


def same_snapshots(h: MemoryHarness) -> None:
    fast_costs, fast = comparison(h, make_strategy("buffer"))
    built_costs, built = comparison(h, Built(make_strategy("buffer")))
    assert fast.report.curve("buffer") == built.report.curve("buffer")
    assert fast.projections == built.projections
    (fast_walker,) = fast_costs.ledger.walkers.values()
    (built_walker,) = built_costs.ledger.walkers.values()
    assert fast_walker.steps == built_walker.steps


async def test_buffer_summed_equals_buffer_built_when_buffer_was_used(counter):
    h = MemoryHarness(counter, "buffer")
    await h.turns([*PLANTED, *filler(6)])
    same_snapshots(h)
    fast_costs, fast = comparison(h, make_strategy("buffer"))
    assert fast.report.curve("buffer").predicted == 0  # every turn was this very request
    await h.turns(filler(3, 7))  # walked on from its running sums
    again = fast_costs.snapshot([make_strategy("buffer")], context_window=128_000)
    assert again.report.curve("buffer") == comparison(h, Built(make_strategy("buffer")))[
        1
    ].report.curve("buffer")


async def test_buffer_summed_equals_buffer_built_under_another_strategy(counter):
    h = MemoryHarness(counter, "window", {"k": 2})
    await h.turns([*PLANTED, *filler(8)])
    same_snapshots(h)


def test_running_sums_follow_the_history_and_the_sizes_given():
    """Sequences of steps as the projection and a replaced history make them: the sums
    start over whenever they would not be the same."""
    messages = [
        Message(
            f"m{i}", "user" if i % 2 else "assistant", f"text {i} " * (i % 7 + 1), 0.0, (i + 1) // 2
        )
        for i in range(1, 41)
    ]
    template_strategy = make_strategy("buffer")
    from fincoach_tui.domain.memory.base import MemoryView

    def count(m):
        return len(m.content.split())

    template = MemoryView(
        "You are FinCoach.", (), messages[0], count, count_text=lambda t: len(t.split())
    )
    ledger_fast = CounterfactualLedger(
        lambda m: len(m.content.split()) + 1, lambda t: len(t.split())
    )
    ledger_built = CounterfactualLedger(
        lambda m: len(m.content.split()) + 1, lambda t: len(t.split())
    )
    fast, built = Walker(template_strategy), Walker(Built(template_strategy))
    projected = [
        Message(f"p{i}", "user" if i % 2 else "assistant", "", 0.0, 21 + i // 2) for i in range(10)
    ]
    sizes_a = {m.id: 5 + n for n, m in enumerate(projected)}
    sizes_b = {**sizes_a, "m3": 99}  # a size for a transcript message too
    other = [
        Message(f"x{i}", m.role, m.content + " more", 0.0, m.turn)
        for i, m in enumerate(messages, 1)
    ]
    sequence = [
        (messages[:0], messages[0], None),
        (messages[:2], messages[2], None),
        (messages[:10], messages[10], None),
        (messages[:10], messages[10], None),
        (messages[:6], messages[6], None),  # shorter: summed again
        (messages[:20] + projected[:2], projected[2], sizes_a),
        (messages[:20] + projected[:6], projected[6], sizes_a),
        (messages[:20] + projected[:6], projected[6], sizes_b),
        (messages[:20], messages[20], None),
        (messages[:20] + projected[:4], projected[4], sizes_b),
        (messages[:24], messages[24], None),
        (other[:24], other[24], None),
        (messages[:30], messages[30], {}),
    ]
    for history, new, sizes in sequence:
        a = ledger_fast.step(fast, template, tuple(history), new, 7, sizes=sizes)
        b = ledger_built.step(built, template, tuple(history), new, 7, sizes=sizes)
        assert a == b, (len(history), new.id, sizes is not None)


# ---- BM25 over many documents ---------------------------------------------------------


WORDS = [
    "salary",
    "rent",
    "FD",
    "matures",
    "gold",
    "tax",
    "PPF",
    "budget",
    "save",
    "fund",
    "index",
    "loan",
]


def test_the_index_equals_the_per_document_formula_on_a_long_session():
    rng = random.Random(5)
    docs = {}
    for n in range(1, 401):  # every question says "turn", as a generated session's do
        picked = rng.sample(WORDS, rng.randint(0, 5)) + [rng.choice(WORDS)] * rng.randint(0, 2)
        docs[f"m{2 * n - 1}"] = " ".join(picked) + f" (turn {n})"
    index = BM25Index()
    for doc_id, text in docs.items():
        index.add(doc_id, text)
    index.add("m5", "my gold loan, again (turn 3)")  # a replaced text
    docs["m5"] = "my gold loan, again (turn 3)"
    ids = list(docs)
    for trial in range(40):
        query = " ".join(rng.sample(WORDS, rng.randint(1, 4))) + f" (turn {rng.randint(1, 450)})"
        if trial % 3 == 0:
            among = {i: docs[i] for i in ids[: rng.randint(1, 400)]}  # most of the index, or a few
        else:
            among = {i: docs[i] for i in rng.sample(ids, rng.randint(1, 400))}
        if trial % 4 == 0:
            among["p1"], among["p2"] = "", "salary rent turn"  # documents the index never held
        terms = set(words(query))
        assert index.scores(query, among) == per_document_bm25(query, among, terms)


# ---- recall's ranking, lazily ---------------------------------------------------------


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.sampled_from([0.0, -1.0, 0.25, 0.5, 0.5, 1.0, 2.0, 3.5, float("nan")]), max_size=60
    ),
    st.integers(min_value=1, max_value=12),
    st.randoms(use_true_random=False),
)
def test_the_lazy_ranking_is_the_full_sort(values, first, rng):
    turns = [rng.randint(1, 30) for _ in values]  # turn numbers may repeat
    if rng.random() < 0.7:
        turns.sort()  # in order, as a transcript's are
    candidates = [
        (Message(f"q{n}", "user", "", 0.0, t), Message(f"a{n}", "assistant", "", 0.0, t))
        for n, t in enumerate(turns)
    ]
    scores = {f"q{n}": v for n, v in enumerate(values) if rng.random() < 0.9}
    expected = sorted(
        (t for t in candidates if scores.get(t[0].id, 0.0) > 0.0),
        key=lambda t: (-scores[t[0].id], t[0].turn),
    )
    assert list(ranked(candidates, scores, first)) == expected
    if turns == sorted(turns):
        assert list(ranked(candidates, scores, first, ordered=True)) == expected


# ---- the system message ---------------------------------------------------------------


def test_the_system_message_carries_every_sections_ids_in_order():
    ids = tuple(f"m{i}" for i in range(1, 400))
    for sections in [
        (Section("summary", "Conversation summary (turns 1-199)", "gist", ids),),
        (
            Section("summary", "S", "gist", ids[:50]),
            Section("recalled", "R", "passage", ("m7", "m8")),
            Section("fact", "F", "- salary", ("m1",)),
        ),
        (Section("summary", "S", "", ()), Section("recalled", "R", "p", ids[:70])),
        (),
    ]:
        message = system_message("You are FinCoach.", sections)
        assert message.source_ids == tuple(i for section in sections for i in section.source_ids)
        assert message.sections[1:] == sections


# ---- summary's tail and folds, by bisection --------------------------------------------


def test_summary_tails_and_folds_equal_the_scans_as_histories_grow_shrink_and_differ():
    from fincoach_tui.domain.memory.base import MemoryView, Summary, turns_of

    rng = random.Random(11)
    strategy = make_strategy("summary", {"tail_turns": 2, "batch_turns": 3})
    messages = []
    for turn in range(1, 61):
        messages += [
            Message(f"m{2 * turn - 1}", "user", f"q{turn}", 0.0, turn),
            Message(f"m{2 * turn}", "assistant", f"a{turn}", 0.0, turn),
        ]
    shuffled = [Message(m.id, m.role, m.content, 0.0, rng.randint(1, 60)) for m in messages]

    def expected(history, summary):
        covered = summary.last_turn if summary else 0
        turns = turns_of(history)
        due = tuple(t for t in turns if covered < t[0].turn <= len(turns) - 2)
        return [m for m in history if m.turn > covered], (due if len(due) >= 3 else None)

    for _ in range(300):
        source = shuffled if rng.random() < 0.2 else messages
        n = rng.randint(0, len(source))
        history = tuple(source[:n]) if rng.random() < 0.8 else list(source[:n])
        last = rng.randint(0, 40)
        summary = Summary("gist", last, (), 5) if last else None
        kept, due = expected(history, summary)
        plan = strategy.fold_plan(history, summary)
        assert (plan.turns if plan else None) == due
        view = MemoryView(
            "p", tuple(history), Message("new", "user", "x", 0.0, 61), lambda m: 1, summary
        )
        context = strategy.build(view)
        assert [i for m in context.messages[1:-1] for i in m.source_ids] == [m.id for m in kept]
