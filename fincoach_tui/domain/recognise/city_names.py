"""The cities the place recogniser knows by name, and how each is written. Pure.

A bounded gazetteer: the older names people still use ("Bombay", "Banaras", "Calicut")
write the city one way ("Mumbai", "Varanasi", "Kozhikode"). See `recognise_places`.
"""

from __future__ import annotations

from fincoach_tui.domain.recognise.localities import CITY_OF

CITIES = {
    "mumbai": "Mumbai",
    "bombay": "Mumbai",
    "delhi": "Delhi",
    "new delhi": "Delhi",
    "bengaluru": "Bengaluru",
    "bangalore": "Bengaluru",
    "pune": "Pune",
    "hyderabad": "Hyderabad",
    "chennai": "Chennai",
    "madras": "Chennai",
    "kolkata": "Kolkata",
    "calcutta": "Kolkata",
    "ahmedabad": "Ahmedabad",
    "gurgaon": "Gurugram",
    "gurugram": "Gurugram",
    "noida": "Noida",
    "ghaziabad": "Ghaziabad",
    "faridabad": "Faridabad",
    "jaipur": "Jaipur",
    "kochi": "Kochi",
    "cochin": "Kochi",
    "thiruvananthapuram": "Thiruvananthapuram",
    "trivandrum": "Thiruvananthapuram",
    "lucknow": "Lucknow",
    "kanpur": "Kanpur",
    "chandigarh": "Chandigarh",
    "indore": "Indore",
    "bhopal": "Bhopal",
    "coimbatore": "Coimbatore",
    "madurai": "Madurai",
    "nagpur": "Nagpur",
    "nashik": "Nashik",
    "surat": "Surat",
    "vadodara": "Vadodara",
    "baroda": "Vadodara",
    "mysuru": "Mysuru",
    "mysore": "Mysuru",
    "mangaluru": "Mangaluru",
    "mangalore": "Mangaluru",
    "thane": "Thane",
    "navi mumbai": "Navi Mumbai",
    "patna": "Patna",
    "ranchi": "Ranchi",
    "bhubaneswar": "Bhubaneswar",
    "guwahati": "Guwahati",
    "dehradun": "Dehradun",
    "visakhapatnam": "Visakhapatnam",
    "vizag": "Visakhapatnam",
    "vijayawada": "Vijayawada",
    "ludhiana": "Ludhiana",
    "amritsar": "Amritsar",
    "varanasi": "Varanasi",
    "agra": "Agra",
    "raipur": "Raipur",
    "goa": "Goa",
    "blr": "Bengaluru",
    "hyd": "Hyderabad",
    "ncr": "Delhi NCR",
    # more of India's cities and the older names people still use
    "banaras": "Varanasi",
    "benaras": "Varanasi",
    "kashi": "Varanasi",
    "kozhikode": "Kozhikode",
    "calicut": "Kozhikode",
    "siliguri": "Siliguri",
    "trichy": "Tiruchirappalli",
    "tiruchirappalli": "Tiruchirappalli",
    "udaipur": "Udaipur",
    "shimla": "Shimla",
    "bhilai": "Bhilai",
    "durg": "Durg",
    "guntur": "Guntur",
    "port blair": "Port Blair",
    "srinagar": "Srinagar",
    "jammu": "Jammu",
    "jodhpur": "Jodhpur",
    "kota": "Kota",
    "ajmer": "Ajmer",
    "gwalior": "Gwalior",
    "jabalpur": "Jabalpur",
    "aurangabad": "Aurangabad",
    "kolhapur": "Kolhapur",
    "solapur": "Solapur",
    "hubli": "Hubballi",
    "hubballi": "Hubballi",
    "belgaum": "Belagavi",
    "belagavi": "Belagavi",
    "salem": "Salem",
    "tirupati": "Tirupati",
    "warangal": "Warangal",
    "nellore": "Nellore",
    "thrissur": "Thrissur",
    "kannur": "Kannur",
    "kottayam": "Kottayam",
    "durgapur": "Durgapur",
    "asansol": "Asansol",
    "cuttack": "Cuttack",
    "jamshedpur": "Jamshedpur",
    "dhanbad": "Dhanbad",
    "gorakhpur": "Gorakhpur",
    "prayagraj": "Prayagraj",
    "allahabad": "Prayagraj",
    "meerut": "Meerut",
    "bareilly": "Bareilly",
    "jalandhar": "Jalandhar",
    "patiala": "Patiala",
    "bilaspur": "Bilaspur",
    "rajkot": "Rajkot",
    "jamnagar": "Jamnagar",
    "puducherry": "Puducherry",
    "pondicherry": "Puducherry",
    "pondy": "Puducherry",
    "shillong": "Shillong",
    "gangtok": "Gangtok",
    "imphal": "Imphal",
    "agartala": "Agartala",
    "dibrugarh": "Dibrugarh",
    "silchar": "Silchar",
    "haridwar": "Haridwar",
    "rishikesh": "Rishikesh",
    "mathura": "Mathura",
    "gaya": "Gaya",
    "muzaffarpur": "Muzaffarpur",
    "darjeeling": "Darjeeling",
    "jorhat": "Jorhat",
    "tirunelveli": "Tirunelveli",
    "vellore": "Vellore",
    "erode": "Erode",
    "tiruppur": "Tiruppur",
    "palakkad": "Palakkad",
    "kollam": "Kollam",
    "alappuzha": "Alappuzha",
    "nanded": "Nanded",
    "amravati": "Amravati",
    "akola": "Akola",
    "jalgaon": "Jalgaon",
    "sangli": "Sangli",
    "satara": "Satara",
    "bhavnagar": "Bhavnagar",
    "anand": "Anand",
    "bikaner": "Bikaner",
    "alwar": "Alwar",
    "sikar": "Sikar",
    "rohtak": "Rohtak",
    "panipat": "Panipat",
    "karnal": "Karnal",
    "hisar": "Hisar",
    "bathinda": "Bathinda",
}
# The cities abroad where most Indians who live abroad live, so that the short ways of
# saying a city ("technician, Dublin side", "nurse in Doha", "IT guy, Toronto") read them as
# they read Indian ones. Bounded, and only names that are no common word nor first name.
ABROAD = {
    name.lower(): name
    for name in (
        "Dubai, Abu Dhabi, Sharjah, Ajman, Al Ain, Doha, Muscat, Salalah, Riyadh, Jeddah, "
        "Dammam, Al Khobar, Jubail, Kuwait City, Manama, Singapore, Kuala Lumpur, Hong Kong, "
        "Tokyo, Seoul, Shanghai, Bangkok, Jakarta, Manila, Colombo, Kathmandu, Dhaka, "
        "London, Manchester, Birmingham, Leicester, Leeds, Coventry, Edinburgh, Glasgow, "
        "Dublin, Limerick, Galway, Toronto, Brampton, Mississauga, Vancouver, Surrey, "
        "Calgary, Edmonton, Winnipeg, Montreal, Ottawa, Saskatoon, New York, "
        "Jersey City, San Francisco, San Jose, Seattle, Boston, Chicago, Houston, Dallas, "
        "Atlanta, Sydney, Melbourne, Brisbane, Perth, Adelaide, Auckland, Wellington, "
        "Berlin, Munich, Frankfurt, Stuttgart, Hamburg, Cologne, Amsterdam, Rotterdam, "
        "Eindhoven, The Hague, Paris, Zurich, Geneva, Stockholm, Copenhagen, Oslo, Helsinki, "
        "Brussels, Warsaw, Milan, Lisbon, Porto, Nairobi, Kampala, Dar es Salaam, "
        "Johannesburg, Durban, Lagos, Port Louis, Curepipe, Quatre Bornes, Suva, Port of Spain"
    ).split(", ")
} | {"kl": "Kuala Lumpur"}
CITIES |= ABROAD


def is_place(name: str) -> bool:
    """Whether a capitalised word is a city or a locality the gazetteer knows ("Vellore" in
    "a nurse in Vellore, husband drives a cab" is no one's name)."""
    return name.lower() in CITIES or name.lower() in CITY_OF
