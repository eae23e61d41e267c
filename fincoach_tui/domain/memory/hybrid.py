"""hybrid: running summary + recalled earlier turns + the verbatim tail (seed 004).

Four parts, each within its own token budget, so the request stays flat however long the
session runs: the summary (gist), the top-k recalled turns (exact words of old facts),
the newest turns verbatim (flow), and the new message. Default budgets are seed 004's
1,000 summary / 1,000 recall / 2,400 recent, halved because our tail holds 3 turns where
the seed's holds 6: 500 / 500 / 1,200. Any current facts from the store (a "remember ..."
or an earlier `facts` run) ride along in a fourth section (250 tokens, seed 002's figure)
and win over a recalled passage that says otherwise.

Recalled turns go into the system message as labelled, dated passages rather than as
user/assistant pairs before the tail. Both keep alternation, but a pair from turn 3
placed just before turn 20 reads as if it had just been said; a passage says when it was
said and can carry an "outdated" note when a fact has replaced it.

No holes: every earlier turn is in the tail, covered by the summary, or a recall candidate.
Turns that have left the tail but are not folded yet are sent verbatim until the fold, and
the summary and recalled passages together never cost more than the turns they stand in
for, so no part of hybrid sends more than `buffer` would.

Recall reads a window: the newest `recall_window` turns (1,500 by default, far beyond an
ordinary session). A turn older than that is covered by the running summary only (or
sent verbatim while it waits for its fold), never recalled; only a turn of the tail that
did not fit its budget is a candidate whatever the window. So a request's recall, and the
index it reads (a question added per turn, the one that left the window forgotten), cost
the same at turn 10,000 as at turn 1,500.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from fincoach_tui.domain.context import Conflict, Context, RecallHit, Section
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.fact_extraction import ExtractPlan, plan_extraction
from fincoach_tui.domain.fact_relevance import facts_budget
from fincoach_tui.domain.fact_store import Fact, FactStore, conflicts_in, redact
from fincoach_tui.domain.memory.base import (
    MemoryView,
    Summary,
    Turn,
    assemble,
    last_turns,
    ordered_turns,
    positive_int,
    turns_newest_first,
)
from fincoach_tui.domain.memory.facts import facts_section, not_in_tail
from fincoach_tui.domain.memory.hybrid_sections import (
    NOTES_CEILING,
    RECALL_LABEL,
    SUMMARY_ID,
    Passage,
    marked_summary,
    passage_conflicts,
    passage_text,
    precedence,
    statement_notes,
    summary_time,
)
from fincoach_tui.domain.memory.recall_candidates import RecallCandidates, ranked
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.memory.summary import FoldPlan, SummaryStrategy
from fincoach_tui.domain.recall import LexicalRetriever

_QUESTION = operator.itemgetter(0)
# How many of the newest turns recall reads by default. A step then costs what it costs at
# this many turns, however long the session (bench_walk.py --steps-at, every question
# different: 1.7 ms of CPU at turn 5,000 and 1.8 at 10,000, was 2.9 and 3.8); a window of
# 1,000 or 2,000 costs about a fifth less or more. The probe's conversations (30 turns),
# or a session of a few hundred, never reach it.
RECALL_WINDOW = 1500


@dataclass(frozen=True)
class HybridStrategy:
    tail_turns: int = 3
    batch_turns: int = 4
    recall_k: int = 3
    summary_tokens: int = 500
    recall_tokens: int = 500
    tail_tokens: int = 1200
    facts_tokens: int = 250
    recall_window: int = RECALL_WINDOW
    name = "hybrid"
    uses_recall = True  # the coach embeds new messages only for strategies that recall

    def __post_init__(self) -> None:
        for name, value in self.params().items():
            positive_int(name, value)

    def params(self) -> dict[str, int]:
        return {
            "tail_turns": self.tail_turns,
            "batch_turns": self.batch_turns,
            "recall_k": self.recall_k,
            "summary_tokens": self.summary_tokens,
            "recall_tokens": self.recall_tokens,
            "tail_tokens": self.tail_tokens,
            "facts_tokens": self.facts_tokens,
            "recall_window": self.recall_window,
        }

    # ---- maintenance the coach runs before the request --------------------------------
    def fold_plan(
        self,
        history: tuple[Message, ...],
        summary: Summary | None,
        memo: SessionMemo | None = None,
    ) -> FoldPlan | None:
        """As `summary` folds, with the summary capped at this strategy's summary budget
        (which does not grow: the request stays flat)."""
        plan = SummaryStrategy(self.tail_turns, self.batch_turns, self.summary_tokens).fold_plan(
            history, summary, memo
        )
        return replace(plan, cap_growth=1) if plan is not None else None

    def extract_plan(
        self, history: tuple[Message, ...], new: Message, store: FactStore
    ) -> ExtractPlan | None:
        """Only an explicit "remember ...": batch extraction is the `facts` strategy's cost."""
        return plan_extraction(history, new, store, every_turns=None)

    # ---- the request ------------------------------------------------------------------
    def build(self, view: MemoryView) -> Context:
        summary = view.summary
        covered = summary.last_turn if summary else 0
        history = view.history
        tail, examined = self._verbatim(history, covered, view)
        tail_ids = {m.id for turn in tail for m in turn}
        store = view.facts
        current = store.current() if store else ()

        sections: list[Section] = []
        notes: list[str] = []
        summary_conflicts: tuple[Conflict, ...] = ()
        newer: Sequence[Fact] = current
        # What the summary and recall stand in for: the earlier turns not sent verbatim.
        # Together they never cost more than sending those turns would (no fold, no recall
        # makes the request larger than the turns it replaces).
        # Only the `examined` newest turns can be in the tail: the older ones are all
        # candidates back to the window's oldest, named by their number (the session's
        # length must not cost per turn).
        split = len(history) // 2 - examined
        others = RecallCandidates(
            history,
            split,
            [t for t in last_turns(history, examined) if t[0].id not in tail_ids]
            if examined
            else [],
            since=self.window_start(history),
        )
        room, enough = 0, self.summary_tokens + self.recall_tokens + NOTES_CEILING
        for question, answer in others.newest_first():  # counted only as far as can matter
            room += view.count(question) + view.count(answer)
            if room >= enough:
                break
        if summary:
            said_at = summary_time(view, summary)
            summary_conflicts = tuple(
                conflicts_in(summary.text, said_at, covered, current, source="summary")
            )
            text = marked_summary(
                redact(summary.text, store), summary_conflicts, self.summary_tokens, view
            )
            sections.append(Section("summary", summary.label, text, summary.covers_ids))
            notes.append(f"summary covers turns 1-{covered}")
            newer = precedence(summary.text, said_at, covered, current)
            if summary.warning():
                notes.append(summary.warning())
            # (a stand-in summary, as the simulation's, has a size but no text)
            room -= max(view.text_tokens(text), min(summary.tokens, self.summary_tokens))
        passages = self._recall(view, others, newer, min(self.recall_tokens, room))
        if passages:
            text = "\n\n".join(p.text for p in passages)
            ids = tuple(i for p in passages for i in p.hit.ids)
            sections.append(Section("recalled", RECALL_LABEL, text, ids))
            scorer = passages[0].hit.retriever
            notes.append(
                f"recalled turns {', '.join(str(p.hit.turn) for p in passages)} ({scorer})"
            )
        kept = [m for turn in tail for m in turn]
        if passages:
            room -= view.text_tokens("\n\n".join(p.text for p in passages))
        words, told = statement_notes(view, kept, passages, room, newer)
        if words is not None:
            sections.append(words)
            notes.append(f"{told} of the user's statements")
        budget = facts_budget(self.facts_tokens, len(current))
        facts, _ = facts_section(
            not_in_tail(current, kept), budget, view.text_tokens, view.new.content
        )
        if facts:
            sections.append(facts)  # last: the freshest, most structured word wins
        conflicts = summary_conflicts + tuple(c for p in passages for c in p.conflicts)
        if conflicts:
            keys = ", ".join(dict.fromkeys(c.key for c in conflicts))
            wins = "fact wins" if all(c.fact_id != SUMMARY_ID for c in conflicts) else "newer wins"
            notes.append(f"{len(conflicts)} conflict{'s' * (len(conflicts) > 1)}: {keys} ({wins})")

        context = assemble(
            view, kept, strategy=self.name, sections=tuple(sections), note=" · ".join(notes)
        )
        return replace(context, recalled=tuple(p.hit for p in passages), conflicts=conflicts)

    def window_start(self, history: Sequence[Message]) -> int:
        """The place (0-based) of the oldest turn of `history` recall reads: the newest
        `recall_window` turns. The older ones are the summary's (or waiting for their fold,
        sent verbatim)."""
        return max(0, len(history) // 2 - self.recall_window)

    def _verbatim(
        self, history: Sequence[Message], covered: int, view: MemoryView
    ) -> tuple[list[Turn], int]:
        """Every turn the summary does not cover that must be sent as said: the tail (the
        newest `tail_turns`, as many as fit `tail_tokens`; one that does not fit is left to
        recall) and, older than the tail, every turn waiting for its fold, whatever its size:
        a turn that has left the tail but is not folded yet is sent verbatim, never dropped.
        Also how many of the newest turns were looked at: no older one is kept."""
        kept: list[Turn] = []
        used = 0
        budget_binds = False
        examined = 0
        for index, (question, answer) in enumerate(turns_newest_first(history)):
            if question.turn <= covered:
                break
            examined = index + 1
            if index < self.tail_turns:
                size = view.count(question) + view.count(answer)
                budget_binds = budget_binds or used + size > self.tail_tokens
                if budget_binds:
                    continue
                used += size
            kept.append((question, answer))
        return kept[::-1], examined

    def _recall(
        self, view: MemoryView, others: RecallCandidates, facts: Sequence[Fact], budget: int
    ) -> list[Passage]:
        """The best-scoring earlier turns whose passages fit `recall_tokens`, oldest first.

        Only turns outside the verbatim tail are candidates (so nothing is sent twice), and
        never a message a deleted fact came from. A passage that does not fit whole is
        tried without the coach's reply: the user's own words carry the facts.
        """
        if not others or budget <= 0:
            return []
        excluded = view.facts.deleted_source_ids() if view.facts else set()
        retriever = _in_turn_order(view, others) or view.retriever or LexicalRetriever()
        first = 2 * self.recall_k + 4
        scored = (
            retriever.turn_scores(
                view.new,
                view.history,
                others.split,
                others.newer_questions,
                since=others.since,
                best=self.recall_k,
            )
            if not excluded and isinstance(retriever, LexicalRetriever)
            else None
        )
        best: Iterator[tuple[Message, Message, float]]
        if scored is not None:  # read from the index: only the turns sharing a word (or
            # their classes, when the session asks the same things again)
            # Ranked by score, then by place, which is the turn's order here (the index
            # holds the questions in the order of their turns, the newer ones follow).
            scorer = LexicalRetriever.name
            best = ((*others.turn(place), score) for place, score in scored.best(first))
        else:
            candidates = others.turns()
            if excluded:
                candidates = [
                    t for t in candidates if t[0].id not in excluded and t[1].id not in excluded
                ]
            if not candidates:
                return []
            scorer, scores = retriever.scores(view.new, list(map(_QUESTION, candidates)))
            # Candidates keep the history's order: its turns' order, when those never decrease.
            ordered = ordered_turns(view.history, view.memo) is not None
            best = (
                (question, answer, scores[question.id])
                for question, answer in ranked(candidates, scores, first, ordered)
            )
        chosen: list[Passage] = []
        for question, answer, score in best:
            if len(chosen) == self.recall_k:
                break
            for reply in (answer, None):
                conflicts = passage_conflicts(question, reply, facts, view.memo)
                text = redact(passage_text(question, reply, conflicts), view.facts)
                ids = (question.id, answer.id) if reply else (question.id,)
                hit = RecallHit(question.turn, ids, round(score, 4), scorer)
                trial = sorted([*chosen, Passage(hit, text, conflicts)], key=lambda p: p.hit.turn)
                if view.text_tokens("\n\n".join(p.text for p in trial)) <= budget:
                    chosen = trial
                    break
        return chosen


def _in_turn_order(view: MemoryView, others: RecallCandidates) -> LexicalRetriever | None:
    """BM25 from the session's index of its questions in the order of their turns (kept in
    its memo, a question added per turn and the one that left the window forgotten), when
    the view's retriever is BM25 without one: recall then reads the best few, not every
    earlier question. None for another retriever (or one that already reads such an
    index), or a history whose turns go back."""
    retriever = view.retriever
    if retriever is not None and (
        not isinstance(retriever, LexicalRetriever) or retriever.in_turn_order
    ):
        return None
    if ordered_turns(view.history, view.memo) is None:
        return None
    index = view.memo.questions(view.history, others.split, since=others.since)
    return LexicalRetriever(index, in_turn_order=True)
