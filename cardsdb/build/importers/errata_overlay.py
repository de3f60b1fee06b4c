"""RiftCodex's errata overlay (shared/riftbound-data/riftcodex-2026-08/errata-overlay.json).

`{"errata_documents": [{"slug", "label", "url", "announced_on"}], "entries": [{"official_name", "document",
"old_text", "new_text", ...}]}`: official errata with old and new text, each entry pointing at its article. Its texts
are written on one line (line breaks dropped).
"""

from __future__ import annotations

from collections.abc import Mapping

from cardsdb.build.importers.errata import ErratumEntry, article_key
from cardsdb.errors import BuildError

REQUIRED = ("official_name", "document", "new_text")


def parse_errata_overlay(data: object, *, source: str = "errata-overlay.json") -> list[ErratumEntry]:
    if not isinstance(data, Mapping) or not isinstance(data.get("entries"), list):
        raise BuildError(
            f"{source}: expected an object with an 'entries' list; the upstream format may have changed"
        )
    documents: dict[str, Mapping[str, object]] = {}
    for document in data.get("errata_documents") or ():
        if isinstance(document, Mapping) and isinstance(document.get("slug"), str):
            documents[str(document["slug"])] = document
    entries: list[ErratumEntry] = []
    for index, entry in enumerate(data["entries"], start=1):
        if not isinstance(entry, Mapping):
            raise BuildError(f"{source}: entry {index} is not an object")
        absent = [f for f in REQUIRED if not isinstance(entry.get(f), str) or not str(entry[f]).strip()]
        if absent:
            raise BuildError(
                f"{source}: entry {index} lacks {', '.join(absent)}; the upstream format may have changed"
            )
        document = documents.get(str(entry["document"]), {})
        url = str(document["url"]) if isinstance(document.get("url"), str) else None
        announced = document.get("announced_on")
        old = entry.get("old_text")
        entries.append(
            ErratumEntry(
                id=f"overlay-{index:03d}",
                card_name=str(entry["official_name"]).strip(),
                new_text=str(entry["new_text"]).strip(),
                old_text=str(old).strip() if isinstance(old, str) and old.strip() else None,
                source_id=article_key(url) or str(entry["document"]),
                source_title=str(document.get("label") or entry["document"]),
                date=str(announced)[:10] if isinstance(announced, str) and announced else None,
                url=url,
            )
        )
    return entries
