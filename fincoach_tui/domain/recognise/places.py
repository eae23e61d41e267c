"""Where the user lives, from how people say it. Pure.

A place is a capitalised name after a verb of living or moving ("we live in Pune", "moved
to Indore", "shifted base to Kochi", "relocated to Mysuru", "posted in Dehradun") or after
"in/at" in a sentence about the user ("we're in Nagpur", "a joint family in Hyderabad",
"I work as a nurse in Kochi"); the newest of those in a sentence wins, so "from Jaipur but
live in Bangalore now" is Bangalore. A bounded gazetteer of Indian cities is a second
signal: a known city is taken after weaker cues (a bare "noida." as a message, "in
Hyderabad" with "I" or "we" anywhere, Hindi "Indore se hoon"), and it writes a city one way
("Bangalore" is "Bengaluru"). Someone else's place ("my son is settled in Dubai", "my
friend in Pune") is not the user's.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.own_words import with_own_words
from fincoach_tui.domain.recognise.city_names import CITIES as _CITIES
from fincoach_tui.domain.recognise.kin_words import SIBLINGS_AND_OTHERS
from fincoach_tui.domain.recognise.localities import (
    CITY_OF,
    LOCALITY_NAMES,
    locality_city,
    written,
)
from fincoach_tui.domain.recognise.place_cues import FIRST_PERSON, ROLE_IN_CITY, away, planned
from fincoach_tui.domain.recognise.words import NOT_PLACES, first_group
from fincoach_tui.domain.word_start import starts_words

_KNOWN = "|".join(sorted(_CITIES, key=len, reverse=True))
# A known locality said right beside its city, as in an address: "blr (hsr layout)",
# "Kolkata - Salt Lake", "Wakad, Pune".
_BESIDE = re.compile(
    rf"\b(?=\w)(?:(?P<city>{_KNOWN})\s*(?:\(|,|-|–|—)\s*(?P<loc>{LOCALITY_NAMES})"
    rf"|(?P<loc2>{LOCALITY_NAMES})\s*(?:\)\s*|,\s*|\s[-–—]\s)(?P<city2>{_KNOWN}))\b",
    re.IGNORECASE,
)
starts_words("city beside locality", _BESIDE)
# A verb of living or moving, then the place.
_LIVING = re.compile(
    r"\b(?:live|living|lives|lived|based|settled|stay|staying|stays|reside|residing|"
    r"moved|moving|move|relocated|relocating|relocate|shifted|shifting|shift|"
    r"transferred|posted|stationed|located|work|works|working|practising|practicing)\s+(?:back\s+)?(?:me\s+)?(?:(?:our\s+|my\s+|the\s+)?base\s+)?"
    r"(?:out\s+of|out\s+to|over\s+to|down\s+to|up\s+to|into|in|to|at|near|close\s+to|"
    r"next\s+to|right\s+by|off)\s+(?:the\s+city\s+of\s+)?"
    r"(?P<place>[A-Za-z]+(?-i:\s[A-Z][a-z]+)?)"
    r"|\b(?:i'm|i am|im|we're|we are|currently|presently|now|these days)\s+(?:\w+\s+)?"
    r"(?:in|at)\s+(?P<place3>[A-Za-z]+(?-i:\s[A-Z][a-z]+)?)"
    r"|\blocation\s*:\s*(?P<place2>[A-Za-z]+(?-i:\s[A-Z][a-z]+)?)"
    # "came down to Panjim from Bombay": arriving is moving
    r"|\b(?:came|come|coming)\s+(?:back|down|over|up)\s+(?:to|in)\s+"
    r"(?P<place4>[A-Za-z]+(?-i:\s[A-Z][a-z]+)?)",
    re.IGNORECASE,
)
# "in/at <Place>" in a sentence about the user: a capitalised name, not a month or a field.
_IN_PLACE = re.compile(r"\b(?:in|at|near)\s+(?P<place>[A-Z][a-z]{2,}(?:\s[A-Z][a-z]{2,})?)\b")
_ABOUT_USER = re.compile(
    r"\b(?:i|we|i'm|we're|im|me|us|our|my|family|here|currently|now|these days|dev|developer|"
    r"engineer|job|working|based|myself|mera\s+naam|amar\s+naam|en\s+peyar|"
    # an introduction: "This is Navneet, vice-principal at a school in Amritsar"
    r"this\s+is\s+[A-Z][a-z]+)\b",
    re.I,
)
# Every phrasing starts a word (`\b(?=\w)` first: the same matches, in half the time).
_KNOWN_CITY = re.compile(
    rf"\b(?=\w)(?:\b(?:in|from|at)\s+(?P<city>{_KNOWN})\b"
    rf"|\b(?P<city2>{_KNOWN})\s+(?:(?:mein|me)\s+(?:rehta|rehti|rehte|rahta|rahti|rahte|hain|hoon|hun"
    r"|hu)\b"
    # "Nagpur la", "Siliguri te", "Trichy la", "Kozhikode il": at the city, in Marathi,
    # Bengali, Tamil, Malayalam
    # (not "Pune la pathavaycha": sending someone to the city)
    # Telugu "Hyderabad lo unnanu", Kannada "Bengaluru alli iddini"
    r"|se\s+(?:hoon|hun|hu|hain|hai)|mein\b|(?:la|te|madhe|il|ile|lo|alli|nalli)\b"
    r"(?=\s*(?:[.,;!?]|$)|\s+(?-i:[A-Z])|\s+(?:ahe|aahe|ache|achhi|achi|thaki|thake|irukken|"
    r"irukkom|rahto|rahte|rahate|rahtat|hoon|hai|unnanu|unnamu|unnam|untanu|untamu|"
    r"untunnanu|untunnamu|iddini|iddeve|iddivi|iddene|irtini|irteeni)\b))"
    # "home is Kozhikode", "native place Trichy", "hometown: Siliguri"
    rf"|\b(?:home\s+is|hometown(?:\s+is)?|native(?:\s+place)?(?:\s+is)?|based\s+out\s+of)"
    rf"\s*:?\s+(?P<city7>{_KNOWN})\b"
    rf"|\b(?:now|currently|these days)\s+(?:in|at)\s+(?P<city3>{_KNOWN})\b"
    rf"|\b(?:main|hum)\b[^.?!]*?\b(?P<city4>{_KNOWN})\s+se\b"
    # a known city, then the verb "live" of an Indian language a few words on: Bengali
    # "Kolkata, Behala te thaki", Marathi "Pune la rahto", Tamil "Chennai la irukkom"
    rf"|\b(?P<city5>{_KNOWN})\b[^.?!]{{0,25}}?\b(?:thaki|thaken|thakte|thakhi|rahto|rahte|"
    r"rahtat|rahate|rahato|rehta|rehti|rehte|rahta|rahti|rahte|irukken|irukkom|irukom|iruken|"
    r"vasikkunnu|untunnanu|untamu)\b"
    # a known city, then a Hindi verb of moving: "noida sector 62 shift ho gaya", "Pune aa gaye"
    rf"|\b(?P<city6>{_KNOWN})\b[^.?!,]{{0,20}}?\b(?:shift|move|transfer|aa|chale|chali)\s+"
    r"(?:ho\s+)?(?:gaya|gaye|gayi|gye|gya|kar\s+(?:liya|liye|diya))\b)",
    re.IGNORECASE,
)
starts_words("known city", _KNOWN_CITY)
# A place named the Hindi way, before "mein" and what the user has or does there, or "se"
# and "hoon": "Hoshiarpur mein dukaan hai", "Rewari mein apna ghar hai", "Ballia se hoon".
_HINDI_PLACE = re.compile(
    r"\b(?P<place>[A-Z][a-z]{2,})\s+(?:(?:mein|me|mai|main)\s+(?:(?:apni|apna|meri|mera|"
    r"hamari|hamara|humari|humara|ek|bhi|hi)\s+)?(?:dukaan|dukan|shop|ghar|kamra|room|kiraya|"
    r"kaam|naukri|job|office|business|dhanda|rehta|rehti|rehte|rahta|rahti|rahte|rehna|"
    r"settled|posting)|se\s+(?:hoon|hun|hu|hain))\b"
)
# A place wanted, bought or owned elsewhere is not where the user lives: "we want a 2BHK in
# Baner", "looking at plots near Sarjapur", "a flat in Gomti Nagar which is rented out".
_NOT_HOME = re.compile(
    r"\b(?:want|wants|wanted|plan|plans|planning|buy|buying|bought|looking\s+(?:for|at)|dream|"
    r"thinking\s+of|purchase|invest\w*|plot|site|land|rented\s+out|let\s+out|office|branch)\b",
    re.IGNORECASE,
)
# A place in a plan for later: "goal is to take a job in Kochi", "someday in Goa".
_LATER = re.compile(r"\b(?:goal|target|aim|dream|someday|eventually|one\s+day)\b", re.I)
# A home's words: a locality said with them is where the user lives ("a rented floor
# behind Gariahat market", "2BHK in Baner").
_HOME = re.compile(
    r"\b(?:rented|flat|floor|house|home|ghar|apartment|[1-4]\s?bhk|room|pg|hostel)\b", re.I
)
_ONLY_A_CITY = re.compile(rf"^\W*(?P<city>{_KNOWN})\W*$", re.IGNORECASE)
# A known city said as a part of its own, between commas, full stops or dashes: an
# introduction or a sign-off ("IT job, Indore", "a family of four, Pune", "- Ravi, Pune",
# "from Lucknow btw", "gurgaon, 27, marketing").
_PART = re.compile(r"[^,.;:!?()\n—–]+")
_BARE_CITY = re.compile(
    rf"^\s*(?:-\s*)?(?:(?:from|in|based\s+(?:in|out\s+of))\s+)?(?P<city>{_KNOWN})"
    r"(?:\s+(?:btw|by the way|here|side|based|only|itself|se|mein|wala|wali))?\s*$",
    re.IGNORECASE,
)
# A place named with its district or block, as people in small towns say it: "Niphad
# taluka, Nashik jilha", "Sangli district", "Barabanki zila".
_DISTRICT = re.compile(
    rf"\b(?=\w)(?P<city>{_KNOWN}|[A-Z][a-z]{{2,}})\s+(?:district|dist|jilha|jilla|jila|zila|zilla)\b",
    re.IGNORECASE,
)
starts_words("district", _DISTRICT)
_BLOCK = re.compile(r"\b(?P<town>[A-Z][a-z]{2,})\s+(?:taluka|taluk|tehsil|tahsil)\b")
# Where a city is where someone goes, not where they are: "trip, Goa", "flights, Delhi".
_TRAVEL = re.compile(
    r"\b(?:trip|travel\w*|visit\w*|flights?|holiday|vacation|tour|yatra|going|go|went|"
    r"fly\w*|train|bus|ticket|conference)\b",
    re.IGNORECASE,
)
# Someone else is where the place is: "our son is settled in Dubai", "my friend in Pune".
_SOMEONE_ELSE = re.compile(
    r"\b(?:friends?|colleagues?|brother|sister|cousin|neighbou?rs?|boss|sons?|daughters?|"
    r"kids?|children|parents|mother|father|mom|dad|in-laws|relatives?|uncle|aunt|husband|"
    r"wife|he|she|they|his|her|their|amma|appa|papa|mummy|maa|baba|nanna|grand\w+|"
    r"bhai|bhaiya|behen|behan|didi|beta|beti|chacha|chachi|mama|mami|bua|dost|yaar|"
    r"[a-z]+'s)\b",
    re.IGNORECASE,
)
_NOT_PLACES = (
    frozenset(
        "a an the my our this that it its tech finance sales marketing it software banking "
        "government private public school college hospital office home town city village "
        "india abroad cash equity debt total future hand person advance "
        # times of year said like places: "Diwali mein ghar jaana hai", "in Pujo"
        "diwali holi eid christmas navratri pujo puja onam pongal sankranti ganpati dussehra "
        "summer winter monsoon weekend weekends "
        # the parts of an address that are not its place: "in Sector 62, Noida"
        "sector phase block tower wing plot flat house apartment society colony".split()
    )
    | NOT_PLACES
)
# Words that make "in <X>" a field or a time, not a place ("in IT", "in March").
_UPPER_ONLY = re.compile(r"^[A-Z]{2,}$")


def city_facts(sentence: str) -> list[tuple[str, str]]:
    """The user's city, if the sentence says where they live (the last place it says)."""
    found = [
        c for c in _candidates(sentence) if not away(sentence, c[1]) and not _origin(sentence, c[1])
    ]
    if not found:
        return []
    strongest = max(strength for strength, _, _ in found)
    # The newest place said with the strongest cue: "from Jaipur but live in Bangalore now".
    city = max((p, c) for s, p, c in found if s == strongest)[1]
    return [("city", with_own_words(_with_locality(sentence, city), _said_as(sentence, city)))]


# Where the user comes from is not where they live: "we're both from Belagavi originally",
# "originally from Kochi, settled in Dubai", "Indori by birth".
_ORIGIN = re.compile(
    r"\b(?:originally|by\s+birth|hail(?:s|ing)?\s+from|ancestral|grew\s+up)\b", re.IGNORECASE
)
_CLAUSE_EDGE = re.compile(r"[,;.!?]|\bbut\b|\bnow\b", re.IGNORECASE)


def _origin(sentence: str, start: int) -> bool:
    """Whether the clause the place at `start` is said in says it is where the user is from,
    or where their family lives ("a flat in Belagavi that my parents live in")."""
    edges = list(_CLAUSE_EDGE.finditer(sentence))
    begin = max((m.end() for m in edges if m.end() <= start), default=0)
    end = min((m.start() for m in edges if m.start() > start), default=len(sentence))
    return bool(
        _ORIGIN.search(sentence, begin, end) or _KIN_LIVE_THERE.search(sentence, start, end)
    )


# Every name the gazetteer writes a city by: "Mumbai" <- "bombay", "mumbai".
_NAMES_OF: dict[str, list[str]] = {}
for _said, _city in _CITIES.items():
    _NAMES_OF.setdefault(_city, []).append(_said)


def _said_as(sentence: str, city: str) -> str:
    """The name the sentence gives `city` by when it is another than the one the city is
    written by ("Bombay" of "Mumbai", "Gurgaon" of "Gurugram"); "" when it is that one."""
    for said in sorted(_NAMES_OF.get(city, ()), key=len, reverse=True):
        match = re.search(rf"\b{re.escape(said)}\b", sentence, re.IGNORECASE)
        if match:
            return match.group(0) if len(said) > 3 else ""  # "blr", "hyd": no words to keep
    return ""


def _role_city(sentence: str) -> list[tuple[int, int, str]]:
    """A known city or locality after a role the sentence introduces the user by."""
    found = []
    for match in ROLE_IN_CITY.finditer(sentence):
        said, before = match["city"], sentence[: match.start("city")]
        if _someone_else(sentence, match.start("city")) or (
            # "My son, a software engineer in Bangalore, ...": the role is the son's
            _SOMEONE_ELSE.search(before) and not FIRST_PERSON.search(before)
        ):
            continue
        known = _CITIES.get(said.lower())
        city = known or written(said, CITY_OF[said.lower()])
        found.append((2, match.start("city"), city))
    return found


def _candidates(sentence: str) -> list[tuple[int, int, str]]:
    """Every place the sentence says the user is at, as (strength, position, city)."""
    found: list[tuple[int, int, str]] = []  # (strength, position, city)
    for match in _LIVING.finditer(sentence):
        if planned(sentence, match.start(), match.end()):
            continue  # "planning to move to Canada someday": not where the user is yet
        place = first_group(match, "place", "place2", "place3", "place4")
        # "work at Google": a workplace, unless the gazetteer knows it or it is "out of X".
        works = match.group(0).lower().startswith("work") and " out of " not in match.group(0)
        city = _place(place, strong=not works)
        if city and not _someone_else(sentence, match.start()):
            found.append((3, match.start(), city))
    if _ABOUT_USER.search(sentence):
        for match in _IN_PLACE.finditer(sentence):
            city = _place(match["place"], strong=False)
            if _LATER.search(sentence, 0, match.start()):
                continue  # "goal is to take a shore job in Kochi": not where they live now
            if city and not _someone_else(sentence, match.start()):
                found.append((1, match.start(), city))
    known = _KNOWN_CITY.search(sentence)
    if (
        known
        and not _someone_else(sentence, known.start())
        and not _LATER.search(sentence, 0, known.start())
    ):
        said = first_group(known, "city", "city2", "city3", "city4", "city5", "city6", "city7")
        strong = first_group(known, "city2", "city3", "city4", "city5", "city6", "city7")
        if strong or _ABOUT_USER.search(sentence) or re.search(r"\bbased\b", sentence, re.I):
            # "from Jabalpur, working ... in Rotterdam": where the user comes from yields to
            # where they are said to be after it
            weak = not strong and known.group(0).lower().startswith("from")
            found.append((1 if weak else 2, known.start(), _CITIES[said.lower()]))
    for match in _HINDI_PLACE.finditer(sentence):
        # a city of two words, the Hindi way: "Port Louis me rehta hoon"
        before = re.search(r"\b([A-Z][a-z]+)\s+$", sentence[: match.start()])
        two = f"{before[1]} {match['place']}" if before else ""
        city = _place(two if two.lower() in _CITIES else match["place"], strong=True)
        if city and not _someone_else(sentence, match.start()):
            found.append((2, match.start(), city))
    home = _ABOUT_USER.search(sentence) or _HOME.search(sentence)
    locality = locality_city(sentence) if home else None
    if (
        locality
        and not _someone_else(sentence, locality[0])
        and not _NOT_HOME.search(sentence, 0, locality[0])
    ):
        found.append((1, *locality))  # "a 1BHK in Andheri": "Andheri, Mumbai"
    found += _bare_city(sentence) + _district(sentence)
    only = _ONLY_A_CITY.match(sentence)
    if only:  # "noida." said by itself: where the user is
        found.append((2, 0, _CITIES[only["city"].lower()]))
    return found + _role_city(sentence)


def _with_locality(sentence: str, city: str) -> str:
    """`city` with the part of it the sentence names right beside it ("blr (hsr layout)":
    "HSR Layout, Bengaluru"); as it is when none is."""
    for match in _BESIDE.finditer(sentence):
        said = match["loc"] or match["loc2"]
        named = _CITIES[(match["city"] or match["city2"]).lower()]
        if named == city == CITY_OF[said.lower()]:
            return written(said, city)
    return city


def _place(text: str, strong: bool) -> str:
    """A place name as written, or its gazetteer spelling; "" if it is no place."""
    words = text.split()
    known = _CITIES.get(text.lower()) or _CITIES.get(words[0].lower())
    if known:
        return known
    for name in (text, words[0]) if strong else ():  # "live near Powai": "Powai, Mumbai"
        if name.lower() in CITY_OF:
            return f"{name}, {CITY_OF[name.lower()]}"
    first = words[0]
    if first.lower() in _NOT_PLACES or _UPPER_ONLY.match(first) or not first[0].isupper():
        return ""
    if not strong:
        return ""  # "in Satellite", "at Infosys": a capitalised word alone is too weak
    if len(words) > 1 and words[1].lower() in _NOT_PLACES:
        return first
    return text


# Family said right before a place is where they are, whoever the sentence is about: "I send
# 20k home to mummy papa in Nagpur", "my son in Toronto". Not the spouse, and not the people
# the user lives with: "I stay with my parents in Nagpur" is the user's place too.
_KIN_AWAY = (
    rf"(?:{SIBLINGS_AND_OTHERS}|"
    r"parents|mother|father|mom|dad|mummy|papa|amma|appa|nanna|baba|maa|in-laws|brother|"
    r"sister|bhai|behen|didi|son|daughter|beta|beti|friends?|cousins?|uncle|aunt|relatives?|"
    r"grand\w+)"
)
_KIN_LIVE_THERE = re.compile(
    rf"\b(?:that|which|where)\s+(?:my|our)\s+{_KIN_AWAY}\s+(?:\w+\s+)?(?:live|lives|stay|stays)\b",
    re.IGNORECASE,
)
_KIN_BEFORE = re.compile(
    rf"\b(?P<with>with\s+(?:my\s+|our\s+)?)?{_KIN_AWAY}(?:\s+(?:and\s+|&\s+)?{_KIN_AWAY})*"
    r"(?:\s+ji)?\s+$",
    re.IGNORECASE,
)


# A sentence opening with a relative and what they are, between commas: all of it theirs.
_APPOSED = re.compile(rf"^\W*(?:my|our)\s+{_KIN_AWAY}\s*,", re.IGNORECASE)
# The user named with someone, as the subject: "me and my wife", "my husband and I".
_WITH_USER = re.compile(
    r"\b(?:(?:i|me|we)\s+(?:and|&)\s+(?:my\s+|our\s+)?[a-z-]+|[a-z-]+\s+(?:and|&)\s+(?:i|me))\s+$",
    re.IGNORECASE,
)


# Kin a few words before the place, what they do there between: "we have a son at
# university in Chennai", "his kids study in Ooty", "my anna's family is in Madurai".
_KIN_NEAR = re.compile(
    rf"(?<!with\s)(?<!with\smy\s)(?<!with\sour\s)\b(?:{_KIN_AWAY}|kids?|children)(?:'s)?"
    r"(?:\s+(?!(?:and|but|so|we|i|me|us)\b)[\w-]+){0,3}\s+$",
    re.IGNORECASE,
)


def _someone_else(sentence: str, start: int) -> bool:
    """Whether the clause before `start` is about someone other than the user."""
    kin = _KIN_BEFORE.search(sentence[:start])
    if (kin and not kin["with"]) or _KIN_NEAR.search(sentence[:start]):
        return True
    apposed = _APPOSED.match(sentence)  # "My son, a software engineer in Bangalore, ..."
    if apposed and apposed.end() <= start and "," not in sentence[apposed.end() : start]:
        return True
    if _WITH_USER.search(sentence[:start]):
        return False  # "me and my wife live in Pune"
    clause = re.split(r"[,;:]|\band\b|\bbut\b", sentence[:start])[-1]
    if re.search(r"\b(?:i|we|i'm|we're|me|us)\b", clause, re.IGNORECASE):
        return False
    return bool(_SOMEONE_ELSE.search(clause))


def _bare_city(sentence: str) -> list[tuple[int, int, str]]:
    """A known city said as a part of its own (`_BARE_CITY`), when it is the only one and
    the sentence is not about going somewhere or someone else."""
    parts = [m for m in _PART.finditer(sentence) if _BARE_CITY.match(m.group(0))]
    if len(parts) != 1 or _TRAVEL.search(sentence) or _NOT_HOME.search(sentence):
        return []
    part = parts[0]
    if _SOMEONE_ELSE.search(sentence, 0, part.start()):  # "my brother, Pune"
        return []
    said = _BARE_CITY.match(part.group(0))
    assert said is not None
    return [(1, part.start(), _CITIES[said["city"].lower()])]


def _district(sentence: str) -> list[tuple[int, int, str]]:
    """A place named with its district ("Nashik jilha"), and its block before it if said
    ("Niphad taluka, Nashik jilha": "Niphad, Nashik")."""
    district = _DISTRICT.search(sentence)
    if not district or _someone_else(sentence, district.start()):
        return []
    name = district["city"]
    city = _CITIES.get(name.lower()) or (name if name[0].isupper() else "")
    if not city or name.lower() in _NOT_PLACES:
        return []
    block = _BLOCK.search(sentence, 0, district.start())
    if block and block["town"].lower() not in _NOT_PLACES:
        return [(2, block.start(), f"{block['town']}, {city}")]
    return [(2, district.start(), city)]
