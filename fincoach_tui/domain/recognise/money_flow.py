"""Which way family money flows: sent by the user (a remittance) or to the user (other
income), decided once, by who sends it. Pure.

"hum ghar 8k bhejte hain", "main maa ko 5k bhejta hoon", "ghar 9k bhejte hain hum" are
the user's sending: a remittance. "papa har mahine 12,000 bhejte hain", "bhaiya ghar 10k
bhejte hain", "Bablu 10 hazaar bhejta hai ghar" are someone else's, to the household:
income. What the Hindi verb alone cannot say ("bhejte hain" is "we send" and "they send"),
its subject says: the first person ("hum", "main", "we", "I") is the user; a relative, a
name or "he"/"she" who is not who the money goes to ("papa ko" receives) is someone else.
With no subject said, the first person is meant ("ghar 8k bhejte hain": we send home),
but for the third person singular ("bhejta hai": he sends).
"""

from __future__ import annotations

import re

# Who pays the user: "gives me", "sends us", "pays me" (the giver is not the user, the
# money is theirs).
GIVES_USER = (
    r"(?:gives?|gave|giving|pays?|paid|paying|sends?|sent|sending|transfers?|transferred)"
    r"\s+(?:me|us)\b"
)
# Family who give the user money every month, and "... from my brother" after a figure.
KIN_GIVING = (
    r"papa|dad|father|mom|mother|mummy|parents|family|brother|sister|son|daughter|"
    r"in-laws|(?:brother|sister|father|mother)-in-law|uncle|aunt|bhai|bhaiya|didi"
)
FROM_KIN = rf"[^.;!?]{{0,40}}?\bfrom\s+(?:my|our)\s+(?:{KIN_GIVING})\b"

# Hindi kin, and the words that are not a person money goes to (the user, a bank, a school).
KIN_KO = (
    r"beta|beti|bete|bhai|bhaiya|didi|behen|bahen|bahan|chacha|chachi|mama|mami|nana|nani|"
    r"dada|dadi|saas|sasur|bhabhi|bahu|damad|bachche|bachchon|bachon|bacchon|ladke|ladki|"
    r"chhote|chhoti|chhotu|bade|badi|maa|ammi|abbu|papa|mummy|amma|appa|parents|mother|father"
)
NOT_KIN = (
    r"hum|ham|mujh|mujhe|mere|hamare|humare|unko|inko|ghar|bank|school|college|hostel|office|"
    r"company|landlord|malik|dukaan|dukandar|sarkar|government|account|khata|agent|broker"
)
_SOMEONE_KO = re.compile(rf"\b(?!(?:{NOT_KIN})\b)(?:{KIN_KO}|(?-i:[A-Z][a-z]+))\s+ko\b", re.I)

# The Hindi verb of sending, in any person: "bhejta hoon", "bhejte hain", "bhejti hai".
_HINDI_SEND = re.compile(r"\bbhej(?:ta|ti|te|da|di|de|unga|ungi|enge|ega|egi)\b", re.I)
# The user as the subject: "hum", "hum log", "main", "we", "I", Marathi "amhi".
_FIRST_PERSON = re.compile(
    r"\b(?:hum|ham|humlog|hamlog|main|mai|mein(?=\s+(?:bhi|har|ghar|\d))|we|i|amhi|aamhi)\b"
    r"(?!\s*(?:ko|ke\s+liye|ki|ka|ke)\b)",  # "hum ko" is who receives
    re.I,
)
# Someone else as the subject: a relative or a name that is not who receives ("papa ko"),
# "wo", "woh", "he", "she", or the household's people ("gharwale").
_OTHER_SENDER = re.compile(
    rf"\b(?:(?!(?:{NOT_KIN})\b)(?:{KIN_KO}|{KIN_GIVING}|(?-i:[A-Z][a-z]+))"
    r"|wo|woh|vo|voh|he|she|gharwale|gharwaale|ghar\s+(?:se|wale|waale|walon))\b"
    r"(?!\s+(?:ko|la|ke\s+liye|kitta|ke|ki|ka|nu|na)\b)(?!')",
    re.I,
)
# The verb in the first person singular, or in the third ("bhejta hai": he sends).
_FIRST_ENDING = re.compile(r"\s+(?:hu|hoon|hun|hoo|haan)\b", re.I)
_THIRD_ENDING = re.compile(r"(?<=[td][ai])\s+(?:hai|he|h)\b|(?<=eg[ai])\b", re.I)


def sent_to_another(clause: str) -> bool:
    """Whether a Hindi clause names someone, not the user, that money goes to ("Rinki ko",
    "bhai ko"): what is sent there is no income of the household's ("Pappu Rinki ko 2k
    bhejta hai" is his sending, "chhoti ko 5k bhejte hain" the household's)."""
    return bool(_SOMEONE_KO.search(clause))


def users_sending(clause: str) -> bool:
    """Whether the family money a Hindi clause sends is the user's: its subject is the
    first person ("hum ghar 8k bhejte hain", "ghar 9k bhejte hain hum"), or no one else is
    its subject and its verb is not the third person singular ("ghar 8k bhejte hain")."""
    verb = _HINDI_SEND.search(clause)
    if verb is None:
        return False
    if _FIRST_ENDING.match(clause, verb.end()):
        return True
    before, after = clause[: verb.start()], clause[verb.end() :]
    if _FIRST_PERSON.search(before) or re.match(r"\s+(?:hain\s+|hai\s+)?(?:hum|ham)\b", after):
        return True
    if _OTHER_SENDER.search(before) or _THIRD_ENDING.match(clause, verb.end()):
        return False
    return re.search(r"\bghar\b", before, re.I) is not None
