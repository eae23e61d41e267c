"""Keys for income from a source of its own and for deposits at a named bank read back from a
summary's "label: value" lines as the same keys and values, like every other key. The
sentences are made up for these tests."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.fact_keys import PROMPT_KEYS, is_known_key, normalise_key
from fincoach_tui.domain.fact_relevance import relevant
from fincoach_tui.domain.finance_facts import find_facts, recognise
from fincoach_tui.llm.offline_summary import summarize
from tests.domain.test_recognise_speech import fold


def facts_of(summary: str) -> dict[str, str]:
    return {key: fact.value for key, fact in find_facts([("summary", summary)]).items()}


def test_a_fold_keeps_income_sources_and_bank_deposits_and_reads_them_back() -> None:
    summary = fold(
        "The dairy brings in about 18k a month on top of my pay",
        "We keep an FD with SBI, 4 lakh at 7.1%, it matures in March 2028",
        "Also an RD at the post office, 3,000 a month",
    )
    expected = {
        "income_dairy": "₹18,000 a month",
        "fd_sbi_amount": "₹4,00,000",
        "fd_sbi_rate": "7.1%",
        "fd_sbi_maturity": "Mar 2028",
        "rd_post_office_amount": "₹3,000",
    }
    assert [line for line in summary.splitlines() if line.startswith("- ") and ":" in line][:5] == [
        "- income dairy: ₹18,000 a month",
        "- FD sbi amount: ₹4,00,000",
        "- FD sbi rate: 7.1%",
        "- FD sbi maturity: Mar 2028",
        "- RD post office amount: ₹3,000",
    ]
    assert {k: v for k, v in facts_of(summary).items() if k in expected} == expected
    # The next fold reads them from the previous summary and writes them again unchanged.
    request = [
        {"role": "system", "content": "Summarise."},
        {"role": "user", "content": f"Previous summary:\n{summary}\n\nNew turns (9-9):\nUser: ok"},
    ]
    again = summarize(request)
    assert {k: v for k, v in facts_of(again).items() if k in expected} == expected


@pytest.mark.parametrize(
    "key",
    [
        "income_dairy",
        "income_shop",
        "income_rental",
        "fd_sbi_rate",
        "rd_post_office_amount",
        "fd_indian_bank_maturity",
        "rd_cooperative_end",
        "fd_bank_of_baroda_tenure",
    ],
)
def test_the_keys_are_known_so_their_lines_are_read_as_lines(key: str) -> None:
    assert is_known_key(key)


def test_a_line_keeps_its_value_as_written_with_its_currency() -> None:
    """Read as a line, not as free text: the order of the lines is the order of the facts,
    and a note after a value names the old value, not the current one."""
    lines = "\n".join(
        [
            "- income shop: AED 4,000 (was AED 3,500)",
            "- salary: $5,000",
            "- RD post office end: Jun 2028",
            "- FD indian bank rate: 7.25%",
        ]
    )
    assert recognise(lines) == [
        ("income_shop", "AED 4,000"),
        ("salary", "$5,000"),
        ("rd_post_office_end", "Jun 2028"),
        ("fd_indian_bank_rate", "7.25%"),
    ]


def test_a_models_end_of_a_bank_deposit_is_the_recognisers_key() -> None:
    assert normalise_key("fd_sbi_end") == "fd_sbi_maturity"
    assert normalise_key("RD post office maturity") == "rd_post_office_end"
    assert recognise("- FD hdfc end: Jan 2029") == [("fd_hdfc_maturity", "Jan 2029")]


def test_income_tax_is_not_a_source_of_income() -> None:
    assert not is_known_key("income_tax")


def test_the_extraction_prompt_names_the_keys() -> None:
    assert "income_<source>" in PROMPT_KEYS
    assert "fd_<bank>_<amount|rate|maturity|tenure>" in PROMPT_KEYS


def test_a_question_about_income_or_a_deposit_rate_finds_them() -> None:
    assert relevant("income_dairy", "₹18,000", "What do I earn in all each month?")
    assert not relevant("income_dairy", "₹18,000", "Is my rent too high?")
    assert relevant("fd_sbi_rate", "7.1%", "Which deposit gives the better rate?")


# ---- a deposit named later without its bank --------------------------------------------


def said(*texts: str) -> dict[str, str]:
    found = find_facts([(f"m{n}", text) for n, text in enumerate(texts)])
    return {key: fact.value for key, fact in found.items()}


def test_the_one_bank_deposit_known_takes_a_later_figure_said_without_the_bank() -> None:
    assert said(
        "We keep an FD with SBI, 4 lakh at 7.1%",
        "ok, thanks",
        "the FD rate is now 7.4%",
    ) == {"fd_sbi_amount": "₹4,00,000", "fd_sbi_rate": "7.4%"}
    assert said("RD at the post office, 3,000 a month", "my RD ends in June 2028") == {
        "rd_post_office_amount": "₹3,000",
        "rd_post_office_end": "Jun 2028",
    }


def test_with_two_deposits_known_the_bank_is_not_guessed() -> None:
    assert said(
        "We keep an FD with SBI, 4 lakh at 7.1%",
        "And an HDFC FD of 2 lakh at 7.3%",
        "the FD rate is now 7.4%",
    ) == {
        "fd_sbi_amount": "₹4,00,000",
        "fd_sbi_rate": "7.1%",
        "fd_hdfc_amount": "₹2,00,000",
        "fd_hdfc_rate": "7.3%",
        "fd_rate": "7.4%",
    }
    # one at a bank and one without: two deposits as well
    assert (
        said("I have an FD of 3 lakh", "We keep an FD with SBI, 4 lakh", "FD rate 7.4%")["fd_rate"]
        == "7.4%"
    )


def test_another_deposit_is_not_the_known_one() -> None:
    assert said("We keep an FD with SBI, 4 lakh at 7.1%", "I opened another FD of 2 lakh") == {
        "fd_sbi_amount": "₹4,00,000",
        "fd_sbi_rate": "7.1%",
        "fd_amount": "₹2,00,000",
    }


def test_an_rd_is_not_the_known_fd() -> None:
    assert said("We keep an FD with SBI, 4 lakh", "my RD is 5k a month") == {
        "fd_sbi_amount": "₹4,00,000",
        "rd_amount": "₹5,000",
    }


def test_a_fold_sends_the_new_rate_under_the_deposits_key_and_not_the_old_as_current() -> None:
    summary = fold("We keep an FD with SBI, 4 lakh at 7.1%", "the FD rate is now 7.4%")
    facts = facts_of(summary)
    assert facts["fd_sbi_rate"] == "7.4%"
    assert "fd_rate" not in facts
