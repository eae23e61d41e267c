"""The panel's words, each in one plain sentence: the help screen's glossary and the
panel's tooltips read them from here, so the two never say different things.

Text only (Textual is named for types alone). `TERMS` is in the order the help screen lists them; `TOOLTIPS`
says which sentences each labelled part of the panel shows when hovered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fincoach_tui.domain.context import PROVENANCES

if TYPE_CHECKING:
    from textual.widget import Widget

TERMS: dict[str, str] = {
    "counted": (
        "counted: the tokens FinCoach counted itself in the text of the messages it sent "
        "(with the model's tokenizer), before the provider answered."
    ),
    "billed": (
        "billed: the prompt tokens the provider charged for this request, as its answer "
        "reports them; the cost is worked out from this figure."
    ),
    "template": (
        "template: billed minus counted, the tokens the provider's chat format adds around "
        "each message (roles, separators); you pay for them but never see them."
    ),
    "predicted": (
        "predicted: what FinCoach expected to be billed before sending, the counted tokens "
        "plus the template it has learnt for this provider and model."
    ),
    "error": (
        "error: billed minus predicted, turn by turn (t3 +2: turn 3 was billed 2 tokens more "
        "than predicted); near 0 once the template has been learnt."
    ),
    "cached": (
        "cached: prompt tokens the provider had already seen at the start of the request "
        "and charged at its cheaper cached rate; they are part of the prompt, not extra."
    ),
    "reasoning": (
        "reasoning: tokens a reasoning model spent thinking before it answered; they are "
        "part of the completion (billed as output), not extra."
    ),
    "discount": "discount: what caching took off this call, and off the whole session.",
    "cost": (
        "cost: what this call cost in US dollars at the model's price; the bar at the top "
        "shows the session's total."
    ),
    "price": "price: the rates this model is priced at, where they come from and their date.",
    "context bar": (
        "context bar: how much of the model's context window (the most it can read in one "
        "request) this request fills; it turns yellow from 80% and red when it would not fit."
    ),
    "cumulative": (
        "cumulative: the running total over the session, every turn's prompt tokens (or "
        "cost) so far, maintenance calls included."
    ),
    "÷N": (
        "÷N: the chart's cumulative line is drawn divided by N so the per-turn bars stay "
        "readable; multiply what the line reaches by N (the true total is in brackets)."
    ),
    "≈": (
        "≈: an approximate figure, an estimate or a projection (a summary assumed at its "
        "cap, turns beyond the ones you had, usage the server did not report)."
    ),
    "t16/t16": (
        "t16/t16 (crossovers): the first turn from which a strategy's request is cheaper "
        "than buffer's, then the turn from which its running total is; — means not within "
        "the turns compared, ≈ a projection."
    ),
    "provenance": (
        "provenance: where each message of the request came from: "
        + "; ".join(
            f"{label} ({what})"
            for label, what in zip(
                PROVENANCES,
                (
                    "the coach's instructions, with any summary, facts or recalled turns as sections",
                    "an earlier message sent as it was",
                    "the running summary of older turns",
                    "an earlier turn found again by recall",
                    "a fact from the fact store",
                    "your message this turn",
                ),
                strict=True,
            )
        )
        + "."
    ),
    "maintenance calls": (
        "maintenance calls: model calls a strategy makes besides the reply, folding old "
        "turns into the summary (+summary), extracting facts (+extract), computing recall "
        "vectors (+embed); they are billed and part of the session's cost."
    ),
    "estimated": (
        "estimated (est.): the server reported no usage, so the tokens and cost are "
        "FinCoach's own count plus the template, not the provider's bill."
    ),
    "simulated": (
        "simulated: the offline coach answered; its usage is what the model it is priced as "
        "would have billed, and nothing was spent."
    ),
    "no price": (
        "no price: FinCoach has no price for this model (add one under [prices] in "
        'config.toml); tokens are still counted, and the cost reads "no price", never $0.'
    ),
}

# Which sentences each labelled part shows as its tooltip, by a selector of the part: the
# top bar, the meter's rows, its context row, the chart, the turn list, the request, the
# comparison's lines.
TOOLTIPS: dict[str, tuple[str, ...]] = {
    "#bar": ("cost", "≈", "estimated", "no price"),
    "#meter #tokens": ("counted", "billed", "estimated", "simulated"),
    "#meter #counting": ("counted", "estimated"),
    "#meter #template": ("template", "predicted"),
    "#meter #trend": ("error",),
    "#meter #cache": ("cached", "reasoning"),
    "#meter #saving": ("discount",),
    "#meter #cost": ("cost", "estimated", "no price"),
    "#meter #price": ("price", "no price"),
    "#meter #context-row": ("context bar",),
    "#chart": ("cumulative", "÷N", "maintenance calls", "≈"),
    "#turns": ("maintenance calls",),
    "#inspector": ("provenance",),
    "#costs #totals": ("≈",),
    "#costs #template": ("template",),
    "#costs #crossover": ("t16/t16", "≈"),
}


def tooltip(part: str) -> str:
    """The tooltip of a labelled part (a TOOLTIPS selector): its terms' sentences, one a line."""
    return "\n".join(TERMS[term] for term in TOOLTIPS[part])


def apply_tooltips(root: Widget) -> None:
    """Give each labelled part under `root` its glossary sentences as a tooltip."""
    from rich.text import Text

    for part in TOOLTIPS:
        for widget in root.query(part):
            widget.tooltip = Text(tooltip(part))  # not markup: "[prices]" is text
