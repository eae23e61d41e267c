"""Pilot helpers for the fault, bad-input and security tests: an app on any model server
that records every notification, and typing/sending/retrying as a user does."""

from __future__ import annotations

from fincoach_tui.llm.providers import ProviderSettings
from fincoach_tui.settings.config import Config
from fincoach_tui.store.sessions import SessionStore
from fincoach_tui.ui.app import FinCoachApp
from tests.app_harness import config_for, offline_settings, server_settings

QUESTION = "My salary is ₹1,20,000 and rent ₹25,000. How much can I save?"


def fault_app(
    tmp_path,
    base_url: str | None = None,
    *,
    model: str = "gpt-4o-mini",
    session: str = "faults",
    settings: ProviderSettings | None = None,
    config: Config | None = None,
    **options,
) -> FinCoachApp:
    """The app on the fake server at `base_url` (offline coach if None), `app.notices` recording."""
    if settings is None:
        settings = server_settings(base_url, model) if base_url else offline_settings()
    store = SessionStore(tmp_path / "sessions")
    app = FinCoachApp(
        config=config_for(settings, config), settings=settings, store=store,
        file=store.open(session), config_path=tmp_path / "config" / "config.toml",
        offline_chunk_delay=0.0, **options,
    )  # fmt: skip
    app.notices = []  # every notification, as the user would read it
    notify = app.notify

    def recording_notify(message, **kwargs):
        app.notices.append((kwargs.get("title", ""), str(message)))
        return notify(message, **kwargs)

    app.notify = recording_notify
    return app


async def send(app, pilot, text: str = QUESTION) -> None:
    app.composer.text = text
    app.composer.focus()
    await pilot.press("enter")
    await app.workers.wait_for_complete()
    await pilot.pause()


async def retry(app, pilot) -> None:
    await pilot.press("ctrl+r")
    await app.workers.wait_for_complete()
    await pilot.pause()


def activity(app) -> str:
    return str(app.activity.content)
