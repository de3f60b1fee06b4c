"""Lookups that lead somewhere, over the real data (skips without it): a short or partial card name offers the cards
whose name, or a word in it, begins so; an empty search names the nearest tag, keyword or type value; a fourth
`[[card]]` gets one line."""

from __future__ import annotations

from typing import Any

import pytest

from bot.cards import answers as card_answers
from bot.database import DatabaseHandle
from bot.services import Services
from bot.ui.reply import SearchPage
from cardsdb.names import begins
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import assert_fits

pytestmark = pytest.mark.real_data  # every test here reads ../shared

EZREAL = ["Ezreal, Dashing", "Ezreal, Prodigal Explorer", "Ezreal, Prodigy"]


def test_names_beginning_so_are_found_by_a_word_of_the_name(real_cards: CardsDB) -> None:
    assert real_cards.cards_starting("Ez") == EZREAL
    yi = real_cards.cards_starting("Yi")
    assert yi[:2] == ["Yi, Honed", "Yi, Meditative"]  # the name itself first, then a later word
    assert set(yi[2:]) == {n for n in real_cards.names.names if n.startswith("Master Yi")}
    assert all(begins(n, "lee sin") for n in real_cards.cards_starting("lee sin"))


async def test_a_partial_name_offers_the_cards_that_begin_so(real_harness: Any) -> None:
    result = await real_harness.command("card", {"name": "Ez"})
    embed = result.embeds[0]
    assert embed["title"] == "Which card?" and "No card named" not in embed["description"]
    assert " · ".join(f"**{n}**" for n in EZREAL) in embed["description"]
    labels = [b["label"] for b in result.first.buttons()]
    assert labels == EZREAL  # a button for each
    assert_fits(result)


async def test_a_short_name_names_every_card_that_begins_so(real_harness: Any, real_cards: CardsDB) -> None:
    result = await real_harness.command("card", {"name": "Yi"})
    description = result.embeds[0]["description"]
    shown = result.embeds[0]["title"]
    assert shown in real_cards.cards_starting("Yi")
    for name in real_cards.cards_starting("Yi"):
        assert name == shown or f"**{name}**" in description  # Master Yi's cards too, not only "Yi, ..."


async def test_a_partial_name_of_one_card_shows_it(real_harness: Any) -> None:
    result = await real_harness.command("card", {"name": "Hidden Bla"})
    assert result.embeds[0]["title"] == "Hidden Blade"


async def test_a_name_nothing_begins_with_still_says_so(real_harness: Any) -> None:
    result = await real_harness.command("card", {"name": "Qzxv"})
    assert result.embeds[0]["title"] == "Unknown card"


@pytest.mark.parametrize(
    ("query", "suggested"),
    [
        ("tag:bandle", 'tag:"bandle city"'),  # the tag that begins so
        ("tag:yordel", "tag:yordle"),  # the closest tag
        ("tag:hidden", "kw:hidden"),  # a keyword, not a tag
        ("tag:spell", "t:spell"),  # a type
    ],
)
def test_an_empty_search_names_the_nearest_value(real_cards: CardsDB, query: str, suggested: str) -> None:
    services = Services(DatabaseHandle(real_cards))
    reply = card_answers.search_reply(services, query)
    assert reply.extra(SearchPage).total == 0
    assert f"did you mean {suggested}" in (reply.embeds[0].description or "")
    assert real_cards.search(suggested).total > 0  # and the suggestion finds cards


def test_a_fourth_card_in_a_message_gets_one_line(real_cards: CardsDB) -> None:
    services = Services(DatabaseHandle(real_cards))
    replies = card_answers.message_replies(
        services, "[[Hidden Blade]] [[Tideturner]] [[Block]] [[Lotus Trap]] [[Hidden Blade]]"
    )
    titles = [r.embeds[0].title for r in replies]
    assert titles[:3] == ["Hidden Blade", "Tideturner", "Block"]
    assert len(replies) == 4
    assert replies[3].embeds[0].description == "Only the first 3 cards of a message are shown (4 were named)."
    three = card_answers.message_replies(services, "[[Hidden Blade]] [[Tideturner]] [[Block]]")
    assert len(three) == 3  # no line when nothing is left out


@pytest.mark.parametrize(
    "message",
    [
        "[[Tideturner]] vs [[tideturnr]]",
        "[[RAD-159]] and [[black rose sanctum]]",
        "[[Tideturner]] [[OGN-199]]",
    ],
)
def test_a_card_written_two_ways_in_a_message_is_shown_once(real_cards: CardsDB, message: str) -> None:
    services = Services(DatabaseHandle(real_cards))
    replies = card_answers.message_replies(services, message)
    assert len(replies) == 1, [r.embeds[0].title for r in replies]


def test_the_cards_after_a_repeated_one_still_count_toward_three(real_cards: CardsDB) -> None:
    services = Services(DatabaseHandle(real_cards))
    replies = card_answers.message_replies(services, "[[Tideturner]] [[tideturnr]] [[Block]] [[Lotus Trap]]")
    assert [r.embeds[0].title for r in replies] == ["Tideturner", "Block", "Lotus Trap"]
