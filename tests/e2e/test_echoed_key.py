"""A reply that contains the API key (a model can echo it) is shown and saved with the key
masked, and the turn is answered, not refused."""

from __future__ import annotations

import pytest

from fincoach_tui.llm.openai_chat import KeyMasker
from fincoach_tui.llm.providers import mask_key, resolve_provider
from fincoach_tui.ui.chat import MessageBox
from tests.app_harness import QUESTION, SIZE, fault_app, send, started
from tests.e2e.test_faults import saved_state

KEY = "sk-proj-0123456789abcdefWXYZ"


async def test_an_echoed_key_is_masked_in_the_chat_and_the_file(tmp_path, fake_openai, monkeypatch):
    monkeypatch.setenv("FAKE_API_KEY", KEY)  # the session file's guard sees it too
    settings = resolve_provider(
        provider=None,
        model="gpt-4o-mini",
        base_url=fake_openai.base_url,
        api_key_env="FAKE_API_KEY",
        environ={"FAKE_API_KEY": KEY},
    )
    # The key split across chunks, as a stream would deliver it.
    fake_openai.script(
        text="", chunks=["Your key is ", KEY[:9], KEY[9:20], KEY[20:] + ". Keep it safe."]
    )
    app = fault_app(tmp_path, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot)
        shown = app.chat.query(MessageBox).last()
        assert not shown.has_class("-error")
        assert app.turns.failed_text is None
    masked = f"Your key is {mask_key(KEY)}. Keep it safe."
    assert masked == "Your key is sk-…WXYZ. Keep it safe."
    state = saved_state(tmp_path)
    assert [m.content for m in state.transcript.messages] == [QUESTION, masked]
    assert KEY not in (tmp_path / "sessions" / "faults.jsonl").read_text()


@pytest.mark.parametrize(
    "pieces, shown",
    [
        (["a ", KEY, " b"], f"a {mask_key(KEY)} b"),
        (["sk-", "pro", "x"], "sk-prox"),  # a key's start that is not the key is shown
        (["ends with sk-proj-01"], "ends with sk-proj-01"),  # held back, then flushed
    ],
)
def test_the_masker_across_pieces(pieces, shown):
    masker = KeyMasker(KEY)
    out = "".join(masker.feed(p) for p in pieces) + masker.flush()
    assert out == shown
