"""Does a request carry a fact's current value, and does it pass off an old one as current?

Pure and deterministic: no model judges anything. A value is one of four kinds, each
compared by meaning rather than by spelling, so the probe does not depend on the format
one summarizer or extractor happens to write:

- amount: rupees by value. "₹28,000" == "28k" == "28,000 rupees" == "0.28 lakh" ==
  "Rs 28000" == "twenty-eight thousand" (see amounts.py).
- rate: a percentage by value. "7.1%" == "7.10 per cent" == "7.1 percent".
- month: a calendar month. "March 2027" == "Mar 2027" == "15 March 2027" == "03/2027" ==
  "2027-03"; also accepted: the relative phrase exactly as the user said it ("in 8
  months"), since a passage that carries the user's words carries the fact.
- phrase: words with no number (a city, a risk appetite and its reason, dependants),
  matched word by word against a short list of equivalent phrases ("Bengaluru" ==
  "Bangalore"; "risk-averse" == "conservative" == "cautious"), a count in words the same
  as in digits ("two children" == "2 children"), in equivalent wording only (case,
  punctuation, contractions, the speaker as subject left out: "I cannot take risk" ==
  "risk: can't take risk") and never after a negation or of someone else
  (phrase_match.py).

Present: the request text contains the current value (any equivalent form, anywhere)
but as the old value of a "(was ...)" parenthesis: "FD rate: 7.35% (was 7.15%)" states
7.15% as what the rate no longer is; and, for a figure (an amount, a rate, a month), in
the conversation's own words or under a memory's label that can be the fact needed
(filing.py): "spouse salary: ₹1,10,000" does not send the user's salary of ₹1,10,000.

Misfiled: not present, because the current figure is sent only under labels that cannot
be the fact ("insurance term premium: ₹1,50,00,000" for the cover).

Sent as current (stale): the request contains an earlier value of the fact in an
unmarked occurrence (in the conversation's words or under a compatible label, as for
present), and the current value is not present. An occurrence is marked outdated when it
sits in a "(was ...)" parenthesis ("rent ₹28,000 (was ₹25,000)"), or when its clause (the text between ". ", ";" or a line break on either
side, parentheses included) contains one of OUTDATED_MARKERS: "rent ₹25,000 (outdated)",
or the line recalled passages carry today, "(Outdated: rent was ₹25,000 then; the current
fact is ₹28,000.)". An old value beside the current one is the normal case for a replayed
transcript ("rent is 25k" ... "landlord raised it to 28k"): the newer statement is there
to win, so it is not counted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from fincoach_tui.domain.probe.amounts import amounts_in, figures_in, same_amount, worded_spans
from fincoach_tui.domain.probe.filing import Filing, Span, compatible, label_filing, need_filing
from fincoach_tui.domain.probe.phrase_match import PhraseText

# Words that, in the same sentence or parenthesis, mark a value as no longer true.
OUTDATED_MARKERS = (
    "outdated",
    "superseded",
    "no longer",
    "previously",
    "formerly",
    "earlier value",
    "old value",
    "used to be",
    "replaced by",
    "changed from",
)

MONTHS = (
    "january february march april may june july august september october november december"
).split()
# Months are found by their year (rare in text, so fast), then read from what is just
# before it ("15 March", "Mar", "03/") or just after it ("-03" of "2027-03-15").
_YEAR = re.compile(r"(?<!\d)20\d\d(?!\d)")
_NAME = r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
_BEFORE_YEAR = re.compile(
    rf"(?:\b(?P<name>{_NAME})[a-z]*\.?,?\s+(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?(?:of\s+)?"
    r"|(?<![\d/])(?:\d{1,2}[/-])?(?P<number>\d{1,2})[/-])$",
    re.IGNORECASE,
)
_AFTER_YEAR = re.compile(r"-(?P<number>\d{1,2})(?:-\d{1,2})?\b")
_PERCENT = re.compile(r"\s*(?:%|per\s?cent\b|pc\b)", re.IGNORECASE)
# What ends a sentence or clause, for "marked outdated".
_SEPARATORS = (". ", ";", "\n")
# "rent ₹28,000 (was ₹25,000)": what such a parenthesis holds is the old value only, so it
# is matched by itself rather than by clause (the clause holds the current value too).
_WAS = re.compile(r"\(\s*was\b")


@dataclass(frozen=True)
class Value:
    """One fact's value: kind "amount" (rupees), "rate" (percent), "month" (year*12 +
    month-1) or "phrase"; `phrases` are the equivalent wordings ("phrase"), or the
    relative phrase as said ("month"), all lower case."""

    kind: str
    number: float = 0.0
    phrases: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.kind == "amount":
            from fincoach_tui.domain.currencies import format_rupees

            return format_rupees(self.number)
        if self.kind == "rate":
            return f"{self.number:g}%"
        if self.kind == "month":
            year, month = divmod(int(self.number), 12)
            return f"{MONTHS[month][:3].title()} {year}"
        return self.phrases[0]


def month_index(year: int, month: int) -> int:
    return year * 12 + month - 1


class RequestText:
    """The text of one request, scanned once for every amount, rate and month in it;
    `labels` are the spans the memory filed under a label (filing.py), none by default."""

    def __init__(self, text: str, labels: Sequence[Span] = ()) -> None:
        self.text = text
        self.lower = text.lower()
        self.labels = tuple(labels)

    def filed_under(self, start: int) -> list[str]:
        """The labels text[start:] is filed under, innermost last ("" for a stamp)."""
        return [label for s, e, label in self.labels if s <= start < e]

    def fits(self, start: int, need: Filing, value: Value) -> bool | None:
        """Whether the value at text[start:] can be the fact `need` names: True in the
        conversation's own words or under a compatible label (a phrase anywhere), False
        under a label that cannot be it, None in a stamp (no fact's value at all)."""
        labels = self.filed_under(start)
        if labels and labels[-1] == "":
            return None
        if value.kind == "phrase" or not labels:
            return True
        return compatible(need, label_filing(labels[-1]))

    @cached_property
    def _figures(self) -> list[tuple[re.Match[str], str]]:
        return list(figures_in(self.text))

    @cached_property
    def _amounts(self) -> list[tuple[float, int, int]]:
        return list(amounts_in(self.text, self._figures))

    @cached_property
    def _rates(self) -> list[tuple[float, int, int]]:
        return [
            (float(m.group()), m.start(), m.end() + percent.end())
            for m, after in self._figures
            if "," not in m.group() and (percent := _PERCENT.match(after))
        ]

    @cached_property
    def _months(self) -> list[tuple[float, int, int]]:
        found = []
        for year in _YEAR.finditer(self.text):
            before = _BEFORE_YEAR.search(self.text, max(0, year.start() - 24), year.start())
            after = _AFTER_YEAR.match(self.text, year.end())
            month = _month_of(before) if before else None
            if month is None and after and 1 <= int(after["number"]) <= 12:
                month = int(after["number"])
            if month is not None:
                start = before.start() if before else year.start()
                end = after.end() if after and not before else year.end()
                found.append((float(month_index(int(year.group()), month)), start, end))
        return found

    @cached_property
    def _phrases(self) -> PhraseText:
        return PhraseText(self.text)

    @cached_property
    def _words(self) -> str:
        return self.lower.replace("-", " ")  # the same length: spans stay valid

    def occurrences(self, value: Value) -> Iterator[tuple[int, int]]:
        """Where `value` is stated, as (start, end) spans."""
        if value.kind == "amount":
            for number, start, end in self._amounts:
                if same_amount(number, value.number):
                    yield start, end
            yield from worded_spans(self._words, value.number)
        elif value.kind in ("rate", "month"):
            for number, start, end in self._rates if value.kind == "rate" else self._months:
                if abs(number - value.number) < 1e-6:
                    yield start, end
        for phrase in _with_digits(value.phrases):
            yield from self._phrases.spans(phrase)

    def has(self, value: Value) -> bool:
        """Whether `value` is stated other than as what something was: "(was ₹25,000)"."""
        return any(not self.said_it_was(start) for start, _ in self.occurrences(value))

    def unmarked(self, value: Value) -> bool:
        """Whether `value` occurs at least once outside an outdated marking."""
        return any(
            not self.marked_outdated(start, end) and not self.said_it_was(start)
            for start, end in self.occurrences(value)
        )

    def said_it_was(self, start: int) -> bool:
        """Whether text[start:] is inside a parenthesis that opens with "was"."""
        opened = self.lower.rfind("(", 0, start)
        return (
            opened != -1
            and self.lower.find(")", opened, start) == -1
            and _WAS.match(self.lower, opened) is not None
        )

    def marked_outdated(self, start: int, end: int) -> bool:
        """Whether the clause around text[start:end] (its parentheses included) says it is
        outdated."""
        text = self.lower
        starts = [(text.rfind(sep, 0, start), len(sep)) for sep in _SEPARATORS]
        left = max((i + size for i, size in starts if i != -1), default=0)
        ends = [i for i in (text.find(sep, end) for sep in _SEPARATORS) if i != -1]
        clause = text[left : min(ends, default=len(text))]
        return any(marker in clause for marker in OUTDATED_MARKERS)


_COUNTS = dict(zip("one two three four five six seven eight nine ten".split(), range(1, 11)))


def _with_digits(phrases: tuple[str, ...]) -> tuple[str, ...]:
    """The phrases, and each with a count in words written in digits ("two children" ==
    "2 children"): a restatement may write a count either way."""
    more = [
        " ".join(str(_COUNTS.get(w, w)) for w in phrase.split())
        for phrase in phrases
        if any(w in _COUNTS for w in phrase.split())
    ]
    return tuple(dict.fromkeys([*phrases, *more]))


def _month_of(match: re.Match[str]) -> int | None:
    """The month (1-12) a match before a year names, if it names one."""
    if match["name"]:
        name = match["name"].lower()
        return next(n for n, full in enumerate(MONTHS, start=1) if full.startswith(name))
    number = int(match["number"])
    return number if 1 <= number <= 12 else None


@dataclass(frozen=True)
class Verdict:
    key: str
    present: bool  # the current value is in the request
    stale: bool  # an earlier value is, unmarked, and the current one is not
    misfiled: bool = False  # the current value is, but only under labels that are not it


def judge(text: RequestText, key: str, current: Value, earlier: Sequence[Value]) -> Verdict:
    """The verdict on one needed fact in one request (see the module's definitions)."""
    need = need_filing(key)
    found = [
        text.fits(start, need, current)
        for start, _ in text.occurrences(current)
        if not text.said_it_was(start)
    ]
    present = True in found
    misfiled = not present and False in found
    stale = not present and any(
        text.fits(start, need, old)
        for old in earlier
        for start, end in text.occurrences(old)
        if not text.marked_outdated(start, end) and not text.said_it_was(start)
    )
    return Verdict(key, present, stale, misfiled)
