"""Probe conversations written by people, read from parsed JSON. Pure: no file reading.

The generated conversations (conversations.py) are phrased by templates; a corpus is what
keeps the probe honest: conversations written independently, in words no recogniser was
tuned on. Each one is a JSON object (the format is documented in docs/PROBE_CORPUS.md):

    {"title": "Rent hike in Pune", "start": "2026-03-14T09:00:00Z",
     "turns": [{"user": "hi, take-home is 85k"},
               {"user": "what's left after rent?",
                "needs": [{"key": "rent", "current": {"amount": 28000},
                           "earlier": [{"amount": 25000}]}]}]}

It becomes the same `Conversation` the generator makes, so the probe plays and judges it
exactly like a generated one. Anything malformed raises `CorpusError` with one line that
says where (turn number, need) and what is wrong; ground truth that contradicts itself
across questions (a value current at one question missing from a later question's
`earlier`) is malformed too.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from datetime import datetime

from fincoach_tui.domain.probe.conversations import Conversation, Needed, ProbeTurn
from fincoach_tui.domain.probe.matcher import Value, month_index

_MONTH = re.compile(r"(?P<year>\d{4})-(?P<month>\d{2})")
_VALUE_FORMS = ("amount", "rate", "month", "phrase")
_CONVERSATION_KEYS = frozenset({"title", "start", "turns", "note"})
_TURN_KEYS = frozenset({"user", "needs", "states", "note"})
_NEED_KEYS = frozenset({"key", "current", "earlier", "note"})


class CorpusError(ValueError):
    """A corpus conversation that cannot be read; the message is one line for the user."""


def kind_of_key(key: str) -> str:
    """A corpus key's kind, for the by-kind table: what comes before its first dot
    ("deposit.rate" -> "deposit", "rent" -> "rent")."""
    return key.split(".", 1)[0]


def conversation_from_json(data: object, number: int) -> Conversation:
    """The conversation `data` (a parsed JSON object) describes, numbered `number`."""
    spec = _object(data, "the conversation", _CONVERSATION_KEYS)
    title = spec.get("title", "")
    if not isinstance(title, str):
        raise CorpusError("title: must be a string")
    start = _start(spec.get("start"))
    turns_data = spec.get("turns")
    if not isinstance(turns_data, list) or not turns_data:
        raise CorpusError('"turns": must be a non-empty list of {"user": ...} objects')
    turns = tuple(_turn(item, n) for n, item in enumerate(turns_data, start=1))
    history = _history(turns)
    kinds = tuple(dict.fromkeys(kind_of_key(key) for key in history))
    return Conversation(number, start, turns, kinds, history, title=title)


def value_from_json(data: object, where: str) -> Value:
    """One value: {"amount": rupees}, {"rate": percent}, {"month": "2027-03", "said":
    "in 8 months"} or {"phrase": "pune" | ["bengaluru", "bangalore"]}."""
    if not isinstance(data, dict):
        raise CorpusError(f'{where}: a value is an object such as {{"amount": 28000}}')
    forms = [form for form in _VALUE_FORMS if form in data]
    allowed = {*forms, "said"} if forms == ["month"] else set(forms)
    if len(forms) != 1 or set(data) - allowed:
        raise CorpusError(
            f"{where}: a value has exactly one of amount, rate, month (with an optional said) "
            f"or phrase; got {', '.join(sorted(data)) or 'nothing'}"
        )
    form = forms[0]
    raw = data[form]
    if form in ("amount", "rate"):
        if isinstance(raw, bool) or not isinstance(raw, int | float) or not math.isfinite(raw):
            raise CorpusError(f"{where}: {form} must be a number, got {raw!r}")
        if raw <= 0 or (form == "rate" and raw > 100):
            limit = "between 0 and 100" if form == "rate" else "positive"
            raise CorpusError(f"{where}: {form} must be {limit}, got {raw!r}")
        return Value(form, float(raw))
    if form == "month":
        found = _MONTH.fullmatch(raw) if isinstance(raw, str) else None
        if found is None or not 1 <= int(found["month"]) <= 12:
            raise CorpusError(f'{where}: month must be "YYYY-MM", got {raw!r}')
        said = _phrases(data["said"], f"{where}: said") if "said" in data else ()
        return Value("month", float(month_index(int(found["year"]), int(found["month"]))), said)
    return Value("phrase", 0.0, _phrases(raw, f"{where}: phrase"))


def _object(data: object, what: str, keys: frozenset[str]) -> Mapping[str, object]:
    if not isinstance(data, dict):
        raise CorpusError(f"{what}: must be a JSON object")
    unknown = sorted(set(data) - keys)
    if unknown:
        raise CorpusError(
            f"{what}: unknown field {unknown[0]!r} (known: {', '.join(sorted(keys))})"
        )
    return data


def _start(raw: object) -> float:
    """Epoch seconds of an ISO 8601 time with its zone ("2026-03-14T09:00:00Z")."""
    try:
        when = datetime.fromisoformat(raw) if isinstance(raw, str) else None
    except ValueError:
        when = None
    if when is None or when.tzinfo is None:
        raise CorpusError(
            f'start: must be a time with its zone, such as "2026-03-14T09:00:00Z"; got {raw!r}'
        )
    return when.timestamp()


def _turn(data: object, number: int) -> ProbeTurn:
    where = f"turn {number}"
    spec = _object(data, where, _TURN_KEYS)
    text = spec.get("user")
    if not isinstance(text, str) or not text.strip():
        raise CorpusError(f'{where}: "user" must be the message, a non-empty string')
    needs_data = spec.get("needs", [])
    if not isinstance(needs_data, list):
        raise CorpusError(f'{where}: "needs" must be a list')
    needs = tuple(_need(item, where) for item in needs_data)
    keys = [n.key for n in needs]
    if len(set(keys)) != len(keys):
        raise CorpusError(f"{where}: a key is needed twice")
    states = spec.get("states", [])
    if not isinstance(states, list) or not all(isinstance(s, str) and s for s in states):
        raise CorpusError(f'{where}: "states" must be a list of keys')
    return ProbeTurn(text, needs, tuple(states))


def _need(data: object, where: str) -> Needed:
    spec = _object(data, f"{where}: a need", _NEED_KEYS)
    key = spec.get("key")
    if not isinstance(key, str) or not key.strip():
        raise CorpusError(f'{where}: every need has a "key", a non-empty string')
    where = f"{where}, need {key!r}"
    if "current" not in spec:
        raise CorpusError(f'{where}: "current" is missing')
    current = value_from_json(spec["current"], f"{where}: current")
    earlier_data = spec.get("earlier", [])
    if not isinstance(earlier_data, list):
        raise CorpusError(f'{where}: "earlier" must be a list of values')
    earlier = tuple(
        value_from_json(item, f"{where}: earlier[{n}]") for n, item in enumerate(earlier_data)
    )
    if current in earlier:
        raise CorpusError(f"{where}: the current value is also listed as earlier")
    return Needed(key, current, earlier)


def _history(turns: Sequence[ProbeTurn]) -> dict[str, tuple[tuple[int, Value], ...]]:
    """key -> (turn, value), oldest first: each value with the first question that needs
    it as current (0 when it is only ever an earlier one). Checks that the questions agree:
    a value current at one question is, once it has changed, among the later ones' earlier."""
    seen: dict[str, list[tuple[int, Value]]] = {}
    last_earlier: dict[str, tuple[Value, ...]] = {}
    for number, turn in enumerate(turns, start=1):
        for need in turn.needs:
            said = seen.setdefault(need.key, [])
            gone = [(at, v) for at, v in said if v != need.current and v not in need.earlier]
            if gone:
                at, value = gone[0]
                raise CorpusError(
                    f"turn {number}, need {need.key!r}: {value.describe()} (current at turn "
                    f"{at}) has changed since, so it must be listed in earlier"
                )
            dropped = [v for v in last_earlier.get(need.key, ()) if v not in need.earlier]
            if dropped:
                raise CorpusError(
                    f"turn {number}, need {need.key!r}: earlier lost {dropped[0].describe()}, "
                    "which an earlier question listed"
                )
            if all(v != need.current for _, v in said):
                said.append((number, need.current))
            last_earlier[need.key] = need.earlier
    history: dict[str, tuple[tuple[int, Value], ...]] = {}
    for key, said in seen.items():
        currents = [v for _, v in said]
        only_earlier = [(0, v) for v in last_earlier[key] if v not in currents]
        history[key] = (*only_earlier, *said)
    return history


def _phrases(raw: object, where: str) -> tuple[str, ...]:
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not items:
        raise CorpusError(f"{where}: must be a string or a non-empty list of strings")
    if not all(isinstance(p, str) and p.strip() for p in items):
        raise CorpusError(f"{where}: every phrase must be a non-empty string")
    return tuple(p.strip().lower() for p in items)
