"""Keys typed while `fincoach` starts arrive as typed: the text in the composer, an Enter
sends it once the coach is ready, nothing lost and nothing sent twice; the terminal is
left as it was found."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.session_state import replay
from fincoach_tui.settings import paths
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.ui.typed_ahead import TypedAhead
from tests.app_harness import make_app, wait_until
from tests.processes import FINCOACH, OnTerminal
from tests.processes import wait_until as wait_for


def typed(*reads: bytes) -> str:
    ahead = TypedAhead()
    for data in reads:
        ahead.feed(data)
    return ahead.text


def test_a_character_split_across_reads_is_decoded_whole():
    rupee = "₹".encode()
    assert typed(b"My rent is " + rupee[:1], rupee[1:2], rupee[2:] + b"20k\n") == (
        "My rent is ₹20k\n"
    )


def test_carriage_return_and_line_feed_together_are_one_enter():
    assert typed(b"a\r\nb\r", b"\nc\rd\ne\r\r") == "a\nb\nc\nd\ne\n\n"


def test_control_bytes_and_key_sequences_are_dropped():
    # Tab, Ctrl+A, an arrow (CSI), F1 (SS3), Alt+x, a C1 code; Backspace erases.
    assert typed(b"a\tb\x01c\x1b[Ad\x1b[1;5Ce\x1bOPf\x1bxg\xc2\x85h", b"ij\x7f\x08k") == "abcdefghk"


def test_an_escape_sequence_split_across_reads_is_still_dropped():
    assert typed(b"a\x1b", b"[", b"B", b"b") == "ab"


def session_messages(name: str) -> list[tuple[str, str]]:
    state, _ = replay(SessionStore(paths.sessions_dir()).read_events(name))
    return [(m.role, m.content) for m in state.transcript.messages]


async def test_messages_typed_before_the_composer_are_sent_once_as_one(tmp_path):
    """Three messages typed while starting: one send once ready, each on its own line."""
    app = make_app(tmp_path, "early")
    app.early_keys = "first\nsecond\n\nthird"
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None and app.live.state.transcript.messages)
        await app.workers.wait_for_complete()
        await pilot.pause()
        messages = app.live.state.transcript.messages
        assert [(m.role, m.content) for m in messages][:1] == [("user", "first\nsecond\nthird")]
        assert [m.role for m in messages] == ["user", "assistant"]
        assert app.composer.text == ""


async def test_text_typed_ahead_without_enter_waits_in_the_composer(tmp_path):
    app = make_app(tmp_path, "unsent")
    app.early_keys = "My rent is 20k"
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        await pilot.pause()
        assert app.composer.text == "My rent is 20k"
        assert app.live.state.transcript.messages == ()


@pytest.mark.parametrize("enter", [b"\n", b"\r"], ids=["line-feed", "carriage-return"])
def test_a_message_typed_at_launch_is_sent_once_and_the_terminal_restored(enter):
    """`fincoach` on a terminal, "My rent is 20k" and Enter typed before it even starts."""
    argv = [*FINCOACH, "--session", "typed", "--provider", "offline"]
    with OnTerminal(argv, size=(24, 80), typed=b"My rent is 20k" + enter) as child:

        def answered() -> bool:
            try:
                return [role for role, _ in session_messages("typed")] == ["user", "assistant"]
            except (OSError, ValueError):  # not written yet, or mid-write
                return False

        wait_for(lambda: answered() or child.proc.poll() is not None)
        child.type(b"\x11")  # Ctrl+Q
        assert child.wait() == 0, child.tail()
        assert session_messages("typed")[0] == ("user", "My rent is 20k")
        assert [role for role, _ in session_messages("typed")] == ["user", "assistant"]
        assert child.attributes() == child.attributes_before
