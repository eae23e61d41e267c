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

# city -> its localities and landmarks, comma-separated
_LOCALITIES = {
    "Mumbai": (
        "andheri, bandra, borivali, kandivali, malad, goregaon, powai, juhu, dadar, worli, "
        "colaba, chembur, ghatkopar, mulund, vikhroli, kurla, santacruz, vile parle, "
        "lower parel, marine drive, bkc, bandra kurla complex"
    ),
    "Navi Mumbai": "vashi, kharghar, nerul, belapur, airoli, panvel",
    "Bengaluru": (
        "koramangala, indiranagar, whitefield, hsr layout, jayanagar, jp nagar, marathahalli, "
        "electronic city, hebbal, yelahanka, malleshwaram, btm layout, bellandur, sarjapur, "
        "banashankari, rajajinagar, basavanagudi, mg road"
    ),
    "Delhi": (
        "dwarka, rohini, laxmi nagar, karol bagh, lajpat nagar, saket, vasant kunj, "
        "janakpuri, pitampura, mayur vihar, connaught place, chandni chowk, hauz khas, "
        "greater kailash, rajouri garden, shahdara, preet vihar"
    ),
    "Gurugram": "dlf phase, cyber city, sohna road, golf course road",
    "Hyderabad": (
        "gachibowli, hitech city, madhapur, kondapur, banjara hills, jubilee hills, "
        "kukatpally, secunderabad, ameerpet, begumpet, charminar, miyapur, manikonda"
    ),
    "Chennai": (
        "t nagar, adyar, velachery, anna nagar, tambaram, mylapore, porur, guindy, "
        "marina beach, nungambakkam"
    ),
    "Kolkata": (
        "salt lake, new town, behala, garia, dum dum, ballygunge, park street, jadavpur, "
        "rajarhat, tollygunge, baguiati"
    ),
    "Pune": (
        "kothrud, hinjewadi, baner, aundh, wakad, viman nagar, koregaon park, hadapsar, "
        "kharadi, magarpatta, pimpri, chinchwad, shivajinagar"
    ),
    "Ahmedabad": "navrangpura, bopal, maninagar, vastrapur, sg highway",
    "Jaipur": "malviya nagar, vaishali nagar, mansarovar, c scheme, raja park",
    "Lucknow": "gomti nagar, hazratganj, aliganj, aminabad",
    "Kochi": "kakkanad, edappally, vyttila, fort kochi, kaloor",
}
CITY_OF = {
    name.strip(): city
    for city, names in _LOCALITIES.items()
    for name in names.split(",")
    if name.strip()
}
_NAMES = "|".join(sorted((re.escape(n) for n in CITY_OF), key=len, reverse=True))
_SAID_AS_PLACE = re.compile(
    r"\b(?:in|at|near|around|off|close\s+to|next\s+to|opposite|behind|from)\s+(?:the\s+)?"
    rf"(?P<place>{_NAMES})\b(?!\s+(?:branch|office|mall|store)\b)"
    rf"|\b(?P<place2>{_NAMES})\s+(?:side|area|mein|me|la|te)\b",
    re.IGNORECASE,
)


def locality_city(sentence: str) -> tuple[int, str] | None:
    """Where in `sentence` a known locality is said as a place, and "Locality, City";
    None if none is."""
    match = _SAID_AS_PLACE.search(sentence)
    if not match:
        return None
    said = match["place"] or match["place2"]
    name = " ".join(w if w.isupper() else w.title() for w in said.split())
    return match.start(), f"{name}, {CITY_OF[said.lower()]}"
