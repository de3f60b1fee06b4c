"""`[[Card Name]]` in a message answers like /card (dpytest drives messages; it refuses sharded clients)."""

from __future__ import annotations

from typing import Any

import discord
import discord.ext.test as dpytest
import pytest

from bot.database import DatabaseHandle
from bot.factory import create_bot
from bot.settings import Settings
from tests.support.bot_harness_fixtures import FakeCards


@pytest.fixture
async def bot() -> Any:
    client = create_bot(
        Settings(), DatabaseHandle(FakeCards()), sharded=False, intents_override=discord.Intents.all()
    )
    await client._async_setup_hook()
    await client.setup_hook()
    dpytest.configure(client)
    yield client
    await dpytest.empty_queue()


def test_the_factory_builds_a_sharded_bot_for_production() -> None:
    settings = Settings(shard_count=4, shard_ids=(2, 3))
    sharded = create_bot(settings, DatabaseHandle(None), sharded=True)
    assert isinstance(sharded, discord.AutoShardedClient)
    assert sharded.shard_count == 4 and sharded.shard_ids == [2, 3]
    assert sharded.intents.message_content
    plain = create_bot(Settings(), DatabaseHandle(None), sharded=False)
    assert not isinstance(plain, discord.AutoShardedClient)
    assert plain.allowed_mentions is not None and plain.allowed_mentions.to_dict() == {"parse": []}
    with pytest.raises(TypeError):
        dpytest.configure(sharded)


async def test_card_reference_in_a_message_answers_with_the_card(bot: Any) -> None:
    await dpytest.message("is [[Pouty Poro]] any good?")
    reply = dpytest.get_message()
    assert reply.embeds[0].title == "Pouty Poro"
    assert "Unit · Calm" in (reply.embeds[0].description or "")
    assert dpytest.verify().message().nothing()


async def test_at_most_three_cards_per_message(bot: Any) -> None:
    await dpytest.message("[[Pouty Poro]] [[pouty poro]] [[Qqqq]] [[Wwww]] [[Xxxx]]")
    reply = dpytest.get_message()
    assert [e.title for e in reply.embeds] == ["Pouty Poro", "Unknown card", "Unknown card", None]
    # the fourth name is not dropped without a word
    assert reply.embeds[3].description == "Only the first 3 cards of a message are shown (4 were named)."


async def test_unknown_card_in_a_message_suggests_names(bot: Any) -> None:
    await dpytest.message("what does [[Pouty Poroo Qqqq]] do")
    reply = dpytest.get_message()
    assert reply.embeds[0].title == "Unknown card"
    assert "Pouty Poro" in (reply.embeds[0].description or "")


async def test_messages_without_references_and_bot_messages_are_ignored(bot: Any) -> None:
    await dpytest.message("no card here [not one]")
    assert dpytest.verify().message().nothing()
