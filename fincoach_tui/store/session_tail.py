"""The newest messages of a session file, read from its end: what the chat shows first.

Reading a long session (parse, replay) takes time in proportion to its length; its newest
page of messages is in the last few kilobytes. The app shows those first, read backwards
a block at a time, and the whole session once it is read. A preview only: whatever does
not read here (a damaged line, an older format) is left out, and the full read, which
replaces it, says what it found.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from fincoach_tui.domain.conversation import Message

BLOCK = 1 << 16  # bytes read at a time, from the end
_MESSAGE = b'{"type":"message"'
_WITHDRAWN = b'{"type":"withdrawn"'


def newest_messages(path: Path, count: int) -> list[Message]:
    """Up to `count` of the session's newest messages, oldest first, as replay leaves the
    transcript: withdrawn questions left out, and an unanswered last question too (it goes
    back to the input box). [] when the file cannot be read."""
    try:
        with open(path, "rb") as file:
            return _newest(file.fileno(), os.fstat(file.fileno()).st_size, count)
    except OSError:
        return []


def _newest(fd: int, size: int, count: int) -> list[Message]:
    found: list[Message] = []  # newest first
    withdrawn: set[str] = set()
    end, carry = size, b""
    while end > 0 and len(found) < count + 1:
        start = max(0, end - BLOCK)
        block = os.pread(fd, end - start, start) + carry
        lines = block.split(b"\n")
        carry = lines[0] if start > 0 else b""  # may begin before this block
        for line in reversed(lines[1:] if start > 0 else lines):
            if line.startswith(_WITHDRAWN):
                withdrawn.add(str(_read(line).get("id", "")))
            elif line.startswith(_MESSAGE):
                try:
                    message = Message.from_dict(_read(line)["message"])
                except (KeyError, TypeError, ValueError):
                    continue
                if message.id not in withdrawn:
                    found.append(message)
        end = start
    if found and found[0].role == "user":
        found = found[1:]  # a question without its reply: interrupted, not shown
    return found[:count][::-1]


def _read(line: bytes) -> dict:
    try:
        value = json.loads(line)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}
