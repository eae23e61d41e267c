"""The crossover planner: seed 002's per-turn arithmetic, on anyone's numbers. Pure.

Input tokens billed on turn n, content only (no chat template), as in the seed:

    buffer      S + T*(n-1)        grows without bound: the cumulative is quadratic
    window      S + T*tail         the verbatim tail alone
    summary     S + R + T*tail     a capped summary of older turns + the tail
    facts       S + F + T*tail     an injected fact section + the tail
    hybrid      S + B + T*tail     a recall budget + the tail

Every bounded strategy is flat at some c, so where it beats buffer has a closed form,
which matters because "never within the turns shown" is a real answer:

    per turn    S + T*(n-1) > c            first n = floor((c-S)/T) + 2
    cumulative  S*n + T*n(n-1)/2 > c*n     first n = floor(2(c-S)/T) + 2
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from itertools import accumulate

from fincoach_tui.domain.plurals import plural

BUFFER = "buffer"
BOUNDED = ("window", "summary", "facts", "hybrid")
MAX_TURNS = 100_000  # the longest plan: every turn of it is computed and kept
DESCRIPTIONS = {
    BUFFER: "every earlier turn",
    "window": "system + the verbatim tail",
    "summary": "system + a capped summary of older turns + the tail",
    "facts": "system + a fact section + the tail",
    "hybrid": "system + a recall budget + the tail (hybrid, without its summary)",
}


@dataclass(frozen=True)
class PlanInputs:
    """Seed 002's assumptions are the defaults: replace them with your own."""

    system_tokens: int = 1800
    turn_tokens: int = 400  # one user message plus its reply
    tail_turns: int = 3
    summary_tokens: int = 900  # the running summary (its cap)
    fact_tokens: int = 250
    recall_tokens: int = 1500
    turns: int = 20

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            least = 1 if f.name == "turns" else 0
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise ValueError(
                    f"{f.name} must be a whole number of at least {least}, got {value!r}"
                )
        # The plan holds every turn: a mistyped 99999999 would take minutes and gigabytes
        # (the planner screen re-plans on each keystroke, on the event loop).
        if self.turns > MAX_TURNS:
            raise ValueError(f"turns must be at most {MAX_TURNS:,}, got {self.turns:,}")

    def flat_cost(self, strategy: str) -> int:
        """The constant per-turn input of a bounded strategy."""
        tail = self.turn_tokens * self.tail_turns
        extra = {
            "window": 0,
            "summary": self.summary_tokens,
            "facts": self.fact_tokens,
            "hybrid": self.recall_tokens,
        }[strategy]
        return self.system_tokens + extra + tail

    def per_turn(self, strategy: str, n: int) -> int:
        if strategy == BUFFER:
            return self.system_tokens + self.turn_tokens * (n - 1)
        return self.flat_cost(strategy)


@dataclass(frozen=True)
class Crossover:
    """First turn at which a bounded strategy is cheaper than buffer; None: never."""

    strategy: str
    per_turn: int | None
    cumulative: int | None

    def when(self, between: str = " · ") -> str:
        """When it is cheaper, in the words `fincoach plan` and the planner screen show:
        "per turn from turn 7 · in total from turn 12" (`between` joins the two)."""
        return (
            f"per turn from {turn_or_never(self.per_turn)}{between}"
            f"in total from {turn_or_never(self.cumulative)}"
        )


def turn_or_never(turn: int | None) -> str:
    """A crossover's turn in words: "turn 7", or "never" when buffer is never overtaken."""
    return f"turn {turn}" if turn else "never"


@dataclass(frozen=True)
class Plan:
    inputs: PlanInputs
    per_turn: dict[str, tuple[int, ...]]  # strategy -> input tokens of turns 1..N
    cumulative: dict[str, tuple[int, ...]]
    crossovers: dict[str, Crossover]

    @property
    def strategies(self) -> tuple[str, ...]:
        return tuple(self.per_turn)

    def total(self, strategy: str, turns: int | None = None) -> int:
        """Input tokens of turns 1..`turns` (default: all N)."""
        return self.cumulative[strategy][(turns or self.inputs.turns) - 1]

    def totals_line(self, buffer_unit: str = "") -> str:
        """Every strategy's total at the last turn: "At turn 10: buffer 36,000 · window
        30,000 · ..." (`buffer_unit` follows buffer's figure, as in " tokens in total")."""
        return (
            f"At turn {self.inputs.turns}: buffer {self.total(BUFFER):,}{buffer_unit} · "
            + " · ".join(f"{s} {self.total(s):,}" for s in BOUNDED)
        )


def crossover(inputs: PlanInputs, strategy: str) -> Crossover:
    gap = inputs.flat_cost(strategy) - inputs.system_tokens  # c - S, never negative
    if inputs.turn_tokens == 0:  # buffer never grows, so it is never overtaken
        return Crossover(strategy, None, None)
    return Crossover(
        strategy,
        per_turn=gap // inputs.turn_tokens + 2,
        cumulative=(2 * gap) // inputs.turn_tokens + 2,
    )


def make_plan(inputs: PlanInputs) -> Plan:
    names = (BUFFER, *BOUNDED)
    per_turn = {s: tuple(inputs.per_turn(s, n) for n in range(1, inputs.turns + 1)) for s in names}
    return Plan(
        inputs=inputs,
        per_turn=per_turn,
        cumulative={s: tuple(accumulate(values)) for s, values in per_turn.items()},
        crossovers={s: crossover(inputs, s) for s in BOUNDED},
    )


# ---- the live session's measured averages ------------------------------------------------


@dataclass(frozen=True)
class SessionAverages:
    """What a conversation has measured so far: the planner's defaults in the app."""

    turns: int
    system_tokens: int
    turn_tokens: int  # mean content tokens of one user message + its reply
    user_tokens: int  # mean content tokens of one user message
    completion_tokens: int  # mean billed completion tokens of one chat call


class RunningAverages:
    """A conversation's averages over its completed turns, kept current: each call counts
    only the messages and calls added since the last (the transcript and the records only
    grow), so a long session costs no more per turn than a short one. Starts over if what
    it read was replaced. Counts come from the caller's cached counter."""

    def __init__(self) -> None:
        self._start_over()

    def _start_over(self) -> None:
        self._read = 0  # complete-turn messages summed
        self._last: object = None  # messages[_read - 1], to tell the same transcript grown
        self._user = 0
        self._everything = 0
        self._records = 0  # call records read
        self._replies = 0  # chat calls among them
        self._completion = 0  # their billed completion tokens

    def measure(
        self,
        system_prompt: str,
        messages: Sequence,
        records: Sequence,
        count_message: Callable,
        count_text: Callable[[str], int],
    ) -> SessionAverages:
        """`messages`: the transcript (user, assistant, ...); `records`: every call's record."""
        complete = len(messages) // 2 * 2
        if complete < self._read or (self._read and messages[self._read - 1] is not self._last):
            self._start_over()
        for m in messages[self._read : complete]:
            tokens = count_message(m)
            self._everything += tokens
            if m.role == "user":
                self._user += tokens
        if complete > self._read:
            self._read, self._last = complete, messages[complete - 1]
        if len(records) < self._records:
            self._records, self._replies, self._completion = 0, 0, 0
        for r in records[self._records :]:
            if r.kind == "chat":
                self._replies += 1
                self._completion += r.usage.completion_tokens
        self._records = len(records)
        turns = complete // 2
        return SessionAverages(
            turns=turns,
            system_tokens=count_text(system_prompt),
            turn_tokens=round(self._everything / turns) if turns else 0,
            user_tokens=round(self._user / turns) if turns else 0,
            completion_tokens=round(self._completion / self._replies) if self._replies else 0,
        )


def inputs_from_session(
    averages: SessionAverages, base: PlanInputs | None = None, **known: int
) -> PlanInputs:
    """Plan inputs whose system and turn sizes are the session's own, where it has any."""
    base = base or PlanInputs()
    measured: dict[str, int] = {"turns": min(MAX_TURNS, max(base.turns, 2 * averages.turns))}
    if averages.system_tokens:
        measured["system_tokens"] = averages.system_tokens
    if averages.turns:
        measured["turn_tokens"] = averages.turn_tokens
    return replace(base, **{**measured, **known})


# ---- the context-window wall ---------------------------------------------------------------


def wall_turn(first_turn: int, first_tokens: float, step: float, window: int | None) -> int | None:
    """The first turn (>= first_turn) whose request no longer fits `window`; None: never."""
    if not window:
        return None
    if first_tokens > window:
        return first_turn
    if step <= 0:
        return None
    # first_tokens + step*k > window  ->  k = floor((window - first_tokens)/step) + 1
    return first_turn + int((window - first_tokens) // step) + 1


# ---- the text `fincoach plan` prints ------------------------------------------------------


def rows_to_show(plan: Plan, every: int = 0) -> list[int]:
    """Every turn of a short plan; for a long one a round step plus the crossover turns."""
    n = plan.inputs.turns
    step = every or (1 if n <= 30 else _round_step(n, 25))
    shown = set(range(step, n + 1, step)) | {1, n}
    for c in plan.crossovers.values():
        shown |= {t for t in (c.per_turn, c.cumulative) if t is not None and t <= n}
    return sorted(shown)


def _round_step(n: int, rows: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50... that shows `n` turns in at most `rows` rows,
    so the seed's own checkpoints (10, 50, 200) land on a row."""
    magnitude = 1
    while True:
        for step in (1, 2, 5):
            if n // (step * magnitude) <= rows:
                return step * magnitude
        magnitude *= 10


def format_plan(plan: Plan, every: int = 0) -> str:
    i = plan.inputs
    names = plan.strategies
    lines = [
        f"Assumptions: system {i.system_tokens:,} · turn {i.turn_tokens:,} (user + reply) · "
        f"tail {plural(i.tail_turns, 'turn')} · summary {i.summary_tokens:,} · facts {i.fact_tokens:,} · "
        f"recall {i.recall_tokens:,} · {plural(i.turns, 'turn')}",
        "Input tokens billed per turn, and cumulative (content only, no chat template)",
        "",
    ]
    per_width = max(len(f"{v:,}") for s in names for v in plan.per_turn[s])
    total_width = max(len(f"{v:,}") for s in names for v in plan.cumulative[s])
    width = max(len("per turn / total"), per_width + 3 + total_width, *(len(n) for n in names))
    total_width = width - 3 - per_width
    header = f"{'turn':>4} | " + " | ".join(f"{n:>{width}}" for n in names)
    lines += [
        header,
        f"{'':>4} | " + " | ".join(f"{'per turn / total':>{width}}" for _ in names),
        "-" * len(header),
    ]
    for t in rows_to_show(plan, every):
        cells = " | ".join(
            f"{plan.per_turn[s][t - 1]:>{per_width},} / {plan.cumulative[s][t - 1]:>{total_width},}"
            for s in names
        )
        lines.append(f"{t:>4} | {cells}")
    lines.append("")
    lines.append("Crossover with buffer (first turn the bounded strategy is cheaper):")
    for s in BOUNDED:
        lines.append(f"  {s:<10} flat {i.flat_cost(s):>6,}/turn · {plan.crossovers[s].when()}")
    lines.append("")
    lines.append(plan.totals_line())
    return "\n".join(lines)
