"""A loan named by the vehicle it bought: "the Thar EMI", "i20 ki kisht", "my Civic payment".
Pure.

A bounded table of the cars and two-wheelers people commonly buy on a loan, in India and
abroad, each with the loan type it makes ("car" or "bike"). A loan named by its model is
that type's loan, kept under the model's name (`loan_car_thar_emi`), so that two loans of
one type, the user's Thar and the spouse's i20, stay apart. A name that is also an everyday
word ("City", "Venue", "Punch", "Access", "Shine") counts only with its maker before it.
"""

from __future__ import annotations

import re

_CARS = (
    # Maruti Suzuki
    r"alto|wagon\s?-?r|swift|dzire|baleno|brezza|ertiga|eeco|celerio|s-?presso|ignis|ciaz|"
    r"fronx|grand vitara|xl6|jimny|omni|gypsy|esteem|zen|ritz|"
    # Hyundai
    r"i10|grand i10|i20|creta|verna|santro|alcazar|exter|tucson|elantra|eon|"
    # Tata
    r"nexon|tiago|tigor|altroz|harrier|indica|indigo|nano|"
    # Mahindra
    r"thar|scorpio(?:-?n)?|bolero|xuv\s?\d{3}|marazzo|kuv100|"
    # Toyota, Honda, Kia, Renault, Nissan, MG, Skoda, Volkswagen
    r"innova(?: crysta)?|fortuner|glanza|hyryder|etios|corolla(?: altis)?|camry|rav4|prius|"
    r"amaze|jazz|civic|accord|cr-?v|wr-?v|brio|seltos|sonet|carens|kwid|kiger|triber|duster|"
    r"magnite|hector|astor|kushaq|slavia|octavia|virtus|taigun|polo|vento|"
    # abroad
    r"model [3sxy]|tesla|mustang|f-?150|jetta|passat|outback|forester|altima|sentra|rogue|"
    r"mazda ?3|cx-?5|sonata|yaris|"
    # a maker before a name that is also a word
    r"honda city|hyundai venue|hyundai aura|tata punch|tata safari|"
    # a maker alone: a car of that make ("Maruti loan")
    r"maruti|hyundai|toyota|mahindra|kia"
)
_BIKES = (
    r"activa|splendor(?: plus)?|pulsar(?: ns)?|jupiter|royal enfield|enfield|bullet|"
    r"classic 350|meteor|himalayan|hunter 350|apache|ntorq|dio|unicorn|glamour|"
    r"passion pro|hf deluxe|platina|avenger|dominar|duke|r15|fz(?:-?s)?|mt-?15|"
    r"scooty pep|maestro|destini|chetak|ather|ola s1|iqube|vespa|xpulse|raider|"
    r"suzuki access|honda shine|harley|ninja"
)
_MODEL = re.compile(rf"(?<![\w-])(?:(?P<car>{_CARS})|(?P<bike>{_BIKES}))(?![\w-])", re.IGNORECASE)
# A maker's name alone names the maker, not one car: "Maruti loan" is a car loan.
_MAKERS = frozenset("maruti hyundai toyota mahindra kia".split())


def vehicle_models(text: str) -> list[tuple[str, str]]:
    """The vehicles `text` names, in order, as (loan type, model slug): ("car", "thar"),
    ("bike", "royal_enfield"); "Tata Punch" is "punch", and a maker named alone gives its
    type with no model ("car", "")."""
    found = []
    for match in _MODEL.finditer(text):
        words = re.findall(r"[a-z0-9]+", match.group(0).lower())
        if len(words) > 1 and words[0] in ("tata", "hyundai"):
            words = words[1:]  # "Tata Punch" is the Punch, "Honda City" keeps its maker
        model = "" if words[0] in _MAKERS and len(words) == 1 else "_".join(words)
        found.append(("car" if match["car"] else "bike", model))
    return found


def vehicle_type(text: str) -> str:
    """The loan type of the first vehicle `text` names ("car", "bike"), or ""."""
    found = vehicle_models(text)
    return found[0][0] if found else ""


def vehicle_model(text: str) -> tuple[str, str] | None:
    """The one vehicle model `text` names, as (type, slug); None for none or for two."""
    models = {found for found in vehicle_models(text) if found[1]}
    return models.pop() if len(models) == 1 else None


# A loan's monthly payment by name (a figure by it is the EMI, not the sum borrowed):
# "EMI", "i20 ki kisht", "my Civic payment".
INSTALMENT_WORD = re.compile(r"\b(?:emis?|kisht|kishtein|kist|qist|payments?)\b", re.IGNORECASE)
# Names of vehicles as an alternation, for a loan's anchor ("my Civic payment").
VEHICLE_NAMES = f"{_CARS}|{_BIKES}"
_VEHICLE_LOAN_KEY = re.compile(
    r"^(?P<who>(?:spouse|parents)_)?loan_(?P<type>loan|car|bike)_(?P<slot>emi|amount|rate|tenure|end)$"
)


def model_key(key: str, piece: str, clause: str) -> str:
    """A vehicle loan's `key` kept under the model its piece of a clause names, else the one
    model the whole clause names: "Creta EMI 21k" is `loan_car_creta_emi`; unchanged when
    no model (or two, with none in the piece) is named, or the loan is not a vehicle's."""
    loan = _VEHICLE_LOAN_KEY.match(key)
    named = vehicle_model(piece) or vehicle_model(clause) if loan else None
    if loan is None or named is None or loan["type"] not in ("loan", named[0]):
        return key
    return f"{loan['who'] or ''}loan_{named[0]}_{named[1]}_{loan['slot']}"
