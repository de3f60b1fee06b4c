"""`python -m cardsdb`: build, sync, look up, and ask the engine. Bad input exits 2 with one line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any

from cardsdb import program_version
from cardsdb.errors import CardsDBError
from cardsdb.search.typed import QUERY_LIMIT, typed_line


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m cardsdb", description=__doc__)
    parser.add_argument("--version", action="version", version=f"%(prog)s {program_version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    build = sub.add_parser("build", help="build the SQLite database from a data folder")
    build.add_argument("--source", required=True, help="a folder laid out like shared/riftbound-data")
    build.add_argument("--db", help="database file (default: RIFTBOUND_DB or data/riftbound.sqlite3)")
    build.add_argument("--json", action="store_true", help="print the build report as JSON")

    sync = sub.add_parser("sync", help="fetch cards from the RiftCodex API, then build")
    sync.add_argument("--db", help="database file")
    sync.add_argument("--url", help="API base (default: RIFTCODEX_URL or https://api.riftcodex.com)")
    sync.add_argument("--source", help="a data folder for rules and FAQs (default: RIFTBOUND_DATA)")
    sync.add_argument("--json", action="store_true")

    _add_refresh_parsers(sub)

    for name, helptext in (
        ("card", "a card by name (typos forgiven)"),
        ("rule", "a rule by number or words, from the newest version that has it"),
        ("keyword", "a keyword with its rules and cards"),
        ("rulings", "FAQ answers and rulings by words, card name or rule number"),
        ("search", "cards by search syntax: kw:hidden t:spell d:order e<=2 o:kill"),
    ):
        p = sub.add_parser(name, help=helptext)
        p.add_argument("query", nargs="+")
        p.add_argument("--db", help="database file")
        p.add_argument("--json", action="store_true")
        if name == "card":
            p.add_argument("--reading", action="store_true", help="what the engine reads of the card's text")
        if name == "rule":
            p.add_argument("--doc", help="core (the default) or tournament")
            p.add_argument("--version", help="a rules version: 2026-10-09, v1.4 or v1.3")

    changes = sub.add_parser("changes", help="what changed between two rules versions")
    changes.add_argument("--from", dest="from_version", required=True, help="the older version: v1.3, v1.4")
    changes.add_argument("--to", dest="to_version", required=True, help="the newer version: v1.4, 2026-10-09")
    changes.add_argument("--under", help="only under this rule number (811, 811.1.d)")
    changes.add_argument("--db", help="database file")
    changes.add_argument("--json", action="store_true")

    check = sub.add_parser(
        "check", help="ask the Hidden engine about a scenario (see docs/scenario-format.md)"
    )
    check.add_argument("file", help="a scenario file, or - for standard input")
    check.add_argument("--db", help="database file")
    check.add_argument("--json", action="store_true")

    reach = sub.add_parser("engine-coverage", help="what the engine reads of every card's text")
    reach.add_argument("--db", help="database file")
    reach.add_argument("--json", action="store_true")
    reach.add_argument("--totals", action="store_true", help="the totals and patterns only, not every card")
    from cardsdb.cli.deck import add_parser as add_deck_parser

    add_deck_parser(sub)
    _add_service_parsers(sub)
    return parser


def _add_service_parsers(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    serve = sub.add_parser("serve", help="answer over HTTP: the same JSON as --json (see docs/api.md)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8080, help="the port (default 8080)")
    serve.add_argument("--db", help="database file (default: RIFTBOUND_DB or data/riftbound.sqlite3)")
    serve.add_argument(
        "--rate", help="questions per client address: 30/10 (default: RIFTBOUND_API_RATE or 30/10), off"
    )
    serve.add_argument(
        "--cors", metavar="ORIGIN", help="let browsers of this origin call the API (default: none)"
    )
    serve.add_argument(
        "--reuse-port", action="store_true", help="share the port with other workers started the same way"
    )
    mcp = sub.add_parser(
        "mcp", help="answer as an MCP server over stdio, for AI assistants (pip install -e '.[mcp]')"
    )
    mcp.add_argument("--db", help="database file (default: RIFTBOUND_DB or data/riftbound.sqlite3)")


def _add_refresh_parsers(sub: Any) -> None:
    """`refresh` and `recover`: the two that replace a serving database."""
    refresh = sub.add_parser(
        "refresh",
        help="sync and rebuild beside the database, then swap it in unless it knows less (as the running bot does)",
    )
    refresh.add_argument("--db", help="database file (default: RIFTBOUND_DB or data/riftbound.sqlite3)")
    refresh.add_argument("--url", help="API base (default: RIFTCODEX_URL or https://api.riftcodex.com)")
    refresh.add_argument(
        "--source", help="a data folder (default: RIFTBOUND_DATA, else the one the database was built from)"
    )
    refresh.add_argument(
        "--allow-shrink",
        action="store_true",
        help="swap in a build that knows less than the database serving",
    )
    refresh.add_argument("--timeout", type=float, help=argparse.SUPPRESS)  # per request, seconds (tests)
    refresh.add_argument("--retries", type=int, help=argparse.SUPPRESS)
    refresh.add_argument("--json", action="store_true", help="one JSON object: result, line, lacked, kinds")

    recover = sub.add_parser(
        "recover",
        help="rebuild a missing or damaged database: from the data folder it was built from, else RIFTBOUND_DATA, "
        "else RiftCodex; else put back its last good copy",
    )
    recover.add_argument("--db", help="database file (default: RIFTBOUND_DB or data/riftbound.sqlite3)")
    recover.add_argument("--source", help="a data folder (default: RIFTBOUND_DATA), after the recorded one")
    recover.add_argument("--url", help="API base (default: RIFTCODEX_URL or https://api.riftcodex.com)")
    recover.add_argument("--timeout", type=float, help=argparse.SUPPRESS)
    recover.add_argument("--retries", type=int, help=argparse.SUPPRESS)
    recover.add_argument("--json", action="store_true", help="one JSON object: result, line, source, kinds")


def _handler(command: str) -> Callable[[argparse.Namespace], int]:
    # Imported lazily so that `card` does not pay for importing the build or the engine.
    if command == "build":
        from cardsdb.cli.build import cmd_build

        return cmd_build
    if command == "sync":
        from cardsdb.cli.build import cmd_sync

        return cmd_sync
    if command == "refresh":
        from cardsdb.cli.build import cmd_refresh

        return cmd_refresh
    if command == "recover":
        from cardsdb.cli.build import cmd_recover

        return cmd_recover
    if command == "check":
        from cardsdb.cli.engine import main as check_main

        return check_main
    if command == "engine-coverage":
        from cardsdb.cli.engine import coverage_main

        return coverage_main
    if command == "deck":
        from cardsdb.cli.deck import main as deck_main

        return deck_main
    if command in ("serve", "mcp"):
        from cardsdb.cli.service import mcp_main, serve_main

        return serve_main if command == "serve" else mcp_main
    if command in ("rule", "changes"):
        from cardsdb.cli import rules as cli_rules

        rules_handler: Callable[[argparse.Namespace], int] = getattr(cli_rules, f"cmd_{command}")
        return rules_handler
    from cardsdb.cli import query as cli_query

    handler: Callable[[argparse.Namespace], int] = getattr(cli_query, f"cmd_{command}")
    return handler


_QUERY_COMMANDS = frozenset({"card", "rule", "keyword", "rulings", "search"})
_VALUED_OPTIONS = {"card": ("--db",), "rule": ("--db", "--doc", "--version")}


def _query_words_last(argv: Sequence[str]) -> list[str]:
    """`search -t:spell kw:hidden`: a query word may start with "-" (a negation), so for the look-up commands every
    word that is not one of their options is passed after "--" and argparse never reads it as an option."""
    if not argv or argv[0] not in _QUERY_COMMANDS:
        return list(argv)
    valued = _VALUED_OPTIONS.get(argv[0], ("--db",))
    options: list[str] = []
    words: list[str] = []
    rest = iter(argv[1:])
    for token in rest:
        if token == "--":
            words.extend(rest)
        elif token in ("--json", "--reading", "-h", "--help") or token.startswith(
            tuple(f"{o}=" for o in valued)
        ):
            options.append(token)
        elif token in valued:
            options += [token, next(rest, "")]
        else:
            words.append(token)
    return [argv[0], *options, "--", *words]


def _typed(args: argparse.Namespace) -> argparse.Namespace:
    """The words of a look-up and the rule number of `changes --under` made ready as the bot makes an option
    (`cardsdb.search.typed`): spaces folded, nothing invisible, cut to a question's length."""
    if isinstance(getattr(args, "query", None), list):
        args.query = [typed_line(" ".join(args.query), QUERY_LIMIT)]
    if isinstance(getattr(args, "under", None), str):
        args.under = typed_line(args.under, QUERY_LIMIT)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = _typed(_parser().parse_args(_query_words_last(sys.argv[1:] if argv is None else argv)))
    try:
        return _handler(args.command)(args)
    except CardsDBError as error:
        if getattr(args, "json", False):
            import json

            print(json.dumps({"error": str(error)}))
        else:
            print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
