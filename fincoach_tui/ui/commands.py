"""FinCoach's entries in the command palette (Ctrl+P), next to Textual's own (themes, quit)."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

_ACTIONS = (
    ("Choose memory strategy…", "pick_strategy"),
    ("Next memory strategy", "cycle_strategy"),
    ("Sessions: open, rename, delete…", "sessions"),
    ("New session", "new_session"),
    ("Export session as Markdown", "export"),
    ("Toggle side panel", "toggle_panel"),
    ("Chart: toggle tokens / cost", "toggle_chart"),
    ("Chart: every strategy's cost on this conversation", "compare_chart"),
    ("Crossover planner: when does a bounded strategy beat replay?…", "planner"),
    ("Retry the failed message", "retry"),
    ("Memory: facts, summary, recall index (edit, delete)…", "memory"),
    ("Remember… (extract a fact from your next message now)", "remember"),
    ("Usage: tokens and cost across sessions, budget…", "usage"),
)


class FinCoachCommands(Provider):
    def _commands(self):
        # Imported on first use: the app imports this module for its first frame, and the
        # strategies (~40 ms) are not needed until the palette opens.
        from fincoach_tui.domain.memory import DESCRIPTIONS, STRATEGIES

        app = self.app
        for title, action in _ACTIONS:
            yield title, partial(app.run_action, action)
        for name in STRATEGIES:
            yield (
                f"Use strategy {name} ({DESCRIPTIONS[name]})",
                partial(app.run_action, f"use_strategy({name!r})"),
            )

    async def discover(self) -> Hits:
        for title, callback in self._commands():
            yield DiscoveryHit(title, callback)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, callback in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback)
