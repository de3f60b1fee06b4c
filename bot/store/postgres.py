"""The store in PostgreSQL (`DATABASE_URL`), shared by every process of a bot whose shards run on several machines.

- **Read through, no cache.** Every settings read is one primary-key SELECT, so a change made by any process is seen by
  every other at its next interaction. (A cache invalidated by LISTEN/NOTIFY would save that round trip, but a
  notification missed while a listening connection was down leaves a process with stale settings and no way to know;
  reading through is right by construction.)
- **Migrations at start** (`MIGRATIONS`), in one transaction under an advisory lock, so two processes starting at once
  apply each step exactly once; a database of a newer schema than this bot knows is left alone (unavailable).
- **Transactions** for every read-modify-write: the row is created if missing, then locked (`SELECT ... FOR UPDATE`).
- **Faults.** A connection lost mid-call is retried once on a fresh pool; a failure past that, or past the deadline,
  raises `StoreUnavailable` (the bot answers with defaults) and is logged once, and once more when the store is back.
  While down, calls fail at once for a short, growing pause (`retry_after`, doubling to 60 s), then try again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, TypeAlias, TypeVar

import asyncpg

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
from bot.store.url import describe_database_url

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

log = logging.getLogger("bot.store")
_T = TypeVar("_T")
_Conn: TypeAlias = "PoolConnectionProxy[asyncpg.Record]"

# pg_advisory_xact_lock(int, int): this application's key, and the schema the store lives in
LOCK_KEY = 0x52425354  # "RBST"
MIGRATIONS: tuple[str, ...] = (
    # 1: server settings and saved state
    """
    CREATE TABLE guild_settings (
        guild_id BIGINT PRIMARY KEY,
        card_lookups BOOLEAN NOT NULL,
        public_by_default BOOLEAN NOT NULL,
        symbol_style TEXT NOT NULL CHECK (symbol_style IN ('text', 'emoji')),
        emoji JSONB NOT NULL DEFAULT '{}',
        updated_by BIGINT,
        updated_at TIMESTAMPTZ
    );
    CREATE TABLE saved_state (
        key TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,  -- JSON, ASCII-escaped (JSONB would refuse an escaped NUL a user typed)
        owner_id BIGINT,
        created_at TIMESTAMPTZ NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX saved_state_expires_at ON saved_state (expires_at);
    """,
    # 2: each user's budget is kept by their rows, oldest first
    "CREATE INDEX saved_state_owner ON saved_state (owner_id, created_at);",
)
SCHEMA_VERSION = len(MIGRATIONS)

# Failures that a fresh connection (now or a little later) may not have: retried once, then the store is "down".
TRANSIENT: tuple[type[BaseException], ...] = (
    OSError,  # refused, reset, no socket
    TimeoutError,
    asyncpg.InterfaceError,  # the connection or pool is closed
    asyncpg.PostgresConnectionError,  # class 08: the connection was lost
    asyncpg.exceptions.OperatorInterventionError,  # 57P01 admin shutdown, 57P03 starting up, statement timeout
    asyncpg.exceptions.TransactionRollbackError,  # serialization failure, deadlock
    asyncpg.exceptions.InsufficientResourcesError,  # too many connections
)
CONNECTION_LOST: tuple[type[BaseException], ...] = (
    OSError,
    TimeoutError,
    asyncpg.InterfaceError,
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,
)

_SETTINGS_COLUMNS = (
    "guild_id, card_lookups, public_by_default, symbol_style, emoji::text, updated_by, updated_at"
)
_SELECT = f"SELECT {_SETTINGS_COLUMNS} FROM guild_settings WHERE guild_id = $1"
_SELECT_FOR_UPDATE = _SELECT + " FOR UPDATE"
_INSERT_DEFAULTS = (
    "INSERT INTO guild_settings (guild_id, card_lookups, public_by_default, symbol_style, emoji) "
    "VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT (guild_id) DO NOTHING"
)
_UPDATE = (
    "UPDATE guild_settings SET card_lookups = $2, public_by_default = $3, symbol_style = $4, emoji = $5::jsonb, "
    "updated_by = $6, updated_at = $7 WHERE guild_id = $1"
)
_STATE_COLUMNS = "key, kind, payload, owner_id, created_at, expires_at"
_INSERT_STATE = (
    "INSERT INTO saved_state (key, kind, payload, owner_id, created_at, expires_at) "
    "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO NOTHING"
)
_PUT_STATE = (
    "INSERT INTO saved_state (key, kind, payload, owner_id, created_at, expires_at) "
    "VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at"
)


def describe_url(url: str) -> str:
    """The URL without its user and password, for logs: `postgresql://db.example:5432/riftbound`
    (`bot.store.url`: never a part of the password, even where it is not percent-encoded)."""
    return describe_database_url(url)


class PostgresStore(Store):
    """The store in a PostgreSQL database. `start()` creates the pool and migrates; it never raises for an outage."""

    backend = "postgresql"

    def __init__(
        self,
        url: str,
        *,
        state_ttl: timedelta = timedelta(days=DEFAULT_STATE_DAYS),
        clock: Callable[[], datetime] = utc_now,
        deadline: float = 2.0,
        retry_after: float = 2.0,
        max_connections: int = 10,
        user_budget: int = USER_BUDGET_BYTES,
        total_budget: int = TOTAL_BUDGET_BYTES,
    ) -> None:
        super().__init__(
            describe=f"PostgreSQL at {describe_url(url)}",
            state_ttl=state_ttl,
            clock=clock,
            user_budget=user_budget,
            total_budget=total_budget,
        )
        self._url = url
        self.deadline = deadline  # seconds for one call, retry included: an interaction must be answered in 3
        self.first_retry_after = retry_after
        self._retry_after = retry_after
        self._down_until = 0.0  # time.monotonic() before which calls fail at once
        self._max_connections = max_connections
        self._pool: asyncpg.Pool | None = None
        self._pool_lock = asyncio.Lock()
        self._closed = False

    def __repr__(self) -> str:  # never the URL: it may hold a password
        return f"PostgresStore({self.health.describe!r})"

    # --- lifetime ---

    async def start(self) -> None:
        try:
            await self._call(lambda conn: asyncio.sleep(0), deadline=max(self.deadline, 30.0))
        except StoreUnavailable:
            return  # said once; calls answer StoreUnavailable until it is back
        await super().start()

    async def close(self) -> None:
        self._closed = True
        pool, self._pool = self._pool, None
        if pool is not None:
            try:
                await asyncio.wait_for(pool.close(), timeout=5)
            except TRANSIENT:
                pool.terminate()

    # --- connections, retries, health ---

    async def _get_pool(self) -> asyncpg.Pool:
        async with self._pool_lock:
            if self._closed:
                raise asyncpg.InterfaceError("the store is closed")
            if self._pool is None:
                pool = await asyncpg.create_pool(
                    self._url,
                    min_size=1,
                    max_size=self._max_connections,
                    timeout=self.deadline,  # to connect
                    command_timeout=self.deadline,
                )
                try:
                    await migrate(pool)
                except BaseException:
                    pool.terminate()
                    raise
                self._pool = pool
            return self._pool

    async def _drop_pool(self, pool: asyncpg.Pool) -> None:
        """Forget a pool whose connections may be dead (the next call makes a fresh one)."""
        async with self._pool_lock:
            if self._pool is pool:
                self._pool = None
                pool.terminate()

    async def _call(
        self, operation: Callable[[_Conn], Awaitable[_T]], *, deadline: float | None = None
    ) -> _T:
        """Run `operation` on a pooled connection: once more on a fresh pool after a lost connection, within the deadline."""
        if time.monotonic() < self._down_until:
            raise StoreUnavailable("down; waiting before trying again")
        try:
            async with asyncio.timeout(deadline or self.deadline):
                result = await self._attempts(operation)
        except TimeoutError:
            self._mark_down("no answer within the deadline")
            raise StoreUnavailable("timeout") from None
        except _Down as down:
            if down.outage:
                self._mark_down(down.reason)
            else:  # the server answered but refused this one call: not an outage, but never silent
                log.error("%s refused a call: %s", self.health.describe, down.reason)
            raise StoreUnavailable(down.reason) from None
        self._retry_after = self.first_retry_after
        self.health.ok()
        return result

    async def _attempts(self, operation: Callable[[_Conn], Awaitable[_T]]) -> _T:
        last: BaseException | None = None
        for _ in range(2):
            try:
                pool = await self._get_pool()
            except TRANSIENT as error:  # refused, no socket, starting up
                last = error
                continue
            except asyncpg.PostgresError as error:  # wrong password, no such database, no right to migrate
                raise _Down(_reason(error)) from None
            try:
                async with pool.acquire() as conn:
                    return await operation(conn)
            except TRANSIENT as error:
                last = error
                if isinstance(error, CONNECTION_LOST):
                    await self._drop_pool(pool)
            except asyncpg.PostgresError as error:  # refused this call only (a table dropped by hand...)
                raise _Down(_reason(error), outage=False) from None
        assert last is not None
        raise _Down(_reason(last))

    def _mark_down(self, reason: str) -> None:
        self.health.failed(reason)
        self._down_until = time.monotonic() + self._retry_after
        self._retry_after = min(60.0, self._retry_after * 2)

    # --- the primitives ---

    def _from_row(self, row: asyncpg.Record) -> GuildSettings:
        updated_at: datetime | None = row["updated_at"]
        return settings_from_stored(
            row["guild_id"],
            card_lookups=row["card_lookups"],
            public_by_default=row["public_by_default"],
            symbol_style=row["symbol_style"],
            emoji_json=row["emoji"],
            updated_by=row["updated_by"],
            updated_at=None if updated_at is None else updated_at.isoformat(timespec="seconds"),
            where=self.health.describe,
        )

    async def _read_settings(self, guild_id: int) -> GuildSettings | None:
        async def read(conn: _Conn) -> GuildSettings | None:
            row = await conn.fetchrow(_SELECT, guild_id)
            # a row whose updated_at is NULL was created by a write that did not commit: there is none such
            return None if row is None else self._from_row(row)

        return await self._call(read)

    async def _modify_settings(
        self, guild_id: int, change: Callable[[GuildSettings], GuildSettings]
    ) -> GuildSettings:
        async def transaction(conn: _Conn) -> GuildSettings:
            async with conn.transaction():
                # FOR UPDATE locks only a row that exists: create it first, so two first writers queue on it too
                await conn.execute(
                    _INSERT_DEFAULTS,
                    guild_id,
                    DEFAULTS.card_lookups,
                    DEFAULTS.public_by_default,
                    DEFAULTS.symbol_style,
                    emoji_json(DEFAULTS),
                )
                row = await conn.fetchrow(_SELECT_FOR_UPDATE, guild_id)
                assert row is not None  # inserted just above, in this transaction
                current = DEFAULTS if row["updated_at"] is None else self._from_row(row)
                new = change(current)
                await conn.execute(
                    _UPDATE,
                    guild_id,
                    new.card_lookups,
                    new.public_by_default,
                    new.symbol_style,
                    emoji_json(new),
                    new.updated_by,
                    None if new.updated_at is None else datetime.fromisoformat(new.updated_at),
                )
                return new

        return await self._call(transaction)

    async def _delete_settings(self, guild_id: int) -> None:
        async def delete(conn: _Conn) -> None:
            await conn.execute("DELETE FROM guild_settings WHERE guild_id = $1", guild_id)

        await self._call(delete)

    async def _insert_state(self, state: SavedState, payload: str) -> bool:
        async def insert(conn: _Conn) -> bool:
            status = await conn.execute(
                _INSERT_STATE,
                state.key,
                state.kind,
                payload,
                state.owner_id,
                state.created_at,
                state.expires_at,
            )
            return bool(status == "INSERT 0 1")

        return await self._call(insert)

    async def _select_state(self, key: str) -> SavedState | None:
        async def select(conn: _Conn) -> asyncpg.Record | None:
            return await conn.fetchrow(f"SELECT {_STATE_COLUMNS} FROM saved_state WHERE key = $1", key)

        row = await self._call(select)
        if row is None:
            return None
        return state_from_stored(
            row["key"], row["kind"], row["payload"], row["owner_id"], row["created_at"], row["expires_at"]
        )

    async def _put_state(self, state: SavedState, payload: str) -> None:
        async def put(conn: _Conn) -> None:
            await conn.execute(
                _PUT_STATE,
                state.key,
                state.kind,
                payload,
                state.owner_id,
                state.created_at,
                state.expires_at,
            )

        await self._call(put)

    async def _delete_expired(self, now: datetime) -> int:
        async def delete(conn: _Conn) -> int:
            status = await conn.execute("DELETE FROM saved_state WHERE expires_at <= $1", now)
            return int(status.split()[-1])

        return await self._call(delete)

    async def _delete_state(self, key: str) -> None:
        async def delete(conn: _Conn) -> None:
            await conn.execute("DELETE FROM saved_state WHERE key = $1", key)

        await self._call(delete)

    async def _set_payload(self, key: str, payload: str) -> None:
        async def update(conn: _Conn) -> None:
            await conn.execute("UPDATE saved_state SET payload = $2 WHERE key = $1", key, payload)

        await self._call(update)

    async def _owner_bytes(self, owner_id: int | None) -> int:
        async def measure(conn: _Conn) -> int:
            # the payload is ASCII JSON: its length is its size
            if owner_id is None:
                return int(
                    await conn.fetchval("SELECT coalesce(sum(octet_length(payload)), 0) FROM saved_state")
                )
            query = "SELECT coalesce(sum(octet_length(payload)), 0) FROM saved_state WHERE owner_id = $1"
            return int(await conn.fetchval(query, owner_id))

        return await self._call(measure)

    async def _drop_oldest(self, owner_id: int | None, keep: int) -> int:
        # each row's bytes summed from the newest down: a row past `keep` goes, in one statement
        mine = "" if owner_id is None else "WHERE owner_id = $2"
        query = (
            "DELETE FROM saved_state WHERE key IN (SELECT key FROM (SELECT key, sum(octet_length(payload)) OVER "
            f"(ORDER BY created_at DESC, key DESC) AS kept FROM saved_state {mine}) AS newest WHERE kept > $1)"
        )

        async def drop(conn: _Conn) -> int:
            args = (keep,) if owner_id is None else (keep, owner_id)
            status = await conn.execute(query, *args)
            return int(status.split()[-1])

        return await self._call(drop)


class _Down(Exception):
    """Internal: give up on this call (the reason goes to the log); `outage`: the store is unreachable, not just
    refusing this call."""

    def __init__(self, reason: str, *, outage: bool = True) -> None:
        super().__init__(reason)
        self.reason = reason
        self.outage = outage


def _reason(error: BaseException) -> str:
    text = str(error).strip().splitlines()[0] if str(error).strip() else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


async def migrate(pool: asyncpg.Pool) -> int:
    """Bring the schema up to `SCHEMA_VERSION` under an advisory lock; returns the version found before.

    Raises _Down when the database is of a newer schema than this bot knows (a newer bot migrated it)."""
    async with pool.acquire() as conn, conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))", LOCK_KEY)
        if (
            await conn.fetchval("SELECT to_regclass('riftbound_schema')") is None
        ):  # a user without CREATE may use it
            await conn.execute(
                "CREATE TABLE IF NOT EXISTS riftbound_schema "
                "(version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())"
            )
        found = int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM riftbound_schema"))
        if found > SCHEMA_VERSION:
            raise _Down(f"the database has schema {found}; this bot knows up to {SCHEMA_VERSION}")
        for version in range(found + 1, SCHEMA_VERSION + 1):
            await conn.execute(MIGRATIONS[version - 1])
            await conn.execute("INSERT INTO riftbound_schema (version) VALUES ($1)", version)
            log.info("applied store migration %d", version)
        return found


# Errors that no retry mends: the admin's settings are wrong (the fix, in one line, for each).
_FATAL: tuple[tuple[type[BaseException], str], ...] = (
    (
        asyncpg.exceptions.InvalidPasswordError,
        "PostgreSQL refused the user name or password in DATABASE_URL (it does not say which: an unknown user is "
        "refused as a wrong password is); check both (and percent-encode @ # / ? : % in them)",
    ),
    (
        asyncpg.exceptions.InvalidAuthorizationSpecificationError,
        "PostgreSQL refused the user in DATABASE_URL (no such role, or no right to connect); check the user name",
    ),
    (
        asyncpg.exceptions.InvalidCatalogNameError,
        "the database named in DATABASE_URL does not exist; create it (createdb NAME) or fix the name",
    ),
    (
        asyncpg.exceptions.InsufficientPrivilegeError,
        "the user in DATABASE_URL may not use that database (GRANT it CREATE and CONNECT), or fix the user",
    ),
)


async def preflight(url: str, *, timeout: float = 10.0) -> str | None:
    """Connect once before the bot starts: the line that stops it when the settings are wrong (a bad password, an
    unknown user or database, an sslmode the driver does not know, SSL asked of a server that offers none, a user
    that may not create or use the bot's tables), else None. A server that cannot be reached is an outage, not a
    setting: the bot starts and the store says it once and retries (None here too)."""
    where = describe_url(url)
    try:
        connection = await asyncpg.connect(url, timeout=timeout)
    except (
        asyncpg.exceptions.ClientConfigurationError
    ) as error:  # before TRANSIENT: it is an InterfaceError too
        return f"DATABASE_URL cannot be used: {_reason(error).split(': ', 1)[-1]} ({where})"
    except ConnectionError as error:
        if "SSL" in str(
            error
        ):  # "rejected SSL upgrade": sslmode=require (or verify-*) and a server without SSL
            return (
                f"PostgreSQL at {where} does not offer SSL, and DATABASE_URL's sslmode asks for it: turn SSL on at the "
                "server, or set sslmode=prefer (or disable) in DATABASE_URL"
            )
        return None
    except TRANSIENT:
        return None
    except asyncpg.PostgresError as error:
        for kind, line in _FATAL:
            if isinstance(error, kind):
                return f"{line} ({where})"
        return None
    except ValueError:  # asyncpg's own reading of the URL
        return f"DATABASE_URL cannot be read by the PostgreSQL driver ({where}); check its form"
    try:
        return await _rights(connection, where)
    except TRANSIENT:
        return None
    finally:
        await connection.close()


async def _rights(connection: asyncpg.Connection, where: str) -> str | None:
    """What the user of DATABASE_URL may not do that the store needs: create its tables (until they are all there),
    then read and write them."""
    row = await connection.fetchrow(
        "SELECT current_schema(), coalesce(has_schema_privilege(current_schema(), 'CREATE'), false), "
        "to_regclass('riftbound_schema') IS NOT NULL"
    )
    assert row is not None  # a SELECT without FROM returns one row
    schema, can_create, migrated = row
    user = await connection.fetchval("SELECT current_user")
    if schema is None:
        return f"DATABASE_URL's search_path names no schema that exists for {user}; create it or fix search_path ({where})"
    if migrated:
        allowed = await connection.fetchval(
            "SELECT bool_and(to_regclass(t) IS NULL OR has_table_privilege(t, 'SELECT, INSERT, UPDATE, DELETE')) "
            "FROM unnest(ARRAY['guild_settings', 'saved_state', 'riftbound_schema']) AS t"
        )
        if not allowed:
            return (
                f"the user {user} in DATABASE_URL may not read and write the bot's tables in schema {schema}: GRANT "
                f"SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {schema} TO {user} ({where})"
            )
    version = await connection.fetchval("SELECT max(version) FROM riftbound_schema") if migrated else 0
    if (version or 0) < SCHEMA_VERSION and not can_create:
        return (
            f"the user {user} in DATABASE_URL may not create the bot's tables in schema {schema}: "
            f"GRANT CREATE ON SCHEMA {schema} TO {user} (or migrate once as a user who may) ({where})"
        )
    return None
