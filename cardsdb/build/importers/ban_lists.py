"""Ban lists by format (shared/riftbound-data/legality-2026-09/banned.json).

`{"as_of", "source", "formats": {"constructed": {"cards": [...], "battlefields": [...]}, "2v2": {"legends": [...],
...}}}`. Names are as the Rules Hub writes them (curly apostrophes, a comma missing): the build matches them to cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardsdb.errors import BuildError


@dataclass(frozen=True)
class BanList:
    format: str  # "constructed", "2v2"
    as_of: str | None
    source: str
    entries: tuple[tuple[str, str], ...]  # (section: "cards" | "battlefields" | "legends", name as listed)


def parse_ban_lists(data: object, *, source: str = "banned.json") -> list[BanList]:
    if not isinstance(data, Mapping) or not isinstance(data.get("formats"), Mapping):
        raise BuildError(
            f"{source}: expected an object with a 'formats' object; the upstream format may have changed"
        )
    as_of = data.get("as_of")
    date = str(as_of)[:10] if isinstance(as_of, str) and as_of else None
    if date is None:
        raise BuildError(f"{source}: field 'as_of' (the date of the lists) is missing")
    lists: list[BanList] = []
    for name, sections in data["formats"].items():
        if not isinstance(sections, Mapping):
            raise BuildError(f"{source}: format {name!r} is not an object of lists")
        entries: list[tuple[str, str]] = []
        for section, names in sections.items():
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise BuildError(f"{source}: {name} {section!r} is not a list of names")
            entries.extend((str(section), n.strip()) for n in names if n.strip())
        lists.append(BanList(str(name).strip().casefold(), date, source, tuple(entries)))
    if not lists:
        raise BuildError(f"{source}: holds no formats")
    return lists
