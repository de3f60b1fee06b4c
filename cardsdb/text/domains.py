"""The six domains, in the order the rules list them, each with the colour the rules associate with it (v1.3 rule
134.2: "Fury is associated with the color red"). Which domains a card has is the data's (`Card.domains`); this is
what code reads in text before any card: `[Fury]`, `:rb_rune_fury:`, `<Fury />`, `d:red`."""

from __future__ import annotations

DOMAIN_COLOURS = {
    "Fury": "red",
    "Calm": "green",
    "Mind": "blue",
    "Body": "orange",
    "Chaos": "purple",
    "Order": "yellow",
}
DOMAINS = tuple(DOMAIN_COLOURS)
_BY_FOLDED = {d.casefold(): d for d in DOMAINS}


def domain_named(word: str) -> str | None:
    """The domain a word names, ignoring case ("fury" -> "Fury"); None for any other word."""
    return _BY_FOLDED.get(word.strip().casefold())


def rune_token(domain: str) -> str:
    """A domain's power symbol as the data writes it: "Fury" -> "rb_rune_fury"."""
    return f"rb_rune_{domain.casefold()}"
