"""Learning a provider's chat-template overhead from what it bills. Pure.

The gap billed - counted is the template: a fixed part (primer, hidden preamble) plus a
part per message. The family defaults (`tokens.overhead_for_model`) are a prior; each
answered call is an observation, and the learned overhead is the prior plus the
least-squares correction fitted to recent observations:

    gap - prior.predict(roles) ~ d_fixed + d_message*n + d_assistant*n_assistant + d_system*n_system

A term is fitted only where the observations identify it. In a chat the system message
is always one and users always outnumber replies by one, so per-role terms are usually
collinear with the others: they are then left at the prior instead of taking arbitrary
values. With exact rational arithmetic a fixed template is recovered exactly from two
calls of different lengths, so from the third turn on the prediction error is zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.tokens import TemplateOverhead

# Correction terms in order of preference: a later term that the earlier ones already
# explain is dropped, so the simplest model that fits is the one used.
TERMS = ("fixed", "per_message", "assistant", "system")
KEEP = 64  # observations remembered per (base URL, model): recent ones reflect today's template
ROLES = ("system", "user", "assistant")


@dataclass(frozen=True)
class Observation:
    """One answered call: how many messages of each role, and billed - counted."""

    roles: tuple[tuple[str, int], ...]  # sorted (role, count) pairs
    gap: int

    @classmethod
    def of(cls, roles: Iterable[str], gap: int) -> Observation:
        return cls(tuple(sorted(_count_roles(roles).items())), int(gap))

    @classmethod
    def from_record(cls, record: CallRecord) -> Observation:
        return cls.of((m.role for m in record.sent), record.template_gap)

    @property
    def counts(self) -> dict[str, int]:
        return dict(self.roles)

    def role_list(self) -> list[str]:
        return [r for r, n in self.roles for _ in range(n)]

    def to_dict(self) -> dict[str, Any]:
        return {"roles": dict(self.roles), "gap": self.gap}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Observation:
        roles = data["roles"]
        if not isinstance(roles, Mapping):
            raise ValueError("roles must be a mapping of role to count")
        return cls(tuple(sorted((str(r), int(n)) for r, n in roles.items())), int(data["gap"]))


def _count_roles(roles: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    return counts


def _features(counts: Mapping[str, int]) -> dict[str, int]:
    return {
        "fixed": 1,
        "per_message": sum(counts.values()),
        "assistant": counts.get("assistant", 0),
        "system": counts.get("system", 0),
    }


@dataclass(frozen=True)
class LearnedOverhead:
    """The prior plus a fitted correction; `predict` is TemplateOverhead's interface."""

    prior: TemplateOverhead
    correction: dict[str, Fraction] = field(default_factory=dict)  # term -> fitted value
    observations: int = 0

    @property
    def learned(self) -> bool:
        return self.observations > 0

    def predict(self, roles: Iterable[str]) -> int:
        return self.predict_counts(_count_roles(roles))

    def predict_counts(self, counts: Mapping[str, int]) -> int:
        """The same from role counts: a long request's roles need not be listed again."""
        prior = self.prior
        base = prior.fixed + sum(prior.per_role.get(r, prior.default_per_message) * n for r, n in counts.items())
        if not self.correction:
            return base
        denominator, numerators = self._over_common_denominator
        features = _features(counts)
        total = sum(n * features[t] for t, n in numerators.items())
        # Integers until the one division: pricing a long session predicts thousands of requests.
        return base + (total // denominator if total % denominator == 0 else round(Fraction(total, denominator)))

    @cached_property
    def _over_common_denominator(self) -> tuple[int, dict[str, int]]:
        denominator = math.lcm(*(v.denominator for v in self.correction.values()))
        return denominator, {t: int(v * denominator) for t, v in self.correction.items()}

    def fixed(self) -> Fraction:
        return self.prior.fixed + self.correction.get("fixed", Fraction(0))

    def per_role(self, role: str) -> Fraction:
        prior = self.prior.per_role.get(role, self.prior.default_per_message)
        extra = self.correction.get(role, Fraction(0)) if role in ("assistant", "system") else 0
        return prior + self.correction.get("per_message", Fraction(0)) + extra

    def describe(self) -> str:
        """ "fixed 3 + system 4 · user 4 · assistant 4 per message (family default)"."""
        roles = " · ".join(f"{r} {_num(self.per_role(r))}" for r in ROLES)
        source = f"learned from {self.observations} calls" if self.learned else "family default"
        return f"fixed {_num(self.fixed())} + {roles} per message ({source})"


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def fit_overhead(prior: TemplateOverhead, observations: Sequence[Observation]) -> LearnedOverhead:
    """Least squares of (gap - prior) on the identifiable terms, in exact arithmetic."""
    if not observations:
        return LearnedOverhead(prior)
    rows = [_features(o.counts) for o in observations]
    residuals = [Fraction(o.gap - prior.predict(o.role_list())) for o in observations]
    columns = {t: [Fraction(row[t]) for row in rows] for t in TERMS}
    kept = _independent(columns)
    solution = _least_squares([columns[t] for t in kept], residuals)
    correction = {t: v for t, v in zip(kept, solution) if v != 0}
    return LearnedOverhead(prior, correction, len(observations))


def _independent(columns: dict[str, list[Fraction]]) -> list[str]:
    """The terms whose columns are not combinations of earlier ones (Gram-Schmidt, exact)."""
    basis: list[list[Fraction]] = []
    kept = []
    for term in TERMS:
        v = list(columns[term])
        for b in basis:
            scale = _dot(v, b) / _dot(b, b)
            v = [x - scale * y for x, y in zip(v, b)]
        if any(v):
            basis.append(v)
            kept.append(term)
    return kept


def _least_squares(columns: list[list[Fraction]], y: list[Fraction]) -> list[Fraction]:
    """Solve the normal equations (XᵀX) b = Xᵀy by Gauss-Jordan; columns are independent."""
    size = len(columns)
    a = [[_dot(ci, cj) for cj in columns] + [_dot(ci, y)] for ci in columns]
    for col in range(size):
        pivot = next(r for r in range(col, size) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col and a[r][col] != 0:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * p for x, p in zip(a[r], a[col])]
    return [a[i][size] / a[i][i] for i in range(size)]


def _dot(a: Sequence[Fraction], b: Sequence[Fraction]) -> Fraction:
    return sum((x * y for x, y in zip(a, b)), Fraction(0))


class OverheadLearner:
    """The recent observations for one (base URL, model) and the overhead fitted to them."""

    def __init__(self, prior: TemplateOverhead, observations: Iterable[Observation] = (), keep: int = KEEP) -> None:
        self.prior = prior
        self.keep = keep
        self._observations = list(observations)[-keep:]
        self.current = fit_overhead(prior, self._observations)

    @property
    def observations(self) -> list[Observation]:
        return list(self._observations)

    def predict(self, roles: Iterable[str]) -> int:
        return self.current.predict(roles)

    def observe(self, observation: Observation) -> LearnedOverhead:
        self._observations = [*self._observations, observation][-self.keep:]
        self.current = fit_overhead(self.prior, self._observations)
        return self.current


def learnable(record: CallRecord, model: str) -> bool:
    """A call worth learning from: billed by the provider (not our estimate), same model."""
    return record.model == model and not record.usage.estimated and bool(record.sent)


def prediction_errors(records: Iterable[CallRecord]) -> list[tuple[int, int]]:
    """(turn, billed - predicted) of each chat call, oldest first; estimates left out."""
    return [
        (r.turn, r.usage.prompt_tokens - r.predicted_prompt_tokens)
        for r in records
        if r.kind == "chat" and not r.usage.estimated
    ]
