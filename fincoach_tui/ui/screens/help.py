"""Help (F1, or ? when not typing): every key, read from the bindings, and the panel's
words in plain sentences (ui/glossary.py, the same sentences as the panel's tooltips).

One scrolling column, so it reads the same at 80x24 as on a big terminal.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from fincoach_tui.ui.glossary import TERMS
from fincoach_tui.ui.key_list import KeySection, key_sections


def keys_table(sections: list[KeySection]) -> Group:
    """Each section's title, then its keys and what they do; a long line wraps under its
    own column, not under the keys."""
    parts: list[Text | Table] = []
    for section in sections:
        parts.append(Text(section.title, style="bold underline"))
        table = Table.grid(padding=(0, 2), pad_edge=True)
        table.add_column(no_wrap=True, style="bold", min_width=8)
        table.add_column(ratio=1)
        for row in section.rows:
            table.add_row(Text(row.keys), Text(row.does))
        parts += [table, Text("")]
    return Group(*parts)


def keys_plain(sections: list[KeySection]) -> str:
    """The same, one key a line: "Ctrl+S  Strategy: choose ..." (what tests read)."""
    lines = []
    for section in sections:
        lines.append(section.title)
        lines += [f"  {row.keys}  {row.does}" for row in section.rows]
    return "\n".join(lines)


def glossary_table() -> Table:
    """Each term in bold, its sentence beside it, wrapping under itself."""
    table = Table.grid(padding=(0, 2), pad_edge=True)
    table.add_column(no_wrap=True, style="bold")
    table.add_column(ratio=1)
    for sentence in TERMS.values():
        term, _, rest = sentence.partition(": ")  # "counted: the tokens…"
        table.add_row(Text(term), Text(rest))  # Text: "[prices]" is not markup
    return table


def glossary_plain() -> str:
    return "\n".join(TERMS.values())


class HelpScreen(ModalScreen[None]):
    """Keys and words; scrolls with ↑/↓, PgUp/PgDn; closes with Esc, F1 or q."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical {
        width: 100%; max-width: 100; height: 100%; max-height: 40;
        background: $surface; border: thick $primary; padding: 0 1;
    }
    HelpScreen .title { text-style: bold; height: 1; }
    HelpScreen VerticalScroll { height: 1fr; }
    HelpScreen .heading { text-style: bold reverse; margin-top: 1; }
    HelpScreen #hint { color: $text-muted; height: 1; }
    """
    BINDINGS = [
        Binding("escape,f1,q", "close", "Close"),
        Binding("question_mark", "close", "Close", show=False),
    ]

    def __init__(self, app_class: type[App]) -> None:
        super().__init__()
        self._sections = key_sections(app_class)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("FinCoach help: keys, and the panel's words", classes="title")
            with VerticalScroll(id="help-scroll"):
                yield Static("Keys", classes="heading")
                yield Static(keys_table(self._sections), id="keys")
                yield Static("The panel's words", classes="heading")
                yield Static(
                    "Hover a label on the panel to read the same sentence there.",
                    id="glossary-note",
                )
                yield Static(glossary_table(), id="glossary")
            yield Static("↑/↓ PgUp/PgDn scroll · Esc, F1 or q closes", id="hint")

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()  # the arrow keys scroll from the start

    @property
    def text(self) -> str:
        """What the screen says, as plain text (for tests and screen readers)."""
        parts = [keys_plain(self._sections), glossary_plain()]
        return "\n".join(parts)

    def action_close(self) -> None:
        self.dismiss(None)
