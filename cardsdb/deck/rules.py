"""Every rule number the deck check cites, in one place, each with the document and version it is cited from.

Deck construction is not in the seed documents, so the current Core Rules (2026-10-09) give it no number here: the
Core Rules are cited as numbered in v1.4 (2026-07-16), rendered `103.2.b (v1.4)`, and the Tournament Rules of
2026-07-16 as `TR 402.1`. Each number was read against its text (the comment beside it says what it says);
`tests/meta/test_cited_numbers_exist.py` checks that each exists in its version.
"""

from __future__ import annotations

from cardsdb.models import CORE_DOC, TOURNAMENT_DOC, TOURNAMENT_RULES_VERSION, V14_RULES_VERSION
from cardsdb.rule_versions import Citation, cite


def _core(number: str) -> Citation:
    return Citation(number, V14_RULES_VERSION, CORE_DOC)


def _tr(number: str) -> Citation:
    return Citation(number, TOURNAMENT_RULES_VERSION, TOURNAMENT_DOC)


# --- Core Rules v1.4 -------------------------------------------------------------------------------------------
ONE_LEGEND = _core("103.1")  # 1 Champion Legend
DOMAIN_IDENTITY = _core("103.1.b")  # the legend dictates the deck's Domain Identity
ABIDE_BY_IDENTITY = _core("103.1.b.1")  # cards in your deck must abide by your Domain Identity
IDENTITY_FROM_LEGEND = _core("103.1.b.2")  # the identity is the domains of your Champion Legend
ONE_DOMAIN_CARD = _core("103.1.b.3")  # a single-domain card: permitted in that domain's identity
SEVERAL_DOMAINS_CARD = _core("103.1.b.4")  # several domains: only where the identity holds all of them
IRRESPECTIVE_OF_DOMAINS = _core("103.1.b.5")  # effects may let cards in irrespective of their domains
MAIN_DECK = _core("103.2")  # a Main Deck of at least 40: the Chosen Champion, units, gear and spells
CHOSEN_CHAMPION = _core("103.2.a")  # Chosen Champion
CHAMPION_MATCHES_LEGEND = _core("103.2.a.2")  # a champion unit whose champion tag matches the legend's
COPY_LIMIT = _core("103.2.b")  # up to 3 copies of the same named card
CHAMPION_COUNTS_IN_COPIES = _core("103.2.b.1")  # this includes your Chosen Champion
NAMES_DIFFER = _core("103.2.b.2")  # different names even for one character
MAIN_SUBJECT_TO_IDENTITY = _core("103.2.c")  # the Main Deck is subject to Domain Identity
SIGNATURES = _core("103.2.d")  # 3 Signature cards with the legend's champion tag
SIGNATURE_TOTAL = _core("103.2.d.1")  # a sum total of 3 Signature cards, regardless of name
SIGNATURE_TAG = _core("103.2.d.2")  # every Signature card has the legend's champion tag
SIGNATURE_IS_NOT_CHAMPION = _core("103.2.d.3")  # Signature cards are not Champion units
FORMAT_LEGALITY = _core("103.2.e")  # subject to card legality of the Format being played
RUNE_DECK = _core("103.3")  # Rune Deck
TWELVE_RUNES = _core("103.3.a")  # 12 Rune Cards
RUNES_OF_IDENTITY = _core("103.3.a.1")  # runes of the Domain Identity of your Champion Legend
BATTLEFIELDS = _core("103.4")  # Battlefields
BATTLEFIELD_COUNT_BY_MODE = _core("103.4.a")  # the number is dictated by your Mode of Play
BATTLEFIELD_IDENTITY = _core("103.4.b")  # subject to Domain Identity if applicable
BATTLEFIELD_NAMES_UNIQUE = _core("103.4.c")  # no two battlefields of the same name when several are required
CHAMPION_IS_A_UNIT = _core("133.7.a")  # Champion is a supertype of units only
TOKENS_ARE_NOT_CARDS = _core("185")  # Tokens are not cards
TOKENS_ONLY_ON_BOARD = _core("186")  # tokens are created on the board or the chain and cannot exist elsewhere
UNIQUE = _core("825.3.a")  # a deck can contain only one card of a given name if the card has Unique
TWO_V_TWO_BATTLEFIELDS = _core("489.4.a")  # 2v2: each player provides three battlefields
TEAMMATES_LEGENDS = _core("489.8.h")  # 2v2: teammates may not use the same Champion Legend
TEAMMATES_BATTLEFIELDS = _core("489.8.i")  # 2v2: teammates may not use the same battlefields

# --- Tournament Rules 2026-07-16 -------------------------------------------------------------------------------
TR_DECK_SIZE = _tr(
    "402.1"
)  # constructed: Main Deck exactly 40 (with the champion), 1 Legend, 12 runes, 3 battlefields
TR_COPIES_WITH_SIDEBOARD = _tr("403.3")  # copy limits apply to the Main Deck and sideboard together
TR_EXACTLY_40 = _tr("601.1.b")  # in competitions the Main Deck is exactly 40 cards
TR_SIDEBOARD_SIZE = _tr("601.1.c.1")  # a sideboard of 10 or fewer cards
TR_SIDEBOARD_CARDS = _tr("601.1.c.2")  # only valid Main Deck cards in a sideboard
TR_SIDEBOARD_COPIES = _tr("601.1.c.3")  # copy limits apply to the main deck and sideboard together
TR_LEGAL_SETS = _tr("601.2.a")  # a card from a set legal in the format, or with the name of one
TR_BANNED = _tr("601.2.d")  # a card banned in a format may not be included
TR_STANDARD_SETS = _tr("601.3.c")  # the current Standard's sets
TR_TWO_V_TWO = _tr("603.6")  # a 2v2 competition can be constructed or sealed

ALL: tuple[Citation, ...] = tuple(value for value in tuple(globals().values()) if isinstance(value, Citation))
"""Every number the deck check can cite (the meta-test checks each)."""


def marked(citation: Citation) -> str:
    """The number as players read it: `103.2.b (v1.4)`, `TR 402.1` (`cite` decides the mark, and records it)."""
    return cite(citation.number, citation.version, citation.doc)


def plain(citation: Citation) -> str:
    """The number as the JSON gives it: `103.2.b` (a Core Rules number), `TR 402.1`."""
    return f"TR {citation.number}" if citation.doc == TOURNAMENT_DOC else citation.number
