"""Card sets: their release order, their names, the promo sets, and the order a card's printings are listed in.

One place decides it: the build (which printing's text is the newest of a source, the name of a set a source gives
only by its code), the query layer (printings in order) and the report all read it from here.
"""

from __future__ import annotations

MAIN_SETS = ("OGN", "OGS", "SFD", "UNL", "VEN", "RAD")
"""Release order: Origins, Proving Grounds, Spiritforged, Unleashed, Vendetta (2026-07-31), Radiance (2026-10-23)."""

PROMO_SETS = ("OPP", "PR", "JDG")
"""Promotional printings (organized play, promos, judges): reprints of cards of the main sets."""

SET_NAMES = {
    "OGN": "Origins",
    "OGS": "Proving Grounds",
    "SFD": "Spiritforged",
    "UNL": "Unleashed",
    "VEN": "Vendetta",
    "RAD": "Radiance",
}
"""A main set's name, as the sources that name it write it; for a source that gives a printing's set by code only."""

RELEASED = {"VEN": "2026-07-31", "RAD": "2026-10-23"}
"""Release dates the data needs (the sets before Vendetta were out before every rules document here)."""

_UNKNOWN_RANK = len(MAIN_SETS)  # a set newer than this list: after the known main sets, before promos


def set_rank(set_id: str) -> int:
    """The place of a set when printings are listed: main sets in release order, then unknown sets, then promos."""
    key = set_id.upper()
    if key in MAIN_SETS:
        return MAIN_SETS.index(key)
    if key in PROMO_SETS:
        return _UNKNOWN_RANK + 1 + PROMO_SETS.index(key)
    return _UNKNOWN_RANK


def set_name(set_id: str) -> str:
    """ "Radiance" for RAD; a code this list does not name stays the code."""
    return SET_NAMES.get(set_id.upper(), set_id.upper())


def is_promo(set_id: str) -> bool:
    return set_id.upper() in PROMO_SETS


def newest_first_rank(set_id: str) -> tuple[int, int]:
    """A sort key where a later main set is larger, and promo reprints are smaller than any main set: the printing of
    the latest set gives a source's wording, a promo reprint only when the card has no other printing."""
    return (0 if is_promo(set_id) else 1, set_rank(set_id))


def set_order_sql(column: str = "set_id") -> str:
    """A SQL expression ordering rows by `set_rank` of `column` (the column name is the caller's, never user text)."""
    cases = " ".join(f"WHEN '{s}' THEN {set_rank(s)}" for s in (*MAIN_SETS, *PROMO_SETS))
    return f"CASE UPPER({column}) {cases} ELSE {_UNKNOWN_RANK} END"
