"""`python -m cardsdb deck check FILE|- [--code CODE] [--format constructed|2v2] [--json]` and
`python -m cardsdb deck encode FILE|-`. Bad input (no such file, not a deck list, a code that does not decode, an
unknown format) exits 2 with one line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cardsdb import paths
from cardsdb.deck.check import encode_list
from cardsdb.deck.deck_list import MAX_LIST_CHARS, DeckListError
from cardsdb.deck.formats import parse_format
from cardsdb.deck.render_text import render


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    deck = sub.add_parser(
        "deck", help="check a deck list or deck code, or encode a list (see docs/deck-check.md)"
    )
    actions = deck.add_subparsers(dest="deck_command", required=True)
    check = actions.add_parser("check", help="is this deck legal in a format: every problem with its rule")
    check.add_argument("file", nargs="?", help="a deck list file, or - for standard input")
    check.add_argument("--code", help="a deck code to check instead of a list")
    check.add_argument("--format", default="constructed", help="constructed (the default) or 2v2")
    check.add_argument("--db", help="database file")
    check.add_argument("--json", action="store_true")
    encode = actions.add_parser("encode", help="a deck list as a deck code")
    encode.add_argument("file", help="a deck list file, or - for standard input")
    encode.add_argument("--db", help="database file")
    encode.add_argument("--json", action="store_true")


def read_list(source: str) -> str:
    """A deck list from a file or standard input ("-"): UTF-8 text, refused past the size limit."""
    try:
        if source == "-":
            data = sys.stdin.buffer.read(MAX_LIST_CHARS * 4 + 1)
        else:
            path = Path(source)
            if not path.is_file():
                raise DeckListError(f"no such file: {source}")
            with path.open("rb") as handle:
                data = handle.read(MAX_LIST_CHARS * 4 + 1)
    except OSError as error:
        raise DeckListError(f"can't read {source}: {error.strerror or error}") from None
    if b"\x00" in data:
        raise DeckListError("that is not a deck list: it holds binary data, not lines of text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DeckListError("that is not a deck list: it is not UTF-8 text") from None


def main(args: argparse.Namespace) -> int:
    # The database is opened here, on the command line: the deck check itself knows nothing of SQLite.
    from cardsdb.query import CardsDB
    from cardsdb.service.answers import deck_answer

    if args.deck_command == "encode":
        pasted = read_list(args.file)
        with CardsDB.open(paths.db_path(override=getattr(args, "db", None)), check_pages=True) as db:
            code = encode_list(pasted, db)
        print(json.dumps({"code": code}) if args.json else code)
        return 0
    format_name: str = parse_format(args.format)
    if args.code is None and args.file is None:
        raise DeckListError("give a deck list file (or - for standard input), or --code CODE")
    if args.code is not None and args.file is not None:
        raise DeckListError("give a deck list or --code, not both")
    text: str | None = read_list(args.file) if args.file is not None else None
    with CardsDB.open(paths.db_path(override=getattr(args, "db", None)), check_pages=True) as db:
        verdict = deck_answer(db, list_text=text, code=args.code, format_name=format_name)
        print(json.dumps(verdict.to_dict(), ensure_ascii=False, indent=2) if args.json else render(verdict))
    return 0
