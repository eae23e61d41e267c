"""The long sessions the benchmarks generate (benchmarks/session_gen.py) hold the token
counts a played session would: each message's count is the counter's for its own text, so
a turn played on one writes the counts of its new messages only, as on a played session."""

from __future__ import annotations

import json
from pathlib import Path

from fincoach_tui.domain.message_ids import expand_ids
from tests.store.test_streaming_replay import generated, play

TURNS = 1002  # past turn 999, a question's turn number is a token longer than its template's


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def counts_written(events: list[dict]) -> dict[str, int]:
    """Each message's count as the records write it, the first time one sends it."""
    counts: dict[str, int] = {}
    for event in events:
        if event["type"] == "record":
            for item in event["record"]["sent"]:
                if "ids" in item and "tokens" in item:
                    ids = expand_ids(item["ids"])
                    for message_id, count in zip(ids, item["tokens"], strict=True):
                        counts.setdefault(message_id, count)
    return counts


async def test_a_generated_session_holds_the_counts_a_played_one_would(tmp_path, counter) -> None:
    path = generated(tmp_path / "long.jsonl", TURNS)
    events = lines(path)
    texts = {e["message"]["id"]: e["message"]["content"] for e in events if e["type"] == "message"}
    written = counts_written(events)
    assert len(texts) == 2 * TURNS and len(written) == 2 * TURNS - 1  # the last reply: unsent
    assert written == {i: counter.count(texts[i]) for i in written}

    await play(path, "window", 1)  # buffer's request at turn 1,003 is past 128k tokens
    played = lines(path)[len(events) :]
    texts.update({e["message"]["id"]: e["message"]["content"] for e in played if "message" in e})
    # The turn's request writes the counts of the messages it is the first to send (the last
    # generated reply and its own question), and none again.
    assert counts_written(played) == {
        i: counter.count(texts[i]) for i in (f"m{2 * TURNS}", f"m{2 * TURNS + 1}")
    }
