"""The context ledger: what a request's tokens were spent on, part by part (aider's
`/tokens` shape), with what each part cost and how much of the window is left. Pure.

The parts are the system prompt, the summary, recalled passages, facts, verbatim turns and
the new message. Summary, facts and recall usually travel inside the system message as
its sections: each section's text is counted, and the prompt's row is the system
message's count less theirs, so the rows add up to the request's counted tokens. What
the provider billed beyond that is the chat template's row. Costs are at the model's
input rate (a cache discount, if any, is the provider's, on the whole request).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from fincoach_tui.domain.pricing import PER_MILLION, Price
from fincoach_tui.domain.records import SentMessage

PARTS = (
    ("system", "system prompt"),
    ("summary", "summary"),
    ("recalled", "recalled"),
    ("fact", "facts"),
    ("verbatim", "verbatim turns"),
    ("new", "new message"),
)
TEMPLATE = "chat template"
_PART_NAMES = frozenset(p for p, _ in PARTS)


@dataclass(frozen=True)
class LedgerRow:
    label: str
    tokens: int
    cost_usd: float | None  # None: no price for the model


@dataclass(frozen=True)
class Ledger:
    rows: tuple[LedgerRow, ...]  # the parts, then the template, in that order
    prompt_tokens: int  # billed (or predicted, for a request not answered yet)
    context_window: int | None
    estimated: bool = False  # the prompt's size is our estimate, not the provider's

    @property
    def cost_usd(self) -> float | None:
        costs = [row.cost_usd for row in self.rows]
        return None if any(c is None for c in costs) else sum(c or 0.0 for c in costs)

    @property
    def remaining(self) -> int | None:
        """Tokens of the window left after this request (negative: it does not fit)."""
        return None if not self.context_window else self.context_window - self.prompt_tokens


def bucket(provenance: str) -> str:
    """The part a message of this provenance is counted in (anything else: verbatim)."""
    return provenance if provenance in _PART_NAMES else "verbatim"


def empty_parts() -> dict[str, int]:
    return dict.fromkeys((p for p, _ in PARTS), 0)


def add_message(
    tokens: dict[str, int], message: SentMessage, count_text: Callable[[str], int]
) -> None:
    """Count one sent message into `tokens`, the parts' totals."""
    if message.role == "system":
        inside = 0
        for section in message.sections:
            if section.provenance != "system" and section.provenance in tokens:
                counted = count_text(section.text)
                tokens[section.provenance] += counted
                inside += counted
        tokens["system"] += max(message.tokens - inside, 0)
    else:
        tokens[bucket(message.provenance)] += message.tokens


def part_tokens(sent: Iterable[SentMessage], count_text: Callable[[str], int]) -> dict[str, int]:
    """Every message of the request read: each part's tokens."""
    tokens = empty_parts()
    for message in sent:
        add_message(tokens, message, count_text)
    return tokens


class MeasuredSent(tuple[SentMessage, ...]):
    """A request's messages with each part's tokens, counted when the request was measured
    (service/coach_requests.py, `gathered_parts`): its ledger reads these few figures, not
    its messages again (a buffer request at turn 5,000 sends 10,000). Equal to the tuple
    of its messages."""

    parts: Mapping[str, int]

    def __new__(cls, messages: Iterable[SentMessage], parts: Mapping[str, int]) -> MeasuredSent:
        built = super().__new__(cls, messages)
        built.parts = MappingProxyType(dict(parts))
        return built

    def __reduce__(self) -> tuple[Any, ...]:
        return (MeasuredSent, (tuple(self), dict(self.parts)))


def gathered_parts(
    system: Iterable[SentMessage],
    by_provenance: Mapping[str, int],
    count_text: Callable[[str], int],
) -> dict[str, int]:
    """Each part's tokens, as `part_tokens` counts them, from a request's system messages
    and the tokens of its other messages summed by provenance (as they were counted)."""
    tokens = empty_parts()
    for message in system:
        add_message(tokens, message, count_text)
    for provenance, counted in by_provenance.items():
        tokens[bucket(provenance)] += counted
    return tokens


def context_ledger(
    sent: Iterable[SentMessage],
    count_text: Callable[[str], int],
    *,
    prompt_tokens: int,
    price: Price | None,
    context_window: int | None,
    estimated: bool = False,
) -> Ledger:
    return priced_ledger(
        part_tokens(sent, count_text),
        prompt_tokens=prompt_tokens,
        price=price,
        context_window=context_window,
        estimated=estimated,
    )


def priced_ledger(
    tokens: Mapping[str, int],
    *,
    prompt_tokens: int,
    price: Price | None,
    context_window: int | None,
    estimated: bool = False,
) -> Ledger:
    """The ledger of a request whose parts' tokens are known (part_tokens, or kept)."""
    counted = sum(tokens.values())

    def cost(n: int) -> float | None:
        return None if price is None else n * price.input / PER_MILLION

    rows = [LedgerRow(label, tokens[p], cost(tokens[p])) for p, label in PARTS]
    rows.append(LedgerRow(TEMPLATE, prompt_tokens - counted, cost(prompt_tokens - counted)))
    return Ledger(tuple(rows), prompt_tokens, context_window, estimated)
