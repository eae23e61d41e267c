"""Other models on your conversation: the session's own requests priced at another model's
prices, with that model's chat template. Pure.

A request's content tokens are the session's counts; another model bills them plus its
own template (`tokens.overhead_for_model`: OpenAI's chat template, gpt-oss's harmony) and
its reply as long as the real one. Where that model's tokenizer is not the one the session
was counted with, the figure is an estimate and says so. The session's own model keeps its
real bill (cache discounts included); another model is priced with no cache discount.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import fsum

from fincoach_tui.domain.curves import request_shape
from fincoach_tui.domain.pricing import Price, call_cost
from fincoach_tui.domain.records import CallRecord, Usage
from fincoach_tui.domain.tokens import (
    TemplateOverhead,
    bare_model,
    encoding_for_model,
    is_exact_tokenizer,
)


class ModelSpecError(ValueError):
    pass


@dataclass(frozen=True)
class ModelSpec:
    """A model to price the conversation on: `model`, or `model@provider` (the provider as
    the price library names it: openai, groq, openrouter, anthropic...)."""

    model: str
    provider: str | None = None

    @property
    def name(self) -> str:
        return f"{self.model}@{self.provider}" if self.provider else self.model


def parse_models(text: str) -> list[ModelSpec]:
    """`gpt-4o,gpt-4.1-mini,openai/gpt-oss-120b@groq` -> specs, in order, each once."""
    specs: list[ModelSpec] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        model, at, provider = part.partition("@")
        if not model.strip() or (at and not provider.strip()):
            raise ModelSpecError(f"--models: {part!r} is not MODEL or MODEL@PROVIDER")
        spec = ModelSpec(model.strip(), provider.strip().lower() or None)
        if spec not in specs:
            specs.append(spec)
    if not specs:
        raise ModelSpecError("--models needs at least one model, e.g. --models gpt-4o,gpt-4.1-mini")
    return specs


def same_tokenizer(counted_with: str, model: str) -> bool:
    """Whether `model` counts text as the session's counts were made (for `counted_with`,
    the session's model): both OpenAI tokenizers, and the same one."""
    return (
        is_exact_tokenizer(counted_with)
        and is_exact_tokenizer(model)
        and encoding_for_model(counted_with) == encoding_for_model(model)
    )


@dataclass(frozen=True)
class Repriced:
    """The session's requests on one model."""

    model: str
    cost_usd: float | None  # None: the model has no price
    prompt_tokens: int
    completion_tokens: int
    estimated: bool  # another tokenizer than the session's counts
    billed: bool  # the session's own model: its real bill


def reprice(
    records: Iterable[CallRecord],
    model: str,
    price: Price | None,
    overhead: TemplateOverhead,
    *,
    counted_with: str,
) -> Repriced:
    """Every call of the session on `model`. Embedding calls keep their own bill (they
    go to the embeddings model whichever chat model answers). A call made on `model`
    itself keeps its usage as billed."""
    costs: list[float | None] = []
    prompt = completion = 0
    own = True
    for record in records:
        if record.kind == "embed":
            costs.append(record.cost_usd)
            continue
        if bare_model(record.model) == bare_model(model):
            usage = record.usage
        else:
            own = False
            roles = request_shape(m.role for m in record.sent)
            tokens = record.counted_tokens
            usage = Usage(
                tokens + overhead.predict_counts(dict(roles)),
                record.usage.completion_tokens,
                reasoning_tokens=record.usage.reasoning_tokens,
            )
        prompt += usage.prompt_tokens
        completion += usage.completion_tokens
        costs.append(call_cost(usage, price))
    total = None if any(c is None for c in costs) else fsum(c or 0.0 for c in costs)
    estimated = not own and not same_tokenizer(counted_with, model)
    return Repriced(model, total, prompt, completion, estimated, own)


def cheapest(options: Sequence[tuple[str, str, float | None]]) -> tuple[str, str, float] | None:
    """The (model, strategy, cost) with the lowest priced cost; None if none is priced."""
    priced = [(m, s, c) for m, s, c in options if c is not None]
    return min(priced, key=lambda o: o[2]) if priced else None
