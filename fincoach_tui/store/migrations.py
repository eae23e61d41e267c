"""How a session file's format changes: named, ordered, add-only upgrade steps.

`MIGRATIONS[i]` upgrades the events of format `i + 1` to format `i + 2`, so the current
format is `1 + len(MIGRATIONS)`. To change the format, append ONE named function here
(never edit or reorder an old one: files in the wild were written by every past version)
and add a fixture of the old format to the tests. Format 1 is the first.

A step takes every event of the file (the header first) and returns the upgraded
events; it must not change the header's "format" (`upgrade` stamps it) and must be pure.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Events = list[dict[str, Any]]


@dataclass(frozen=True)
class Migration:
    name: str  # says what changed, e.g. "records_name_their_currency"
    upgrade: Callable[[Events], Events]


def _records_refer_to_texts(events: Events) -> Events:
    """Format 1 -> 2: a record's sent messages become references (transcript messages by
    id, every other text once, in a `text` event before the first record that sends it;
    domain/record_refs.py). The requests read back are the same, message for message.
    A record too damaged to convert is left as it was (replay skips it with a note)."""
    from fincoach_tui.domain.record_refs import RefTable  # only an old file needs it

    table = RefTable()
    out: Events = []
    for event in events:
        try:
            out.extend(table.by_reference([event]))
        except (KeyError, TypeError, ValueError, AttributeError):
            out.append(event)
    return out


MIGRATIONS: list[Migration] = [
    Migration("records_refer_to_texts", _records_refer_to_texts),
]


def current_format(migrations: Sequence[Migration] | None = None) -> int:
    return 1 + len(MIGRATIONS if migrations is None else migrations)


def upgrade(
    events: Events, from_format: int, migrations: Sequence[Migration] | None = None
) -> tuple[Events, list[str]]:
    """Events of `from_format` upgraded to the current format, and the steps' names."""
    steps = list(MIGRATIONS if migrations is None else migrations)
    applied = []
    for step in steps[from_format - 1 :]:
        events = step.upgrade([dict(event) for event in events])
        applied.append(step.name)
    if events and events[0].get("type") == "header":
        events[0] = {**events[0], "format": current_format(steps)}
    return events, applied
