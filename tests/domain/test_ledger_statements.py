"""A bank statement pasted into the chat is one statement in the memory's lines: its entries,
each its description and amount, without the date, the balance or the bank's codes. One
line per row crowded the summary's cap with figures no one asks about. The statements here
are made up for these tests."""

from __future__ import annotations

from fincoach_tui.domain.finance_facts import recognise
from fincoach_tui.domain.statement_pieces import LEDGER, ledger_statements, message_statements
from fincoach_tui.domain.user_statements import Statement
from tests.domain.test_summary_keeps import first_fold

PASTE = (
    "Here is October, see where it goes:\n"
    "Txn Date    Description                          Withdrawal    Deposit      Balance\n"
    "01/10/2026  NEFT CR-ACME TOOLS SALARY OCT                      58,200.00    61,450.00\n"
    "03/10/2026  ACH DR-AXIS BANK CAR LOAN 5521       11,400.00                  50,050.00\n"
    "07/10/2026  UPI-GREEN VALLEY NURSERY               2,350.00                  47,700.00\n"
    "09/10/2026  ACH DR-NIPPON MF SIP                   3,000.00                  44,700.00\n"
    "And the car goes back to the dealer for service next week"
)


def test_a_pasted_statement_is_one_statement_of_its_entries() -> None:
    said = ledger_statements(PASTE, 4)
    assert said == [
        Statement(4, "Here is October, see where it goes:"),
        Statement(
            4,
            LEDGER + "GREEN VALLEY NURSERY 2,350; ACME TOOLS SALARY OCT 58,200; "
            "AXIS BANK CAR LOAN EMI 11,400; NIPPON MF SIP 3,000",
        ),
        Statement(4, "And the car goes back to the dealer for service next week"),
    ]
    # read as the recogniser reads the pasted lines: no balance, no date, no entry taken
    # for more of the one before it
    assert recognise(said[1].text) == [
        (k, v) for k, v in recognise(PASTE) if k in ("salary", "loan_car_emi", "sip")
    ]


def test_a_single_dated_line_is_not_a_pasted_statement() -> None:
    text = "12/3 paid 4,000 to the plumber. The geyser is fixed now"
    assert ledger_statements(text, 2) == message_statements(text, 2) != []
    assert not any(s.text.startswith(LEDGER) for s in ledger_statements(text, 2))


def test_the_summary_keeps_a_paste_in_one_line_and_room_for_the_users_words(counter) -> None:
    said = (
        "I teach at a school in Nashik, my wife runs a small bakery.",
        PASTE,
        "markets scare me, only FDs and RDs for me",
        "My daughter wants to study design, maybe 2030.",
    )
    _, text = first_fold(said, counter, cap=260)
    lines = text.splitlines()
    pasted = [line for line in lines if "NURSERY" in line or "NIPPON" in line]
    assert len(pasted) == 1 and LEDGER in pasted[0]
    assert "61,450" not in text and "01/10/2026" not in text  # no balance, no date
    assert any("markets scare me" in line for line in lines)
    assert any("study design" in line for line in lines)
