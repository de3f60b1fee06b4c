"""The deck check (docs/deck-check.md): is this deck legal in a format, and if not, every problem with its rule.

Rules logic, like the engine: it reads cards through `DeckCards` (which `cardsdb.query.CardsDB` satisfies) and never
imports discord or sqlite3. Modules, in the order data flows through them: `deck_list` (a paste, read into lines),
`codes` (deck codes, decoded and encoded), `assemble` (lines or a code to a `Deck`), `cards` (what is read off a card),
`deck_text` (what a card's text changes in deck building), `context`, `checks` and `checks_cards` (one function per
check), `verdict` (the typed answer and its JSON), `check` (the entry points), `share` (a deck as a code),
`render_text` (the answer as text; the command line, `cardsdb/cli/deck.py`, opens the database and prints it).
"""

from cardsdb.deck.cards import DeckCards
from cardsdb.deck.check import check_code, check_deck, check_list, encode_list
from cardsdb.deck.codes import CardCount, DeckCode, DeckCodeError, decode, encode
from cardsdb.deck.deck_list import DeckListError
from cardsdb.deck.formats import FORMATS, FormatName, parse_format
from cardsdb.deck.verdict import DeckCheck, DeckVerdict, Finding

__all__ = [
    "FORMATS",
    "CardCount",
    "DeckCards",
    "DeckCheck",
    "DeckCode",
    "DeckCodeError",
    "DeckListError",
    "DeckVerdict",
    "Finding",
    "FormatName",
    "check_code",
    "check_deck",
    "check_list",
    "decode",
    "encode",
    "encode_list",
    "parse_format",
]
