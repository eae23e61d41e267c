"""Everything the session store raises: one base class, so callers can catch them all."""

from __future__ import annotations


class SessionError(Exception):
    """Base class for everything this module raises about a session."""


class SessionNameError(SessionError, ValueError):
    pass


class SessionLocked(SessionError):
    pass


class SessionFormatError(SessionError):
    pass


class SessionNotFound(SessionError, FileNotFoundError):
    pass


class SessionWriteError(SessionError, OSError):
    """A write that failed (a full disk): the file was put back exactly as it was before it."""

    def __init__(self, message: str, errno: int | None = None) -> None:
        super().__init__(errno, message)

    def __str__(self) -> str:
        return str(self.strerror)


class SecretRefused(SessionError, ValueError):
    """An event holding the value of an `*_API_KEY` variable: never written."""
