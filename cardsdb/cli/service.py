"""`python -m cardsdb serve` and `python -m cardsdb mcp`: the answers for other programs (`cardsdb/service/`, docs/api.md).
A database that is not there, or the MCP extra not installed, is one line and exit 2."""

from __future__ import annotations

import argparse

from cardsdb.errors import CardsDBError


def serve_main(args: argparse.Namespace) -> int:
    from cardsdb.service.http_api import serve, settings_from

    if not 0 <= args.port <= 65535:
        raise CardsDBError(f"--port must be 0 to 65535, not {args.port}")
    serve(settings_from(args.db, args.rate, args.cors), args.host, args.port, reuse_port=args.reuse_port)
    return 0


def mcp_main(args: argparse.Namespace) -> int:
    try:
        from cardsdb.service.mcp_server import run
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] != "mcp":
            raise
        raise CardsDBError("the MCP server needs the mcp extra: pip install -e '.[mcp]'") from None
    run(args.db)
    return 0
