"""The context ledger: a request's tokens part by part, each priced at the input rate,
adding up to what was billed, with the window's remaining space."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.context import Section, system_message
from fincoach_tui.domain.ledger import context_ledger
from fincoach_tui.domain.pricing import Price
from fincoach_tui.domain.records import SentMessage


def words(text: str) -> int:
    return len(text.split())


def test_sections_of_the_system_message_are_their_own_rows():
    built = system_message(
        "You are a coach.",  # 4 words
        (
            Section("summary", "Summary", "Salary 120000, rent 25000."),  # 4
            Section("fact", "Facts", "salary: 120000"),  # 2
            Section("recalled", "Recalled", "rent was 20000 before"),  # 4
        ),
    )
    system = SentMessage(
        "system", built.content, "system", words(built.content), (), built.sections
    )
    sent = [
        system,
        SentMessage("user", "hi there", "verbatim", 2, ("m1",)),
        SentMessage("assistant", "hello", "verbatim", 1, ("m2",)),
        SentMessage("user", "how much can I save", "new", 5, ("m3",)),
    ]
    price = Price(input=2.0, cached_input=1.0, output=8.0)
    ledger = context_ledger(sent, words, prompt_tokens=40, price=price, context_window=100)
    rows = {row.label: (row.tokens, row.cost_usd) for row in ledger.rows}
    # The system message is 20 words: the prompt's 4, three headings ("## Summary") of 2
    # each, the sections' 10. Those 10 are their own rows; the prompt's row is the rest.
    assert words(built.content) == 20
    assert rows == {
        "system prompt": (10, pytest.approx(20e-6)),
        "summary": (4, pytest.approx(8e-6)),
        "recalled": (4, pytest.approx(8e-6)),
        "facts": (2, pytest.approx(4e-6)),
        "verbatim turns": (3, pytest.approx(6e-6)),
        "new message": (5, pytest.approx(10e-6)),
        "chat template": (12, pytest.approx(24e-6)),
    }
    assert sum(row.tokens for row in ledger.rows) == 40 == ledger.prompt_tokens
    assert ledger.cost_usd == pytest.approx(80e-6) and ledger.remaining == 60


def test_no_price_and_no_window():
    sent = [SentMessage("user", "hi", "new", 1, ("m1",))]
    ledger = context_ledger(sent, words, prompt_tokens=8, price=None, context_window=None)
    assert ledger.cost_usd is None and ledger.remaining is None
    assert [(r.label, r.tokens) for r in ledger.rows if r.tokens] == [
        ("new message", 1),
        ("chat template", 7),
    ]
