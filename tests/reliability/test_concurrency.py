"""500 interactions in flight at once through the tree, over the real query layer: every one answered, and answered
with what it asked (no state leaks between requests). Discord's side yields on every call so that the interactions
interleave at each await, deferrals and follow-ups included."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

from bot.cooldowns import Cooldowns
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import assert_fits, harness_for

IN_FLIGHT = 500
CARDS = [
    "Blastcone Fae",
    "Chemtech Enforcer",
    "Ember Monk",
    "Hidden Blade",
    "Mega-Mech",
    "Pouty Poro",
    "Shipyard Skulker",
    "Smoke and Mirrors",
    "Sprite Call",
    "Stand United",
    "Tideturner",
    "Vanguard Sergeant",
    "Windsinger",
    "Master Yi, Wuju Master",
]
RULES = ["107.3.b", "323.6.a", "355.6", "356.1.b.3", "422.2", "811.1.b", "811.1.d.2", "811.6"]


def _interleaving(harness: Any) -> None:
    """Every call to "Discord" yields to the other interactions before it is recorded."""
    for name in ("create_interaction_response", "execute_webhook", "delete_original_interaction_response"):
        real = getattr(harness.recorder, name)

        async def yielding(*args: Any, _real: Any = real, **kwargs: Any) -> Any:
            await asyncio.sleep(0)
            await asyncio.sleep(0)
            return await _real(*args, **kwargs)

        setattr(harness.recorder, name, yielding)


def _questions() -> list[tuple[str, dict[str, str], str]]:
    """(command, options, what the answer must show), mixing every kind of command."""
    kinds = itertools.cycle(["card", "rule", "targets", "search", "misspelt", "scenario"])
    cards, rules = itertools.cycle(CARDS), itertools.cycle(RULES)
    out: list[tuple[str, dict[str, str], str]] = []
    for kind in itertools.islice(kinds, IN_FLIGHT):
        card = next(cards)
        if kind == "card":
            out.append(("card", {"name": card}, card))
        elif kind == "rule":
            number = next(rules)
            out.append(("rule", {"query": number}, f"Rule {number}"))
        elif kind == "targets":
            out.append(("hidden targets", {"card": "Hidden Blade"}, "Hidden Blade"))
        elif kind == "search":
            out.append(("search", {"query": f'"{card}"'}, card))
        elif kind == "misspelt":
            out.append(("card", {"name": card.lower().replace("e", "3", 1) + " qq"}, card))
        else:
            text = (
                f"me: {{hand: [{card}]}}\nbattlefields: {{Bandle Tree: {{controller: me}}}}\n"
                f"ask: {{hide: {card}, at: Bandle Tree}}"
            )
            out.append(("hidden scenario", {"text": text}, card))
    return out


async def test_500_interactions_in_flight_are_each_answered_with_their_own_answer(
    fixture_cards: CardsDB,
) -> None:
    harness = await harness_for(fixture_cards)
    _interleaving(harness)
    questions = _questions()
    results = await asyncio.gather(
        *(
            harness.command(path, options, user_id=10_000 + i)
            for i, (path, options, _) in enumerate(questions)
        )
    )
    assert len(results) == IN_FLIGHT
    tokens = set()
    for (path, options, expected), result in zip(questions, results, strict=True):
        assert result.error is None and result.sent, (path, options)
        assert expected in result.text(), (path, options, result.text()[:300])
        assert_fits(result)
        tokens.add(result.token)
        if path in ("card", "rule") and " qq" not in str(options):
            assert expected in result.embeds[0]["title"]
    assert len(tokens) == IN_FLIGHT
    assert harness.recorder.results == {}  # nothing left waiting for an answer


async def test_500_autocompletes_in_flight(fixture_cards: CardsDB) -> None:
    harness = await harness_for(fixture_cards)
    _interleaving(harness)
    prefixes = [CARDS[i % len(CARDS)][:4] for i in range(IN_FLIGHT)]
    results = await asyncio.gather(
        *(
            harness.autocomplete("card", {"name": p}, "name", user_id=20_000 + i)
            for i, p in enumerate(prefixes)
        )
    )
    for prefix, result in zip(prefixes, results, strict=True):
        assert result.choices, prefix
        assert result.choices[0]["value"].lower().startswith(prefix.lower()), (prefix, result.choices[:3])


async def test_one_user_flooding_500_at_once_gets_exactly_the_cooldowns_worth(fixture_cards: CardsDB) -> None:
    harness = await harness_for(fixture_cards)
    harness.bot.services.cooldowns = Cooldowns(5, 10.0, clock=lambda: 0.0)
    _interleaving(harness)
    results = await asyncio.gather(
        *(harness.command("card", {"name": "Pouty Poro"}, user_id=31337) for _ in range(IN_FLIGHT))
    )
    answered = [r for r in results if r.embeds[0]["title"] == "Pouty Poro"]
    refused = [r for r in results if "Slow down" in r.text()]
    assert len(answered) == 5 and len(refused) == IN_FLIGHT - 5
    assert all(r.ephemeral for r in refused)
    bystander = await harness.command("card", {"name": "Pouty Poro"}, user_id=1)
    assert bystander.embeds[0]["title"] == "Pouty Poro"
