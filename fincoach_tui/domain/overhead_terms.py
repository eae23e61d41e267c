"""What the template-overhead fit works with: observations and the learned overhead. Pure.

An observation is one answered call (its roles, the billed - counted gap, and our content
count); the learned overhead is the family prior plus the fitted correction, per term.
The fitting itself is domain/overhead_fit.py.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from fincoach_tui.domain.plurals import plural
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.tokens import TemplateOverhead

__all__ = ["ROLES", "TERMS", "LearnedOverhead", "Observation", "term_features"]

# Correction terms in order of preference: a later term that the earlier ones already
# explain is dropped, so the simplest model that fits is the one used.
TERMS = ("fixed", "ratio", "per_message", "assistant", "system")
ROLES = ("system", "user", "assistant")


@dataclass(frozen=True)
class Observation:
    """One answered call: how many messages of each role, and billed - counted."""

    roles: tuple[tuple[str, int], ...]  # sorted (role, count) pairs
    gap: int
    counted: int | None = None  # our content count; None in files saved before it was kept

    @classmethod
    def of(cls, roles: Iterable[str], gap: int, counted: int | None = None) -> Observation:
        return cls(tuple(sorted(_count_roles(roles).items())), int(gap), counted)

    @classmethod
    def from_record(cls, record: CallRecord) -> Observation:
        return cls.of((m.role for m in record.sent), record.template_gap, record.counted_tokens)

    @property
    def counts(self) -> dict[str, int]:
        return dict(self.roles)

    def role_list(self) -> list[str]:
        return [r for r, n in self.roles for _ in range(n)]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"roles": dict(self.roles), "gap": self.gap}
        if self.counted is not None:
            data["counted"] = self.counted
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Observation:
        roles = data["roles"]
        if not isinstance(roles, Mapping):
            raise ValueError("roles must be a mapping of role to count")
        counted = data.get("counted")
        return cls(
            tuple(sorted((str(r), int(n)) for r, n in roles.items())),
            int(data["gap"]),
            None if counted is None else int(counted),
        )


def _count_roles(roles: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for role in roles:
        counts[role] = counts.get(role, 0) + 1
    return counts


def term_features(counts: Mapping[str, int], counted: int = 0) -> dict[str, int]:
    return {
        "fixed": 1,
        "ratio": counted,
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

    def predict(self, roles: Iterable[str], counted: int = 0) -> int:
        """Billed minus counted for a request of these roles and `counted` content tokens."""
        return self.predict_counts(_count_roles(roles), counted=counted)

    def predict_counts(self, counts: Mapping[str, int], counted: int = 0) -> int:
        """The same from role counts: a long request's roles need not be listed again."""
        base = self.prior.predict_counts(counts)
        if not self.correction:
            return base
        denominator, numerators = self._over_common_denominator
        features = term_features(counts, counted)
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

    def ratio(self) -> Fraction:
        """Billed content tokens per counted one: the tokenizer's part of the gap."""
        return 1 + self.correction.get("ratio", Fraction(0))

    def tokenizer_part(self, counted: int) -> int:
        """Of the gap for `counted` content tokens, what the tokenizer accounts for."""
        return round(self.correction.get("ratio", Fraction(0)) * counted)

    @property
    def sound(self) -> bool:
        """Plausible: a template adds tokens, it never takes them away, and text has tokens."""
        return self.fixed() >= 0 and all(self.per_role(r) >= 0 for r in ROLES) and self.ratio() > 0

    def describe(self) -> str:
        """ "fixed 3 + system 4 · user 4 · assistant 4 per message (family default)", and
        with a learned tokenizer ratio "tokenizer ×1.25 of the o200k count; template ..."."""
        roles = " · ".join(f"{r} {_num(self.per_role(r))}" for r in ROLES)
        source = (
            f"learned from {plural(self.observations, 'call')}"
            if self.learned
            else "family default"
        )
        template = f"fixed {_num(self.fixed())} + {roles} per message ({source})"
        if "ratio" not in self.correction:
            return template
        return f"tokenizer ×{float(self.ratio()):.3f} of the o200k count; template {template}"


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"
