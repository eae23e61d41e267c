"""A message box given its reply's text before its children are composed (the reply's
first words can reach a box mounted a moment before): the text, label and receipt are
kept and compose shows them, once each."""

from __future__ import annotations

from rich.markdown import Markdown
from textual.geometry import Region
from textual.widgets import LoadingIndicator, Static

from fincoach_tui.ui.message_box import Dress, MessageBox, Receipt
from tests.app_harness import running

REPLY = "Save **₹40,000** a month."


def streamed_and_finished(box: MessageBox) -> None:
    box.append("Save ")
    box.append("**₹40,000**")
    box.finish(REPLY, Dress(marks=("12 tokens",), receipt="₹0.0004 · 92 tokens"))
    box.set_receipt("₹0.0004 · 92 tokens")  # the same again: still one receipt


def shown(box: MessageBox) -> tuple[str, str, list[tuple[str, bool]], int]:
    """(label, body's Markdown source, receipts as (text, displayed), waiting indicators)."""
    body = box.query_one(".body", Static).content
    assert isinstance(body, Markdown)
    receipts = [(str(r.content), r.display) for r in box.query(Receipt)]
    return (
        str(box.query_one(".who", Static).content),
        body.markup,
        receipts,
        len(box.query(LoadingIndicator)),
    )


EXPECTED = ("FinCoach · turn 1 · 12 tokens", REPLY, [("₹0.0004 · 92 tokens", True)], 0)


async def test_a_box_not_mounted_yet_shows_what_it_was_given(tmp_path) -> None:
    async with running(tmp_path) as (app, _pilot):
        box = MessageBox("FinCoach · turn 1", "", "assistant", waiting=True, receipt_to_come=True)
        streamed_and_finished(box)
        await app.chat.mount(box)
        assert shown(box) == EXPECTED


async def test_a_box_mounted_but_not_composed_yet_shows_what_it_was_given(tmp_path) -> None:
    async with running(tmp_path) as (app, pilot):
        box = MessageBox("FinCoach · turn 1", "", "assistant", waiting=True, receipt_to_come=True)
        mounting = app.chat.mount(box)
        assert not box.children  # not composed yet
        streamed_and_finished(box)
        await mounting
        await pilot.pause()
        assert shown(box) == EXPECTED


async def test_a_box_not_composed_yet_without_room_for_a_receipt_gets_one(tmp_path) -> None:
    async with running(tmp_path) as (app, pilot):
        box = MessageBox("FinCoach · turn 1", "", "assistant", waiting=True)
        mounting = app.chat.mount(box)
        streamed_and_finished(box)
        await mounting
        await pilot.pause()
        assert shown(box) == EXPECTED


async def test_a_reply_label_wider_than_a_narrow_chat_wraps_and_keeps_its_state(tmp_path) -> None:
    """At 100 columns the chat is 40 wide: "stopped" and "reply cut off" end a label
    longer than that, and must be read, not cut."""
    from tests.screen_text import screen_text

    async with running(tmp_path, (100, 30)) as (app, pilot):
        assert app.chat.size.width <= 42
        for marks in (("1,234 tokens", "estimated", "stopped"), ("1,234 tokens", "reply cut off")):
            box = MessageBox("FinCoach (offline) · turn 12", "", "assistant", waiting=True)
            await app.chat.mount(box)
            await pilot.pause()
            box.finish(REPLY, Dress(marks=marks, partial=True))
            await pilot.pause()
            label = box.query_one(".who", Static)
            assert label.size.height > 1
            lines = [s.text for s in label.render_lines(Region(0, 0, *label.size))]
            shown = " ".join(" ".join(lines).split())  # the label's lines, read on
            assert shown == " · ".join(["FinCoach (offline) · turn 12", *marks])
            assert marks[-1] in screen_text(app).replace("\n", " ")
            await box.remove()
