"""What people earn from, by slug, and the words for money coming in. Pure.

The vocabulary the readers of income share: the anchors of a source's income
(`recognise_income`), income said per head (`recognise_per_head`) and fees the user is paid
(`recognise_fee_side`), which names the work they come from by the same words.
"""

from __future__ import annotations

import re

# What people earn from, by slug: the words that name each.
SOURCES = {
    "business": r"business|biz|firm|startup|company I run|dhanda|dhandha|vyapar|karobar",
    "shop": r"shop|dukaan|dukan|dokan|kadai|store|kirana|outlet|stall|boutique|showroom",
    "dairy": r"dairy|cows?|buffal(?:o|oes)|cattle|milk",
    "farm": r"farm(?:ing)?|fields?|kheti|sheti|agriculture|orchard|crops?|harvest|plantation",
    "kharif": r"kharif",
    "rabi": r"rabi",
    "tuition": r"tuitions?|coaching|classes|teaching on the side",
    "freelance": r"freelanc\w*|consulting|consultancy|side (?:gig|hustle|business)|gigs?",
    "practice": r"clinic|practice|chamber",
    "retainer": r"retainers?|retainerships?",
    "rental": r"rental|rent(?:ed)? out|tenants?|kirayedar|kiraya(?:dar)?",
    "vehicle": r"vehicles?|vans?|taxis?|cabs?|auto|autos|trucks?|tempos?|tractor hire|"
    r"training cars?|driving school",
    "poultry": r"poultry|goats?|fishery",
    "food": r"food|restaurant|dhaba|cafe|canteen|tiffin|catering|bakery",
    "channel": r"youtube|channel|blog|podcast",
    "dividend": r"dividends?",
}
SOURCE = "(?P<src>" + "|".join(SOURCES.values()) + ")"
_SLUG_OF = [(slug, re.compile(rf"^(?:{words})$", re.IGNORECASE)) for slug, words in SOURCES.items()]
# Hindi and Marathi: "dukaan se 40 hazaar aate hain", "kharif madhun 3.1 lakh aale".
INDIAN_COMES = (
    r"aata|aati|aate|aa\s+ja+ta|aa\s+ja+ti|aa\s+ja+te|bach\s+ja+ta|bachta|bachte|milta|milti|milte|nikalta|nikalte|banta|bante|aale|ale|"
    r"yetat|yete|milale|milatat|kamata|kamate|milega|milegi|milenge|aayega|aayegi|"
    r"aa\s+raha|aa\s+rahi|aa\s+rahe|mil\s+raha|mil\s+rahi|"
    # Marathi "urtaat" (are left), Bengali "thake" (stays), Tamil "varudhu" (comes),
    # Punjabi "aa janda", Telugu "vastundi", Kannada "baratte", Nepali "aaucha"
    r"urtaat|urtat|urte|urto|thake|thaake|varudhu|varum|kidaikkum|kidaikudhu|"
    r"aa\s+janda|aa\s+jandi|aunda|aundi|vastundi|vastadi|vastaayi|baratte|barutte|"
    r"aaucha|aauchha|aunchha"
)


def source_slug(words: str) -> str:
    """The slug of the source `words` name ("vans": "vehicle"), or ""."""
    return next((slug for slug, said in _SLUG_OF if said.match(words)), "")


_SOURCE_NAMED = re.compile(rf"\b{SOURCE}\b", re.IGNORECASE)


def source_named(text: str) -> str:
    """The slug of the first source of income `text` names, or ""."""
    named = _SOURCE_NAMED.search(text)
    return source_slug(named["src"]) if named else ""
