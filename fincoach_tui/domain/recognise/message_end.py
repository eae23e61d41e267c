"""What a message's facts settle to once every sentence of it has been read.

Sentence by sentence, the recogniser files each figure where its own words put it. Some
readings need the whole message and what is already known: which of two known loans a plain
EMI is, fees the user is paid rather than pays, a rent ended by where the user now lives,
a bare pay after news of the spouse's work, pay announced then arriving, and dates said relative to when the message was sent."""

from __future__ import annotations

from fincoach_tui.domain.own_words import without_own_words
from fincoach_tui.domain.recognise.context import Reading
from fincoach_tui.domain.recognise.fee_side import fees_received
from fincoach_tui.domain.recognise.future_pay import retire_expected, settle_pay
from fincoach_tui.domain.recognise.known import the_one_known, the_vehicle_meant, which_loan_meant
from fincoach_tui.domain.recognise.rents import rent_end_said
from fincoach_tui.domain.recognise.spouse import spouse_news_pay
from fincoach_tui.domain.recognise.whose_loan import the_owners_loan
from fincoach_tui.domain.relative_dates import resolve_relative

Found = list[tuple[str, str]]


def settled(
    found: Found, reading: Reading, body: str, sentences: list[str], said_at: float | None
) -> Found:
    """`found`, the facts read sentence by sentence from `body`, as the whole message and
    what `reading` already knows settle them."""
    found = the_owners_loan(found, reading, body)  # "baba's loan ... EMI now 5,250"
    found = which_loan_meant(the_one_known(found, reading, body), reading, body)
    found = the_vehicle_meant(found, reading, body)  # "Activa loan ..., EMI 2,750"
    found = fees_received(found, body, reading.work)  # fees the user is paid
    found = rent_end_said(found, sentences)  # "got the govt quarter. No more rent."
    # "Shafeeq promoted to bosun!! salary approx 36,500 now": the spouse's pay
    spouse_name = next((v for k, v in found if k == "spouse_name"), reading.spouse_name)
    found = spouse_news_pay(found, sentences, spouse_name)
    found = settle_pay(stance_in_own_words(found), said_at)
    found = retire_expected(found, reading.figures, body)  # "joined, getting 1.2L now"
    if said_at is not None:
        found = [(k, resolve_relative(v, said_at)) for k, v in found]
    return found


def stance_in_own_words(found: Found) -> Found:
    """A message's stance in the user's own words ("ekdum safe") is not replaced by the
    class a later sentence of it falls in ("paisa doobna nahi chahiye": conservative)."""
    stances = [v for k, v in found if k == "risk"]
    if len(stances) < 2 or without_own_words(stances[-1]) not in ("conservative", "aggressive"):
        return found
    last = max(i for i, (k, _) in enumerate(found) if k == "risk")
    return found[:last] + found[last + 1 :]
