"""What a server's base URL must look like, for `--base-url` and config.toml's `base_url`
alike: http or https, a host, an optional port and path. Checked when FinCoach starts, so
a mistyped URL is one line then, not an error at the first message sent."""

from __future__ import annotations

from urllib.parse import urlsplit

__all__ = ["BASE_URL_SHAPE", "BaseUrlError", "base_url_problem", "check_base_url"]

BASE_URL_SHAPE = "an http:// or https:// URL with a host, e.g. http://localhost:8000/v1"


def base_url_problem(url: str) -> str | None:
    """Why `url` cannot be a server's base URL, or None if it can."""
    if not url or url != url.strip() or any(c.isspace() for c in url):
        return "a URL has no spaces" if url.strip() else "it is empty"
    try:
        parts = urlsplit(url)
    except ValueError:  # an unclosed "[" of an IPv6 address
        return "it is not a URL"
    if parts.scheme.lower() not in ("http", "https"):
        return "it does not start with http:// or https://"
    if not parts.hostname:
        return "it names no host"
    try:
        port = parts.port  # a port that is not a number, or out of range, raises here
    except ValueError:
        port = 0
    if port == 0:
        return "its port is not a number from 1 to 65535"
    return None


class BaseUrlError(ValueError):
    """A `--base-url` no server could be at; the message is the one line to show."""


def check_base_url(url: str) -> str:
    """`--base-url` as given, or BaseUrlError saying what is wrong with it."""
    problem = base_url_problem(url)
    if problem is not None:
        raise BaseUrlError(f"--base-url {url!r} is not usable: {problem}; give {BASE_URL_SHAPE}")
    return url
