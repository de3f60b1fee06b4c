"""`python -m cardsdb serve`: the answers over HTTP (docs/api.md), with aiohttp.

Each path asks one answer of `answers.py` and gives its JSON, the same the command line prints with `--json`. The
work runs in one answering thread over the database, opened read-only and warmed before the first question (the
event loop keeps taking requests meanwhile; no more than `MAX_WAITING` wait, past that 503 at once). Bad input is a
4xx with `{"error": "one line"}`, the line the command line prints; an unknown card 404 with `suggestions`. What a
caller may send is capped as the bot caps it (`limits.py`), and each client address has its own rate. No state is
kept between requests but the rate buckets, so several workers may serve one database file.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web

from cardsdb import paths
from cardsdb.engine import load_scenario_json
from cardsdb.errors import BadInput, CardsDBError, DatabaseUnavailable, NotFound
from cardsdb.query import CardsDB
from cardsdb.service import answers, limits
from cardsdb.service.answering import Answering, Busy
from cardsdb.service.openapi import document

log = logging.getLogger("cardsdb.service")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
Work = Callable[[CardsDB], object]


@dataclass(frozen=True)
class Settings:
    """How one worker serves: the database, each client's rate, and the one origin a browser may call it from."""

    db_path: Path
    rate: tuple[int, float] = limits.DEFAULT_RATE
    cors_origin: str | None = None


ANSWERING = web.AppKey("answering", Answering)
RATE = web.AppKey("rate", limits.RateLimit)
SETTINGS = web.AppKey("settings", Settings)
DOCUMENT = web.AppKey("document", str)  # /openapi.json, written once
UNLIMITED = frozenset({"/v1/health", "/openapi.json"})  # cheap, and what a load balancer polls


# --- the answers -----------------------------------------------------------------------------------------
def _json(data: object, status: int = 200, headers: Mapping[str, str] | None = None) -> web.Response:
    return web.Response(
        text=json.dumps(data, ensure_ascii=False),
        status=status,
        content_type="application/json",
        headers={"X-Content-Type-Options": "nosniff", **(headers or {})},
    )


async def _answer(request: web.Request, work: Work) -> web.Response:
    return _json(await request.app[ANSWERING].run(work))


def _query(request: web.Request, name: str, what: str, *, required: bool = True) -> str | None:
    return limits.typed_value(request.query.get(name), what, required=required)


def _path(request: web.Request, name: str, what: str, limit: int = limits.MAX_QUERY) -> str:
    return limits.typed_value(request.match_info[name], what, limit) or ""


async def health(request: web.Request) -> web.Response:
    return await _answer(request, answers.health_answer)


async def card(request: web.Request) -> web.Response:
    name = _path(request, "name", "the card's name", limits.MAX_NAME)
    return await _answer(request, lambda db: answers.card_answer(db, name).to_json())


async def search(request: web.Request) -> web.Response:
    query = _query(request, "q", "q (the search)") or ""
    return await _answer(request, lambda db: answers.search_answer(db, query).to_json())


async def keyword(request: web.Request) -> web.Response:
    name = _path(request, "name", "the keyword", limits.MAX_NAME)
    return await _answer(request, lambda db: answers.keyword_answer(db, name).to_json())


def _rule_options(request: web.Request) -> dict[str, str | None]:
    return {
        "doc": _query(request, "doc", "doc", required=False),
        "version": _query(request, "version", "version", required=False),
    }


async def rule(request: web.Request) -> web.Response:
    number, options = _path(request, "number", "the rule number"), _rule_options(request)

    def work(db: CardsDB) -> object:
        found = answers.rule_answer(db, number, **options)
        if not found.by_number:
            raise BadInput(
                f'"{number[:40]}" is not a rule number (811.1.b, TR 702.12); ask words with /v1/rules?q='
            )
        return found.to_json()

    return await _answer(request, work)


async def rules(request: web.Request) -> web.Response:
    query, options = _query(request, "q", "q (the question)") or "", _rule_options(request)
    return await _answer(request, lambda db: answers.rule_answer(db, query, **options).to_json())


async def rulings(request: web.Request) -> web.Response:
    query = _query(request, "q", "q (words, a card or a rule number)") or ""
    return await _answer(request, lambda db: answers.rulings_answer(db, query).to_json())


async def changes(request: web.Request) -> web.Response:
    old = _query(request, "from", "from (the older version)") or ""
    new = _query(request, "to", "to (the newer version)") or ""
    under = _query(request, "under", "under", required=False)
    return await _answer(request, lambda db: answers.changes_answer(db, old, new, under).to_json())


async def _body(request: web.Request) -> str:
    data = await request.read()  # past the body limit: 413
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadInput("the body is not UTF-8 text") from None


async def check(request: web.Request) -> web.Response:
    text = (
        limits.typed_value(await _body(request), "the scenario (the body)", limits.MAX_PASTE, lines=True)
        or ""
    )
    scenario = _json_scenario(text) if request.content_type == "application/json" else text
    return await _answer(request, lambda db: answers.position_answer(db, scenario).to_dict())


def _json_scenario(text: str) -> str | Mapping[str, object]:
    """A JSON body read as JSON (held to the engine's limits as it is read), not as YAML; text that is not a JSON
    object goes to the engine as text, which says what it is instead."""
    try:
        data = load_scenario_json(text)
    except ValueError:
        return text
    return data if isinstance(data, dict) else text


_DECK_FIELDS = {"list": True, "code": False, "format": False}  # each field, and whether it keeps its lines


def deck_question(body: str) -> dict[str, str | None]:
    """`{"list": ..., "format": ...}` or `{"code": ...}`, each a text made ready within its limit; BadInput naming what
    is wrong."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise BadInput(
            'the body is not JSON: send {"list": "...", "format": "constructed"} or {"code": "..."}'
        ) from None
    if not isinstance(data, dict):
        raise BadInput('the body is not a JSON object: send {"list": "..."} or {"code": "..."}')
    unknown = sorted(set(data) - set(_DECK_FIELDS))
    if unknown:
        raise BadInput(f"unknown field {str(unknown[0])[:40]!r}: give list or code, and format")
    question: dict[str, str | None] = {}
    for name, lines in _DECK_FIELDS.items():
        value = data.get(name)
        if value is not None and not isinstance(value, str):
            raise BadInput(f"{name} is not text")
        limit = {"list": limits.MAX_PASTE, "code": limits.MAX_CODE}.get(name, limits.MAX_QUERY)
        question[name] = limits.typed_value(value, name, limit, lines=lines, required=False)
    return question


async def deck_check(request: web.Request) -> web.Response:
    question = deck_question(await _body(request))

    def work(db: CardsDB) -> object:
        verdict = answers.deck_answer(
            db, list_text=question["list"], code=question["code"], format_name=question["format"]
        )
        return verdict.to_dict()

    return await _answer(request, work)


async def openapi(request: web.Request) -> web.Response:
    return web.Response(text=request.app[DOCUMENT], content_type="application/json")


# --- what every request goes through ---------------------------------------------------------------------
def _error(status: int, line: str, suggestions: tuple[str, ...] = (), **headers: str) -> web.Response:
    body: dict[str, object] = {"error": line}
    if suggestions:
        body["suggestions"] = list(suggestions)
    return _json(body, status, {k.replace("_", "-"): v for k, v in headers.items()})


_HTTP_LINES = {
    404: "no such path; the paths are listed at /openapi.json",
    405: "this path does not take that method; see /openapi.json",
    413: f"the body is larger than {limits.MAX_BODY_BYTES:,} bytes",
}


@web.middleware
async def errors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every answer that is not one as JSON: `{"error": "one line"}` with its status, never a traceback."""
    try:
        return await handler(request)
    except NotFound as error:
        return _error(404, str(error), error.suggestions)
    except DatabaseUnavailable as error:
        log.error("the database is not available: %s", error)
        return _error(503, "the card database is not available", Retry_After="30")
    except CardsDBError as error:
        return _error(400, str(error))
    except Busy:
        return _error(503, "too many questions are waiting; try again in a second", Retry_After="1")
    except web.HTTPException as error:
        if error.status < 400:
            raise
        return _error(error.status, _HTTP_LINES.get(error.status, error.reason.lower()))
    except Exception:
        log.exception("%s %s failed", request.method, request.path)
        return _error(500, "something went wrong answering this; it has been logged")


@web.middleware
async def rate_limit(request: web.Request, handler: Handler) -> web.StreamResponse:
    if request.path not in UNLIMITED:
        wait = request.app[RATE].wait(request.remote or "unknown")
        if wait > 0:
            seconds = limits.retry_after(wait)
            return _error(
                429,
                f"slow down: too many questions from this address; try again in {seconds} s",
                Retry_After=str(seconds),
            )
    return await handler(request)


@web.middleware
async def cors(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Only with `--cors ORIGIN`: that origin's browsers may call the API (a preflight answered, the header added)."""
    origin = request.app[SETTINGS].cors_origin
    allow = {"Access-Control-Allow-Origin": origin or "", "Vary": "Origin"}
    if request.method == "OPTIONS":
        preflight = {
            "Access-Control-Allow-Methods": "GET, POST",
            "Access-Control-Allow-Headers": "Content-Type",
        }
        return web.Response(status=204, headers={**allow, **preflight, "Access-Control-Max-Age": "600"})
    response = await handler(request)
    response.headers.update(allow)
    return response


# --- the application -------------------------------------------------------------------------------------
ROUTES = (
    ("GET", "/v1/health", health),
    ("GET", "/v1/cards/{name}", card),
    ("GET", "/v1/search", search),
    ("GET", "/v1/keywords/{name}", keyword),
    ("GET", "/v1/rules/{number}", rule),
    ("GET", "/v1/rules", rules),
    ("GET", "/v1/rulings", rulings),
    ("GET", "/v1/changes", changes),
    ("POST", "/v1/check", check),
    ("POST", "/v1/deck/check", deck_check),
    ("GET", "/openapi.json", openapi),
)


def create_app(settings: Settings, db: CardsDB | None = None) -> web.Application:
    """The API over the database at `settings.db_path` (or `db`, already open): opened read-only and warmed when the
    application starts, before it takes a question; closed when it stops."""
    middlewares = [*([cors] if settings.cors_origin else []), errors, rate_limit]
    app = web.Application(client_max_size=limits.MAX_BODY_BYTES, middlewares=middlewares)
    app[SETTINGS] = settings
    app[RATE] = limits.RateLimit(*settings.rate)
    app[DOCUMENT] = json.dumps(document(), ensure_ascii=False)
    for method, path, handler in ROUTES:
        app.router.add_route(method, path, handler)
    app.cleanup_ctx.append(functools.partial(_database, db=db))
    return app


async def _database(app: web.Application, db: CardsDB | None) -> AsyncIterator[None]:
    db = db or CardsDB.open(app[SETTINGS].db_path, check_pages=True)
    answering = Answering(db)
    await asyncio.wrap_future(answering.warm())  # the indexes built before the first question
    app[ANSWERING] = answering
    yield
    answering.close()


def settings_from(
    db: str | None = None,
    rate: str | None = None,
    cors: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Settings:
    """The settings from the options, else the environment (RIFTBOUND_DB, RIFTBOUND_API_RATE, RIFTBOUND_API_CORS)."""
    env = os.environ if env is None else env
    return Settings(
        db_path=paths.db_path(env, override=db),
        rate=limits.parse_rate(rate if rate is not None else env.get("RIFTBOUND_API_RATE")),
        cors_origin=(cors if cors is not None else env.get("RIFTBOUND_API_CORS")) or None,
    )


async def app_from_environment() -> web.Application:
    """For gunicorn's aiohttp worker (`gunicorn cardsdb.service.http_api:app_from_environment --worker-class
    aiohttp.GunicornWebWorker`): the settings from the environment."""
    settings = settings_from()
    return create_app(settings, CardsDB.open(settings.db_path, check_pages=True))


def serve(settings: Settings, host: str, port: int, *, reuse_port: bool = False) -> None:
    """Serve until stopped (Ctrl-C or SIGTERM). The database is opened first: a missing one is one line, exit 2."""
    db = CardsDB.open(settings.db_path, check_pages=True)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    log.info("opened %s read-only; warming the indexes", settings.db_path)
    app = create_app(settings, db)

    async def ready(app: web.Application) -> None:
        log.info("answering on http://%s:%d (the paths: /openapi.json)", host, port)

    app.on_startup.append(ready)
    web.run_app(
        app,
        host=host,
        port=port,
        reuse_port=reuse_port or None,
        print=None,
        access_log=None,
    )
