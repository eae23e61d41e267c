"""Money amounts in the ways people write them, read to one canonical value. Pure.

"₹25,000", "Rs 25000", "25k", "25,000 rupees", "2.5 lakh", "2.5L", "1.2 crore",
"twenty-five thousand", "1,00,000", "$1,200": each is found with its span in the text and
read to a number and a currency, and written back one way ("₹25,000", Indian grouping),
so that the same amount said two ways compares equal.

What counts as an amount: a number with a currency sign or word, or with a scale
("k", "lakh", "crore"), or number words with a scale ("twenty-five thousand"), or a bare
number written with thousands separators ("28,000") or of four digits or more that is not
a year (a year-like "2000" is money when the words around it say so: "paying 2000 for the
maid", "rent 2000", "2000 a month"). A bare "12" or "in 2027" is not an amount; a number followed by a unit of time or a
percent sign is not one either (those are durations and rates).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from fincoach_tui.domain.currencies import CURRENCIES, currency_of, format_amount, spelling_of
from fincoach_tui.domain.indian_numbers import indian_amounts
from fincoach_tui.domain.number_words import NUMBER_WORDS

_SCALES = {
    "k": 1e3,
    "thousand": 1e3,
    "l": 1e5,
    "lakh": 1e5,
    "lakhs": 1e5,
    "lac": 1e5,
    "lacs": 1e5,
    "lpa": 1e5,  # lakhs per annum: a yearly figure
    "cr": 1e7,
    "crore": 1e7,
    "crores": 1e7,
    "mn": 1e6,
    "million": 1e6,
    "grand": 1e3,  # "25 grand"
    "hazaar": 1e3,  # Hindi: "40 hazaar"
    "hazar": 1e3,
    "hajar": 1e3,
    "hajaar": 1e3,
    "aayiram": 1e3,  # Tamil
    "ayiram": 1e3,
    "laakh": 1e5,
    "karod": 1e7,
    "karor": 1e7,
    "koti": 1e7,  # Bengali, Marathi, Tamil
}
_SCALE = (
    r"(?:k|thousand|grand|lakhs?|laakh|lacs?|lpa|l|cr|crores?|karod|karor|koti|mn|million|hazaa?r|"
    r"hajaa?r|a?ayiram)"
)
_NUMBER = r"\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_BEFORE = "|".join(before for before, _ in CURRENCIES.values())
# The longer names first: "singapore dollars" before "dollars".
_AFTER = "|".join(sorted((after for _, after in CURRENCIES.values()), key=len, reverse=True))
# A unit after a number makes it a measure or a count, not money: a weight ("2 kg", "5
# lbs"), a length or a distance ("10 km", "6 ft"), an area ("1,200 sq ft", "4 acres"), a
# volume ("20 litres"), energy ("300 units", "2,000 calories"), data, or a count of people
# or things ("1,500 employees", "12k followers", "10k steps"). "Pounds" is a weight only
# where the words around it say so (`_a_weight`): otherwise it is sterling.
_UNIT = (
    r"kgs?|kilos?|kilo-?grams?|grams?|gms?|mg|lbs?|tonnes?|tons?|quintals?|"
    r"kms?|kilo-?met(?:er|re)s?|miles?|met(?:er|re)s?|cms?|mm|ft|feet|foot|inch(?:es)?|"
    r"sq\.?\s?(?:ft|feet|m|mt|yds?|yards?)|sqft|square\s+(?:feet|foot|met(?:er|re)s?|yards?)|"
    r"acres?|hectares?|bighas?|guntas?|gaj|marlas?|kanals?|"
    r"lit(?:er|re)s?|ltrs?|ml|kwh|units\s+of\s+(?:electricity|power)|units|calories|kcal|"
    r"gb|mb|tb|steps|people|persons|members|employees|staff|workers|students|kids|followers|"
    r"subscribers|views|likes|users|customers|orders|deliveries|downloads|pages|words"
)
_DIGITS = re.compile(
    # a US retirement plan's name, "401k", is no figure
    r"(?<![\w.])(?!401\s?k\b)"
    rf"(?P<cur>₹|rs\.?|inr|{_BEFORE})?\s?"
    # Atomic: a figure is read whole ("15,000 km" is not "15,00" and a stray "0 km").
    rf"(?P<num>(?>{_NUMBER}))"
    rf"(?:\s?(?P<scale>{_SCALE})\b)?"
    rf"(?:\s?(?P<cur2>rupees|rupee|rs\b\.?|inr\b|/-|(?:{_AFTER})\b))?"
    r"(?!\s*(?:%|percent|per cent|[-\s]?(?:days?|weeks?|months?|years?|yrs?|mos?)\b))"
    rf"(?![-\s]?(?:{_UNIT})\b)",
    re.IGNORECASE,
)
_UNIT_AFTER = re.compile(rf"[-\s]?(?:{_UNIT})\b", re.IGNORECASE)
# Words that make "pounds" a weight: "lost 5 pounds", "the baby weighs 7 pounds", "10
# pounds of rice".
_WEIGHED_BEFORE = re.compile(
    r"\b(?:los[te]|losing|gain(?:ed|ing|s)?|put on|weigh(?:s|ed|ing)?|dropped|shed)\s+"
    r"(?:(?:about|around|nearly|almost|over|like|another|a further)\s+)?$",
    re.IGNORECASE,
)
_WEIGHT_NEAR = re.compile(
    r"\b(?:weigh\w*|weight|heav(?:y|ier)|light(?:er)?|overweight|diet\w*|newborn|baby|born)\b",
    re.IGNORECASE,
)
_POUNDS = re.compile(r"\s*pounds?$", re.IGNORECASE)
_OF_AFTER = re.compile(r"\s+of\s+(?!(?:the\s+)?(?:savings|money|cash)\b)\w", re.IGNORECASE)


def _a_weight(text: str, said: str, start: int, end: int) -> bool:
    """Whether an amount said in "pounds" (`said`, at text[start:end]) is a weight: lost,
    gained or weighed just before it, weight spoken of near it, or "of" a thing after it
    ("10 pounds of rice"). "Lost my job, now I send 500 pounds home" is money."""
    if not _POUNDS.search(said):
        return False
    near = text[max(0, start - 40) : end + 30]
    return bool(
        _WEIGHED_BEFORE.search(text[max(0, start - 30) : start])
        or _WEIGHT_NEAR.search(near)
        or _OF_AFTER.match(text, end)
    )


_UNITS = NUMBER_WORDS
_TOKEN = (
    "|".join(sorted(_UNITS, key=len, reverse=True))
    + r"|a|an|half|hundred|thousand|lakhs?|lacs?|crores?|million|and|point"
)
# A run of number words ("twenty-five thousand", "two and a half lakh", "one lakh twenty
# thousand"); it is money only if it holds a scale word ("three months" is not).
_WORDS = re.compile(rf"\b(?:{_TOKEN})(?:[\s-]+(?:{_TOKEN}))*\b", re.IGNORECASE)
_BIG = frozenset("thousand lakh lakhs lac lacs crore crores million".split())
_WORDS_K = re.compile(r"\s?k\b", re.IGNORECASE)
# A currency just before number words: "usd five thousand", "Rs. twenty thousand".
_CURRENCY_BEFORE = re.compile(rf"(?<![\w.$])(?P<cur>₹|rs\.?|inr|{_BEFORE})\s?$", re.IGNORECASE)
_RUPEE_WORDS = re.compile(rf"\s?(?:rupees|rs\b\.?|inr\b|(?:{_AFTER})\b)", re.IGNORECASE)
_YEAR = re.compile(r"^(?:19|20)\d\d$")
# A bare four-digit figure that could be a year ("2000", "1950") is money when the words
# around it say so: paid, or a cost's word before it ("paying 2000 for the maid", "rent
# 2000", "maid 1900"), or a month, a currency or "for" after it ("2000 a month", "2000 for
# the cook"); a year when a word of time is before it ("in 2027", "since 2019").
_MONEY_BEFORE = re.compile(
    r"\b(?:pay|pays|paid|paying|costs?|costing|spend|spends|spent|spending|rent|emi|fees?|"
    r"salary|bill|charges?|premium|sip|maid|cook|driver|maintenance|budget|just|only|"
    r"about|around|roughly|approx|extra|another|me|us|gives?|sends?)"
    r"(?:\s+(?:is|are|was|of|at|now|comes to))?\s+$",
    re.IGNORECASE,
)
_TIME_BEFORE = re.compile(
    r"\b(?:in|by|since|until|till|before|after|from|year|circa|during|born|bought|"
    r"sold|built|started|joined|opened|taken|took)\s+(?:the\s+)?(?:year\s+)?$",
    re.IGNORECASE,
)
_MONEY_AFTER = re.compile(
    r"^\s*(?:a|per|/|every|each)\s*(?:month|mo|year|annum)\b|^\s*(?:monthly|yearly|pm|p\.m\.|"
    r"for\s+(?:the|my|our|a|an)\b|rupees|rs\b|/-|towards)",
    re.IGNORECASE,
)


def _money_not_year(text: str, start: int, end: int) -> bool:
    """Whether a bare year-like figure at text[start:end] is said as money."""
    before = text[max(0, start - 30) : start]
    if _MONEY_AFTER.match(text[end:]):
        return not _TIME_BEFORE.search(before) or bool(_MONEY_BEFORE.search(before))
    return bool(_MONEY_BEFORE.search(before)) and not re.search(r"\bof\s+$", before)


@dataclass(frozen=True)
class Amount:
    value: float
    currency: str  # "INR", or a code of `CURRENCIES` ("USD", "AED", ...)
    start: int
    end: int
    yearly: bool = False  # said as "18 LPA"
    # Written back with its currency as said, "{}" for the figure: a code by its code ("USD
    # {}"), a word as the word where it was ("{} euro", "riyal {}"). What memory writes is
    # then found by the user's own spelling; amounts still compare by value and currency.
    spelled: str = field(default="", compare=False)

    def __str__(self) -> str:
        return format_amount(self.value, self.currency, self.spelled)


def find_amounts(text: str) -> list[Amount]:
    """Every money amount in `text`, in order of where it starts."""
    found = [Amount(value, "INR", start, end) for value, start, end in indian_amounts(text)]
    taken = [(a.start, a.end) for a in found]
    for match in _WORDS.finditer(text):
        if any(a <= match.start() < b or match.start() <= a < match.end() for a, b in taken):
            continue  # "dedh lakh": read as one
        words = match.group(0).split()
        tokens = re.findall(r"[a-z]+", match.group(0).lower())
        if not set(tokens) & (set(_UNITS) | {"a", "an", "half"}):
            continue
        while words and words[-1].lower() in ("a", "an", "and", "point"):  # "thousand a month"
            words.pop()
        said = set(re.findall(r"[a-z]+", " ".join(words).lower()))
        if not said & (set(_UNITS) | {"a", "an", "half"}):
            continue  # the scale of a figure in digits: "lakh" of "4 lakh a month"
        value = _words_value(" ".join(words))
        end = match.start() + len(" ".join(words))
        said_k = _WORDS_K.match(text, end)  # "sixty-five k"
        if said_k:
            value, end = value * 1e3, said_k.end()
        # Money only with a scale word, or as hundreds past a thousand ("fifteen hundred");
        # "three months", "two kids" and "five hundred people" are not money.
        hundreds = "hundred" in tokens and value >= 1000
        tail = _RUPEE_WORDS.match(text, end)
        if not value or not (_BIG & set(tokens) or said_k or hundreds or tail):
            continue
        if tail is None and _UNIT_AFTER.match(text, end):
            continue  # "ten thousand steps", "five thousand sq ft"
        if tail is not None and _a_weight(text, tail.group(0), match.start(), tail.end()):
            continue  # "lost five pounds"
        start, spoken, after = match.start(), "", True  # the currency as said
        if tail:
            end, spoken = tail.end(), tail.group(0)
        else:
            ahead = _CURRENCY_BEFORE.search(text, max(0, start - 12), start)
            if ahead:  # "usd five thousand"
                start, spoken, after = ahead.start(), ahead["cur"], False
        spelled = spelling_of(spoken, after)
        found.append(Amount(value, currency_of(spoken), start, end, spelled=spelled))
        taken.append((start, end))
    for match in _DIGITS.finditer(text):
        if any(a <= match.start("num") < b for a, b in taken):
            continue
        amount = _digits_amount(match, _money_not_year(text, match.start(), match.end()))
        if amount is not None and _signed_negative(text, match):
            amount = replace(amount, value=-amount.value, start=amount.start - 1)
        weight = match["cur2"] and _a_weight(text, match["cur2"], match.start(), match.end())
        if amount is not None and weight:
            continue  # "lost 5 pounds", "20 pounds of flour"
        if amount is not None:
            ranged = _range(text, match, amount)
            if ranged is not None:
                low, amount = ranged
                # the low end read alone ("$3" of "$3-4k") is the range's low end
                found = [a for a in found if not a.start <= low.start < a.end]
                found.append(low)
            found.append(amount)
    return sorted(found, key=lambda a: a.start)


# A minus sign right before a figure, or between its currency and its number ("-₹10,000",
# "₹-10,000", "Rs -5,000"), after a space or the start: not a range's dash ("10-15k").
_MINUS = "-−–"


def _signed_negative(text: str, match: re.Match[str]) -> bool:
    start = match.start("cur") if match["cur"] else match.start("num")
    if match["cur"]:
        between = text[match.end("cur") : match.start("num")].strip()
        if between and between in _MINUS:
            return True
    if start == 0 or text[start - 1] not in _MINUS:
        return False
    return start == 1 or text[start - 2] in " \t\n(:=[,₹"


# The low end of a range given with one scale: "40-50k", "1.5 to 2 lakh", "$3-4k".
_RANGE_LOW = re.compile(
    rf"(?<![\w.,])(?:(?P<cur>₹|rs\.?|inr|{_BEFORE})\s?)?(?P<low>\d+(?:\.\d+)?)"
    r"\s*(?:-|–|to)\s*$",
    re.IGNORECASE,
)


def _range(text: str, match: re.Match[str], high: Amount) -> tuple[Amount, Amount] | None:
    """A range's two ends when `match` (read as `high`) is the high end of one said with
    one scale: the low end in that scale ("40" of "40-50k" is ₹40,000), both in the
    currency said at either end ("$3-4k" is $3,000 to $4,000); None if it ends no range."""
    scale = _SCALES.get((match["scale"] or "").lower())
    if not scale or match["cur"]:
        return None
    low = _RANGE_LOW.search(text, max(0, match.start() - 16), match.start())
    if low is None or not 0 < float(low["low"]) * scale < high.value:
        return None
    if low["cur"] and match["cur2"] is None:
        high = replace(
            high, currency=currency_of(low["cur"]), spelled=spelling_of(low["cur"], False)
        )
    start = low.start("cur") if low["cur"] else low.start("low")
    low_end = Amount(float(low["low"]) * scale, high.currency, start, low.end("low"))
    return replace(low_end, spelled=high.spelled), high


def parse_amount(text: str) -> Amount | None:
    """The first amount in `text`, or None."""
    amounts = find_amounts(text)
    return amounts[0] if amounts else None


def rupees(text: str) -> float | None:
    """ "₹1,20,000" -> 120000.0, "₹1.8 L" -> 180000.0, "25k" -> 25000.0; None if none."""
    amount = parse_amount(text)
    if amount is not None:
        return amount.value
    plain = re.search(_NUMBER, text)  # a bare figure the caller knows is money ("95000")
    return float(plain.group(0).replace(",", "")) if plain else None


_LAYOUT = re.compile(r"\s*(?:apartment|flat|room|unit|mansion|house)\b", re.IGNORECASE)
# A cost said tersely before the figure makes it money, not a layout: "rent 9k flat",
# "kiraya 3k room", "paying 4k room near the college".
_PRICED_BEFORE = re.compile(
    r"\b(?:rent|rental|kiraya|kiraaya|bhada|bhaada|emi|pay|pays|paying|paid|costs?|"
    r"spend|spending|deposit|advance|maintenance)\s*[:=-]?\s*$",
    re.IGNORECASE,
)


def _digits_amount(match: re.Match[str], money: bool = False) -> Amount | None:
    number = match["num"]
    scale_word = (match["scale"] or "").lower()
    currency_word = (match["cur"] or match["cur2"] or "").lower().rstrip(".")
    if scale_word == "l" and match["scale"] == "l" and not currency_word:
        return None  # "2.5l" with no currency is more likely litres than lakhs
    one_digit = len(number) == 1
    if (
        scale_word == "k"
        and one_digit
        and not currency_word
        and _LAYOUT.match(match.string, match.end())
        and not _PRICED_BEFORE.search(match.string, 0, match.start())
        and int(number) <= 5  # layouts run 1K to 5K; no home is a "9K"
    ):
        return None  # "a 1K apartment": a home's layout, as "2BHK" is
    grouped = "," in number
    plain = number.replace(",", "")
    if not (currency_word or scale_word or grouped):
        if len(plain.split(".")[0]) < 4 or (_YEAR.match(plain) and not money):
            return None  # a count or a year, not money
    value = float(plain) * _SCALES.get(scale_word, 1)
    currency = currency_of(currency_word)
    start = match.start("cur") if match["cur"] else match.start("num")
    said = match["cur"] or match["cur2"] or ""
    spelled = spelling_of(said, after=not match["cur"])
    if spelled == f"{said} {{}}" and _YEAR.match(number) and not money:
        return None  # a word before a year names an event: "Euro 2024", "Yen 2000 crash"
    return Amount(value, currency, start, match.end(), scale_word == "lpa", spelled)


def _words_value(words: str) -> float:
    """ "twenty-five thousand" -> 25000; "two and a half lakh" -> 250000."""
    total = 0.0
    current = 0.0
    last_scale = 0.0
    tokens = re.findall(r"[a-z]+", words.lower())
    decimals = 0  # digits read after "point": "one point two lakh"
    for index, word in enumerate(tokens):
        if word == "point":
            decimals = 1
        elif decimals and word in _UNITS and _UNITS[word] < 10:
            current += _UNITS[word] / 10**decimals
            decimals += 1
        elif word in _UNITS:
            current += _UNITS[word]
        elif word in ("a", "an"):
            following = tokens[index + 1] if index + 1 < len(tokens) else ""
            if following not in _UNITS:  # "a lakh" is one lakh; "a two crore plan" is two
                current = current or 1
        elif word == "half" and last_scale and tokens[index - 2 : index] in (["and", "a"], ["and"]):
            # "a lakh and a half", "two crore and a half": half of the scale before it
            total += 0.5 * last_scale
            current = 0
        elif word == "half":
            current = (current + 0.5) if current else 0.5
        elif word == "hundred":
            current = (current or 1) * 100
        elif word in _SCALES:
            total += (current or 1) * _SCALES[word]
            current, last_scale, decimals = 0, _SCALES[word], 0
    if current and last_scale >= 1e5 and current < 100:
        # "one lakh twenty" is 1,20,000 and "two crore fifty" 2.5 crore: what trails a lakh
        # or a crore unscaled is in its hundredths
        return total + current * last_scale / 100
    return total + current
