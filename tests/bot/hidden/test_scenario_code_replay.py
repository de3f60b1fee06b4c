"""Shareable scenarios through the interaction harness: every /hidden verdict carries its position's code, and
`/hidden scenario text:<code>` replays it exactly; an unreadable or unknown-version code answers privately, saying why.
The claim round trip runs every engine claim scenario (cardsdb/project/data/claims.yaml) over the real data."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.database import DatabaseHandle
from bot.factory import create_bot
from bot.harness import Harness, Result
from bot.hidden import answers as hidden_answers
from bot.settings import Settings
from bot.store.sqlite import SqliteStore
from cardsdb.engine import check
from cardsdb.engine.position import scenario_code
from cardsdb.engine.quick import hide_scenario
from cardsdb.project.claims import ClaimScenario, load_claims
from tests.support.bot_harness_fixtures import FakeCards, assert_fits, details
from tests.support.engine_cards import CARDS

CODE = re.compile(r"rb\d+\.[A-Za-z0-9_-]+")

# Made by the first release of the v1 format (hide_scenario("Hidden Blade", your_turn=False)); must keep replaying.
V1_CODE_NOT_YOUR_TURN = (
    "rb1.1Qq-JatGEYvMLy1ScEIED8JtUJdCzfEAG6_glJMI5NbqYIRoSEZqJqpB2IMZFlfw8AtLzEsvBTIVgoH-BHqrBD0uIPrAYVkCskQXZIR"
    "SbSzQERiOR7cTHA0YVgZnZBZUgq3MLs3JBic8sPGVQOPgpgONh6UdSHoj2hiQBiRHQpMkaggCEyhGrjDQQcsXIDdAkzG6I8By6DkTLeNCots"
    "YwkBkepCJtQA"
)


async def _harness(db: Any, tmp_path: Path) -> Harness:
    store = SqliteStore(tmp_path / "settings.sqlite3")
    bot = create_bot(Settings(), DatabaseHandle(db), sharded=False, store=store)
    return await Harness.start(bot)


@pytest.fixture
async def replay_harness(tmp_path: Path) -> Harness:
    return await _harness(FakeCards(cards=CARDS), tmp_path)


def code_of(result: Result) -> str:
    found = CODE.findall(result.text())
    assert len(found) == 1, f"expected one scenario code in the answer, found {found}"
    return found[0]


def checks_field(result: Result) -> str:
    return next(f["value"] for f in result.embeds[0].get("fields") or () if f["name"] == "Checks")


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"your_turn": False},
        {"chain_open": True, "control_battlefield": False},
        {"from": "elsewhere", "facedown_there": True},
    ],
)
async def test_hide_verdict_carries_a_code_that_replays_to_the_same_verdict(
    replay_harness: Harness, options: dict[str, Any]
) -> None:
    asked = await details(
        replay_harness, await replay_harness.command("hidden hide", {"card": "Hidden Blade", **options})
    )
    code = code_of(asked)
    replayed = await replay_harness.command("hidden scenario", {"text": code})
    assert not replayed.ephemeral
    assert replayed.embeds[0]["title"] == asked.embeds[0]["title"]
    assert checks_field(replayed) == checks_field(asked)
    assert code_of(replayed) == code  # the replayed position is the same position
    assert_fits(asked)
    assert_fits(replayed)


async def test_play_verdict_code_replays(replay_harness: Harness) -> None:
    asked = await replay_harness.command("hidden play", {"card": "Hidden Blade", "hidden_this_turn": True})
    shown = await details(replay_harness, asked)
    replayed = await replay_harness.command(
        "hidden scenario", {"text": f"  `{code_of(shown)}`  "}
    )  # pasted from a code block
    assert replayed.embeds[0]["title"] == shown.embeds[0]["title"]
    assert replayed.embeds[0]["title"].startswith("No") and asked.embeds[0]["title"].startswith("No")


async def test_a_position_changed_with_the_builder_carries_its_own_code(replay_harness: Harness) -> None:
    asked = await replay_harness.command("hidden hide", {"card": "Hidden Blade"})
    changed = await replay_harness.click(asked.first, "Chain open: no")
    before, after = await details(replay_harness, asked), await details(replay_harness, changed)
    assert code_of(after) != code_of(before)
    replayed = await replay_harness.command("hidden scenario", {"text": code_of(after)})
    assert replayed.embeds[0]["title"] == after.embeds[0]["title"]
    assert "❌ failed: A chain is open" in checks_field(replayed)


async def test_an_old_v1_code_still_replays(replay_harness: Harness) -> None:
    replayed = await replay_harness.command("hidden scenario", {"text": V1_CODE_NOT_YOUR_TURN})
    expected = check(hide_scenario("Hidden Blade", your_turn=False), FakeCards(cards=CARDS))
    assert expected.legal is False
    assert replayed.embeds[0]["title"].startswith("No")
    assert "❌ failed: It is not your turn" in checks_field(replayed)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("rb9.AAAAAAAA", "this code was made by a newer version (v9); this bot reads v1"),
        ("rb0.AAAAAAAA", "this code's format (v0) is not one this bot knows"),
        (V1_CODE_NOT_YOUR_TURN[:-6] + "AAAAAA", "this scenario code is damaged"),
        (V1_CODE_NOT_YOUR_TURN[:40], "this scenario code is damaged"),
    ],
)
async def test_an_unreadable_code_answers_privately_with_the_decoders_reason(
    replay_harness: Harness, text: str, reason: str
) -> None:
    result = await replay_harness.command("hidden scenario", {"text": text, "public": True})
    assert result.ephemeral
    assert result.user_error is not None and result.error is None
    assert result.embeds[0]["description"].startswith(reason)
    assert "\n" not in result.embeds[0]["description"]


# ---- every engine claim scenario, over the real data -----------------------------------------------------------


def _unordered(embeds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for embed in embeds:
        copy = dict(embed)
        copy["fields"] = [
            {**f, "value": sorted(sorted(re.split(r": |, ", line)) for line in str(f["value"]).splitlines())}
            for f in embed.get("fields") or ()
        ]
        out.append(copy)
    return out


def _claim_scenarios() -> Iterator[Any]:
    for claim in load_claims():
        for case in claim.scenarios:
            yield pytest.param(case, id=f"{claim.id}: {case.name}")


@pytest.mark.real_data
@pytest.mark.parametrize("case", list(_claim_scenarios()))
async def test_every_claim_scenario_round_trips_through_its_code(
    case: ClaimScenario, real_cards: Any, tmp_path: Path
) -> None:
    harness = await _harness(real_cards, tmp_path)
    code = scenario_code.encode(case.scenario)
    assert scenario_code.decode(code) == case.scenario
    replayed = await harness.command("hidden scenario", {"text": code})
    direct = check(case.scenario, real_cards)
    # exactly what the bot shows for the original position: same verdict, checks, choices, code
    expected = hidden_answers.verdict_reply(
        harness.bot.services,  # type: ignore[attr-defined]
        direct,
        scenario=case.scenario,
        show_yaml=False,
    )
    # A code holds canonical JSON (keys sorted), so battlefields come back in name order and a choice may list the
    # same targets in another order: each field's lines (and the items of a line) are compared as multisets,
    # everything else exactly.
    assert _unordered(replayed.all_embeds()) == _unordered([e.to_dict() for e in expected.embeds])
    assert direct.legal is case.expect["legal"]
    word = {True: "Yes", False: "No", None: "Depends"}[direct.legal]
    assert replayed.embeds[0]["title"].startswith(word)
    assert code_of(replayed) == code
