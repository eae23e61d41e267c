"""The top bar (session, provider, strategy, total) and the one-line activity status."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from fincoach_tui.llm.providers import ProviderSettings


def describe_provider(settings: ProviderSettings) -> str:
    if settings.simulated:
        return f"offline, simulated · priced as {settings.model}"
    return f"{settings.name} · {settings.model}"


class SessionBar(Static):
    DEFAULT_CSS = """
    SessionBar { height: 1; background: $panel; color: $foreground; padding: 0 1; }
    """

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
        # Most important first: a narrow terminal cuts the end, not the session or the cost.
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(session, style="bold")
        text.append(" · ", style="dim")
        text.append(total, style="bold")
        text.append(" · ", style="dim")
        if budget is not None:  # spend against the budget: the header's meter
            text.append_text(budget)
            text.append(" · ", style="dim")
        shown = " ".join(f"{k}={v}" for k, v in params.items())
        text.append(f"{strategy} {shown}".strip(), style="bold")
        text.append(" · ", style="dim")
        text.append(describe_provider(settings), style="italic" if settings.simulated else "")
        text.append(" · FinCoach", style="dim")
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
