"""The topics a question said in a romanised Indian language names, in each language's
words, and the grammar words that tell such a question. Pure.

One table (`LANGUAGE_TOPICS`): a question's topics and a note's are both read with it, so
a question in these languages asks the notes of its topics (`fact_relevance`), not every
note that shares its grammar words ("kya", "hai", "aahe", "ache", "entha", "undi").
"""

from __future__ import annotations

import re
from functools import lru_cache

# The topics a question in romanised Hindi (hi), Marathi (mr), Bengali (bn), Tamil (ta),
# Telugu (te), Gujarati (gu), Punjabi (pa), Kannada (kn), Malayalam (ml) or Odia (or) names,
# in the words of each language ("ke ke amar upor nirbhor": who depends on me; "bhade kiti
# aahe": how much is the rent; "adde entha": how much is the rent), and the fact keys each
# topic asks. A word that is also a common name or another language's grammar word is left
# out ("kadam" alone, a step in Hindi; "guri" only as itself, not "gurinchi", Telugu "about"). One table: a question's topics and a note's
# are both read with it (`language_topics`), so a question in these languages asks the notes
# of its topics, not every note that shares its grammar words ("kya", "hai", "aahe", "ache").
LANGUAGE_TOPICS: dict[str, dict[str, str]] = {
    "pay": {
        # and money that comes in, said with the verb ("homestay se 41,500 aa raha hai")
        "hi": r"tankh?w?ah?|tankha|tanakh\w*|kamai|kama(?:ta|ti|te|na)|aamdani|amdani|vetan|"
        r"mil(?:ta|ti|te)|mil\s+raha|aa\s+(?:raha|rahe|rahi)|aa(?:ta|ti|te)\s+hai\w*",
        "mr": r"pagar\w*|pagaar\w*|kamav\w*|utpann?a|milt[aoe]|milat\w*|yet[aoe]",
        "bn": r"mayne|maine|beton|betan|rojgar\w*|aay|kamai|aa?sh?chh?e|paa?i",
        "ta": r"sambal\w*|sampal\w*|varumaa?nam|kooli|sampaadh\w*|sambaadh\w*|"
        r"varudhu|varuthu|kidaikk?\w*",
        "te": r"jee?th?am\w*|sampaadan\w*|sampadan\w*|aa?daa?yam|vastu?h?und\w*",
        "gu": r"kamaa?ni|aavak|avak|male\s+chh?e",
        "pa": r"mild[aie]|kamaa?und[aie]",
        "kn": r"aa?daa?ya\w*|barutt\w*|baruth\w*",
        "ml": r"shamb?alam\w*|kittu(?:nnu|nnath\w*|m)",
        "or": r"daramaa?\w*|rojgaar\w*",
    },
    "rent": {
        "hi": r"kiraa?y[ae]\w*|bhaa?d[ae]",
        "mr": r"bhaa?d[ae]\w*|bhadya\w*",
        "bn": r"bhaa?ra",
        "ta": r"vaa?dag[ae]i|vaa?dak[ae]i",
        "te": r"adde\w*|addhe\w*",
        "gu": r"bhaa?du\w*",
        "pa": r"kiraa?y[ae]\w*",
        "kn": r"baa?dige\w*",
        "ml": r"vaa?daka\w*",
        "or": r"bhaa?da\w*",
    },
    # what things cost, and the verb a cost is said with ("75,000 lagtat": it takes 75,000)
    "cost": {
        "hi": r"kharch\w*|lag(?:ta|ti|te|ega|egi)",
        "mr": r"kharch\w*|khurch\w*|lagt\w*|lagel",
        "bn": r"khoroch\w*|khorch\w*|lagbe|lagche",
        "ta": r"selav\w*|chelav\w*|aagudhu|aaguthu",
        "te": r"kharchu\w*",
        "gu": r"kharch\w*|laag\w*",
        "pa": r"kharch\w*|lagd[aie]",
        "kn": r"kharchu\w*|aagutt\w*",
        "ml": r"chilav\w*|chelav\w*",
        "or": r"kharch\w*|laaguchh\w*|laguchh\w*",
    },
    "loan": {
        "hi": r"karz\w*|karj\w*|udh?aa?r|kisht\w*|kist\w*",
        "mr": r"karj\w*|hapt[ae]\w*|haft[ae]",
        "bn": r"rin|rinn|dhaa?r|kisti\w*|kisthi\w*",
        "ta": r"kadan\w*|thavanai\w*|tavanai\w*",
        "te": r"appu\w*|runam|vaa?yidal\w*",
        "gu": r"karaj\w*|karj\w*|hapt[ao]\w*",
        "pa": r"karz\w*|karj\w*|kisht\w*",
        "kn": r"saala|saalad\w*|saalag\w*|kanthu\w*",
        "ml": r"kadabaadh\w*|kadathil\w*|kadamund\w*|kadam\s+(?:und\w*|edu\w*|baakki)|vaa?ypa\w*",
        "or": r"rina|karja\w*|kisti\w*",
    },
    "deposit": {
        "hi": r"jamaa?|sthayi|mi?yaadi",
        "mr": r"mudat\s*thev\w*|thev\s+p[ae]v\w*",
        "bn": r"joma\w*|amanat\w*|sthayi",
        "ta": r"vaipp?u\s*nidhi\w*|vaipp?u\w*",
        "te": r"podupu\w*|nilva\w*",
        "gu": r"thaa?pan\w*|bachat\w*",
        "pa": r"jamaa?|bachat\w*",
        "kn": r"th?ee?vani\w*|ulithaa?ya\w*|ulitaa?ya\w*",
        "ml": r"sthira\s*nikshep\w*|sampaadyam",
        "or": r"sanchay\w*|jamaa?",
    },
    "sip": {
        "hi": r"nive?sh\w*|niwesh\w*",
        "mr": r"guntavnuk\w*|nivesh\w*",
        "bn": r"biniyog\w*|binijog\w*",
        "ta": r"mud?h?aleedu\w*|muthaleedu\w*",
        "te": r"pettubadi\w*|pettu\s+badi\w*",
        "gu": r"rokaa?n\w*",
        "pa": r"nivesh\w*",
        "kn": r"hoo?dike\w*",
        "ml": r"nikshep\w*",
        "or": r"biniyog\w*|punji\w*",
    },
    "insurance": {
        "hi": r"bi+ma\w*|bee?ma\w*",
        "mr": r"vima\w*|veema\w*",
        "bn": r"bi+ma\w*|bee?ma\w*",
        "ta": r"kaa?pp?ee?du\w*",
        "te": r"bhee?ma\w*|bi+ma\w*",
        "gu": r"vimo\w*|vima\w*",
        "pa": r"bee?ma\w*|bi+ma\w*",
        "kn": r"vime\w*",
        "ml": r"inshuran\w*|pariraksha\w*",
        "or": r"bi+ma\w*|bee?ma\w*",
    },
    "goal": {
        "hi": r"sapn[aeo]\w*|lakshya?|iraada|ma[qk]sad",
        "mr": r"swapn\w*|dhyey\w*|uddisht\w*",
        "bn": r"sh?w?apno\w*|lokkho|lakkho|icche\w*",
        "ta": r"kanavu\w*|ilakk?u\w*|aasai\w*",
        "te": r"lakshy\w*|kalal[ua]\w*|aasay\w*|pelli\w*",
        "gu": r"sapn[aeou]\w*|dhyey\w*|lakshy\w*|lagna\w*",
        "pa": r"sup?n[ae]\w*|tamann\w*|viah\w*|vyah\w*",
        "kn": r"guri(?:ya|yannu|ge)?|kanas\w*|lakshy\w*",
        "ml": r"lakshy\w*|swapn\w*|aagrah\w*",
        "or": r"lakshy\w*|swapn\w*",
    },
    "family": {
        "hi": r"pari[wv]aa?r\w*|ghar\s*wal[ea]|nirbhar|aashrit|bach+[ae]|biwi|patni|pati|beti|beta",
        "mr": r"kutumb\w*|gharch[ea]|avalamb\w*|bayko|navra|mulg[ai]|mula|aai|baba",
        "bn": r"poribar\w*|paribar\w*|nirbhor\w*|bou|meye|chele|ma|baba",
        "ta": r"kudumb\w*|saa?rndh?u\w*|manaivi|kanavar|pasanga|amma|appa|magal|magan",
        "te": r"kutumb\w*|intlo\s+vaa?ll\w*|inti\s+vaa?ll\w*|bharya|bhartha|pillal\w*|kooth?uru|koduku|aadhaa?rapad\w*",
        "gu": r"parivaa?r\w*|gharn[aie]\b|patni|pati|dikr[aio]|baa?pu\w*",
        "pa": r"parivaa?r\w*|ghar\s*wal[ea]|vohti|voti|mund[ae]|kudi|bebe|bapu\w*",
        "kn": r"kutumb\w*|hendat?h?i|makkal\w*|avalambit\w*",
        "ml": r"kudumb\w*|bhaarya|bharya|bharth\w*|makkal\w*|makan|makal|aashrith\w*",
        "or": r"paribaa?r\w*|stree|pua|jhia|nirbhar\w*",
    },
    "city": {
        "hi": r"shaha?r|sheher|shehar|reh(?:te|ta|ti|na)",
        "mr": r"shahar\w*|gaav\w*|rah(?:to|te|ta|ato|ate)",
        "bn": r"shohor\w*|thaki|thakbo|thakchi",
        "ta": r"ooru|ooril|oorla|oorula|vasikk\w*|vasip\w*",
        "te": r"nagaram\w*|pattanam\w*|untunn\w*|untanu|untaamu|untamu",
        "gu": r"shaher\w*|shahe?r|rahi[ea]\w*|rahu\s+chh?u",
        "pa": r"shehar\w*|rehnd[ae]\w*",
        "kn": r"ooru|ooral?li|nagara\w*|vaasa\w*",
        "ml": r"nagaram\w*|thaa?masikk?\w*|taa?masikk?\w*",
        "or": r"sahara|rahuchh?[ui]\w*",
    },
    "risk": {
        "hi": r"jokh[ai]m\w*|khatr[ae]\w*|surakshit|suraksha",
        "mr": r"jokh[ai]m\w*|dhoka\w*|surakshit|bhiti",
        "bn": r"jhu+n?ki\w*|nira+pod\w*|bhoy\w*",
        "ta": r"aba+yam\w*|apaa?yam\w*|bayam\w*|paadhukaapp?\w*",
        "te": r"pramaad\w*|bhayam|bhadrath?\w*|nashtam\w*",
        "gu": r"jokh[ai]m\w*|salaamat\w*|salamat\w*",
        "pa": r"khatr[ae]\w*|jokh[ai]m\w*",
        "kn": r"a(?:p|b)aa?ya\w*|suraksh\w*|nashta\w*",
        "ml": r"apakad\w*|suraksh\w*|nashtam\w*",
        "or": r"bipad\w*|surakhy\w*",
    },
}
# The fact keys (heads, as `_CLASS_KEYS` of the notes name them) each topic asks.
TOPIC_KEYS: dict[str, tuple[str, ...]] = {
    "pay": ("salary",),
    "rent": ("rent",),
    "cost": ("expenses", "cost"),
    "loan": ("loan", "debt"),
    "deposit": ("fd", "rd"),
    # investing, as in English ("invest" is a word of the stance, `_RISK`), asks the stance too
    "sip": ("sip", "invest", "risk"),
    "insurance": ("insurance",),
    "goal": ("goal_",),
    "family": ("family",),
    "city": ("city",),
    "risk": ("risk",),
}
_LANGUAGE_TOPIC = {
    topic: re.compile(rf"\b(?:{'|'.join(words.values())})\b", re.IGNORECASE)
    for topic, words in LANGUAGE_TOPICS.items()
}
# The grammar words that tell a question is said in one of those languages: question
# words, pronouns, postpositions and auxiliaries, none of them an English word.
GRAMMAR_WORDS = frozenset(
    (
        # Hindi
        "kya kyaa hai hain ka ki ke ko mein mai mujhe mera meri mere hamara hamari hamare "
        "kitna kitni kitne kaise kaisa kahan kab kyun kyon nahi nahin hoga hogi chahiye aur "
        "toh bhi apna apni hum batao bataiye sakta sakti sakte karu karun raha rahi rahe "
        # Marathi
        "aahe ahe aahet kiti kasa kashi kase kuthe majha majhi majhe maza mazi maze amcha "
        "amchi amche ani nahi kay kaay hoil pahije sanga mala amhala kon kadhi "
        # Bengali
        "koto kemon kothay amar amader ache achhe nei hobe korbo bolo theke keno ebar ekhon "
        "kichu kotha amake tumi ami kobe "
        # Tamil
        "enna evvalavu eppadi enga enakku naan naanga irukku illa pannanum sollunga ennoda "
        "enoda namma nanga epdi evlo yenna eppo eppadi "
        # Telugu
        "entha enta enti emiti eppudu ekkada enni nenu memu naaku maaku undi unnayi ledu "
        "kavali cheppandi cheppu gurinchi saripotunda "
        # Gujarati
        "ketlo ketli ketla ketlu shu kyare maro amaro amaru amari chhe nathi joie joiye "
        "kevi kevu amne "
        # Punjabi
        "kinna kinni kinne kiwe kiven kithe kadon sada sadi chahida chaidi dasso sakda sakdi "
        "layi vich "
        # Kannada
        "eshtu yaavaga yavaga nanna nange naavu beku heli hege "
        # Malayalam
        "ethra enthu enthanu engane eppol evide ente njan njangal nammude venam parayu enikku "
        # Odia
        "kete kemiti kebe kouthi achhi darkar kuha"
    ).split()
)
# A question with this many of them is said in one of those languages: one, since none
# of them is an English word.
GRAMMAR_MARKS = 1


@lru_cache(maxsize=8192)
def language_topics(text: str) -> frozenset[str]:
    """The topics of `LANGUAGE_TOPICS` `text` names in a romanised Indian language."""
    return frozenset(topic for topic, pattern in _LANGUAGE_TOPIC.items() if pattern.search(text))


def language_topic_keys(text: str) -> frozenset[str]:
    """The fact keys (heads) of the topics `text` names in those languages (`TOPIC_KEYS`)."""
    return frozenset(key for topic in language_topics(text) for key in TOPIC_KEYS[topic])


@lru_cache(maxsize=4096)
def romanised(question: str) -> bool:
    """Whether `question` is said in a romanised Indian language of `LANGUAGE_TOPICS`: it
    has `GRAMMAR_MARKS` of those languages' grammar words."""
    words = re.findall(r"[a-z]+", question.lower())
    return sum(word in GRAMMAR_WORDS for word in words) >= GRAMMAR_MARKS
