"""The 2026-03 banned list (banned-cards.json): `{"updatedAt", "names": [...]}`, one list (Constructed)."""

from __future__ import annotations

from collections.abc import Mapping

from cardsdb.build.importers.ban_lists import BanList
from cardsdb.errors import BuildError


def parse_banned(data: object, *, source: str = "banned-cards.json") -> tuple[list[str], str | None]:
    """The banned names and the list's date."""
    if not isinstance(data, Mapping) or not isinstance(data.get("names"), list):
        raise BuildError(
            f"{source}: expected an object with a 'names' list; the upstream format may have changed"
        )
    names = [str(n).strip() for n in data["names"] if isinstance(n, str) and n.strip()]
    updated = data.get("updatedAt")
    return names, updated if isinstance(updated, str) else None


def constructed_list(data: object, *, source: str = "banned-cards.json") -> BanList:
    """The list as the Constructed ban list of its date."""
    names, date = parse_banned(data, source=source)
    return BanList("constructed", date[:10] if date else None, source, tuple(("cards", n) for n in names))
