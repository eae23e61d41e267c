"""Which city a neighbourhood or a landmark is in: people name the part of the city they
live in ("a 1BHK in Andheri", "near Charminar", "Salt Lake side") more often than the
city. Pure.

A bounded table of well-known localities and landmarks of India's large cities, each with
its city. `locality_city` finds one said as where someone is: after "in", "at", "near",
"around", "off", "close to", "opposite", or before "side", "area" or "mein". The city is
written after the locality, as in an address ("Andheri, Mumbai"), so both names stay with
the fact (no parenthesis: a summary's "(was ...)" note holds one). Whose
place it is (the user's or a relative's) is for the caller (`recognise_places`).
"""

from __future__ import annotations

import re

from fincoach_tui.domain.word_start import starts_words

# city -> its localities and landmarks, comma-separated: the well-known neighbourhoods and
# suburbs of India's large cities, from general knowledge. Bounded on purpose: a name is
# here only when it is widely known as a part of that one city.
_LOCALITIES = {
    "Mumbai": (
        "andheri, bandra, borivali, kandivali, malad, goregaon, powai, juhu, dadar, worli, "
        "colaba, chembur, ghatkopar, mulund, vikhroli, kurla, santacruz, vile parle, "
        "lower parel, marine drive, bkc, bandra kurla complex, jogeshwari, dahisar, bhandup, "
        "sion, matunga, mahim, prabhadevi, byculla, versova, lokhandwala, oshiwara, "
        "kanjurmarg, wadala, mira road, bhayandar, cuffe parade, nariman point, tardeo"
    ),
    "Navi Mumbai": "vashi, kharghar, nerul, belapur, airoli, panvel, seawoods, ghansoli, ulwe",
    "Thane": "ghodbunder road, majiwada, kasarvadavali, vartak nagar",
    "Bengaluru": (
        "koramangala, whitefield, hsr layout, jayanagar, jp nagar, marathahalli, "
        "electronic city, hebbal, yelahanka, malleshwaram, btm layout, bellandur, sarjapur, "
        "banashankari, rajajinagar, basavanagudi, domlur, hennur, kr puram, hoodi, "
        "kadugodi, brookefield, mahadevapura, bannerghatta road, bommanahalli, "
        "kengeri, rt nagar, sahakara nagar, frazer town, ulsoor, "
        "cv raman nagar, kammanahalli, hosa road, varthur, panathur, devanahalli"
    ),
    "Delhi": (
        "dwarka, rohini, laxmi nagar, karol bagh, lajpat nagar, saket, vasant kunj, "
        "janakpuri, pitampura, mayur vihar, connaught place, chandni chowk, hauz khas, "
        "greater kailash, rajouri garden, shahdara, preet vihar, paschim vihar, "
        "punjabi bagh, kalkaji, okhla, jamia nagar, uttam nagar, tilak nagar, patel nagar, "
        "defence colony, south extension, chanakyapuri, munirka, mehrauli, chhatarpur, "
        "burari, mukherjee nagar, kamla nagar, shalimar bagh, vikaspuri"
    ),
    "Gurugram": (
        "dlf phase, cyber city, sohna road, golf course road, sushant lok, palam vihar, "
        "nirvana country, udyog vihar, manesar"
    ),
    "Noida": "greater noida west, noida extension",
    "Ghaziabad": "indirapuram, raj nagar extension, crossings republik",
    "Hyderabad": (
        "gachibowli, hitech city, madhapur, kondapur, banjara hills, jubilee hills, "
        "kukatpally, secunderabad, ameerpet, begumpet, charminar, miyapur, manikonda, "
        "kphb, nizampet, bachupally, kompally, dilsukhnagar, lb nagar, uppal, "
        "habsiguda, tarnaka, mehdipatnam, tolichowki, attapur, narsingi, kokapet, "
        "chandanagar, nallagandla, as rao nagar, ecil"
    ),
    "Chennai": (
        "t nagar, adyar, velachery, tambaram, mylapore, porur, guindy, "
        "marina beach, nungambakkam, besant nagar, thiruvanmiyur, sholinganallur, "
        "perungudi, omr, ecr, chromepet, pallavaram, medavakkam, pallikaranai, "
        "kodambakkam, vadapalani, ashok pillar, kilpauk, egmore, royapettah, ambattur, "
        "avadi, perambur, saidapet, alwarpet, kelambakkam, siruseri"
    ),
    "Kolkata": (
        "salt lake, new town, behala, garia, dum dum, ballygunge, park street, jadavpur, "
        "rajarhat, tollygunge, baguiati, gariahat, dhakuria, santoshpur, "
        "lake town, shyambazar, bagbazar, bhowanipore, kalighat, alipore, tiljala, "
        "howrah maidan, sealdah, kankurgachi, phoolbagan, jodhpur park, "
        "golf green, sonarpur, barasat, kestopur"
    ),
    "Pune": (
        "kothrud, hinjewadi, baner, aundh, wakad, viman nagar, koregaon park, hadapsar, "
        "kharadi, magarpatta, pimpri, chinchwad, pimple saudagar, pimple nilakh, "
        "balewadi, bavdhan, warje, karve nagar, sinhagad road, katraj, kondhwa, "
        "wanowrie, undri, wagholi, yerawada, kalyani nagar, deccan gymkhana, "
        "sadashiv peth, kasba peth, nigdi, akurdi, ravet, tathawade, punawale"
    ),
    "Ahmedabad": (
        "navrangpura, bopal, maninagar, vastrapur, sg highway, prahlad nagar, "
        "bodakdev, thaltej, gota, chandkheda, naranpura, paldi, ghatlodia, nikol, "
        "vastral, ellisbridge"
    ),
    "Jaipur": "vaishali nagar, mansarovar, c scheme, raja park, jagatpura, bani park, sodala",
    "Lucknow": "gomti nagar, hazratganj, aliganj, aminabad, alambagh, chinhat, jankipuram",
    "Kochi": "kakkanad, edappally, vyttila, fort kochi, kaloor, palarivattom, kadavanthra",
    "Indore": "vijay nagar square, palasia, bhawarkuan",
    "Coimbatore": "rs puram, gandhipuram, peelamedu, saibaba colony, singanallur",
}
# Names several cities have (a "Malviya Nagar" is in Delhi and in Jaipur, an "MG Road" in
# most cities, "Indiranagar" in Bengaluru and Lucknow): said alone they name no city, so
# they are not guessed, even where one city's is better known.
SHARED = frozenset(
    "malviya nagar, shivajinagar, shivaji nagar, mg road, model town, civil lines, "
    "gandhi nagar, gandhinagar, rajendra nagar, anna nagar, indiranagar, indira nagar, "
    "ashok nagar, vijay nagar, vijayanagar, shastri nagar, nehru nagar, sector, cantonment, "
    "station road, old city, new colony".split(", ")
)
_LISTED = [(name.strip(), city) for city, names in _LOCALITIES.items() for name in names.split(",")]
# A name listed under two cities is shared as well.
_TWICE = {name for name, _ in _LISTED if sum(n == name for n, _ in _LISTED) > 1}
CITY_OF = {
    name: city for name, city in _LISTED if name and name not in SHARED and name not in _TWICE
}
_NAMES = "|".join(sorted((re.escape(n) for n in CITY_OF), key=len, reverse=True))
LOCALITY_NAMES = _NAMES  # every known locality, longest first, for a pattern
_SAID_AS_PLACE = re.compile(  # `\b(?=\w)` first: the same matches, in half the time
    r"\b(?=\w)(?:\b(?:in|at|near|around|off|close\s+to|next\s+to|opposite|behind|from)\s+"
    rf"(?:the\s+)?(?P<place>{_NAMES})\b(?!\s+(?:branch|office|mall|store)\b)"
    rf"|\b(?P<place2>{_NAMES})\s+(?:side|area|mein|me|la|te)\b)",
    re.IGNORECASE,
)
starts_words("locality", _SAID_AS_PLACE)


def written(said: str, city: str) -> str:
    """A locality as the recogniser writes it: "Salt Lake, Kolkata", "HSR Layout, Bengaluru"."""
    name = " ".join(w if w.isupper() else w.title() for w in said.split())
    return f"{name}, {city}"


def locality_city(sentence: str) -> tuple[int, str] | None:
    """Where in `sentence` a known locality is said as a place, and "Locality, City";
    None if none is."""
    match = _SAID_AS_PLACE.search(sentence)
    if not match:
        return None
    said = match["place"] or match["place2"]
    return match.start(), written(said, CITY_OF[said.lower()])
