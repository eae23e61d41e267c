"""Long `buffer` sessions written straight to disk, in seconds rather than by playing turns.

Playing 10,000 turns through the coach takes hours (each buffer request is the whole
session), so: the first `SEED_TURNS` turns are played for real (the real coach, the offline
model, records by reference exactly as FinCoach writes them), and every later turn is a
copy of one of the last played cycle's turns with its ids, turn number and time moved on,
and its record rebuilt as buffer's request at that turn: the system text, every earlier
message by id (one compacted run), the previous reply with its first token count, the new
question with its count. Token totals are running sums of the counts the file holds, so the
file reads back as a consistent session (every record's sent messages resolve; replay
reports no problem), and its bytes per turn are what a played session's are.

    python benchmarks/session_gen.py PATH TURNS
"""

from __future__ import annotations

import copy
import json
import sys
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
    tokens: dict[str, int] = {}  # every message's first count, as the file records it
    for event in events:
        if event["type"] == "record":
            for item in event["record"]["sent"]:
                if "ids" in item and "tokens" in item:
                    ids = item["ids"]
                    if len(ids) == 1 and ".." not in ids[0]:
                        tokens[ids[0]] = item["tokens"][0]
            record = event["record"]  # its reply is counted when the next record sends it
            tokens.setdefault(record["reply_id"], record["usage"]["completion_tokens"])
    system_item = next(e for e in events if e["type"] == "record")["record"]["sent"][0]
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
            message["turn"] = t
            last_ts += 1.0
            message["ts"] = last_ts
            write({"type": "message", "message": message})
        record = copy.deepcopy(next(e for e in template if e["type"] == "record")["record"])
        asked = record["sent"][-1]["tokens"][0]
        answered = record["usage"]["completion_tokens"]
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
        tokens[question], tokens[reply] = asked, answered
        content += asked + answered
    out.close()
    return {"bytes": path.stat().st_size}


if __name__ == "__main__":
    print(json.dumps(fast_session(Path(sys.argv[1]), int(sys.argv[2]))))
