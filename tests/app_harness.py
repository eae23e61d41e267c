"""The one harness for tests that drive FinCoachApp with Pilot: an app in temporary
directories on the offline coach or the fake server, that records its notifications, and
typing, sending and retrying as a user does. Tests that use it are marked slow
(tests/conftest.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fincoach_tui.domain.session_state import SessionState, replay
from fincoach_tui.llm.providers import PRESETS, ProviderSettings, resolve_provider
from fincoach_tui.service.runtime import (
    LiveSession,
    Overrides,
    build_engine,
    open_session,
    resolve,
)
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.ui.app import FinCoachApp

SIZE = (120, 40)
QUESTION = "My salary is ₹1,20,000 and rent ₹25,000. How much can I save?"


def offline_settings() -> ProviderSettings:
    return resolve_provider(
        provider="offline", model="gpt-4o-mini", base_url=None, api_key_env=None, environ={}
    )


def server_settings(base_url: str, model: str = "gpt-4o-mini") -> ProviderSettings:
    return resolve_provider(
        provider=None, model=model, base_url=base_url, api_key_env=None, environ={}
    )


def server_config(model: str = "gpt-4o-mini") -> Config:
    """The fake server stands in for OpenAI at a URL that is not OpenAI's, so it has no
    price of its own: it is priced as a user prices any custom server, in config.toml,
    here at OpenAI's list price for `model` (context window included)."""
    from fincoach_tui.llm.prices import library_price

    listed = library_price(model, base_url=PRESETS["openai"].base_url)
    if listed is None:
        return Config()
    row = {"input": listed.input, "cached_input": listed.cached_input, "output": listed.output}
    if listed.context_window:
        row["context_window"] = listed.context_window
    return Config(prices={model: row})


def config_for(settings: ProviderSettings, config: Config | None) -> Config:
    if config is not None:
        return config
    return Config() if settings.simulated else server_config(settings.model)


def make_app(
    root: Path,
    session: str = "test",
    *,
    settings: ProviderSettings | None = None,
    strategy: str | None = None,
    config: Config | None = None,
    **options: Any,
) -> FinCoachApp:
    """The app on session `session` under `root`, offline unless `settings` say otherwise.
    `app.notices` records every notification as the user would read it: (title, text)."""
    store = sessions_under(root)
    settings = settings or offline_settings()
    app = FinCoachApp(
        config=config_for(settings, config),
        settings=settings,
        store=store,
        file=store.open(session),
        strategy=strategy,
        config_path=root / "config" / "config.toml",
        offline_chunk_delay=0.0,
        **options,
    )
    app.notices = []
    notify = app.notify

    def recording_notify(message, **kwargs):
        app.notices.append((kwargs.get("title", ""), str(message)))
        return notify(message, **kwargs)

    app.notify = recording_notify
    return app


def sessions_under(root: Path) -> SessionStore:
    """Where `make_app(root)` and `open_offline(root)` keep sessions: under `root` as the
    program keeps them under its data dir (so `paths.data_dir()` reads the program's)."""
    return SessionStore(root / "sessions")


def session_events(root: Path, session: str = "test") -> list[dict[str, Any]]:
    """The events of session `session` of an app `make_app` made under `root`, as saved."""
    return sessions_under(root).read_events(session)


def saved_session(root: Path, session: str = "test") -> tuple[SessionState, list[str]]:
    """Session `session` under `root` as a resumed app would read it: the state replayed
    from its file, and the problems found reading it."""
    return replay(session_events(root, session))


def open_offline(
    root: Path,
    session: str = "test",
    *,
    strategy: str | None = None,
    config: Config | None = None,
) -> LiveSession:
    """Session `session` under `root` open on the offline coach without the app (what the
    line chat runs on), as the command line resolves it with `config` (default: nothing
    configured) and no key. The caller closes it."""
    config = config or Config()
    engine = build_engine(config, resolve(config, Overrides(), {}))
    return open_session(engine, sessions_under(root).open(session), strategy=strategy)


def fault_app(
    root: Path,
    base_url: str | None = None,
    *,
    model: str = "gpt-4o-mini",
    session: str = "faults",
    settings: ProviderSettings | None = None,
    **options: Any,
) -> FinCoachApp:
    """The app on the fake server at `base_url` (the offline coach if None)."""
    if settings is None:
        settings = server_settings(base_url, model) if base_url else offline_settings()
    return make_app(root, session, settings=settings, **options)


# How long a test waits for a state before failing. Generous on purpose: on a loaded
# 2-core machine a worker can take seconds to land; a test that passes never waits it out.
WAIT_TIMEOUT_S = 30.0
POLL_S = 0.025


async def wait_until(
    pilot, condition: Callable[[], object], *, timeout: float = WAIT_TIMEOUT_S
) -> None:
    """Let the app run until `condition()` is true; fail if it is not within `timeout`
    seconds. Work that hops threads (the engine loads in one) lands on the event loop some
    time after its worker is reported done, so tests wait for the state they need, not
    for a guessed delay."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() >= deadline:
            assert condition(), (
                f"waited {timeout:.0f} s and the app never reached the state the test waits "
                f"for: {describe(condition)} is still false"
            )
            return
        await pilot.pause(POLL_S)


def describe(condition: Callable[[], object]) -> str:
    """Where the condition is written (file:line), so a failure points at it."""
    code = getattr(condition, "__code__", None)
    if code is None:
        return repr(condition)
    return f"the condition at {Path(code.co_filename).name}:{code.co_firstlineno}"


async def workers_done(app: FinCoachApp) -> None:
    """Wait until no worker runs: how app tests wait for the work a key or a turn started
    (with `wait_until` for a state that lands after its worker ends). A worker cancelled
    because a newer exclusive one replaced it (the comparison after each of several queued
    turns) counts as done; one that failed is raised. Textual's `wait_for_complete` raises
    for the cancelled one too, and waits only for the workers running when it is called."""
    from textual.worker import WorkerCancelled

    while running := [worker for worker in app.workers if not worker.is_finished]:
        ends = await asyncio.gather(*(worker.wait() for worker in running), return_exceptions=True)
        for end in ends:
            if isinstance(end, BaseException) and not isinstance(end, WorkerCancelled):
                raise end


async def started(app: FinCoachApp, pilot) -> None:
    """Wait until the engine is loaded and the session is on screen."""
    await workers_done(app)
    await wait_until(pilot, lambda: app.live is not None or app.exit_message)
    await pilot.pause()
    assert app.live is not None, app.exit_message


@asynccontextmanager
async def running(
    root: Path,
    size: tuple[int, int] = SIZE,
    *,
    said: Sequence[str] = (),
    session: str = "test",
    **options: Any,
) -> AsyncIterator[tuple[FinCoachApp, Any]]:
    """The app (`make_app`'s) at `size`, started, with each of `said` sent as a turn:
    `async with running(tmp_path, (80, 24), said=[QUESTION]) as (app, pilot): ...`"""
    app = make_app(root, session, **options)
    async with app.run_test(size=size) as pilot:
        await started(app, pilot)
        for text in said:
            await say(app, pilot, text)
        yield app, pilot


async def say(app: FinCoachApp, pilot, text: str) -> None:
    """Type a message, send it with Enter and wait for the turn to finish."""
    app.composer.text = text
    app.composer.focus()
    await pilot.press("enter")
    await pilot.pause()
    await workers_done(app)
    await pilot.pause()


async def send(app: FinCoachApp, pilot, text: str = QUESTION) -> None:
    """`say` without the pause before waiting: the fault tests look at the turn's end."""
    app.composer.text = text
    app.composer.focus()
    await pilot.press("enter")
    await workers_done(app)
    await pilot.pause()


async def retry(app: FinCoachApp, pilot) -> None:
    await pilot.press("ctrl+r")
    await workers_done(app)
    await pilot.pause()


def activity(app: FinCoachApp) -> str:
    return str(app.activity.content)
