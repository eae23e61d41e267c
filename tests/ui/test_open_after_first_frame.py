"""The app draws its first frame before it reads the session: the chat says it is opening
it, the newest page (read from the end of the file) comes next, and the whole session,
read and replayed off the event loop, keeps that page as it is."""

from __future__ import annotations

from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings.config import Config
from fincoach_tui.store.session_file import SessionFile
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.ui import bench_hook
from fincoach_tui.ui.app import FinCoachApp
from fincoach_tui.ui.chat import PAGE, MessageBox
from tests.app_harness import SIZE, offline_settings, started, wait_until


async def play(store: SessionStore, name: str, turns: int) -> None:
    config = Config()
    live = open_session(build_engine(config, resolve(config, Overrides(), {})), store.open(name))
    for turn in range(1, turns + 1):
        async for _ in live.coach.turn(f"My SIP is {turn},000 a month."):
            pass
    live.close()


async def test_first_frame_then_newest_page_then_the_whole_session(tmp_path, monkeypatch):
    store = SessionStore(tmp_path / "sessions")
    await play(store, "long", 20)
    moments: list[str] = []
    monkeypatch.setattr(bench_hook, "mark", moments.append)
    load = SessionFile.load

    def recorded_load(self, into=None):
        moments.append("read" if not self.loaded else "read again")
        load(self, into)

    monkeypatch.setattr(SessionFile, "load", recorded_load)
    file = store.open("long", defer=True)
    assert not file.loaded and file.events == []  # locked, not read
    settings = offline_settings()
    app = FinCoachApp(config=Config(), settings=settings, store=store, file=file,
                      config_path=tmp_path / "config.toml", offline_chunk_delay=0.0)  # fmt: skip
    async with app.run_test(size=SIZE) as pilot:
        opening = [str(hint.content) for hint in app.chat.query(".hint")]
        await started(app, pilot)
        newest = list(app.chat.query(MessageBox))
        await pilot.pause()
        assert list(dict.fromkeys(moments))[:4] == ["first_frame", "history", "read", "ready"]
        assert opening == ["opening long …"]
        messages = app.live.state.transcript.messages
        assert [(b.role, b.text) for b in app.chat.query(MessageBox)] == [
            (m.role, m.content) for m in messages[-PAGE:]
        ]
        # The page read from the end of the file was kept, not mounted again.
        assert list(app.chat.query(MessageBox)) == newest


async def test_a_session_that_cannot_be_read_ends_the_app_with_one_line(tmp_path):
    store = SessionStore(tmp_path / "sessions")
    store.root.mkdir(parents=True)
    store.path_for("newer").write_text('{"type":"header","format":99}\n')
    file = store.open("newer", defer=True)
    app = FinCoachApp(config=Config(), settings=offline_settings(), store=store, file=file,
                      config_path=tmp_path / "config.toml", offline_chunk_delay=0.0)  # fmt: skip
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: app.exit_message)
    assert "newer" in app.exit_message or "format" in app.exit_message
    assert "\n" not in app.exit_message
    assert file.closed
