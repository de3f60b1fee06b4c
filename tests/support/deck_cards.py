"""Small hand-made cards for the deck check's unit tests, and a stand-in for the card database (`DeckCards`).

The cards are shaped like the real data (types, supertypes, domains with "Colorless", tags, printings with codes)
but few: a Jinx deck that is legal as written (`LEGAL_LIST`), and the cards each problem needs. Tests over the real
data are in tests/cardsdb/deck/test_real.py.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from datetime import date

from cardsdb.models import BannedCards, Card, CardMatch, KeywordValue, Printing

ON = date(2026, 12, 1)  # the date the tests check on: after Radiance's release


def printing(code: str, variant: str | None = None) -> Printing:
    set_id, number = code.split("-", 1)
    return Printing(
        id=code.lower(),
        set_id=set_id,
        set_name=set_id,
        collector_number=re.sub(r"\D", "", number) or "0",
        public_code=code,
        rarity=None,
        image_url=None,
        variant=variant,
    )


def card(
    name: str,
    types: tuple[str, ...],
    domains: tuple[str, ...] = (),
    *,
    code: str,
    supertypes: tuple[str, ...] = (),
    tags: tuple[str, ...] = (),
    text: str = "",
    keywords: tuple[str, ...] = (),
    partial: bool = False,
    more: tuple[str, ...] = (),
) -> Card:
    codes = (code, *more) if code else more
    return Card(
        id=name.lower().replace(" ", "-"),
        name=name,
        types=types,
        supertypes=supertypes,
        domains=domains,
        tags=tags,
        text=text,
        keywords=tuple(KeywordValue(k) for k in keywords),
        printings=tuple(printing(c) for c in codes),
        partial=partial,
    )


JINX_LEGEND = card("Jinx, Loose Cannon", ("Legend",), ("Fury", "Chaos"), code="OGN-251", tags=("Jinx",))
TEEMO_LEGEND = card("Teemo, Swift Scout", ("Legend",), ("Mind", "Chaos"), code="OGN-259", tags=("Teemo",))
KENNEN_LEGEND = card(
    "Kennen, Heart of the Tempest", ("Legend",), ("Order", "Chaos"), code="VEN-250", tags=("Yordle", "Kennen")
)
VI_LEGEND = card("Vi, Piltover Enforcer", ("Legend",), ("Fury", "Order"), code="OGN-262", tags=("Vi",))
ANNIE_LEGEND = card("Annie, Dark Child", ("Legend",), ("Fury", "Chaos"), code="OGN-247", tags=("Annie",))
JINX_REBEL = card(
    "Jinx, Rebel",
    ("Unit",),
    ("Chaos",),
    code="OGN-202",
    supertypes=("Champion",),
    tags=("Jinx", "Zaun"),
    more=("OGN-202a",),
)
JINX_DEMOLITIONIST = card(
    "Jinx, Demolitionist", ("Unit",), ("Fury",), code="OGN-030", supertypes=("Champion",), tags=("Jinx",)
)
TEEMO_SCOUT = card(
    "Teemo, Scout", ("Unit",), ("Mind",), code="OGN-110", supertypes=("Champion",), tags=("Teemo", "Yordle")
)
TIBBERS = card("Tibbers", ("Unit",), ("Fury",), code="OGN-301", supertypes=("Signature",), tags=("Annie",))
ROCKET = card(
    "Super Mega Death Rocket!",
    ("Spell",),
    ("Fury", "Chaos"),
    code="OGN-303",
    supertypes=("Signature",),
    tags=("Jinx",),
)
FURY = tuple(card(f"Fury Unit {i}", ("Unit",), ("Fury",), code=f"OGN-{10 + i:03d}") for i in range(1, 8))
CHAOS = tuple(card(f"Chaos Spell {i}", ("Spell",), ("Chaos",), code=f"OGN-{40 + i:03d}") for i in range(1, 6))
NEUTRAL_GEAR = card("Neutral Gadget", ("Gear",), ("Colorless",), code="OGN-060")
FURY_ORDER = card("Disciplined Strike", ("Spell",), ("Fury", "Order"), code="OGN-061")
MIND_SPELL = card("Mind Trick", ("Spell",), ("Mind",), code="OGN-062")
CAPE = card(
    "Forgefire Cape",
    ("Gear",),
    ("Fury",),
    code="SFD-070",
    keywords=("Unique", "Equip"),
    text="[Unique] (Your deck can have only 1 card with this name.)\n[Equip] 1 power of any domain.",
)
SPIDERLING = card(
    "Spiderling",
    ("Unit",),
    ("Chaos",),
    code="VEN-097",
    keywords=("Hidden",),
    text="[Hidden]\nI have +1 Might for each other unit you control here with my name.\n"
    "Your deck can have any number of cards named Spiderling.",
)
CALLED_SHOT = card("Called Shot", ("Spell",), ("Chaos",), code="OGN-180")
FURY_RUNE = card("Fury Rune", ("Rune",), ("Fury",), code="OGN-007", supertypes=("Basic",), more=("VEN-R01",))
CHAOS_RUNE = card("Chaos Rune", ("Rune",), ("Chaos",), code="OGN-166", supertypes=("Basic",))
ORDER_RUNE = card("Order Rune", ("Rune",), ("Order",), code="OGN-214", supertypes=("Basic",))
ZAUN = card("Zaun Warrens", ("Battlefield",), ("Colorless",), code="OGN-298")
GROVE = card("Grove of the God-Willow", ("Battlefield",), (), code="OGN-280")
MONASTERY = card("Monastery of Hirana", ("Battlefield",), ("Colorless",), code="OGN-282")
DREAMING_TREE = card("The Dreaming Tree", ("Battlefield",), ("Colorless",), code="OGN-292")
SPRITE = card("Sprite", ("Unit",), (), code="UNL-T07", supertypes=("Token",), tags=("Fae",))
ELNUK_HERD = card("Elnuk Herd", ("Unit",), (), code="", partial=True)
RADIANT = card("Radiant Spark", ("Spell",), ("Fury",), code="RAD-050")
ARCANE = card("Arcane Relic", ("Gear",), ("Chaos",), code="ARC-001")
VENDETTA = card("Vendetta Blade", ("Spell",), ("Fury",), code="VEN-020")
NEEKO = card(
    "Neeko, Blending In",
    ("Unit",),
    ("Colorless",),
    code="RAD-100",
    supertypes=("Champion",),
    tags=("Ixtal", "Neeko"),
    text="(Neutral cards can go in decks of any Domain.)\nIf Neeko is in your deck, choose up to 3 different legends in "
    "addition to your starting legend. (Different means none match names.)\nWhen you play me, choose one of those "
    "Legends and add it to your Legend Zone while I'm on the board.",
)
ODD_RULE = card(
    "Wild Recruiter", ("Unit",), ("Fury",), code="OGN-090", text="Your deck can include cards of any domain."
)

CARDS: tuple[Card, ...] = (
    JINX_LEGEND, TEEMO_LEGEND, KENNEN_LEGEND, ANNIE_LEGEND, VI_LEGEND, JINX_REBEL, JINX_DEMOLITIONIST, TEEMO_SCOUT, TIBBERS, ROCKET,
    *FURY, *CHAOS, NEUTRAL_GEAR, FURY_ORDER, MIND_SPELL, CAPE, SPIDERLING, CALLED_SHOT, FURY_RUNE, CHAOS_RUNE,
    ORDER_RUNE, ZAUN, GROVE, MONASTERY, DREAMING_TREE, SPRITE, ELNUK_HERD, RADIANT, ARCANE, VENDETTA, NEEKO, ODD_RULE,
)  # fmt: skip

BANS = {
    "constructed": BannedCards("constructed", "2026-09-18", frozenset({"Called Shot", "The Dreaming Tree"})),
    "2v2": BannedCards(
        "2v2", "2026-09-18", frozenset({"Called Shot", "The Dreaming Tree", "Annie, Dark Child"})
    ),
}

LEGAL_LIST = """Legend:
Jinx, Loose Cannon

Champion:
Jinx, Rebel

Main Deck:
2 Jinx, Rebel
3 Jinx, Demolitionist
3 Super Mega Death Rocket!
3 Fury Unit 1
3 Fury Unit 2
3 Fury Unit 3
3 Fury Unit 4
3 Fury Unit 5
3 Chaos Spell 1
3 Chaos Spell 2
3 Chaos Spell 3
3 Chaos Spell 4
3 Neutral Gadget
1 Chaos Spell 5

Battlefields:
Zaun Warrens
Grove of the God-Willow
Monastery of Hirana

Runes:
6 Fury Rune
6 Chaos Rune
"""
"""39 main deck cards and the chosen champion, 12 runes, 3 battlefields: legal in Constructed and 2v2."""


class FakeDeckCards:
    """`DeckCards` over a few cards: exact names (any case), a difflib match for typos, printings by code."""

    def __init__(self, cards: Sequence[Card] = CARDS, bans: dict[str, BannedCards] | None = None) -> None:
        self.by_name = {c.name.casefold(): c for c in cards}
        self.codes = {p.public_code.upper(): (c, p) for c in cards for p in c.printings}
        self.bans = BANS if bans is None else bans

    def get_card(self, name: str) -> Card | None:
        return self.by_name.get(" ".join(name.split()).casefold())

    def find_card(self, query: str) -> CardMatch | None:
        exact = self.get_card(query)
        if exact is not None:
            return CardMatch(exact, "exact", 100.0)
        names = list(self.by_name)
        close = difflib.get_close_matches(query.casefold(), names, n=4, cutoff=0.6)
        if not close:
            return None
        score = difflib.SequenceMatcher(None, query.casefold(), close[0]).ratio() * 100
        others = tuple(
            self.by_name[n].name
            for n in close[1:]
            if difflib.SequenceMatcher(None, query.casefold(), n).ratio() * 100 > score - 12
        )
        return CardMatch(self.by_name[close[0]], "fuzzy", score, others)

    def suggest_cards(self, name: str, limit: int = 3) -> list[str]:
        close = difflib.get_close_matches(name.casefold(), list(self.by_name), n=limit, cutoff=0.4)
        return [self.by_name[n].name for n in close]

    def printing(self, code: str) -> tuple[Card, Printing] | None:
        key = code.strip().split("/", 1)[0].upper()
        key = key[:-1] + "*" if key.endswith("S") and key[-2:-1].isdigit() else key
        return self.codes.get(key)

    def card_sets(self) -> frozenset[str]:
        return frozenset(code.split("-", 1)[0] for code in self.codes)

    def ban_list(self, format_name: str) -> BannedCards | None:
        return self.bans.get(format_name)
