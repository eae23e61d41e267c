"""Pay read off a payslip: the net is the pay, the gross is not, the deductions are their own
things. Pure.

"gross 6,200 SGD, CPF 1,240, net S$4,640", "payslip: basic 40k, HRA 16k, PF 4,800, TDS
6k, net 71,300", "gross $7,400 / net $5,520 after 401k and taxes", "ctc 18 LPA, in hand
1.21 lakh": a message that gives the pay both before and after what is taken off it. What
the user lives on is the net: a bare "net" there names the pay (else its figure would go to
the deduction named before it, "CPF 1,240, net 4,640"), and the gross (or the CTC) is
blanked, so that it can neither be filed as the pay nor replace the net, whichever comes
first. A message with a gross and no net keeps the gross as the pay (the one figure given).
"""

from __future__ import annotations

import re

from fincoach_tui.domain.amounts import find_amounts
from fincoach_tui.domain.recognise.parts import Anchor
from fincoach_tui.domain.recognise.rents import without_allowance

# Words of a payslip: the pay before deductions, and what is deducted from it.
_PAYSLIP = re.compile(
    r"\b(?:gross|pay\s?slip|salary\s+slip|ctc|lpa|cost\s+to\s+company|basic|deductions?|"
    r"cpf|e?pf|vpf|provident\s+fund|(?-i:NI)|national\s+insurance|superannuation|"
    r"401\s?\(?k\)?|socso|esic?|professional\s+tax|(?-i:PT)|salary|salaries|wages?|"
    r"(?:get|gets|got|am|are|is)\s+paid|paid\s+(?:weekly|fortnightly|monthly)|"
    # news about the pay: "pay revision! net ab 1,24,600"
    r"pay\s+(?:revision|revised|rise|raise|hike|cut)|increment|appraisal|promotion)\b"
    # the net of a week's or a fortnight's work is pay: "net 1,150 a week"
    r"|\bnet\b[^.;!?]{0,30}?\b(?:(?:a|per|every|each)\s+(?:week|fortnight)|weekly|fortnightly)\b",
    re.IGNORECASE,
)
# What a bare "net" (or Hindi's "haath me", in hand) may stand before and still be the pay's:
# "net S$4,640", "net is about 6,100", "net: 50,000", "net credited 95,400", "haath me 91,800". Not "net worth", "net
# of tax", "net profit", "net 6.4%" (no figure of money follows), "net pay" (already the pay).
_BARE_NET = re.compile(
    r"\b(?:net|haath\s+(?:mein|me|main|mai))\b"
    r"(?=\s*(?:(?:is|was|comes?\s+to|came\s+to|credited|about|around|approx\.?|"
    r"roughly|nearly|only|now|ab|abhi|monthly|per\s+month|a\s+month|:|-|=|~)\s*)*"
    r"(?:₹|rs\.?|inr|[a-z]{0,2}\$|£|€|rm|sgd|aud|usd|gbp|eur|myr|cad|nzd|aed|\d))",
    re.IGNORECASE,
)
# The user's own net, said with whose it is: "my net is 1,640 euro a month", "our net comes
# to 2.1 lakh". Not "my net worth", "our net savings".
_OWN_NET = re.compile(
    r"\b(?:my|our)\s+net\b(?!\s+(?:pay|salary|income|take[- ]?home|worth|savings?|assets?|"
    r"profit|margin|returns?|gain|loss|banking|cost|rent|interest|of)\b)",
    re.IGNORECASE,
)
# The net said in other words: the pay anchors already know them ("in hand", "take-home").
_NET_SAID = re.compile(
    r"\b(?:net|in[- ]hand|take[- ]?home|takehome|credited|haath\s+(?:mein|me|main))\b",
    re.IGNORECASE,
)
# The pay before deductions, labelling the figure after it ("gross 6,200", "gross salary of
# 95k", "ctc is 18 LPA", "package: 14 lakh") or before it ("95k gross", "$7,400 gross pay").
_GROSS_BEFORE = re.compile(
    r"\b(?:gross(?:\s+(?:salary|pay|income|monthly|wages?))?|ctc|cost\s+to\s+company|package)"
    r"(?:\s*(?:is|was|of|at|about|around|:|-|=|~))*\s*$",
    re.IGNORECASE,
)
_GROSS_AFTER = re.compile(
    r"^\s*(?:(?:a|per|every)\s+(?:month|year)\s+|monthly\s+|yearly\s+)?"
    r"(?:gross|ctc|before\s+(?:tax(?:es)?|deductions))\b",
    re.IGNORECASE,
)

# What is taken off the pay that is no fact of its own (taxes, social security): blanked with
# its figure in a payslip, else the figure would go to the deduction or the pay named before
# it ("PF 4,800, TDS 6k": 6k is no PF). A provident fund, the CPF, a 401k, a pension or
# superannuation are savings of the user's and stay.
_TAX_BEFORE = re.compile(
    r"\b(?:tds|(?:total\s+)?deductions?|(?:income\s+)?tax(?:es)?|(?-i:NI)|national\s+insurance|professional\s+tax|"
    r"(?-i:PT)|socso|esic?|medicare|social\s+security|fica|usc|prsi)"
    r"(?:\s*(?:is|was|of|at|about|around|deducted|cut|:|-|=|~))*\s*$",
    re.IGNORECASE,
)

# ... unless it is what the pay is net of and no figure came before it: "take home after tax
# £2,950", "take-home after PF and ESI is 55k" (the figure is the pay), not "net 71,300 after
# TDS 6k" (6k is the TDS).
_NET_OF_BEFORE = re.compile(
    r"\b(?:after|net\s+of|minus|before|post|pre-?)\s*(?:[\w-]+(?:\s*,|\s+and|\s*&)\s+){0,3}$",
    re.I,
)


def payslip_read(text: str, message: str) -> str:
    """`text` (a sentence of `message`) as the pay it states: its house rent allowance
    blanked (`without_allowance`), the user's own "net" said as their net pay ("my net is
    1,640 euro" -> "my net pay is ..."), and when `message` reads as a payslip, each gross
    figure and each tax blanked with its word, and its bare "net" said as the net pay."""
    text = without_allowance(text)  # "HRA 18k": part of the pay, no rent
    text = _OWN_NET.sub(lambda m: m.group(0) + " pay", text)  # "my net is 1,640 euro"
    if not (_PAYSLIP.search(message) and _NET_SAID.search(message)):
        return text
    blanked = text
    for amount in find_amounts(text):
        before = _GROSS_BEFORE.search(text, 0, amount.start) or _tax_before(text, amount.start)
        after = _GROSS_AFTER.match(text[amount.end :])
        if before is not None:
            start, end = before.start(), amount.end
        elif after is not None:
            start, end = amount.start, amount.end + after.end()
        else:
            continue
        blanked = blanked[:start] + " " * (end - start) + blanked[end:]
    return _BARE_NET.sub("net pay", blanked)


def _tax_before(text: str, at: int) -> re.Match[str] | None:
    """A tax labelling the figure at `at`, not what a figure said first is net of."""
    tax = _TAX_BEFORE.search(text, 0, at)
    if tax is None or not _NET_OF_BEFORE.search(text, 0, tax.start()):
        return tax
    return tax if any(a.end <= tax.start() for a in find_amounts(text)) else None


# What a figure is net of is not what it is: "46k after tax and PF", "take-home after EMI and
# rent is 40k"; not a change said as when ("after my promotion, salary is 95k").
NET_OF = re.compile(
    r"\b(?:after(?!\s+(?:[\w-]+\s+){0,2}?(?:reset|revision|revised|hike|increase|cut|change|"
    r"renewal|prepayment|part[- ]?payment|top[- ]?up|restructur\w*|raise|promotion|increment|"
    r"appraisal|switch|transfer|marriage|wedding)\b)"
    r"|net of|minus|less|excluding|post(?!\s+office\b))\s+(?:[\w-]+\s+){0,3}"
    r"(?:and\s+)?$",
    re.I,
)
# What stands between a deduction and its own figure: "PF 9,000", "pf cut of 3,600".
_DEDUCTION_GAP = re.compile(
    r"\s*(?:(?:cut|deduction|contribution)\s+)?(?:of\s+)?(?:rs\.?|inr|₹)?\s*|\s*[:(]\s*", re.I
)


def deduction_labelled(clause: str, at: int, anchors: list[Anchor]) -> Anchor | None:
    """The thing a figure is net of, when it gives its own figure (at `at`) right after
    it: "1,21,000 after PF 9,000 and TDS", "62k in hand after the pf cut of 3,600"."""
    deducted = [
        a
        for a in anchors
        if a.end <= at
        and _DEDUCTION_GAP.fullmatch(clause, a.end, at)
        and NET_OF.search(clause, 0, a.start)
    ]
    return deducted[-1] if deducted else None
