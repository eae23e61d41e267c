"""FinCoach's entries in the command palette (Ctrl+P), next to Textual's own (themes, quit).

Every action of the app is here: the titled ones below, and any other key of the app's
bindings under its footer name, so no key is reachable only by knowing it. Each entry
names its key, read from the bindings (ui/key_list.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.command import DiscoveryHit, Hit, Hits, Provider

from fincoach_tui.ui.key_list import app_bindings, key_for

_ACTIONS = (
    ("Help: every key, and what the panel's words mean", "help"),
    ("Choose memory strategy…", "pick_strategy"),
    ("Next memory strategy", "cycle_strategy"),
    ("Sessions: open, rename, delete…", "sessions"),
    ("New session", "new_session"),
    ("Rename this session…", "rename_session"),
    ("Export session as Markdown", "export"),
    ("Toggle side panel", "toggle_panel"),
    ("Chart: toggle tokens / cost", "toggle_chart"),
    ("Chart: every strategy's cost on this conversation", "compare_chart"),
    ("Crossover planner: when does a bounded strategy get cheaper than buffer?…", "planner"),
    ("Retry the failed or interrupted message", "retry"),
    ("Memory: facts, summary, recall index (edit, delete)…", "memory"),
    ("Remember… (extract a fact from your next message now)", "remember"),
    ("Usage: tokens and cost across sessions, budget…", "usage"),
)

# Textual's own palette entries already offer these (Quit, the palette itself).
_TEXTUAL_OWN = frozenset({"quit", "command_palette"})


def palette_actions(app_class: type) -> list[tuple[str, str, str]]:
    """(title, action, key) for every entry: the titled ones, then any other bound action."""
    entries = [(title, action, key_for(app_class, action)) for title, action in _ACTIONS]
    listed = {action for _, action, _ in entries} | _TEXTUAL_OWN
    for binding in app_bindings(app_class):
        if binding.action not in listed:
            listed.add(binding.action)
            title = binding.description or binding.action.replace("_", " ")
            entries.append((title, binding.action, key_for(app_class, binding.action)))
    return entries


class FinCoachCommands(Provider):
    def _commands(self) -> Iterator[tuple[str, Any, str | None]]:
        # Imported on first use: the app imports this module for its first frame, and the
        # strategies (~40 ms) are not needed until the palette opens.
        from fincoach_tui.domain.memory import DESCRIPTIONS, STRATEGIES

        app = self.app
        for title, action, key in palette_actions(type(app)):
            yield title, partial(app.run_action, action), key or None
        for name in STRATEGIES:
            yield (
                f"Use strategy {name} ({DESCRIPTIONS[name]})",
                partial(app.run_action, f"use_strategy({name!r})"),
                None,
            )

    async def discover(self) -> Hits:
        for title, callback, key in self._commands():
            yield DiscoveryHit(title, callback, help=key)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for title, callback, key in self._commands():
            score = matcher.match(title)
            if score > 0:
                yield Hit(score, matcher.highlight(title), callback, help=key)
