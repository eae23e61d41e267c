"""Money said in the number words of Indian languages, romanised. Pure.

"das hazaar" (10,000), "do lakh" (2 lakh), "dedh lakh" (1.5 lakh), "dhai lakh" (2.5 lakh),
"sawa lakh" (1.25 lakh), "saadhe teen lakh" (3.5 lakh), "paune do lakh" (1.75 lakh) in
Hindi; "pathu aayiram" (10,000) and "rendu lakh" in Tamil; "dosh hajar" and "dui lakh" in
Bengali; "daha hajar" and "don lakh" in Marathi; "paanch karod", "ek koti"; the southern
languages' words, apart and joined ("oka laksha iravai velu", "pathinaarayiram"), come from
`south_indian_numbers`. A number word
counts only before a scale word (thousand, lakh, crore in any of these languages): "do"
and "saath" alone are English "do" and Hindi "with". `indian_amounts` gives each with its
span; `amounts.find_amounts` reads them with the rest.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.south_indian_numbers import (
    JOINED_THOUSANDS,
    LAKHS,
    SOUTH_NUMBERS,
    THOUSANDS,
)

# Number words before a scale, by value: Hindi/Urdu, Bengali, Marathi, Tamil, Gujarati.
_WORDS: dict[str, float] = {}
for _value, _said in (
    (1, "ek oru onnu"),
    (2, "do dui don rendu irandu be"),
    (3, "teen tin moonu moondru tran"),
    (4, "char chaar naalu naangu chaar"),
    (5, "paanch panch pach anju ainthu paach"),
    (6, "chhe chhah chhoy saha aaru cha"),
    (7, "saat sat ezhu"),
    (8, "aath aat ettu"),
    (9, "nau noy onbathu ombodhu nav"),
    (10, "das dosh daha pathu"),
    (11, "gyarah egaro akra"),
    (12, "barah baro bara"),
    (15, "pandrah ponero pandhra"),
    (20, "bees bish vees iruvathu irupathu"),
    (25, "pachees pochish pachvees"),
    (30, "tees tirish muppathu"),
    (40, "chalis chaalis challis chollish naapathu narpathu"),
    (50, "pachas pachaas panchash pannas aimbathu"),
    (60, "saath shaat aruvathu"),
    (70, "sattar sottor ezhupathu"),
    (75, "pachattar"),
    (80, "assi aashi embathu"),
    (90, "nabbe nobboi thonnooru"),
):
    for _word in _said.split():
        _WORDS.setdefault(_word, float(_value))
for _word, _number in SOUTH_NUMBERS.items():
    _WORDS.setdefault(_word, _number)
# Fractions said as one word before a scale: "dedh lakh", "dhai lakh", "der lakh".
_FRACTIONS = {
    "dedh": 1.5,
    "der": 1.5,
    "dirh": 1.5,
    "didh": 1.5,
    "dhai": 2.5,
    "dhaai": 2.5,
    "adhai": 2.5,
    "adai": 2.5,
    "adich": 2.5,
    "aadai": 2.5,
}
# What goes before a number: "sawa" (and a quarter), "saadhe" (and a half), "paune" (less a
# quarter).
_SHIFT = {"sawa": 0.25, "sava": 0.25, "saadhe": 0.5, "sade": 0.5, "sadhe": 0.5, "paune": -0.25}
_SCALE = {
    "hazaar": 1e3,
    "hazar": 1e3,
    "hajar": 1e3,
    "hajaar": 1e3,
    "aayiram": 1e3,
    "ayiram": 1e3,
    "lakh": 1e5,
    "lakhs": 1e5,
    "laakh": 1e5,
    "lac": 1e5,
    "lacs": 1e5,
    "karod": 1e7,
    "karor": 1e7,
    "crore": 1e7,
    "koti": 1e7,
    **dict.fromkeys(THOUSANDS, 1e3),
    **dict.fromkeys(LAKHS, 1e5),
}
_THOUSAND = "hazaar|hazar|hajar|hajaar|" + "|".join(THOUSANDS)


def _alternatives(words: dict[str, float]) -> str:
    return "|".join(sorted(words, key=len, reverse=True))


_AMOUNT = re.compile(
    r"\b(?:"
    rf"(?:(?P<shift>{_alternatives(_SHIFT)})\s+)?"
    rf"(?:(?P<fraction>{_alternatives(_FRACTIONS)})|(?P<number>{_alternatives(_WORDS)}))\s+"
    rf"(?P<scale>{_alternatives(_SCALE)})\b"
    # a lakh and its thousands: "do lakh pachas hazaar", "oka laksha iravai velu"
    rf"(?:\s+(?:(?P<rest>{_alternatives(_WORDS)})\s+(?:{_THOUSAND})"
    rf"|(?P<rest_joined>{_alternatives(JOINED_THOUSANDS)}))\b)?"
    rf"|(?P<joined>{_alternatives(JOINED_THOUSANDS)})\b)"
    r"(?:\s+(?:rupaye|rupaiya|rupees|rupayi|rupai|roobai|roopa|rupa|taka|rs\b))?",
    re.IGNORECASE,
)
# "sawa lakh" with no number: a lakh and a quarter.
_SHIFT_ALONE = re.compile(
    r"\b(?P<shift>sawa|sava|saadhe|sade|sadhe)\s+(?P<scale>lakh|laakh|lac|karod|crore|koti)\b",
    re.IGNORECASE,
)


def indian_amounts(text: str) -> list[tuple[float, int, int]]:
    """(rupees, start, end) of each amount said in Indian number words."""
    found: list[tuple[float, int, int]] = []
    for match in _AMOUNT.finditer(text):
        if match["joined"]:
            found.append((JOINED_THOUSANDS[match["joined"].lower()], match.start(), match.end()))
            continue
        if match["fraction"]:
            value = _FRACTIONS[match["fraction"].lower()]
        else:
            value = _WORDS[match["number"].lower()]
        if match["shift"]:
            value += _SHIFT[match["shift"].lower()]
        value *= _SCALE[match["scale"].lower()]
        if match["rest"]:
            value += _WORDS[match["rest"].lower()] * 1e3
        if match["rest_joined"]:
            value += JOINED_THOUSANDS[match["rest_joined"].lower()]
        found.append((value, match.start(), match.end()))
    for match in _SHIFT_ALONE.finditer(text):
        if not any(start <= match.start() < end for _, start, end in found):
            value = (1 + _SHIFT[match["shift"].lower()]) * _SCALE[match["scale"].lower()]
            found.append((value, match.start(), match.end()))
    return sorted(found, key=lambda item: item[1])
