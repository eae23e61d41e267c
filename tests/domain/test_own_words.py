"""A value the user said in other words keeps a short quote of them, which is no part of
the value: made-up sentences of each kind (a city's older name, a stance's words, family
in an Indian language)."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.fact_store import same_value
from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.own_words import QUOTE_WORDS, with_own_words, without_own_words


@pytest.mark.parametrize(
    ("text", "key", "value"),
    [
        ("We rent a flat in Bombay.", "city", 'Mumbai ("Bombay")'),
        ("Settled in Calcutta since 2010.", "city", 'Kolkata ("Calcutta")'),
        ("we live in mumbai", "city", "Mumbai"),  # said as written: nothing to quote
        ("I'm in blr.", "city", "Bengaluru"),  # an abbreviation keeps no words
        (
            "I'm terrified of the share market.",
            "risk",
            'conservative ("terrified of the share market")',
        ),
        ("Dips don't bother me at all.", "risk", 'aggressive ("Dips don\'t bother me")'),
        ("Teen bachche hain.", "family_children", '3 children ("Teen bachche")'),
    ],
)
def test_a_normalised_value_keeps_the_users_words_beside_it(
    text: str, key: str, value: str
) -> None:
    assert dict(recognise(text))[key] == value


def test_the_quote_is_short() -> None:
    long = "mummy papa dono hamare saath hi rehte hain"
    quoted = with_own_words("supports parents", long)
    assert quoted == 'supports parents ("mummy papa dono hamare saath …")'
    assert len(quoted.split('("')[1].split()) == QUOTE_WORDS + 1  # the words and "…"


def test_the_quote_is_no_part_of_the_value() -> None:
    assert without_own_words('Mumbai ("Bombay")') == "Mumbai"
    assert same_value("city", 'Mumbai ("Bombay")', "Mumbai")
    assert not same_value("city", 'Mumbai ("Bombay")', "Pune")


def test_a_summary_note_of_a_quoted_value_reads_back() -> None:
    assert recognise('- city: Pune (was Mumbai ("Bombay"))') == [("city", "Pune")]
    assert recognise('- city: Mumbai ("Bombay")') == [("city", 'Mumbai ("Bombay")')]
