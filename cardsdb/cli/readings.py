"""`python -m cardsdb.cli.readings [--db PATH]`: every card's reading without the card's words, one JSON object a
line in name order: the reviewed snapshot the tests hold (tests/fixtures/readings.jsonl), so that a change to the
reader shows as a diff of readings."""

from __future__ import annotations

import argparse
import json
import sys

from cardsdb import paths
from cardsdb.engine.reading.display import reading_data
from cardsdb.errors import CardsDBError


def snapshot_lines(db: object) -> list[str]:
    """One line per card: its reading without its words (`reading_data(..., text=False)`)."""
    from cardsdb.query import CardsDB

    assert isinstance(db, CardsDB)
    cards = sorted(
        (c for name in db.names.names if (c := db.get_card(name)) is not None),
        key=lambda c: c.name.casefold(),
    )
    return [
        json.dumps(reading_data(db.reading(card), text=False), ensure_ascii=False, sort_keys=True)
        for card in cards
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardsdb.cli.readings")
    parser.add_argument("--db", help="database file")
    args = parser.parse_args(argv)
    from cardsdb.query import CardsDB

    try:
        db = CardsDB.open(paths.db_path(override=args.db))
    except CardsDBError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("\n".join(snapshot_lines(db)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
