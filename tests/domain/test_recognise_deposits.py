"""Deposits kept at different banks are different facts: a new rate for one does not
replace the other's, however each is named later."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fincoach_tui.domain.finance_facts import find_facts, recognise

FEB_2026 = datetime(2026, 2, 10, tzinfo=UTC).timestamp()


def values(*messages: str, said_at: float | None = None) -> dict[str, str]:
    facts = find_facts([(f"m{i}", m) for i, m in enumerate(messages)], said_at)
    return {k: f.value for k, f in facts.items()}


def test_two_deposits_at_two_banks_keep_their_own_figures() -> None:
    assert values(
        "We have an FD in Canara Bank, 6 lakh at 7.1%, it matures in June 2027",
        "Another small FD in the post office, 2.5 lakh, that one 7.4%",
        "the post office FD matured, we renewed the same 2.5 lakh but now at 6.9% only",
    ) == {
        "fd_canara_amount": "₹6,00,000",
        "fd_canara_rate": "7.1%",
        "fd_canara_maturity": "Jun 2027",
        "fd_post_office_amount": "₹2,50,000",
        "fd_post_office_rate": "6.9%",
    }


def test_a_bank_named_alone_later_is_that_banks_deposit() -> None:
    assert values(
        "2 FDs. ICICI 1.5L at 7%. Axis 90k at 7.2%", "icici one jul 2026. Axis next mar"
    ) == {
        "fd_icici_amount": "₹1,50,000",
        "fd_icici_rate": "7%",
        "fd_axis_amount": "₹90,000",
        "fd_axis_rate": "7.2%",
        "fd_icici_maturity": "Jul 2026",
        "fd_axis_maturity": "next mar",
    }


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("RD in SBI, 3,000 a month", "rd_sbi_amount"),
        ("sahakari bank madhe FD aahe 1.2 lakh", "fd_cooperative_amount"),
        ("PO RD of 1,500 a month", "rd_post_office_amount"),
        ("FD with State Bank of India, 4 lakh", "fd_sbi_amount"),
    ],
)
def test_the_bank_is_read_however_it_is_named(text: str, key: str) -> None:
    assert [k for k, _ in recognise(text)] == [key]


def test_a_deposit_with_no_bank_keeps_the_plain_key_and_its_changes() -> None:
    assert values(
        "I have an FD of 2 lakh at 7.1%, maturing March 2027", "the FD rate got revised to 7.4%"
    ) == {
        "fd_amount": "₹2,00,000",
        "fd_maturity": "Mar 2027",
        "fd_rate": "7.4%",
    }


def test_a_banks_fact_line_reads_back_as_the_same_fact() -> None:
    assert recognise("- FD post office rate: 7.1%") == [("fd_post_office_rate", "7.1%")]
    assert recognise("- FD indian bank amount: ₹8,00,000 (was ₹7,00,000)") == [
        ("fd_indian_bank_amount", "₹8,00,000")
    ]


def test_next_festival_is_the_next_one() -> None:
    assert values("FD of 1.5 lakh, next Diwali la maturity aahe", said_at=FEB_2026) == {
        "fd_amount": "₹1,50,000",
        "fd_maturity": "by Diwali 2026 (8 Nov 2026)",
    }


def test_a_figure_said_to_be_someone_elses_is_not_the_users() -> None:
    assert recognise("The 6.8% was papa's FD. Ours in Canara is 7.1%") == [
        ("fd_canara_rate", "7.1%")
    ]
