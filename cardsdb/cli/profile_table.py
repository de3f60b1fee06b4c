"""`python -m cardsdb.cli.profile_table [--db PATH]`: print the Markdown table of every card with Hidden."""

from __future__ import annotations

import argparse
import sys

from cardsdb import paths
from cardsdb.engine.profile import TABLE_HEADER, hidden_table_row
from cardsdb.errors import CardsDBError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardsdb.cli.profile_table")
    parser.add_argument("--db", help="database file")
    args = parser.parse_args(argv)
    from cardsdb.query import CardsDB

    try:
        db = CardsDB.open(paths.db_path(override=args.db))
    except CardsDBError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    cards = [c for c in db.search("kw:hidden", limit=500).cards if db.reading(c).has("hidden")]
    print(TABLE_HEADER)
    for card in sorted(cards, key=lambda c: c.name.casefold()):
        print(hidden_table_row(card, db.reading(card)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
