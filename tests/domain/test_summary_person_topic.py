"""Under the summary's cap an older statement goes before a newer one on its topic; a
person's name they share is no topic: "Meera's gold loan EMI" does not make her pay the
older statement on its topic, to go first."""

from __future__ import annotations

from tests.domain.test_summary_keeps import first_fold

SAID = (
    "Meera is a staff nurse at the district hospital, net 46k a month.",
    "Our daughter's hostel is 85,000 a year.",
    "My mother stays with us, her medicines are about 2,000 a month.",
    "The school bus is 2,400 a month and coaching another 3,000.",
    "Meera's gold loan EMI is 3,100.",
    "The car EMI is 9,200.",
    "Take-home is 58k.",
)
FACTS = [
    "[simulated summary]",
    "Facts the user stated (newest values):",
    "- cost hostel: ₹85,000 a year",
    "- family parents: supports mother",
    "- cost medicine: ₹2,000",
    "- cost school fees: ₹3,000",
    "- gold loan EMI: ₹3,100",
    "- car loan EMI: ₹9,200",
    "- salary: ₹58,000",
    "In the user's words (newest first):",
    "- (turn 4) The school bus is 2,400 a month and coaching another 3,000",
]
PAY = "- (turn 1) Meera is a staff nurse at the district hospital, net 46k a month"


def test_a_shared_name_does_not_send_her_pay_first(counter):
    _, text = first_fold(SAID, counter, cap=52)
    assert text.split("\n") == [
        *FACTS,
        PAY,
        "Dropped to fit the cap: 3 older statements; the old cost school fees.",
    ]
