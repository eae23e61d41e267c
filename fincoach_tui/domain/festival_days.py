"""The days of festivals that move with the moon, year by year: a date said as "by Diwali"
or "after Eid" is resolved from this table (`relative_dates`)."""

from __future__ import annotations

from datetime import date

# Festival dates (the day most of India keeps; regional calendars may differ by a day).
# A year not in the table resolves to the festival's usual month.
FESTIVALS: dict[str, dict[int, date]] = {
    "diwali": {
        2024: date(2024, 11, 1),
        2025: date(2025, 10, 20),
        2026: date(2026, 11, 8),
        2027: date(2027, 10, 29),
        2028: date(2028, 10, 17),
        2029: date(2029, 11, 5),
        2030: date(2030, 10, 26),
    },
    # Eid ul-Fitr ("Eid", "Ramzan Eid") and Eid ul-Adha ("Bakrid") move by the moon: no
    # usual month, the day of each year as it is kept in India.
    "eid": {
        2025: date(2025, 3, 31),
        2026: date(2026, 3, 21),
        2027: date(2027, 3, 10),
        2028: date(2028, 2, 27),
        2029: date(2029, 2, 14),
        2030: date(2030, 2, 4),
    },
    "bakrid": {
        2025: date(2025, 6, 7),
        2026: date(2026, 5, 27),
        2027: date(2027, 5, 17),
        2028: date(2028, 5, 5),
        2029: date(2029, 4, 24),
        2030: date(2030, 4, 13),
    },
    "easter": {
        2025: date(2025, 4, 20),
        2026: date(2026, 4, 5),
        2027: date(2027, 3, 28),
        2028: date(2028, 4, 16),
        2029: date(2029, 4, 1),
        2030: date(2030, 4, 21),
    },
    "holi": {
        2025: date(2025, 3, 14),
        2026: date(2026, 3, 4),
        2027: date(2027, 3, 22),
        2028: date(2028, 3, 11),
        2029: date(2029, 3, 1),
        2030: date(2030, 3, 20),
    },
}
