"""The kinds of personal-finance fact the offline recogniser knows, and their keys. Pure.

Each kind is a set of anchor words ("rent", "landlord", "EMI", "RD"...) and the slots a
figure near them fills: an amount, a rate, a date, a duration. A key names one slot of one
thing (`rent`, `loan_car_emi`, `rd_end`, `goal_house_amount`), the same however the user
phrased it, so that a later value supersedes an earlier one. A key's label is the key in
words with its acronyms capitalised ("RD end"), and reads back to the key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fincoach_tui.domain.fact_keys import key_of
from fincoach_tui.domain.recognise.money_flow import FROM_KIN, KIN_GIVING
from fincoach_tui.domain.recognise.remittances import RECEIVED_WORDS, REMITTANCE_WORDS
from fincoach_tui.domain.recognise.vehicle_models import VEHICLE_NAMES, vehicle_type

# Which slot a figure fills: "amount", "rate", "date", "duration".
Slots = dict[str, str]


@dataclass(frozen=True)
class Kind:
    name: str
    anchor: re.Pattern[str]
    slots: Slots  # slot -> key (a "{t}" in it is the anchor's own type, e.g. loan_{t}_emi)


def _words(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)


HEALTH_SCHEMES = (
    r"(?-i:TK|AOK|DAK|VHI|HSA)|techniker krankenkasse|krankenkasse|krankenversicherung|"
    r"barmer|laya healthcare|bupa|medibank|public (?:health )?insurance"
)

LOAN_TYPES = {
    "home": "home",
    "housing": "home",
    "house": "home",
    "mortgage": "home",
    "car": "car",
    "vehicle": "car",
    "auto": "car",
    "bike": "bike",
    "two-wheeler": "bike",
    "two wheeler": "bike",
    "scooter": "bike",
    "scooty": "bike",
    "motorcycle": "bike",
    "personal": "personal",
    "business": "business",
    "working capital": "business",
    "working-capital": "business",
    "mudra": "business",
    "msme": "business",
    "education": "education",
    "student": "education",
    "gold": "gold",
    # a farmer's crop credit, a loan said without the word ("KCC ka 1.6 lakh baaki hai")
    "kcc": "farm",
    "kisan credit card": "farm",
}
_LOAN = "|".join(sorted((re.escape(t) for t in LOAN_TYPES), key=len, reverse=True))

FIXED_COSTS = {
    # not school as a time or a place: "when he finishes school", "after school"
    r"school fees?|(?<!finish )(?<!finishes )(?<!finished )(?<!after )(?<!in )(?<!at )"
    r"(?<!to )(?<!from )(?<!leaves )(?<!completes )school": "school_fees",
    "tuition(?: fees?)?": "tuition",
    "fees": "fees",
    "maid": "maid",
    "house ?help": "maid",
    "cook": "cook",
    "driver": "driver",
    "nanny": "nanny",
    "daycare|creche|day care": "daycare",
    # the power bill by its everyday names: "bijli 2k", "light bill 800", "current bill"
    "electricity(?: bill)?|(?:electric|power|light|current|karent) bills?|"
    "bijli(?:[- ]pani)?(?: ka)?(?: bills?)?": "electricity",
    "utilities|utility bills?": "utilities",
    "internet|wi-?fi|broadband": "internet",
    "phone bills?|mobile bills?|(?:mobile|phone) recharges?": "phone",
    # cooking gas, the TV's connection and the streaming services, each a bill of its own
    "(?:cooking |lpg |png )?gas(?: cylinders?| bills?| connection)?|(?:lpg|png)(?: bills?)?|"
    "cylinders?": "gas",
    "dth(?: recharges?)?|cable(?: tv| bills?)?|tata ?(?:sky|play)": "cable_tv",
    "netflix": "netflix",
    "spotify": "spotify",
    "(?:jio ?|disney\\+? ?)?hotstar": "hotstar",
    "(?:amazon )?prime(?: video)?(?= \\d| subscription)": "prime",
    "water (?:bills?|charges?|tax)|(?:paani|pani)(?: ka)? bill": "water",
    "groceries|grocery": "groceries",
    # a housing society's monthly charges, beside the rent or for an owned flat: "society
    # maintenance 2,500", "CAM charges 4k" (common area maintenance), "society dues"
    "(?:(?:society|sosiety|socity|association|apartment|building|flat) )?"
    "maint(?:e|a|ai)n[ae]nce(?: charges?| fees?)?|"
    "(?:society|sosiety|socity) (?:charges?|dues|fees?)|(?:association|rwa) (?:dues|fees?)|"
    "(?-i:CAM)(?: charges?)?|cam charges?|common area maint(?:e|a|ai)n[ae]nce(?: charges?)?": "maintenance",
    "gym": "gym",
    "(?<!my )(?<!get )(?<!got )(?<!receive )pocket money": "pocket_money",
    "petrol|fuel|commute|transport": "transport",
    "subscriptions?": "subscriptions",
    # A state's social insurance taken from pay (Japan's shakai hoken, the UK's National
    # Insurance, Singapore's CPF, Australia's super, the US's Social Security, the Gulf's
    # GOSI, India's ESI): a deduction, not the family's term or health cover.
    r"shakai hoken|kenk[oō] hoken|k[oō]sei nenkin|kokumin nenkin|nenkin|koyō hoken|koyo hoken|"
    r"social insurance|national insurance(?: contributions?)?|ni contributions?|"
    r"cpf contributions?|super(?:annuation)? (?:contributions?|guarantee)|"
    # Australia's super said alone ("superannuation A$900"), not the age one retires at
    # ("at superannuation", "ahead of superannuation")
    r"(?<!at )(?<!on )(?<!of )(?<!till )(?<!until )(?<!before )(?<!after )superannuation|"
    r"social security (?:tax|contributions?|deductions?)|fica|gosi(?: contributions?| deductions?)?|"
    r"medicare levy|esic?(?: contributions?| deductions?)": "social_insurance",
}

INVESTMENTS = {
    "mutual funds?|mfs?|index funds?|equity funds?": "mutual_funds",
    "portfolio|invested in the market": "portfolio",
    "ppf": "ppf",
    "nps": "nps",
    "epf|provident fund|pf": "epf",
    "cpf(?! contributions?)(?: oa| sa| ma)?(?: balance| account)?": "cpf",
    # the US's 401(k), kept from pay: savings, not the pay
    r"401\s?\(?k\)?(?: plan| account| balance)?": "401k",
    "stocks?|shares|equities|equity": "stocks",
    "elss": "elss",
    "gold|sgbs?|sovereign gold bonds?": "gold",
    "crypto|bitcoin": "crypto",
    # small-savings schemes and chit funds, by the names people use for them
    "sukanya(?: samriddhi)?(?: yojana| account)?|ssy": "ssy",
    "scss|senior citizens?'? savings? scheme": "scss",
    "nsc|national savings certificates?": "nsc",
    "kvp|kisan vikas patra": "kvp",
    "post office (?:mis|monthly income scheme)|pomis": "pomis",
    "chit(?:ty)?(?: fund)?|chitty|kitty|committee": "chit",
}

# The things a goal is for, by slug: the words that name each (a goal for anything else is
# named by its own words).
GOAL_OBJECTS = {
    "house": "house|home|flat|apartment|property|plot|place|1bhk|2bhk|3bhk|4bhk",
    "car": "car",
    "bike": "bike|scooter|motorcycle",
    "wedding": "wedding|marriage|shaadi|shadi",
    "education": "education|college|studies|mba|degree|school|padhai|engineering|mbbs|neet|"
    "btech|masters|graduation",
    "retirement": "retirement|retire|corpus",
    "trip": "trip|vacation|holiday|travel|tour",
    "renovation": "renovation|remodel|remodelling",
    "sabbatical": "sabbatical",
    "emergency_fund": "emergency",
    "business": "business|startup",
    "laptop": "laptop",
}

KINDS: tuple[Kind, ...] = (
    Kind(
        "salary",
        _words(
            r"salary|salaries|take[- ]?home(?: pay)?|(?:bring|brings|bringing|brought) home|"
            r"in[- ]hand(?: pay)?|(?:my|net|monthly) (?:own )?pay|"
            r"pay ?cheque|paycheck|pays me|incomes?|earn|earns|earning|earnings|get paid|i make|"
            r"ctc|package|(?:lands in|comes (?:in)?to|hits|reaches) my (?:bank )?account|"
            # credited every month, not once ("arrears of 2.1 lakh were credited last week")
            r"credit(?:s|ed)(?=\s+(?:to me|(?:to |in |into )?my (?:bank )?account)|"
            r"[^.;]{0,40}\b(?:(?:every|each|per|a) month|monthly|on the (?:1st|first)))|"
            # a work contract renewed on new terms is news about the pay ("her contract was
            # renewed at 95k", "new contract: $4,200 a month"); a lease's is the rent's
            r"(?<!rent )(?<!rental )(?<!lease )(?<!rent-)(?:(?:new|renewed|revised|fresh) (?:job |work )?"
            r"contract|contract (?:was |got |has been |is |just )?(?:renewed|extended|revised))|"
            r"(?:update on|revised|new|current) pay|pay(?=\s*(?::|is\b|was\b|went\b|got\b|rose\b|becomes\b|"
            # pay to come said with the bare noun: "pay will be about 90k", "pay should touch 1L"
            r"(?:will|would|should|shall|is\s+going\s+to|is\s+set\s+to)\s+(?:\w+\s+)?"
            r"(?:be|become|go|rise|increase|jump|touch|reach)\b))|"
            # Hindi words for pay; a raise or a promotion is news about the pay
            r"tankhwah|tankha|tanakhwah|pagaar|kamai|stipend|"
            # Tamil, Marathi, Bengali: "sambalam", "pagar", "mayne"
            r"sambalam|sambhalam|sampalam|pagar|mayne|maine\s+(?:pai|paai)|beton|"
            # "I get 42,300 now": what the user is paid, said with a plain verb and a figure
            # "I clear about 62k a year after tax": what is left of the pay, by the period
            r"(?:i|we)\s+(?:(?:now|usually|only|just)\s+)?clear(?=\s+(?:(?:about|around|roughly|"
            r"only|just|nearly)\s+)?[^\s\d]{0,3}\s?\d[\d,.]*\s*(?:k|l|lakhs?|thousand|grand)?\s+"
            r"(?:a|per|every|each)\s+(?:month|year|week|fortnight)\b)|"
            r"(?:i|we)\s+(?:now\s+)?(?:get|receive)(?=\s+(?:(?:about|around|only|just|now)\s+)?"
            rf"(?:₹|rs\.?\s*|inr\s*)?\d)(?!{FROM_KIN})|"
            r"(?:got|get|getting|received|gave me|giving me)\s+(?:a|an|my|the)\s+(?:(?!rent)\w+\s+)?"
            r"(?:raise|hike|increment|promotion|appraisal)|promoted|"
            # what an owner takes home from a business: "I draw 1.2 lakh a month", "my drawings"
            r"(?:i|we)\s+(?:(?:now|only|shall|will|can|usually|also)\s+)*(?:draw|withdraw|take out)"
            r"(?=\s+(?:(?:about|around|only|just|now|rs\.?|inr|₹)\s*)*\d)|"
            r"(?:my|our|monthly|personal|the)\s+drawings|"
            r"(?<=from the )[\w-]+,?\s+(?:i|we)\s+(?:\w+\s+)?(?:take|draw|withdraw)"
            r"(?=\s+(?:(?:about|around|only|just|now|rs\.?|inr|₹)\s*)*\d)"
        ),
        {"amount": "salary"},
    ),
    Kind(
        "rent",
        _words(
            r"rent|rental|renting|rented|landlord|landlady|housing(?![- ]loan)|kiraya|kiraaya|kiraye|bhada|"
            # Marathi, Tamil, Malayalam, Bengali: "bhaade", "vaadagai", "vaadaka", "bari bhara"
            r"bhade|bhaade|bhaada|vaadagai|vadagai|vaadakai|vaadaka|vadaka|(?:bari|barir|basha|ghar|flat)\s+bhara|"
            r"for the (?:flat|apartment|house|place|pg|room)(?! down| renovation| fund| purchase)|"
            r"for (?:my|our) (?:flat|apartment|pg|room)(?! down| renovation| fund| purchase)|"
            r"(?:the|our|my) (?:flat|apartment|[123]bhk|place) (?:costs?|got|went|became|is now)|"
            # lodging paid by the month (a PG, a hostel) and a home's lease, not a course
            # ("PG diploma"), a vehicle's lease, or land let out (recognise_rents)
            r"(?:p\.?g|paying guest)(?!\.?\s+(?:course|degree|diploma|entrance|exams?|seat|"
            r"admission|studies|college|coaching|student|program))|hostel|"
            r"(?<!car )(?<!vehicle )(?<!bike )(?<!land )(?<!farm )(?<!field )lease(?!d? out)"
        ),
        {"amount": "rent"},
    ),
    Kind("pension", _words(r"pension"), {"amount": "pension"}),
    Kind(
        "expenses",
        _words(
            # not what one thing costs: "medical expenses are 3k" is the medicine bill
            # nor someone else's: "I send 35k for their expenses" is support
            r"(?<!health )(?<!medical )(?<!their )(?<!his )(?<!her )expenses?|spend|spending|"
            r"outgoings|costs of living|"
            # what running the home costs, said of the household: "the household spends
            # about 60k", "ghar ka kharcha 45 hazaar", "running the house takes 50k"
            r"household\s+(?:spends|spent|spending|costs?|budget|runs on|needs)|"
            r"(?:home|house|family|ghar(?:\s+k[ae])?)\s+(?:spending|budget|kharch[ae]?)|"
            r"(?:running|run)\s+(?:the\s+)?(?:house|home|household)|ghar\s+chalane"
        ),
        {"amount": "expenses"},
    ),
    Kind(
        "loan",
        # "its instalment of 46,000": a loan's (not "the RD instalment", whose RD is named)
        _words(
            rf"(?:{_LOAN})[- ]loans?|loans?|emis?|mortgage|kcc|kisan credit cards?|(?:(?:its|the)\s+(?:last\s+|final\s+)?|last\s+|final\s+)"
            r"instal+ments?|"
            # a vehicle's monthly payment, and the Hindi instalment ("i20 ki kisht"), not a
            # deposit's or a scheme's ("RD ki kisht")
            rf"(?<=\s)(?:{VEHICLE_NAMES})(?:'s)?\s+(?:monthly\s+)?payments?|"
            r"(?<!rd ki )(?<!rd ka )(?<!sip ki )(?<!chit ki )(?<!committee ki )(?<!policy ki )"
            r"(?:kisht|kishtein|kist|qist)"
        ),
        {
            "amount": "loan_{t}_emi",
            "principal": "loan_{t}_amount",
            "rate": "loan_{t}_rate",
            "duration": "loan_{t}_tenure",
            "date": "loan_{t}_end",
        },
    ),
    Kind(
        "fd",
        _words(r"fds?|fixed deposits?|term deposits?|bank deposits?"),
        {"amount": "fd_amount", "rate": "fd_rate", "date": "fd_maturity", "duration": "fd_tenure"},
    ),
    Kind(
        "rd",
        _words(r"rds?|recurring deposits?"),
        {"amount": "rd_amount", "rate": "rd_rate", "date": "rd_end", "duration": "rd_tenure"},
    ),
    Kind(
        "sip",
        _words(r"sips?|systematic (?:investment )?plans?|(?:mutual )?fund instalments?"),
        {"amount": "sip"},
    ),
    Kind(
        "investment",
        _words("|".join(INVESTMENTS)),
        # a scheme that ends or matures (a chit fund's last month, a PPF's or an NSC's
        # maturity): "chitty of 10k a month, ends next Onam", "NSC matures in 2029"
        {
            "amount": "invest_{t}",
            "rate": "invest_{t}_rate",
            "date": "invest_{t}_end",
            "duration": "invest_{t}_tenure",
        },
    ),
    Kind(
        "insurance",
        _words(
            r"(?:term|life)(?: insurance| cover| plan| policy)|(?:health|medical|floater)(?: insurance| cover|"
            # not what health costs: "medical cost is now 9k a month", "health expenses"
            r" plan| policy)?(?!\s+(?:costs?|expenses?|bills?|spends?|spending|needs|issues?|"
            r"problems?|reasons?|check-?ups?|tests?))|mediclaim|insurance|sum assured|sum insured|"
            # a cover said with its figure in Hindi: "1 crore ka cover"
            r"(?<=ka )cover|(?<=ki )cover|"
            r"lic(?: endowment)?(?: policy| plan)?|endowment(?: policy| plan)?|ulips?|"
            # a health insurer or scheme abroad, by its name: Germany's TK, AOK, Barmer and
            # DAK, Ireland's VHI and Laya, the UK's and the Gulf's Bupa, Australia's Medibank
            rf"{HEALTH_SCHEMES}"
        ),
        {"amount": "insurance_{t}_cover", "premium": "insurance_{t}_premium"},
    ),
    Kind("cost", _words("|".join(FIXED_COSTS)), {"amount": "cost_{t}"}),
    Kind("emergency", _words(r"emergency (?:fund|corpus|savings)"), {"amount": "emergency_fund"}),
    Kind(
        "savings",
        _words(r"savings(?: account)?|saved up|in the bank|bank balance"),
        {"amount": "savings"},
    ),
    Kind("bonus", _words(r"bonus"), {"amount": "bonus", "date": "bonus_date"}),
    Kind("debt", _words(r"credit cards?(?: debt| dues| bill)?"), {"amount": "debt_credit_card"}),
    # Money the user sends home every month (recognise_remittances), before the support
    # it may also name ("send my parents 10k" is what is sent).
    Kind("remittance", _words(REMITTANCE_WORDS), {"amount": "remittance"}),
    # Money given to family every month, and money received from them.
    Kind(
        "support",
        _words(
            r"(?:support|supporting|help|helping|give|giving|send|sending)\s+(?:them|him|her|"
            r"(?:my|our)\s+(?:parents|mother|father|mom|dad|in-laws|family|brother|sister))"
        ),
        {"amount": "cost_support"},
    ),
    Kind(
        "support_in",
        _words(
            # "my brother sends me £300", "our son in Dubai sends us 25k", "I get 15k a month
            # from my parents"
            rf"(?:{KIN_GIVING})(?:\s+(?:in|from|at)\s+[A-Z]?\w+)?\s+(?:also\s+|still\s+)?"
            r"(?:sends?|gives?|transfers?|pays?)(?:\s+(?:me|us))?|"
            # anyone's sending home or to the user: "Biju sends home 1.5 lakh", "bhejta hai"
            rf"{RECEIVED_WORDS}|"
            rf"(?:i|we)\s+(?:also\s+|still\s+)?(?:get|receive|receives?)(?={FROM_KIN})|"
            # the user's own, not what they give a child: "his pocket money", "mess and
            # pocket money"
            r"(?:(?<=my )|(?<=get )|(?<=receive )|(?<=got ))(?:monthly )?(?:pocket money|allowance)|"
            r"(?:pocket money|allowance)(?=\s+(?:from|milta|milti|aata|aati)\b)|"
            # the verb after the figure, in Hindi, Marathi, Bengali: "papa har mahine 18,000
            # bhejte hain", "baba 10,000 pathay"
            r"ghar\s+se(?=[^.;!?]{0,25}?\b(?:aate|aata|aati|milta|milte|milti)\b)|"
            r"(?:papa|dad|father|mom|mother|mummy|parents|ghar|gharwale|baba|aai|amma|appa|"
            r"bhai|bhaiya|didi|beta|beti)"
            r"(?!\s+(?:ko|la|ke\s+liye|kitta|ke)\b)(?=[^.;!?]{0,30}?\b(?:bhejte|bhejta|bhejti|dete|deta|deti|pathavtat|pathavto|"
            r"pathay|pathan|anupparanga|anuppuvanga)\b"
            # not the user's own sending: "ghar bhejti hoon" (recognise_remittances)
            r"(?!\s+(?:hu|hoon|hun|hoo)\b))"
        ),
        {"amount": "income_support"},
    ),
)


def loan_type(text: str) -> str:
    """The loan named in a clause: "home", "car", ... or "loan" when none is."""
    match = re.search(rf"\b({_LOAN})\b", text, re.IGNORECASE)
    # else the vehicle it bought: "the Thar EMI" is a car loan's
    return LOAN_TYPES[match.group(1).lower()] if match else vehicle_type(text) or "loan"


def table_slug(table: dict[str, str], word: str) -> str:
    for pattern, slug in table.items():
        if re.fullmatch(pattern, word, re.IGNORECASE):
            return slug
    return key_of(word)


def insurance_type(word: str) -> str:
    lowered = word.lower()
    if any(w in lowered for w in ("health", "medical", "mediclaim", "floater")):
        return "health"
    if re.search(rf"\b(?:{HEALTH_SCHEMES})\b", word):
        return "health"
    return "term"  # term and life cover are one thing here: the family's protection
