"""What one request cost, token by token: counted, billed, the template gap, the cache.

Every number comes from a CallRecord (or a RequestReady not answered yet); the meter
only lays them out. The context bar turns `-warning` from 80% of the window and `-error`
when the request would not fit at all.
"""

from __future__ import annotations

import textwrap
from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from fincoach_tui.domain.records import CallRecord
from fincoach_tui.ui import format as fmt
from fincoach_tui.ui.line import Line
from fincoach_tui.ui.usage_bar import UsageBar

if TYPE_CHECKING:
    from fincoach_tui.service.events import RequestReady

WARNING_AT = 0.8
LABEL_WIDTH = 11
EMPTY_TEXT = "Send a message to see what it costs"
ROW_LABELS = {
    "tokens": "tokens",
    "counting": "counted",
    "template": "template",
    "trend": "error",
    "cache": "cached",
    "saving": "discount",
    "cost": "cost",
    "price": "price",
}
OPTIONAL_ROWS = (
    "counting",
    "trend",
    "saving",
    "price",
)  # shown once the app has the session's cost snapshot
TREND_TURNS = 6


def recent_errors(
    errors: Sequence[tuple[int, int]], turn: int, count: int = TREND_TURNS
) -> list[tuple[int, int]]:
    """The last `count` (turn, error) pairs up to `turn`, from errors in turn order (the
    session's, one a chat call: it grows with the session). The meter shows a turn on the
    event loop, most often the newest: that reads `count` + 1 pairs, and an earlier turn
    a binary search more, never every pair."""
    end = len(errors)
    if end and errors[end - 1][0] > turn:  # an earlier turn: the pairs after it are skipped
        end = bisect_right(errors, turn, hi=end - 1, key=lambda pair: pair[0])
    return [errors[i] for i in range(max(0, end - count), end)]


def fold_parts(value: str, width: int) -> list[str]:
    """`value`'s " · "-separated parts packed into lines of at most `width` cells; a part
    longer than a line is broken at its spaces."""
    lines: list[str] = []
    for part in value.split(" · "):
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and len(joined) <= width:
            lines[-1] = joined
        else:
            lines.extend(textwrap.wrap(part, width) or [part])
    return lines or [value]


def newest_parts(value: str, width: int) -> str:
    """`value`'s " · "-separated parts, the oldest left out until it fits `width` cells
    (the prediction error's trend: "t5 0 · … · t10 0 (billed − predicted)")."""
    parts = value.split(" · ")
    while len(parts) > 1 and width > 0 and len(" · ".join(parts)) > width:
        parts.pop(0)
    return " · ".join(parts)


class TokenMeter(Widget):
    """The numbers of one request, or a friendly empty state before the first one."""

    COMPONENT_CLASSES = {"meter--label"}

    class Shown(Message):
        """The meter shows another request: the one-line meter (ui/meter_line.py) follows."""

        def __init__(self, meter: TokenMeter) -> None:
            super().__init__()
            self.meter = meter

    DEFAULT_CSS = """
    TokenMeter {
        height: auto;
        border-top: hkey $panel;
        border-title-color: $text-muted;
        & > .meter--label { color: $text-muted; }
        Static { height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
        #header { text-style: bold; }
        #cost { color: $primary; }
        #empty { color: $text-muted; text-style: italic; display: none; }
        #tokens { height: auto; text-wrap: wrap; }
        #context-row { height: 1; }
        #context-label { width: auto; }
        #context-pct { width: auto; padding-left: 1; }
        #alert { display: none; height: auto; text-wrap: wrap; }
        &.-empty > * { display: none; }
        &.-empty > #empty { display: block; }
        &.-warning {
            UsageBar { color: $warning; }
            #alert { display: block; color: $warning; }
        }
        &.-error {
            UsageBar { color: $error; }
            #alert { display: block; color: $error; text-style: bold; }
        }
    }
    """

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.border_title = "This turn"
        # The numbers on screen, by name: what tests and other widgets may read back.
        self.figures: dict[str, Any] = {}
        # Each line's text without styling, by line id ("header", "tokens", ...).
        self.lines: dict[str, str] = {}
        self._fraction: float | None = None
        self._folded: dict[str, int] = {}  # a folded row's number of lines, by line id
        self._alert = ""
        # Where the model's price comes from and its date ("no price" without one).
        self.price_note = ""
        # How counts are made when that is not OpenAI's own tokenizer ("o200k estimate",
        # "counted with the server's tokenizer"), and the gap's tokenizer and template
        # parts for an estimate (None: all of it is template). Set by the app.
        self.count_note: Callable[[], str] | None = None
        self.split_gap: Callable[[int, int], tuple[int, int] | None] | None = None

    def compose(self) -> ComposeResult:
        yield Static(Text(EMPTY_TEXT), id="empty")
        for line in ("header", *ROW_LABELS):
            yield Line(id=line)
        with Horizontal(id="context-row"):
            yield Line(id="context-label")
            yield UsageBar()
            yield Line(id="context-pct")
        yield Line(id="alert")

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)
        self._paint()

    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)

    def _theme_changed(self, _theme: object) -> None:
        self.call_after_refresh(self._paint)  # label colours are baked into the Text

    # ---- public ------------------------------------------------------------------------
    def show(
        self,
        record: CallRecord | None,
        context_window: int | None,
        *,
        errors: Sequence[tuple[int, int]] = (),
        saved: float | None = None,
        session_saved: float | None = None,
    ) -> None:
        """The numbers of a finished call, or the empty state when there is none.

        `errors` is billed − predicted prompt tokens per turn (the learner's trend, shown up
        to this turn); `saved` / `session_saved` what caching took off this call / the session.
        """
        follows = self._follows(record.turn if record is not None else None)
        if record is None:
            self.figures = {}
            self.lines = {}
            self._set_context(None, context_window)
            self._paint()
            self._tell_shown()
            return
        usage = record.usage
        self.figures = {
            "turn": record.turn,
            "sent": len(record.sent),
            "counted": record.counted_tokens,
            "billed": usage.prompt_tokens,
            "gap": record.template_gap,
            "predicted": record.predicted_prompt_tokens,
            # An estimate compared with itself says nothing: no error, "n/a".
            "prediction_error": (
                None
                if usage.estimated and not record.simulated
                else usage.prompt_tokens - record.predicted_prompt_tokens
            ),
            "cached": usage.cached_tokens,
            "completion": usage.completion_tokens,
            "reasoning": usage.reasoning_tokens,
            "cost": record.cost_usd,
            "estimated": usage.estimated,
            "simulated": record.simulated,
        }
        f = self.figures
        marks = "".join(
            m for m, on in ((" est.", usage.estimated), (" simulated", record.simulated)) if on
        )
        header = f"Turn {record.turn} · {record.strategy} · {record.model}"
        if record.kind != "chat":
            header += f" · {record.kind} call"
        self.lines = {
            "header": header,
            "tokens": (
                f"{f['sent']} msgs · counted {fmt.tokens(f['counted'])} · "
                f"billed {fmt.tokens(f['billed'])}{marks}"
            ),
            "counting": self.count_note() if self.count_note else "",
            "template": (
                f"{self._gap_text(f['gap'], f['counted'], fmt.signed_tokens(f['gap']))} (billed − counted) · predicted "
                f"{fmt.tokens(f['predicted'])} ("
                + (
                    "n/a"
                    if f["prediction_error"] is None
                    else fmt.signed_tokens(f["prediction_error"])
                )
                + ")"
            ),
            "cache": (
                f"{fmt.tokens(f['cached'])} of prompt · completion "
                f"{fmt.tokens(f['completion'])} ({fmt.tokens(f['reasoning'])} reasoning)"
            ),
            "cost": (
                f"≈{fmt.usd(record.cost_usd)} est."
                if usage.estimated and not record.simulated and record.cost_usd is not None
                else fmt.usd(record.cost_usd)
            ),
            "price": self.price_note if record.kind == "chat" else "",
        }
        trend = recent_errors(errors, record.turn)
        if trend:
            self.figures["error_trend"] = trend
            self.lines["trend"] = (
                " · ".join(f"t{t} {fmt.signed_tokens(e)}" for t, e in trend)
                + " (billed − predicted)"
            )
        if saved is not None and (saved or session_saved):
            self.figures["cache_saved"] = saved
            self.lines["saving"] = (
                f"−{fmt.usd(saved)} by caching this turn · "
                f"−{fmt.usd(session_saved or 0.0)} this session"
            )
        self._set_context(usage.prompt_tokens, context_window)
        self._paint(keep_rows=follows)
        self._tell_shown()

    def _tell_shown(self) -> None:
        # To the app, whose handler shows the one-line meter: posted to the meter, the
        # message was handled by it and by each container up to the app, three times a turn.
        if self.is_attached:
            self.app.post_message(self.Shown(self))

    def _follows(self, turn: int | None) -> bool:
        """Whether the meter goes on to the same turn or the next (the request in flight,
        its bill, the comparison's lines): then rows not known yet keep their place."""
        shown = self.figures.get("turn")
        return turn is not None and shown is not None and turn in (shown, shown + 1)

    def show_pending(
        self, request: RequestReady, context_window: int | None, *, turn: int | None = None
    ) -> None:
        """A request built but not answered: what we counted and predict; the bill is still to come."""
        follows = self._follows(turn)
        self.figures = {
            "turn": turn,
            "sent": len(request.sent),
            "counted": request.counted_tokens,
            "predicted": request.predicted_prompt_tokens,
        }
        f = self.figures
        gap = f["predicted"] - f["counted"]
        where = f"Turn {turn}" if turn is not None else "Next turn"
        self.lines = {
            "header": f"{where} · {request.context.strategy} · waiting for the reply",
            "tokens": f"{f['sent']} msgs · counted {fmt.tokens(f['counted'])} · billed …",
            "counting": self.count_note() if self.count_note else "",
            "template": (
                f"predicted {fmt.tokens(f['predicted'])} "
                f"({self._gap_text(gap, f['counted'], f'{fmt.signed_tokens(gap)} template')})"
            ),
            "cache": "…",
            "cost": "…",
        }
        self._set_context(request.predicted_prompt_tokens, context_window)
        self._paint(keep_rows=follows)
        self._tell_shown()

    def _gap_text(self, gap: int, counted: int, plain: str) -> str:
        """Billed (or predicted) minus counted: `plain` when it is all template; for an
        estimate, its tokenizer part apart (a tokenizer gap is never called template)."""
        parts = self.split_gap(gap, counted) if self.split_gap else None
        if parts is None:
            return plain
        return f"{fmt.signed_tokens(parts[0])} tokenizer · {fmt.signed_tokens(parts[1])} template"

    @property
    def alert_text(self) -> str:
        return self._alert

    # ---- rendering ---------------------------------------------------------------------
    def _row(self, label: str, value: str, label_style: Style) -> Text:
        row = Text(label.ljust(LABEL_WIDTH), style=label_style)
        row.append(value)
        return row

    def _set_context(self, prompt_tokens: int | None, context_window: int | None) -> None:
        self.figures["context_window"] = context_window
        if prompt_tokens is None or not context_window:
            self._fraction = None
            self._alert = ""
            pct = "context window unknown" if prompt_tokens is not None else ""
        else:
            self._fraction = prompt_tokens / context_window
            pct = f"{fmt.percent(prompt_tokens, context_window)} of {fmt.tokens(context_window)}"
            if self._fraction >= 1:
                self._alert = (
                    "this request would not fit in the model's context window "
                    f"({fmt.tokens(context_window)} tokens)"
                )
            elif self._fraction >= WARNING_AT:
                self._alert = "80% of the context window used or more: older turns will have to go"
            else:
                self._alert = ""
        self.lines["context"] = pct

    def _paint(self, *, keep_rows: bool = False) -> None:
        """Draw the lines. `keep_rows`: an optional row shown now and not known yet for the
        turn that follows says "…" rather than going: the meter keeps its height, and the
        panel under it is not laid out again two or three times a turn."""
        if not self.is_mounted:
            return
        self.set_class(not self.lines.get("header"), "-empty")
        fraction = self._fraction
        self.set_class(fraction is not None and WARNING_AT <= fraction < 1, "-warning")
        self.set_class(fraction is not None and fraction >= 1, "-error")
        self._put("#header", Text(self.lines.get("header", "")))
        # Read once a paint: each read after the meter was refreshed walks every ancestor.
        label_style = fmt.ink(self.get_component_rich_style("meter--label"))
        for line, label in ROW_LABELS.items():
            text = self.lines.get(line, "")
            if line in OPTIONAL_ROWS:
                row = self.query_one(f"#{line}", Static)
                if not text and keep_rows and row.display:
                    text = "…"
                row.display = bool(text)
            if line == "tokens":
                self._put_folded(line, label, text, label_style)
            elif line == "trend":  # the newest turns that fit, not a row cut with "…"
                width = self.content_size.width - LABEL_WIDTH
                self._put(f"#{line}", self._row(label, newest_parts(text, width), label_style))
            else:
                self._put(f"#{line}", self._row(label, text, label_style))
        # width: auto: a different text may need a different width, so these lay out again
        self._put("#context-label", self._row("context", "", label_style), layout=True)
        self._put("#context-pct", Text(self.lines.get("context", "")), layout=True)
        self.query_one(UsageBar).fraction = fraction or 0.0
        self.query_one(UsageBar).display = fraction is not None
        self._put("#alert", Text(self._alert), layout=True)  # wraps: its height may change

    def _put_folded(self, line: str, label: str, value: str, label_style: Style) -> None:
        """A row that must be read whole (the tokens row, whose "est." and "simulated" say
        what its billed figure is): broken at its " · " onto as many lines as the panel's
        width needs, each after the label column, rather than cut with "…". Laid out
        again only when its number of lines changes."""
        width = self.content_size.width - LABEL_WIDTH
        parts = fold_parts(value, width) if width > 0 else [value]
        row = self._row(label, parts[0], label_style)
        for part in parts[1:]:
            row.append("\n" + " " * LABEL_WIDTH + part)
        grew = len(parts) != self._folded.get(line, 1)
        self._folded[line] = len(parts)
        self._put(f"#{line}", row, layout=grew)

    def on_resize(self) -> None:
        self._paint()  # a folded row may need more lines, or fewer

    def _put(self, selector: str, text: Text, *, layout: bool = False) -> None:
        # The rows are one line high whatever they say: by default, no re-layout.
        self.query_one(selector, Line).show(text, layout=layout)
