"""The six domains, in the order the rules list them, each with the colour the rules associate with it (v1.3 rule
134.2: "Fury is associated with the color red"). Which domains a card has is the data's (`Card.domains`); this is
what code reads in text before any card: `[Fury]`, `:rb_rune_fury:`, `<Fury />`, `d:red`."""

from __future__ import annotations

import re
from collections.abc import Callable

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


# A power symbol that names a domain rather than asks for a payment: the label of a list's line after "based on its
# domain:" (":rb_rune_fury: — Deal 2 ...", Twisted Fate, Gambler), or the symbol printed after its domain's name
# ("enemy Order (:rb_rune_order:) units", the Decrees).
_LABEL = re.compile(r"(?m)^(?P<lead>[ \t]*):rb_rune_(?P<token>[a-z]+):(?=[ \t]*[—–-][ \t])")
_AFTER_NAME = re.compile(r"\b(?P<name>[A-Z][a-z]+) \(:rb_rune_(?P<token>[a-z]+):\)")


def domain_symbols(text: str, word: Callable[[str], str] = str) -> str:
    """The text with each power symbol that names a domain written as that domain, `word(domain)` ("Fury"; the bot
    puts the rune's emoji before it): a symbol inside a condition is a domain, not a payment. Every other symbol
    stays, for the wording of costs."""

    def label(match: re.Match[str]) -> str:
        domain = domain_named(match.group("token"))
        return match.group("lead") + word(domain) if domain else match.group(0)

    def after_name(match: re.Match[str]) -> str:
        domain = domain_named(match.group("token"))
        return word(domain) if domain and domain == match.group("name") else match.group(0)

    return _AFTER_NAME.sub(after_name, _LABEL.sub(label, text))
