"""Replies the token limit cut off are marked ("cut off at N tokens") in the chat, the
record and the export; chat requests carry max_tokens (1,024 unless config.toml says)."""

from __future__ import annotations

import json

from fincoach_tui.cli.commands import main
from fincoach_tui.settings.config import Config, load_config
from fincoach_tui.ui.chat import MessageBox
from tests.app_harness import SIZE, fault_app, send, started
from tests.e2e.test_faults import saved_state

CUT = "Start with an emergency fund of six months, then"


async def test_a_reply_cut_by_the_token_limit_is_marked_everywhere(
    tmp_path, fake_openai, capsys, monkeypatch
):
    fake_openai.script(text=CUT, finish_reason="length", completion_tokens=1024)
    monkeypatch.setenv("FINCOACH_DATA_DIR", str(tmp_path))
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot)
        box = app.chat.query(MessageBox).last()
        assert box.who.endswith("cut off at 1,024 tokens")
    assert fake_openai.requests[0]["max_tokens"] == 1024
    (record,) = saved_state(tmp_path).chat_records
    assert record.note == "cut off at 1,024 tokens"
    assert main(["export", "faults"]) == 0
    assert "cut off at 1,024 tokens" in capsys.readouterr().out
    assert main(["export", "faults", "--format", "json"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert exported["records"][0]["note"] == "cut off at 1,024 tokens"
    assert exported["messages"][1]["content"] == CUT


async def test_a_whole_reply_is_not_marked_and_the_limit_is_configurable(tmp_path, fake_openai):
    fake_openai.script(text="Save 20%.")
    app = fault_app(tmp_path, fake_openai.base_url, config=Config(max_tokens=300))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot)
    assert fake_openai.requests[0]["max_tokens"] == 300
    assert saved_state(tmp_path).chat_records[0].note == ""


def test_max_tokens_defaults_to_1024_and_is_read_from_config(tmp_path):
    assert load_config(tmp_path / "missing.toml").max_tokens == 1024
    path = tmp_path / "config.toml"
    path.write_text("max_tokens = 4096\n")
    assert load_config(path).max_tokens == 4096
