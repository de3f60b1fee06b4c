"""One server's settings: what they are, their defaults, and the checks every value passes before it is stored.

The stores (`bot/store/`: a SQLite file, or PostgreSQL when `DATABASE_URL` is set) keep them; `/settings` changes them
and `bot/server_settings/apply.py` says what they change in an answer. Bad input raises `SettingsError` with one line.
"""

from __future__ import annotations

import difflib
import json
import logging
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from cardsdb.errors import CardsDBError
from cardsdb.text.domains import DOMAINS, rune_token

log = logging.getLogger("bot.settings")

DEFAULT_SETTINGS_PATH = Path("data") / "settings.sqlite3"

SymbolStyle = Literal["text", "emoji"]
SETTING_NAMES = ("card_lookups", "public_by_default", "symbol_style", "emoji")

SYMBOL_TOKENS: tuple[str, ...] = (
    "rb_might",
    "rb_exhaust",
    "rb_rune_rainbow",
    *(rune_token(d) for d in DOMAINS),
    *(f"rb_energy_{n}" for n in range(13)),
)
"""The card symbols a server may show as its own emoji (bot/README.md lists them); any `rb_energy_N` too."""
KNOWN_SYMBOL_TOKENS = SYMBOL_TOKENS
_ENERGY_TOKEN = re.compile(r"rb_energy_\d{1,2}")
_CUSTOM_EMOJI = re.compile(r"<a?:[A-Za-z0-9_]{2,32}:\d{1,20}>")
MAX_SNOWFLAKE = 2**63 - 1


class SettingsError(CardsDBError):
    """A setting name or value that is not allowed; `str(error)` is the one line for the user."""


@dataclass(frozen=True)
class GuildSettings:
    """One server's settings. The defaults are what a server that never used /settings gets."""

    card_lookups: bool = True  # answer [[Card Name]] in messages
    public_by_default: bool = True  # /hidden and /rule answer publicly unless asked otherwise
    symbol_style: SymbolStyle = "text"
    emoji: Mapping[str, str] = field(default_factory=dict, hash=False)  # "rb_rune_fury" -> "<:rb_fury:1234>"
    updated_by: int | None = None  # the member who last changed them
    updated_at: str | None = None  # when, ISO 8601 UTC

    def __post_init__(self) -> None:
        # read-only, so that a cached value shared between callers cannot be changed behind the store's back
        object.__setattr__(self, "emoji", MappingProxyType(dict(self.emoji)))

    def emoji_for(self, token: str) -> str | None:
        """The custom emoji to show for a symbol token, when this server shows symbols as emoji and set one."""
        if self.symbol_style != "emoji":
            return None
        return self.emoji.get(token.strip(":"))

    @property
    def shown_emoji(self) -> dict[str, str]:
        """The token -> emoji mapping a renderer should use: empty when symbols are shown as text."""
        return dict(self.emoji) if self.symbol_style == "emoji" else {}

    def to_dict(self) -> dict[str, Any]:
        return {
            "card_lookups": self.card_lookups,
            "public_by_default": self.public_by_default,
            "symbol_style": self.symbol_style,
            "emoji": dict(self.emoji),
            "updated_by": self.updated_by,
            "updated_at": self.updated_at,
        }


DEFAULTS = GuildSettings()


def settings_path(env: Mapping[str, str] | None = None) -> Path:
    """The settings file: RIFTBOUND_SETTINGS_DB, else data/settings.sqlite3. Reads the environment only when called."""
    env = os.environ if env is None else env
    value = env.get("RIFTBOUND_SETTINGS_DB")
    return Path(value) if value else DEFAULT_SETTINGS_PATH


# --- validation: every message names the setting and what is allowed ---


def _suggest(word: str, choices: tuple[str, ...]) -> str:
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.5)
    return f" Did you mean {close[0]}?" if close else ""


def _check_name(name: str) -> None:
    if name not in SETTING_NAMES:
        raise SettingsError(
            f"unknown setting {name!r}; settings are {', '.join(SETTING_NAMES)}.{_suggest(name, SETTING_NAMES)}"
        )


def _check_bool(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise SettingsError(f"{name} must be true or false, not {value!r}")
    return value


def _check_style(value: object) -> SymbolStyle:
    if value == "text":
        return "text"
    if value == "emoji":
        return "emoji"
    raise SettingsError(f"symbol_style must be 'text' or 'emoji', not {value!r}")


def normalize_token(token: object) -> str:
    """A symbol token as stored (`:rb_rune_fury:` -> `rb_rune_fury`); raises SettingsError (one line) for an unknown one.
    The one check for `RIFTBOUND_EMOJI` and `/settings emoji`."""
    if not isinstance(token, str):
        raise SettingsError(f"a symbol token is text like rb_rune_fury, not {token!r}")
    name = token.strip().strip(":").casefold()
    if name in SYMBOL_TOKENS or _ENERGY_TOKEN.fullmatch(name):
        return name
    close = difflib.get_close_matches(name, SYMBOL_TOKENS, n=1, cutoff=0.5)
    hint = f" Did you mean {close[0]}?" if close else f" Tokens look like {', '.join(SYMBOL_TOKENS[:4])}."
    raise SettingsError(f"unknown symbol token {str(token)[:40]!r}.{hint}")


def check_emoji(value: object) -> str:
    """A custom emoji as Discord writes it (`<:name:id>` or `<a:name:id>`); raises SettingsError (one line) otherwise.
    The one check for `RIFTBOUND_EMOJI` and `/settings emoji`."""
    text = value.strip() if isinstance(value, str) else value
    if not isinstance(text, str) or not _CUSTOM_EMOJI.fullmatch(text):
        raise SettingsError(
            f"{str(value)[:60]!r} is not a custom emoji: it should look like <:rb_fury:123456789012345678> "
            "(send \\:emoji_name: in Discord to see it)"
        )
    return text


def _check_emoji_map(value: object) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise SettingsError(
            f"emoji must be a mapping of symbol token to custom emoji, not {type(value).__name__}"
        )
    return {normalize_token(token): check_emoji(emoji) for token, emoji in value.items()}


def validate_changes(changes: Mapping[str, object]) -> dict[str, Any]:
    """Checked, normalised values for `update`; raises SettingsError naming the first bad name or value."""
    if not changes:
        raise SettingsError(f"no setting given; settings are {', '.join(SETTING_NAMES)}")
    checked: dict[str, Any] = {}
    for name, value in changes.items():
        _check_name(name)
        if name in ("card_lookups", "public_by_default"):
            checked[name] = _check_bool(name, value)
        elif name == "symbol_style":
            checked[name] = _check_style(value)
        else:
            checked[name] = _check_emoji_map(value)
    return checked


def _stored_bool(name: str, value: object) -> bool:
    if isinstance(value, int) and value in (0, 1):  # a bool is an int too (PostgreSQL's BOOLEAN)
        return bool(value)
    raise ValueError(f"{name} is {value!r}, not 0 or 1")


def check_id(what: str, value: object) -> int:
    """A Discord id (a positive 64-bit integer); raises SettingsError naming `what` otherwise."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= MAX_SNOWFLAKE:
        raise SettingsError(f"{what} must be a Discord id (a positive integer), not {value!r}")
    return value


def now_iso() -> str:
    """The time a change is stamped with: ISO 8601, UTC, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def settings_from_stored(
    guild_id: int,
    *,
    card_lookups: object,
    public_by_default: object,
    symbol_style: object,
    emoji_json: object,
    updated_by: object,
    updated_at: object,
    where: str,
) -> GuildSettings:
    """A stored row as settings; values that do not pass the checks give the defaults, logged (`where`: the store)."""
    try:
        if not isinstance(emoji_json, str):
            raise TypeError(f"emoji is {type(emoji_json).__name__}, not JSON text")
        return GuildSettings(
            card_lookups=_stored_bool("card_lookups", card_lookups),
            public_by_default=_stored_bool("public_by_default", public_by_default),
            symbol_style=_check_style(symbol_style),
            emoji=_check_emoji_map(json.loads(emoji_json)),
            updated_by=updated_by if isinstance(updated_by, int) else None,
            updated_at=updated_at if isinstance(updated_at, str) else None,
        )
    except (SettingsError, ValueError, TypeError) as error:
        log.warning("settings of guild %s in %s are invalid (%s); using defaults", guild_id, where, error)
        return DEFAULTS


def emoji_json(settings: GuildSettings) -> str:
    """The emoji mapping as stored: JSON text, keys sorted."""
    return json.dumps(dict(settings.emoji), sort_keys=True)
