"""A risk stance said in a few words of Hindi, Punjabi or Urdu ("dhire dhire chalo", "koi
jokhim nahi", "safe hi theek hai", "thoda risk chalega") is its class with the user's words
beside it, and its reason where one is given with it; "slowly" said of anything but money,
a fund's risk asked about, or a product said to carry none, is no stance. Each case states
exactly the facts expected."""

from __future__ import annotations

import pytest

from tests.recognise_helpers import facts_of


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "pahad ki sadak jaisa hai paisa.. dhire dhire chalo to pahunchte ho. zyada risk nai lena",
            {"risk": 'conservative ("dhire dhire chalo")'},
        ),
        (
            "paisa hai to dheere dheere badhana hai, jaldi nahi",
            {"risk": 'conservative ("dheere dheere badhana")'},
        ),
        (
            "invest karna hai par dheere-dheere chalenge",
            {"risk": 'conservative ("dheere-dheere chalenge")'},
        ),
        (
            "saadi soch simple ai, paisa hauli hauli jodna changa",
            {"risk": 'conservative ("hauli hauli jodna")'},
        ),
        (
            "main aaram se chalunga market me, koi jaldi nahi",
            {"risk": 'conservative ("aaram se chalunga")'},
        ),
        ("koi jokhim nahi bhai, FD hi theek", {"risk": 'conservative ("koi jokhim nahi")'}),
        (
            "jokhim nahi lena mujhe, bachche chhote hain",
            {"risk": 'conservative ("jokhim nahi lena")', "risk_reason": "bachche chhote hain"},
        ),
        (
            "khatra mol nahi lena, papa ka business doob gaya tha",
            {
                "risk": 'conservative ("khatra mol nahi lena")',
                "risk_reason": "papa ka business doob gaya tha",
            },
        ),
        ("safe hi theek hai yaar, savings me", {"risk": 'conservative ("safe hi theek")'}),
        (
            "safe side pe hi rehna hai, 2008 me sab gaya tha",
            {
                "risk": 'conservative ("safe side pe hi rehna")',
                "risk_reason": "2008 me sab gaya tha",
            },
        ),
        ("mehfooz hi behtar hai", {"risk": 'conservative ("mehfooz hi behtar")'}),
        ("risk se door rehna hai", {"risk": 'conservative ("risk se door")'}),
        (
            "thoda risk chalega, umar abhi 28 hai",
            {"risk": 'moderate ("thoda risk chalega")', "risk_reason": "umar abhi 28 hai"},
        ),
        ("thoda bahut risk le sakte hain", {"risk": 'moderate ("thoda bahut risk le sakte")'}),
        (
            "zyada risk bhi chalega, 25 saal ka hoon",
            {"risk": 'aggressive ("zyada risk bhi chalega")'},
        ),
        ("risk lene ko taiyaar hoon", {"risk": 'aggressive ("risk lene ko taiyaar")'}),
        # a stance that follows from the sentence before: its reason, in Punjabi
        (
            "ik gal dassan, 2014 de hadh ch saara godown dubb gaya si. us din ton risk nahi "
            "lainda, conservative hi rehna chahnda haan",
            {
                "risk": 'conservative ("risk nahi lainda")',
                "risk_reason": "ik gal dassan, 2014 de hadh ch saara godown dubb gaya si",
            },
        ),
        (
            "share market me 2 lakh doob gaye the. isi wajah se ab safe hi theek hai",
            {
                "risk": 'conservative ("safe hi theek")',
                "risk_reason": "share market me 2 lakh doob gaye the",
            },
        ),
        # a slow word alone, after the word risk, in the languages of India
        (
            "risk? hauli hauli. 2016 vich dukaan band hoyi si",
            {
                "risk": 'conservative ("hauli hauli")',
                "risk_reason": "2016 vich dukaan band hoyi si",
            },
        ),
        (
            "risk ki gal - aste aste, baba 2008 e share e taka haralo",
            {
                "risk": 'conservative ("aste aste")',
                "risk_reason": "baba 2008 e share e taka haralo",
            },
        ),
        ("mera risk? mella mella thaan", {"risk": 'conservative ("mella mella")'}),
        (
            "risk baare - nidhanavagi. chit fund collapse nodidini",
            {"risk": 'conservative ("nidhanavagi")', "risk_reason": "chit fund collapse nodidini"},
        ),
        (
            "risk lain ton darr lagda, ghar di zimmedari meri ai",
            {
                "risk": 'conservative ("risk lain ton darr lagda")',
                "risk_reason": "ghar di zimmedari meri ai",
            },
        ),
        ("risk: ekdum aggressive, 26 saal da haan", {"risk": "ekdum aggressive"}),
        # near-misses: slowly of other things, a product's risk, questions, a refused "lena"
        ("traffic me dhire dhire chal rahe the", {}),
        ("business dhire dhire badh raha hai", {}),
        ("dhire dhire sab theek ho jayega", {}),
        ("isme koi jokhim nahi hai na?", {}),
        ("FD me koi khatra nahi hai", {}),
        ("aaram se batao ELSS kya hai", {}),
        ("thoda risk hai is fund me?", {}),
        ("risk chalega kya isme?", {}),
        ("aaram se samjhao. risk wala fund kaunsa hai?", {}),
        ("mella mella nadakkanam, school is far", {}),
    ],
)
def test_a_stance_in_indian_words_is_its_class_in_the_users_words(text, expected):
    assert facts_of(text) == expected
