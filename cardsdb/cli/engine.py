"""`python -m cardsdb check FILE|- [--json]`: ask the engine about a scenario (or a scenario code), as the HTTP API and
the MCP server do (`cardsdb.service.answers.position_answer`). Bad input: one line, exit 2."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cardsdb import paths
from cardsdb.engine import MAX_SCENARIO_CHARS as MAX_CHARS
from cardsdb.engine import ScenarioError, render_answer


def read_scenario(source: str) -> str:
    """The scenario text from a file or standard input ("-"), refusing anything over the size limit."""
    try:
        if source == "-":
            text = sys.stdin.read(MAX_CHARS + 1)
        else:
            path = Path(source)
            if not path.is_file():
                raise ScenarioError(f"no such file: {source}")
            with path.open("r", encoding="utf-8") as handle:
                text = handle.read(MAX_CHARS + 1)
    except UnicodeDecodeError:
        raise ScenarioError("the scenario is not UTF-8 text") from None
    except OSError as error:
        raise ScenarioError(f"can't read {source}: {error.strerror or error}") from None
    if len(text) > MAX_CHARS:
        raise ScenarioError(f"the scenario is longer than the limit of {MAX_CHARS:,} characters")
    return text


def main(args: argparse.Namespace) -> int:
    text = read_scenario(args.file)
    # The database is opened only here: the engine itself knows nothing of SQLite.
    from cardsdb.query import CardsDB
    from cardsdb.service.answers import position_answer

    db = CardsDB.open(paths.db_path(override=getattr(args, "db", None)), check_pages=True)
    answer = position_answer(db, text)
    if getattr(args, "json", False):
        print(json.dumps(answer.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(render_answer(answer))
    return 0


def coverage_main(args: argparse.Namespace) -> int:
    """`python -m cardsdb engine-coverage [--json]`: what the engine reads of every card in the database."""
    from cardsdb.engine.coverage import coverage, render_text
    from cardsdb.query import CardsDB

    db = CardsDB.open(paths.db_path(override=getattr(args, "db", None)), check_pages=True)
    cards = [card for name in db.names.names if (card := db.get_card(name)) is not None]
    report = coverage((card, db.reading(card)) for card in cards)
    if getattr(args, "json", False):
        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(render_text(report, cards=not getattr(args, "totals", False)))
    return 0
