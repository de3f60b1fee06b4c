"""What players read, over every command (and `[[card]]`, and the buttons under the answers), on the real data: no check
code (they stay in the JSON), no target written `id@place` or `Name@me.base`, no id a scenario gave a unit unless two
alike units need it. And every engine answer to a seed claim's or a judge's scenario, at a glance and in full, the
same. Skips without the real data."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import discord
import pytest
import yaml

from bot.cards.messages import replies_for
from bot.harness import Result
from bot.hidden.render import quick_embed, verdict_embeds
from cardsdb.engine import ScenarioError, check
from cardsdb.engine.position.scenario import build
from cardsdb.project.claims import load_claims
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import details
from tests.support.engine_cards import BONE_SKEWER, CARDS, VENDETTA, MemoryCards
from tests.support.paths import SCENARIOS
from tests.support.player_text import check_codes, documented_codes, engine_codes, problems, scenario_ids

SCENARIO_FILES = sorted(SCENARIOS.glob("*.yaml"))
FIXTURES = MemoryCards((*CARDS, *VENDETTA, BONE_SKEWER))

COMMANDS: list[tuple[str, dict[str, Any]]] = [
    ("card", {"name": "Hidden Blade"}),
    ("card", {"name": "Zhonya's Hourglass"}),
    ("card", {"name": "Tideturner"}),
    ("card", {"name": "Qxzv Blaaade"}),  # unknown: suggestions
    ("search", {"query": "kw:hidden"}),
    ("search", {"query": "tag:bandle"}),
    ("rule", {"query": "811"}),
    ("rule", {"query": "811.1.d.2"}),
    ("rule", {"query": "422"}),
    ("rule", {"query": "hide"}),
    ("rule", {"query": "702.2", "doc": "tournament"}),
    ("changes", {"from": "v1.3", "to": "v1.4", "under": "811"}),
    ("ruling", {"query": "facedown"}),
    ("ruling", {"query": "Hidden Blade"}),
    ("keyword", {"name": "Hidden"}),
    ("keyword", {"name": "Deflect"}),
    ("help", {}),
    ("settings show", {}),
    (
        "hidden scenario",
        {
            "text": "{me: {hand: [Hidden Blade]}, battlefields: {X: {controller: me}}, ask: {hide: Hidden Blade, at: X}}"
        },
    ),
]
MESSAGES = ["is [[Hidden Blade]] good with [[Tideturner]]?", "[[Zhonya's Hourglass]]", "[[Hiden Blaed]]"]
MANAGE_GUILD = 1 << 5


def result_problems(what: str, result: Result, *, quotes_rules: bool = False) -> list[str]:
    return [f"{what}: {p}" for p in problems(result.text(), quotes_rules=quotes_rules)]


def embeds_text(embeds: list[discord.Embed]) -> str:
    parts: list[str] = []
    for embed in embeds:
        data = embed.to_dict()
        parts += [str(data.get("title") or ""), str(data.get("description") or "")]
        parts += [f"{f['name']}\n{f['value']}" for f in data.get("fields") or ()]
        parts.append(str((data.get("footer") or {}).get("text") or ""))
    return "\n".join(parts)


def test_the_codes_read_from_the_engine_are_the_ones_the_docs_list() -> None:
    # the finder over the engine's source works: it finds every documented code the engine emits
    not_emitted = {"your_facedown_card"}  # documented as "(not emitted)"
    assert len(documented_codes()) > 40
    assert documented_codes() - not_emitted <= engine_codes() <= check_codes()


@pytest.mark.real_data
async def test_no_command_reply_shows_a_check_code_or_an_id(real_harness: Any) -> None:
    # every Hidden card's quick answers and Details are swept in tests/bot/hidden/test_sweep.py; here one of each
    found: list[str] = []
    asks = [*COMMANDS, *((f"hidden {q}", {"card": "Tideturner"}) for q in ("hide", "play", "targets"))]
    for path, options in asks:
        result = await real_harness.command(path, options, permissions=MANAGE_GUILD)
        what = f"/{path} {options}"
        found += result_problems(what, result, quotes_rules=path in ("rule", "changes", "keyword"))
        labels = [str(b.get("label")) for b in result.first.buttons()]
        if "Details" in labels:
            found += result_problems(f"{what} Details", await details(real_harness, result))
        if "Show the cited rules" in labels:
            found += result_problems(
                f"{what} cited",
                await real_harness.click(result.first, "Show the cited rules"),
                quotes_rules=True,
            )
    assert found == []


@pytest.mark.real_data
def test_no_card_reference_in_a_message_shows_a_check_code_or_an_id(real_harness: Any) -> None:
    services = real_harness.bot.services
    found = [
        f"{m}: {p}"
        for m in MESSAGES
        for r in replies_for(services, m)
        for p in problems(embeds_text(r.embeds))
    ]
    assert found == []


def _scenarios(real_cards: CardsDB) -> Iterator[tuple[str, dict[str, Any], Any]]:
    for claim in load_claims():
        for case in claim.scenarios:
            yield f"claim {claim.id}: {case.name}", case.scenario, real_cards
    for path in SCENARIO_FILES:
        for entry in yaml.safe_load(path.read_text(encoding="utf-8"))["scenarios"]:
            if "error" not in entry["expect"]:
                source = real_cards if entry["cards"] == "real" else FIXTURES
                yield f"{path.name}: {entry['id']}", entry["scenario"], source


@pytest.mark.real_data
def test_no_engine_answer_to_a_scenario_shows_a_check_code_or_an_id(real_cards: CardsDB) -> None:
    found: list[str] = []
    for what, scenario, source in _scenarios(real_cards):
        try:
            answer = check(scenario, source)
        except ScenarioError as error:
            found.append(f"{what}: {error}")
            continue
        # an id is shown only to tell apart two units of one card, one controller, one place, or two facedown copies
        # of one card, one owner, one place, hidden on one turn
        position = build(scenario, source).position
        twins = {o.id for o in position.objects if o.twin and o.id}
        alike = Counter((f.card.name, f.owner, f.location, f.hidden_turn) for f in position.facedown)
        twins |= {
            f.id
            for f in position.facedown
            if f.id and alike[(f.card.name, f.owner, f.location, f.hidden_turn)] > 1
        }
        text = embeds_text([quick_embed(answer, assumed=None), *verdict_embeds(answer)])
        found += [f"{what}: {p}" for p in problems(text, ids=scenario_ids(scenario), allowed_ids=twins)]
    assert found == []
