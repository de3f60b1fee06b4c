"""Issue 23's questions about Radiance, as a server asks them, answered from the real data (../shared)."""

from __future__ import annotations

import pytest

from bot.cards.messages import replies_for
from bot.database import DatabaseHandle
from bot.harness import Harness
from bot.services import Services
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import assert_fits, details

pytestmark = pytest.mark.real_data


def _fields(embed: dict[str, object]) -> dict[str, str]:
    return {str(f["name"]): str(f["value"]) for f in embed.get("fields") or ()}  # type: ignore[attr-defined]


def test_811_1_d_3_bedeviling_stranger_by_its_name_in_a_message(real_cards: CardsDB) -> None:
    replies = replies_for(
        Services(DatabaseHandle(real_cards)), "does [[Bedeviling Stranger]] bounce from facedown?"
    )
    embed = replies[0].embeds[0].to_dict()
    assert embed["title"] == "Bedeviling Stranger"
    text = str(embed)
    assert "choose a battlefield. If there are 4 or more units there" in text
    assert "RAD-107" in str(embed["footer"])
    facedown = _fields(embed)["From facedown"]
    # the battlefield it chooses: left open, with the reason; the enemy unit there: restricted (811.1.d.3)
    assert "Choose a battlefield: not sure it must be the battlefield where it was hidden" in facedown
    assert "do not say whether a battlefield is one" in facedown
    assert "Choose an enemy unit there: only at the battlefield where it was hidden" in facedown
    assert "811.1.d.3" in facedown


async def test_agonys_embrace_by_its_title_is_evelynns_legend(real_harness: Harness) -> None:
    result = await real_harness.command("card", {"name": "Agony's Embrace"})
    embed = result.embeds[0]
    assert embed["title"] == "Evelynn, Agony's Embrace"
    assert "when you play a card from face down, draw 1" in result.text()
    assert "Legend" in result.text() and "RAD-" in result.text()
    assert "Dragon's Rage" not in result.text() and "No card" not in result.text()
    hidden = await real_harness.command("keyword", {"name": "Hidden"})
    cares = next(v for e in hidden.all_embeds() for k, v in _fields(e).items() if k == "Cards that care")
    assert "Evelynn, Agony's Embrace" in cares


async def test_black_rose_sanctum_is_found_and_says_what_is_not_known(real_harness: Harness) -> None:
    result = await real_harness.command("card", {"name": "Black Rose Sanctum"})
    embed = result.embeds[0]
    assert embed["title"].startswith("Black Rose Sanctum")  # not Black Rose Dignitary
    assert "Battlefield" in result.text() and "RAD-159" in result.text()
    assert "Not known yet: its text" in _fields(embed)["Partly known"]
    assert_fits(result)


async def test_search_set_rad_with_hidden_lists_the_three_radiance_hidden_cards(
    real_harness: Harness,
) -> None:
    result = await real_harness.command("search", {"query": "set:rad kw:hidden"})
    text = result.text()
    for name in ("Bedeviling Stranger", "Elnuk Herd", "Momentary Companion"):
        assert name in text
    assert "3 cards" in text and "unknown set" not in text
    assert "6 energy" in text  # Elnuk Herd's cost, now known from the catalog


async def test_811_2_momentary_companion_targets_nothing_and_is_temporary_off_your_turn(
    real_harness: Harness,
) -> None:
    result = await real_harness.command("hidden targets", {"card": "Momentary Companion"})
    title = result.embeds[0]["title"]
    assert title.startswith("Yes: you can play Momentary Companion from facedown")
    text = result.text()
    assert "It makes no choice when played" in text
    assert 'give me Temporary" applies: it is not your turn' in text
    theirs = await real_harness.command("hidden play", {"card": "Momentary Companion"})
    assert 'Temporary" applies' in theirs.text()
    mine = await real_harness.command("hidden play", {"card": "Momentary Companion", "your_turn": True})
    assert mine.embeds[0]["title"].startswith("Yes") and "Temporary" not in mine.text()
    assert_fits(result)


async def test_811_1_d_3_elnuk_herd_reads_its_erratum_not_the_catalogs_older_text(
    real_harness: Harness,
) -> None:
    result = await real_harness.command("hidden targets", {"card": "Elnuk Herd"})
    text = result.text()
    assert 'It chooses "a friendly unit"' in text and "another friendly unit" not in text
    assert "Elnuk Herd at Your Battlefield" in text  # "a friendly unit" may be the Herd itself


async def test_a_radiance_card_is_found_by_its_code(real_harness: Harness, real_cards: CardsDB) -> None:
    result = await real_harness.command("card", {"name": "RAD-159"})
    assert result.embeds[0]["title"].startswith("Black Rose Sanctum")
    for code, name in (("rad-107", "Bedeviling Stranger"), ("OGN-213/298", "Hidden Blade")):
        match = real_cards.find_card(code)
        assert match is not None and match.card.name == name and match.match == "exact"
    unknown = real_cards.find_card("RAD-999")  # a code no printing has is no exact match
    assert unknown is None or unknown.match != "exact"


async def test_811_1_d_3_hidden_targets_bedeviling_stranger_says_the_battlefield_choice_is_open(
    real_harness: Harness,
) -> None:
    result = await real_harness.command("hidden targets", {"card": "Bedeviling Stranger"})
    assert result.embeds[0]["title"].startswith("Yes: you can play Bedeviling Stranger from facedown")
    text = result.text()
    assert (
        'It chooses "a battlefield" at Your Battlefield, where it was hidden (whether also elsewhere' in text
    )
    assert 'It may choose "an enemy unit there" only at Your Battlefield' in text
    more = await details(real_harness, result)
    fields = {f["name"]: f["value"] for e in more.all_embeds() for f in e.get("fields") or ()}
    assert "Not sure it is restricted to **Your Battlefield**" in fields["Choice: a battlefield"]
    assert "do not say whether a battlefield is one" in fields["Choice: a battlefield"]
    assert "Restricted to **Your Battlefield**" in fields["Choice: an enemy unit there"]
    assert_fits(result)
