"""What the regular-expression check runs to see the patterns made while the code runs (tests/reliability/
test_linear_regex.py): the engine reading every card of the real pool and answering the judges' positions, the card
names matched in text, every keyword looked up, rules and rulings found by words and numbers, and a command line
parsed as `python -m bot ask` does."""

from __future__ import annotations

import contextlib
import sys
from typing import Any

from bot.cli import parse_command_line
from cardsdb.build.importers.faqs import NameMatcher
from cardsdb.engine import ScenarioError, check
from cardsdb.engine.coverage import coverage
from cardsdb.engine.reading.compile import compile_reading
from cardsdb.query import CardsDB
from tests.support.scenario_files import ENTRIES, FIXTURES

WORDS = (
    "can i hide a card during a showdown",
    "how much does deflect cost",
    "v1.4 421.3",
    "TR 702.12",
    "811.1 (v1.4)",
)


def _clear_caches() -> None:
    for name, module in list(sys.modules.items()):
        if not name.startswith(("cardsdb.", "bot.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()


def run_workload(db: CardsDB, tree: Any) -> None:
    """`tree`: the bot's command tree, to parse a command line against. Every cache of cardsdb's and the bot's
    functions is emptied first: a pattern made inside a cached function is made again."""
    _clear_caches()
    cards = [card for name in db.names.names if (card := db.get_card(name)) is not None]
    # the reader over every card, as the build runs it
    coverage((card, compile_reading(card)) for card in cards)
    NameMatcher([card.name for card in cards]).find("Jinx, Rebel's ability and Hidden Blade")
    for card in cards:
        for keyword in card.keywords:
            db.keyword(keyword.name)
    for words in WORDS:
        db.rule(words)
        db.search_rules(words)
        list(db.rulings(words))
    parse_command_line(tree, "/rule query:can i hide doc:tournament")
    for entry in ENTRIES:  # the judges' positions: the engine's checks, each reading what it needs
        with contextlib.suppress(ScenarioError):  # a position that is bad input on purpose
            check(entry["scenario"], db if entry["cards"] == "real" else FIXTURES)
