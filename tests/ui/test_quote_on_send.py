"""The composer's quote of the draft's cost belongs to the draft: sent, it goes at once
(not a moment later, nor when a slow reply ends), and a question handed back after a
failed turn is quoted again."""

from __future__ import annotations

from tests.app_harness import SIZE, fault_app, started, wait_until, workers_done

QUESTION = "How much should I keep aside each month?"


async def quoted(app, pilot) -> str:
    await wait_until(pilot, lambda: app.composer.border_subtitle.startswith("next: 2 msgs"))
    return app.composer.border_subtitle


async def test_the_quote_goes_when_the_message_is_sent_and_comes_back_with_it(
    tmp_path, fake_openai
):
    fake_openai.script(text="Keep six months.", chunks=["Keep ", "six months."], hold_after=1)
    fake_openai.error(400, "the model is not loaded")  # a failure handed back at once
    app = fault_app(tmp_path, fake_openai.base_url, session="quote")
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        app.composer.text = QUESTION
        quote = await quoted(app, pilot)
        await pilot.press("enter")
        # Gone with the message, no timer left to clear it later.
        assert (app.composer.border_subtitle, app.comparison.quote_due) == ("", False)
        await wait_until(pilot, fake_openai.held.is_set)  # the reply is slow in coming
        assert app.composer.border_subtitle == ""
        fake_openai.release.set()
        await workers_done(app)
        assert app.composer.border_subtitle == ""

        app.composer.text = QUESTION
        await wait_until(pilot, lambda: app.composer.border_subtitle.startswith("next: 4 msgs"))
        await pilot.press("enter")
        assert app.composer.border_subtitle == ""
        await workers_done(app)
        # Failed: the question is back in the composer, and so is its quote.
        await wait_until(pilot, lambda: app.composer.text == QUESTION)
        await wait_until(pilot, lambda: app.composer.border_subtitle.startswith("next: 4 msgs"))
        await pilot.press(*" Roughly?")  # typed after the question handed back, not before it
        assert app.composer.text == QUESTION + " Roughly?"
    assert quote.startswith("next: 2 msgs · ≈")
