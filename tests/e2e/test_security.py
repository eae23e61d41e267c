"""API keys: read from the environment (the config names the variable, never the key; it is
written 0600), sent only to the provider, never written to a session file, an export or any
output, and masked wherever they are shown."""

from __future__ import annotations

import stat

from fincoach_tui.llm.providers import mask_key, resolve_provider
from fincoach_tui.settings import paths
from fincoach_tui.settings.config import Config, load_config
from fincoach_tui.store.session_file import SecretRefused, SessionFile
from tests.app_harness import QUESTION, SIZE, fault_app, send, started, workers_done
from tests.processes import Fincoach, run_fincoach

KEY = "sk-proj-T3stKey0123456789abcdefFINCOACHxyz9"
MASKED = "sk-…xyz9"


def every_file_under(*roots) -> dict[str, bytes]:
    return {str(p): p.read_bytes() for root in roots if root.exists()
            for p in root.rglob("*") if p.is_file()}  # fmt: skip


def assert_key_nowhere(*texts: str | bytes) -> None:
    for text in texts:
        data = text.encode() if isinstance(text, str) else text
        assert KEY.encode() not in data
        assert KEY[8:].encode() not in data  # not even most of it


def test_a_conversation_with_a_key_leaves_it_in_no_file_and_no_output(fake_openai):
    env = {"OPENAI_API_KEY": KEY}
    fake_openai.script(text="Noted your salary.")
    fake_openai.error(401, f"Incorrect API key provided: {KEY}.", code="invalid_api_key")
    fake_openai.script(text="Noted your rent.")
    chat = Fincoach("secret", "--provider", "openai", "--base-url", fake_openai.base_url, env=env)
    chat.wait_for(lambda out: b"/quit to end\n" in out, "the banner")
    chat.send("My salary is ₹1,20,000.")
    chat.wait_for(lambda out: b"\n[turn 1 " in out, "turn 1")
    chat.send("My rent is ₹25,000.")  # answered by a server that echoes the key back
    chat.wait_for(lambda out: b"/retry sends it again" in out, "the refusal")
    chat.send("/retry")
    chat.wait_for(lambda out: b"\n[turn 2 " in out, "turn 2")
    assert chat.finish() == 0
    output = chat.text

    # The key went where it belongs: the provider, in the Authorization header.
    assert {h["authorization"] for h in fake_openai.request_headers} == {f"Bearer {KEY}"}
    assert "OpenAI refused the API key from $OPENAI_API_KEY".lower() in output.lower()
    assert MASKED in output  # the server's echo, masked

    exports = [run_fincoach("export", "secret", "--format", fmt, env=env) for fmt in ("md", "json")]
    listing = run_fincoach("sessions", env=env)
    assert all(done.returncode == 0 for done in [*exports, listing])
    assert "Noted your rent." in exports[0].stdout
    files = every_file_under(paths.data_dir(), paths.config_dir())
    assert any(name.endswith("secret.jsonl") for name in files)
    assert_key_nowhere(output, *files.values(), *(d.stdout + d.stderr for d in [*exports, listing]))


async def test_the_app_masks_an_echoed_key_and_exports_none(tmp_path, fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    settings = resolve_provider(provider="openai", model="gpt-4o-mini", base_url=fake_openai.base_url,
                                api_key_env=None, environ={"OPENAI_API_KEY": KEY})  # fmt: skip
    fake_openai.error(401, f"Incorrect API key provided: {KEY}.", code="invalid_api_key")
    fake_openai.script(text="Noted.")
    app = fault_app(tmp_path, settings=settings)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await send(app, pilot)
        _, notice = app.notices[-1]
        assert notice.startswith("the provider refused the API key; check the key variable")
        assert "($OPENAI_API_KEY: Incorrect API key provided: " in notice and MASKED in notice
        screen = "".join(
            seg.text for strip in app.screen._compositor.render_strips() for seg in strip
        )
        assert KEY not in screen and KEY[:12] not in screen
        await pilot.press("ctrl+r")
        await workers_done(app)
        await pilot.pause()
        assert app.live.state.transcript.completed_turns == 1
        await pilot.press("f2")  # export from the app
        await pilot.pause()
        assert any("exported to" in n for _, n in app.notices)
    assert_key_nowhere(*every_file_under(tmp_path, paths.data_dir()).values())
    assert list((paths.data_dir() / "exports").glob("faults-*.md"))
    assert repr(settings).count(MASKED) == 1 and str(settings).count(MASKED) == 1


async def test_a_key_typed_into_the_chat_is_never_sent_or_saved(tmp_path, fake_openai, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    app = fault_app(tmp_path, fake_openai.base_url)
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        pasted = f"is this my key? {KEY}"
        await send(app, pilot, pasted)
        assert app.is_running
        _, notice = app.notices[-1]
        assert "contains the value of $OPENAI_API_KEY; it was not sent or saved" in notice
        assert KEY not in notice
        assert fake_openai.requests == []  # never left the machine
        assert app.composer.text == pasted  # still the user's to edit
        assert app.live.state.transcript.messages == ()
        await send(app, pilot, QUESTION)  # and the app carries on
        assert app.live.state.transcript.completed_turns == 1
    assert_key_nowhere(*every_file_under(tmp_path).values())


def test_a_key_typed_in_plain_mode_is_refused(fake_openai):
    env = {"OPENAI_API_KEY": KEY}
    done = run_fincoach("--plain", "--session", "typed", "--base-url", fake_openai.base_url,
                        "--model", "gpt-4o-mini", stdin=f"my key is {KEY}\n/quit\n", env=env)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (
        "error: this contains the value of $OPENAI_API_KEY; it was not sent or saved" in done.stdout
    )
    assert fake_openai.requests == []
    assert_key_nowhere(done.stdout, done.stderr, *every_file_under(paths.data_dir()).values())


def test_a_key_under_any_variable_name_is_guarded(tmp_path):
    """api_key_env may name any variable: *_KEY / *_TOKEN / *_SECRET values are guarded too."""
    environ = {"MY_PROVIDER_KEY": KEY, "LLM_TOKEN": KEY[::-1], "LANG_KEY": "en", "TERM": "xterm"}
    with SessionFile.open(tmp_path / "s.jsonl", environ=environ) as session:
        for secret in (KEY, KEY[::-1]):
            try:
                session.append({"type": "note", "text": f"x {secret} y"})
            except SecretRefused as exc:
                assert secret not in str(exc)
            else:
                raise AssertionError("a secret was written")
        session.append({"type": "note", "text": "en xterm"})  # short values are no secret
    assert_key_nowhere((tmp_path / "s.jsonl").read_bytes())


async def test_config_names_the_key_variable_and_is_saved_private(tmp_path, monkeypatch):
    monkeypatch.setenv("MY_PROVIDER_KEY", KEY)
    config_path = tmp_path / "config" / "config.toml"
    config_path.parent.mkdir()
    config_path.write_text('api_key_env = "MY_PROVIDER_KEY"\n', encoding="utf-8")
    config_path.chmod(0o644)
    app = fault_app(tmp_path, config=load_config(config_path))
    async with app.run_test(size=SIZE) as pilot:
        await started(app, pilot)
        await pilot.press("ctrl+t")  # a strategy switch is saved to config.toml
        await pilot.pause()
    text = config_path.read_text(encoding="utf-8")
    assert 'api_key_env = "MY_PROVIDER_KEY"' in text and 'name = "window"' in text
    assert stat.S_IMODE(config_path.stat().st_mode) == 0o600
    assert_key_nowhere(text)


def test_mask_key_shows_never_enough_to_use():
    assert mask_key(KEY) == MASKED
    assert mask_key("gsk_abcdefghijklmnop1234") == "gsk_…1234"
    assert mask_key("short") == "…" and mask_key(None) == "(none)"
    assert Config().api_key_env is None  # no key variable unless configured
