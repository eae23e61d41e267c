"""Where FinCoach keeps its files.

Environment variables win over the platform defaults so tests (and users with
unusual setups) can point FinCoach anywhere without touching real user dirs.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import platformdirs

APP_NAME = "fincoach"


def data_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """Session data: `$FINCOACH_DATA_DIR`, else the platform's user data dir."""
    override = environ.get("FINCOACH_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME))


def config_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """Configuration: `$FINCOACH_CONFIG_DIR`, else the platform's user config dir."""
    override = environ.get("FINCOACH_CONFIG_DIR")
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME))


def sessions_dir(environ: Mapping[str, str] = os.environ) -> Path:
    """One `NAME.jsonl` (plus `NAME.lock`) per saved conversation."""
    return data_dir(environ) / "sessions"


def config_path(environ: Mapping[str, str] = os.environ) -> Path:
    return config_dir(environ) / "config.toml"
