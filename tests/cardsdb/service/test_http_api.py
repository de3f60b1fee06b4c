"""`python -m cardsdb serve` over the small hand-made database: every path called over a real socket with good and bad
input, every reply valid by the OpenAPI document the API serves, and each answer the command line's `--json` answer
to the same question."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from cardsdb.engine.position.scenario_code import encode
from cardsdb.service import limits
from cardsdb.service.http_api import Settings
from tests.support.paths import ROOT
from tests.support.service import Api, cli, cli_json, running_api

HIDE = """turn: 2
me: {hand: [Hidden Blade], runes: {energy: 0, power: [order]}}
battlefields:
  Bandle Tree: {controller: me, units: [Pouty Poro]}
ask: {hide: Hidden Blade, at: Bandle Tree}
"""
HIDE_DATA = {
    "turn": 2,
    "me": {"hand": ["Hidden Blade"], "runes": {"energy": 0, "power": ["order"]}},
    "battlefields": {"Bandle Tree": {"controller": "me", "units": ["Pouty Poro"]}},
    "ask": {"hide": "Hidden Blade", "at": "Bandle Tree"},
}
DECK = "Legend:\nTeemo, Scout\n\nMain Deck:\n3 Hidden Blade\n3 Facebreaker\n"


@pytest.fixture
async def api(query_db: Path) -> AsyncIterator[Api]:
    async with running_api(Settings(db_path=query_db, rate=(0, 10.0))) as running:
        yield running


# --- the look-ups: the command line's JSON, over HTTP ----------------------------------------------------
async def test_health_names_the_rules_versions_serving(api: Api) -> None:
    reply = await api.get("/v1/health")
    assert reply.status == 200 and reply.body["status"] == "ok"
    assert reply.body["rules"]["current"] == "2026-10-09"


async def test_a_card_by_a_forgiving_name_is_the_command_lines_answer(api: Api, query_db: Path) -> None:
    reply = await api.get("/v1/cards/{name}", "/v1/cards/hiden%20blade")
    assert reply.status == 200 and reply.body["name"] == "Hidden Blade" and reply.body["match"] == "fuzzy"
    assert reply.body == cli_json(query_db, "card", "hiden blade")


async def test_an_unknown_card_is_404_with_the_command_lines_line(api: Api, query_db: Path) -> None:
    reply = await api.get("/v1/cards/{name}", "/v1/cards/qqqzzzxx")
    assert reply.status == 404 and reply.body == cli_json(query_db, "card", "qqqzzzxx")


async def test_a_card_not_found_carries_the_names_it_may_mean(api: Api, query_db: Path) -> None:
    reply = await api.get("/v1/cards/{name}", "/v1/cards/bladex%20of%20kings")
    assert reply.status == 404
    assert reply.body["suggestions"] == ["Blade of the Ruined King", "Hidden Blade"]
    assert reply.body["error"] == cli_json(query_db, "card", "bladex of kings")["error"]
    assert reply.body["error"].endswith("Did you mean: Blade of the Ruined King · Hidden Blade?")


async def test_search_keyword_rulings_and_rules_are_the_command_lines_answers(
    api: Api, query_db: Path
) -> None:
    asked = [
        ("/v1/search", "/v1/search?q=kw:hidden%20t:spell", ("search", "kw:hidden", "t:spell")),
        ("/v1/keywords/{name}", "/v1/keywords/hiden", ("keyword", "hiden")),
        ("/v1/rulings", "/v1/rulings?q=hidden", ("rulings", "hidden")),
        ("/v1/rules/{number}", "/v1/rules/811.1", ("rule", "811.1")),
        (
            "/v1/rules/{number}",
            "/v1/rules/811.1?version=2026-10-09",
            ("rule", "811.1", "--version", "2026-10-09"),
        ),
        ("/v1/rules", "/v1/rules?q=can%20I%20hide%20a%20card", ("rule", "can I hide a card")),
        (
            "/v1/changes",
            "/v1/changes?from=v1.3&to=2026-10-09",
            ("changes", "--from", "v1.3", "--to", "2026-10-09"),
        ),
    ]
    for template, path, argv in asked:
        reply = await api.get(template, path)
        assert (path, reply.status) == (path, 200)
        assert reply.body == cli_json(query_db, *argv), path


async def test_bad_input_is_400_with_the_command_lines_line(api: Api, query_db: Path) -> None:
    asked = [
        ("/v1/search", "/v1/search?q=zzz:q", ("search", "zzz:q")),
        ("/v1/rules/{number}", "/v1/rules/811.1?version=v9", ("rule", "811.1", "--version", "v9")),
        ("/v1/rules", "/v1/rules?q=hide&doc=nosuch", ("rule", "hide", "--doc", "nosuch")),
        ("/v1/changes", "/v1/changes?from=v9&to=v1.4", ("changes", "--from", "v9", "--to", "v1.4")),
    ]
    for template, path, argv in asked:
        reply = await api.get(template, path)
        assert reply.status == 400, path
        assert reply.body == cli_json(query_db, *argv), path


async def test_nothing_matching_is_404(api: Api, query_db: Path) -> None:
    asked = [
        ("/v1/search", "/v1/search?q=t:battlefield%20kw:hidden", ("search", "t:battlefield", "kw:hidden")),
        ("/v1/keywords/{name}", "/v1/keywords/qqqzzz", ("keyword", "qqqzzz")),
        ("/v1/rulings", "/v1/rulings?q=qqqzzzxx", ("rulings", "qqqzzzxx")),
        ("/v1/rules/{number}", "/v1/rules/999.9", ("rule", "999.9")),
    ]
    for template, path, argv in asked:
        reply = await api.get(template, path)
        assert reply.status == 404, path
        assert reply.body["error"] == cli_json(query_db, *argv)["error"], path


async def test_a_rule_path_takes_a_number_not_words(api: Api) -> None:
    reply = await api.get("/v1/rules/{number}", "/v1/rules/can%20I%20hide")
    assert reply.status == 400 and "/v1/rules?q=" in reply.body["error"]


async def test_a_missing_or_overlong_question_is_one_line(api: Api) -> None:
    for template, path, named in [
        ("/v1/search", "/v1/search", "q (the search)"),
        ("/v1/rules", "/v1/rules?q=%20%20", "q (the question)"),
        ("/v1/rulings", "/v1/rulings", "q (words"),
        ("/v1/changes", "/v1/changes?from=v1.3", "to (the newer version)"),
    ]:
        reply = await api.get(template, path)
        assert reply.status == 400 and reply.body["error"].startswith(named), path
    reply = await api.get("/v1/cards/{name}", "/v1/cards/" + "x" * (limits.MAX_NAME + 1))
    assert reply.status == 400
    assert reply.body["error"] == "the card's name is longer than the 200 characters accepted"


async def test_what_is_typed_is_made_ready_as_the_bot_makes_it(api: Api, query_db: Path) -> None:
    # no-break spaces, a zero-width space and a filler letter: the same answer as the plain words
    reply = await api.get("/v1/cards/{name}", "/v1/cards/hidden%C2%A0%C2%A0%E3%85%A4blade%E2%80%8B")
    assert reply.status == 200 and reply.body == cli_json(query_db, "card", "hidden blade")
    reply = await api.get("/v1/search", "/v1/search?q=kw:hidden%09%09%E2%80%8Bt:spell")
    assert reply.body == cli_json(query_db, "search", "kw:hidden", "t:spell")


# --- the engine and the deck check -----------------------------------------------------------------------
async def test_a_position_as_yaml_json_or_a_code_is_the_engines_answer(
    api: Api, query_db: Path, tmp_path: Path
) -> None:
    scenario = tmp_path / "hide.yaml"
    scenario.write_text(HIDE, encoding="utf-8")
    expected = cli_json(query_db, "check", str(scenario))
    assert expected["legal"] is True
    code = encode(HIDE_DATA)
    for options in (
        {"data": HIDE, "headers": {"Content-Type": "application/yaml"}},
        {"json": HIDE_DATA},
        {"json": {"code": code}},
        {"data": code},
    ):
        reply = await api.post("/v1/check", **options)
        assert (reply.status, reply.body) == (200, expected), options


async def test_a_position_that_is_not_one_is_400_with_the_engines_line(
    api: Api, query_db: Path, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.yaml"
    for text in ("me: [\n", "turn: 2\nask: {hide: Nosuchcard, at: X}\n", "- a list\n"):
        bad.write_text(text, encoding="utf-8")
        reply = await api.post("/v1/check", data=text)
        assert reply.status == 400 and reply.body == cli_json(query_db, "check", str(bad)), text
    for options in ({"data": ""}, {"data": "x" * (limits.MAX_PASTE + 1)}, {"data": b"\xff\xfe me: 1"}):
        reply = await api.post("/v1/check", **options)
        assert reply.status == 400 and "\n" not in reply.body["error"]
    reply = await api.post("/v1/check", json={"code": 5})
    assert reply.status == 400 and reply.body["error"].startswith("code:")


async def test_a_body_over_the_limit_is_413(api: Api) -> None:
    reply = await api.post("/v1/check", data="#" * (limits.MAX_BODY_BYTES + 1))
    assert reply.status == 413 and reply.body == {"error": "the body is larger than 65,536 bytes"}


async def test_a_deck_list_or_code_is_the_deck_checks_answer(
    api: Api, query_db: Path, tmp_path: Path
) -> None:
    deck = tmp_path / "deck.txt"
    deck.write_text(DECK, encoding="utf-8")
    reply = await api.post("/v1/deck/check", json={"list": DECK, "format": "constructed"})
    assert reply.status == 200 and reply.body == cli_json(query_db, "deck", "check", str(deck))
    reply = await api.post("/v1/deck/check", json={"list": DECK, "format": "2v2"})
    assert reply.body == cli_json(query_db, "deck", "check", str(deck), "--format", "2v2")
    code = reply.body["code"]
    if code is not None:  # a deck whose every card is known has a code: the same verdict through it
        by_code = await api.post("/v1/deck/check", json={"code": code})
        assert by_code.status == 200 and by_code.body == cli_json(query_db, "deck", "check", "--code", code)


async def test_a_deck_question_that_is_not_one_is_400(api: Api, query_db: Path) -> None:
    for body, line in [
        ({}, "give a deck list or a deck code"),
        ({"list": DECK, "code": "CMAAA"}, "give a deck list or a deck code, not both"),
        (
            {"list": DECK, "format": "nosuch"},
            cli_json(query_db, "deck", "check", "-", "--format", "nosuch")["error"],
        ),
        ({"code": "notacode"}, cli_json(query_db, "deck", "check", "--code", "notacode")["error"]),
        ({"list": 5}, "list is not text"),
        ({"deck": DECK}, "unknown field 'deck': give list or code, and format"),
        (
            {"list": "x" * (limits.MAX_PASTE + 1)},
            "list is longer than the 6,000 characters accepted",
        ),
    ]:
        reply = await api.post("/v1/deck/check", json=body)
        assert (reply.status, reply.body) == (400, {"error": line}), body
    for data in ("not json", "[1, 2]", "[" * 5000):
        reply = await api.post("/v1/deck/check", data=data)
        assert reply.status == 400 and "\n" not in reply.body["error"]


# --- the document, paths and methods ---------------------------------------------------------------------
async def test_the_document_describes_every_path_the_api_answers(api: Api) -> None:
    reply = await api.get("/openapi.json")
    assert reply.status == 200 and reply.body["openapi"] == "3.1.0"
    assert set(reply.body["paths"]) == {
        "/v1/health", "/v1/cards/{name}", "/v1/search", "/v1/keywords/{name}", "/v1/rules/{number}", "/v1/rules",
        "/v1/rulings", "/v1/changes", "/v1/check", "/v1/deck/check", "/openapi.json",
    }  # fmt: skip


async def test_an_unknown_path_or_method_is_json(api: Api) -> None:
    async with api.session.get(api.base + "/v2/nothing") as response:
        assert response.status == 404 and (await response.json())["error"].startswith("no such path")
    async with api.session.delete(api.base + "/v1/health") as response:
        assert response.status == 405 and "method" in (await response.json())["error"]
        assert "Access-Control-Allow-Origin" not in response.headers


# --- the caps on callers ---------------------------------------------------------------------------------
async def test_a_client_over_its_rate_is_429_with_retry_after(query_db: Path) -> None:
    async with running_api(Settings(db_path=query_db, rate=(2, 60.0))) as api:
        for _ in range(2):
            assert (await api.get("/v1/search", "/v1/search?q=kw:hidden")).status == 200
        reply = await api.get("/v1/search", "/v1/search?q=kw:hidden")
        assert reply.status == 429 and int(reply.headers["Retry-After"]) >= 20
        assert reply.body["error"].startswith("slow down")
        assert (await api.get("/v1/health")).status == 200  # what a load balancer polls is not counted


async def test_cors_only_for_the_origin_given(query_db: Path) -> None:
    origin = "https://judge.example"
    async with running_api(Settings(db_path=query_db, rate=(0, 10.0), cors_origin=origin)) as api:
        async with api.session.options(api.base + "/v1/check") as preflight:
            assert preflight.status == 204 and preflight.headers["Access-Control-Allow-Origin"] == origin
        reply = await api.get("/v1/cards/{name}", "/v1/cards/nosuchcardzz")
        assert reply.headers["Access-Control-Allow-Origin"] == origin


# --- the command itself ----------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str) -> tuple[int, Any]:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_python_m_cardsdb_serve_answers_until_stopped(query_db: Path) -> None:
    port = _free_port()
    command = [sys.executable, "-m", "cardsdb", "serve", "--port", str(port), "--db", str(query_db)]
    server = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.PIPE, text=True, env={**os.environ})
    try:
        deadline = time.monotonic() + 300  # generous: the machine may be busy
        status, body = 0, None
        while time.monotonic() < deadline and server.poll() is None:
            try:
                status, body = _get(f"http://127.0.0.1:{port}/v1/health")
                break
            except OSError:
                time.sleep(0.2)
        assert status == 200 and body["status"] == "ok"
        assert _get(f"http://127.0.0.1:{port}/v1/cards/hidden%20blade")[1]["name"] == "Hidden Blade"
    finally:
        server.terminate()
        _, err = server.communicate(timeout=300)
    assert "Traceback" not in err


def test_a_missing_database_is_one_line_and_exit_2(tmp_path: Path) -> None:
    code, _ = cli(tmp_path / "none.sqlite3", "serve", "--port", str(_free_port()))
    assert code == 2
    found = subprocess.run(
        [sys.executable, "-m", "cardsdb", "serve", "--db", str(tmp_path / "none.sqlite3")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert found.returncode == 2 and found.stderr.count("\n") == 1 and found.stderr.startswith("error: ")
