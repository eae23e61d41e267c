"""What the offline recogniser files for a few user messages, as {key: value}: the one
reader the recogniser's class tests share."""

from __future__ import annotations

from fincoach_tui.domain.finance_facts import find_facts

AUG_19 = 1787130000.0  # 19 Aug 2026
MAR_9 = 1773050400.0  # 9 Mar 2026, 10:00 UTC


def facts_of(*texts: str, at: float = AUG_19) -> dict[str, str]:
    """The values filed for `texts`, said one message each (ids m1, m2, ...) at `at`."""
    found = find_facts([(f"m{n}", t) for n, t in enumerate(texts, start=1)], at)
    return {k: f.value for k, f in found.items()}
