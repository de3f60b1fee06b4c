"""The bot's settings, read from the environment in `main` (never at import). The token never shows in a repr."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.admin.logs import LogSettings, parse_log_settings
from bot.cooldowns import parse_cooldown
from bot.store.url import DatabaseURLError, parse_database_url
from bot.ui.symbols import parse_emoji_setting
from cardsdb import paths
from cardsdb.errors import SettingError

TOKEN_HINT = (
    "set DISCORD_TOKEN to your bot's token (Discord Developer Portal > your application > Bot > Reset Token)"
)


class SettingsError(ValueError):
    """A setting that cannot be used; `str()` is one line for the user."""


class Secret:
    """A string that prints as `Secret('***')`, so a logged settings object never leaks it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)


@dataclass(frozen=True)
class Settings:
    token: Secret | None = None
    db_path: Path = paths.DEFAULT_DB_PATH
    data_dir: Path | None = None
    riftcodex_url: str = paths.DEFAULT_RIFTCODEX_URL
    shard_count: int | None = None  # total shards over every process; None lets Discord recommend
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs; None = all
    emoji: Mapping[str, str] = field(default_factory=dict)
    message_content: bool = True  # needed for [[Card Name]] in messages
    cooldown_rate: int = 0  # asks per user per `cooldown_per` seconds; 0 is off (from_env turns it on)
    cooldown_per: float = 10.0
    database_url: Secret | None = None  # PostgreSQL for settings and saved buttons; None: the SQLite file
    state_days: int = 90  # how long a button's saved state lives (RIFTBOUND_STATE_DAYS)
    refresh_hours: float = 0.0  # hours between database refreshes; 0 is off (from_env turns it on: 24)
    start_retry: bool = True  # Discord answering 5xx at start: try again with backoff (RIFTBOUND_START_RETRY)
    log: LogSettings = field(default_factory=LogSettings)  # RIFTBOUND_LOG_LEVEL, RIFTBOUND_LOG_FORMAT

    @classmethod
    def from_env(cls, env: Mapping[str, str], *, need_token: bool = True) -> Settings:
        raw_token = (env.get("DISCORD_TOKEN") or "").strip()
        if need_token and not raw_token:
            raise SettingsError(f"DISCORD_TOKEN is not set: {TOKEN_HINT}")
        shard_count = _int(env, "SHARD_COUNT")
        if shard_count is not None and shard_count > MAX_SHARDS:
            raise SettingsError(f"SHARD_COUNT is at most {MAX_SHARDS:,}, not {shard_count}")
        shard_ids = _int_list(env, "SHARD_IDS")
        if shard_ids is not None:
            if shard_count is None:
                raise SettingsError(
                    "SHARD_IDS needs SHARD_COUNT (the total number of shards over all processes)"
                )
            bad = [i for i in shard_ids if not 0 <= i < shard_count]
            if bad:
                raise SettingsError(
                    f"SHARD_IDS {bad} must be between 0 and SHARD_COUNT-1 ({shard_count - 1})"
                )
        try:
            emoji = parse_emoji_setting(env.get("RIFTBOUND_EMOJI"))
        except ValueError as error:
            raise SettingsError(str(error)) from None
        try:
            cooldown_rate, cooldown_per = parse_cooldown(env.get("RIFTBOUND_COOLDOWN"))
            refresh_hours = parse_refresh_hours(env.get("RIFTBOUND_REFRESH_HOURS"))
            log = parse_log_settings(env)
        except ValueError as error:
            raise SettingsError(str(error)) from None
        try:
            db_path, riftcodex_url = paths.db_path(env), paths.riftcodex_url(env)
        except SettingError as error:
            raise SettingsError(str(error)) from None
        return cls(
            token=Secret(raw_token) if raw_token else None,
            database_url=_database_url(env),
            state_days=_state_days(env),
            db_path=db_path,
            data_dir=paths.data_dir(env),
            riftcodex_url=riftcodex_url,
            shard_count=shard_count,
            shard_ids=shard_ids,
            emoji=emoji,
            message_content=parse_switch(env, "MESSAGE_CONTENT_INTENT", default=True),
            start_retry=parse_switch(env, "RIFTBOUND_START_RETRY", default=True),
            cooldown_rate=cooldown_rate,
            cooldown_per=cooldown_per,
            refresh_hours=refresh_hours,
            log=log,
        )


ON_WORDS = ("on", "true", "yes", "1")
OFF_WORDS = ("off", "false", "no", "0")
MAX_SHARDS = (
    10_000  # Discord's largest bots run a few thousand; a typo of a few zeros should not start a million
)

DEFAULT_REFRESH_HOURS = 24.0
MIN_REFRESH_HOURS = 1.0  # RiftCodex is a free service: not more often than hourly
MAX_REFRESH_HOURS = 24.0 * 366


def parse_refresh_hours(value: str | None) -> float:
    """`RIFTBOUND_REFRESH_HOURS`: hours between refreshes ("24", "12.5"); "0", "none" or any off word of every
    switch (off, false, no) turns refreshing off; unset gives 24. Raises ValueError with one line for anything else."""
    text = (value or "").strip().casefold()
    if not text:
        return DEFAULT_REFRESH_HOURS
    if text in (*OFF_WORDS, "none"):
        return 0.0
    try:
        hours = float(text)
    except ValueError:
        hours = math.nan
    if not MIN_REFRESH_HOURS <= hours <= MAX_REFRESH_HOURS:  # also refuses nan and inf
        raise ValueError(
            f"RIFTBOUND_REFRESH_HOURS must be a number of hours from {MIN_REFRESH_HOURS:g} to {MAX_REFRESH_HOURS:g} "
            f"(like 24), or 0 or off to turn refreshing off, not {(value or '')[:20]!r}"
        )
    return hours


def parse_switch(env: Mapping[str, str], name: str, *, default: bool) -> bool:
    """An on/off setting: on, true, yes, 1 / off, false, no, 0 (any case); unset or empty: `default`. Anything
    else stops the start with one line, rather than being read as either."""
    value = (env.get(name) or "").strip().casefold()
    if not value:
        return default
    if value in ON_WORDS:
        return True
    if value in OFF_WORDS:
        return False
    raise SettingsError(
        f"{name} must be on or off ({', '.join(ON_WORDS)} / {', '.join(OFF_WORDS)}), not {value[:20]!r}"
    )


def _int(env: Mapping[str, str], name: str) -> int | None:
    value = (env.get(name) or "").strip()
    if not value:
        return None
    if not value.isdigit() or int(value) < 1:
        raise SettingsError(f"{name} must be a whole number of at least 1, not {value[:20]!r}")
    return int(value)


def _int_list(env: Mapping[str, str], name: str) -> tuple[int, ...] | None:
    value = (env.get(name) or "").strip()
    if not value:
        return None
    parts = [p.strip() for p in value.replace(" ", ",").split(",") if p.strip()]
    if not parts or not all(p.isdigit() for p in parts):
        raise SettingsError(
            f"{name} must be shard numbers separated by commas, like 0,1,2 (got {value[:30]!r})"
        )
    numbers = [int(p) for p in parts]
    twice = sorted({n for n in numbers if numbers.count(n) > 1})
    if twice:
        raise SettingsError(
            f"{name} lists shard {', '.join(map(str, twice))} more than once (got {value[:30]!r})"
        )
    return tuple(sorted(numbers))


def _database_url(env: Mapping[str, str]) -> Secret | None:
    """DATABASE_URL, checked for its form only (whether the server answers is known at start); it may hold a password."""
    value = (env.get("DATABASE_URL") or "").strip()
    if not value:
        return None
    try:
        parse_database_url(value)
    except DatabaseURLError as error:
        raise SettingsError(str(error)) from None
    return Secret(value)


def _state_days(env: Mapping[str, str]) -> int:
    """RIFTBOUND_STATE_DAYS: how long the state behind an answer's buttons is kept (90 days; at most 10 years)."""
    days = _int(env, "RIFTBOUND_STATE_DAYS") or 90
    if days > 3650:
        raise SettingsError(f"RIFTBOUND_STATE_DAYS is at most 3650 (ten years), not {days}")
    return days
