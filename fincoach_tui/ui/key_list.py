"""Every key of the app, read from the `BINDINGS` of the app, its screens and its widgets,
so the help screen (and the command palette's key hints) can never drift from what the
keys do. Bindings marked `system` (Textual's own Ctrl+C) are left out.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from textual.app import App
from textual.binding import Binding
from textual.keys import key_to_character

# The composer handles these in its key handler, not as bindings: listed here.
COMPOSER_KEYS = (
    ("Enter", "send the message"),
    (
        "Shift+Enter / Alt+Enter / Ctrl+J",
        "new line in the message (a multi-line paste keeps its lines)",
    ),
    ("Ctrl+A / Ctrl+E", "start / end of the line, as Home / End (no app key takes them)"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo in the message"),
)

# Friendlier titles for the parts that have keys of their own; others get their class name.
TITLES = {
    "SessionsScreen": "Sessions dialog (Ctrl+O)",
    "MemoryScreen": "Memory dialog (F3)",
    "StrategyScreen": "Strategy dialog (Ctrl+S)",
    "PlannerScreen": "Planner dialog (Ctrl+L)",
    "RenameScreen": "Rename dialog",
    "ConfirmScreen": "Confirmation",
    "HelpScreen": "This help (F1 or ?)",
    "CostChart": "The chart, once it has the focus (click it or Tab to it)",
    "ChatView": "The chat, once it has the focus (click it)",
    "SidePanel": "The panel, shown whole (Ctrl+B below 100 columns)",
    "UsageScreen": "Usage dialog (Ctrl+F)",
}
_NAMES = {
    "escape": "Esc",
    "delete": "Delete",
    "enter": "Enter",
    "left": "←",
    "right": "→",
    "up": "↑",
    "down": "↓",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
    "tab": "Tab",
    "space": "Space",
}


@dataclass(frozen=True)
class KeyRow:
    keys: str  # as a person reads them: "Ctrl+S", "d / Delete"
    does: str
    action: str = ""


@dataclass(frozen=True)
class KeySection:
    title: str
    rows: tuple[KeyRow, ...]


def key_name(key: str) -> str:
    """ "ctrl+s" -> "Ctrl+S", "question_mark" -> "?", "f1" -> "F1", "escape" -> "Esc"."""
    *mods, last = key.split("+")
    if last in _NAMES:
        name = _NAMES[last]
    elif re.fullmatch(r"f\d+", last):
        name = last.upper()
    else:
        char = key_to_character(last)
        name = char if char is not None else last.replace("_", " ")
        if mods and len(name) == 1:
            name = name.upper()
    return "+".join([*(m.capitalize() for m in mods), name])


def keys_of(binding: Binding) -> str:
    return " / ".join(key_name(k.strip()) for k in binding.key.split(","))


def _bindings(owner: type) -> list[Binding]:
    found = list(Binding.make_bindings(owner.__dict__.get("BINDINGS", ())))
    return [b for b in found if not b.system]


def app_bindings(app_class: type[App]) -> list[Binding]:
    """The app's own bindings and those it inherits from Textual, the subclass's winning."""
    by_key: dict[str, Binding] = {}
    for owner in app_class.__mro__:  # the subclass first: its order, its bindings win
        for binding in _bindings(owner):
            by_key.setdefault(binding.key, binding)
    return list(by_key.values())


def row_of(binding: Binding) -> KeyRow:
    does = binding.description
    if binding.tooltip:
        does = f"{does}: {binding.tooltip}" if does else binding.tooltip
    return KeyRow(keys_of(binding), does, binding.action)


def binding_owners() -> Iterator[type]:
    """Every screen and widget of the interface with bindings of its own (not the app)."""
    import fincoach_tui.ui as ui

    for module in pkgutil.walk_packages(ui.__path__, f"{ui.__name__}."):
        loaded = importlib.import_module(module.name)
        for value in vars(loaded).values():
            if (
                isinstance(value, type)
                and value.__module__ == loaded.__name__
                and not issubclass(value, App)
                and _bindings(value)
            ):
                yield value


def _title(owner: type) -> str:
    name = owner.__name__
    return TITLES.get(name) or re.sub(r"(?<!^)(?=[A-Z])", " ", name)


def key_sections(app_class: type[App], owners: Iterable[type] | None = None) -> list[KeySection]:
    """The app's keys, then the composer's, then each screen's and widget's."""
    anywhere = [row_of(b) for b in app_bindings(app_class)]
    palette = getattr(app_class, "COMMAND_PALETTE_BINDING", "")
    if palette and app_class.ENABLE_COMMAND_PALETTE:
        anywhere.append(
            KeyRow(key_name(palette), "command palette: every action by name", "command_palette")
        )
    sections = [
        KeySection("Anywhere", tuple(anywhere)),
        KeySection("Typing a message", tuple(KeyRow(k, d) for k, d in COMPOSER_KEYS)),
    ]
    chosen = list(binding_owners() if owners is None else owners)
    for owner in sorted(chosen, key=lambda o: (_title(o) != TITLES.get(o.__name__), _title(o))):
        sections.append(KeySection(_title(owner), tuple(row_of(b) for b in _bindings(owner))))
    return sections


def key_for(app_class: type[App], action: str) -> str:
    """The key(s) bound to `action` at the app's level ("" if none): the palette's hint."""
    return " / ".join(keys_of(b) for b in app_bindings(app_class) if b.action == action)
