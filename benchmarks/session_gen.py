"""Long `buffer` sessions written straight to disk, in seconds rather than by playing turns.

Playing 10,000 turns through the coach takes hours (each buffer request is the whole
session), so: the first `SEED_TURNS` turns are played for real (the real coach, the offline
model, records by reference exactly as FinCoach writes them), and every later turn is a
copy of one of the last played cycle's turns with its ids, turn number and time moved on,
and its record rebuilt as buffer's request at that turn: the system text, every earlier
message by id (one compacted run), the previous reply with its first token count, the new
question with its count. Each count is the session's counter's for that message's own text,
as a played session holds it (a question's turn number grows, and from turn 1,000 on it is
a token longer than its template's): a turn played on the session later counts every
message as the file does and writes no count again. Token totals are running sums of
those counts, so the file reads back as a consistent session (every record's sent messages
resolve; replay reports no problem), and its bytes per turn are what a played session's
are.

    python benchmarks/session_gen.py PATH TURNS
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from pathlib import Path

from bench_common import generate_session

SEED_TURNS = 10  # two cycles of the demo's five questions; the second is the template
CYCLE = 5


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _by_turn(events: list[dict]) -> dict[int, list[dict]]:
    """The events of each played turn (its question, reply, texts and record), in order."""
    turns: dict[int, list[dict]] = {}
    current = 0
    for event in events:
        if event["type"] == "message" and event["message"]["role"] == "user":
            current = event["message"]["turn"]
        if current:
            turns.setdefault(current, []).append(event)
    return turns


def fast_session(path: Path, turns: int) -> dict:
    """Write a `turns`-turn buffer session to `path`; returns its size in bytes."""
    seed = min(turns, SEED_TURNS)
    generate_session(path, seed, "buffer")
    events = _lines(path)
    if turns <= seed:
        return {"bytes": path.stat().st_size}
    played = _by_turn(events)
    out = path.open("w", encoding="utf-8")

    def write(event: dict) -> None:
        out.write(json.dumps(event, ensure_ascii=False, separators=(",", ":")) + "\n")

    for event in events:  # the played turns as they are
        write(event)
    first_record = next(e for e in events if e["type"] == "record")["record"]
    count = _counter(first_record["model"])
    # Every message's count, as the file records it (a reply's in the record that sends it next).
    tokens = {
        e["message"]["id"]: count(e["message"]["content"]) for e in events if e["type"] == "message"
    }
    system_item = first_record["sent"][0]
    system = system_item["tokens"]
    content = sum(tokens.values())  # every message so far (buffer sends them all)
    last_ts = max(e["message"]["ts"] for e in events if e["type"] == "message")
    for t in range(seed + 1, turns + 1):
        template = played[seed - CYCLE + 1 + (t - seed - 1) % CYCLE]
        question, reply = f"m{2 * t - 1}", f"m{2 * t}"
        previous = f"m{2 * t - 2}"
        for event in template:
            if event["type"] != "message":
                continue
            message = copy.deepcopy(event["message"])
            if message["role"] == "user":
                text = message["content"]
                message["content"] = text[: text.rfind("(turn ")] + f"(turn {t})"
                message["id"] = question
            else:
                message["id"] = reply
            tokens[message["id"]] = count(message["content"])
            message["turn"] = t
            last_ts += 1.0
            message["ts"] = last_ts
            write({"type": "message", "message": message})
        record = copy.deepcopy(next(e for e in template if e["type"] == "record")["record"])
        asked = tokens[question]
        answered = record["usage"]["completion_tokens"]  # what the model billed for the reply
        counted = system + content + asked
        record["sent"] = [
            system_item,
            {"ids": [f"m1..m{2 * t - 3}"], "provenance": "verbatim"},
            {"ids": [previous], "provenance": "verbatim", "tokens": [tokens[previous]]},
            {"ids": [question], "provenance": "new", "tokens": [asked]},
        ]
        prompt = counted + 3 * (2 * t + 1) + 3  # OpenAI's template: 3 per message + 3
        rate = record["cost_usd"] / (
            record["usage"]["prompt_tokens"] + 4 * record["usage"]["completion_tokens"]
        )
        record.update(
            turn=t,
            reply_id=reply,
            counted_tokens=counted,
            predicted_prompt_tokens=prompt,
            cost_usd=rate * (prompt + 4 * answered),
        )
        record["usage"]["prompt_tokens"] = prompt
        write({"type": "record", "record": record})
        content += asked + tokens[reply]
    out.close()
    return {"bytes": path.stat().st_size}


def _counter(model: str) -> Callable[[str], int]:
    """A message's token count as FinCoach's counter makes it for `model` (offline: tiktoken,
    `encode_ordinary`), remembered by text (the replies repeat their templates')."""
    from fincoach_tui.domain.tokens import encoding_for_model
    from fincoach_tui.llm.vocab import load_encoding

    encode = load_encoding(encoding_for_model(model)).encode_ordinary
    counts: dict[str, int] = {}

    def count(text: str) -> int:
        known = counts.get(text)
        if known is None:
            known = counts[text] = len(encode(text))
        return known

    return count


if __name__ == "__main__":
    print(json.dumps(fast_session(Path(sys.argv[1]), int(sys.argv[2]))))
