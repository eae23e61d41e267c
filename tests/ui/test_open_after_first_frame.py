"""The app draws its first frame before it reads the session: the chat says it is opening
it, the newest page (read from the end of the file) comes next, and the whole session,
read and replayed off the event loop, keeps that page as it is. The loader waits for each
of those moments with no time limit (a loaded machine keeps the order), and stops if the
app ends before one comes."""

from __future__ import annotations

import threading

from fincoach_tui.service.runtime import Overrides, build_engine, open_session, resolve
from fincoach_tui.settings.config import Config
from fincoach_tui.store.session_file import SessionFile
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.ui import bench_hook
from fincoach_tui.ui.app import FinCoachApp
from fincoach_tui.ui.chat import PAGE, MessageBox
from fincoach_tui.ui.startup import Moments
from tests.app_harness import SIZE, offline_settings, started, wait_until
from tests.processes import poll_until


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


def test_a_moment_waited_for_comes_when_marked_and_the_apps_end_releases_every_wait():
    moments = Moments()
    painted, on_screen = moments.moment(), moments.moment()
    painted.set()
    assert moments.wait(painted) is True
    results: list[bool] = []
    waiting = threading.Thread(target=lambda: results.append(moments.wait(on_screen)))
    waiting.start()
    moments.end()  # the app ended before the newest page was on screen
    waiting.join()
    assert results == [False]
    assert moments.wait(moments.moment()) is False  # asked for after the end: no waiting


async def test_an_app_ended_before_its_first_frame_leaves_no_loader_waiting(tmp_path, monkeypatch):
    store = SessionStore(tmp_path / "sessions")
    waits: list[bool] = []
    wait = Moments.wait

    def recorded_wait(self, moment):
        waits.append(wait(self, moment))
        return waits[-1]

    monkeypatch.setattr(Moments, "wait", recorded_wait)
    app = FinCoachApp(config=Config(), settings=offline_settings(), store=store,
                      file=store.open("never", defer=True), config_path=tmp_path / "config.toml",
                      offline_chunk_delay=0.0)  # fmt: skip
    after_refresh = app.call_after_refresh

    def no_first_frame(callback, *args):  # the work of the first frame never comes
        return callback.__name__ == "after_first_frame" or after_refresh(callback, *args)

    monkeypatch.setattr(app, "call_after_refresh", no_first_frame)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert waits == [] and app.engine is None  # the loader waits for the frame
        app.exit()
    poll_until(lambda: waits == [False])  # released by the app's end: it read nothing
    assert app.engine is None and app.live is None
