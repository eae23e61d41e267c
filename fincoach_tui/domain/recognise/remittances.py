"""Money the user sends home every month: a remittance, one fact however it is said. Pure.

"I send 15k home", "sending home 60k monthly", "remit $400 to Manila monthly", "₹8,000 I
transfer to my parents every month", "what I send home is 1.35 lakh now", "home money went
up to 42,000", "main har mahine 10 hazaar ghar bhejta hoon", "unko 6k bhejta hu", "amma
appa-ku 10k anuppuren": each is the `remittance` key, so a later amount said any of these
ways replaces an earlier one. What is sent is kept apart from what the user gives family
in other words ("I support my parents with 10k" stays `cost_support`) and from money
someone else sends the user ("papa sends 8k", "Biju sends home 1.5 lakh": not the user's
sending, so no remittance of theirs).

The verb is the user's, in the first person or said without a subject: "sends" and
"bhejte hain" after a parent are someone else's. A one-off in the past ("sent 20k home
for Diwali") is no monthly remittance: "sent" is not read. An English verb names money
sent home only with where it goes: home, the family, a parent, "them", a country or a
city ("to Manila"). Who sends, where the Hindi verb leaves it open ("hum ghar 8k bhejte
hain" against "bhaiya ghar 10k bhejte hain"), is recognise_money_flow's one rule.
"""

from __future__ import annotations

from fincoach_tui.domain.recognise.money_flow import KIN_KO, NOT_KIN

# Who the money goes to, after an English verb of sending: home, the family, a parent in
# English or in the words of Indian languages, "them", or a place named with a capital
# ("to Manila", "to India").
_FAMILY = (
    r"(?:my\s+|our\s+)?(?:family|folks|parents|mother|father|mom|mum|mummy|mama|dad|papa|"
    r"amma|appa|umma|uppa|ammi|abbu|aai|baba|maa|nanna|achan|in-laws|wife|husband|"
    r"brother|sister)"
)
_DESTINATION = (
    rf"home\b|ghar\b|to\s+(?:{_FAMILY}|them|him|her)\b|for\s+(?:{_FAMILY}|them)\b|"
    r"to\s+(?-i:[A-Z][a-z]+)\b"
)
# Or the one it goes to, right after the verb: "send them 7k", "send umma-uppa 25k".
_RECEIVER = rf"\s+(?:{_FAMILY}|them|him|her)\b"
# The English verbs of sending, in the first person or with no subject: not "sends" (someone
# else's) nor "sent" (once, in the past).
# Nor a share of what is sent: "of what I send, 40k is for the household" is a part of it.
# Someone else's sending now: "he is sending", "she's been sending", "Biju keeps sending".
_OTHERS_NOW = (
    r"(?:(?<=\bis )|(?<='s )|(?<=’s )|(?<=keeps )|(?<=has been )|(?<='s been )|(?<=’s been ))"
)
_NOT_OTHERS_NOW = r"(?<!\bis )(?<!'s )(?<!’s )(?<!keeps )(?<!has been )(?<!'s been )(?<!’s been )"
_SEND = (
    rf"(?<!of what i )(?<!of what we )(?<!from what i )(?<!from what we ){_NOT_OTHERS_NOW}"
    r"(?:send|sending|remit|remitting|transfer|transferring|wire|wiring)"
)
# Romanised Indian first-person verbs of sending: Hindi "bhejta hoon", Punjabi "bhejda
# ghar", Marathi "pathavto", Tamil "anuppuren", Bengali "pathai".
_INDIAN = (
    r"bhej(?:ta|ti|te|da|di|de|unga|ungi|enge)(?=\s+(?:hu|hoon|hun|hoo|haan|ha|ghar)\b)|"
    r"(?<=ghar\s)bhej(?:ta|ti|te|da|di|de|unga|ungi|enge)\b(?!(?<=[td][ai])\s+(?:hai|he|h)\b)|"
    r"(?<=ghar\sko\s)bhej(?:ta|ti|te|da|di|de|unga|ungi|enge)\b|"
    r"pathavto|anuppuren|anupparen|anuppuven|pathai"
)
# Hindi kin the money goes to with "ko", or a person named with a capital ("Rinki ko"),
# before "bhejte hain" / "bhejna padta hai": "we send", the household's own sending
# ("chhoti ko hostel mein 5k bhejte hain", "Sonu ko 3 hazaar bhejna padta hai"). Not the
# user ("humko", "mujhe" are who receives) nor a bank, a school or a shop (a payment).
_TO_KIN_KO = (
    rf"(?!(?:{NOT_KIN})\b)(?:{KIN_KO}|(?-i:[A-Z][a-z]+))\s+ko\b"
    r"(?=[^.;!?\n]{0,45}?\bbhej(?:te\s+(?:hain|hai|he|h)|na\s+(?:padta|padte|padti|hota|hai))\b)"
)

# Money someone else sends the user's household: the third person of the verb. English
# "Biju sends home 1.5 lakh", "she remits 40k home", "he sends us 30k", "my husband is
# sending home 80k" (not to another's family: "sends 10k to his parents back home"); Hindi
# "har mahine 12 hazaar bhejta hai ghar", "ab 14,500 bhejega", "Dubai se bhej rahi hai".
_THIRD_SENDS = (
    r"(?:sends|remits|wires|transfers|"
    rf"{_OTHERS_NOW}(?:sending|remitting|wiring))"
)
_HOME_OR_US = (
    r"(?:\s+(?:us|me))?(?:\s+(?:money|it|back|across))*\s+home\b|\s+(?:us|me)\b|"
    r"(?:(?!\bto\s+(?:his|her|their)\b)[^.;!?\n]){0,30}?\b(?:home|to\s+(?:us|me))\b"
)
RECEIVED_WORDS = (
    rf"{_THIRD_SENDS}(?={_HOME_OR_US})|"
    # a name or "he"/"she" and the verb, then the figure: "Biju sends 40k every month"
    r"(?:he|she|(?!(?:Also|Then|Now|Still|It|This|That|Who|Which|Company|Office|Bank|Employer)\b)"
    r"(?-i:[A-Z][a-z]+))\s+"
    r"(?:also\s+|still\s+|now\s+)?(?:sends|remits|wires)"
    r"(?=\s+(?:(?:us|me)\s+)?(?:about\s+|around\s+|₹|rs\.?\s*|\$|£|€)?\d)"
    r"(?![^.;!?\n]{0,40}?\bto\s+(?:his|her|their)\b)|"
    r"bhej(?:ta|ti)(?=\s+(?:hai|he|h)\b)|bhej(?:ega|egi)\b|bhej\s+(?:raha|rahi)(?=\s+(?:hai|he|h)\b)"
)

_MONTHLY = r"(?:every\s+month|each\s+month|a\s+month|per\s+month|monthly|p\.?m\b|har\s+mahine)"
# The words that name a remittance: a noun ("remittance", "home money", "money home"), an
# English verb with where the money goes within the clause, or an Indian first-person verb.
REMITTANCE_WORDS = (
    r"remittances?|home\s+money|(?<!sends )(?<!remits )money\s+(?:i\s+)?(?:send\s+)?home|"
    rf"(?:{_SEND})(?=[^.;!?\n]{{0,40}}?\b(?:{_DESTINATION})|{_RECEIVER})|"
    r"remit|"
    rf"{_INDIAN}|{_TO_KIN_KO}|"
    # a figure said with no verb, to the family, every month: "₹8,000 to my parents monthly"
    rf"(?<=[0-9kKhL]\s)to\s+{_FAMILY}\b(?=[^.;!?\n]{{0,30}}?\b{_MONTHLY})"
)
