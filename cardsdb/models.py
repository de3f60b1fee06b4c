"""Plain data objects shared by the query layer, the engine and the bot.

Nothing here touches SQLite or Discord: the query layer builds these from rows, the engine reasons over
them, the bot renders them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

CURRENT_RULES_VERSION = "2026-10-09"
"""The Core Rules the project follows: updated October 9, 2026 (Radiance patch notes effective October 16)."""

V13_RULES_VERSION = "1.3"
V13_RULES_DATE = "2026-03-30"

Wording = Literal["official", "summary"]


@dataclass(frozen=True)
class KeywordValue:
    """A keyword as printed on a card: ``[Shield 3]`` -> KeywordValue("Shield", "3")."""

    name: str
    value: str | None = None

    def __str__(self) -> str:
        return f"{self.name} {self.value}" if self.value else self.name


@dataclass(frozen=True)
class OlderWording:
    """A printing whose rules text differs in wording (not just reminder text) from the card's text."""

    printing_id: str
    set_id: str
    text: str


@dataclass(frozen=True)
class Printing:
    id: str  # e.g. "ogn-213-298"
    set_id: str  # OGN, OGS, SFD, UNL
    set_name: str
    collector_number: str
    public_code: str  # e.g. "OGN-213/298"
    rarity: str | None
    image_url: str | None
    artist: str | None = None


@dataclass(frozen=True)
class Card:
    """One card name, as the rules see it (the text of its latest printing)."""

    id: str  # a stable slug of the name: "hidden-blade"
    name: str
    types: tuple[str, ...]  # "Unit", "Spell", "Gear", "Battlefield", "Legend", "Rune"
    supertypes: tuple[str, ...] = ()  # "Champion", "Signature", "Token", ...
    domains: tuple[str, ...] = ()
    energy: int | None = None
    power: int | None = None
    might: int | None = None
    tags: tuple[str, ...] = ()
    keywords: tuple[KeywordValue, ...] = ()
    text: str = ""  # readable: symbol tokens turned into words, e.g. "(Hide now for any power ...)"
    text_raw: str = ""  # as printed in the data, with ":rb_...:" tokens
    rarity: str | None = None
    printings: tuple[Printing, ...] = ()
    older_wordings: tuple[OlderWording, ...] = ()
    partial: bool = False  # known only from the seeds (e.g. Elnuk Herd): text may be incomplete
    notes: tuple[str, ...] = ()

    def has_keyword(self, name: str) -> bool:
        wanted = name.casefold()
        return any(k.name.casefold() == wanted for k in self.keywords)

    def keyword_value(self, name: str) -> str | None:
        wanted = name.casefold()
        for k in self.keywords:
            if k.name.casefold() == wanted:
                return k.value
        return None

    def is_type(self, card_type: str) -> bool:
        wanted = card_type.casefold()
        return any(t.casefold() == wanted for t in self.types)

    @property
    def is_permanent(self) -> bool:
        return self.is_type("Unit") or self.is_type("Gear")


class CardSource(Protocol):
    """What the engine needs from the card database: names in, plain cards out."""

    def get_card(self, name: str) -> Card | None:
        """The card with exactly this name (case-insensitive), or None."""
        ...

    def suggest_cards(self, name: str, limit: int = 3) -> Sequence[str]:
        """Close card names for a name that was not found, best first."""
        ...


@dataclass(frozen=True)
class Rule:
    number: str  # "811.1.d.2"
    version: str  # CURRENT_RULES_VERSION or V13_RULES_VERSION
    kind: str  # "chapter" | "heading" | "rule"
    text: str
    wording: Wording = "official"
    title: str | None = None  # for headings: "Hide"
    seed_sentence: str | None = None  # the seed sentence a current-rules row was taken from
    counterpart: str | None = None  # the same rule's number in the other version, where known
    parent: str | None = None

    @property
    def is_current(self) -> bool:
        return self.version == CURRENT_RULES_VERSION

    @property
    def stamp(self) -> str:
        return f"current, {CURRENT_RULES_VERSION}" if self.is_current else f"as of v{self.version}"


@dataclass(frozen=True)
class RuleView:
    """A rule looked up by number, with its neighbourhood and history."""

    rule: Rule
    parents: tuple[Rule, ...] = ()  # outermost first
    children: tuple[Rule, ...] = ()
    moved: tuple[str, ...] = ()  # plain sentences: "v1.3 421 Hide is 422 in the current rules"
    notes: tuple[str, ...] = ()  # e.g. "In the current rules 422 is Hide; this is v1.3's Discard."


@dataclass(frozen=True)
class Ruling:
    id: str
    question: str
    answer: str
    source: str  # "official" | "community" | "seed"
    source_title: str
    date: str | None
    url: str | None
    rules: tuple[str, ...] = ()
    rules_version: str | None = None
    cards: tuple[str, ...] = ()
    credit: str | None = None  # shown with the ruling where its licence asks for attribution


@dataclass(frozen=True)
class Errata:
    card_name: str
    new_text: str
    old_text: str | None
    source_title: str
    date: str | None
    url: str | None


@dataclass(frozen=True)
class KeywordInfo:
    name: str
    rules: tuple[Rule, ...] = ()
    reminder: str | None = None
    cards_with: tuple[str, ...] = ()
    cards_referring: tuple[str, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    seed_only: tuple[str, ...] = ()  # cards known only from the seeds that have it, kept out of the counts
    kind: str = "keyword"  # "keyword", or "token": a bracketed word of card text that is no keyword ([Stun])


@dataclass(frozen=True)
class CardMatch:
    card: Card
    match: Literal["exact", "fuzzy"]
    score: float
    alternatives: tuple[str, ...] = field(default_factory=tuple)
