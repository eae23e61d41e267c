"""Build a FinCoachApp for Pilot tests: temporary directories, offline or fake-server model."""

from __future__ import annotations

from pathlib import Path

from fincoach_tui.llm.providers import PRESETS, ProviderSettings, resolve_provider
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.ui.app import FinCoachApp

SIZE = (120, 40)


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
) -> FinCoachApp:
    store = SessionStore(root / "sessions")
    settings = settings or offline_settings()
    return FinCoachApp(
        config=config_for(settings, config),
        settings=settings,
        store=store,
        file=store.open(session),
        strategy=strategy,
        config_path=root / "config" / "config.toml",
        offline_chunk_delay=0.0,
    )


async def started(app: FinCoachApp, pilot, *, polls: int = 400) -> None:
    """Wait until the engine is loaded and the session is on screen.

    The engine loads in a thread, then hands over to the event loop; on a busy machine
    that hand-over can land after the worker is reported done, so poll the condition.
    """
    await app.workers.wait_for_complete()
    for _ in range(polls):
        if app.live is not None or app.exit_message:
            break
        await pilot.pause(0.025)
    await pilot.pause()
    assert app.live is not None, app.exit_message


async def say(app: FinCoachApp, pilot, text: str) -> None:
    """Type a message, send it with Enter and wait for the turn to finish."""
    app.composer.text = text
    app.composer.focus()
    await pilot.press("enter")
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
