"""What is insured when it is a thing, not a person. Pure.

A car's, a shop's or a trip's insurance is a bill the user pays, not the family's term or
health cover: its figure is what it costs, kept under the thing's own premium key.
"""

from __future__ import annotations

import re

# A vehicle or a property ("gaadi ka insurance", "the bike's insurance", "insurance on the
# car", "shop insurance, fire and burglary"); its figure is what it costs ("28,000 lagenge").
_THINGS = (
    r"car|bike|scooty|scooter|two-wheeler|vehicle|motor|auto|cab|taxi|truck|tractor|gaadi|"
    r"gadi|shop|dukaan|store|godown|warehouse|office|factory|fire|burglary|theft|property|"
    r"contents|phone|mobile|laptop|travel"
)
ASSET_INSURED = re.compile(
    rf"\b(?P<thing>{_THINGS})(?:'s|\s+(?:ka|ki|ke))?\s+(?:\w+\s+)?insurance\b"
    rf"|\binsurance\s+(?:for|on|of)\s+(?:(?:my|our|the|a)\s+)?(?P<thing2>{_THINGS})\b",
    re.IGNORECASE,
)
_VEHICLES = frozenset(
    "car bike scooty scooter two-wheeler vehicle motor auto cab taxi truck "
    "tractor gaadi gadi".split()
)


def insured_asset(match: re.Match[str]) -> str:
    """The kind of thing an `ASSET_INSURED` match insures: "vehicle", "travel", "property"."""
    thing = (match["thing"] or match["thing2"]).lower()
    return "vehicle" if thing in _VEHICLES else "travel" if thing == "travel" else "property"
