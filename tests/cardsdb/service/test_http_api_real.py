"""The HTTP API over the real database: a spread of questions on every path, each answer the command line's `--json`
answer and valid by the OpenAPI document; every judges' regression position over real cards posted to /v1/check,
each the engine's answer and valid by the document."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import quote

import pytest

from cardsdb.errors import CardsDBError
from cardsdb.query import CardsDB
from cardsdb.service.answers import position_answer
from cardsdb.service.http_api import Settings
from tests.support.deck_lists import BAD, JINX
from tests.support.scenario_files import ENTRIES
from tests.support.service import Api, cli_json, running_api

pytestmark = pytest.mark.real_data

CARDS = ["hiden blade", "Vi, Destructive", "Master Yi - Wuju Bladesman (Starter)", "OGN-213/298", "Kai'Sa"]
SEARCHES = ["kw:hidden t:spell", "d:order e<=2", "-t:unit kw:hidden", "o:kill", "t:legend"]
KEYWORDS = ["hidden", "deflect", "stun", "hiden"]
NUMBERS = ["811.1.b", "TR 702.12", "v1.4 406.5", "422", "811.1.d.2", "103.2.b"]
QUESTIONS = [
    "can I hide a card on my opponent's turn",
    "what is a showdown",
    "how many cards in a deck",
    "penalty",
]
RULINGS = ["hidden blade", "811.1.b", "deflect", "showdown"]
CHANGES = [("v1.3", "v1.4", "811"), ("v1.4", "2026-10-09", None), ("v1.3", "v1.4", None)]


@pytest.fixture
async def api(real_db: Path) -> AsyncIterator[Api]:
    async with running_api(Settings(db_path=real_db, rate=(0, 10.0))) as running:
        yield running


async def test_the_look_ups_are_the_command_lines_answers(api: Api, real_db: Path) -> None:
    asked = [
        *[("/v1/cards/{name}", f"/v1/cards/{quote(c, safe='')}", ("card", c)) for c in CARDS],
        *[("/v1/search", f"/v1/search?q={quote(q)}", ("search", *q.split())) for q in SEARCHES],
        *[("/v1/keywords/{name}", f"/v1/keywords/{quote(k)}", ("keyword", k)) for k in KEYWORDS],
        *[("/v1/rules/{number}", f"/v1/rules/{quote(n)}", ("rule", n)) for n in NUMBERS],
        ("/v1/rules/{number}", "/v1/rules/702.12?doc=tournament", ("rule", "702.12", "--doc", "tournament")),
        ("/v1/rules/{number}", "/v1/rules/406.5?version=v1.3", ("rule", "406.5", "--version", "v1.3")),
        *[("/v1/rules", f"/v1/rules?q={quote(q)}", ("rule", q)) for q in QUESTIONS],
        *[("/v1/rulings", f"/v1/rulings?q={quote(q)}", ("rulings", q)) for q in RULINGS],
    ]
    for old, new, under in CHANGES:
        path = f"/v1/changes?from={old}&to={new}" + (f"&under={under}" if under else "")
        asked.append(
            (
                "/v1/changes",
                path,
                ("changes", "--from", old, "--to", new, *(("--under", under) if under else ())),
            )
        )
    for template, path, argv in asked:
        reply = await api.get(template, path)
        assert reply.status == 200, path
        assert reply.body == cli_json(real_db, *argv), path


async def test_a_rule_asked_in_words_says_whether_it_is_sure(api: Api) -> None:
    reply = await api.get("/v1/rules", "/v1/rules?q=" + quote("can I hide a card on my opponent's turn"))
    assert reply.body["confident"] is False and len(reply.body["candidates"]) > 1


async def test_a_rule_asked_in_misspelt_words_says_how_they_were_read(api: Api) -> None:
    reply = await api.get("/v1/rules", "/v1/rules?q=" + quote("how many crads in my startign hand"))
    assert reply.body["read_as"] == "how many cards in my starting hand"
    spelled = await api.get("/v1/rules", "/v1/rules?q=" + quote("how many cards in my starting hand"))
    assert "read_as" not in spelled.body and spelled.body["number"] == reply.body["number"]


async def test_rulings_asked_in_misspelt_words_say_how_they_were_read(api: Api) -> None:
    reply = await api.get("/v1/rulings", "/v1/rulings?q=" + quote("does hidng a card opne a chain"))
    assert reply.body["read_as"] == "does hiding a card open a chain"
    spelled = await api.get("/v1/rulings", "/v1/rulings?q=" + quote("does hiding a card open a chain"))
    assert "read_as" not in spelled.body and spelled.body["rulings"] == reply.body["rulings"]


async def test_rulings_say_whether_the_first_is_sure_to_answer(api: Api) -> None:
    unsure = await api.get("/v1/rulings", "/v1/rulings?q=" + quote("how many cards in my starting hand"))
    assert unsure.body["confident"] is False and unsure.body["rulings"]
    sure = await api.get("/v1/rulings", "/v1/rulings?q=" + quote("does hiding a card open a chain"))
    assert sure.body["confident"] is True
    by_number = await api.get("/v1/rulings", "/v1/rulings?q=811.1.c.2")
    assert by_number.body["confident"] is True


async def test_rules_for_words_carry_the_ruling_that_asks_them(api: Api) -> None:
    asked = await api.get("/v1/rules", "/v1/rules?q=" + quote("is there a hand size limit"))
    assert asked.body["ruling"]["question"] == "Is there a maximum hand size?"
    assert asked.body["confident"] is False  # the votes' rule, 116, is not the one the FAQ answers by
    plain = await api.get("/v1/rules", "/v1/rules?q=" + quote("how many cards in my starting hand"))
    assert "ruling" not in plain.body


async def test_the_deck_check_is_the_command_lines_answer(api: Api, real_db: Path, tmp_path: Path) -> None:
    for name, text in (("jinx", JINX), ("bad", BAD)):
        listed = tmp_path / f"{name}.txt"
        listed.write_text(text, encoding="utf-8")
        for fmt in ("constructed", "2v2"):
            reply = await api.post("/v1/deck/check", json={"list": text, "format": fmt})
            assert reply.status == 200 and reply.body == cli_json(
                real_db, "deck", "check", str(listed), "--format", fmt
            )
    jinx = await api.post("/v1/deck/check", json={"list": JINX})
    assert jinx.body["legal"] is True and jinx.body["code"]
    by_code = await api.post("/v1/deck/check", json={"code": jinx.body["code"]})
    assert by_code.body == cli_json(real_db, "deck", "check", "--code", jinx.body["code"])
    pasted = await api.post("/v1/deck/check", json={"list": jinx.body["code"]})  # a code pasted as the list
    assert pasted.body == by_code.body


async def test_every_regression_position_is_the_engines_answer(api: Api, real_cards: CardsDB) -> None:
    entries = [e for e in ENTRIES if e.get("cards") == "real"]
    assert len(entries) > 200
    for entry in entries:
        reply = await api.post("/v1/check", json=entry["scenario"])
        try:
            expected: object = position_answer(real_cards, entry["scenario"]).to_dict()
            status = 200
        except CardsDBError as error:
            expected, status = {"error": str(error)}, 400
        assert (reply.status, reply.body) == (status, expected), entry["id"]
