"""Per-server settings in a small writable SQLite file, separate from the read-only card database.

`SettingsStore(path).get(guild_id)` is what a command reads (cached per guild); `/settings` writes through `update`,
`set_emoji` and `reset`, each one transaction (`BEGIN IMMEDIATE`), so two writers never lose each other's change.
A missing file is created; a corrupt or foreign one is logged once, kept aside as `<name>.corrupt-<UTC time>` and
replaced by a fresh file with defaults. Nothing here raises on a broken file: only bad input raises `SettingsError`.
"""

from __future__ import annotations

import difflib
import json
import logging
import os
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, TypeVar

from cardsdb.errors import CardsDBError

log = logging.getLogger("bot.settings")
_T = TypeVar("_T")

DEFAULT_SETTINGS_PATH = Path("data") / "settings.sqlite3"
SCHEMA_VERSION = 1
APPLICATION_ID = (
    0x52425354  # "RBST": marks a settings file as ours, so another SQLite file is not mistaken for one
)

SymbolStyle = Literal["text", "emoji"]
SETTING_NAMES = ("card_lookups", "public_by_default", "symbol_style", "emoji")

KNOWN_SYMBOL_TOKENS: tuple[str, ...] = (
    "rb_might",
    "rb_exhaust",
    *(f"rb_rune_{d}" for d in ("rainbow", "fury", "calm", "mind", "body", "chaos", "order")),
    *(f"rb_energy_{n}" for n in range(13)),
)
_ENERGY_TOKEN = re.compile(r"rb_energy_\d{1,2}")
_CUSTOM_EMOJI = re.compile(r"<a?:[A-Za-z0-9_]{2,32}:\d{1,20}>")
_MAX_SNOWFLAKE = 2**63 - 1

_SCHEMA = f"""
BEGIN IMMEDIATE;
CREATE TABLE IF NOT EXISTS guild_settings (
    guild_id INTEGER PRIMARY KEY,
    card_lookups INTEGER NOT NULL CHECK (card_lookups IN (0, 1)),
    public_by_default INTEGER NOT NULL CHECK (public_by_default IN (0, 1)),
    symbol_style TEXT NOT NULL CHECK (symbol_style IN ('text', 'emoji')),
    emoji TEXT NOT NULL,  -- JSON object: symbol token -> custom emoji
    updated_by INTEGER,
    updated_at TEXT  -- ISO 8601, UTC
);
PRAGMA user_version = {SCHEMA_VERSION};
PRAGMA application_id = {APPLICATION_ID};
COMMIT;
"""
_COLUMNS = (
    "guild_id",
    "card_lookups",
    "public_by_default",
    "symbol_style",
    "emoji",
    "updated_by",
    "updated_at",
)
_SELECT = f"SELECT {', '.join(_COLUMNS)} FROM guild_settings WHERE guild_id = ?"
_UPSERT = (
    f"INSERT INTO guild_settings ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))}) "
    "ON CONFLICT (guild_id) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in _COLUMNS if c != "guild_id")
)


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
    """A symbol token as stored (`:rb_rune_fury:` -> `rb_rune_fury`); raises SettingsError for an unknown one."""
    if not isinstance(token, str):
        raise SettingsError(f"a symbol token is text like rb_rune_fury, not {token!r}")
    name = token.strip().strip(":").casefold()
    if name in KNOWN_SYMBOL_TOKENS or _ENERGY_TOKEN.fullmatch(name):
        return name
    hint = _suggest(name, KNOWN_SYMBOL_TOKENS) or f" Tokens look like {', '.join(KNOWN_SYMBOL_TOKENS[:4])}."
    raise SettingsError(f"unknown symbol token {token!r}.{hint}")


def check_emoji(value: object) -> str:
    """A custom emoji as Discord writes it (`<:name:id>` or `<a:name:id>`); raises SettingsError otherwise."""
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
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise ValueError(f"{name} is {value!r}, not 0 or 1")


def _check_id(what: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value <= _MAX_SNOWFLAKE:
        raise SettingsError(f"{what} must be a Discord id (a positive integer), not {value!r}")
    return value


# --- the store ---


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _is_broken_file(error: sqlite3.DatabaseError) -> bool:
    """A corrupt, foreign or schema-less file, as opposed to a busy or read-only one (which a retry may fix)."""
    name = getattr(error, "sqlite_errorname", "")
    if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or name.startswith(("SQLITE_CORRUPT_", "SQLITE_NOTADB_")):
        return True
    message = str(error)
    return "no such table" in message or "no such column" in message or "malformed" in message


class _BrokenFile(Exception):
    """Internal: the settings file is not a readable settings database (the reason is the message)."""


class SettingsStore:
    """Per-guild settings, safe to share between threads and the event loop.

    Reads are served from a per-guild cache after the first; every write replaces the cached value with what it
    committed. The cache belongs to this store: one bot process should own the file.
    """

    def __init__(self, path: Path | str, *, timeout: float = 10.0) -> None:
        self.path = Path(path)
        self._timeout = timeout
        self._lock = threading.RLock()
        self._cache: dict[int, GuildSettings] = {}
        self._memory: sqlite3.Connection | None = None  # set when the file cannot be written at all
        with self._lock:
            self._open()

    # connections

    def _connect_file(self) -> sqlite3.Connection:
        # autocommit mode: transactions are opened explicitly with BEGIN IMMEDIATE
        return sqlite3.connect(
            self.path, timeout=self._timeout, isolation_level=None, check_same_thread=False
        )

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        if self._memory is not None:
            yield self._memory
            return
        conn = self._connect_file()
        try:
            yield conn
        finally:
            conn.close()

    @property
    def in_memory(self) -> bool:
        """True when the file could not be created or written, and settings last only until restart."""
        return self._memory is not None

    # opening, checking, recovering

    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if not self.path.exists() or self.path.stat().st_size == 0:
                self._create()
                return
            try:
                self._verify()
            except _BrokenFile as broken:
                self._replace_broken(str(broken))
        except (OSError, sqlite3.Error) as error:
            self._fall_back_to_memory(error)

    def _create(self) -> None:
        with self._connection() as conn:
            conn.executescript(_SCHEMA)

    def _verify(self) -> None:
        """Raises _BrokenFile unless the file is a healthy settings database; initialises an empty SQLite file."""
        try:
            with self._connection() as conn:
                check = conn.execute("PRAGMA quick_check").fetchone()
                if check is None or check[0] != "ok":
                    raise _BrokenFile(f"integrity check failed: {check[0] if check else 'no answer'}")
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                app_id = conn.execute("PRAGMA application_id").fetchone()[0]
                tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
                if not tables and version == 0 and app_id == 0:
                    conn.executescript(_SCHEMA)  # an empty SQLite database: make it ours
                    return
                columns = tuple(r[1] for r in conn.execute("PRAGMA table_info(guild_settings)"))
        except sqlite3.DatabaseError as error:
            if isinstance(error, sqlite3.OperationalError) and not _is_broken_file(error):
                raise  # busy, read-only, cannot open: not corruption
            raise _BrokenFile(str(error)) from None
        if app_id != APPLICATION_ID:
            raise _BrokenFile(f"not a settings database (application id {app_id})")
        if version != SCHEMA_VERSION:
            raise _BrokenFile(f"settings schema version {version}, this bot reads {SCHEMA_VERSION}")
        if columns != _COLUMNS:
            raise _BrokenFile(f"unexpected columns {', '.join(columns) or '(no guild_settings table)'}")

    def _replace_broken(self, reason: str) -> None:
        """Keep the bad file aside under a dated name, start a fresh one with defaults, and say so once."""
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            n += 1
        # (a leftover -journal or -wal of the bad file is already gone: SQLite discards it on the failed open)
        os.replace(self.path, aside)
        log.warning(
            "settings file %s is unreadable (%s); kept it as %s and started a fresh one with default settings",
            self.path,
            reason,
            aside.name,
        )
        self._cache.clear()
        self._create()

    def _fall_back_to_memory(self, error: Exception) -> None:
        log.error(
            "settings file %s cannot be created or opened (%s); settings are kept in memory until restart",
            self.path,
            error,
        )
        self._memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        self._memory.executescript(_SCHEMA)
        self._cache.clear()

    def _recover(self, error: sqlite3.DatabaseError) -> None:
        """After a failed statement: replace the file if it broke while the bot ran, else let the error through."""
        if self._memory is not None or not _is_broken_file(error):
            raise error
        try:
            self._replace_broken(str(error))
        except (OSError, sqlite3.Error) as failure:
            self._fall_back_to_memory(failure)

    # reading

    def get(self, guild_id: int) -> GuildSettings:
        """This server's settings, or the defaults when it has none. Served from the cache after the first read."""
        _check_id("guild_id", guild_id)
        with self._lock:
            cached = self._cache.get(guild_id)
            if cached is not None:
                return cached
            try:
                settings = self._read(guild_id)
            except sqlite3.DatabaseError as error:
                try:
                    self._recover(error)
                    settings = self._read(guild_id)
                except sqlite3.Error as again:
                    # busy or unreadable right now: answer with defaults, do not cache, try again next time
                    log.warning(
                        "could not read settings of guild %s from %s (%s)", guild_id, self.path, again
                    )
                    return DEFAULTS
            self._cache[guild_id] = settings
            return settings

    def _read(self, guild_id: int) -> GuildSettings:
        with self._connection() as conn:
            row = conn.execute(_SELECT, (guild_id,)).fetchone()
        return DEFAULTS if row is None else self._from_row(row)

    def _from_row(self, row: tuple[Any, ...]) -> GuildSettings:
        guild_id, card_lookups, public, style, emoji_json, updated_by, updated_at = row
        try:
            emoji = _check_emoji_map(json.loads(emoji_json))
            return GuildSettings(
                card_lookups=_stored_bool("card_lookups", card_lookups),
                public_by_default=_stored_bool("public_by_default", public),
                symbol_style=_check_style(style),
                emoji=emoji,
                updated_by=updated_by if isinstance(updated_by, int) else None,
                updated_at=updated_at if isinstance(updated_at, str) else None,
            )
        except (SettingsError, ValueError, TypeError) as error:
            log.warning(
                "settings of guild %s in %s are invalid (%s); using defaults", guild_id, self.path, error
            )
            return DEFAULTS

    # writing

    def update(self, guild_id: int, *, user_id: int, **changes: object) -> GuildSettings:
        """Change some settings of one server in one transaction; returns the settings now in force.

        `emoji` replaces the whole token -> emoji mapping; `set_emoji` changes one token.
        """
        _check_id("guild_id", guild_id)
        _check_id("user_id", user_id)
        checked = validate_changes(changes)
        return self._write(guild_id, user_id, lambda current: replace(current, **checked))

    def set_emoji(self, guild_id: int, *, user_id: int, token: str, emoji: str | None) -> GuildSettings:
        """Set (or with None, remove) the custom emoji of one symbol token, keeping the others."""
        _check_id("guild_id", guild_id)
        _check_id("user_id", user_id)
        name = normalize_token(token)
        value = None if emoji is None else check_emoji(emoji)

        def change(current: GuildSettings) -> GuildSettings:
            mapping = dict(current.emoji)
            if value is None:
                mapping.pop(name, None)
            else:
                mapping[name] = value
            return replace(current, emoji=mapping)

        return self._write(guild_id, user_id, change)

    def reset(self, guild_id: int) -> GuildSettings:
        """Forget a server's settings: it gets the defaults again."""
        _check_id("guild_id", guild_id)
        with self._lock:
            self._cache.pop(guild_id, None)
            self._with_recovery(
                lambda conn: conn.execute("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
            )
            self._cache[guild_id] = DEFAULTS
            return DEFAULTS

    def _write(
        self, guild_id: int, user_id: int, change: Callable[[GuildSettings], GuildSettings]
    ) -> GuildSettings:
        def transaction(conn: sqlite3.Connection) -> GuildSettings:
            # BEGIN IMMEDIATE takes the write lock before reading, so a concurrent writer waits instead of being lost
            conn.execute("BEGIN IMMEDIATE")
            try:
                row = conn.execute(_SELECT, (guild_id,)).fetchone()
                current = DEFAULTS if row is None else self._from_row(row)
                new: GuildSettings = replace(change(current), updated_by=user_id, updated_at=_now())
                conn.execute(
                    _UPSERT,
                    (
                        guild_id,
                        int(new.card_lookups),
                        int(new.public_by_default),
                        new.symbol_style,
                        json.dumps(dict(new.emoji), sort_keys=True),
                        new.updated_by,
                        new.updated_at,
                    ),
                )
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            return new

        with self._lock:
            self._cache.pop(guild_id, None)
            settings = self._with_recovery(transaction)
            self._cache[guild_id] = settings
            return settings

    def _with_recovery(self, operation: Callable[[sqlite3.Connection], _T]) -> _T:
        """Run one write; after a broken file is replaced, run it once more on the fresh file."""
        try:
            try:
                with self._connection() as conn:
                    return operation(conn)
            except sqlite3.DatabaseError as error:
                self._recover(error)
                with self._connection() as conn:
                    return operation(conn)
        except sqlite3.Error as failure:
            raise SettingsError(f"could not save the settings ({failure}); try again in a moment") from None

    def clear_cache(self) -> None:
        """Drop every cached value (after the file was changed by another process)."""
        with self._lock:
            self._cache.clear()
