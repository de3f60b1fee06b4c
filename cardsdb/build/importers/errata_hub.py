"""Errata as the Rules Hub lists them (shared/riftbound-data/legality-2026-09/errata-vendetta-radiance.json).

A list of `{"set", "cards": [names], "old", "new", "source", "published"}`; `source` is the id of an article in the
Rules Hub excerpt beside it (`rules-hub-excerpt.json`, `sources`: id, title, url, published), read with `hub_sources`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cardsdb.build.importers.errata import ErratumEntry, article_key
from cardsdb.errors import BuildError


@dataclass(frozen=True)
class HubSource:
    title: str
    url: str | None
    published: str | None  # ISO date


def hub_sources(excerpt: object) -> dict[str, HubSource]:
    """Article id -> its title, URL and publication date, from the Rules Hub excerpt; {} when it is absent or of
    another shape."""
    found: dict[str, HubSource] = {}
    sources = excerpt.get("sources") if isinstance(excerpt, Mapping) else None
    for item in sources if isinstance(sources, list) else ():
        if (
            isinstance(item, Mapping)
            and isinstance(item.get("id"), str)
            and isinstance(item.get("title"), str)
        ):
            url, published = item.get("url"), item.get("published")
            found[str(item["id"])] = HubSource(
                str(item["title"]),
                str(url) if isinstance(url, str) else None,
                str(published)[:10] if isinstance(published, str) and published else None,
            )
    return found


def parse_hub_errata(
    data: object,
    *,
    sources: Mapping[str, HubSource] | None = None,
    source: str = "errata-vendetta-radiance.json",
) -> list[ErratumEntry]:
    if not isinstance(data, list):
        raise BuildError(f"{source}: expected a list of errata; the upstream format may have changed")
    entries: list[ErratumEntry] = []
    for index, item in enumerate(data, start=1):
        if not isinstance(item, Mapping):
            raise BuildError(f"{source}: entry {index} is not an object")
        names = item.get("cards")
        new = item.get("new")
        if not isinstance(names, list) or not names or not isinstance(new, str) or not new.strip():
            raise BuildError(
                f"{source}: entry {index} lacks 'cards' or 'new'; the upstream format may have changed"
            )
        article = str(item.get("source") or "")
        known = (sources or {}).get(article)
        title = known.title if known else f"{str(item.get('set') or '').title()} errata".strip()
        url = known.url if known else None
        published = item.get("published") or (known.published if known else None)
        old = item.get("old")
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise BuildError(f"{source}: entry {index} has an empty card name")
            entries.append(
                ErratumEntry(
                    id=f"hub-{index:03d}-{len(entries) + 1:03d}",
                    card_name=name.strip(),
                    new_text=new.strip(),
                    old_text=old.strip() if isinstance(old, str) and old.strip() else None,
                    source_id=article_key(url) or article,
                    source_title=title,
                    date=str(published)[:10] if isinstance(published, str) and published else None,
                    url=url,
                )
            )
    return entries
