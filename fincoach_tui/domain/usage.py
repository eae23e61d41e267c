"""Usage across sessions: tokens and cost per day, week or month, by model, strategy or
session. Pure: values in, values out.

A session's usage is kept per (day, model, strategy): small whatever the session's length,
so an index of a thousand sessions reads in milliseconds (store/usage_index.py keeps it).
Reports are folds of those rows. The figures are the records' own: `prompt_tokens`
(cached included) as input, `completion_tokens` (reasoning included) as output, and the
cost each record was billed at, so a month's total is the sum of the sessions' totals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from datetime import date, timedelta
from typing import Any, Literal

Period = Literal["daily", "weekly", "monthly"]
GroupBy = Literal["model", "strategy", "session"] | None
PERIODS: tuple[Period, ...] = ("daily", "weekly", "monthly")
GROUPS = ("model", "strategy", "session")


@dataclass(slots=True)
class UsageTotals:
    """Tokens and cost of some calls. `cached_tokens` is part of `input_tokens` and
    `reasoning_tokens` part of `output_tokens`; `maintenance_tokens` (folds, extraction,
    embeddings: input and output) is part of both. `cost_usd` sums the priced calls only:
    `unpriced_calls` says how many had no price, `estimated_calls` how many are our
    estimate rather than the provider's bill."""

    calls: int = 0
    input_tokens: int = 0
    cached_tokens: int = 0
    output_tokens: int = 0
    reasoning_tokens: int = 0
    maintenance_tokens: int = 0
    cost_usd: float = 0.0
    unpriced_calls: int = 0
    estimated_calls: int = 0

    def add(self, other: UsageTotals) -> None:
        # Field by field, not a loop over fields(): a cold index adds a record at a time.
        self.calls += other.calls
        self.input_tokens += other.input_tokens
        self.cached_tokens += other.cached_tokens
        self.output_tokens += other.output_tokens
        self.reasoning_tokens += other.reasoning_tokens
        self.maintenance_tokens += other.maintenance_tokens
        self.cost_usd += other.cost_usd
        self.unpriced_calls += other.unpriced_calls
        self.estimated_calls += other.estimated_calls

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    @property
    def priced(self) -> bool:
        """Every call has a price (else `cost_usd` is a part of the bill)."""
        return self.unpriced_calls == 0

    def as_row(self) -> list[int | float]:
        return [getattr(self, f.name) for f in fields(self)]

    @classmethod
    def from_row(cls, row: Iterable[int | float]) -> UsageTotals:
        values = list(row)
        names = [f.name for f in fields(cls)]
        if len(values) != len(names):
            raise ValueError("a usage row has the wrong number of figures")
        out = cls()
        for name, value in zip(names, values, strict=True):
            # Counts are whole numbers, the cost a float: a damaged index fails here, whole.
            setattr(out, name, float(value) if name == "cost_usd" else _whole(value))
        return out

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {f.name: getattr(self, f.name) for f in fields(self)}
        data["total_tokens"] = self.total_tokens
        data["cost_usd"] = round(self.cost_usd, 10)
        return data


def usage_of(record: Mapping[str, Any]) -> UsageTotals:
    """One record (as the session file holds it) as totals; KeyError/TypeError/ValueError
    for a record that does not read (the caller skips it, as replay does)."""
    usage = record["usage"]
    prompt, completion = int(usage["prompt_tokens"]), int(usage["completion_tokens"])
    cost = record.get("cost_usd")
    maintenance = record.get("kind", "chat") != "chat"
    return UsageTotals(
        calls=1,
        input_tokens=prompt,
        cached_tokens=int(usage.get("cached_tokens", 0)),
        output_tokens=completion,
        reasoning_tokens=int(usage.get("reasoning_tokens", 0)),
        maintenance_tokens=prompt + completion if maintenance else 0,
        cost_usd=float(cost) if cost is not None else 0.0,
        unpriced_calls=1 if cost is None else 0,
        # As the sessions listing marks it: the offline model's figures are not a bill anyway.
        estimated_calls=int(bool(usage.get("estimated")) and not record.get("simulated")),
    )


def _whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"a usage count must be a whole number, got {value!r}")
    return value


RowKey = tuple[str, str, str]  # day (YYYY-MM-DD, local), model, strategy


@dataclass
class SessionUsage:
    """One session's usage per (day, model, strategy)."""

    name: str
    rows: dict[RowKey, UsageTotals] = field(default_factory=dict)

    def add(self, day: str, record: Mapping[str, Any]) -> None:
        totals = usage_of(record)  # first: a record that does not read adds nothing
        key = (day, str(record.get("model", "")), str(record.get("strategy", "")))
        self.rows.setdefault(key, UsageTotals()).add(totals)

    @property
    def total(self) -> UsageTotals:
        out = UsageTotals()
        for totals in self.rows.values():
            out.add(totals)
        return out

    def to_items(self) -> list[list[Any]]:
        return [[*key, *totals.as_row()] for key, totals in self.rows.items()]

    @classmethod
    def from_items(cls, name: str, items: Iterable[list[Any]]) -> SessionUsage:
        rows = {}
        for item in items:
            day, model, strategy, *figures = item
            rows[(str(day), str(model), str(strategy))] = UsageTotals.from_row(figures)
        return cls(name, rows)


def period_of(day: str, period: Period) -> str:
    """The period a day falls in: the day itself, its ISO week's Monday, or its month."""
    if period == "monthly":
        return day[:7]
    if period == "weekly":
        when = date.fromisoformat(day)
        return (when - timedelta(days=when.weekday())).isoformat()
    return day


@dataclass(frozen=True)
class UsageLine:
    period: str  # "2026-12-01", the week's Monday, or "2026-12"
    group: str  # the model, strategy or session; "" when not grouped
    totals: UsageTotals


@dataclass(frozen=True)
class UsageReport:
    period: Period
    by: GroupBy
    since: str | None
    lines: tuple[UsageLine, ...]
    total: UsageTotals

    def as_json(self) -> dict[str, Any]:
        return {
            "period": self.period,
            "by": self.by,
            "since": self.since,
            "total_cost_usd": round(self.total.cost_usd, 10),
            "total": self.total.as_json(),
            "periods": [
                {
                    "period": line.period,
                    **({"group": line.group} if self.by else {}),
                    **line.totals.as_json(),
                }
                for line in self.lines
            ],  # fmt: skip
        }

    def per_period(self) -> list[tuple[str, UsageTotals]]:
        """Each period's totals over every group, oldest first (what a chart plots)."""
        out: dict[str, UsageTotals] = {}
        for line in self.lines:
            out.setdefault(line.period, UsageTotals()).add(line.totals)
        return sorted(out.items())


def usage_report(
    sessions: Iterable[SessionUsage],
    period: Period = "daily",
    by: GroupBy = None,
    since: str | None = None,
) -> UsageReport:
    """The sessions' usage per period (and group), oldest period first; `since`: a day
    (YYYY-MM-DD) from which on to count."""
    buckets: dict[tuple[str, str], UsageTotals] = {}
    total = UsageTotals()
    for session in sessions:
        for (day, model, strategy), totals in session.rows.items():
            if since is not None and day < since:
                continue
            group = {"model": model, "strategy": strategy, "session": session.name}.get(by or "")
            key = (period_of(day, period), group or "")
            buckets.setdefault(key, UsageTotals()).add(totals)
            total.add(totals)
    lines = tuple(UsageLine(p, g, t) for (p, g), t in sorted(buckets.items()))
    return UsageReport(period, by, since, lines, total)


def spent_since(sessions: Iterable[SessionUsage], since: str) -> float:
    """What the priced calls from day `since` on cost (a month's spend, for a budget)."""
    return sum(
        totals.cost_usd
        for session in sessions
        for (day, _model, _strategy), totals in session.rows.items()
        if day >= since
    )
