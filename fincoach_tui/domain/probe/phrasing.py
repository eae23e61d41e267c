"""How the probe's users talk: the cities, dependants, loans and risk appetites they name
(with the equivalent words a summary might use), many templates per fact, per change and
per late question, and unrelated questions to bury the facts under. Data only.

Written in several voices (terse, chatty, formal), deliberately not in the words a pattern
matcher would prefer: "in-hand", "lands in my account", "landlord raised it". Placeholders:
{amount} {premium} {rate} {date} {what} {loan} {city} {level} {reason}. Filler and
questions state no figure, city, dependant or risk word of their own (a test checks), so
only planted facts can make a request carry a planted value.
"""

from __future__ import annotations

# Cities and the names a summary might use for them.
CITIES = (
    ("Bengaluru", "bangalore"),
    ("Mumbai", "bombay"),
    ("Pune",),
    ("Hyderabad",),
    ("Chennai", "madras"),
    ("Gurugram", "gurgaon"),
    ("Noida",),
    ("Kolkata", "calcutta"),
    ("Ahmedabad",),
    ("Kochi", "cochin"),
    ("Jaipur",),
    ("Indore",),
    ("Lucknow",),
)
RISK_LEVELS = {
    "conservative": ("risk-averse", "conservative", "cautious", "risk averse", "play it safe"),
    "aggressive": ("aggressive", "high-risk", "high risk", "risk-taker", "risk taker"),
    "moderate": ("moderate", "balanced", "middle-of-the-road", "middle of the road"),
}
# (the reason as said, the words any faithful restatement keeps)
RISK_REASONS = {
    "conservative": (
        ("my dad lost his savings in a chit fund", ("chit fund",)),
        ("the 2020 crash wiped out half my portfolio", ("crash",)),
        ("market drops keep me up at night", ("up at night", "sleep")),
        ("I'm a freelancer and my income is lumpy", ("freelance", "lumpy")),
        ("a medical emergency emptied our savings once", ("medical emergency",)),
    ),
    "aggressive": (
        ("I'm 26 with a long horizon ahead", ("long horizon",)),
        ("my government job comes with a pension", ("pension",)),
        ("I won't touch this money for decades", ("decades",)),
        ("I've watched equity beat deposits over every long stretch", ("beat deposits",)),
    ),
    "moderate": (
        ("I want growth but hate big swings", ("swings",)),
        ("I've seen both booms and busts", ("booms and busts",)),
        ("my brother's startup bet went badly, yet my pay grows each year", ("startup",)),
    ),
}
# (what the user says, the equivalent phrases a summary might use)
DEPENDANTS = (
    ("We have two kids.", ("two kids", "2 kids", "two children", "2 children")),
    (
        "Dad of two: a son and a daughter.",
        ("two kids", "2 kids", "two children", "a son and a daughter"),
    ),
    (
        "I've got three children, all in school.",
        ("three children", "3 children", "three kids", "3 kids"),
    ),
    ("one kid, she's four", ("one kid", "1 kid", "one child", "1 child", "a daughter")),
    ("My parents live with us and depend on my income.", ("parents",)),
    (
        "Mom and dad rely on me financially since dad retired.",
        ("mom and dad", "parents", "mother and father"),
    ),
    ("my wife stays home with our baby, so it's one income for three of us", ("wife",)),
    ("I support my husband, who's studying full-time.", ("husband",)),
    ("Single, no dependants.", ("no dependants", "no dependents", "nobody depends")),
    (
        "Nobody depends on me financially, it's just me.",
        ("no dependants", "no dependents", "nobody depends"),
    ),
)
LOANS = ("car", "home", "personal", "education", "two-wheeler")


SALARY = (
    "I take home {amount} a month after tax.",
    "hey so my in-hand pay is around {amount} monthly, if that helps",
    "Monthly net income: {amount}.",
    "After PF and TDS, {amount} lands in my account every month.",
    "My company credits {amount} on the 1st; that's what I actually get.",
    "I earn {amount} per month post-tax. Is that decent for a QA engineer?",
    "For context, my net monthly pay comes to {amount}.",
)
SALARY_CHANGE = (
    "Good news, got promoted! In-hand is now {amount}.",
    "Update on pay: after the appraisal I get {amount} a month.",
    "Actually my take-home changed, it's {amount} now after the new tax regime.",
    "Switched jobs last week; the new place pays me {amount} monthly in hand.",
    "They revised my pay. {amount} per month from this cycle onwards.",
)
SALARY_ASK = (
    "What's my take-home these days?",
    "Remind me, how much do I earn each month?",
    "how much lands in my account monthly, as far as you know?",
    "Can you recall my current monthly pay?",
)

RENT = (
    "I pay {amount} rent for a 2BHK.",
    "rent's {amount}/month, ugh",
    "Housing: {amount} per month to the landlord.",
    "We're renting; the flat costs us {amount} every month.",
    "My landlord takes {amount} a month, maintenance included.",
    "Our monthly rent comes to {amount}.",
)
RENT_CHANGE = (
    "Landlord raised it, so the rent is {amount} from the coming cycle.",
    "rent went up to {amount} :(",
    "Small correction on housing: we now pay {amount} after renewing the lease.",
    "The flat got pricier at renewal. {amount} per month now.",
    "We shifted to a smaller flat in the same area; rent dropped to {amount}.",
)
RENT_ASK = (
    "What's my rent now?",
    "How much am I paying for housing at the moment?",
    "remind me of my monthly rent?",
    "What does the flat cost me each month currently?",
)

LOAN = (
    "There's a {loan} loan too: EMI of {amount}, last instalment {date}.",
    "I'm paying off a {loan} loan, {amount} a month, finishing {date}.",
    "EMI: {amount} ({loan} loan), closes {date}.",
    "ugh the {loan} loan, {amount} every month and it only ends {date}",
    "I have a {loan} loan with {amount} going out monthly; the final payment falls {date}.",
)
LOAN_CHANGE = (
    "I prepaid a chunk of the {loan} loan, so the EMI is {amount} now.",
    "The bank reset the rate; my {loan} loan EMI became {amount}.",
    "emi changed to {amount} after the restructuring",
    "Actually it's {amount} a month for the {loan} loan now, the rate went up.",
    "Quick update: the {loan} loan instalment is now {amount}.",
)
LOAN_ASK = (
    "What's my EMI at the moment, and when does that loan end?",
    "Remind me about my loan: monthly payment and end date?",
    "how much is going to the {loan} loan each month now, and till when?",
)

FIXED = (
    "We spend {amount} a month on {what}.",
    "{What} costs me {amount} every month.",
    "fixed stuff: {what}, {amount}/mo",
    "Monthly, {what} comes to {amount}.",
    "Don't forget {what}: {amount} each month.",
)
FIXED_CHANGE = (
    "{What} went up, it's {amount} a month now.",
    "We cut down on {what}: {amount} from this month.",
    "small update, {what} is {amount} now",
    "The bill for {what} is {amount} these days.",
    "Revised: {what} now costs {amount} monthly.",
)
FIXED_ASK = (
    "What do I pay for {what} per month now?",
    "what am I spending on {what} these days?",
)
FIXED_WHAT = (
    "the cook",
    "the maid",
    "internet and mobile",
    "the gym",
    "society maintenance",
    "fuel",
    "OTT subscriptions",
    "electricity",
    "the car wash",
)

FD = (
    "I've got an FD of {amount} at {rate}, maturing {date}.",
    "fixed deposit: {amount} locked in at {rate}, comes out {date}",
    "There's {amount} sitting in a bank deposit earning {rate}; it matures {date}.",
    "My parked money: {amount} in a term deposit, {rate} interest, maturity {date}.",
    "Put {amount} into an FD last year; the rate is {rate} and it's done {date}.",
    "One more thing, a {amount} FD with SBI at {rate} that matures {date}.",
)
RD = (
    "I also run an RD, {amount} a month at {rate}, ending {date}.",
    "recurring deposit: {amount} monthly, {rate}, last instalment {date}",
    "Every month {amount} goes into a recurring deposit paying {rate}; it runs out {date}.",
    "I started a post-office RD of {amount} per month at {rate} interest, which ends {date}.",
    "There's an RD of {amount}/month at {rate}. It closes {date}.",
)
DEPOSIT_ASK_WHEN = (
    "When does my deposit mature, and how much is in it?",
    "Remind me of the deposit: how much, and when does it finish?",
    "What should I do with the deposit money when it comes out, and when is that?",
)
DEPOSIT_ASK_RATE = (
    "What interest is my deposit earning?",
    "what rate did I lock the deposit in at?",
)

SIP = (
    "I've got SIPs running, {amount} a month into index funds.",
    "sip = {amount} monthly, flexi cap",
    "Each month {amount} goes into mutual funds via SIP.",
    "I invest {amount} every month through a systematic plan in two equity funds.",
    "Auto-debit of {amount} on the 5th for my mutual fund SIP.",
)
SIP_CHANGE = (
    "Bumped my SIP up to {amount} a month.",
    "I've paused one fund, so the SIP is {amount} monthly now.",
    "Actually it's {amount} a month into funds now, I raised it.",
    "SIP step-up kicked in: it's {amount} per month from now on.",
    "Changed the mutual fund instalment to {amount}.",
)
SIP_ASK = (
    "How much am I putting into SIPs each month currently?",
    "what's my monthly investment into funds right now?",
)
PORTFOLIO = (
    "My mutual funds are worth about {amount} right now.",
    "portfolio's at {amount}, mostly equity",
    "Current investments: {amount} across MFs and a bit of stocks.",
    "I've accumulated {amount} in equity funds over the years.",
    "So far I have {amount} invested in the market.",
)
PORTFOLIO_ASK = (
    "What's my portfolio worth, roughly?",
    "How much do I have invested in funds so far?",
)

TERM = (
    "I have term insurance with {amount} cover; the premium is {premium} a year.",
    "term plan: cover {amount}, I pay {premium} annually",
    "Life cover is {amount} through a term policy, costing me {premium} per year.",
    "Bought a term policy. Sum assured {amount}, yearly premium {premium}.",
    "For insurance I've got a {amount} term plan at {premium} a year.",
)
HEALTH = (
    "Our floater health policy covers {amount}; premium {premium} a year.",
    "health insurance: {amount} cover, {premium}/yr",
    "I pay {premium} a year for a health plan with {amount} sum insured.",
    "Medical cover is {amount}, premium {premium} per annum.",
    "Got a {amount} health cover, renews at {premium} yearly.",
)
INSURANCE_ASK = (
    "How much insurance cover do I have, and what does it cost me?",
    "remind me of my policy: cover and premium?",
    "Is my current insurance enough? What cover and premium did I mention?",
)

GOAL = (
    "I want to save {amount} for {what} {date}.",
    "goal: {what}, need {amount} {date}",
    "We're aiming to put together {amount} for {what} {date}.",
    "By my estimate {what} needs {amount}, and I'd like it done {date}.",
    "Planning for {what}: target {amount}, {date}.",
)
GOAL_CHANGE = (
    "Revised the budget for {what}, it's {amount} now.",
    "Turns out {what} will cost more like {amount}.",
    "we scaled down the plan for {what}, {amount} should do",
    "Actually it's {amount} for {what}, I got the figure wrong earlier.",
    "New quote came in: {what} needs {amount}.",
)
GOAL_ASK = (
    "How much do I need for my goal, and by when?",
    "Remind me of my savings target and its deadline?",
    "am I on track for {what}? what was the amount and date again",
)
GOAL_WHAT = (
    "a house down payment",
    "a new car",
    "my wedding",
    "an MBA",
    "a Europe trip",
    "a home renovation",
    "a sabbatical",
)

CITY = (
    "I live in {city}.",
    "based out of {city} btw",
    "We're in {city}, so everything's pricey.",
    "Location: {city}.",
    "I work out of {city}, came here for the job.",
    "Being in {city}, the commute eats a lot of my time.",
)
CITY_CHANGE = (
    "We relocated to {city} a few weeks ago.",
    "Big news, the company transferred me to {city}.",
    "update: moved to {city}",
    "Actually we've shifted base to {city} now.",
    "I'm in {city} these days, the move just happened.",
)
CITY_ASK = (
    "Which city am I based in now, as far as you know?",
    "Given where I live, is my housing cost reasonable? Where is that again?",
)

RISK = (
    "I'm pretty {level} with money: {reason}.",
    "risk appetite? {level}. {Reason}.",
    "I'd describe myself as {level} when investing, mainly because {reason}.",
    "Honestly I'm {level}; {reason}.",
    "My approach to risk is {level}, since {reason}.",
)
RISK_ASK = (
    "Remind me how I feel about risk, and why?",
    "Given my attitude to risk, how should I split new money? What did I say about it?",
)

FAMILY_ASK = (
    "Who depends on me financially, as far as you know?",
    "How big is my household, for insurance purposes?",
)

SUMMARY_ASK = (
    "Sum up everything you know about my money situation.",
    "Based on all I've told you, give me my complete financial picture.",
    "Before we finish: list every figure I've given you, as it stands now.",
)

FILLER = (
    "What is an index fund, in simple words?",
    "How does a PPF account work?",
    "Is gold a good long-term investment?",
    "What is the difference between ELSS and PPF for tax saving?",
    "How do I read a mutual fund factsheet?",
    "Should I pay off my credit card before investing?",
    "What does expense ratio mean for a fund?",
    "How do term insurance premiums change with age?",
    "What is a good way to track my spending every week?",
    "Are recurring deposits worth it compared with a liquid fund?",
    "How often should I rebalance a portfolio?",
    "What is the new tax regime, briefly?",
    "What is NPS and who is it for?",
    "Is it wise to lend money to friends?",
    "How do I start a budget spreadsheet?",
    "ok that makes sense, thanks",
    "Hmm. And what about crypto? Everyone at work talks about it.",
    "Could you explain what a debt fund is?",
    "what's the deal with credit scores, how are they calculated",
    "Is a credit card's reward programme worth chasing?",
    "Kindly explain the concept of compounding.",
    "Why do people say never to mix insurance and investment?",
    "Is it better to prepay a loan or invest the extra money? In general terms.",
    "What are sovereign gold bonds?",
    "got it. what's an emergency fund supposed to be for, exactly?",
    "How do dividends from mutual funds get taxed?",
    "Could you walk me through how to file ITR myself?",
    "What is the difference between direct and regular plans?",
    "Should I keep a joint account or separate accounts?",
    "What's a good habit to avoid impulse shopping online?",
    "lol my friend just bought a bike on no-cost EMI, is that ever actually free?",
    "Explain what an annuity is, please.",
    "What's HRA exemption and how is it worked out?",
    "How do I check whether a financial advisor is registered?",
    "Is a savings account interest taxable?",
    "What is a sweep-in FD facility?",
    "are REITs a thing retail investors should look at?",
    "What is the point of a will if I'm not rich?",
    "How does a credit card's interest-free period work?",
    "Thanks, that's helpful. One more general thing: what is inflation doing to my savings?",
)
