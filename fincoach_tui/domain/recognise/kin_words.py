"""Parents and in-laws who live with the user, said in the user's own language. Pure.

"Ma amader sathe thake" (Bengali), "papa bhi saath rehte hain" (Hindi), "amma appa enga
kooda irukkanga" (Tamil), "amma nanna maatho untaru" (Telugu), "aai baba amchya barobar
rahtat" (Marathi), "bapuji ane ba amari saathe rahe chhe" (Gujarati), "bebe bapu saade naal
rehnde ne" (Punjabi), "amma appa namma jothe iddare" (Kannada): an elder's word, then "with
us", then "live", each from one table of words per language (people mix them, so any
language's words may meet any other's). What is read is who lives with the user, in
English, with the user's own words beside it.
"""

from __future__ import annotations

import re

# language -> (the words for elders, each with who it is; "with us"; "live" / "stay").
LIVING_WITH_US: dict[str, tuple[dict[str, str], str, str]] = {
    "hindi": (
        {
            "mummy": "mother", "mummyji": "mother", "maa": "mother", "mataji": "mother",
            "ammi": "mother", "papa": "father", "papaji": "father", "pitaji": "father",
            "abbu": "father", "abba": "father", "saas": "mother-in-law",
            "saasu": "mother-in-law", "sasur": "father-in-law", "sasurji": "father-in-law",
            "dadi": "grandmother", "nani": "grandmother", "dada": "grandfather",
            "nana": "grandfather",
        },
        r"(?:hamare|humare|mere|hum\s+logon\s+ke|hum\s+log\s+ke)\s+(?:saath|sath)|saath|sath",
        r"rehte|rehti|rehta|rahte|rahti|rahta|reh\s+rahe|reh\s+rahi|rah\s+rahe|rah\s+rahi",
    ),
    "bengali": (
        {
            "ma": "mother", "maa": "mother", "baba": "father", "shashuri": "mother-in-law",
            "shashur": "father-in-law", "shoshur": "father-in-law", "thakuma": "grandmother",
            "didima": "grandmother", "dadu": "grandfather",
        },
        r"amader\s+(?:sathe|shathe|songe|shonge|kache)|amar\s+(?:sathe|songe|kache)",
        r"thake|thaken|thaake|thaaken|thakchen|thakche|thakhen",
    ),
    "tamil": (
        {
            "amma": "mother", "appa": "father", "maamiyar": "mother-in-law",
            "mamiyar": "mother-in-law", "maamanar": "father-in-law",
            "mamanar": "father-in-law", "paati": "grandmother", "thatha": "grandfather",
        },
        r"(?:enga|engal|naanga|nanga|en|engaloda)\s*(?:kooda|kuda|koda|kude)",
        r"irukanga|irukkanga|irukkaanga|irukaanga|irukaar|irukkar|irukkaru|irukaru|"
        r"thangi\s+irukkanga|vasikkiranga",
    ),
    "telugu": (
        {
            "amma": "mother", "nanna": "father", "atthayya": "mother-in-law",
            "attamma": "mother-in-law", "mamayya": "father-in-law", "naanamma": "grandmother",
            "ammamma": "grandmother", "thatayya": "grandfather",
        },
        r"maatho|matho|mathone|maa\s+tho|maa\s+thone|naatho|naa\s+tho|maa\s+daggara",
        r"untaru|untunnaru|unnaru|untaaru|vuntaru|vuntunnaru",
    ),
    "marathi": (
        {
            "aai": "mother", "baba": "father", "sasubai": "mother-in-law",
            "saasubai": "mother-in-law", "sasre": "father-in-law", "sasrebua": "father-in-law",
            "aaji": "grandmother", "ajoba": "grandfather",
        },
        r"(?:amchya|aamchya|majhya|mazya)\s*(?:barobar|sobat|kade)",
        r"rahtat|rahatat|rahte|rahto|rahate|astat",
    ),
    "gujarati": (
        {
            "ba": "mother", "baa": "mother", "bapuji": "father", "pappa": "father",
            "mummy": "mother", "papa": "father", "sasu": "mother-in-law",
            "sasu ma": "mother-in-law", "sasu maa": "mother-in-law",
            "sasuma": "mother-in-law", "sasra": "father-in-law", "sasraji": "father-in-law",
        },
        r"(?:amari|amara|mari|mara)\s+(?:saathe|sathe|jode|bhega)",
        r"rahe(?:\s+(?:chhe|che|chee))?|rahechhe|raheche|rahe\s+chhe",
    ),
    "punjabi": (
        {
            "bebe": "mother", "biji": "mother", "bapu": "father", "bauji": "father",
            "bapuji": "father", "sass": "mother-in-law", "sahura": "father-in-law",
        },
        r"(?:saade|sade|saadey|mere)\s+(?:naal|kol)",
        r"rehnde|rehende|rehndi|rehnda|rainde|raindi",
    ),
    "kannada": (
        {
            "amma": "mother", "appa": "father", "atte": "mother-in-law",
            "maava": "father-in-law", "mava": "father-in-law", "ajji": "grandmother",
            "thatha": "grandfather",
        },
        r"namma\s*(?:jothe|jote|jothege)|nammondige|nanna\s+jothe",
        r"iddare|idaare|iddaare|vasisuttare|irtare|irtaare",
    ),
    "malayalam": (
        {
            "amma": "mother", "achan": "father", "ammayiamma": "mother-in-law",
            "ammayiachan": "father-in-law", "ammachi": "grandmother",
            "appachan": "grandfather",
        },
        r"(?:njangalude|ente|nammude)\s+(?:koode|kude|koodeyanu|koodeyaanu)",
        r"aanu|aa|thamasikkunnu|thamasikkunnathu|undu|und",
    ),
}  # fmt: skip

ELDERS_SAID = {word: who for kin, _, _ in LIVING_WITH_US.values() for word, who in kin.items()}
_ELDER = "|".join(sorted(ELDERS_SAID, key=len, reverse=True))
_WITH_US = "|".join(f"(?:{w})" for _, w, _ in LIVING_WITH_US.values())
_LIVE = "|".join(f"(?:{v})" for _, _, v in LIVING_WITH_US.values())
# An elder (with a second one, "ji", "bhi" or any few words after it), "with us", then within
# a few words "live": "Mummy papa hamare saath rehte hain", "Sasur ji bhi humare saath ...",
# "Sasu-sasra amari saathe rahe chhe" (a pair joined by a dash is both of them).
_LIVES_WITH_US = re.compile(
    rf"\b(?P<elders>(?:{_ELDER})(?:(?:\s*[-–/]\s*|\s+(?:ji|jee|ane|aur|ani|ar|o|um|mattu|and|&)?\s*)(?:{_ELDER}))*)"
    rf"\b(?:[^.;!?]{{0,30}}?)\b(?:{_WITH_US})\b(?:\s+\w+){{0,3}}?\s+(?:{_LIVE})\b",
    re.IGNORECASE,
)
_EACH = re.compile(rf"\b(?:{_ELDER})\b", re.IGNORECASE)


def elders_living_with_user(sentence: str) -> tuple[str, str] | None:
    """Who lives with the user, in English ("parents", "mother-in-law"), and the words the
    user said it in, when a sentence says so in one of the languages of `LIVING_WITH_US`."""
    match = _LIVES_WITH_US.search(sentence)
    if match is None:
        return None
    who = list(
        dict.fromkeys(ELDERS_SAID[m.group(0).lower()] for m in _EACH.finditer(match["elders"]))
    )
    if {"mother", "father"} <= set(who):
        who = ["parents", *(w for w in who if w not in ("mother", "father"))]
    if {"mother-in-law", "father-in-law"} <= set(who):
        who = ["in-laws", *(w for w in who if not w.endswith("-in-law"))]
    return " and ".join(who), match.group(0)


# Kin whose children are not the user's: siblings and their spouses, cousins, uncles and
# aunts, parents (their children are the user and the user's siblings), friends and
# neighbours, in English and the romanised words of Hindi, Tamil, Telugu, Kannada, Bengali
# and Marathi. Not the spouse: "my wife and I have two kids" are the user's.
SIBLINGS_AND_OTHERS = (
    r"brothers?|sisters?|bro|sis|cousins?|uncles?|aunts?|aunty|aunties|nephews?|nieces?|"
    r"brother-in-law|sister-in-law|in-laws|parents|mom|mum|dad|mother|father|"
    r"friends?|colleagues?|neighbou?rs?|boss|maid|driver|"
    r"bhai|bhaiya|bhaiyya|bhaia|bhaisaab|behen|behan|bahen|didi|jiju|jija|bhabhi|bhabi|"
    r"chacha|chachi|chachu|mausi|bua|dost|padosi|dewar|devar|jeth|nanad|saali|saala|"  # Hindi
    r"annan|anna|akka|thambi|thangachi|thangai|chithi|chithappa|periyappa|"  # Tamil
    r"annayya|tammudu|chelli|babai|pinni|"  # Telugu
    r"thamma|tangi|"  # Kannada
    r"dada|dadabhai|boudi|bon|"  # Bengali
    r"tai|bhau|vahini"  # Marathi
)
