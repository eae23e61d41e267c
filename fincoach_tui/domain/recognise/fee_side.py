"""Whether money called fees, receipts or collections is paid to the user or by them. Pure.

One rule, read by every reader that meets such words. The same word goes either way: "fees
se 60 hazaar aa jata hai" and "the clinic's consultation fees come to 90k a month" are what
the user's work brings in; "beti ki fees 95,000 saal" and "I pay 3,000 in tournament fees"
are costs. The user's work paid in fees (`fee_work`: "I'm a chess coach", "my clinic") is
remembered, so that later fees naming no payer are its takings. Money comes in when the
words say so: fees as where money comes from ("fees se ... aata hai", "1.2 lakh in fees",
"fees received"), the user's own pupils or clients paying, fees that earn. Fees for
someone's studies, or that the user says they pay, stay costs; and a receipt for something
paid ("rent receipts", "receipts for the school fees") is never takings.
"""

from __future__ import annotations

import re

from fincoach_tui.domain.recognise.income_sources import INDIAN_COMES, source_named

# Someone's studies, which fees and receipts are paid for.
_SCHOOLING = r"school|college|university|hostel|exam|admission"
# Fees the user is paid, not pays: a message about the user's own pupils ("fees from my
# students", "six new kids joined the batch", "depends on how many kids pay on time", "the
# fees I collect"). Such a message's fees are what the teaching brings in.
_TEACHES = re.compile(
    r"\b(?:my|our|new|regular)\s+(?:students|pupils|trainees|batch(?:es)?)\b"
    r"|\b(?:students|pupils|trainees)\s+(?:\w+\s+)?(?:pay|paid|paying|joined|enrolled|left)\b"
    r"|\b(?:kids|children|parents)\s+(?:\w+\s+){0,2}(?:pay|paid|paying)\s+(?:me|us|on time|late)\b"
    r"|\b(?:kids|children)\s+(?:\w+\s+)?(?:joined|enrolled)\s+(?:in\s+)?(?:my|our|the|regular|new)?\s*"
    r"(?:\w+\s+)?(?:batch|class|classes|academy|studio)\b"
    r"|\bfees\s+(?:i|we)\s+(?:collect|charge|get|take)\b|\b(?:i|we)\s+(?:collect|charge)\s+fees\b"
    r"|\bfees\s+from\s+(?:my\s+|the\s+|our\s+)?(?:students|pupils|kids|trainees|classes|batch)\b"
    r"|\b(?:students|pupils|trainees)'\s+fees\b|\bfees?\s+collection\b",
    re.IGNORECASE,
)
# ... unless the fees are a child's or the user's own studies: "my son's school fees", or
# the user pays them: "I pay 3,000 in tournament fees", "my own fees for the camp", "Riya's
# dance class fees", "fees for both kids".
_FEES_PAID = re.compile(
    rf"\b(?:{_SCHOOLING}|beti|bitiya|beta|bete|(?:my|our)\s+(?:son|daughter|kid|"
    r"child|children|kids)|i'm\s+a\s+student|i\s+am\s+a\s+student)\b"
    r"|\b(?:i|we)\s+(?:\w+\s+)?(?:pay|paid|spend|spent)\b|\bmy\s+own\b"
    r"|\b(?:entry|tournament|registration|membership|gym|club|course|camp|late|processing|"
    r"society|creche|crèche|daycare|day-care)\s+fees?\b"
    r"|\b[a-z]+'s\s+(?:\w+\s+){0,2}fees?\b|\bfees?\s+for\s+(?:both|the|my|our)\s+"
    r"(?:kids|children|son|daughter|boys|girls)\b",
    re.IGNORECASE,
)
_FEES = ("cost_fees", "cost_tuition")
# Fees that earn: "consultation fees bring in 60k", "fees earn me 30k".
_FEES_EARN = re.compile(
    r"\bfees\s+(?:\w+\s+)?(?:brings?|brought|earns?|earned|fetch(?:es)?|gets?\s+(?:me|us))\b",
    re.IGNORECASE,
)
# A professional's fees by what they are for, said by the month or year: "consultation fees
# come to 90k a month", "professional fees received: 75,000 per month". Not a fee for one
# thing ("legal fees for the flat"), nor one visit's ("consultation fees are 800 a visit").
_PRACTICE_FEES = re.compile(
    r"\b(?:consultation|consulting|professional|legal|audit|retainer(?:ship)?|opd)\s+fees?\b"
    r"(?!\s+(?:for|of)\b)(?=[^.;!?]*\b(?:per\s+month|a\s+month|monthly|p\.?m\b|/\s*month|"
    r"per\s+annum|a\s+year|yearly|annually|p\.?a\b|mahina|mahine)\b)",
    re.IGNORECASE,
)
# Words that cannot come between "I'm" and the work: "I'm with a tutor", "I'm paying the coach".
_NOT_WORK = r"(?!(?:with|to|for|from|my|his|her|their|our|the|not|looking|paying|hiring|getting)\b)"
# Professions paid in fees by their clients ("consultation fees", "legal fees").
_PROFESSION = (
    r"(?:doctor|dentist|physio(?:therapist)?|lawyer|advocate|chartered\s+accountant|architect|"
    r"vet|psychologist|therapist|counsell?or|dietitian|nutritionist)"
)
# The user's own work paid in fees, said of themselves, by what it brings in: "I'm a chess
# coach", "maths tutor here", "Anupama here, chess coach", "I run classes at home", "I teach
# yoga online", "my clinic". Fees said later with no payer are what it brings in.
_FEE_WORK = {
    "tuition": re.compile(
        rf"\b(?:i'?m|i\s+am|myself)\s+(?:an?\s+)?(?:{_NOT_WORK}[\w-]+\s+){{0,2}}"
        r"(?:coach|tutor|trainer|instructor|tuition\s+teacher)\b"
        r"|\b(?:coach|tutor|trainer|instructor)\s+here\b"
        rf"|\bhere,\s+(?:an?\s+)?(?:{_NOT_WORK}[\w-]+\s+){{0,2}}(?:coach|tutor|trainer|instructor)\b"
        r"|\bi\s+(?:teach|tutor|coach|train)\b(?!\s+(?:at|in)\s+(?:a|the)\s+(?:school|college))"
        r"|\bi\s+(?:run|take|conduct|hold)\s+(?:\w+\s+){0,2}(?:class(?:es)?|tuitions?|coaching|"
        r"batch(?:es)?|academy|institute|studio)\b"
        r"|\bmy\s+(?:own\s+)?(?:\w+\s+)?(?:academy|institute|coaching\s+(?:centre|center))\b"
        r"|\btuitions?\s+(?:padhat[aei]|leta|leti|deta|deti|chalat[aei])\b",
        re.IGNORECASE,
    ),
    "practice": re.compile(
        rf"\b(?:i'?m|i\s+am)\s+an?\s+(?:{_NOT_WORK}[\w-]+\s+)?{_PROFESSION}\b"
        rf"|\b{_PROFESSION}\s+here\b|\bi\s+see\s+(?:\w+\s+)?(?:patients|clients)\b"
        r"|\bmy\s+(?:own\s+)?(?:clinic|practice|chamber)\b|\bprivate\s+(?:practice|clinic)\b"
        r"|\bown\s+(?:small\s+|little\s+|dental\s+|law\s+)?(?:clinic|practice|chamber)\b"
        # "Advocate, practising at the courts", "practising law", "professional receipts"
        r"|\bpractis(?:e|ing)\s+(?:at|in|as|law|medicine)\b|\bprofessional\s+receipts\b"
        r"|\bi\s+(?:run|have)\s+(?:a|my\s+own)\s+(?:clinic|practice)\b",
        re.IGNORECASE,
    ),
}
# Income that tells the work: known tuition income makes later bare fees tuition's too.
WORK_OF_INCOME = {f"income_{slug}": slug for slug in _FEE_WORK}


def fee_work(text: str) -> str:
    """The slug of the work paid in fees that `text` says the user does ("tuition",
    "practice"), or ""."""
    return next((slug for slug, said in _FEE_WORK.items() if said.search(text)), "")


# Fees as where money comes from, or as money coming in: "fees se mahine ka 60 hazaar aa
# jata hai", "the vans earn 1.2 lakh in fees", "I get 40k from fees", "fees received 90k",
# "fee income", "fees aati hai 30 hazar, mere students se". Not fees that merely "come to"
# a figure: a bill comes to one too.
_FEES_COME_IN = re.compile(
    rf"\bfees?\s+(?:se|madhun|theke|la\s+irundhu|il\s+ninnu)\b[^.;!?]{{0,45}}?\b(?:{INDIAN_COMES})\b"
    r"|\b(?:earn|earns|earned|earning|make|makes|made|making|get|gets|got|getting|receive|"
    r"receives|received|collect|collects|collected|brings?\s+in|brought\s+in|pulls?\s+in|"
    r"rakes?\s+in)\b(?:[^.;!?]|\.(?=\d)){0,30}?\b(?:in|from|as|through|via)\s+(?:\w+\s+)?fees\b"
    r"|\bfees?\s+(?:\w+\s+)?(?:received|collected|income|earnings|takings|kamai|aamdani)\b"
    r"|\bfees?\s+(?:\w+\s+)?(?:comes?|came|coming)\s+in\b"
    r"|\bfees?\b[^.;!?]{0,40}?\b(?:from|se)\s+(?:my\s+|mere\s+|our\s+|the\s+)?"
    r"(?:students|pupils|trainees|parents|clients|patients|customers)\b"
    # Hindi: "fees aati hai 30 hazar, mere students se"
    r"|\bfees?\b[^.;!?]{0,40}?\b(?:students|pupils|trainees|parents|clients|patients)\s+se\b",
    re.IGNORECASE,
)

_PUPILS = re.compile(r"\b(?:students|pupils|trainees)\b", re.IGNORECASE)


def fees_earned(body: str, work: str = "") -> str:
    """The slug of the work whose takings a message's fees are ("tuition", "practice",
    "vehicle", or "fees" when nothing names the work), or "" when they are the user's
    costs. `work` is the user's work paid in fees, when known."""
    if _FEES_PAID.search(body):
        return ""
    if work:
        return work
    if _TEACHES.search(body):
        return "tuition"
    if _PRACTICE_FEES.search(body):
        return "practice"
    if _FEES_EARN.search(body):
        return source_named(body) or "tuition"
    if _FEES_COME_IN.search(body):  # the work by its name, or by who pays ("students")
        return source_named(body) or ("tuition" if _PUPILS.search(body) else "fees")
    return ""


def fees_received(found: list[tuple[str, str]], body: str, work: str = "") -> list[tuple[str, str]]:
    """The message's fees as what the user's work brings in (`income_tuition`,
    `income_practice`, `income_vehicle`...) when `fees_earned` says they are."""
    if not any(k in _FEES for k, _ in found):
        return found
    slug = fees_earned(body, work)
    if not slug:
        return found
    return [(f"income_{slug}" if k in _FEES else k, v) for k, v in found]


# What the user pays for, as said just before or after the word for what came in: "rent
# receipts", "hospital receipt", "receipts for the school fees".
_PAID_FOR = rf"rent|rental|hra|payment|fee|fees|medical|hospital|tax|shopping|purchase|{_SCHOOLING}"
_PAID_BEFORE = re.compile(rf"\b(?:{_PAID_FOR})\s+$", re.IGNORECASE)
_PAID_AFTER = re.compile(rf"\s+(?:for|of|from)\s+(?:the\s+|my\s+)?(?:{_PAID_FOR})\b", re.IGNORECASE)
# Money the user pays out: "I pay my billing of 3k" is a cost, said oddly.
PAYS_OUT = re.compile(
    r"\b(?:pay|pays|paid|paying|spend|spends|spent|give|gives|send|sends|put|puts|invest|"
    r"invests|save|saves|transfer|transfers)\b(?<!\bget paid)(?<!\bgets paid)(?<!\bgot paid)",
    re.IGNORECASE,
)


def receipts_earned(clause: str, start: int, end: int) -> bool:
    """Whether the receipts, billing or collections said at `clause[start:end]` are what
    the user's work takes in: not a receipt for something paid, in a clause that pays
    nothing out."""
    return not (
        _PAID_BEFORE.search(clause, 0, start)
        or _PAID_AFTER.match(clause, end)
        or PAYS_OUT.search(clause)
    )
