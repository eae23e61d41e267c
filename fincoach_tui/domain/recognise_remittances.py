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
city ("to Manila").
"""

from __future__ import annotations

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
_SEND = (
    r"(?<!of what i )(?<!of what we )(?<!from what i )(?<!from what we )"
    r"(?:send|sending|remit|remitting|transfer|transferring|wire|wiring)"
)
# Romanised Indian first-person verbs of sending: Hindi "bhejta hoon", Punjabi "bhejda
# ghar", Marathi "pathavto", Tamil "anuppuren", Bengali "pathai".
_INDIAN = (
    r"bhej(?:ta|ti|te|da|di|de|unga|ungi|enge)(?=\s+(?:hu|hoon|hun|hoo|haan|ha|ghar)\b)|"
    r"(?<=ghar\s)bhej(?:ta|ti|te|da|di|de|unga|ungi|enge)\b|"
    r"(?<=ghar\sko\s)bhej(?:ta|ti|te|da|di|de|unga|ungi|enge)\b|"
    r"pathavto|anuppuren|anupparen|anuppuven|pathai"
)

_MONTHLY = r"(?:every\s+month|each\s+month|a\s+month|per\s+month|monthly|p\.?m\b|har\s+mahine)"
# The words that name a remittance: a noun ("remittance", "home money", "money home"), an
# English verb with where the money goes within the clause, or an Indian first-person verb.
REMITTANCE_WORDS = (
    r"remittances?|home\s+money|money\s+(?:i\s+)?(?:send\s+)?home|"
    rf"(?:{_SEND})(?=[^.;!?\n]{{0,40}}?\b(?:{_DESTINATION})|{_RECEIVER})|"
    r"remit|"
    rf"{_INDIAN}|"
    # a figure said with no verb, to the family, every month: "₹8,000 to my parents monthly"
    rf"(?<=[0-9kKhL]\s)to\s+{_FAMILY}\b(?=[^.;!?\n]{{0,30}}?\b{_MONTHLY})"
)
