"""Currencies: which one a sign, code or word names, and an amount written back one way
("₹1,20,000" in Indian grouping, "$1,200", "AED 4,000"). Pure."""

from __future__ import annotations

import re

# Foreign money keeps its currency: people working abroad, or with clients abroad, say
# their figures in it ("4,000 AED", "$5k", "£2,500 a month", "3,500 dirhams"). Each code
# with how it is written before a number and the words for it after one. A "dollar" with
# no country is the US dollar; a bare "riyal" is read as the Saudi one (most Indians paid
# in riyals are there) and written back as said, so the user's word is never lost.
CURRENCIES = {
    "USD": (r"us\$|\$|usd", r"usd|(?:us\s+|american\s+)?dollars?|bucks"),
    "AED": (r"aed|dhs?\.?|dirhams?", r"aed|dirhams?|dhs|(?:uae\s+)?dirhams?"),
    "GBP": (r"£|gbp", r"gbp|pounds?(?:\s+sterling)?|quid"),
    "EUR": (r"€|eur|euros?", r"eur|euros?"),
    "SGD": (r"s\$|sgd", r"sgd|(?:singapore|sg)\s+dollars?"),
    "CAD": (r"c\$|cad", r"cad|canadian\s+dollars?"),
    "AUD": (r"a\$|aud", r"aud|(?:australian|aussie)\s+dollars?"),
    "SAR": (r"sar|riyals?", r"sar|(?:saudi\s+)?riyals?"),
    "QAR": (r"qar", r"qar|qatari\s+riyals?"),
    "JPY": (r"¥|jpy|yen", r"jpy|yen"),
    "NZD": (r"nz\$|nzd", r"nzd|(?:new\s+zealand|nz)\s+dollars?"),
    "HKD": (r"hk\$|hkd", r"hkd|(?:hong\s+kong|hk)\s+dollars?"),
    "CHF": (r"chf", r"chf|swiss\s+francs?"),
    "MYR": (r"myr|rm|ringgits?", r"myr|ringgits?"),  # "RM 13,800": the ringgit's own sign
    "KWD": (r"kwd", r"kwd|kuwaiti\s+dinars?"),
    "OMR": (r"omr", r"omr|omani\s+ria?ls?"),
    "BHD": (r"bhd", r"bhd|bahraini\s+dinars?"),
    # Africa and the rest of Asia, where many Indians work: a bare "shillings" or "rupees"
    # with no country is not guessed (Kenyan or Ugandan; the rupee is the INR).
    "KES": (r"kes|kshs?\.?", r"kes|kshs?|kenyan\s+shillings?"),
    "UGX": (r"ugx", r"ugx|ugandan\s+shillings?"),
    "TZS": (r"tzs", r"tzs|tanzanian\s+shillings?"),
    "ZAR": (r"zar", r"zar|(?:south\s+african\s+)?rands?"),
    "NGN": (r"ngn|₦", r"ngn|naira"),
    "THB": (r"thb|฿|baht", r"thb|baht"),
    "CNY": (r"cny|rmb|yuan", r"cny|rmb|yuan|renminbi"),
    "IDR": (r"idr", r"idr|rupiah"),
    "LKR": (r"lkr", r"lkr|sri\s+lankan\s+rupees?"),
    "NPR": (r"npr", r"npr|nepal(?:i|ese)\s+rupees?"),
    "PKR": (r"pkr", r"pkr|pakistani\s+rupees?"),
    "BDT": (r"bdt|৳|taka", r"bdt|taka"),
    "PHP": (r"php|₱", r"php|(?:philippine\s+)?pesos?"),
    "VND": (r"vnd|₫", r"vnd|vietnamese\s+dong"),
    "KRW": (r"krw|₩", r"krw|(?:korean\s+)?won"),
    "MUR": (r"mur", r"mur|mauritian\s+rupees?"),
    "SEK": (r"sek", r"sek|swedish\s+kronor|swedish\s+krona"),
    "NOK": (r"nok", r"nok|norwegian\s+kroner|norwegian\s+krone"),
    "DKK": (r"dkk", r"dkk|danish\s+kroner|danish\s+krone"),
    "PLN": (r"pln", r"pln|zloty|zlotys"),
}
_SYMBOL = {"INR": "₹", "USD": "$", "GBP": "£", "EUR": "€"}


def currency_of(said: str) -> str:
    """The currency code a sign, code or word names ("AED", "dirhams", "£"); INR for
    the rupee's and for none."""
    said = " ".join(said.strip().lower().rstrip(".").split())
    for code, (before, after) in CURRENCIES.items():
        if re.fullmatch(before, said) or re.fullmatch(after, said):
            return code
    return "INR"


def format_amount(value: float, currency: str = "INR", spelled: str = "") -> str:
    """An amount written one way: rupees in Indian grouping ("₹1,20,000"); another
    currency by its sign ("$1,200", "£950", "€2,000") or code ("AED 4,000"), grouped in
    thousands, with cents only when there are any. `spelled`: the currency as the user
    wrote it, "{}" standing for the figure ("USD {}", "{} euro", "riyal {}", "S${}")."""
    if currency == "INR":
        return format_rupees(value)
    sign, value = ("-", -value) if value < 0 else ("", value)
    whole = round(value)
    figure = f"{whole:,}" if abs(whole - value) < 0.005 else f"{value:,.2f}"
    if spelled:
        return sign + spelled.format(figure)
    symbol = _SYMBOL.get(currency)
    return f"{sign}{symbol}{figure}" if symbol else f"{sign}{currency} {figure}"


# Short forms written as the code: "Dhs 9,000" is "AED 9,000", "Kshs" "KES".
_ABBREVIATIONS = frozenset({"dh", "dhs", "ksh", "kshs"})


def spelling_of(said: str, after: bool) -> str:
    """How an amount's currency, said as `said` before or `after` its figure, is written
    back ("{}" for the figure): rupees one way (""), a code by its code before the figure
    ("3,800 usd" is "USD {}"), a word as the word where it was said ("{} euro", "riyal
    {}"), a sign by the currency's own sign ("") or as written when it has none ("S${}")."""
    said = " ".join(said.strip().rstrip(".").split())
    code = currency_of(said)
    if code == "INR" or said.lower() in _ABBREVIATIONS:
        return ""
    if said.lower() == code.lower():
        return code + " {}"
    if not said.replace(" ", "").isalpha():
        return "" if code in _SYMBOL else said + "{}"
    return "{} " + said if after else said + " {}"


def format_rupees(value: float) -> str:
    """Indian digit grouping: 120000 -> "₹1,20,000"; a negative value has its sign before
    the rupee's: -10000 -> "-₹10,000"."""
    if round(value) < 0:
        return "-" + format_rupees(-value)
    whole = str(int(round(value)))
    if len(whole) <= 3:
        return f"₹{whole}"
    head, tail = whole[:-3], whole[-3:]
    groups: list[str] = []
    while len(head) > 2:
        groups.insert(0, head[-2:])
        head = head[:-2]
    if head:
        groups.insert(0, head)
    return "₹" + ",".join(groups) + "," + tail
