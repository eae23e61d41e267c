"""The number words of Tamil, Malayalam, Telugu and Kannada, romanised, for money. Pure.

Said apart, a number word before a scale: "iravai velu" (Telugu, 20 thousands: 20,000),
"oka laksha" (1 lakh), "hattu saavira" (Kannada, 10,000), "padinainju aayiram" (Tamil,
15,000). Said joined, one word, the number's last vowel dropped before "aayiram":
"pathinaarayiram" (Malayalam, pathinaaru + aayiram: 16,000), "moonnayiram" (3,000),
"anjaayiram" (5,000), "pathinaayiram" (10,000, from "pathu"), "padivelu" (10,000). A joined
word is a number however it is read, so it is certain alone; a number word apart counts only
before a scale word, as in `indian_numbers` ("Velu", "Laksha" alone are names).
"""

from __future__ import annotations

# Number words by value; a spelling shared by two languages means the same number in both.
SOUTH_NUMBERS: dict[str, float] = {}
for _value, _said in (
    (1, "onnu onru oka okka okati ondu"),
    (2, "randu rendu irandu eradu"),
    (3, "moonnu moonu moonru moodu mooru"),
    (4, "naalu naangu naalugu nalugu naalku"),
    (5, "anchu anju ainthu aindhu aidu"),
    (6, "aaru"),
    (7, "ezhu edu elu"),
    (8, "ettu enimidi entu"),
    (9, "onpathu ombathu onbathu ombadhu tommidi ombattu"),
    (10, "pathu padhu padi hattu"),
    (11, "pathinonnu padinonnu padakondu hannondu"),
    (12, "panthrandu pannirandu panniranndu pannendu hanneradu"),
    (13, "pathimoonnu padhimoonu padamoodu hadimooru"),
    (14, "pathinaalu padhinaalu padnalugu padhnalugu hadinaalku"),
    (15, "pathinanchu padinainju padhinainthu pathinainthu padihenu padhihenu hadinaidu"),
    (16, "pathinaaru padhinaaru padahaaru padaharu hadinaaru"),
    (17, "pathinezhu padhinezhu padihedu hadinelu"),
    (18, "pathinettu padhinettu paddenimidi hadinentu"),
    (19, "pathombathu patthonbathu pandommidi hattombattu"),
    (20, "irupathu irubathu iravai ippattu"),
    (25, "irupathanchu irubathanju ippattaidu"),
    (30, "muppathu mupphai muppai moovattu"),
    (40, "naalpathu narpathu nalabhai nalabai nalavattu"),
    (50, "anpathu aimbathu ambathu yaabhai yabai aivattu"),
    (60, "arupathu aruvathu aravai aravattu"),
    (70, "ezhupathu debbai eppattu"),
    (80, "enpathu embathu enabhai embattu"),
    (90, "thonnooru tombhai tombattu"),
):
    for _word in _said.split():
        SOUTH_NUMBERS.setdefault(_word, float(_value))

THOUSANDS = ("aayiram", "ayiram", "velu", "veyyi", "saavira", "savira")
LAKHS = ("laksha", "laksham", "lakshalu", "lakshala", "latcham", "lacham")


def _stems(word: str) -> set[str]:
    """The forms a number word takes joined to the scale after it: itself ("padivelu"),
    without its last vowel ("moonnu" -> "moonn"), and a ten's "-in-" ("pathu" -> "pathin")."""
    stems = {word}
    if word[-1] in "ui":
        stems.add(word[:-1])
    if word.endswith(("thu", "dhu")):
        stems.add(word[:-1] + "in")
    return stems


# One word for number and thousand: "pathinaarayiram" 16,000, "padivelu" 10,000.
JOINED_THOUSANDS: dict[str, float] = {}
for _word, _number in SOUTH_NUMBERS.items():
    for _stem in _stems(_word):
        for _scale in ("aayiram", "ayiram", "velu", "saavira"):
            JOINED_THOUSANDS.setdefault(_stem + _scale, _number * 1e3)
