"""A reply looks the same however it comes on screen: streamed in, in a session opened
again, on a page loaded with "load earlier", or mounted again after the sitting's window
moved past it: the same label ("· 80 tokens", "· stopped"), the same receipt."""

from __future__ import annotations

from fincoach_tui.ui.chat import BOUND, PAGE, MessageBox, Receipt
from fincoach_tui.ui.receipt import receipt_line
from tests.app_harness import SIZE, fault_app, make_app, say, started, wait_until, workers_done
from tests.ui.test_input_keys import PIECES, QUESTION


def replies(app) -> list[tuple[str, str, bool]]:
    """Each mounted reply: its label, its receipt ('' for none), whether marked partial."""
    shown = []
    for box in app.chat.query(MessageBox):
        if box.role == "assistant":
            receipt = box.query(Receipt)
            line = str(receipt.first().content) if receipt and receipt.first().display else ""
            shown.append((box.who, line, box.has_class("-partial")))
    return shown


def expected(app) -> list[tuple[str, str, bool]]:
    """What the records say each reply of the session shows, oldest first."""
    records = app.live.state.records
    wanted = []
    for i, record in enumerate(records):
        if record.kind == "chat":
            who = (
                f"FinCoach (offline) · turn {record.turn} · {record.usage.completion_tokens} tokens"
            )
            wanted.append((who, receipt_line(record, records[: i + 1]), False))
    return wanted


async def test_a_reopened_session_shows_each_reply_as_it_was_streamed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for turn in range(1, 4):
            await say(app, pilot, f"My rent is {turn}0,000 a month.")
        live = replies(app)
        assert live == expected(app)
    resumed = make_app(tmp_path)
    async with resumed.run_test(size=SIZE) as pilot:
        await started(resumed, pilot)
        assert replies(resumed) == live


async def test_pages_loaded_earlier_have_their_receipts(tmp_path):
    turns = PAGE  # two pages of messages: the first is not mounted when the session opens
    app = make_app(tmp_path, strategy="window")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for turn in range(1, turns + 1):
            await say(app, pilot, f"Question {turn}")
    resumed = make_app(tmp_path)
    async with resumed.run_test(size=SIZE) as pilot:
        await started(resumed, pilot)
        assert resumed.chat.first_mounted == 2 * turns - PAGE
        await resumed.chat.load_earlier()
        await pilot.pause()
        assert resumed.chat.first_mounted == 0
        assert replies(resumed) == expected(resumed)


async def test_replies_mounted_again_in_a_long_sitting_keep_their_receipts(tmp_path):
    turns = BOUND // 2 + 3  # the first three turns leave the window
    app = make_app(tmp_path, strategy="window")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        for turn in range(1, turns + 1):
            await say(app, pilot, f"Question {turn}")
        assert app.chat.first_mounted == 6
        await app.chat.load_earlier()
        await wait_until(pilot, lambda: app.chat.first_mounted == 0)
        assert replies(app) == expected(app)


async def test_a_stopped_reply_opened_again_still_says_stopped(tmp_path, fake_openai):
    fake_openai.script(text="".join(PIECES), chunks=PIECES, hold_after=2, prompt_tokens=999)
    app = fault_app(tmp_path, fake_openai.base_url, session="stop")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.composer.text = QUESTION
        await pilot.press("enter")
        kept = "".join(PIECES[:2])
        await wait_until(pilot, lambda: any(b.text == kept for b in app.query(MessageBox)))
        await pilot.press("escape")
        await workers_done(app)
        await wait_until(pilot, lambda: app.live.state.chat_records)
        await pilot.pause()
        (live,) = replies(app)
        assert live[0].endswith("· stopped") and live[2] is True
    resumed = fault_app(tmp_path, fake_openai.base_url, session="stop")
    async with resumed.run_test(size=SIZE) as pilot:
        await started(resumed, pilot)
        assert replies(resumed) == [live]
