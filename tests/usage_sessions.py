"""Session files written by hand for the usage tests: messages at chosen times and records
with chosen usage and cost, in the session file's own shape (one JSON line per event)."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest


def at(day: str, hour: int = 12) -> float:
    """Seconds since the epoch of `day` (YYYY-MM-DD) at `hour`, UTC."""
    return datetime.fromisoformat(f"{day}T{hour:02d}:00:00").replace(tzinfo=UTC).timestamp()


def record(
    turn: int,
    prompt: int,
    completion: int,
    cost: float | None,
    *,
    kind: str = "chat",
    model: str = "gpt-4o-mini",
    strategy: str = "buffer",
    cached: int = 0,
    reasoning: int = 0,
    estimated: bool = False,
) -> dict[str, Any]:
    usage = {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "cached_tokens": cached,
        "reasoning_tokens": reasoning,
        "estimated": estimated,
        "provider_cost": None,
    }
    return {
        "type": "record",
        "record": {
            "kind": kind, "turn": turn, "strategy": strategy, "provider": "openai",
            "model": model, "sent": [], "omitted_ids": [], "counted_tokens": prompt,
            "predicted_prompt_tokens": prompt, "usage": usage, "cost_usd": cost,
            "latency_s": 0.1, "simulated": False, "reply_id": None, "note": "", "extra": {},
        },
    }  # fmt: skip


def message(number: int, role: str, ts: float, turn: int) -> dict[str, Any]:
    content = f"message {number}"
    return {
        "type": "message",
        "message": {"id": f"m{number}", "role": role, "content": content, "ts": ts, "turn": turn},
    }


def write_session(sessions_dir: Path, name: str, turns: list[tuple[float, list[dict]]]) -> Path:
    """A session whose turn i is asked and answered at turns[i][0], followed by its records
    (maintenance first, the chat record last, as the coach writes them)."""
    events: list[dict[str, Any]] = [{"type": "header", "format": 2, "created": ""}]
    number = 0
    for index, (ts, records) in enumerate(turns, start=1):
        number += 1
        events.append(message(number, "user", ts, index))
        *maintenance, chat = records
        events.extend(maintenance)
        number += 1
        events.append(message(number, "assistant", ts + 1, index))
        events.append(chat)
    sessions_dir.mkdir(parents=True, exist_ok=True)
    path = sessions_dir / f"{name}.jsonl"
    path.write_text("".join(json.dumps(e, separators=(",", ":")) + "\n" for e in events))
    return path


@pytest.fixture
def utc(monkeypatch):
    """Local time is UTC for the test (the usage index counts local days)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
