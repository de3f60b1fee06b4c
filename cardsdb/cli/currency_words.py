"""How current the card data is, in player words: the formats of the ban lists, and what a database lacks
(`cardsdb.query.currency.lacks`). The CLI and the bot say so with the same words, from here."""

from __future__ import annotations

FORMAT_NAMES = {"constructed": "Constructed", "2v2": "2v2 Constructed"}


def format_name(key: str) -> str:
    return FORMAT_NAMES.get(key, key)


def gaps_line(missing: tuple[str, ...]) -> str | None:
    """One short line on what a card answer cannot be checked against, or None when nothing is missing."""
    no_bans = "ban_lists" in missing
    stale = "errata" in missing or "gallery" in missing
    if no_bans and stale:
        return (
            "Not checked against the ban lists or errata: legality is unknown and the text may be older than the "
            "current wording."
        )
    if no_bans:
        return "Not checked against the ban lists: legality is unknown."
    if stale:
        return "Not checked against errata: the text may be older than the current wording."
    return None
