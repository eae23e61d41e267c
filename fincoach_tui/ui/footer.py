"""The footer: as many keys as fit the terminal's width, never a key cut in half.

Textual's footer shows every binding marked `show` and lets the row run off the screen.
This one shows the focused part's and the dialog's keys first (they are what can be done
there), then the app's in the order of its BINDINGS, and stops at the first that does not
fit; the command palette's key stays at the right. What is left out is in the palette
(Ctrl+P) and in the help (F1).
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer

from fincoach_tui.ui import heap

# FooterKey, the widget Textual's footer draws each key with, is not exported publicly
# (textual.widgets names Footer only; checked on Textual 8.2.8), so it is imported from
# its private module, guarded: a Textual that moves it gets Textual's own footer, every
# key shown, rather than an app that does not start.
try:
    from textual.widgets._footer import FooterKey
except ImportError:  # pragma: no cover - only on a Textual that moved it
    FooterKey = None  # type: ignore[assignment,misc]

# A key reads " ^s Strategy ": a cell of padding each side and a space between.
KEY_PADDING = 3
PALETTE_EDGE = 1  # the bar the palette's key is drawn after


class FittingFooter(Footer):
    def __init__(self, *, id: str | None = None, hold_keys: bool = False) -> None:
        super().__init__(id=id)
        self._fitted_width = 0
        self.shown: list[str] = []  # the actions on show, in order (what tests read)
        # Until `show_keys`, the bar without its keys: the app's first frame draws it so,
        # as Textual's own footer does (its keys are composed after the first refresh);
        # ten keys are a twentieth of that frame's CPU time.
        self._keys_held = hold_keys

    def show_keys(self) -> None:
        """Draw the keys held back by `hold_keys`."""
        if self._keys_held:
            self._keys_held = False
            self.refresh(recompose=True)

    def _width(self, binding: Binding) -> int:
        return cell_len(self.app.get_key_display(binding)) + cell_len(binding.description)

    def _order(self, binding: Binding) -> tuple[int, int]:
        app_actions = [b.action for b in Binding.make_bindings(type(self.app).BINDINGS)]
        if binding.action in app_actions:
            return (1, app_actions.index(binding.action))
        return (0, 0)  # the screen's or the focused widget's own: first, as they come

    def compose(self) -> ComposeResult:
        if FooterKey is None:  # see the import: Textual's footer as it is
            yield from super().compose()
            return
        if not self._bindings_ready or self._keys_held:
            return
        active = self.screen.active_bindings
        width = self.size.width or self.app.size.width
        self._fitted_width = width
        palette = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = active.get(self.app.COMMAND_PALETTE_BINDING)
        room = width - (self._width(palette[1]) + KEY_PADDING + PALETTE_EDGE if palette else 0)
        candidates = [
            (binding, enabled, tooltip)
            for (_, binding, enabled, tooltip) in active.values()
            if binding.show and binding.key != self.app.COMMAND_PALETTE_BINDING
        ]
        candidates.sort(key=lambda item: self._order(item[0]))  # stable: ties keep their order
        seen: set[str] = set()
        keys = []
        for binding, enabled, tooltip in candidates:
            if binding.action in seen:
                continue
            need = self._width(binding) + KEY_PADDING
            if need > room:
                break  # in order of importance: a later, shorter key does not jump the queue
            room -= need
            seen.add(binding.action)
            key = FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                disabled=not enabled,
                tooltip=tooltip,
            )
            # Born with the footer's style, not bound to it (see watch_compact): a key made
            # compact (its default), then bound, restyles itself twice when mounted, a
            # fifth of the first frame's styling with ten keys.
            key.set_reactive(FooterKey.compact, self.compact)
            key.set_class(self.compact, "-compact", update=False)
            keys.append(key)
        self.shown = [key.action for key in keys]
        self.styles.grid_size_columns = len(keys)
        yield from keys
        if palette is not None:
            _node, binding, enabled, _tooltip = palette
            yield FooterKey(
                binding.key,
                self.app.get_key_display(binding),
                binding.description,
                binding.action,
                classes="-command-palette",
                disabled=not enabled,
                tooltip=binding.tooltip or binding.description,
            )

    async def recompose(self) -> None:
        # The keys are made anew whenever the bindings change (a dialog opened or closed):
        # the old ones, alive when a turn was settled, are freed as they go rather than
        # kept frozen as garbage until the session is left (ui/heap.py).
        gone = heap.parts_of(self.children)
        await super().recompose()
        heap.let_go(part for part in gone if not part.is_attached)

    def watch_compact(self, compact: bool) -> None:
        # What Textual's footer does by binding each key's `compact` to its own.
        for key in self.query(FooterKey) if FooterKey is not None else ():
            key.compact = compact

    def on_resize(self, event: events.Resize) -> None:
        if self._bindings_ready and event.size.width != self._fitted_width:
            self.call_after_refresh(self.recompose)
