"""Pay to come: what the user (or the spouse) will be paid, said beside what they are paid
now. Pure.

"pay will be about 90k", "from April I'll get 1.2L", "after the promotion it becomes 95k",
"new in-hand will be 1,26,500", "April se salary 90k ho jayegi". It is kept as the expected
pay (`salary_expected`, with when it starts: "₹1,20,000 from Apr 2027", "₹95,000 after the
promotion"), beside the current pay, which it does not replace: the store supersedes a key
only with a value for the same key, so the current pay changes when the user says it has
("my pay is now 90k"). A pay that the message itself says started at or before the day it
is said ("from this month", "w.e.f. July" said in August) is the current pay.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.recognise.words import (
    MONTH_ABBREVIATIONS,
    MONTH_NAME,
    OTHER_PEOPLE,
    SPOUSE_WORDS,
)
from fincoach_tui.domain.relative_dates import resolve_relative

_WILL = (
    r"\b(?:will|'ll|shall|gonna|going\s+to|would|should|expected\s+to|expecting|set\s+to|"
    r"supposed\s+to|likely\s+to)\b(?:\s+\w+){0,2}?\s+(?:be|get|become|go|rise|increase|jump|"
    r"touch|reach|make|take|earn|draw|come|getting|making|earning|drawing)\b"
    r"|\b(?:becomes|will\s+become|is\s+going\s+up|goes\s+up|goes\s+to|jumps\s+to|rises\s+to)\b"
    r"|\b(?:offer(?:ed)?|on\s+offer)\b"
    r"|\b(?:after|once|post)\s+(?:the\s+|my\s+|his\s+|her\s+)?(?:promotion|appraisal|hike|"
    r"increment|confirmation|probation|joining|revision|switch)\b"
)
# Hindi, Marathi, Gujarati and Bengali say it with the verb last: "... 90k ho jayegi",
# "milegi", "52 hajar milnar", "44,000 thashe", "malshe".
_WILL_INDIAN = (
    r"\b(?:milegi|milega|milenge|mil\s+jayegi|mil\s+jaayegi|ho\s+jayegi|ho\s+jaayegi|"
    r"ho\s+jayega|ho\s+jaayega|hogi|hoga|badh\s+jayegi|badhegi|badhega|milel|hoil|pabo|hobe|"
    r"milnar|milnaar|honar|honaar|vadhnar|vadhel|thashe|thase|thai\s+ja(?:s|sh)e|mal(?:s|sh)e|"
    r"mad(?:s|sh)e|vadh(?:s|sh)e)\b"
)
_FUTURE = re.compile(rf"{_WILL}|{_WILL_INDIAN}", re.IGNORECASE)
# Next month and this month in Hindi, Marathi, Gujarati: "agle mahine", "pudhchya
# mahinya(pasun)", "aavta mahine (thi)"; "is mahine", "ya mahinya", "aa mahine".
_NEXT_MONTH = (
    r"agle\s+mahine|next\s+month|pudh(?:chya|il)\s+mahinya|aavt[ae]\s+mahin[ae]|avt[ae]\s+mahin[ae]"
)
_THIS_MONTH = r"is\s+mahine|ya\s+mahinya|aa\s+mahin[ae]|this\s+month"
# When it starts, said as a date: "from April", "from next month", "w.e.f. 1 July",
# "starting June", "April se", "agle mahine se", "April thi", "pudhchya mahinyapasun".
_STARTS = re.compile(
    rf"\b(?:from|starting|w\.?e\.?f\.?|with\s+effect\s+from|effective)\s+"
    rf"(?:(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+)?(?P<when>next\s+(?:month|year|quarter)|"
    rf"this\s+month|{MONTH_NAME}(?:\s+(?:19|20)\d\d)?)\b"
    rf"|\b(?P<when2>{MONTH_NAME}|{_NEXT_MONTH}|{_THIS_MONTH})\s*(?:se|pasun|paasun|thi|theke)\b",
    re.IGNORECASE,
)
# ... and when a pay to come starts, said as when it comes: "in June", "next year".
_COMES = re.compile(
    rf"\b(?:in|by)\s+(?P<when>{MONTH_NAME}(?:\s+(?:19|20)\d\d)?|next\s+(?:month|year))\b"
    r"|\b(?P<when2>next\s+(?:month|year))\b",
    re.IGNORECASE,
)
_AFTER_EVENT = re.compile(
    r"\b(?:after|once|post)\s+(?:the\s+|my\s+|his\s+|her\s+)?(?:promotion|appraisal|hike|"
    r"increment|confirmation|probation|joining|revision|switch)\b",
    re.IGNORECASE,
)
# The user's own pay to come, said with no word for pay: "From April I'll get 1.2L",
# "next year I should be getting around 1L", "mujhe 90k milenge".
_WILL_BE_PAID = re.compile(
    r"\b(?:i|we)(?:'ll|\s+will|\s+shall|\s+should|\s+would|\s+am\s+going\s+to)\s+"
    r"(?:be\s+)?(?:get(?:ting)?|make|making|earn(?:ing)?|draw(?:ing)?|take\s+home|paid)\b"
    r"|\bmujhe\b[^.;]{0,30}\b(?:milegi|milega|milenge)\b"
    r"|\bmala\b[^.;]{0,40}\b(?:milnar|milnaar|milel)\b|\bmane\b[^.;]{0,40}\bmal(?:s|sh)e\b",
    re.IGNORECASE,
)
# News of the user's job said with no figure and no word for pay: "got the offer!!!",
# "New job confirmed.", "naukri lag gayi", "landed the job in Dubai". A bare figure after it
# is the pay. Not an offer for a thing ("got an offer on the flat"), nor a plan or a
# membership ("new phone plan confirmed", "joined the gym").
_PAY_NEWS = re.compile(
    r"\b(?:got|get|gotten|received|accepted|signed|have|cleared)\s+(?:the|an|my|a|this|that)\s+"
    r"(?:(?:job|new|final|written)\s+)*offer\b(?!\s+(?:on|for|to\s+(?:buy|sell))\b)"
    r"|\boffer\s+letter\b|\bjob\s+offer\b"
    r"|\b(?:new\s+)?job\s+(?:is\s+|got\s+)?(?:confirmed|finali[sz]ed|done|pakki|pakka|final)\b"
    r"|\b(?:got|landed|cracked|bagged|accepted|secured|started|joined|joining|starting)\s+"
    r"(?:the|a|my|this|that)\s+(?:new\s+)?job\b"
    r"|\bgot\s+(?:hired|selected|placed)\b"
    r"|\bjoined\s+(?:the\s+|a\s+)?new\s+(?:company|firm|office|employer|organi[sz]ation)\b"
    r"|\bnaukri\s+(?:lag|mil)\s+ga(?:yi|i|ya)\b|\bnaukri\s+pakki\b",
    re.IGNORECASE,
)
# ... not someone else's news: "My sister got the job.", "Priya landed the job".
_SOMEONE_ELSES = re.compile(
    rf"\b(?:he|she|they|his|her|their|{SPOUSE_WORDS}|{OTHER_PEOPLE}|son|daughter|bhai|didi|"
    r"beta|beti|bhaiya|papa|mummy|father|mother|dad|mom)\b"
    r"|^\W*(?!(?:Finally|Today|Just|Yay|Also|So|And|Update|Guess|Hurray|Woohoo|Yes|Omg|OMG|"
    r"Good|Great|Big|Accepted|Got|Cleared|Landed)\b)(?-i:[A-Z][a-z]+)\s+$",
    re.IGNORECASE,
)
_PAY_KEY = re.compile(r"^(?:spouse_|parents_)?salary(?:_of_[a-z]+)?$")


def will_be_paid(clause: str) -> bool:
    """Whether a clause that names nothing says what the user will be paid ("From April
    I'll get 1.2L"): its figure is the pay to come."""
    return bool(_WILL_BE_PAID.search(clause))


def job_news(clause: str) -> bool:
    """Whether a clause that names nothing gives news of the user's job ("got the
    offer!!!", "New job confirmed."): a bare figure after it is the pay."""
    news = _PAY_NEWS.search(clause)
    return news is not None and not _SOMEONE_ELSES.search(clause, 0, news.start())


def pay_to_come(clause: str, facts: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """`facts` of one clause with its pay to come filed as expected: "salary" becomes
    "salary_expected" (and a spouse's, a parent's, a speaker's likewise), its value with
    when it starts. A pay said before the word of the future stays current ("salary of 75k
    will go to 90k": 75k is the pay now). A pay that only has a start date ("85k from next
    month") is `_from` until `settle_pay` reads the date against the message's."""
    tense = _FUTURE.search(clause)
    starts = _STARTS.search(clause)
    if not (tense or starts) or not any(_PAY_KEY.match(k) for k, _ in facts):
        return facts
    when = _when(clause, starts or _COMES.search(clause))
    now = 0  # how many pays are said before the future's word: those are current
    if tense and starts is None:
        now = len(find_amounts(clause[: tense.start()]))
        if re.fullmatch(_WILL_INDIAN, tense.group(0), re.IGNORECASE):
            now -= 1  # the verb is last: "pagar 38,000 thashe", "50k se 60k ho jayegi"
    settled: list[tuple[str, str]] = []
    for key, value in facts:
        if not _PAY_KEY.match(key):
            settled.append((key, value))
            continue
        if now:
            now -= 1
            settled.append((key, value))
            continue
        dated = f"{value} {when}".strip()
        settled.append((_expected(key, "_expected" if tense else "_from"), dated))
    return settled


def _expected(key: str, suffix: str) -> str:
    """ "salary" -> "salary_expected"; "salary_of_r" -> "salary_expected_of_r"."""
    head, of, who = key.partition("_of_")
    return f"{head}{suffix}{of}{who}"


def _when(clause: str, starts: re.Match[str] | None) -> str:
    """When a pay to come starts, as said: "from April", "from next month", "after the
    promotion"; "" when the clause does not say."""
    if starts is not None:
        said = starts["when"] or starts["when2"]
        said = re.sub(r"\s+", " ", said.lower())
        if re.fullmatch(_NEXT_MONTH, said) or re.fullmatch(_THIS_MONTH, said):
            said = "next month" if re.fullmatch(_NEXT_MONTH, said) else "this month"
        said = said if not re.match(MONTH_NAME, said) else said.title()
        return f"from {said}"
    event = _AFTER_EVENT.search(clause)
    return event.group(0).lower() if event else ""


def settle_pay(found: list[tuple[str, str]], said_at: float | None) -> list[tuple[str, str]]:
    """A pay with only a start date (`_from`) is the current pay when it started by the day
    the message is said ("from this month", "w.e.f. July" said in August), else the pay to
    come, its date made absolute. With no time to read it against, it is the pay to come."""
    settled = []
    for key, value in found:
        if "salary_from" not in key:
            settled.append((key, value))
            continue
        amount, _, when = value.partition(" from ")
        if said_at is not None and _started(when, said_at):
            settled.append((key.replace("salary_from", "salary"), amount))
        else:
            settled.append((key.replace("salary_from", "salary_expected"), value))
    if said_at is None:
        return settled
    # "from next month" said in May is "from Jun 2027" whenever it is read
    return [
        (k, resolve_relative(v, said_at).replace("from in ", "from ") if "_expected" in k else v)
        for k, v in settled
    ]


def _started(when: str, said_at: float) -> bool:
    """Whether "this month", or a month named without a year, has come by `said_at` in the
    year it is said."""
    if when == "this month":
        return True
    month = re.fullmatch(MONTH_NAME, when, re.IGNORECASE)
    if month is None:
        return False
    number = MONTH_ABBREVIATIONS.index(when[:3].title()) + 1
    return number <= datetime.fromtimestamp(said_at, UTC).month


# The pay to come has come: "joined last week, getting 1.2L now", "the new job pays 95k".
_NOW_PAID = re.compile(
    r"\b(?:now|joined|started|starting\s+today|new\s+(?:job|role|company|employer)|"
    r"currently|these\s+days|from\s+this\s+month|ab|abhi)\b",
    re.IGNORECASE,
)
# ... not the pay as it was: "still 90k for now"
_STILL = re.compile(r"\b(?:still|for\s+now|abhi\s+bhi|as\s+before)\b", re.IGNORECASE)
CAME_TRUE = "now the current pay"


def retire_expected(
    found: list[tuple[str, str]], known: tuple[tuple[str, str], ...], text: str
) -> list[tuple[str, str]]:
    """`found` with each known pay to come (`known`: the facts known before, with their
    figures) that a current pay of the same person's now meets marked as come true: the
    same amount, or a pay the message says is paid now ("joined, getting 1.2L now")."""
    expected = dict(known)
    said = {k for k, _ in found}
    retired = []
    for key, value in found:
        if not _PAY_KEY.match(key):
            continue
        to_come = _expected(key, "_expected")
        if to_come not in expected or to_come in said or expected[to_come] == CAME_TRUE:
            continue
        now, then = find_amounts(value), find_amounts(expected[to_come])
        same = bool(now and then and now[0].value == then[0].value)
        if same or (_NOW_PAID.search(text) and not _STILL.search(text)):
            retired.append((to_come, CAME_TRUE))
    return found + retired
