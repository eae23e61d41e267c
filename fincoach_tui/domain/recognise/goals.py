"""Goals in one clause: what the user is saving or planning for, with its name. Pure.

A goal is found by its shape, not by a list of sentences:

- a verb of wanting or saving before the thing: "want to buy a bike", "saving up for a
  sabbatical", "planning a trip", "dream is a 3BHK", "need a car by March", "want to
  upgrade to a new camera" (any thing after "to <verb>" or "for"; without one, a thing of
  `GOAL_OBJECTS` after an article: "want a bike");
- a label: "goal: ...", "our goals: ...";
- the thing first, with what it will cost: "the trip will cost 3 lakh", "Goa trip in
  March, 60k budget", "shaadi ... 10 lakh ka budget";
- something not owned yet, with a figure: "a second home in Udaipur for 1.2 crore";
- a plan said with "for/towards": "10 lakh for my wedding", "saving 5k for a laptop".

A goal's slug is the known thing it names ("home renovation" is a renovation) or its own
first words; what it is beyond the slug ("trip to Japan", "home (Udaipur)") is kept so
that a later "the Udaipur plan" or "that Japan number" finds it again.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.fact_keys import key_of
from fincoach_tui.domain.fact_kinds import GOAL_OBJECTS
from fincoach_tui.domain.recognise.parts import Anchor
from fincoach_tui.domain.recognise.words import NOT_PLACES

# A goal's figures: its amount, its date, and a duration that is a date from now
# ("the plan is now for 5 years": in 5 years).
GOAL_SLOTS = {"amount": "goal_{t}_amount", "date": "goal_{t}_date", "duration": "goal_{t}_date"}

_OBJECT_SLUG = {w: slug for slug, words in GOAL_OBJECTS.items() for w in words.split("|")}
_OBJECTS = "|".join(sorted(_OBJECT_SLUG, key=len, reverse=True))
_GOAL_VERB = (
    r"sav(?:e|ing)(?:\s+up)?|put(?:ting)?\s+(?:money\s+)?aside|set(?:ting)?\s+aside|"
    r"plan(?:s|ning)?|wants?|wanting|hop(?:e|es|ing)|aim(?:s|ing)?|dream(?:s|ing)?|"
    r"target(?:ing)?|goal\s+is|needs?|(?:would|'d)\s+(?:like|love)|wish"
)
_TO_VERB = (
    r"buy|build|fund|pay\s+for|take|go\s+on|afford|have|start|get|save\s+for|"
    r"save\s+up\s+for|make|upgrade(?:\s+to)?|replace|do|own|renovate|redo|gift|purchase|"
    r"open|set\s+up|launch"
)
# A price said before the thing: "a 1.2 crore house", "a ₹90 lakh flat", "a $40k car".
PRICE = (
    r"(?P<price>(?:(?:(?:₹|rs\.?|inr|\$|€|£|usd|eur|gbp|aed|sgd)\s*)?\d[\d,]*(?:\.\d+)?\s*-?\s*"
    r"(?:k|l|lakhs?|lacs?|crores?|cr|thousand|million|mn)"
    r"|(?:₹|rs\.?|inr|\$|€|£|usd|eur|gbp|aed|sgd)\s*\d[\d,]*(?:\.\d+)?|\d{1,3}(?:,\d{2,3})+)"
    r"\s+(?:rupees?\s+|dollars?\s+)?)"
)
_ARTICLE = (
    r"(?:(?:a|an|my|our|the|his|her|their|some)\s+)?"
    rf"(?:{PRICE})?(?:(?:new|second|bigger|first|own|dream)\s+)?"
)
_NOT_A_GOAL = (
    r"(?!\s+(?:loan|emi|insurance|wash|fuel|maintenance|policy|cover|rent|fees?|premium)\b)"
)
# A word said in passing between the wish and its thing: "my dream honestly is to open".
_ASIDE = r"(?:\s+(?:honestly|really|basically|actually|frankly|truly|ultimately|mainly|simply))?"
# "want to buy a bike", "saving up for a sabbatical", "planning for our trip".
_GOAL = re.compile(
    # "wish to do", and the same said with the verb as a noun: "one wish I have is to do"
    rf"\b(?:(?:{_GOAL_VERB})(?:\s+(?:i|we)\s+(?:have|had))?{_ASIDE}(?:\s+is)?\s+(?:to\s+(?:{_TO_VERB})|for|towards)"
    r"|(?:thinking|think|considering|dreaming)\s+(?:of|about)\s+(?:buying|getting|taking|"
    rf"building|starting|doing|owning))\s+{_ARTICLE}"
    r"(?P<obj>[a-z0-9][a-z0-9'-]*(?:\s+[a-z][a-z'-]*){0,2})",
    re.IGNORECASE,
)
# "want a bike", "planning a Europe trip": with no "to <verb>" or "for", only a known thing.
_GOAL_DIRECT = re.compile(
    rf"\b(?:{_GOAL_VERB})\s+(?:a|an|our|my|the|some|[A-Z][a-z]+'s)\s+(?:{PRICE})?(?:new\s+|second\s+|\w+\s+)?"
    rf"(?P<obj>{_OBJECTS})\b{_NOT_A_GOAL}",
    re.IGNORECASE,
)
# The thing first, then the wish: "Kashi trip we want to go", "a bike I really want",
# "the Goa holiday we're planning".
_THING_WANTED = re.compile(
    rf"\b(?P<obj>{_OBJECTS})\b{_NOT_A_GOAL}\s+(?:that\s+|which\s+)?(?:we|i)(?:'re|'m)?\s+"
    r"(?:(?:really|also|still|both|all|are|am)\s+)*"
    r"(?:want|wanna|plan|planning|hope|wish|would\s+(?:like|love)|'d\s+(?:like|love)|dream)\b",
    re.IGNORECASE,
)
# A thing, then a verb of buying it, in romanised Hindi, Marathi, Bengali, Tamil: "laptop
# lena hai", "scooty kharidni hai", "flat ghyaycha aahe", "bike kinte chai", "car
# vaanganum". Not a loan or a policy taken ("loan lena hai").
_GOAL_INDIAN = re.compile(
    r"\b(?P<obj>(?!(?:loan|emi|insurance|policy|lic|card|cover|paisa|paise|kuch|ek)\b)"
    r"[a-z][a-z0-9-]{2,})\s+(?:(?:naya|nayi|new|ek)\s+)?"
    r"(?:lena|leni|kharidna|kharidni|khareedna|khareedni|banwana|banwani|ghyaycha|ghyaychi|"
    r"ghyaychay|gheycha|kinte|kinbo|vaanganum|vanganum|vaangonum|vaanga\s+venum)\b"
    r"(?:\s+(?:hai|h|he|aahe|ahe|chai|chaai))?",
    re.IGNORECASE,
)
_GOAL_LABEL = re.compile(
    # and in Indian languages: "sapna: ...", "swapna: ...", "kanavu: ..."
    r"\b(?:goals?|targets?|dream|sapna|sapnu|swapna|swapno|kanavu)\s*(?::|is\s+(?:to\s+(?:buy|build|fund|take|go\s+on|have|get)\s+)?)"
    # "goal is buying our own flat": the thing after the verb
    r"\s*(?:(?:buying|getting|building|owning|having|funding|saving\s+for)\s+)?"
    rf"(?:(?:a|an|my|our|the)\s+)?(?:{PRICE})?(?:own\s+)?"
    # not a clause after the label ("goal: we have decided on 35 lakh"): a thing
    r"(?!(?:we|i|it|is|was|that|this|they|he|she|you|now|still)\b)"
    # (up to six words: the thing may follow whose it is, "Ankit ke baad Rohit ki padhai")
    r"(?P<obj>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,5})",
    re.IGNORECASE,
)
_SAVE_FOR = re.compile(
    rf"\b(?:for|towards?)\s+(?P<art>a|an|my|our|the|his|her|their)\s+(?:\w+'s\s+)?"
    rf"(?:(?:new|big|dream|first|own|europe|foreign|family)\s+)?(?:(?P<obj>{_OBJECTS})\s+)?"
    rf"(?P<obj_b>{_OBJECTS})\b(?:\s+(?:down\s+payment|fund|trip))?{_NOT_A_GOAL}",
    re.IGNORECASE,
)
# With a verb of saving, "for" anything: "save two lakh for my son's coaching".
_SAVE_FOR_ANY = re.compile(
    r"\b(?:sav(?:e|ing)|put(?:ting)?\s+aside|set(?:ting)?\s+aside)\b[^.;]*?\bfor\s+"
    r"(?:(?:a|an|my|our|the|his|her|their)\s+)?(?:[a-z]+'s\s+)?"
    r"(?P<obj>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2})",
    re.IGNORECASE,
)
# "a new car needs 8 lakh", "the wedding will cost 12L", "budget for the trip", and the
# thing first with no article: "trip will cost around 3 lakh", "Goa trip in March, 60k budget".
_GOAL_NEEDS = re.compile(
    rf"\b(?:(?:a|an|my|our|the)\s+)?(?:\w+\s+)?(?P<obj>{_OBJECTS})\b{_NOT_A_GOAL}[^.;?!]{{0,40}}?"
    r"\b(?:needs|will need|would need|will cost|would cost|costs? (?:more )?like|may cost|"
    r"might cost|budget(?:ed)?|estimate[sd]?|fund|corpus|kitty)\b"
    rf"|\b(?:budget|plan|quote)\s+for\s+(?:a|an|my|our|the)\s+(?:\w+\s+)?(?P<obj2>{_OBJECTS})\b",
    re.IGNORECASE,
)
_DOWN_PAYMENT = re.compile(r"\bdown[- ]?payment\b", re.IGNORECASE)
_GOAL_PLAN = re.compile(
    r"\b(?:plan(?:ning)?|organi[sz](?:e|ing)|arrang(?:e|ing))\s+"
    r"(?:for\s+)?(?:(?:a|an|my|our|the|his|her|their)\s+)?(?:[a-z]+'s\s+)?"
    rf"(?:(?:new|big|dream|first|own|family)\s+)?(?P<obj>{_OBJECTS})\b{_NOT_A_GOAL}",
    re.IGNORECASE,
)
_GOAL_NAMED = re.compile(
    rf"\b(?:goal|target|dream|down\s*payment)\b[^.;]*?\b(?P<obj>{_OBJECTS})\b{_NOT_A_GOAL}",
    re.IGNORECASE,
)
# Something not owned yet, with a figure: "a second home in Udaipur for 1.2 crore". Not
# after a verb of having it ("we bought a house for 80 lakh" is an asset, not a goal).
_NOT_YET = re.compile(
    rf"\b(?:a|an)\s+(?:{PRICE})?(?:(?:new|second|bigger|small|own|\w+)\s+)?(?P<obj>{_OBJECTS})\b"
    rf"{_NOT_A_GOAL}",
    re.IGNORECASE,
)
# A price, the thing and when, with no verb: "1.2 crore house by 2030", "12 lakh car in
# March": a thing to buy by then.
_PRICED_BY = re.compile(
    rf"(?<![\w.,]){PRICE}(?:(?:new|second|bigger|small|own)\s+)?(?P<obj>{_OBJECTS})\b{_NOT_A_GOAL}"
    r"(?=\s+(?:by|in|before|around|till|until|within)\s+(?:the\s+end\s+of\s+|end\s+of\s+)?"
    r"(?:(?:19|20)\d\d|next|this|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d+\s+years?)"
    r"\b)",
    re.IGNORECASE,
)
# The thing, then its price and when: "house deposit here AUD 90,000 by 2028", "pakka
# ghar, 15 lakh, 2030 tak".
_THING_PRICED_BY = re.compile(
    rf"\b(?P<obj>{_OBJECTS})\b{_NOT_A_GOAL}(?:\s+(?:deposit|down\s*payment|fund))?"
    r"[^.;!?\d₹$€£]{0,25}?(?=(?:₹|rs\.?\s*|inr\s*|\$|€|£|[a-z]{3}\s)?\s*\d[\d,.]*\s*"
    r"(?:k|l|lakhs?|lacs?|crores?|cr)?\s*,?\s*(?:(?:by|in|before|till|until)\s+)?"
    r"(?:19|20)\d\d\b)",
    re.IGNORECASE,
)
_OWNED = re.compile(
    r"\b(?:bought|own|owns|have|has|had|took|taken|sold|got|live|living|stay|staying|rent|"
    # where the user works is no goal: "I work as the administrator in a private school"
    r"rented|renting|work|works|working|employed|teach|teaches|teaching)\b",
    re.IGNORECASE,
)
# What a goal is beyond its slug: "trip to Japan", "wedding in Jaipur".
_GOAL_DETAIL = re.compile(r"\s+(?:to|in|for|at|of)\s+(?:the\s+)?([A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)")
_SAVING_VERB = re.compile(
    r"\b(?:sav(?:e|ing)|put|set aside|aside|invest(?:ing)?|aim(?:ing)?|target|need)\b", re.I
)
_RETIRE = re.compile(r"\bretire(?:ment)?\b", re.IGNORECASE)
# Said with a retirement age: a figure that is an age, not a goal's amount.
RETIRE_AGE = re.compile(
    r"\bretire\w*\s+(?:by|at)\s+(?:the\s+)?(?:age\s+(?:of\s+)?)?(\d{2})\b", re.I
)
# A goal named with "the/our" and no figure ("the renovation has been brought forward")
# is what a bare figure after it is about: "budget now 9.5 lakh".
_MENTION = re.compile(
    rf"\b(?:the|our|my|this|that)\s+(?:\w+\s+)?(?P<obj>{_OBJECTS})\b{_NOT_A_GOAL}", re.I
)
_LIVED_IN = frozenset("house home flat apartment property plot place 1bhk 2bhk 3bhk 4bhk".split())
_STOP = frozenset("a an the my our new some in by of for to and".split())


# Words that start a date or an amount, not a thing: "planning for February next year".
_NOT_A_THING = re.compile(
    r"^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|next|this|last|the\s+next|"
    r"retirement\s+age|\d)",
    re.IGNORECASE,
)


def goal_slug(phrase: str) -> str:
    """The thing a goal is for: its last known word ("home renovation" is a renovation,
    "house down payment" a house), else its first two words (less whose it is)."""
    if _NOT_A_THING.match(phrase) or _A_STATE.search(phrase):
        return ""
    phrase = re.sub(r"\b\w+'s\b", " ", phrase.lower())
    # whose it is, said before it in Hindi, Marathi, Bengali: "Rohit ki engineering",
    # "Ankit ke baad Rohit ki padhai", "mulichya lagnacha": the thing is what follows
    phrase = re.sub(r"^.*\b(?:ki|ka|ke|chi|cha|che|chya)\s+(?=[a-z]{3,})", "", phrase)
    words = re.findall(r"[a-z0-9]+", phrase)[:3]
    for word in reversed(words):
        if word in _OBJECT_SLUG:
            return _OBJECT_SLUG[word]
    kept: list[str] = []
    for word in words:
        if word in _ENDS_THING and kept:
            break  # "my son after all the EMIs": the thing ends where a clause begins
        if word not in _STOP and not word.isdigit():
            kept.append(word)
    if not kept or kept[0] in _NO_THING:
        return ""  # "save for it", "a plan for someone like me", "goal: having looked at"
    if _A_PLAN.intersection(kept):
        return ""  # "want to make a proper plan": the planning is the wish, not a thing
    return key_of(" ".join(kept[:2]))


# Words that end the name of a thing, and words that name no thing of their own.
_ENDS_THING = frozenset(
    "after before with when if so but since till until once because in on at by".split()
)
_NO_THING = frozenset(
    "it that this these those them me us him her you someone something somebody anyone "
    # what a goal's sum is for, not the goal: "goal: 25L down payment for a flat"
    "down "
    "everyone having trying looking thinking getting doing being "
    # money itself is what every goal is made of, not a thing to save for: "want to get my
    # finances right", "need to have my paisa managed", "plan for my money"
    "money paisa paise finances finance funds cash portfolio budget budgeting spending "
    "expenses savings investments life act "
    # what is said of a goal, not a goal: "the education target is realistic"
    "realistic possible achievable feasible enough doable reachable okay fine too".split()
)
# A plan itself is no thing to save for: "I want to make proper plan", "need to do some
# financial planning", "want to have a clear strategy", "would like a roadmap".
_A_PLAN = frozenset("plan plans planning strategy strategies roadmap blueprint".split())
# A wish for a state of things, not a thing: "want to get my money sorted", "plan to have
# everything in order", "need to get our spending under control".
_A_STATE = re.compile(
    r"\b(?:sorted|in order|on track|under control|organi[sz]ed|streamlined|straightened|"
    r"together|figured out|in shape|cleaned up|managed)\b",
    re.IGNORECASE,
)


def mentioned_goal(clause: str) -> str:
    """The goal a clause names without stating it ("the renovation"), as its slug; not a
    home, which is as often the one lived in."""
    match = _MENTION.search(clause)
    if match is None or match["obj"].lower() in _LIVED_IN:
        return ""
    return _OBJECT_SLUG[match["obj"].lower()]


def goal_anchors(clause: str, has_amount: bool = False) -> list[Anchor]:
    """The goals a clause states; `has_amount` when it holds a money figure."""
    anchors = []
    said = [*_GOAL.finditer(clause), *_GOAL_LABEL.finditer(clause), *_GOAL_INDIAN.finditer(clause)]
    for match in said:
        slug = goal_slug(match["obj"])
        # "risk nahi lena": a "lena" refused, no goal named "nahi"
        negation = slug in ("nahi", "nahin", "nai", "na", "mat")
        if (
            slug
            and not negation
            and not slug.startswith(("invest", "sip", "fd", "rd", "risk", "any"))
        ):
            # The anchor ends with the object's first word: "a house by Diwali" leaves the
            # date after it, where it can be read as the goal's date.
            end = match.start("obj") + len(match["obj"].split()[0])
            anchors.append(Anchor(_after_price(match), end, "goal", slug, GOAL_SLOTS))
    for pattern in (_GOAL_DIRECT, _GOAL_NAMED, _GOAL_PLAN, _THING_WANTED):
        if not anchors:  # "goal: 25L down payment for a flat", "want a bike"
            for match in pattern.finditer(clause):
                slug = _OBJECT_SLUG[match["obj"].lower()]
                anchors.append(
                    Anchor(match.start("obj"), match.end("obj"), "goal", slug, GOAL_SLOTS)
                )
    if not anchors:
        for match in _GOAL_NEEDS.finditer(clause):
            group = "obj" if match["obj"] else "obj2"
            slug = _OBJECT_SLUG[match[group].lower()]
            if slug == "emergency_fund":
                continue  # an emergency fund is a kind of its own, not a goal
            anchors.append(Anchor(match.start(group), match.end(group), "goal", slug, GOAL_SLOTS))
    if not anchors:  # "20 lakh down payment is enough": a home's, or the car's it names
        for match in _DOWN_PAYMENT.finditer(clause):
            slug = "car" if re.search(r"\bcar\b", clause, re.I) else "house"
            anchors.append(Anchor(match.start(), match.end(), "goal", slug, GOAL_SLOTS))
    if not anchors:
        saving = bool(_SAVING_VERB.search(clause))
        for match in _SAVE_FOR.finditer(clause):
            # Without a saving verb, "10 lakh for my wedding" is a goal, but "45,000 for our
            # apartment" is rent: a home you live in is not a goal unless you save for it.
            slug = _OBJECT_SLUG[match["obj_b"].lower()]  # "a home renovation": a renovation
            down_payment = "down" in match.group(0).lower()
            if saving or down_payment or (match["art"].lower() != "the" and slug != "house"):
                anchors.append(Anchor(match.start(), match.end(), "goal", slug, GOAL_SLOTS))
    if not anchors:
        for match in _SAVE_FOR_ANY.finditer(clause):
            slug = goal_slug(match["obj"])
            if slug and not slug.startswith(("invest", "sip", "fd", "rd", "emergency")):
                end = match.start("obj") + len(match["obj"].split()[0])
                anchors.append(Anchor(match.start("obj"), end, "goal", slug, GOAL_SLOTS))
    if not anchors and has_amount:
        priced = (_PRICED_BY, _THING_PRICED_BY, _NOT_YET)
        for match in (m for pattern in priced for m in pattern.finditer(clause)):
            slug = _OBJECT_SLUG[match["obj"].lower()]
            if slug != "emergency_fund" and not _OWNED.search(clause, 0, match.start()):
                start = _after_price(match)
                anchors.append(Anchor(start, match.end(), "goal", slug, GOAL_SLOTS))
    if not anchors and not RETIRE_AGE.search(clause):
        for match in _RETIRE.finditer(clause):
            anchors.append(Anchor(match.start(), match.end(), "goal", "retirement", GOAL_SLOTS))
    # "the landlord wants the flat to take 24k": someone else's want is not the user's goal
    anchors = [a for a in anchors if not _THIRD_PARTY.search(clause, 0, a.start)]
    return [_with_detail(anchor, clause) for anchor in anchors]


def _after_price(match: re.Match[str]) -> int:
    """Where a goal's words start: after the price said inside them ("want to buy a 1.2
    crore house"), so that the price stands before the thing and is read as its amount."""
    price = match.groupdict().get("price")
    return match.end("price") if price else match.start()


# Someone other than the user, then a verb of wanting: "the landlord wants", "bank needs".
_THIRD_PARTY = re.compile(
    r"\b(?:landlord|landlady|owner|bank|builder|company|employer|boss|client|he|she|they)\s+"
    r"(?:wants?|needs?|plans?|asks?|expects?)\b[^,;]*$",
    re.IGNORECASE,
)


def _with_detail(anchor: Anchor, clause: str) -> Anchor:
    """The goal with what it is for when the user names it ("a trip to Japan"): the name
    lets a later "scratch that Japan number" find the goal."""
    thing = anchor.word.replace("_", " ")
    found = _GOAL_DETAIL.match(clause, anchor.end)
    if not found:
        word = re.match(r"\s*[a-z]+", clause[anchor.end :])
        if word:
            found = _GOAL_DETAIL.match(clause, anchor.end + word.end())
    if found and found.group(1).split()[0].lower() not in _NOT_PLACE:
        detail = f"{thing}{found.group(0)}"
    else:  # a name in or just after the goal's words: "a Europe trip", "a Goa holiday"
        span = clause[max(0, anchor.start - 12) : anchor.end + 25]
        names = [n for n in _NAME_WORD.findall(span) if n.lower() not in _NOT_PLACE]
        if not names:
            return anchor
        detail = f"{thing} ({' '.join(dict.fromkeys(names))})"
    return Anchor(anchor.start, anchor.end, anchor.kind, anchor.word, anchor.slots, detail)


_NAME_WORD = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{2,}\b")
_NOT_PLACE = NOT_PLACES | {"diwali", "holi"}
