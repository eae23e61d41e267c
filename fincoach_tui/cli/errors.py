"""How the `fincoach` subcommands fail: one clear line for the user, exit 2, no traceback."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from fincoach_tui.settings import paths

if TYPE_CHECKING:
    from fincoach_tui.settings.config import Config

__all__ = [
    "EXIT_USAGE",
    "UserFacingError",
    "complain",
    "guard",
    "missing_change",
    "not_saved",
    "sessions_dir",
    "user_config",
    "user_errors",
]

EXIT_USAGE = 2


class UserFacingError(Exception):
    """An error whose message is all the user needs."""


def user_errors():
    """The exception types whose message is already written for the user."""
    from fincoach_tui.domain.memory import StrategyError
    from fincoach_tui.llm.providers import ProviderError
    from fincoach_tui.llm.vocab import VocabularyError
    from fincoach_tui.settings.config import ConfigError
    from fincoach_tui.store.session_file import SessionError

    return (ConfigError, StrategyError, ProviderError, SessionError, VocabularyError, ValueError)


def guard(action):
    """`action()`, its user-facing errors turned into one line (UserFacingError)."""
    try:
        return action()
    except user_errors() as exc:
        raise UserFacingError(str(exc)) from None


def missing_change(session: str, why: str) -> str:
    """The line for quitting after session `session`'s newest write failed (`why`)."""
    return f"session {session} is missing your last change: {why}"


def not_saved(why: str) -> str:
    """The line for quitting a session FinCoach named whose first write failed (`why`): it
    was not kept, so no name is given, as none would resume it."""
    return f"this chat was not saved, so there is nothing to resume: {why}"


def complain(line: str) -> None:
    """One line on stderr, as every subcommand says what went wrong."""
    print(f"fincoach: {line}", file=sys.stderr)


def user_config() -> Config:
    """config.toml, or a one-line error if it cannot be read."""
    from fincoach_tui.settings.config import load_config

    return guard(lambda: load_config(paths.config_path()))


def sessions_dir() -> Path:
    """The sessions directory, or a one-line error if the data dir is not a directory."""
    data = paths.data_dir()
    if data.exists() and not data.is_dir():
        raise UserFacingError(f"the data directory {data} is a file, not a directory")
    return paths.sessions_dir()
