"""The top bar (session, provider, strategy, total) and the one-line activity status."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from fincoach_tui.llm.providers import ProviderSettings


def provider_parts(settings: ProviderSettings) -> tuple[str, str]:
    if settings.simulated:
        return "offline, simulated", f"priced as {settings.model}"
    return settings.name, settings.model


class SessionBar(Static):
    """One line: the session, its cost, the budget, the strategy, the provider, the model.
    Most important first: where the terminal is too narrow for all of it, whole parts go
    from the end (never "priced as" without its model, nor a line cut mid-word)."""

    DEFAULT_CSS = """
    SessionBar { height: 1; background: $panel; color: $foreground; padding: 0 1; }
    """

    _parts: tuple[tuple[str, Text], ...] = ()  # each part after its separator

    def show(
        self,
        *,
        session: str,
        settings: ProviderSettings,
        strategy: str,
        params: dict[str, int],
        total: str,
        budget: Text | None = None,
    ) -> None:
        provider, model = provider_parts(settings)
        look = "italic" if settings.simulated else ""
        self._parts = (
            ("", Text(session, style="bold")),
            (" · ", Text(total, style="bold")),
            *([(" · ", budget)] if budget is not None else []),  # spend against the budget
            (" · ", Text(strategy, style="bold")),
            *((" ", Text(f"{k}={v}", style="bold")) for k, v in params.items()),
            (" · ", Text(provider, style=look)),
            (" · ", Text(model, style=look)),
            (" · ", Text("FinCoach", style="dim")),
        )
        self._fit()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        width = self.content_region.width
        text = Text(no_wrap=True, overflow="ellipsis")
        for number, (separator, part) in enumerate(self._parts):
            # The session and its cost always; the rest while whole parts fit (before the
            # first layout the width is not known: all of it, laid out again on resize).
            if number > 1 and width and text.cell_len + len(separator) + part.cell_len > width:
                break
            text.append(separator, style="dim")
            text.append_text(part)
        if width and text.cell_len > width:
            text.truncate(width, overflow="ellipsis")
        self.update(text, layout=False)  # one line, always: no need to lay the screen out again


class ActivityLine(Static):
    """What the app is doing right now: loading, thinking, summarizing, retrying."""

    DEFAULT_CSS = """
    ActivityLine { height: 1; color: $text-muted; padding: 0 1; }
    ActivityLine.-error { color: $error; }
    """

    def say(self, text: str, *, error: bool = False) -> None:
        self.set_class(error, "-error")
        self.update(Text(text), layout=False)  # one line, always: repaint only
