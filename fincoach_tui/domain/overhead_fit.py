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

import math
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
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
# The observations are a cache of what providers bill, not part of any session: they are
# saved when the fitted overhead changes, after SAVE_EVERY unsaved ones otherwise, and when
# the session closes. A crash loses at most that many, which the next calls teach again (a
# fixed template is recovered from two); saving every turn cost a rewrite and an fsync.
SAVE_EVERY = 16
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
        base = self.prior.predict_counts(counts)
        if not self.correction:
            return base
        denominator, numerators = self._over_common_denominator
        features = _features(counts)
        total = sum(n * features[t] for t, n in numerators.items())
        # Integers until the one division: pricing a long session predicts thousands of requests.
        return base + (
            total // denominator
            if total % denominator == 0
            else round(Fraction(total, denominator))
        )

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
    sums = _Sums(prior)
    for observation in observations:
        sums.add(observation, 1)
    return sums.fit()


class _Sums:
    """The normal equations of the fit, XᵀX and Xᵀy, kept as integer running sums.

    Everything the fit needs is in these 4x4 + 4 numbers, so an observation is added (or,
    leaving the window, taken away) in constant time and exactly, and refitting costs the
    same at the 64th call as at the first."""

    def __init__(self, prior: TemplateOverhead) -> None:
        self.prior = prior
        self.count = 0
        self.gram = [[0] * len(TERMS) for _ in TERMS]  # sum of f_t * f_u
        self.moment = [0] * len(TERMS)  # sum of f_t * (gap - prior)

    def add(self, observation: Observation, sign: int) -> None:
        counts = observation.counts
        by_term = _features(counts)
        features = [by_term[t] for t in TERMS]
        residual = observation.gap - self.prior.predict_counts(counts)
        if not isinstance(residual, int):  # a prior with non-integer terms: stay exact
            residual = Fraction(residual)
        self.count += sign
        for i, fi in enumerate(features):
            self.moment[i] += sign * fi * residual
            row = self.gram[i]
            for j, fj in enumerate(features):
                row[j] += sign * fi * fj

    def key(self) -> tuple:
        """Equal keys, equal fits: a window that takes in the same shape it lets go is not refitted."""
        return (self.count, tuple(map(tuple, self.gram)), tuple(self.moment))

    def fit(self) -> LearnedOverhead:
        if not self.count:
            return LearnedOverhead(self.prior)
        kept = _independent(self.gram)
        solution = _least_squares(
            [[Fraction(self.gram[i][j]) for j in kept] + [Fraction(self.moment[i])] for i in kept]
        )
        correction = {TERMS[i]: v for i, v in zip(kept, solution) if v != 0}
        return LearnedOverhead(self.prior, correction, self.count)


def _independent(gram: list[list[int]]) -> list[int]:
    """The terms whose columns are not combinations of earlier ones.

    Gaussian elimination of the Gram matrix in TERMS order: a term's pivot is then the
    squared length of what Gram-Schmidt leaves of its column after projecting out the kept
    earlier ones, so a zero pivot is exactly a column Gram-Schmidt would reduce to zero.
    (XᵀX is positive semi-definite, so a zero pivot has a zero row and is simply skipped.)"""
    m = [[Fraction(x) for x in row] for row in gram]
    size = len(m)
    kept = []
    for t in range(size):
        if m[t][t] == 0:
            continue
        kept.append(t)
        for r in range(t + 1, size):
            if m[r][t] != 0:
                factor = m[r][t] / m[t][t]
                m[r] = [x - factor * p for x, p in zip(m[r], m[t])]
    return kept


def _least_squares(a: list[list[Fraction]]) -> list[Fraction]:
    """Solve the normal equations (XᵀX) b = Xᵀy, given as the augmented rows [XᵀX | Xᵀy],
    by Gauss-Jordan; the columns are independent."""
    size = len(a)
    for col in range(size):
        pivot = next(r for r in range(col, size) if a[r][col] != 0)
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col and a[r][col] != 0:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * p for x, p in zip(a[r], a[col])]
    return [a[i][size] / a[i][i] for i in range(size)]


class OverheadLearner:
    """The recent observations for one (base URL, model) and the overhead fitted to them.

    Observing is constant time: the fit's running sums take in the new observation and let
    go of the one that leaves the window, and the solve is skipped when the sums did not
    change (a steady conversation on a bounded strategy sends the same shape every turn)."""

    def __init__(
        self, prior: TemplateOverhead, observations: Iterable[Observation] = (), keep: int = KEEP
    ) -> None:
        self.prior = prior
        self.keep = keep
        self._observations: deque[Observation] = deque()
        self._sums = _Sums(prior)
        for observation in list(observations)[-keep:]:
            self._observations.append(observation)
            self._sums.add(observation, 1)
        self._fitted = self._sums.key()
        self.current = self._sums.fit()
        self.unsaved = 0  # observations since the store last had them
        self._saved_correction = self.current.correction

    @property
    def save_due(self) -> bool:
        """Worth writing now: the fitted overhead changed, or a batch has gathered."""
        return bool(self.unsaved) and (
            self.current.correction != self._saved_correction or self.unsaved >= SAVE_EVERY
        )

    def take_for_saving(self) -> list[Observation]:
        """The observations to save, counted as saved from now on."""
        self.unsaved, self._saved_correction = 0, self.current.correction
        return self.observations

    @property
    def observations(self) -> list[Observation]:
        return list(self._observations)

    def predict(self, roles: Iterable[str]) -> int:
        return self.current.predict(roles)

    def observe(self, observation: Observation) -> LearnedOverhead:
        self.unsaved += 1
        self._observations.append(observation)
        self._sums.add(observation, 1)
        while 0 < self.keep < len(self._observations):  # keep=0 keeps all, as [-0:] does
            self._sums.add(self._observations.popleft(), -1)
        key = self._sums.key()
        if key != self._fitted:
            self._fitted = key
            self.current = self._sums.fit()
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
