"""The key guard: no line holding a credential's value is ever written to a session file."""

from __future__ import annotations

import json
from collections.abc import Mapping

from fincoach_tui.store.session_errors import SecretRefused


def _holds_secret(var: str, value: str) -> bool:
    """Is this environment variable a credential whose value must never be saved?

    Every `*_API_KEY`; and, since `api_key_env` may name any variable, anything called
    `*_KEY`, `*_TOKEN` or `*_SECRET` whose value is long enough to be a credential.
    """
    name = var.upper()
    if name.endswith("_API_KEY"):
        return len(value) >= 8
    return name.endswith(("_KEY", "_TOKEN", "_SECRET")) and len(value) >= 16


def refuse_secrets(line: str, environ: Mapping[str, str]) -> None:
    """SecretRefused if `line` holds the value of a credential in `environ` (as it is, or
    as JSON escapes it)."""
    for var, value in environ.items():
        if not _holds_secret(var, value):
            continue
        if value in line or json.dumps(value, ensure_ascii=False)[1:-1] in line:
            raise SecretRefused(
                f"this contains the value of ${var}; it was not sent or saved "
                f"(API keys never reach a session file)"
            )
