"""A question said in a romanised Indian language (Hindi, Marathi, Bengali, Tamil, Telugu,
Gujarati, Punjabi, Kannada, Malayalam, Odia) asks the notes of its topics
(`fact_relevance.LANGUAGE_TOPICS`), not every note that shares its grammar words ("kya",
"hai", "aahe", "ache"). The sentences here are made up for these tests."""

from __future__ import annotations

import pytest

from fincoach_tui.domain.fact_relevance import note_question_words, topic_asked
from fincoach_tui.domain.fact_store import FactStore
from fincoach_tui.domain.language_topics import language_topics, romanised
from fincoach_tui.domain.memory.notes import asked_topics, note_keys, notes_section
from fincoach_tui.domain.memory.session_memo import SessionMemo
from fincoach_tui.domain.statement_words import on_topic
from fincoach_tui.domain.user_statements import Statement
from tests.notes_helpers import index_and_reference, words


@pytest.mark.parametrize(
    ("question", "topics"),
    [
        # Hindi
        ("mera kiraya kitna hai abhi?", {"rent"}),
        ("bima ka premium kab bharna hai?", {"insurance"}),
        ("ghar wale kis kis pe nirbhar hain, yaad hai?", {"family"}),
        ("hum kis shahar mein rehte hain, likh do", {"city"}),
        ("kisht kab khatam hogi aur tankhwah kitni bachegi?", {"loan", "pay"}),
        # Marathi
        ("majha pagar kiti aahe sadhya?", {"pay"}),
        ("bhade kiti dyayche aahe, aathvan kar", {"rent"}),
        ("amcha swapna kadhi purna hoil?", {"goal"}),
        ("kon kon amchyavar avalambun aahe?", {"family"}),
        ("vima purta aahe ka?", {"insurance"}),
        ("mahine ka kharcha kitna hai?", {"cost"}),
        ("sagla kharch kiti aahe?", {"cost"}),
        # Bengali
        ("amar bhara koto ache ekhon?", {"rent"}),
        ("songsar khoroch koto?", {"cost"}),
        ("ke ke amar upor nirbhor, bolo to", {"family"}),
        ("kothay thaki seta mone ache?", {"city"}),
        ("kisti koto baki ache?", {"loan"}),
        ("joma taka kobe pabo?", {"deposit"}),
        # Tamil
        ("en sambalam evvalavu irukku?", {"pay"}),
        ("veetu vaadagai evvalavu?", {"rent"}),
        ("maasam selavu evvalavu?", {"cost"}),
        ("kadan eppo mudiyum?", {"loan"}),
        ("ennoda kanavu eppo nadakkum?", {"goal"}),
        ("abaayam illadha mudaleedu enna?", {"risk", "sip"}),
        # Telugu
        ("naa jeetham ippudu entha?", {"pay"}),
        ("illu adde entha kadutunnamu?", {"rent"}),
        ("appu eppudu teerutundi?", {"loan"}),
        ("maa podupu entha undi?", {"deposit"}),
        ("pillala chaduvu lakshyam ki entha kavali?", {"family", "goal"}),
        ("bheema cover saripotunda?", {"insurance"}),
        ("memu e nagaram lo untunnamu?", {"city"}),
        ("pettubadi lo nashtam vaste ela, cheppandi?", {"sip", "risk"}),
        # Gujarati
        ("maro pagar ketlo chhe?", {"pay"}),
        ("dukaan nu bhadu ketlu aapvanu?", {"rent"}),
        ("home loan no hapto kyare puro thase?", {"loan"}),
        ("vimo puro chhe ke nathi?", {"insurance"}),
        ("amaru sapnu kyare puru thase?", {"goal"}),
        # Punjabi
        ("sadi bachat kinni hai?", {"deposit"}),
        ("kudi de viah layi kinna chahida?", {"family", "goal"}),
        ("kisht kinne mahine hor dasso?", {"loan"}),
        # Kannada
        ("nanna sambala eshtu?", {"pay"}),
        ("mane baadige eshtu kodabeku?", {"rent"}),
        ("vime saaku, heli?", {"insurance"}),
        ("nanna hoodike eshtu beku?", {"sip"}),
        # Malayalam
        ("ente shambalam ethra aanu?", {"pay"}),
        ("veedinte vaadaka ethra?", {"rent"}),
        ("vaaypa eppol theerum, parayu?", {"loan"}),
        ("makkalude padippinu ethra venam?", {"family"}),
        # Odia
        ("mora darama kete?", {"pay"}),
        ("ghara bhada kete achhi?", {"rent"}),
        ("rina kebe sesha hebe, kuha?", {"loan"}),
        ("bima kete achhi?", {"insurance"}),
    ],
)
def test_a_question_in_an_indian_language_names_its_topics(question, topics) -> None:
    assert romanised(question)
    assert language_topics(question) == topics


@pytest.mark.parametrize(
    "question",
    [
        "What is my rent now?",
        "Is the term cover enough for my family?",
        "Tell me honestly, can we afford the car?",
    ],
)
def test_an_english_question_is_not_read_as_romanised(question) -> None:
    assert not romanised(question)
    assert note_question_words(question)  # its words still ask, as before


@pytest.mark.parametrize(
    "question",
    [
        "Is Amara covered by our family floater?",  # a name, not Gujarati "our"
        "Tell me about Gurinder's SIP.",  # not Kannada "guri", a goal
        "Which is the next step, kadam by kadam?",  # Hindi "step", not Malayalam "debt"
    ],
)
def test_names_and_other_languages_words_are_no_topic(question) -> None:
    assert not romanised(question)
    assert not language_topics(question) & {"goal", "loan"}


def test_a_romanised_question_asks_its_topics_not_its_grammar_words() -> None:
    question = "mera kiraya kitna hai aur Gudiya ki fees kya hai?"
    # (Gudiya's name says whose fees: the fees are asked, not every note naming her)
    assert note_question_words(question) == {"kiray", "fees"}
    assert {"rent", "cost"} <= asked_topics(question)
    assert topic_asked("rent", question) and not topic_asked("salary", question)


def test_a_note_in_an_indian_language_is_of_the_topic_it_names() -> None:
    assert "rent" in note_keys("dokan er bhara ekhon 9,100")
    assert "salary" in note_keys("tuition theke mase 6,000 aschhe")
    assert "family" in note_keys("kutumbat aai ani don mula")
    assert "city" not in note_keys("dokan er bhara ekhon 9,100")
    assert "cost" in note_keys("khat ani biyane 40,000 lagtat")


# (question, the note it is about, newer notes that share only its grammar words)
CASES = [
    (
        "ke ke amar upor nirbhor ache, bolo?",
        "bou Mitali ar chele Ronu amar sathe",
        ["amar cycle ta ache", "amar bondhu bolche ache", "amar dokan e bhir ache"],
    ),
    (
        "majha vima kiti aahe?",
        "aarogya vima 4 lakh cha aahe",
        ["majha mitra aahe", "majha scooter aahe juna", "majha dukan aahe"],
    ),
    (
        "mera kiraya kitna hai abhi?",
        "flat ka kiraya 18,000 dete hain",
        ["mera dost bola hai", "mera phone purana hai", "mera cycle kharab hai"],
    ),
    (
        "enakku sambalam evvalavu irukku?",
        "sambalam 52,000 varudhu",
        ["enakku bike irukku", "enakku friend irukku", "enakku tea venum irukku"],
    ),
    (
        "naaku appu entha undi?",
        "bank appu 3 lakh, nelaki 9,000 kadutunnanu",
        ["naaku bike undi", "naaku friend undi", "naaku tea kavali undi"],
    ),
    (
        "memu e nagaram lo untunnam, gurthu undi?",
        "naa peru Kavya, Nellore RTC lo clerk",
        ["naa bike lo petrol undi", "naa friend kuda undi", "naa phone paatadi undi"],
    ),
    (
        "ame kya shaher ma rahie chhie?",
        "ame Surat ma bhade rahie chhie",
        ["maro scooter juno chhe", "maro mitra saro chhe", "maro phone navo chhe"],
    ),
    (
        "maro vimo ketlo chhe?",
        "health vimo 5 lakh no chhe",
        ["maro scooter chhe", "maro mitra chhe", "maro phone juno chhe"],
    ),
]


@pytest.mark.parametrize(("question", "about", "others"), CASES)
def test_notes_sharing_only_grammar_words_do_not_take_the_asked_notes_room(
    question, about, others
) -> None:
    notes = [Statement(2, about), *(Statement(3 + n, t) for n, t in enumerate(others))]
    budget = words(notes[0].line())  # room for one line
    section, count = notes_section(notes, FactStore(), budget, words, question, SessionMemo())
    assert section is not None
    assert (section.text, count) == (notes[0].line(), 1)


@pytest.mark.parametrize(("question", "about", "others"), CASES)
def test_the_index_asks_a_romanised_question_as_the_reference_does(question, about, others) -> None:
    found, expected = index_and_reference([about, *others, "ok", "ok", "ok"], question)
    assert found[0] is not None and expected[0] is not None
    assert (found[0].text, found[1]) == (expected[0].text, expected[1])
    assert about in found[0].text


@pytest.mark.parametrize(
    ("remark", "statement"),
    [
        ("naa bike lo petrol ledu", "naa jeetham 40,000 undi"),  # Telugu
        ("maro bhai pan ahiya chhe", "maro pagar 35,000 chhe"),  # Gujarati
        ("sada kutta vich baitha", "sada kiraya 12,000 hai"),  # Punjabi
        ("nanna cycle alli ide", "nanna sambala 45,000 ide"),  # Kannada
        ("ente phone oru pazhaya aanu", "ente shambalam 38,000 aanu"),  # Malayalam
    ],
)
def test_grammar_words_of_more_languages_make_no_topic(remark, statement) -> None:
    assert not on_topic(remark, statement)
