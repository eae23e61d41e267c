"""Theme files: `themes/*.toml` shipped with the app, plus the user's own.

Textual has no theme-file loader, so each TOML table becomes a `textual.theme.Theme`.
A broken user theme is skipped with a note; it never stops the app.
"""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path

from textual.theme import Theme

DEFAULT_THEME = "fincoach-dark"
_FIELDS = {f.name for f in fields(Theme)}


def shipped_theme_dir() -> Path:
    """Installed wheels carry the themes inside the package; a source checkout at the root."""
    # The package's directory (what importlib.resources.files gives), found without
    # importing importlib's resource readers and zipfile: ~10 ms of the first frame.
    packaged = Path(__file__).resolve().parents[1] / "themes"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "themes"


def load_theme(path: Path) -> Theme:
    """Raises ValueError with a one-line reason."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ValueError(f"{path.name}: {exc}") from None
    unknown = set(data) - _FIELDS
    if unknown:
        raise ValueError(f"{path.name}: unknown keys {', '.join(sorted(unknown))}")
    if "name" not in data or "primary" not in data:
        raise ValueError(f"{path.name}: a theme needs at least `name` and `primary`")
    try:
        return Theme(**data)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{path.name}: {exc}") from None


def discover_themes(user_dir: Path | None) -> tuple[list[Theme], list[str]]:
    """Shipped themes, then the user's (`<config dir>/themes/*.toml`); and any problems."""
    themes, problems = [], []
    directories = [shipped_theme_dir()] + ([user_dir] if user_dir else [])
    for directory in directories:
        if not directory.is_dir():
            continue
        for path in sorted(directory.glob("*.toml")):
            try:
                themes.append(load_theme(path))
            except ValueError as exc:
                problems.append(f"theme skipped: {exc}")
    return themes, problems
