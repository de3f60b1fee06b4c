"""The default store: one small writable SQLite file (`RIFTBOUND_SETTINGS_DB`), separate from the read-only card database.

It holds each server's settings and the saved state of persistent buttons. Every call runs in a worker thread (a write
may wait for SQLite's lock), one connection per call; writes are one transaction each (`BEGIN IMMEDIATE`, so two
writers, even in two processes, never lose each other's change). A missing file is created; a file of schema 1 (settings
only) is upgraded in place; a corrupt or foreign one is logged once, kept aside as `<name>.corrupt-<UTC time>` and
replaced by a fresh file with defaults; a location that cannot be written keeps everything in memory until restart.
Nothing here raises on a broken file: a failure that a fresh file cannot fix raises `StoreUnavailable`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

from bot.store.base import (
    DEFAULT_STATE_DAYS,
    TOTAL_BUDGET_BYTES,
    USER_BUDGET_BYTES,
    SavedState,
    Store,
    StoreUnavailable,
    state_from_stored,
    utc_now,
)
from bot.store.guild_settings import DEFAULTS, GuildSettings, emoji_json, settings_from_stored

log = logging.getLogger("bot.settings")
_T = TypeVar("_T")

SCHEMA_VERSION = 2
APPLICATION_ID = (
    0x52425354  # "RBST": marks a settings file as ours, so another SQLite file is not mistaken for one
)

_SETTINGS_TABLE = """
CREATE TABLE IF NOT EXISTS guild_settings (
    guild_id INTEGER PRIMARY KEY,
    card_lookups INTEGER NOT NULL CHECK (card_lookups IN (0, 1)),
    public_by_default INTEGER NOT NULL CHECK (public_by_default IN (0, 1)),
    symbol_style TEXT NOT NULL CHECK (symbol_style IN ('text', 'emoji')),
    emoji TEXT NOT NULL,  -- JSON object: symbol token -> custom emoji
    updated_by INTEGER,
    updated_at TEXT  -- ISO 8601, UTC
);
"""
_STATE_TABLE = """
CREATE TABLE IF NOT EXISTS saved_state (
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,  -- JSON object
    owner_id INTEGER,  -- who may press; NULL: anyone
    created_at INTEGER NOT NULL,  -- Unix seconds
    expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS saved_state_expires_at ON saved_state (expires_at);
CREATE INDEX IF NOT EXISTS saved_state_owner ON saved_state (owner_id, created_at);
"""
# each user's budget is kept by their rows, oldest first: an index, added to a file of schema 2 as it opens
_OWNER_INDEX = "CREATE INDEX IF NOT EXISTS saved_state_owner ON saved_state (owner_id, created_at)"
_SCHEMA = f"""
BEGIN IMMEDIATE;
{_SETTINGS_TABLE}
{_STATE_TABLE}
PRAGMA user_version = {SCHEMA_VERSION};
PRAGMA application_id = {APPLICATION_ID};
COMMIT;
"""
# schema 1 held the settings only: add the saved state, keep the settings
_UPGRADE_FROM_1 = f"""
BEGIN IMMEDIATE;
{_STATE_TABLE}
PRAGMA user_version = {SCHEMA_VERSION};
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
_STATE_COLUMNS = ("key", "kind", "payload", "owner_id", "created_at", "expires_at")
_SELECT = f"SELECT {', '.join(_COLUMNS)} FROM guild_settings WHERE guild_id = ?"
_UPSERT = (
    f"INSERT INTO guild_settings ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))}) "
    "ON CONFLICT (guild_id) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in _COLUMNS if c != "guild_id")
)
_SELECT_STATE = f"SELECT {', '.join(_STATE_COLUMNS)} FROM saved_state WHERE key = ?"
_INSERT_STATE = f"INSERT OR IGNORE INTO saved_state ({', '.join(_STATE_COLUMNS)}) VALUES (?, ?, ?, ?, ?, ?)"
_PUT_STATE = (
    f"INSERT INTO saved_state ({', '.join(_STATE_COLUMNS)}) VALUES (?, ?, ?, ?, ?, ?) "
    "ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at"
)


def _is_broken_file(error: sqlite3.DatabaseError) -> bool:
    """A corrupt, foreign or schema-less file, as opposed to a busy or read-only one (which a retry may fix)."""
    name = getattr(error, "sqlite_errorname", "")
    if name in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or name.startswith(("SQLITE_CORRUPT_", "SQLITE_NOTADB_")):
        return True
    message = str(error)
    return "no such table" in message or "no such column" in message or "malformed" in message


def _seconds(moment: datetime) -> int:
    return int(moment.timestamp())


def _moment(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


class _BrokenFile(Exception):
    """Internal: the settings file is not a readable settings database (the reason is the message)."""


class SqliteStore(Store):
    """The store in one SQLite file (`path`), or in memory (`path=None`: tests, `python -m bot ask`)."""

    backend = "sqlite"

    def __init__(
        self,
        path: Path | str | None,
        *,
        timeout: float = 10.0,
        state_ttl: timedelta = timedelta(days=DEFAULT_STATE_DAYS),
        clock: Callable[[], datetime] = utc_now,
        user_budget: int = USER_BUDGET_BYTES,
        total_budget: int = TOTAL_BUDGET_BYTES,
    ) -> None:
        self.path = Path(path) if path is not None else None
        super().__init__(
            describe=f"the settings file {self.path}" if self.path else "the in-memory store",
            state_ttl=state_ttl,
            clock=clock,
            user_budget=user_budget,
            total_budget=total_budget,
        )
        self._timeout = timeout
        self._lock = threading.RLock()
        self._memory: sqlite3.Connection | None = None  # in memory: asked for, or the file cannot be written
        with self._lock:
            if self.path is None:
                self._use_memory()
            else:
                self._open()

    @property
    def in_memory(self) -> bool:
        """True when everything lasts only until restart (asked for, or the file could not be created or written)."""
        return self._memory is not None

    # --- connections ---

    def _connect_file(self) -> sqlite3.Connection:
        assert self.path is not None
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

    def _use_memory(self) -> None:
        self._memory = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        self._memory.executescript(_SCHEMA)

    # --- opening, checking, recovering ---

    def _open(self) -> None:
        assert self.path is not None
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
        """Raises _BrokenFile unless the file is a healthy store; initialises an empty SQLite file, upgrades schema 1."""
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
                if app_id == APPLICATION_ID and version == 1 and tables == {"guild_settings"}:
                    conn.executescript(_UPGRADE_FROM_1)
                    version = SCHEMA_VERSION
                    log.info("upgraded the settings file %s to schema %d (saved buttons)", self.path, version)
                columns = tuple(r[1] for r in conn.execute("PRAGMA table_info(guild_settings)"))
                state_columns = tuple(r[1] for r in conn.execute("PRAGMA table_info(saved_state)"))
                if version == SCHEMA_VERSION and state_columns == _STATE_COLUMNS:
                    conn.execute(_OWNER_INDEX)
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
        if state_columns != _STATE_COLUMNS:
            raise _BrokenFile(f"unexpected columns {', '.join(state_columns) or '(no saved_state table)'}")

    def _replace_broken(self, reason: str) -> None:
        """Keep the bad file aside under a dated name, start a fresh one with defaults, and say so once."""
        assert self.path is not None
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
        self._create()

    def _fall_back_to_memory(self, error: Exception) -> None:
        log.error(
            "settings file %s cannot be created or opened (%s); settings are kept in memory until restart",
            self.path,
            error,
        )
        self._use_memory()

    def _recover(self, error: sqlite3.DatabaseError) -> None:
        """After a failed statement: replace the file if it broke while the bot ran, else let the error through."""
        if self._memory is not None or not _is_broken_file(error):
            raise error
        try:
            self._replace_broken(str(error))
        except (OSError, sqlite3.Error) as failure:
            self._fall_back_to_memory(failure)

    def _with_recovery(self, operation: Callable[[sqlite3.Connection], _T]) -> _T:
        """Run one operation; after a broken file is replaced, run it once more on the fresh file."""
        with self._lock:
            try:
                with self._connection() as conn:
                    return operation(conn)
            except sqlite3.DatabaseError as error:
                self._recover(error)
                with self._connection() as conn:
                    return operation(conn)

    async def _run(self, operation: Callable[[sqlite3.Connection], _T]) -> _T:
        """`operation` in a worker thread; any SQLite failure a fresh file did not fix is StoreUnavailable."""
        try:
            result = await asyncio.to_thread(self._with_recovery, operation)
        except sqlite3.Error as error:  # busy past the timeout, disk full, read-only
            self.health.failed(f"{type(error).__name__}: {error}")
            raise StoreUnavailable(str(error)) from None
        self.health.ok()
        return result

    # --- the primitives ---

    def _from_row(self, row: tuple[Any, ...]) -> GuildSettings:
        guild_id, card_lookups, public, style, emoji, updated_by, updated_at = row
        return settings_from_stored(
            guild_id,
            card_lookups=card_lookups,
            public_by_default=public,
            symbol_style=style,
            emoji_json=emoji,
            updated_by=updated_by,
            updated_at=updated_at,
            where=str(self.path or "memory"),
        )

    async def _read_settings(self, guild_id: int) -> GuildSettings | None:
        def read(conn: sqlite3.Connection) -> GuildSettings | None:
            row = conn.execute(_SELECT, (guild_id,)).fetchone()
            return None if row is None else self._from_row(row)

        return await self._run(read)

    async def _modify_settings(
        self, guild_id: int, change: Callable[[GuildSettings], GuildSettings]
    ) -> GuildSettings:
        def transaction(conn: sqlite3.Connection) -> GuildSettings:
            # BEGIN IMMEDIATE takes the write lock before reading, so a concurrent writer waits instead of being lost
            conn.execute("BEGIN IMMEDIATE")
            try:
                row = conn.execute(_SELECT, (guild_id,)).fetchone()
                new = change(DEFAULTS if row is None else self._from_row(row))
                conn.execute(
                    _UPSERT,
                    (
                        guild_id,
                        int(new.card_lookups),
                        int(new.public_by_default),
                        new.symbol_style,
                        emoji_json(new),
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

        return await self._run(transaction)

    async def _delete_settings(self, guild_id: int) -> None:
        await self._run(
            lambda conn: conn.execute("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
        )

    async def _insert_state(self, state: SavedState, payload: str) -> bool:
        values = (
            state.key,
            state.kind,
            payload,
            state.owner_id,
            _seconds(state.created_at),
            _seconds(state.expires_at),
        )
        return await self._run(lambda conn: conn.execute(_INSERT_STATE, values).rowcount == 1)

    async def _select_state(self, key: str) -> SavedState | None:
        row = await self._run(lambda conn: conn.execute(_SELECT_STATE, (key,)).fetchone())
        if row is None:
            return None
        key, kind, payload, owner_id, created_at, expires_at = row
        return state_from_stored(key, kind, payload, owner_id, _moment(created_at), _moment(expires_at))

    async def _put_state(self, state: SavedState, payload: str) -> None:
        values = (
            state.key,
            state.kind,
            payload,
            state.owner_id,
            _seconds(state.created_at),
            _seconds(state.expires_at),
        )
        await self._run(lambda conn: conn.execute(_PUT_STATE, values).rowcount)

    async def _delete_expired(self, now: datetime) -> int:
        cutoff = _seconds(now)
        return await self._run(
            lambda conn: conn.execute("DELETE FROM saved_state WHERE expires_at <= ?", (cutoff,)).rowcount
        )

    async def _delete_state(self, key: str) -> None:
        await self._run(lambda conn: conn.execute("DELETE FROM saved_state WHERE key = ?", (key,)).rowcount)

    async def _set_payload(self, key: str, payload: str) -> None:
        await self._run(
            lambda conn: (
                conn.execute("UPDATE saved_state SET payload = ? WHERE key = ?", (payload, key)).rowcount
            )
        )

    async def _owner_bytes(self, owner_id: int | None) -> int:
        # the payload is ASCII JSON: its length is its size
        args: tuple[int, ...] = () if owner_id is None else (owner_id,)
        where = "" if owner_id is None else " WHERE owner_id = ?"
        query = f"SELECT coalesce(sum(length(payload)), 0) FROM saved_state{where}"
        return int(await self._run(lambda conn: conn.execute(query, args).fetchone()[0]))

    async def _drop_oldest(self, owner_id: int | None, keep: int) -> int:
        args: tuple[int, ...] = () if owner_id is None else (owner_id,)
        where = "" if owner_id is None else "WHERE owner_id = ?"
        newest_first = (
            f"SELECT key, length(payload) FROM saved_state {where} ORDER BY created_at DESC, key DESC"
        )

        def drop(conn: sqlite3.Connection) -> int:
            conn.execute("BEGIN IMMEDIATE")
            try:
                kept, going = 0, []
                for key, size in conn.execute(newest_first, args):
                    kept += size
                    if kept > keep:
                        going.append((key,))
                conn.executemany("DELETE FROM saved_state WHERE key = ?", going)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            return len(going)

        return await self._run(drop)
