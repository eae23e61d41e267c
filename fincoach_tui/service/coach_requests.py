"""What the next request of a session is: counting, the memory view, measuring, previewing.

The coach (service/coach.py) builds every request through these, and so do maintenance
(service/maintenance.py, through its `Ledger`) and the front ends' previews: one place
says how a message is counted, what the strategy sees, and what a request will cost in
tokens before it is sent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from fincoach_tui.domain.context import Context, ContextMessage
from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.ledger import MeasuredSent, gathered_parts
from fincoach_tui.domain.memory import Folds, MemoryView, SessionMemo, Strategy, Summary
from fincoach_tui.domain.memory.summary import FoldPlan
from fincoach_tui.domain.overhead_fit import LearnedOverhead, OverheadLearner
from fincoach_tui.domain.pricing import PriceTable
from fincoach_tui.domain.records import MessageIds, SentMessage, Usage
from fincoach_tui.domain.tokens import TokenCounter, digest
from fincoach_tui.service.call_accounting import ModelChoice, estimate_usage
from fincoach_tui.service.coach_writes import SessionPosition
from fincoach_tui.service.events import RequestReady
from fincoach_tui.service.maintainer import Maintainer

__all__ = ["RequestBuilding"]


class RequestBuilding(SessionPosition):
    """The request-building part of the coach; the coach sets these attributes."""

    choice: ModelChoice
    counter: TokenCounter
    prices: PriceTable
    learner: OverheadLearner
    system_prompt: str
    strategy: Strategy
    memo: SessionMemo
    maintenance: Maintainer
    server_context_window: int | None
    clock: Callable[[], float]
    # The omitted ids of a bounded strategy, extended turn by turn (records.MessageIds).
    _omitted_ids: MessageIds

    @property
    def context_window(self) -> int | None:
        price = self.prices.get(self.choice.model)
        configured = price.context_window if price else None
        return configured or self.server_context_window

    # ---- counting ------------------------------------------------------------------
    def count_message(self, message: Message) -> int:
        return self.counter.count_cached(message.id, message.content)

    def count_text(self, text: str) -> int:
        # Derived texts (a system prompt with a summary section) have no id.
        return self.counter.count_derived(text)

    def history_before(self, new: Message) -> tuple[Message, ...]:
        """The transcript without `new` (the question of the turn under way, if recorded)."""
        return self.state.transcript.before(new)

    def view(self, new: Message) -> MemoryView:
        history = self.history_before(new)
        return MemoryView(
            self.system_prompt,
            history,
            new,
            self.count_message,
            self.state.summary,
            facts=self.state.facts,
            retriever=self.maintenance.retriever(),
            count_text=self.count_text,
            ids=self._omitted_ids,
            memo=self.memo,
        )

    def measure(self, context: Context) -> RequestReady:
        # One pass: each message counted and built, and the tokens of each provenance summed
        # for the request's context ledger (service/ledger.py reads those, not the messages
        # again: a buffer request at turn 5,000 sends 10,000).
        messages: list[SentMessage] = []
        system: list[SentMessage] = []
        by_provenance: dict[str, int] = {}
        for m in context.messages:
            tokens = self._count_context_message(m.content, m.provenance, m.source_ids)
            message = SentMessage(m.role, m.content, m.provenance, tokens, m.source_ids, m.sections)
            messages.append(message)
            if m.role == "system":
                system.append(message)
            else:
                by_provenance[m.provenance] = by_provenance.get(m.provenance, 0) + tokens
        sent = MeasuredSent(messages, gathered_parts(system, by_provenance, self.count_text))
        counted = sum(by_provenance.values()) + sum(m.tokens for m in system)
        # The server's own count of the templated request when it can give one (exact), else
        # ours plus the learned template (and tokenizer ratio, for a non-OpenAI model). The
        # request is spelled out for the server only when there is one to ask.
        exact = (
            self.counter.count_prompt([{"role": m.role, "content": m.content} for m in sent])
            if self.counter.server is not None
            else None
        )
        predicted = (
            exact
            if exact is not None
            else counted + self.overhead.predict((m.role for m in sent), counted=counted)
        )
        return RequestReady(context, sent, counted, predicted)

    @property
    def overhead(self) -> LearnedOverhead:
        return self.learner.current

    def count_context(self, message: ContextMessage) -> int:
        """Content tokens of a message a strategy built (cached like every other count)."""
        return self._count_context_message(message.content, message.provenance, message.source_ids)

    def _count_context_message(self, content: str, provenance: str, ids: Sequence[str]) -> int:
        if provenance in ("verbatim", "new") and len(ids) == 1:
            return self.counter.count_cached(ids[0], content)
        return self.count_text(content)

    def preview(self, text: str) -> RequestReady:
        """What the next request would be if `text` were sent now (nothing is recorded).

        If a summary fold is due first, its turns are shown folded under a placeholder
        summary: the real one does not exist until the fold has run.
        """
        draft = Message(f"draft:{digest(text).hex()}", "user", text, self.clock(), self.next_turn)
        return self._request_for(draft)

    def _request_for(self, question: Message) -> RequestReady:
        """The request for `question` as things stand, a fold that is due shown done."""
        view = self.view(question)
        plan = self._fold_plan(view.history)
        if plan is not None:
            placeholder = (plan.previous.text + "\n" if plan.previous else "") + (
                f"(turns {plan.first_turn}-{plan.last_turn} are folded in before sending)"
            )
            summary = Summary(placeholder, plan.last_turn, (), self.counter.count(placeholder))
            view = replace(view, summary=summary)
        return self.measure(self.strategy.build(view))

    def estimate_usage(self, messages: list[dict[str, str]], reply: str) -> Usage:
        usage = estimate_usage(messages, reply, self.count_text, self.overhead)
        exact = self.counter.count_prompt(messages)
        return usage if exact is None else replace(usage, prompt_tokens=exact)

    def _fold_plan(self, completed: tuple[Message, ...] | None = None) -> FoldPlan | None:
        """The fold due before the next request; `completed` defaults to the transcript but
        its pending question, copied only for a strategy that folds."""
        if not isinstance(self.strategy, Folds):
            return None
        if completed is None:
            completed = self.state.transcript.messages[:-1]
        return self.strategy.fold_plan(completed, self.state.summary, self.memo)
