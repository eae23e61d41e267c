"""The offline coach's side of memory: a simulated fact extractor, and reading memory
sections back out of a request. Deterministic, from the request text only, no network.

The extractor answers the same JSON a model is asked for, marked `"simulated": true`,
using the finance recogniser on the user's own messages (never the coach's replies,
which restate figures). It is a recogniser of phrasings, not understanding. Relative dates
are kept as said ("in 3 months"): the store resolves them against each message's date, as
it does a model's answer.
"""

from __future__ import annotations

import json
import re

from fincoach_tui.domain.fact_extraction import is_remember
from fincoach_tui.domain.finance_facts import (
    FinanceFact,
    Reading,
    coach_subject,
    find_facts,
    label_of,
    normalise_key,
    read,
)
from fincoach_tui.domain.user_statements import OUTDATED, parse_line, partly_outdated
from fincoach_tui.llm.base import ChatMessages

_FACT_LINE = re.compile(r"^- (?P<label>[^:]+): (?P<value>.*?)(?: \((?:turn \d+|edited), [^)]*\))?$")
# "(Outdated: rent was ₹25,000 then; ...)": the passage's value for that key is not current.
_OUTDATED = re.compile(
    r"^\(Outdated[^:]*: (?:the coach restated )?([a-zA-Z0-9() ]+?) (?:was|as) ", re.M
)
_SMALL_WORDS = frozenset("a an the my our i we is are am that to of in on for and".split())
_REMEMBER_PREFIX = re.compile(
    r"^\s*(?:/remember|(?:please\s+)?remember)\s*(?:that\s+)?[:,]?\s*", re.IGNORECASE
)


def extract(messages: ChatMessages) -> str:
    """A simulated extraction: finance facts per user message, and any "remember ..." note."""
    body = messages[-1]["content"] if messages else ""
    head, _, messages_part = body.partition("Messages:\n")
    known, _, before = head.partition("Said just before")
    # Read in order, knowing the store's facts and the turn before the batch: "28k" after
    # "Rent is the big one." is rent, "scratch that Japan number" is the trip to Japan.
    reading = Reading().knowing(_known_facts(known))
    for item in _json_list(before.partition(":\n")[2]):
        reading = _follow(reading, item)
    facts = []
    for item in _json_list(messages_part):
        text = str(item.get("text", ""))
        if item.get("role") != "user":
            reading = _follow(reading, item)
            continue
        message_id = str(item.get("id"))
        stated, reading = read(text, None, reading)
        found = dict(stated)
        for key, value in found.items():
            facts.append({"key": key, "value": value, "source_ids": [message_id]})
        if not found and is_remember(text):
            note = _REMEMBER_PREFIX.sub("", text, count=1).strip().rstrip(".")
            if note:
                words = re.findall(r"[a-z0-9]+", note.lower().replace("'s", ""))
                key = "_".join([w for w in words if w not in _SMALL_WORDS][:3]) or "note"
                facts.append({"key": key, "value": note, "source_ids": [message_id]})
    return json.dumps({"simulated": True, "facts": facts}, ensure_ascii=False)


def _json_list(text: str) -> list[dict[str, object]]:
    try:
        items = json.loads(text)
    except ValueError:
        return []
    return [i for i in items if isinstance(i, dict)] if isinstance(items, list) else []


def _follow(reading: Reading, item: dict[str, object]) -> Reading:
    """The reading after a message that is context, not to extract from."""
    text = str(item.get("text", ""))
    if item.get("role") == "user":
        return read(text, None, reading)[1]
    return reading.about(coach_subject(text) or reading.subject)


def _known_facts(text: str) -> list[tuple[str, str]]:
    """The "- key: value" lines of an extraction request's current facts."""
    lines = (re.match(r"^- ([^:]+): (.+)$", line.strip()) for line in text.splitlines())
    return [(normalise_key(m[1]), m[2]) for m in lines if m]


def section_facts(section: str) -> dict[str, FinanceFact]:
    """The user's facts one labelled system section carries (text after "## ")."""
    heading, _, body = section.partition("\n")
    lowered = heading.lower()
    # The user's statements ("- (turn 3) ...") are read each by itself, as said, not as
    # the continuation of the lines before them; those marked outdated not at all.
    # A line marked outdated for some labels only ("(outdated: rent)") says the rest.
    lines = body.splitlines()
    said = [
        (s, {normalise_key(label) for label in partly_outdated(line)})
        for line in lines
        if (s := parse_line(line)) and not line.endswith(OUTDATED)
    ]
    facts: dict[str, FinanceFact] = {}
    for statement, old in reversed(said):  # listed newest first: the newest is read last
        found = find_facts([("words", statement.text)])
        facts.update((k, f) for k, f in found.items() if k not in old)
    lines = [line for line in lines if parse_line(line) is None]
    body = "\n".join(lines)
    if "fact" in lowered:  # "- label: value (turn 3, 14 May 2026)" lines
        for line in lines:
            match = _FACT_LINE.match(line.strip())
            if match:
                key = normalise_key(match["label"])
                facts[key] = FinanceFact(key, label_of(key), match["value"].strip(), "facts")
        return facts
    if "recall" in lowered:  # passages: only what the user said then, less what is outdated
        found = find_facts(("recalled", text) for text in _passage_user_texts(body))
        outdated = {normalise_key(m) for m in _OUTDATED.findall(body)}
        return {k: f for k, f in found.items() if k not in outdated}
    found = find_facts([("summary", body)])
    outdated = {normalise_key(m) for m in _OUTDATED.findall(body)}
    facts.update(found)
    return {k: f for k, f in facts.items() if k not in outdated}


def _passage_user_texts(body: str) -> list[str]:
    texts: list[list[str]] = []
    inside = False
    for line in body.splitlines():
        if line.startswith("User: "):
            texts.append([line[len("User: ") :]])
            inside = True
        elif line.startswith(("FinCoach: ", "[Turn ", "(Outdated")):
            inside = False
        elif inside:
            texts[-1].append(line)
    return ["\n".join(t) for t in texts]
