"""The seed cards (`seed_cards.yaml`): cards the seeds name that the data lacks, each marked partial."""

from __future__ import annotations

from pathlib import Path

from cardsdb.models import Card, KeywordValue
from cardsdb.names import slug
from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.files import Entry, entries, read_yaml

SEED_CARDS_FILE = "seed_cards.yaml"


def _keyword(entry: Entry, raw: str) -> KeywordValue:
    parts = raw.split(maxsplit=1)
    if not parts:
        entry.fail("keywords", "holds an empty keyword")
    return KeywordValue(parts[0], parts[1] if len(parts) > 1 else None)


def load_seed_cards(path: Path | None = None) -> tuple[Card, ...]:
    """Cards the seeds name that the data lacks (seed_cards.yaml), each marked partial."""
    path = path or PROJECT_DATA_DIR / SEED_CARDS_FILE
    data = read_yaml(path)
    cards: list[Card] = []
    seen: set[str] = set()
    for entry in entries(path, data, "cards", "card", "name"):
        name = entry.text("name")
        card_id = slug(name)
        if card_id in seen:
            entry.fail("name", "is a duplicate")
        seen.add(card_id)
        types = entry.texts("types", optional=False)  # may be empty: the seeds don't always give a type
        text_raw = entry.optional_text("text_raw") or ""
        cards.append(
            Card(
                id=card_id,
                name=name,
                types=types,
                supertypes=entry.texts("supertypes"),
                domains=entry.texts("domains"),
                energy=entry.optional_int("energy"),
                power=entry.optional_int("power"),
                might=entry.optional_int("might"),
                tags=entry.texts("tags"),
                keywords=tuple(_keyword(entry, k) for k in entry.texts("keywords")),
                text=entry.optional_text("text") or text_raw,
                text_raw=text_raw,
                partial=True,
                notes=entry.texts("notes"),
            )
        )
    return tuple(cards)


def load_seed_errata_notes(path: Path | None = None) -> dict[str, tuple[str, ...]]:
    """Card name -> the notes a seed card shows once an erratum gives its full text (`notes_with_errata`)."""
    path = path or PROJECT_DATA_DIR / SEED_CARDS_FILE
    data = read_yaml(path)
    return {
        entry.text("name"): entry.texts("notes_with_errata")
        for entry in entries(path, data, "cards", "card", "name")
        if entry.texts("notes_with_errata")
    }
