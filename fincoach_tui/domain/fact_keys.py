"""The names of facts: one key per thing, however it was said or which model named it.

The recogniser's keys (`is_known_key`), how a key is shown (`label_of`) and read back
(`key_of`), and the synonyms a model or an old session uses (`normalise_key`), so that
supersession and precedence work the same whoever extracted the fact.
"""

from __future__ import annotations

import re

# The keys as an extraction prompt can name them (a model answering with these keys shares
# the offline recogniser's keys, so supersession and precedence work the same).
PROMPT_KEYS = (
    "name, age (the user's own, in years), city, salary (monthly take-home), salary_expected (pay to come, with when it "
    "starts: '₹1,20,000 from Apr 2027'; it does not replace salary), spouse_salary, pension, spouse_pension, "
    "parents_pension, rent, expenses, "
    "loan_<home|car|bike|personal|education>_<emi|amount|rate|tenure|end>, "
    "fd_amount, fd_rate, fd_maturity, fd_tenure, rd_amount, rd_rate, rd_end, rd_tenure "
    "(a deposit at a named bank: fd_<bank>_<amount|rate|maturity|tenure>, "
    "rd_<bank>_<amount|rate|end|tenure>, e.g. fd_sbi_rate, rd_post_office_amount), sip, "
    "invest_<ppf|nps|epf|mutual_funds|stocks|gold|elss|crypto>, "
    "insurance_<term|health>_<cover|premium>, cost_<item> (school_fees, maid, utilities...), "
    "emergency_fund, savings, bonus, debt_credit_card, income_support, cost_support, "
    "remittance (money the user sends home each month), "
    "income_<source> (other income: income_shop, income_dairy, income_rental...), "
    "goal_<thing>_amount, goal_<thing>_date, "
    "retirement_age, family_spouse, family_children, family_parents, "
    "family_household (the household as the user listed it), dependants, risk, "
    "risk_reason"
)

_ACRONYMS = frozenset("fd rd sip ppf nps emi epf elss ctc".split())
_STATIC_KEYS = frozenset(
    "name age city salary spouse_salary spouse_name pension rent expenses fd_amount fd_rate fd_maturity fd_tenure rd_amount rd_rate "
    "rd_end rd_tenure sip emergency_fund savings bonus bonus_date debt_credit_card risk "
    "income_support remittance "
    "risk_reason family_spouse family_children family_parents family_household dependants "
    "retirement_age".split()
)
_DYNAMIC_KEY = re.compile(
    # a loan, and one of two of a type told apart by its name: loan_home_pune_emi
    r"^(?:(?:spouse_|parents_)?loan_[a-z]+(?:_[a-z0-9]+)*_(?:emi|amount|rate|tenure|end)|invest_[a-z_]+"
    r"|(?:spouse_|parents_|children_)?insurance_[a-z]+_(?:cover|premium)"
    r"|cost_[a-z_]+|goal_[a-z_]+|rent_(?!amount$|monthly$)[a-z]+|(?:fd|rd)\d_(?:amount|rate|maturity|tenure|end)"
    # income from a source of its own (recognise_income), a deposit kept at a named bank
    # (recognise_deposits)
    r"|income_(?!tax)[a-z_]+|(?:fd|rd)_[a-z_]+_(?:amount|rate|maturity|tenure|end)"
    # someone else's pay, pension, SIP or bonus, or a named speaker's stance (recognise_owners)
    r"|(?:spouse|parents)_(?:salary|pension|sip|bonus)"
    r"|(?:salary|pension|sip|bonus|risk|risk_reason|insurance_[a-z]+_(?:cover|premium))"
    r"_of_[a-z]{1,12}"
    # pay to come, beside the pay now (recognise_income.pay_to_come)
    r"|(?:spouse_|parents_)?salary_expected(?:_of_[a-z]{1,12})?)$"
)


def is_known_key(key: str) -> bool:
    """A key the recogniser itself produces (so a "label: value" line can be read back)."""
    return key in _STATIC_KEYS or bool(_DYNAMIC_KEY.match(key))


def label_of(key: str) -> str:
    """ "rd_end" -> "RD end", "loan_car_emi" -> "loan car EMI", "salary" -> "salary",
    "salary_of_k" -> "salary of K" (what "K: ..." said of their own pay), "pension_of_mother"
    -> "pension of mother" (one parent's)."""
    said_by = _SAID_BY.match(key)
    if said_by:  # two people typing: "K" of "K: ...", a name as it is written
        who = said_by["who"]
        who = who.upper() if len(who) <= 2 else who if who in ("father", "mother") else who.title()
        return f"{label_of(said_by['what'])} of {who}"
    loan = _LOAN_KEY.match(key)
    if loan:  # "car loan EMI", "car loan (Eeco) EMI", "spouse home loan EMI", "loan EMI"
        tag = " ".join(
            w if any(c.isdigit() for c in w) else w.title() for w in (loan["tag"] or "").split("_")
        )
        kind = "" if loan["type"] == "loan" else f"{loan['type']} "
        named = f" ({tag})" if tag else ""
        slot = loan["slot"].upper() if loan["slot"] == "emi" else loan["slot"]
        return f"{loan['who'] or ''}{kind}loan{named} {slot}".replace("_", " ")
    return " ".join(w.upper() if w in _ACRONYMS else w for w in key.split("_"))


# A loan's key: whose (the user's when none), its type ("loan" for none said), what tells
# it apart from another of its type (a name, a vehicle model), and which of its figures.
_LOAN_SLOTS = "emi|amount|rate|tenure|end"
_LOAN_KEY = re.compile(
    rf"^(?P<who>(?:spouse|parents)_)?loan_(?P<type>[a-z]+)(?:_(?P<tag>[a-z0-9_]+?))?_(?P<slot>{_LOAN_SLOTS})$"
)
# ... and its label read back: "car loan (Eeco) EMI", "spouse home loan EMI", "loan EMI".
_LOAN_LABEL = re.compile(
    r"^(?P<who>(?:spouse|parents)[\s_]+)?(?:(?P<type>[a-z]+)[\s_]+)?loan(?:\s*\((?P<tag>[a-z0-9 ]+)\))?"
    rf"[\s_]+(?P<slot>{_LOAN_SLOTS})$",
    re.IGNORECASE,
)


_SAID_BY = re.compile(
    r"^(?P<what>salary|pension|sip|bonus|risk|risk_reason|insurance_[a-z]+_(?:cover|premium))"
    r"_of_(?P<who>[a-z]{1,12})$"
)


def key_of(label: str) -> str:
    """The key a label names: the reverse of `label_of` (and of "monthly rent" -> "monthly_rent")."""
    return re.sub(r"[^a-z0-9]+", "_", label.strip().lower()).strip("_")


# Synonyms a model (or an old session) uses for the recogniser's keys: normalised on the way
# into the store so that "take_home_pay" and "salary" are one fact with one history.
_SYNONYMS = {
    "salary": (
        "monthly_salary take_home take_home_pay take_home_salary net_salary net_pay in_hand "
        "in_hand_salary monthly_income income monthly_take_home salary_monthly net_income"
    ),
    "rent": "monthly_rent house_rent rent_amount flat_rent apartment_rent rent_monthly",
    "expenses": "monthly_expenses expense living_expenses monthly_spend spending",
    "fd_amount": "fd fixed_deposit fixed_deposit_amount fd_value",
    "fd_maturity": "fd_maturity_date fixed_deposit_maturity fd_matures fd_end",
    "rd_amount": "rd recurring_deposit recurring_deposit_amount rd_monthly rd_installment",
    "rd_end": "rd_end_date rd_maturity rd_maturity_date recurring_deposit_end recurring_deposit_maturity",
    "risk": "risk_preference risk_appetite risk_tolerance risk_profile",
    "risk_reason": "risk_preference_reason reason_for_risk_preference risk_appetite_reason",
    "city": "location city_of_residence current_city home_city",
    "sip": "sip_amount monthly_sip sips",
    "name": "user_name first_name",
}
_SYNONYM_OF = {alias: key for key, aliases in _SYNONYMS.items() for alias in aliases.split()}


_BANK_DEPOSIT_END = re.compile(r"^(?P<kind>fd|rd)_(?P<bank>[a-z_]+)_(?:maturity|end)$")


def normalise_key(key: str) -> str:
    """One key per thing: a model's "take_home_pay" is the recogniser's "salary", and a
    bank's "fd_sbi_end" its "fd_sbi_maturity" (as "fd_end" is "fd_maturity")."""
    loan = _LOAN_LABEL.match(key.strip())
    if loan and (loan["type"] or "").lower() not in ("spouse", "parents"):
        tag = "_" + key_of(loan["tag"]) if loan["tag"] else ""
        who = key_of(loan["who"]) + "_" if loan["who"] else ""
        return f"{who}loan_{(loan['type'] or 'loan').lower()}{tag}_{loan['slot'].lower()}"
    key = key_of(key)
    bank_deposit = _BANK_DEPOSIT_END.match(key)
    if bank_deposit:
        kind, bank = bank_deposit["kind"], bank_deposit["bank"]
        return f"{kind}_{bank}_{'maturity' if kind == 'fd' else 'end'}"
    return _SYNONYM_OF.get(key, key)
