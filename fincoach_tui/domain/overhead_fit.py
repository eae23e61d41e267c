"""Learning a provider's chat-template overhead from what it bills. Pure.

The gap billed - counted is the template: a fixed part (primer, hidden preamble) plus a
part per message. The family defaults (`tokens.overhead_for_model`) are a prior; each
answered call is an observation, and the learned overhead is the prior plus the
least-squares correction fitted to recent observations:

    gap - prior.predict(roles) ~ d_fixed + d_message*n + d_assistant*n_assistant + d_system*n_system

For a model whose tokenizer is not the one we count with (llama, qwen... counted with
o200k as an estimate), part of the gap is the tokenizer, not the template: the fit then
has a ratio term, billed content = (1 + d_ratio) * counted, fitted together with the
template terms and shown apart from them, so a tokenizer gap is never called "template".

A term is fitted only where the observations identify it. In a chat the system message
is always one and users always outnumber replies by one, so per-role terms are usually
collinear with the others: they are then left at the prior instead of taking arbitrary
values. With exact rational arithmetic a fixed template is recovered exactly from two
calls of different lengths, so from the third turn on the prediction error is zero.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Sequence
from fractions import Fraction

from fincoach_tui.domain.overhead_terms import TERMS, LearnedOverhead, Observation, term_features
from fincoach_tui.domain.records import CallRecord
from fincoach_tui.domain.tokens import TemplateOverhead

# Observation, LearnedOverhead, TERMS and term_features live in domain/overhead_terms.py;
# named here too, where the rest of the package imports them from.
__all__ = [
    "KEEP",
    "SAVE_EVERY",
    "TERMS",
    "LearnedOverhead",
    "Observation",
    "OverheadLearner",
    "fit_overhead",
    "learnable",
    "prediction_errors",
    "term_features",
]

KEEP = 64  # observations remembered per (base URL, model): recent ones reflect today's template
# The observations are a cache of what providers bill, not part of any session: they are
# saved when the fitted overhead changes, after SAVE_EVERY unsaved ones otherwise, and when
# the session closes. A crash loses at most that many, which the next calls teach again (a
# fixed template is recovered from two); saving every turn cost a rewrite and an fsync.
SAVE_EVERY = 16
# A fit that stops predicting (a new template or model behind the same URL): after this
# many calls in a row that it misses, it is refitted from them alone.
DRIFT_MISSES = 3


def fit_overhead(
    prior: TemplateOverhead, observations: Sequence[Observation], *, ratio: bool = False
) -> LearnedOverhead:
    """Least squares of (gap - prior) on the identifiable terms, in exact arithmetic."""
    sums = _Sums(prior, ratio)
    for observation in observations:
        sums.add(observation, 1)
    return sums.fit()


class _Sums:
    """The normal equations of the fit, XᵀX and Xᵀy, kept as integer running sums.

    Everything the fit needs is in these 4x4 + 4 numbers, so an observation is added (or,
    leaving the window, taken away) in constant time and exactly, and refitting costs the
    same at the 64th call as at the first."""

    def __init__(self, prior: TemplateOverhead, ratio: bool = False) -> None:
        self.prior = prior
        self.ratio = ratio  # fit a tokenizer ratio (the local count is an estimate)
        self.count = 0
        self.gram = [[0] * len(TERMS) for _ in TERMS]  # sum of f_t * f_u
        self.moment = [0] * len(TERMS)  # sum of f_t * (gap - prior)

    def add(self, observation: Observation, sign: int) -> None:
        counts = observation.counts
        by_term = term_features(counts, (observation.counted or 0) if self.ratio else 0)
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
        fitted = self._solve(kept)
        if self.ratio:
            # A short chat barely tells a tokenizer ratio from a per-message template (both
            # grow with the conversation), and least squares may trade one for the other
            # into a template that takes tokens away. Then the simpler fits are tried, the
            # last-preferred template terms dropped first, and the first plausible one kept.
            while not fitted.sound and len(kept) > 1:
                kept = kept[:-1] if TERMS[kept[-1]] != "ratio" else kept[:-2] + kept[-1:]
                fitted = self._solve(kept)
        return fitted

    def _solve(self, kept: list[int]) -> LearnedOverhead:
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
    change (a steady conversation on a bounded strategy sends the same shape every turn).

    `ratio`: the local count is an estimate (the model's tokenizer is not ours), so the
    fit has a tokenizer ratio term. Saved observations that do not give a plausible fit
    (`LearnedOverhead.sound`) are not learned from; nor is a fit that stopped predicting:
    after DRIFT_MISSES calls in a row that it missed, only those calls are kept."""

    def __init__(
        self,
        prior: TemplateOverhead,
        observations: Iterable[Observation] = (),
        keep: int = KEEP,
        *,
        ratio: bool = False,
        guard: bool = True,
    ) -> None:
        self.prior = prior
        self.keep = keep
        self.ratio = ratio
        # `guard`: reject an implausible saved fit and refit after drift (tests of the bare
        # least-squares window turn it off).
        self.guard = guard
        self.refits = 0  # times a fit stopped predicting and was refitted from recent calls
        self._misses = 0
        kept = [o for o in observations if not ratio or o.counted is not None]
        self._reset(kept[-keep:] if keep else kept)
        if guard and not self.current.sound:
            self._reset([])  # a bad fit saved by an older version is not the next session's
        self.unsaved = 0  # observations since the store last had them
        self._saved_correction = self.current.correction

    def _reset(self, observations: list[Observation]) -> None:
        self._observations: deque[Observation] = deque(observations)
        self._sums = _Sums(self.prior, self.ratio)
        for observation in observations:
            self._sums.add(observation, 1)
        self._fitted = self._sums.key()
        self.current = self._sums.fit()
        self._tolerance_cache: int | None = None

    @property
    def save_due(self) -> bool:
        """Worth writing now: the fitted overhead changed, or a batch has gathered."""
        return bool(self.unsaved) and (
            self.current.correction != self._saved_correction or self.unsaved >= SAVE_EVERY
        )

    def take_for_saving(self) -> list[Observation]:
        """The observations to save, counted as saved from now on; none while the fit is
        implausible or still settling after a change (the next session starts from the prior
        rather than from a fit that would mislead it)."""
        self.unsaved, self._saved_correction = 0, self.current.correction
        return self.observations if self.current.sound and not self._misses else []

    @property
    def observations(self) -> list[Observation]:
        return list(self._observations)

    def predict(self, roles: Iterable[str], counted: int = 0) -> int:
        return self.current.predict(roles, counted=counted)

    def miss(self, observation: Observation) -> int:
        """How far the current fit is from `observation`'s gap."""
        predicted = self.current.predict_counts(
            observation.counts, counted=observation.counted or 0
        )
        return observation.gap - predicted

    def _tolerance(self) -> int | None:
        """How far off a call may be before it counts as a miss; None while the window is
        too small to tell noise from change (a fit through few points fits them exactly)."""
        if self._tolerance_cache is None:
            terms = len(self.current.correction) + 2
            if len(self._observations) <= terms:
                return None
            residuals = [abs(self.miss(o)) for o in self._observations]
            typical = sum(residuals) / len(residuals)
            self._tolerance_cache = max(2, math.ceil(3 * typical))
        return self._tolerance_cache

    def observe(self, observation: Observation) -> LearnedOverhead:
        self.unsaved += 1
        tolerance = self._tolerance() if self.guard else None
        size = (observation.counted or 0) + observation.gap  # what was billed
        if tolerance is not None and abs(self.miss(observation)) > max(tolerance, size // 50):
            self._misses += 1
        else:
            self._misses = 0
        self._observations.append(observation)
        self._sums.add(observation, 1)
        while 0 < self.keep < len(self._observations):  # keep=0 keeps all, as [-0:] does
            self._sums.add(self._observations.popleft(), -1)
        if self._misses >= DRIFT_MISSES:
            # The template or the model behind this URL changed: what came before misleads.
            self.refits += 1
            self._misses = 0
            self._reset(list(self._observations)[-DRIFT_MISSES:])
            return self.current
        key = self._sums.key()
        if key != self._fitted:
            self._fitted = key
            self.current = self._sums.fit()
            self._tolerance_cache = None
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
