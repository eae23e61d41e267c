"""What a request a strategy built measures, for the cost comparison's walk. Pure.

A walk step is measured, never shown: its content tokens and role counts (buffer's request
is the whole session, every turn, so a transcript message's count is kept by id), whether
it carries a summary, and whether the real call sent these very messages (then the step
keeps the real bill).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from operator import attrgetter

from fincoach_tui.domain.context import Context, ContextMessage
from fincoach_tui.domain.records import CallRecord

_VERBATIM = frozenset(("verbatim", "new"))  # provenances counted as the message they carry
_ROLE = attrgetter("role")


def measure(
    messages: Sequence[ContextMessage],
    sizes: Mapping[str, int] | None,
    known: dict[str, int],
    count: Callable[[ContextMessage], int],
) -> tuple[int, tuple[tuple[str, int], ...]]:
    """Content tokens and role counts of a request, in one pass. A transcript message's
    count is kept in `known` by id (it never changes), which spares the counter's own
    lookup for each of them; `sizes` overrides counts by message id."""
    content = 0
    for message in messages:
        ids = message.source_ids
        if len(ids) != 1:
            content += count(message)
        elif sizes and ids[0] in sizes:
            content += sizes[ids[0]]
        elif message.provenance not in _VERBATIM:
            content += count(message)
        else:
            tokens = known.get(ids[0])
            if tokens is None:
                tokens = known[ids[0]] = count(message)
            content += tokens
    return content, tuple(sorted(Counter(map(_ROLE, messages)).items()))


def has_summary(context: Context) -> bool:
    return (
        any(s.provenance == "summary" for s in context.messages[0].sections)
        if context.messages
        else False
    )


def same_request(context: Context, content: int, record: CallRecord) -> bool:
    """The real call sent these very messages (same roles, sources and size)."""
    return (
        content == record.counted_tokens
        and len(record.sent) == len(context.messages)
        and all(
            s.role == m.role and tuple(s.source_ids) == tuple(m.source_ids)
            for s, m in zip(record.sent, context.messages)
        )
    )
