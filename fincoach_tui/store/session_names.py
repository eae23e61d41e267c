"""Session names: which are safe file stems, and the paths a name gives.

Every name goes through `validate_session_name` before it touches a path, so no name can
escape the sessions directory.
"""

from __future__ import annotations

import re
from pathlib import Path

from fincoach_tui.store.session_errors import SessionNameError

SESSION_NAME_RE = re.compile(r"[A-Za-z0-9._-]{1,64}")
_ALLOWED = "use 1-64 characters from A-Z, a-z, 0-9, '.', '_' and '-'"
SUFFIX = ".jsonl"


def _show(name: str) -> str:
    """repr() escapes control characters and NULs; truncate so a huge name stays one line."""
    return repr(name[:40]) + "..." if len(name) > 40 else repr(name)


def validate_session_name(name: str) -> str:
    """Return `name` unchanged if it is a safe file stem, else raise SessionNameError."""
    if not isinstance(name, str):
        raise SessionNameError(f"session name must be a string, got {type(name).__name__}")
    if name == "":
        raise SessionNameError(f"session name is empty; {_ALLOWED}")
    # Name the dangerous characters explicitly: they are what an attacker would try.
    for char, label in (("/", "'/'"), ("\\", "'\\'"), ("\x00", "a NUL byte")):
        if char in name:
            raise SessionNameError(f"session names may not contain {label}: {_show(name)}")
    if name in (".", ".."):
        raise SessionNameError(f"session name {_show(name)} is reserved; {_ALLOWED}")
    if len(name) > 64:
        raise SessionNameError(
            f"session name is too long ({len(name)} characters, max 64): {_show(name)}"
        )
    if not SESSION_NAME_RE.fullmatch(name):
        raise SessionNameError(f"invalid session name {_show(name)}: {_ALLOWED}")
    return name


def session_name_of(path: Path) -> str:
    return path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.name


def lock_path_for(path: Path) -> Path:
    return path.with_name(session_name_of(path) + ".lock")
