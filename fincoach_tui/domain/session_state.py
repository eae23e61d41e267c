"""A session as the fold of its event log. Pure.

The session file is an append-only list of events; this module turns events into state.
The coach builds an event, appends it to the file, then applies it here: live turns and a
resumed session go through the same code, so what you see after `--session NAME` is
exactly what you saw before quitting.

Event types (the session-file schema, format 2):
  header     {"format": 2, "created": iso}
  message    {"message": Message}
  withdrawn  {"id": message id}            a failed turn's question, handed back to the user
  record     {"record": CallRecord}        one accounted model call (chat, summary, extract, embed);
                                           its omitted_ids as runs: ["m1..m40", "m43"]; its
                                           `sent` as references (domain/record_refs.py)
  text       {"digest", "content"}         a sent text that is not a transcript message, once
  strategy   {"name", "params", "turn"}    the strategy in force from turn `turn` on
  summary    {"summary": Summary}          a fold's result
  facts, fact_edit, fact_deleted           the fact store's history (domain/fact_store.py)
  embeddings {"model", "vectors": {id: packed float32}}   recall vectors, each message once
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from fincoach_tui.domain.conversation import Message, Transcript
from fincoach_tui.domain.fact_store import FACT_EVENTS, FactStore
from fincoach_tui.domain.memory.base import Summary
from fincoach_tui.domain.recall import read_embeddings_event
from fincoach_tui.domain.record_refs import RefTable
from fincoach_tui.domain.records import CallRecord


@dataclass(frozen=True)
class StrategySwitch:
    turn: int  # first turn sent with this strategy
    name: str
    params: dict[str, int]


@dataclass
class SessionState:
    transcript: Transcript = field(default_factory=Transcript)
    records: list[CallRecord] = field(default_factory=list)
    switches: list[StrategySwitch] = field(default_factory=list)
    summaries: list[Summary] = field(default_factory=list)
    facts: FactStore = field(default_factory=FactStore)
    embeddings: dict[str, dict[str, tuple[float, ...]]] = field(
        default_factory=dict
    )  # model -> id -> vector
    # Every fact event applied, with the first turn whose request could see it: the cost
    # comparison replays the store as it stood at each turn (domain/counterfactual.py).
    fact_log: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    created: str = ""
    last_ts: float = 0.0
    # A question whose turn never got a reply (the process stopped mid-turn).
    interrupted: Message | None = None
    # What records refer to (messages by id, other texts by digest): records keep their
    # sent messages as references, so a long session costs its length, not its square.
    refs: RefTable = field(default_factory=RefTable, repr=False, compare=False)

    @property
    def summary(self) -> Summary | None:
        return self.summaries[-1] if self.summaries else None

    @property
    def strategy(self) -> StrategySwitch | None:
        return self.switches[-1] if self.switches else None

    @property
    def chat_records(self) -> list[CallRecord]:
        return [r for r in self.records if r.kind == "chat"]

    @property
    def total_cost(self) -> float | None:
        """Everything billed this session, maintenance calls included; None if any call is unpriced."""
        costs = [r.cost_usd for r in self.records]
        priced = [c for c in costs if c is not None]
        return sum(priced) if len(priced) == len(costs) else None

    @property
    def estimated(self) -> bool:
        """Some figure is our estimate, not the provider's bill (a server that sent no usage)."""
        return any(r.usage.estimated and not r.simulated for r in self.records)

    @property
    def priced_cost(self) -> float:
        return sum(r.cost_usd or 0.0 for r in self.records)

    @property
    def billed_prompt_tokens(self) -> int:
        return sum(r.usage.prompt_tokens for r in self.records)

    def apply(self, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "header":
            self.created = str(event.get("created", ""))
        elif kind == "message":
            message = Message.from_dict(event["message"])
            self.refs.add_message(event["message"])
            if message.role == "user" and self.transcript.pending is not None:
                # A question whose withdrawal could not be written (a full disk), asked
                # again: the file then says what the live session did, withdraw it.
                self.transcript.withdraw_pending()
            self.transcript.append(message)
            self.last_ts = max(self.last_ts, message.ts)
        elif kind == "withdrawn":
            pending = self.transcript.pending
            if pending is not None and pending.id == event["id"]:
                self.transcript.withdraw_pending()
        elif kind == "record":
            self.records.append(CallRecord.from_dict(event["record"], self.refs))
        elif kind == "text":
            self.refs.add_text(event)
        elif kind == "strategy":
            switch = StrategySwitch(int(event["turn"]), str(event["name"]), dict(event["params"]))
            self.switches.append(switch)
        elif kind == "summary":
            data = event["summary"]
            self.summaries.append(
                Summary(
                    data["text"],
                    int(data["last_turn"]),
                    tuple(data["covers_ids"]),
                    int(data["tokens"]),
                    read_to=int(data.get("read_to", 0)),
                    dropped=tuple(str(d) for d in data.get("dropped", ())),
                    cut=str(data.get("cut", "")),
                    unchanged=bool(data.get("unchanged", False)),
                )
            )
        elif kind in FACT_EVENTS:
            self.facts.apply(event)
            # An extraction names its turn; a correction counts from the next request built.
            turn = self.transcript.completed_turns + 1 + (self.transcript.pending is not None)
            self.fact_log.append((int(event["turn"]) if kind == "facts" else turn, event))
        elif kind == "embeddings":
            model, vectors = read_embeddings_event(event)
            self.embeddings.setdefault(model, {}).update(vectors)
        # Unknown event types come from a newer minor version: skipped, never fatal.


# What a damaged event can raise while being applied: a wrong shape (a list where a dict
# belongs: AttributeError, IndexError), a wrong type, a missing key, absurd nesting.
_DAMAGE = (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError)


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:119] + "…"


def replay(events: list[dict[str, Any]]) -> tuple[SessionState, list[str]]:
    """Rebuild a session from its events; events that do not fit are skipped with a note."""
    state = SessionState()
    problems = []
    for number, event in enumerate(events, start=1):
        try:
            state.apply(event)
        except _DAMAGE as exc:  # a hand-edited or damaged line: skipped, the rest opens
            kind = str(event.get("type", "?"))[:20] if isinstance(event, dict) else "?"
            problems.append(f"event {number} ({kind}) skipped: {_one_line(exc)}")
    if state.transcript.pending is not None:
        # The process stopped mid-turn: the question had no reply. Hand it back.
        pending = state.transcript.withdraw_pending()
        problems.append(
            f"turn {pending.turn} had no reply (interrupted); its question is back in the input"
        )
        state.interrupted = pending
    return state, problems


# Event constructors: the only place the schema is spelled out on the writing side.
def message_event(message: Message) -> dict[str, Any]:
    return {"type": "message", "message": message.to_dict()}


def withdrawn_event(message: Message) -> dict[str, Any]:
    return {"type": "withdrawn", "id": message.id}


def record_event(record: CallRecord) -> dict[str, Any]:
    # omitted_ids as runs, "m1..m1990": one item, not 1,990 (never listed when already runs)
    return {"type": "record", "record": record.to_dict(compact=True)}


def strategy_event(turn: int, name: str, params: dict[str, int]) -> dict[str, Any]:
    return {"type": "strategy", "turn": turn, "name": name, "params": dict(params)}


def summary_event(summary: Summary) -> dict[str, Any]:
    data = asdict(summary)
    data["covers_ids"] = list(summary.covers_ids)
    data["dropped"] = list(summary.dropped)
    for name, empty in (("read_to", 0), ("dropped", []), ("cut", ""), ("unchanged", False)):
        if data[name] == empty:  # written only when they say something
            del data[name]
    return {"type": "summary", "summary": data}


@dataclass(frozen=True)
class SessionSummary:
    """One row of the sessions listing."""

    name: str
    turns: int
    strategy: str
    billed_tokens: int
    cost_usd: float | None  # None when some call had no price
    last_used: float  # timestamp of the newest message (0 if none)
    estimated: bool = False  # some call's usage is our estimate, not the provider's bill


def summarize_session(name: str, events: list[dict[str, Any]]) -> SessionSummary:
    state, _ = replay(events)
    return SessionSummary(
        name=name,
        turns=state.transcript.completed_turns,
        strategy=state.strategy.name if state.strategy else "-",
        billed_tokens=state.billed_prompt_tokens
        + sum(r.usage.completion_tokens for r in state.records),
        cost_usd=state.total_cost,
        last_used=state.last_ts,
        estimated=state.estimated,
    )
