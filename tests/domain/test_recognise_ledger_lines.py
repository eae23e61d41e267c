"""A bank statement pasted into the chat: each line's entry is read, not its balance nor
its date. Made-up statements in two layouts."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.finance_facts import find_facts
from fincoach_tui.domain.recognise.ledger_lines import as_entry


def said(*texts: str) -> dict[str, str]:
    found = find_facts([(f"m{n}", text) for n, text in enumerate(texts)])
    return {key: fact.value for key, fact in found.items()}


@pytest.mark.parametrize(
    "lines, expected",
    [
        pytest.param(
            [
                "here is last month from my passbook app:",
                "02/09/2026  NEFT CR SALARY GLOBEX SYSTEMS       88,500.00 CR   1,12,300.00",
                "04/09/2026  ACH DR ICICI HOME LOAN EMI          27,150.00 DR     85,150.00",
                "06/09/2026  UPI/RENT/MR KULKARNI                15,000.00 DR     70,150.00",
            ],
            {"salary": "₹88,500", "loan_home_emi": "₹27,150", "rent": "₹15,000"},
            id="dr and cr after each amount",
        ),
        pytest.param(
            [
                "Date | Narration | Debit | Credit | Balance",
                "11-Aug-26 | NACH/TATA CAPITAL BIKE LOAN | 3,980.00 | | 41,020.00",
                "14-Aug-26 | PENSION CREDIT PNB | | 29,700.00 | 70,720.00",
            ],
            {"loan_bike_emi": "₹3,980", "pension": "₹29,700"},
            id="debit and credit columns",
        ),
    ],
)
def test_a_statement_gives_each_entry_not_the_balance(lines, expected):
    assert said("\n".join(lines)) == expected


def test_a_line_that_is_no_statement_is_read_as_it_is():
    assert as_entry("12/3 paid 4,000 to the plumber") == "12/3 paid 4,000 to the plumber"
    assert as_entry("Rent is 20k") == "Rent is 20k"
    assert as_entry("04/09/2026  ACH DR ICICI HOME LOAN EMI  27,150.00 DR  85,150.00") == (
        "ICICI HOME LOAN EMI 27,150.00"
    )
