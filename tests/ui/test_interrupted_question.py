"""A session a stopped process left with an unanswered question hands the question back
in the composer; text the person had already typed there stays, after it, and goes on
being theirs: nothing typed is lost, whether typed before the app started or as a draft
in the session left."""

from __future__ import annotations

from fincoach_tui.domain.conversation import Message
from fincoach_tui.domain.session_events import message_event
from tests.app_harness import (
    fault_app,
    make_app,
    saved_session,
    sessions_under,
    wait_until,
    workers_done,
)

# The notices name the keys the app binds: Enter (the composer's send) and Ctrl+R (retry).
KEPT = (
    "the interrupted question is back in the composer, what you had typed kept after it: "
    "Enter sends both, Ctrl+R the question alone"
)
ALONE = "the interrupted question is back in the composer: Enter or Ctrl+R sends it"


def interrupted(root, name: str, question: str) -> None:
    """Session `name` under `root` as a process stopped mid-turn leaves it: a question
    written, no reply."""
    with sessions_under(root).open(name) as file:
        file.append(message_event(Message("m1", "user", question, 1.0, 1)))


async def stop_before_a_word(app, pilot, fake_openai, question: str, typed: str = "") -> None:
    """Sends `question`, types `typed` while the server holds the reply, and stops the
    reply before its first word (Escape), so the turn is not answered."""
    await wait_until(pilot, lambda: app.live is not None)
    app.composer.text = question
    await pilot.press("enter")
    await wait_until(pilot, fake_openai.held.is_set)
    if typed:
        await pilot.press(*typed)
    await pilot.press("escape")  # stopped before a word came: not answered
    fake_openai.release.set()
    await workers_done(app)
    await pilot.pause()


async def test_text_typed_at_launch_stays_after_the_interrupted_question(tmp_path):
    interrupted(tmp_path, "cut", "Is my rent too high?")
    app = make_app(tmp_path, "cut")
    app.early_keys = "My rent is 20k"
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        await pilot.pause()
        assert app.composer.text == "Is my rent too high?\nMy rent is 20k"
        assert ("", KEPT) in app.notices
        assert app.live.state.transcript.messages == ()  # nothing sent


async def test_with_nothing_typed_the_question_alone_comes_back_saying_how_to_send_it(tmp_path):
    interrupted(tmp_path, "cut", "Is my rent too high?")
    app = make_app(tmp_path, "cut")
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        await pilot.pause()
        assert app.composer.text == "Is my rent too high?"
        assert ("", ALONE) in app.notices and ("", KEPT) not in app.notices
        assert ("", "turn 1 had no reply (interrupted)") in app.notices
        await pilot.press(*" At 20k?")  # typed after it, not in front of it
        assert app.composer.text == "Is my rent too high? At 20k?"


async def test_a_draft_stays_through_opening_an_interrupted_session_and_leaving_it(tmp_path):
    """A draft typed in one session, then a session with an unanswered question opened:
    both in the composer; back in the first session, the draft alone (the question is
    the other session's)."""
    interrupted(tmp_path, "cut", "Is my rent too high?")
    app = make_app(tmp_path, "current")
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        await pilot.press(*"Save 5k")
        assert app.composer.text == "Save 5k"
        app.switch_to("cut")  # what choosing it in the sessions dialog (Ctrl+O) does
        await wait_until(pilot, lambda: app.live is not None and app.live.name == "cut")
        await pilot.pause()
        assert app.composer.text == "Is my rent too high?\nSave 5k"
        assert ("", KEPT) in app.notices
        app.switch_to("current")
        await wait_until(pilot, lambda: app.live is not None and app.live.name == "current")
        await pilot.pause()
        assert app.composer.text == "Save 5k"


async def test_a_line_typed_ahead_that_fails_goes_between_the_question_and_the_rest(
    tmp_path, fake_openai
):
    """The interrupted question, a line typed ahead and sent whose reply fails, and an
    unfinished line: all three in the composer, in the order they were written."""
    fake_openai.error(500, "The server had an error while processing your request")
    interrupted(tmp_path, "cut", "Is my rent too high?")
    app = fault_app(tmp_path, fake_openai.base_url, session="cut")
    app.early_keys = "My rent is 20k\nnot finished"
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None and len(fake_openai.requests) == 1)
        await workers_done(app)
        await wait_until(pilot, lambda: "not sent" in app.notices[-1][1])
        assert app.composer.text == "Is my rent too high?\nMy rent is 20k\nnot finished"
    state, _ = saved_session(tmp_path, "cut")
    assert state.transcript.messages == ()


async def test_ctrl_r_sends_the_interrupted_question_and_keeps_what_was_typed(tmp_path):
    """After a restart the question is handed back as after a failed turn: Ctrl+R (what
    the error line and the help offer) sends it; text typed at launch stays in the
    composer, the question's copy goes."""
    interrupted(tmp_path, "cut", "Is my rent too high?")
    app = make_app(tmp_path, "cut")
    app.early_keys = "My rent is 20k"
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        await pilot.pause()
        await pilot.press("ctrl+r")
        await workers_done(app)
        await pilot.pause()
        assert app.composer.text == "My rent is 20k"
        assert [(m.role, m.content) for m in app.live.state.transcript.messages][0] == (
            "user",
            "Is my rent too high?",
        )
        assert app.live.state.transcript.completed_turns == 1
        assert ("", "nothing to retry") not in app.notices
        await pilot.press("ctrl+r")  # sent once: nothing is left to retry
        assert ("", "nothing to retry") in app.notices
        assert app.live.state.transcript.completed_turns == 1


async def test_ctrl_r_after_a_failed_turn_keeps_a_draft_typed_since(tmp_path, fake_openai):
    """A reply stopped before it began while the person typed a new draft: the question is
    not put back over the draft; Ctrl+R sends the question and the draft stays."""
    fake_openai.script(text="Noted.", hold_after=0)
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test() as pilot:
        await stop_before_a_word(app, pilot, fake_openai, "Is my rent too high?", "And my EMI?")
        assert app.composer.text == "And my EMI?"
        assert app.live.state.transcript.completed_turns == 0
        assert app.notices[-1] == ("", "Ctrl+R sends your question again; your draft stays")
        fake_openai.script(text="It is fine.")
        await pilot.press("ctrl+r")
        await workers_done(app)
        await pilot.pause()
        assert app.composer.text == "And my EMI?"
        assert [m.content for m in app.live.state.transcript.messages] == [
            "Is my rent too high?",
            "It is fine.",
        ]


async def test_a_reply_stopped_before_it_began_says_how_to_send_the_question_again(
    tmp_path, fake_openai
):
    """Stopped with nothing typed since: the question is back in the composer, and the
    notice (not an alarm: the person stopped it) names both keys that send it."""
    fake_openai.script(text="Noted.", hold_after=0)
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test() as pilot:
        await stop_before_a_word(app, pilot, fake_openai, "Is my rent too high?")
        assert app.composer.text == "Is my rent too high?"
        assert app.notices[-1] == (
            "",
            "your question is back in the composer: Enter or Ctrl+R sends it again",
        )


async def test_a_failed_turn_says_which_keys_send_the_question_again(tmp_path, fake_openai):
    fake_openai.error(500, "The server had an error while processing your request")
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test() as pilot:
        await wait_until(pilot, lambda: app.live is not None)
        app.composer.text = "Is my rent too high?"
        await pilot.press("enter")
        await workers_done(app)
        await pilot.pause()
        assert app.composer.text == "Is my rent too high?"
        title, text = app.notices[-1]
        assert title == "The coach could not answer"
        assert text.endswith(
            ").\nYour question is back in the composer: Enter or Ctrl+R sends it again."
        )
