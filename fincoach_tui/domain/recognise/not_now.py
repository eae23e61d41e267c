"""A figure said as what something is not now: what it was, or the wrong one. Pure; the one
question `figures_in` asks of each amount, rate and duration before it keeps it.

What it was. People give the old value in passing beside the new one: "pehle 10k tha, ab
12k", "used to be 45,000, now 52k", "rent 12k now, 10k earlier", "munnadi 25k irundhuchu,
ippo 30k", "mundu 20k undedi, ippudu 24k", "the rate used to be 8.5%", "up from 10k". The
old figure is never the current value: the newer one supersedes it, and said alone it states
nothing now. A word of the past right before the figure ("used to pay", "was paying",
"pehle", "munnadi"), or right after it: English "earlier", "before", "previously", "back
then", "till last month", "two years ago"; a past "was" of an Indian language ("tha", "thi",
"irundhuchu", "undedi", "ittu", "aayirunnu", "chhilo", "hota", "hatu").

The wrong one: "rent 16k hai, 14k nahi", "it's 6.9%, not 7.25%".
"""

from __future__ import annotations

import re

__all__ = ["denied", "not_now"]

# Right before the figure. Not a bare "was": "it was 7.15%, not 7.35%" is a correction's
# value; `_OLD_AMOUNT` reads it for amounts only.
_BEFORE = re.compile(
    r"\b(?:used\s+to\s+(?:be|pay|get|earn|make|draw|send|take\s+home|cost|come\s+to)"
    r"|(?:was|were|i\s+was|we\s+were)\s+(?:paying|getting|earning|making|drawing|sending|"
    r"spending|taking\s+home)"
    # "before" in Hindi, Tamil, Telugu, Kannada, Malayalam, Marathi, Gujarati, Punjabi
    r"|(?<!sabse\s)(?:pehle|pahle|pehley)|munnadi|munnaadi|munnadhi|mundu|intaku\s+mundu|modalu|munpu|"
    r"mumbu|pahile|pehla|pehlan)"
    r"\s+(?:(?:about|around|roughly|just|only|hi|sirf|bas|it\s+was|was)\s+)?"
    r"(?:(?:rs\.?|inr|₹)\s*)?$",
    re.IGNORECASE,
)
# Right after the figure (and its cadence or currency word, if any).
_AFTER = re.compile(
    r"\s*(?:(?:a|per)\s+(?:month|year)\s+|monthly\s+|pm\s+|rupees\s+|rs\.?\s+)?(?:"
    r"(?:earlier|previously)(?!\s+(?:this|today|in\s+the))"
    r"|before(?!\s+(?:tax|taxes|tds|deductions?|bonus|incentives?|allowances?|pf|epf|esi|cuts?|"
    r"the|my|our|that|it|i|we|\d|you|he|she))"
    r"|back\s+then|in\s+the\s+past|once\s+upon|(?:till|until)\s+last\s+\w+"
    r"|(?:\d+|a|an|one|two|three|four|five|few|couple\s+of)\s+(?:years?|months?)\s+(?:ago|back)"
    # the past "was" of Hindi, Tamil, Telugu, Kannada, Malayalam, Bengali, Marathi, Gujarati
    # ("40k bharta tha": a habit of the past; Hindi "20k hota hai" is the present)
    # (not Gujarati's "thi", "than" or "from", before what it compares or counts from: "95
    # lakh thi niche kai nathi", nothing below 95 lakh; "10k thi vadhare", "2025 thi shuru")
    r"|(?:hi\s+|ka\s+|ki\s+|[a-z]+(?:ta|ti|te)\s+)?(?:tha|thi|thaa)(?!\s+(?:niche|nichu|"
    r"upar|uper|vadhu|vadhare|vadhaare|ocha|ochu|ochhu|occhu|ochha|jyada|vadh|kam|ma|maa|"
    r"sudhi|lagi|shuru|pachhi|pachi)\b)"
    r"|[a-z]+(?:ta|ti|te)\s+the"
    r"|irundhuchu|irundhadhu|irundhathu|irunthuchu|irunthathu|irundhudhu|irundichu"
    r"|undedi|undhedi|undevi|undedhi|ittu|ithu|aayirunnu|ayirunnu|chhilo|chilo|"
    r"(?:hota|hoti|hote)(?!\s+(?:hai|hain|he|h)\b)|hatu|hata|hati"
    r")\b",
    re.IGNORECASE,
)


# Right before an amount only: "up from 10k", "was 10k", "instead of 10k", "than 10k".
_OLD_AMOUNT = re.compile(
    r"\b(?:from|was|were|used to be|previously|earlier|instead of|than|had been|old|by)\s+"
    r"(?:about|around|roughly|just|another|a further)?\s*$",
    re.IGNORECASE,
)
_DENIED = re.compile(r"\s*(?:nahi|nahin)\b", re.IGNORECASE)
_DENIED_BEFORE = re.compile(r"\b(?:not|no longer|nahi)\s+(?:about|around|just)?\s*$", re.IGNORECASE)


def not_now(clause: str, kind: str, start: int, end: int) -> bool:
    """Whether the figure of `kind` at `start`..`end` of `clause` is said as what something
    is not now: what it was (amounts and rates) or the wrong one (any figure)."""
    if kind == "amount" and _OLD_AMOUNT.search(clause[:start]):
        return True  # "up from 10k", "was 10k", "instead of 10k": what it was
    if kind in ("amount", "rate") and _former(clause, start, end):
        return True  # "pehle 10k tha, ab 12k", "the rate used to be 8.5%": what it was
    return denied(clause, start, end)  # "rent 16k hai, 14k nahi", "6.9%, not 7.25%"


def denied(clause: str, start: int, end: int) -> bool:
    """Whether the figure at `start`..`end` of `clause` is said to be the wrong one."""
    return bool(_DENIED.match(clause, end) or _DENIED_BEFORE.search(clause[:start]))


def _former(clause: str, start: int, end: int) -> bool:
    return bool(_BEFORE.search(clause, 0, start) or _AFTER.match(clause, end))
