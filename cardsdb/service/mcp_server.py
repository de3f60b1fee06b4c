"""`python -m cardsdb mcp`: the answers as a Model Context Protocol server over stdio, for AI assistants (docs/api.md),
with the official MCP SDK (the optional extra `.[mcp]`).

Each tool asks one answer of `answers.py`, in the one answering thread, and returns it twice: as structured JSON (the
JSON `python -m cardsdb ... --json` prints; `rules_changes` wraps its list as `{"changes": [...]}`) and as the text the
command line prints, which marks every rule number as it must be quoted. Bad input is an error result whose text is
the command line's one line. The scenario format and the search syntax are offered as resources, so an assistant
can write a position for `check_position` and a query for `search_cards`.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, Protocol, TypeVar

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from cardsdb import paths
from cardsdb.cli.query import card_text, keyword_text, rulings_text, search_text
from cardsdb.cli.rules import changes_answer_text, rule_text
from cardsdb.deck.render_text import render as deck_text
from cardsdb.engine import render_answer
from cardsdb.errors import CardsDBError, NotFound
from cardsdb.query import CardsDB
from cardsdb.service import answers, limits
from cardsdb.service.answering import Answering, Busy
from cardsdb.service.openapi import QUOTE_AS_GIVEN

DOCS = Path(__file__).resolve().parents[2] / "docs"
RESOURCES = {
    "riftbound://docs/scenario-format": (
        "scenario-format.md",
        "The scenario format: a position for check_position",
    ),
    "riftbound://docs/scenario-codes": (
        "scenario-codes.md",
        "Scenario codes (rb1.…): a position in one line",
    ),
    "riftbound://docs/search-syntax": ("search-syntax.md", "The card search syntax for search_cards"),
}
INSTRUCTIONS = (
    "A Riftbound rules companion: cards, every version of the Core Rules and the Tournament Rules, rulings with "
    "their sources, a legality engine for positions (Hidden, playing cards, targets) and a deck check. "
    f"{QUOTE_AS_GIVEN} Never cite a rule these tools did not give. Where an answer says it is not sure "
    "(`confident: false`) or a verdict is Depends (`legal: null`), say so, with the reason it gives."
)
READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)


def _text(description: str, limit: int = limits.MAX_QUERY) -> Any:
    return Field(description=description, json_schema_extra={"maxLength": limit})


def _result(data: Any, text: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=data)


def _failure(error: CardsDBError) -> CallToolResult:
    data: dict[str, Any] = {"error": str(error)}
    if isinstance(error, NotFound) and error.suggestions:
        data["suggestions"] = list(error.suggestions)
    return CallToolResult(
        content=[TextContent(type="text", text=str(error))], structured_content=data, is_error=True
    )


Shown = tuple[Any, str]
"""An answer as a tool gives it: its JSON and its text."""


class _Json(Protocol):
    def to_json(self) -> Any: ...


J = TypeVar("J", bound=_Json)


def _shown(answer: J, text: Callable[[J], str]) -> Shown:
    return answer.to_json(), text(answer)


class Tools:
    """The tools, each one answer; what they share: the answering thread and how an answer or a failure is sent. What
    a tool is given is made ready inside its work, so that bad input is an error result in one line too."""

    def __init__(self, answering: Answering) -> None:
        self.answering = answering

    async def ask(self, work: Callable[[CardsDB], Shown]) -> CallToolResult:
        try:
            data, text = await self.answering.run(work)
        except CardsDBError as error:
            return _failure(error)
        except Busy:
            return _failure(CardsDBError("too many questions are waiting; try again in a second"))
        return _result(data, text)

    async def find_card(
        self,
        name: Annotated[
            str, _text("a card's name (typos forgiven) or a printing's code, OGN-213/298", limits.MAX_NAME)
        ],
    ) -> CallToolResult:
        return await self.ask(
            lambda db: _shown(answers.card_answer(db, _capped(name, "name", limits.MAX_NAME)), card_text)
        )

    async def search_cards(
        self, query: Annotated[str, _text("the card search syntax: kw:hidden t:spell d:order e<=2 o:kill")]
    ) -> CallToolResult:
        return await self.ask(
            lambda db: _shown(answers.search_answer(db, _capped(query, "query")), search_text)
        )

    async def find_keyword(
        self,
        name: Annotated[
            str, _text("a keyword (Hidden, Deflect) or a bracketed word of card text", limits.MAX_NAME)
        ],
    ) -> CallToolResult:
        return await self.ask(
            lambda db: _shown(
                answers.keyword_answer(db, _capped(name, "name", limits.MAX_NAME)), keyword_text
            )
        )

    async def get_rule(
        self,
        number: Annotated[str, _text("a rule number: 811.1.b, TR 702.12, v1.4 406.5")],
        version: Annotated[
            str | None, _text("2026-10-09 (the current rules, also v1.5), v1.4 or v1.3")
        ] = None,
        doc: Annotated[str | None, _text("core (the default) or tournament")] = None,
    ) -> CallToolResult:
        def work(db: CardsDB) -> Shown:
            asked = _capped(number, "number")
            answer = answers.rule_answer(
                db, asked, doc=_option(doc, "doc"), version=_option(version, "version")
            )
            if not answer.by_number:
                raise CardsDBError(
                    f'"{asked[:40]}" is not a rule number (811.1.b, TR 702.12): ask words with find_rules'
                )
            return _shown(answer, rule_text)

        return await self.ask(work)

    async def find_rules(
        self, question: Annotated[str, _text("a question in a player's words")]
    ) -> CallToolResult:
        return await self.ask(
            lambda db: _shown(answers.rule_answer(db, _capped(question, "question")), rule_text)
        )

    async def find_rulings(
        self, query: Annotated[str, _text("words, a card's name or a rule number")]
    ) -> CallToolResult:
        return await self.ask(
            lambda db: _shown(answers.rulings_answer(db, _capped(query, "query")), rulings_text)
        )

    async def check_position(
        self,
        scenario: Annotated[
            str,
            _text(
                "the position in the scenario format (YAML or JSON), or a scenario code rb1.…",
                limits.MAX_PASTE,
            ),
        ],
    ) -> CallToolResult:
        def work(db: CardsDB) -> Shown:
            answer = answers.position_answer(db, _capped(scenario, "scenario", limits.MAX_PASTE, lines=True))
            return answer.to_dict(), render_answer(answer)

        return await self.ask(work)

    async def check_deck(
        self,
        list: Annotated[
            str | None, _text("a deck list, one card a line under Legend:, Main Deck: ...", limits.MAX_PASTE)
        ] = None,
        code: Annotated[str | None, _text("a deck code, instead of a list", limits.MAX_CODE)] = None,
        format: Annotated[str | None, _text("constructed (the default) or 2v2")] = None,
    ) -> CallToolResult:
        def work(db: CardsDB) -> Shown:
            verdict = answers.deck_answer(
                db,
                list_text=_option(list, "list", limits.MAX_PASTE, lines=True),
                code=_option(code, "code", limits.MAX_CODE),
                format_name=_option(format, "format"),
            )
            return verdict.to_dict(), deck_text(verdict)

        return await self.ask(work)

    async def rules_changes(
        self,
        from_version: Annotated[str, _text("the older version: v1.3, v1.4")],
        to_version: Annotated[str, _text("the newer version: v1.4, 2026-10-09")],
        under: Annotated[str | None, _text("only under this rule number: 811, 811.1.d")] = None,
    ) -> CallToolResult:
        def work(db: CardsDB) -> Shown:
            versions = (_capped(from_version, "from_version"), _capped(to_version, "to_version"))
            answer = answers.changes_answer(db, *versions, _option(under, "under"))
            return {"changes": answer.to_json()}, changes_answer_text(answer)

        return await self.ask(work)


def _capped(value: str, what: str, limit: int = limits.MAX_QUERY, *, lines: bool = False) -> str:
    return limits.typed_value(value, what, limit, lines=lines) or ""


def _option(
    value: str | None, what: str, limit: int = limits.MAX_QUERY, *, lines: bool = False
) -> str | None:
    return limits.typed_value(value, what, limit, lines=lines, required=False)


_RETURNS = "Returns the answer as JSON and as the command line's text."
DESCRIPTIONS = {
    "find_card": (
        "A Riftbound card by name, typos forgiven, as the bot's /card finds it: its text, cost, domains, types, "
        "keywords, printings, errata and its legality in each format with the ban list's date. `match` is exact or "
        "fuzzy (the closest name; `alternatives` are other cards it may mean). A name matching nothing is an error "
        "naming the closest cards."
    ),
    "search_cards": (
        "Cards matching the search syntax (resource riftbound://docs/search-syntax): `total` and the first 100 "
        "cards, each as find_card gives it."
    ),
    "find_keyword": "A keyword with its rules (each with its marked number), reminder text, cards and rulings.",
    "get_rule": (
        "One rule by number, in the newest version that has it or the `version`/`doc` asked: its text, parents, "
        "sub-rules, where the number moved, what changed between versions, the patch notes and `rulings`: the FAQ "
        "answers and rulings citing it or its sub-rules (question and source; find_rulings with the number gives "
        "the first ten whole). A number no rule has is an error naming the nearest numbers; words are refused (use "
        "find_rules)."
    ),
    "find_rules": (
        "Rules for a question in a player's words, over the Core Rules and the Tournament Rules: the best rule's "
        "view, `candidates` (the rules weighed, best first) and `confident`. When `confident` is false no rule "
        "clearly answers: say you are not sure and offer the closest few (the first three `candidates`, each with "
        "the `rulings` citing it). `ruling`, where present, is the FAQ "
        "answer or ruling whose question asks what the words ask: give its answer, with its source, first. "
        "`read_as`, where present, is how misspelt words were read (each as the word meant): say so."
    ),
    "find_rulings": (
        "Official FAQ answers and community rulings matching words, a card or a rule number, each with its source, "
        "date, credit (name it where given) and the rules it cites (`cited`, each with its `mark`). When "
        "`confident` is false no ruling clearly answers the words: say you are not sure any ruling answers, "
        "and offer the closest as related reading. `read_as`, where present, is how misspelt words were read (each "
        "as the word meant): say so."
    ),
    "check_position": (
        "The legality engine's answer to a position in the scenario format (resource "
        "riftbound://docs/scenario-format; a scenario code rb1.… also works): `legal` true (Yes), false (No) or "
        "null (Depends: `undecided` says on what), `summary`, every check with its rules, the choices, the effects. "
        "In the JSON, numbers listed in `citations_v14` are v1.4's: quote them as `809.1.c (v1.4)`, as the text does."
    ),
    "check_deck": (
        "The deck check: give `list` (a pasted deck list) or `code` (a deck code), and `format` (constructed or "
        "2v2). `legal` true, false or null, every problem with its rules (`cited`), the deck as read."
    ),
    "rules_changes": (
        "What changed between two rules versions (v1.3, v1.4, 2026-10-09), under a rule number if given: `changes`, "
        "each added, removed, reworded or moved, with its old and new text and the patch notes that explain it."
    ),
}


class PlainArguments:
    """A tool call's arguments read before the SDK validates them: every one a text, the required ones given, no
    other; else an error result in one line naming the argument (the SDK's own message spans several lines)."""

    def __init__(self, tools: Tools) -> None:
        self.parameters = {name: inspect.signature(getattr(tools, name)).parameters for name in DESCRIPTIONS}

    def problem(self, tool: object, arguments: object) -> str | None:
        parameters = self.parameters.get(tool) if isinstance(tool, str) else None
        if parameters is None:
            return None  # an unknown tool: the SDK says so
        given: Mapping[object, object] = arguments if isinstance(arguments, Mapping) else {}
        for name, parameter in parameters.items():
            value = given.get(name)
            if value is None and parameter.default is inspect.Parameter.empty:
                return f"{tool}: {name} is missing: give it a value"
            if value is not None and not isinstance(value, str):
                return f"{tool}: {name} is not text"
        unknown = sorted(str(name) for name in given if name not in parameters)
        if unknown:
            return f"{tool}: no argument {unknown[0][:40]!r}; it takes {', '.join(parameters)}"
        return None

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        if ctx.method == "tools/call" and isinstance(ctx.params, Mapping):
            problem = self.problem(ctx.params.get("name"), ctx.params.get("arguments"))
            if problem is not None:
                return _failure(CardsDBError(problem))
        return await call_next(ctx)


def build_server(answering: Answering) -> MCPServer[Any]:
    """The MCP server answering through `answering`: every tool and resource registered."""
    tools = Tools(answering)
    server: MCPServer[Any] = MCPServer(
        "riftbound",
        title="Riftbound rules companion",
        instructions=INSTRUCTIONS,
        log_level="WARNING",
        middleware=[PlainArguments(tools)],
    )
    for name, description in DESCRIPTIONS.items():
        server.add_tool(
            getattr(tools, name),
            name=name,
            description=f"{description} {_RETURNS} {QUOTE_AS_GIVEN}",
            annotations=READ_ONLY,
            structured_output=False,
        )
    for uri, (file_name, title) in RESOURCES.items():
        server.resource(uri, name=file_name.removesuffix(".md"), title=title, mime_type="text/markdown")(
            _document_reader(file_name)
        )
    return server


def _document_reader(file_name: str) -> Callable[[], str]:
    def read() -> str:
        path = DOCS / file_name
        if not path.is_file():
            return f"This installation has no docs folder: see docs/{file_name} in the project's repository."
        return path.read_text(encoding="utf-8")

    return read


def run(db: str | None = None) -> None:
    """Serve over stdio until the client closes it. The database is opened first (a missing one: one line, exit 2)
    and its indexes built in the answering thread while the client connects."""
    answering = Answering(CardsDB.open(paths.db_path(override=db), check_pages=True))
    answering.warm()
    try:
        build_server(answering).run("stdio")
    finally:
        answering.close()
