"""Per-user cooldowns (bot/cooldowns.py): one person cannot flood a channel; autocomplete and other users are not held.

Driven through the harness and the `[[card]]` listener with a fake clock."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest

from bot.cooldowns import Cooldowns, SlowDown, parse_cooldown
from bot.settings import Settings, SettingsError
from tests.support.bot_harness_fixtures import FakeCards, harness_for


@dataclass
class Clock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


async def _throttled_harness(rate: int = 3, per: float = 6.0) -> tuple[Any, Clock]:
    harness = await harness_for(FakeCards())
    clock = Clock()
    harness.bot.services.cooldowns = Cooldowns(rate, per, clock=clock)
    return harness, clock


def test_bucket_allows_rate_then_refills_one_ask_per_interval() -> None:
    clock = Clock()
    buckets = Cooldowns(3, 6.0, clock=clock)
    assert [buckets.allow(1) for _ in range(4)] == [True, True, True, False]
    assert buckets.retry_after(1) == pytest.approx(2.0)  # one ask every 6/3 s
    clock.now += 1.9
    assert not buckets.allow(1)
    clock.now += 0.2
    assert buckets.allow(1) and not buckets.allow(1)
    clock.now += 60  # never more than `rate` asks saved up
    assert [buckets.allow(1) for _ in range(4)] == [True, True, True, False]


def test_rate_zero_is_off() -> None:
    buckets = Cooldowns(0, 10.0)
    assert all(buckets.allow(7) for _ in range(100))


def test_slow_down_names_the_wait_in_whole_seconds() -> None:
    assert "Try again in 3 s" in str(SlowDown(2.2))
    assert "Try again in 1 s" in str(SlowDown(0.01))


def test_cooldown_setting_from_the_environment() -> None:
    assert parse_cooldown(None) == (5, 10.0)
    assert parse_cooldown("3/20") == (3, 20.0)
    assert parse_cooldown("off")[0] == 0
    for bad in ("fast", "5/0", "-1/10", "5/x"):
        with pytest.raises(ValueError, match="RIFTBOUND_COOLDOWN"):
            parse_cooldown(bad)
    settings = Settings.from_env({"RIFTBOUND_COOLDOWN": "2/4"}, need_token=False)
    assert (settings.cooldown_rate, settings.cooldown_per) == (2, 4.0)
    assert Settings.from_env({}, need_token=False).cooldown_rate == 5  # on by default when the bot runs
    with pytest.raises(SettingsError, match="RIFTBOUND_COOLDOWN"):
        Settings.from_env({"RIFTBOUND_COOLDOWN": "lots"}, need_token=False)


def test_the_bot_gets_the_configured_cooldown() -> None:
    from bot.database import DatabaseHandle
    from bot.factory import create_bot

    bot = create_bot(Settings(cooldown_rate=2, cooldown_per=4.0), DatabaseHandle(None), sharded=False)
    assert (bot.services.cooldowns.rate, bot.services.cooldowns.per) == (2, 4.0)


async def test_flooding_slash_commands_get_a_private_slow_down_with_the_wait() -> None:
    harness, clock = await _throttled_harness(rate=3, per=6.0)
    answered = [await harness.command("card", {"name": "Pouty Poro"}, user_id=42) for _ in range(3)]
    assert all(r.embeds[0]["title"] == "Pouty Poro" for r in answered)
    refused = await harness.command("card", {"name": "Pouty Poro"}, user_id=42)
    assert refused.ephemeral
    assert "Slow down" in refused.text() and "Try again in 2 s" in refused.text()
    assert isinstance(refused.user_error, SlowDown) and refused.error is None
    other = await harness.command("card", {"name": "Pouty Poro"}, user_id=43)  # someone else is not held
    assert other.embeds[0]["title"] == "Pouty Poro"
    clock.now += 2.0
    again = await harness.command("card", {"name": "Pouty Poro"}, user_id=42)
    assert again.embeds[0]["title"] == "Pouty Poro"


async def test_every_command_shares_one_bucket_but_autocomplete_is_exempt() -> None:
    harness, _ = await _throttled_harness(rate=2, per=10.0)
    for _ in range(20):
        typed = await harness.autocomplete("card", {"name": "Pou"}, "name", user_id=5)
        assert typed.choices and typed.choices[0]["value"] == "Pouty Poro"
    await harness.command("rule", {"query": "811.1.d"}, user_id=5)
    await harness.command("help", user_id=5)
    refused = await harness.command("hidden targets", {"card": "Hidden Blade"}, user_id=5)
    assert refused.ephemeral and "Slow down" in refused.text()


@dataclass
class _Message:
    """What the `[[card]]` listener reads of a discord.Message."""

    content: str
    author_id: int
    replies: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.author = SimpleNamespace(id=self.author_id, bot=False)
        self.guild = None
        self.channel = SimpleNamespace(id=1)

    async def reply(self, **kwargs: Any) -> None:
        self.replies.append(kwargs)


async def test_card_references_in_messages_share_the_bucket_and_are_ignored_when_over() -> None:
    harness, clock = await _throttled_harness(rate=2, per=10.0)
    listener = harness.bot.get_cog("Messages")
    first, second, third = (_Message("is [[Pouty Poro]] good?", 9) for _ in range(3))
    for message in (first, second, third):
        await listener.on_message(message)
    assert [len(m.replies) for m in (first, second, third)] == [1, 1, 0]  # over the limit: no reply at all
    assert first.replies[0]["embeds"][0].title == "Pouty Poro"
    refused = await harness.command("card", {"name": "Pouty Poro"}, user_id=9)
    assert "Slow down" in refused.text()
    chatter = _Message("no reference here [[", 9)
    await listener.on_message(chatter)  # not a card reference: costs nothing, answers nothing
    clock.now += 5.0
    later = _Message("[[Hidden Blade]]", 9)
    await listener.on_message(later)
    assert later.replies and later.replies[0]["embeds"][0].title == "Hidden Blade"
