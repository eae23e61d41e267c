"""Which rent a figure is, and which figures near a rent are not it. Pure.

A home's rent is `rent`. A business's premises are rented too ("gala rent for the unit is
41,000", "dukaan ka kiraya 9k", "Workshop rent is ₹11,000", "I rent the shed for 12k"): a
cost of the business, kept under a key of its own (`rent_shop`, `rent_godown`...), so that
the home's rent said later does not replace it, nor it the home's. A rent said with no
premises after only a business's rent is known is that one's ("the owner raised the rent to
52k" after "the shop is on rent 45k").

Not every figure beside a rent is the rent:

- house rent allowance (HRA) is part of the pay, not a rent paid (`without_allowance`);
- another thing priced right after it is that thing's: "rent 9k flat, food 6k", "room 15k,
  mess 4k", "rent 12k. bijli 1,200" (`priced_item`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from fincoach_tui.domain.currencies import CURRENCIES
from fincoach_tui.domain.own_words import with_own_words, without_own_words
from fincoach_tui.domain.recognise.money_flow import KIN_KO, NOT_KIN
from fincoach_tui.domain.recognise.parts import figures_in
from fincoach_tui.domain.recognise.words import BACK_WORDS, MONTH_WORDS, SAME_THING_WORDS

# The premises a business rents, by the names people use, and the key each is kept under.
_PREMISES = {
    "shop": "shop|shops|dukaan|dukan|dukkan|dokan|dokaan|dokane|store|stall|showroom|outlet|kiosk|boutique",
    "godown": "godown|godowns|godaam|godam|warehouse",
    "office": "office|co-?working",
    "clinic": "clinic|chamber|chambers",
    "workshop": "workshop|karkhana|factory|mill|press",
    "shed": "shed",
    "gala": "gala|galla",
    "salon": "salon|parlour|parlor",
}
_SLUG_OF = {
    word: slug for slug, words in _PREMISES.items() for word in words.replace("-?", "").split("|")
}
_PREMISE = "|".join(_PREMISES.values())
# A rent paid, by its word ("rent", "kiraya", "bhada"); and a rent named by any word, or
# by the one it is paid to ("rental", "vaadagai", "the landlord", "malik").
PAID_RENT_WORD = r"rent|kiraya|kiraaya|kiraye|bhada|bhaada|bhade|bhaade"
RENT_WORD = (
    rf"{PAID_RENT_WORD}|rental|kiraa?ye|bhara|vaadagai|vaadaka|"
    r"landlord|landlady|owner|malik|maalik|malak"
)
# A home, which a rent beside it is for: "a room above my shop" is the room's rent.
_HOME = re.compile(
    r"\b(?:room|rooms|flat|house|home|ghar|makan|makaan|bari|basha|veedu|apartment|[1-4]\s?bhk|"
    r"pg|hostel|quarters?)\b",
    re.IGNORECASE,
)
# The premises, then a rent, with at most three small words between: "gala rent", "dukaan
# ka kiraya", "mill ka shed ka kiraya", "clinic jaagecha bhada", "the shop is on rent",
# "shop da rent".
_PREMISES_FIRST = re.compile(
    rf"\b(?P<place>{_PREMISE})(?:'s)?\s+(?:[a-z]+\s+){{0,3}}?(?:{RENT_WORD})\b",
    re.IGNORECASE,
)
# A rent, then the premises it is for: "rent for the unit", "landlord of godown", "I rent
# the shed", "rent on my office".
_PREMISES_AFTER = re.compile(
    rf"\b(?:{RENT_WORD})\s+(?:(?:for|of|on)\s+)?(?:(?:the|my|our|a|this|that|his|her)\s+)?"
    rf"(?:[a-z]+\s+)?(?P<place>{_PREMISE})\b",
    re.IGNORECASE,
)


def premises_rented(clause: str) -> str:
    """The business premises a clause's rent is for ("shop", "godown"...), or "" for a
    home's rent: the premises named right before the rent or right after it, with no home
    named between ("I rent a room above my shop" is the room's)."""
    for pattern in (_PREMISES_FIRST, _PREMISES_AFTER):
        for match in pattern.finditer(clause):
            if not _HOME.search(match.group(0)):  # the premises nearest the rent word
                place = re.findall(_PREMISE, match.group(0), re.IGNORECASE)[-1].lower()
                return _SLUG_OF.get(place, place)
    return ""


def rent_keyed(
    facts: Iterable[tuple[str, str]],
    clause: str,
    subject: str,
    known: Iterable[str],
    sentence: str = "",
) -> list[tuple[str, str]]:
    """A clause's facts with its rent under the premises' key (`rent_shop`...) when the
    clause, or the `subject` it goes on about ("shop rent"), names a business's premises;
    or when it names none and no home, and the only rent `known` is one business's. A PG or
    a hostel in a `sentence` about someone else ("she's at the academy, hostel and all,
    85k a year") is a cost for them (`cost_hostel`), not the user's rent."""
    facts = _extras_apart(list(facts), clause)  # "rent 12k plus 2k": 2k is an extra
    if not any(key == "rent" for key, _ in facts):
        return facts
    lodging = _LODGING_WORD.search(clause) or _LODGING_WORD.search(subject)
    if lodging and not _PAID_RENT.search(clause) and _KIN_BEFORE.search(sentence):
        key = "cost_" + ("pg" if lodging.group(0).lower().startswith("p") else "hostel")
        return [(key, value) if k == "rent" else (k, value) for k, value in facts]
    place = premises_rented(clause) or premises_rented(subject)
    key = f"rent_{place}" if place else ""
    if not key and not _HOME.search(clause):
        rents = {k for k in known if k == "rent" or k.startswith("rent_")}
        key = rents.pop() if len(rents) == 1 and "rent" not in rents else ""
    return [(key, value) if k == "rent" and key else (k, value) for k, value in facts]


def subject_of_rent(key: str) -> tuple[str, str] | None:
    """The subject a business's rent is named by later ("shop rent"), for a `rent_<place>`
    key."""
    place = key.removeprefix("rent_")
    return ("rent", f"{place} rent") if key.startswith("rent_") and place in _PREMISES else None


# House rent allowance: a part of the pay, with the figure said of it ("HRA 18k", "HRA of
# 15k", "house rent allowance is 12,000", "15k as HRA", "my hra component is 24k").
_FIGURE = r"(?:₹|rs\.?\s*|inr\s*)?\d[\d,.]*\s*(?:k|l|lakhs?|lacs?|thousand|hazaa?r)?"
_ALLOWANCE = re.compile(
    r"\b(?:hra|house\s+rent\s+allowance|rent\s+allowance)\b"
    rf"(?:\s+(?:component|part|portion|amount|is|of|at|=|:|-|about|around|only|just)){{0,3}}"
    rf"\s*(?:{_FIGURE})?"
    rf"|{_FIGURE}\s+(?:(?:as|is|of|for)\s+)?(?:(?:the|my|an?)\s+)?"
    r"(?:hra|house\s+rent\s+allowance|rent\s+allowance)\b",
    re.IGNORECASE,
)


def without_allowance(text: str) -> str:
    """`text` with each mention of a house rent allowance and its figure blanked (the same
    length, so every span read after it stays where it was): the allowance is pay the user
    receives, not a rent they pay, nor a pay of its own."""
    return _ALLOWANCE.sub(lambda m: " " * len(m.group(0)), text)


# Words that, right before a figure, say what the figure is of the rent just named, or
# when, or that it corrects it: not another thing. "rent 12k. now 13k", "sorry 13,500",
# "my share 9k", "from april 14k", "approx 15k": the words of the same thing, a month, a
# word that refers back, and who pays with the verb said of the figure.
_NOT_ITEMS = (
    SAME_THING_WORDS
    | MONTH_WORDS
    | BACK_WORDS
    | frozenset(
        """
        is was are were be been this these those no na nahi wait i mean earlier before
        previously last next new old approximately almost over under maybe probably like
        also so and but or plus share half part portion hissa mine me we us you per month
        monthly year yearly week weekly from since till until by in on at for of to with
        without incl including excluding each every rs inr rupees k lakh thousand hazaar
        going becomes made make comes came rose dropped still again already final finally
        hai hain tha thi ho gaya gayi kar diya
        pay pays paying paid give gives giving gave spend spends spending spent send sending
        cost costs costing bharte bharta bharti dete deta deti dena
        hum ham main mai unko inko usko humko hume humein mujhe unhe unhein aap tum they he
        she them him
        """.split()
    )
)
# (in any currency: "parking $150", "dues PHP 3,200")
_SIGN = rf"(?:(?:₹|rs\.?|inr|{'|'.join(before for before, _ in CURRENCIES.values())})\s*)"
_LEAD = re.compile(rf"^\W*(?P<words>(?:[a-z][a-z'-]*\s+){{1,3}}?){_SIGN}?\d", re.I)
# The thing after its figure: "6k food" (and nothing after), "3k for the maid", "2k on petrol";
# not a verb after it ("12,000 deta hoon", "9k pay karta").
_TRAIL = re.compile(
    rf"^\W*{_SIGN}?\d[\d,.]*\s*(?:k|l|thousand|hazaa?r)?\s+"
    r"(?:(?P<words>[a-z][a-z'-]*)\W*$|(?:for|on)\s+(?:(?:the|my|our)\s+)?(?P<thing>[a-z][a-z'-]*))",
    re.IGNORECASE,
)
_RENT_NAMED = re.compile(rf"\b(?:{RENT_WORD})\b|{_HOME.pattern}", re.IGNORECASE)


def priced_item(clause: str) -> bool:
    """Whether a clause prices a thing of its own by name, right before or after its figure
    ("food 6k", "mess 4k", "bijli ₹1,200", "6k for the maid"), which is not a rent nor a
    home, nor a word that says what the figure is of the rent before it ("now 13k", "my
    share 9k", "from April 14k"): the figure is that thing's, not the rent's."""
    lead = _LEAD.match(clause)
    words = lead["words"].lower().split() if lead else []
    if not words:
        trail = _TRAIL.match(clause)
        words = [(trail["words"] or trail["thing"]).lower()] if trail else []
    # the thing's name first; what follows it may hedge the figure ("food around 6k"). Who
    # pays and the verb said of the figure name no thing ("paying 21k", "hum unko 9k
    # bhejte hain", "revised to 17k"): a past verb by its ending, not a "bed" or a "shed".
    first = words[0] if words else ""
    verb = first in _NOT_ITEMS or (first.endswith("ed") and len(first) > 4)
    return bool(words) and not _RENT_NAMED.search(" ".join(words)) and not verb


def rent_named(clause: str) -> bool:
    """Whether a clause names a rent or a rented home ("room 15k"): a figure priced by its
    own name after it is another thing's (`priced_item`)."""
    return bool(_RENT_NAMED.search(clause))


# Someone else's lodging: "my son's hostel fees 60k a year", "beti ka PG 9k", "brother's
# hostel": a cost the user pays for them, not the user's rent.
_KIN_BEFORE = re.compile(
    r"\b(?:son|sons|daughter|daughters|beta|bete|beti|bhai|bhaiya|brother|sister|didi|kid|kids|"
    r"child|children|bachche|bacche|bachon|nephew|niece|cousin|he|she|his|her|their)(?:'s)?\b"
    r"|\b(?-i:[A-Z][a-z]+)'s\b"
    # the one money goes to, in Hindi: "Sonu ko hostel mein 5 hazaar bhejte hain"
    rf"|\b(?!(?:{NOT_KIN})\b)(?:{KIN_KO}|(?-i:[A-Z][a-z]+))\s+ko\b",
    re.IGNORECASE,
)
_LODGING = re.compile(r"(?:p\.?g|paying guest|hostel)$", re.IGNORECASE)
_LODGING_WORD = re.compile(r"\b(?:p\.?g|paying guest|hostel)\b", re.IGNORECASE)
_PAID_RENT = re.compile(rf"\b(?:{PAID_RENT_WORD})\b", re.IGNORECASE)


def lodging_of_another(clause: str, start: int, word: str) -> bool:
    """Whether a PG or a hostel named at `start` is someone else's (a child's, a brother's):
    a relative named before it in the clause."""
    return bool(_LODGING.match(word)) and bool(_KIN_BEFORE.search(clause, 0, start))


# What a home is wanted for, not rented at: "the flat target is now 46 lakh", "down payment
# for the flat", "flat budget 80L", "saving for a flat". A home's word in such a clause names
# a goal, not the rent talked about before.
_HOME_GOAL = re.compile(
    r"\b(?:target|goal|down\s*payment|downpayment|budget|corpus|fund|buy|buying|purchase|"
    r"own\s+(?:a\s+)?(?:flat|house|home|place)|kharid\w*|loan|emi|price|worth|cost\s+of)\b",
    re.IGNORECASE,
)


def home_goal(clause: str) -> bool:
    """Whether a clause speaks of a home as something to buy or save for: its home words do
    not carry the rent."""
    return bool(_HOME_GOAL.search(clause)) and bool(_HOME.search(clause))


# Where the user lives now that a rent has ended: "We got the govt quarter in C-sector",
# "moved to uncle house", "MES quarter", "Govt accommodation", "bought our own flat",
# "shifted in with my parents", "company gives a house".
_HOUSED = re.compile(
    r"\b(?:quarters?|qtrs?|accommodation|dorm|barracks|own\s+(?:house|flat|home|place|ghar)|"
    r"(?:bought|purchased|got|took)\s+(?:a|an|our|my|the)\s+(?:own\s+)?(?:house|flat|home|plot)|"
    r"(?:moved|moving|shifted|shifting|staying|stay|live|living)\s+(?:in\s+)?(?:with|to|into|at)\s+"
    r"(?:my\s+|our\s+|the\s+)?(?:parents|in-laws|uncle|aunt|family|relatives?|brother|sister|"
    r"mama|chacha|mausi|bua|dada|nana)|allotted|(?:house|flat|home|ghar)\s+(?:\w+\s+)?"
    r"(?:given|provided|milta|mila|saath))\b",
    re.IGNORECASE,
)


def rent_end_said(facts: list[tuple[str, str]], sentences: Iterable[str]) -> list[tuple[str, str]]:
    """A rent that ended, with where the user lives now in their own words when the message
    says it ("We got the govt quarter in C-sector. No more rent."): what a question about
    the home needs, which "no more rent" alone does not say."""
    ended = [
        n
        for n, (key, value) in enumerate(facts)
        if _IS_RENT.match(key) and value.startswith("stopped")
    ]
    # the last that says it (a question "Q: quarters?" says nothing yet)
    said_so = [s for s in sentences if _HOUSED.search(s) and not s.rstrip().endswith("?")]
    housed = said_so[-1] if ended and said_so else ""
    if not housed:
        return facts
    said = re.sub(r"^\W*(?:\d+[.)]\s*)?(?:[a-z]:\s*)?", "", housed, flags=re.IGNORECASE)
    found = list(facts)
    for n in ended:
        key, value = found[n]
        found[n] = (key, with_own_words(without_own_words(value), _from_end_words(value, said)))
    return found


def _from_end_words(value: str, said: str) -> str:
    """What is quoted of the sentence `said` that says where the user lives now: from the
    ending's own words quoted in `value` on when it says them too ("The house rent is over,
    we shifted to our own flat" quotes "rent is over, we shifted ..."), else all of it."""
    quoted = re.search(r'\("([^"]*)"\)$', value)
    ending = quoted.group(1).removesuffix("…").strip() if quoted else ""
    at = said.casefold().find(ending.casefold()) if ending else -1
    return said[at:] if at >= 0 else said


_IS_RENT = re.compile(r"^rent(?:_[a-z]+)?$")


# Money the user keeps, not pays: "I keep roughly 68k", "we're left with 20k", "main 10k
# bachata hoon"; or a figure said to be another besides the rent: "and another 2k", "plus
# an extra 1,500".
_NOT_PAID = re.compile(
    r"\b(?:i|we|i'm|we're|main|mai|hum)\s+(?:[\w.,]+\s+){0,2}?(?:keep|kept|save|saved|pocket|am\s+left|are\s+left|"
    r"left\s+with|take\s+home|bachat[aei]|bacha\s+leta)\b"
    r"|^\W*(?:(?:and|plus|also|aur)\s+)?(?:an?\s+)?(?:another|extra|additional|ek\s+aur|aur\s+ek)\b",
    re.IGNORECASE,
)


def rent_apart(clause: str) -> bool:
    """Whether a clause with a figure and no name of its own is about something other than
    the rent talked about before: another thing priced (`priced_item`), a home to buy
    (`home_goal`), money kept or another figure besides it (`_NOT_PAID`)."""
    return priced_item(clause) or home_goal(clause) or bool(_NOT_PAID.search(clause))


# A bare figure added after the rent's is an extra paid with it, not the rent: "rent 12k
# plus 2k", "rent 15k + 2k", "bhada 9k aur 1k light", "24k rent, plus 2k for parking". What
# it is for, named right after it, names it ("1k light" is the power bill); a bare one is
# the society's maintenance, the usual extra. A clause that opens with "plus" after the
# rent's sentence ("rent 15k. plus 2k") adds to it the same way.
_ADDED_BEFORE = re.compile(
    r"(?:^|[\s,])(?:\+|plus|aur|and|&|ani|ar)\s*(?:an?\s+)?(?:extra\s+|another\s+|additional\s+)?$",
    re.IGNORECASE,
)
_EXTRA_FOR = re.compile(
    r"\s*(?:extra\s+|more\s+)?(?:(?:for|on|ka|ki|ke)\s+(?:the\s+|my\s+|our\s+)?)?(?P<thing>[a-z]{3,})\b",
    re.IGNORECASE,
)
# The extras by the names people give them beside a rent.
_EXTRA_NAMES = {
    **dict.fromkeys(("light", "bijli", "current", "electricity", "power"), "electricity"),
    **dict.fromkeys(("paani", "pani", "water"), "water"),
    **dict.fromkeys(("society", "maintenance", "maint", "upkeep"), "maintenance"),
}


def _extras_apart(facts: list[tuple[str, str]], clause: str) -> list[tuple[str, str]]:
    """A clause's facts with each rent read from a figure added to the rent's under the key
    of the extra it is (`cost_maintenance`, `cost_electricity`, `cost_parking`...)."""
    extras = {
        figure.text: key
        for figure in figures_in(clause)
        if figure.kind == "amount" and (key := _added_to_rent(clause, figure.start, figure.end))
    }
    return [(extras.get(v, k) if k == "rent" else k, v) for k, v in facts]


def _added_to_rent(clause: str, start: int, end: int) -> str:
    added = _ADDED_BEFORE.search(clause, 0, start)
    if added is None:
        return ""
    after_figure = any(f.end <= added.start() for f in figures_in(clause) if f.kind == "amount")
    if not (after_figure or not clause[: added.start()].strip(" ,.")):
        return ""
    named = _EXTRA_FOR.match(clause, end)
    thing = named["thing"].lower() if named else ""
    if not thing or thing in _NOT_ITEMS:
        return "cost_maintenance"
    return "cost_" + _EXTRA_NAMES.get(thing, thing)
