"""Per-user limits: a small token bucket per user id for each kind of interaction, each with its own budget.

- Commands (`Cooldowns`, `RIFTBOUND_COOLDOWN`): shared by slash commands and `[[card]]` messages. Each user may ask
  `rate` times in a row, and earns one more ask every `per / rate` seconds (5 per 10 s by default). The tree's
  `interaction_check` applies it to every slash command, answering privately "Slow down"; the `[[card]]` listener
  ignores a message over the limit.
- Autocomplete (`AUTOCOMPLETE_RATE`, 30 per 10 s): Discord sends one per keystroke, so the budget is a typist's; over
  it, the suggestions are empty until the bucket refills (`interaction_check`).
- Presses of buttons and menus (`PRESS_RATE`, 10 per 10 s): a pager, the builder's toggles, Post publicly, Details;
  over it, "Slow down" privately, and the press does nothing (`bot.ui.persistent.StatefulItem.callback`).

`RIFTBOUND_COOLDOWN=off` turns all three off (`user_limits`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from discord import app_commands

DEFAULT_RATE = 5
DEFAULT_PER = 10.0
AUTOCOMPLETE_RATE = (30, 10.0)  # autocompletes per user per seconds
PRESS_RATE = (10, 10.0)  # button and menu presses per user per seconds
MAX_USERS = 10_000  # buckets kept at most; full (idle) buckets are dropped first


class SlowDown(app_commands.CheckFailure):
    """One user asked too often; `str()` is the private line they see."""

    def __init__(self, retry_after: float) -> None:
        self.retry_after = retry_after
        seconds = max(1, math.ceil(retry_after))
        super().__init__(f"Slow down: you are asking too quickly. Try again in {seconds} s.")


@dataclass
class _Bucket:
    tokens: float
    updated: float


@dataclass
class Cooldowns:
    """`take(user_id)` spends one ask, or raises SlowDown with the wait. `rate` 0 turns cooldowns off."""

    rate: int = DEFAULT_RATE
    per: float = DEFAULT_PER
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[int, _Bucket] = field(default_factory=dict, repr=False)

    @property
    def enabled(self) -> bool:
        return self.rate > 0 and self.per > 0

    def _refill(self, bucket: _Bucket, now: float) -> None:
        earned = (now - bucket.updated) * self.rate / self.per
        bucket.tokens = min(float(self.rate), bucket.tokens + max(earned, 0.0))
        bucket.updated = now

    def retry_after(self, user_id: int) -> float:
        """Seconds until `user_id` may ask again (0 when they may ask now); spends nothing."""
        if not self.enabled:
            return 0.0
        bucket = self._buckets.get(user_id)
        if bucket is None:
            return 0.0
        self._refill(bucket, self.clock())
        return 0.0 if bucket.tokens >= 1 else (1 - bucket.tokens) * self.per / self.rate

    def allow(self, user_id: int) -> bool:
        """Spend one ask if there is one; False when the user must wait."""
        if not self.enabled:
            return True
        now = self.clock()
        bucket = self._buckets.get(user_id)
        if bucket is None:
            if len(self._buckets) >= MAX_USERS:
                self._forget_idle(now)
            bucket = self._buckets[user_id] = _Bucket(float(self.rate), now)
        self._refill(bucket, now)
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True

    def take(self, user_id: int) -> None:
        if not self.allow(user_id):
            raise SlowDown(self.retry_after(user_id))

    def _forget_idle(self, now: float) -> None:
        for user_id, bucket in list(self._buckets.items()):
            self._refill(bucket, now)
            if bucket.tokens >= self.rate:
                del self._buckets[user_id]
        if len(self._buckets) >= MAX_USERS:  # everyone is busy: forget the oldest
            oldest = min(self._buckets, key=lambda k: self._buckets[k].updated)
            del self._buckets[oldest]


def parse_cooldown(value: str | None) -> tuple[int, float]:
    """`RIFTBOUND_COOLDOWN`: "5/10" (5 asks per 10 seconds), "off" or "0" (no cooldown); unset gives 5/10."""
    text = (value or "").strip().lower()
    if not text:
        return DEFAULT_RATE, DEFAULT_PER
    if text in ("0", "off", "none", "no"):
        return 0, DEFAULT_PER
    rate, _, per = text.partition("/")
    try:
        count, seconds = int(rate), float(per or DEFAULT_PER)
    except ValueError:
        count, seconds = -1, -1.0
    if count < 0 or not 0 < seconds <= 3600:
        raise ValueError(
            f"RIFTBOUND_COOLDOWN must look like 5/10 (5 asks per 10 seconds) or off, not {(value or '')[:20]!r}"
        )
    return count, seconds


@dataclass
class UserLimits:
    """Each user's budget for commands, autocomplete and presses: three buckets, none spends another's."""

    commands: Cooldowns
    autocomplete: Cooldowns
    presses: Cooldowns


def user_limits(rate: int, per: float) -> UserLimits:
    """The limits of a running bot: commands at `rate` per `per` seconds (`RIFTBOUND_COOLDOWN`); autocomplete and
    presses at their own rates, off with the commands' (`rate` 0)."""
    on = rate > 0 and per > 0
    return UserLimits(
        commands=Cooldowns(rate, per),
        autocomplete=Cooldowns(*AUTOCOMPLETE_RATE) if on else Cooldowns(rate=0),
        presses=Cooldowns(*PRESS_RATE) if on else Cooldowns(rate=0),
    )
