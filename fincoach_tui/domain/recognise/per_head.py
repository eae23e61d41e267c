"""Income said per head: "4 kids come to my tuition, 1,500 each", "3 tenants, 7,000 each",
"12 students x 1,500". Pure.

The figure said is what one payer pays; what the source brings in is that times the count,
so it is filed as the source's income (`income_<source>`) at the total, the user's own
words beside it ("₹6,000 ("4 kids, 1,500 each")"): a question about the tuition income needs
the total, and the words keep how it was made up. The fee each pays and how many pay are
facts of their own too (`income_<source>_each`, `income_<source>_count`): either changes
alone ("fee raised to 1,500", "ab 7 bacche"). Only payers who pay the user count: the
user's own children ("my 2 kids' tuition is 1,500 each") and things bought ("3 shirts at
1,500 each") are no income.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.amounts import Amount, find_amounts
from fincoach_tui.domain.number_words import NUMBER, count_value
from fincoach_tui.domain.own_words import with_own_words
from fincoach_tui.domain.recognise.income_sources import SOURCES
from fincoach_tui.domain.recognise.values import amount_value

# Who pays the user, by the source their payment is: pupils pay for tuition, tenants rent.
_PAYERS = {
    "tuition": r"kids|children|students|pupils|trainees|learners|boys|girls|bachche|bachchon|"
    r"bachhe|bacche|batches",
    "rental": r"tenants|families|rooms|flats|shops|houses|portions|units",
    "practice": r"clients|patients|rogi|mareez|marij|surveys|claims|consultations",
}
_PAYER = "|".join(_PAYERS.values())
# A count of payers, not the user's own ("my 2 kids", "our three children").
_COUNTED = re.compile(
    rf"(?<!\bmy )(?<!\bour )(?<!\bhis )(?<!\bher )\b(?P<count>\d{{1,3}}|{NUMBER})\s+"
    rf"(?:(?:new|regular|more|other|of\s+my|\w+)\s+)?(?P<who>{_PAYER})\b",
    re.IGNORECASE,
)
# What each pays, after the figure ("1,500 each", "800 per head", "1000 har ek se") or
# before it ("each pays 2,000", "har bachcha 1000 deta hai"); or the count times it ("x 1,500").
_EACH_AFTER = re.compile(
    r"\s*(?:/-\s*)?(?:each|apiece|a\s+head|per\s+(?:head|kid|child|student|pupil|tenant|"
    r"room|flat|family|client|patient|bachcha|survey|claim|case|visit|consultation)|prati\s+(?:rogi|vyakti|bachcha|chhatra)|"
    r"har\s+ek\s+(?:se|ka|ki|ke)|ek\s+se)\b",
    re.IGNORECASE,
)
_EACH_BEFORE = re.compile(
    r"\bhar\s+ek\s+(?:se|ka|ki|ke)\s+$"
    r"|\b(?:each|every\s+one|everyone|har\s+ek|har\s+bachcha)\s+(?:of\s+them\s+)?"
    r"(?:pays?|paying|gives?|deta|deti|dete)\s+(?:me\s+|us\s+)?(?:about\s+|around\s+)?$"
    r"|\bper\s+\w+\s+(?:fees?|charges?|rate)\s+$|[x×*@]\s*$",
    re.IGNORECASE,
)
# The payers pay the user: what they pay for is a source of income, or the user teaches
# or lets to them.
_EARNS_FROM = re.compile(
    rf"\b(?:{SOURCES['tuition']}|{SOURCES['rental']}|batch|class|academy|studio|"
    r"come\s+to\s+(?:me|my|us|our)|i\s+(?:teach|tutor|coach|train)|teach|padhat[aei]|"
    r"(?:let|rented|given)\s+out|on\s+rent|kiraye\s+pe|fees?|shulk|paramarsh|consultation|"
    r"lessons)\b",
    re.IGNORECASE,
)
# ... not money the user pays: "we pay 3,000 each for the two kids' school van".
_PAID_BY_USER = re.compile(
    # ("I give piano lessons" is work, not money given)
    r"\b(?:i|we)\s+(?:\w+\s+)?(?:pay|paid|spend|spent|bought|buy|"
    r"give(?!\s+(?:\w+\s+){0,2}(?:lessons|classes|tuitions?|coaching)\b))\b|\b(?:my|our)\s+"
    r"(?:\d+\s+|two\s+|three\s+|both\s+)?(?:kids|children|sons|daughters)\b|\bpocket\s+money\b",
    re.IGNORECASE,
)
# One of several batches, by when it meets: each is its own income ("morning batch ...
# 1,300 each", "evening batch ... 1,100 each").
_BATCH = re.compile(
    r"\b(?P<when>morning|afternoon|evening|night|weekend|weekday|saturday|sunday)\s+"
    r"(?:batch|class|group|shift)(?:es)?\b",
    re.IGNORECASE,
)
_DAILY = re.compile(r"\b(?:daily|every\s+day|per\s+day|a\s+day|pratidin|roz|rozana)\b", re.I)
_MONTHLY = re.compile(r"\s*(?:each\s+)?(?:monthly|(?:a|per|every)\s+month|mahina|pm)\b", re.I)


def per_head_income(sentence: str) -> tuple[tuple[tuple[str, str], ...], int, int] | None:
    """The income a sentence says per head, as `(income_<source>, total)`, the fee each
    pays and the count of them, and the span of the words that say it; None when it says
    none."""
    counted = _COUNTED.search(sentence)
    if counted is None or not _EARNS_FROM.search(sentence) or _PAID_BY_USER.search(sentence):
        return None
    count = count_value(counted["count"])
    each = next((a for a in _figures(sentence) if _per_head(sentence, a)), None)
    if not count or count < 2 or each is None:
        return None
    who = counted["who"].lower()
    source = next(slug for slug, words in _PAYERS.items() if re.fullmatch(words, who, re.I))
    batch = _BATCH.search(sentence)  # "morning batch me 4 bacche": that batch's income
    source += f"_{batch['when'].lower()}" if batch else ""
    total = Amount(each.value * count, each.currency, each.start, each.end, each.yearly)
    after = sentence[each.end :]
    value = amount_value("income", total, after) + (" a month" if _MONTHLY.match(after) else "")
    value = value.replace(" a month a month", " a month") + (
        " a day" if _DAILY.search(sentence) else ""
    )
    said = f"{counted.group(0)}, {sentence[each.start : each.end]} each"
    end = max(each.end, counted.end())
    fee = amount_value("income", each, after) + (" a month" if _MONTHLY.match(after) else "")
    facts = (
        (f"income_{source}", with_own_words(value, said)),
        (f"income_{source}_each", fee.replace(" a month a month", " a month")),
        (f"income_{source}_count", " ".join(counted.group(0).split())),
    )
    return facts, min(counted.start(), each.start), end


# A bare number is money when it is what each payer pays: "800 per head", "@ 600 each".
_BARE = re.compile(r"(?<![\w.,])\d{2,3}(?:,\d{3})*(?![\w,])|(?<![\w.,])\d{3,6}(?![\w,])")


def _figures(sentence: str) -> list[Amount]:
    found = find_amounts(sentence)
    for bare in _BARE.finditer(sentence):
        if not any(a.start <= bare.start() < a.end for a in found):
            value = float(bare.group(0).replace(",", ""))
            found.append(Amount(value, "INR", bare.start(), bare.end()))
    return sorted(found, key=lambda a: a.start)


def _per_head(sentence: str, amount: Amount) -> bool:
    return bool(
        _EACH_AFTER.match(sentence, amount.end)
        or _EACH_BEFORE.search(sentence, max(0, amount.start - 40), amount.start)
    )


# A fee per piece of work the user does: "avg per survey now 2,650", "₹450 a visit",
# "800/consultation", "har case ka 1,200". Not per person paid for ("2,400 per kid") nor
# per span of time ("per month").
_PER_PIECE = re.compile(
    r"\b(?:per|a|an|each|every|/|har|prati)\s*(?P<piece>surveys?|claims?|cases?|visits?|"
    r"consultations?|sittings?|patients?|clients?|jobs?|orders?|deliver(?:y|ies)|trips?|"
    r"rides?|shoots?|gigs?|assignments?|policy|policies|inspections?|appointments?|"
    r"reports?|drafts?|hearings?|calls?|bookings?)\b",
    re.IGNORECASE,
)


def per_piece_rate(clause: str) -> bool:
    """Whether a clause's figure is a fee for each piece of work the user does ("fee per
    survey now 2,650"): a rate they earn by, not a new figure of the cost or loan talked
    about before."""
    return bool(_PER_PIECE.search(clause))
