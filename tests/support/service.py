"""The service's tests share: the HTTP API started for real on a free port, its answers checked against the OpenAPI
document it serves, the command line's answer to the same question, and the MCP server driven over stdio by the SDK's
own client."""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web
from jsonschema import Draft202012Validator
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.types import CallToolResult, TextContent
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from cardsdb.cli.main import main as cardsdb_main
from cardsdb.service.http_api import Settings, create_app
from tests.support.paths import ROOT

DOCUMENT_URI = "urn:riftbound-api"


@dataclass(frozen=True)
class Reply:
    status: int
    body: Any
    headers: Mapping[str, str]


class Api:
    """A running API: `get` and `post` over a real socket, each reply checked against `/openapi.json`."""

    def __init__(self, base: str, session: aiohttp.ClientSession) -> None:
        self.base = base
        self.session = session
        self.document: dict[str, Any] | None = None

    async def call(self, method: str, template: str, path: str, **options: Any) -> Reply:
        async with self.session.request(method, self.base + path, **options) as response:
            reply = Reply(response.status, await response.json(), response.headers)
        if self.document is None:
            async with self.session.get(self.base + "/openapi.json") as served:
                self.document = await served.json()
        conforms(self.document, method, template, reply)
        return reply

    async def get(self, template: str, path: str | None = None, **options: Any) -> Reply:
        return await self.call("GET", template, path or template, **options)

    async def post(self, template: str, **options: Any) -> Reply:
        return await self.call("POST", template, template, **options)


def conforms(document: Mapping[str, Any], method: str, template: str, reply: Reply) -> None:
    """The reply is one the document describes: its status listed for that path, its body valid by its schema."""
    answers = document["paths"][template][method.lower()]["responses"]
    assert str(reply.status) in answers, f"{method} {template} answered {reply.status}, not in the document"
    assert reply.headers.get("Content-Type", "").startswith("application/json")
    pointer = "/".join(
        part.replace("~", "~0").replace("/", "~1")
        for part in (
            "paths",
            template,
            method.lower(),
            "responses",
            str(reply.status),
            "content",
            "application/json",
        )
    )
    registry: Registry[Any] = Registry().with_resource(
        DOCUMENT_URI, Resource.from_contents(dict(document), default_specification=DRAFT202012)
    )
    schema = {"$ref": f"{DOCUMENT_URI}#/{pointer}/schema"}
    Draft202012Validator(schema, registry=registry).validate(reply.body)


@contextlib.asynccontextmanager
async def running_api(settings: Settings) -> AsyncIterator[Api]:
    """The API over `settings`, listening on a free port of 127.0.0.1 until the block ends; it answers once its
    indexes are warm (the runner's setup waits for them)."""
    runner = web.AppRunner(create_app(settings), access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    host, port = runner.addresses[0][:2]
    try:
        async with aiohttp.ClientSession() as session:
            yield Api(f"http://{host}:{port}", session)
    finally:
        await runner.cleanup()


def cli(db: Path, *argv: str) -> tuple[int, str]:
    """`python -m cardsdb ARGV --db DB` in this process: (exit status, what it printed)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = cardsdb_main([*argv, "--db", str(db)])
    return code, out.getvalue()


def cli_json(db: Path, *argv: str) -> Any:
    """The command line's `--json` answer to the same question (`{"error"}` for bad input)."""
    _, printed = cli(db, *argv, "--json")
    return json.loads(printed)


def mcp_command(db: Path) -> tuple[str, list[str]]:
    """How an assistant starts the MCP server: the command and its arguments."""
    return sys.executable, ["-m", "cardsdb", "mcp", "--db", str(db)]


@contextlib.asynccontextmanager
async def mcp_session(db: Path) -> AsyncIterator[ClientSession]:
    """`python -m cardsdb mcp --db DB` started as an assistant starts it, driven by the SDK's own stdio client."""
    command, args = mcp_command(db)
    server = StdioServerParameters(command=command, args=args, cwd=ROOT)
    async with (
        stdio_client(server) as (read, write),
        ClientSession(read, write, read_timeout_seconds=300) as session,
    ):
        await session.initialize()
        yield session


def tool_text(result: CallToolResult) -> str:
    """A tool result's one text block."""
    (block,) = result.content
    assert isinstance(block, TextContent)
    return block.text
