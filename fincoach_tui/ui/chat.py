"""The conversation pane: the coach's replies as Markdown, streamed as they arrive; the
person's own messages exactly as typed (each message is a `MessageBox`, ui/message_box.py).

Long sessions stay fast because a bounded window of messages is mounted: opening shows
the newest page; as turns come in, the oldest mounted messages are unmounted once more
than `BOUND` are, so turn 200 of a sitting lays out as many widgets as turn 10. Older
messages come back a page at a time, with their exact text, when the pane is scrolled to
its top, Home is pressed in it, or "load earlier" is clicked; never 2,000 at once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Button, Static

from fincoach_tui.ui import heap
from fincoach_tui.ui.message_box import (
    Dress,
    MessageBox,
    Receipt,
    Unmounted,
    label_for,
    rendered,
)

if TYPE_CHECKING:
    from fincoach_tui.domain.conversation import Message

# The message widgets, importable from here as before.
__all__ = ["BOUND", "PAGE", "ChatView", "Dress", "MessageBox", "Receipt", "Unmounted",
           "label_for", "rendered"]  # fmt: skip

# Messages mounted per page: two screens' worth. Mounting and laying each out is what
# opening a session costs, so this, not the session's length, sets it.
PAGE = 16
# Messages kept mounted while turns come in: the newest page, and the two exchanges
# before it, so that a message being read at the top of the page is not unmounted under
# the reader's eyes by the next questions. Reached by turn 10 of a sitting, so every later
# turn lays out as many messages as turn 10 did (with two pages, 32, turn 10 had 20 and
# each later one 32: a third more to lay out and draw).
BOUND = PAGE + 4


class ChatView(VerticalScroll):
    DEFAULT_CSS = """
    ChatView { height: 1fr; }
    ChatView > #earlier { width: 100%; margin: 0 1 1 1; }
    ChatView > .hint { color: $text-muted; margin: 1 2; }
    """
    BINDINGS = [Binding("home", "load_earlier", "Earlier messages", show=False)]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        # Every message the pane can show, in order: the session's history as opened, then
        # this sitting's messages (a box while mounted, what it showed once unmounted).
        self._history: Sequence[Message] = ()
        self._sitting: list[MessageBox | Unmounted] = []
        self._first_mounted = 0  # index (history, then sitting) of the oldest mounted one
        self._loading = False  # a page of earlier messages is being mounted
        self._page: list[Message] = []  # the page show_history mounted
        self.assistant_name = "FinCoach"
        # How the session's replies are dressed (marks, receipt) from their records; set by
        # the app with the session. None: a reply shows its text only.
        self.dress: Callable[[Message], Dress | None] | None = None

    def on_mount(self) -> None:
        self.app.theme_changed_signal.subscribe(self, self._theme_changed)

    def on_unmount(self) -> None:
        self.app.theme_changed_signal.unsubscribe(self)

    def _theme_changed(self, _theme: object) -> None:
        for box in self.query(MessageBox):
            box.redraw()

    async def show_opening(self, name: str) -> None:
        """What the pane says while the session is read (after the first frame)."""
        await self._clear()
        await self.mount(Static(f"opening {name} …", classes="hint", markup=False))

    async def show_history(
        self,
        messages: Sequence[Message],
        assistant_name: str,
        dress: Callable[[Message], Dress | None] | None = None,
    ) -> None:
        """Replace the pane with the newest page of `messages`, each reply dressed by
        `dress` (its records' marks and receipt). A page already showing exactly those
        messages (the preview read from the end of the file) is kept, and dressed."""
        self.assistant_name = assistant_name
        self.dress = dress
        first = max(0, len(messages) - PAGE)
        page = list(messages[first:])
        kept = (
            page and not self._sitting and page == self._page and self.mounted_messages == len(page)
        )
        self._history = messages
        self._sitting = []
        self._first_mounted = first
        self._page = page
        if kept:
            self._dress_mounted(page)
            await self._update_earlier_button()
            return
        await self._clear()
        if not messages:
            await self.mount(
                Static(
                    "Ask the coach anything about your money. Try: "
                    '"Hi! I\'m Chiru. My monthly take-home salary is ₹1,20,000."',
                    classes="hint",
                    markup=False,
                )
            )
        await self.mount_all(self._boxes(messages[self._first_mounted :]))
        await self._update_earlier_button()
        # Once laid out: until then the pane's size is the last session's, and a pane that
        # was full would anchor one that is not (its messages under empty space).
        self.call_after_refresh(self.follow_newest)

    async def _clear(self) -> None:
        """Empty the pane: what it showed (another session's boxes) is freed as it goes,
        not left to a full collection (ui/heap.py), nor kept by the pane's layouts of it
        (Textual keeps the last four, each naming the boxes it placed)."""
        gone = heap.parts_of(self.children)
        await self.remove_children()
        heap.let_go(gone)
        self._clear_arrangement_cache()
        self.anchor(False)  # nothing to follow yet

    def _boxes(self, messages: Sequence[Message]) -> list[MessageBox]:
        return [self._box(m) for m in messages]

    def _box(self, message: Message) -> MessageBox:
        """A message of the session, as it was shown when its turn ended."""
        who = label_for(message.role, message.turn, self.assistant_name)
        dress = self.dress(message) if self.dress is not None else None
        if dress is None:
            return MessageBox(who, message.content, message.role)
        box = MessageBox(
            " · ".join([who, *dress.marks]), message.content, message.role, receipt=dress.receipt
        )
        box.set_class(dress.partial, "-partial")
        return box

    def _dress_mounted(self, page: Sequence[Message]) -> None:
        """The preview page (shown before the records were read) gets its replies' marks
        and receipts: the same as a page mounted with them."""
        if self.dress is None:
            return
        for box, message in zip(self.query(MessageBox), page, strict=False):
            dress = self.dress(message)
            if dress is None:
                continue
            box.who = " · ".join([label_for(message.role, message.turn, self.assistant_name),
                                  *dress.marks])  # fmt: skip
            box.query_one(".who", Static).update(box.who, layout=False)
            box.set_class(dress.partial, "-partial")
            box.set_receipt(dress.receipt)

    async def _update_earlier_button(self) -> None:
        """The button over the oldest mounted message, saying how many are not shown; its
        label is changed in place as turns come in (not a button unmounted and mounted
        again each turn), and it goes once there are none."""
        label = f"↑ load earlier messages ({self._first_mounted} not shown)"
        existing = self.query("#earlier")
        if self._first_mounted == 0:
            gone = heap.parts_of(existing)
            await existing.remove()
            heap.let_go(gone)  # freed now, not by a full collection (ui/heap.py)
        elif existing:
            button = existing.first(Button)
            if str(button.label) != label:
                button.label = label
        else:
            await self.mount(Button(label, id="earlier"), before=0)

    def _shown_at(self, start: int, end: int) -> list[MessageBox]:
        """New boxes for the messages start..end (history, then this sitting's)."""
        split = len(self._history)
        boxes = self._boxes(self._history[start : min(end, split)])
        for entry in self._sitting[max(start - split, 0) : max(end - split, 0)]:
            boxes.append(entry.box() if isinstance(entry, Unmounted) else entry)
        return boxes

    async def load_earlier(self) -> None:
        """Mount the page of messages before the oldest mounted one, keeping the view on
        the message that was at the top."""
        if self._first_mounted == 0 or self._loading:
            return
        self._loading = True
        self.release_anchor()  # the view stays on the page read, not the newest message
        try:
            start = max(0, self._first_mounted - PAGE)
            boxes = self._shown_at(start, self._first_mounted)
            self._first_mounted = start
            mounted = self.query(MessageBox)
            first_box = mounted.first() if mounted else None
            if first_box is not None:
                await self.mount_all(boxes, before=first_box)
            else:
                await self.mount_all(boxes)
            await self._update_earlier_button()
            if first_box is not None:
                self.call_after_refresh(self.scroll_to_widget, first_box, animate=False, top=True)
        finally:
            self._loading = False

    async def action_load_earlier(self) -> None:
        await self.load_earlier()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        if new_value <= 0 < old_value and self._first_mounted > 0 and not self._loading:
            self.call_later(self.load_earlier)  # scrolled to the top: the page before it

    def _trim(self, coming: int) -> list[MessageBox]:
        """The oldest mounted messages to unmount so that, with `coming` more, no more than
        BOUND are: what this sitting's turns cost to lay out stays the same however many
        came before. Marked unmounted here; the caller removes them."""
        mounted = list(self.query(MessageBox))
        excess = len(mounted) + coming - BOUND
        if excess <= 0:
            return []
        split = len(self._history)
        for offset, box in enumerate(mounted[:excess]):
            index = self._first_mounted + offset - split
            if index >= 0:  # this sitting's: kept as it was shown, to mount again
                self._sitting[index] = Unmounted.of(box)
        self._first_mounted += excess
        return mounted[:excess]

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "earlier":
            event.stop()
            await self.load_earlier()

    async def begin_exchange(self, message: Message, *, receipt: bool = False) -> MessageBox:
        """Show the user's message and, under it, the reply's box waiting for the first
        token (`receipt`: with room for its receipt); returns the reply's box. Both are
        mounted at once: one layout, not two."""
        await self.query(".hint").remove()
        reply = MessageBox(
            label_for("assistant", message.turn, self.assistant_name),
            "",
            "assistant",
            waiting=True,
            receipt_to_come=receipt,
        )
        question = MessageBox(
            label_for(message.role, message.turn, self.assistant_name),
            message.content,
            message.role,
        )
        # The oldest beyond the bound go as the new ones come: one layout for both (removed
        # after the mount, the pane was laid out again once they were gone).
        old = self._trim(coming=2)
        gone = [w for box in old for w in box.walk_children(Widget, with_self=True)]
        removed = self.remove_children(old) if old else None
        await self.mount_all([question, reply])
        self._sitting += [question, reply]
        if removed is not None:
            await removed
            heap.let_go(gone)  # freed now, not by a full collection (ui/heap.py)
            await self._update_earlier_button()
        self.follow_newest()  # a new question: back to the newest
        return reply

    def follow_newest(self) -> None:
        """Keep the newest message in view. Once the messages overflow the pane it is
        anchored: the layout itself keeps it at the bottom as a reply grows, with no
        scroll and second frame after each refresh. A pane not full yet is not anchored
        (Textual would scroll it to a negative offset: the messages under empty space)."""
        if self.max_scroll_y > 0:
            self.anchor()
        else:
            self.anchor(False)
            self.scroll_end(animate=False)  # after the refresh: the pane may be full then

    def on_resize(self) -> None:
        # A pane not full yet is not anchored (follow_newest): made smaller (a smaller
        # terminal, the composer growing) its messages may overflow it, and the view would
        # stay on the oldest with the newest reply cut off below. It showed every message,
        # so it follows the newest, as an anchored pane does. An anchored one needs nothing.
        if not self.is_anchored:
            self.call_after_refresh(self.follow_newest)

    @property
    def mounted_messages(self) -> int:
        return len(self.query(MessageBox))

    @property
    def first_mounted(self) -> int:
        """How many earlier messages are not mounted (they come back on "load earlier")."""
        return self._first_mounted
