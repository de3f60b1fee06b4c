"""The interface every store implements, and what it shares: checks, saved-state rules, logging an outage once.

A store keeps two things: each server's settings (`GuildSettings`) and the saved state behind persistent buttons
(`save(kind, payload, owner_id) -> key`, `load(key) -> SavedState | Gone`). A backend implements the few primitives at the
bottom (`_read_settings`, `_modify_settings`, ...); the public methods here check their input, stamp changes and keys,
and turn any failure of the backend into `StoreUnavailable`, whose `str()` is the one line a user sees.
"""

from __future__ import annotations

import abc
import base64
import contextlib
import enum
import hashlib
import json
import logging
import re
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar

from bot.store.guild_settings import (
    DEFAULTS,
    GuildSettings,
    check_emoji,
    check_id,
    normalize_token,
    now_iso,
    validate_changes,
)
from cardsdb.errors import CardsDBError

log = logging.getLogger("bot.store")

DEFAULT_STATE_DAYS = 90
KEY_LENGTH = 12  # secrets.token_urlsafe(9): 72 random bits
KEY_PATTERN = r"[A-Za-z0-9_-]{12}"
_KEY = re.compile(KEY_PATTERN)
_KIND = re.compile(r"[a-z][a-z0-9_]{0,31}")
# What an answer's buttons need is small: a scenario code, a card name and options, a query of at most 500 characters,
# a pasted list only while it is short (`bot.answer_state.bounded`). A larger payload is a bug of the caller.
MAX_PAYLOAD_BYTES = 8_192
USER_BUDGET_BYTES = 1 << 20
"""Saved state one user's answers may hold (about 3,000 answers of the usual size); past it, their oldest goes."""
TOTAL_BUDGET_BYTES = 256 << 20
"""Saved state all answers together may hold; past it, the oldest goes (checked every few hundred saves)."""
TRIM_TO = 0.9  # past a budget, the oldest rows go until this share of it is left
USERS_TRACKED = (
    10_000  # users whose saved bytes this process keeps count of (the others are measured when they save)
)
TOTAL_CHECK_EVERY = 256  # saves between two measures of the whole store (a full scan), and at every purge
PURGE_EVERY = timedelta(hours=1)  # expired rows are deleted at start and then at most this often, on a save

UNAVAILABLE = "Saved settings and buttons cannot be reached right now; please try again in a moment."


class StoreUnavailable(CardsDBError):
    """The store cannot be used right now. `str()` is the line for the user; `reason` is for the log."""

    def __init__(self, reason: str) -> None:
        super().__init__(UNAVAILABLE)
        self.reason = reason


class Gone(enum.Enum):
    """Why `load` found nothing: the state expired, or there is none under that key (never saved, or purged)."""

    EXPIRED = "expired"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class SavedState:
    key: str
    kind: str  # which component saved it ("search", ...): a key of another kind is unknown to a component
    payload: Mapping[str, Any]  # small JSON object
    owner_id: int | None  # who may press it; None: anyone
    created_at: datetime
    expires_at: datetime


def utc_now() -> datetime:
    return datetime.now(UTC)


def new_key() -> str:
    return secrets.token_urlsafe(9)


def derived_key(root: str, kind: str, owner_id: int | None, payload: str) -> str:
    """The key of a state derived from another (`root`, a random key: this one is as hard to guess): 72 bits of a
    hash of the root and the state."""
    digest = hashlib.sha256("\x00".join((root, kind, str(owner_id), payload)).encode()).digest()
    return base64.urlsafe_b64encode(digest[:9]).decode("ascii")


def payload_json(payload: Mapping[str, Any]) -> str:
    """The payload as stored; raises ValueError (a bug in the caller) when it is not a small JSON object."""
    if not isinstance(payload, Mapping):
        raise ValueError(f"saved state is a JSON object, not {type(payload).__name__}")
    # ASCII only (\uXXXX escapes): a NUL or a lone surrogate a user typed is stored as plain text by any backend
    text = json.dumps(dict(payload), sort_keys=True, separators=(",", ":"), allow_nan=False)
    if len(text.encode()) > MAX_PAYLOAD_BYTES:
        raise ValueError(f"saved state of {len(text.encode())} bytes is over {MAX_PAYLOAD_BYTES}")
    return text


class _Health:
    """Says once that the store went away (with why), and once that it is back."""

    def __init__(self, describe: str) -> None:
        self.describe = describe
        self.down = False

    def failed(self, reason: str) -> None:
        if not self.down:
            self.down = True
            log.error(
                "%s is unavailable (%s): answering with default settings and without saved buttons until it is back",
                self.describe,
                reason,
            )

    def ok(self) -> None:
        if self.down:
            self.down = False
            log.warning("%s is available again", self.describe)


class Store(abc.ABC):
    """Server settings and saved state. Safe for many interactions at once; every method is a coroutine."""

    backend: ClassVar[str]

    def __init__(
        self,
        *,
        describe: str,
        state_ttl: timedelta = timedelta(days=DEFAULT_STATE_DAYS),
        clock: Callable[[], datetime] = utc_now,
        user_budget: int = USER_BUDGET_BYTES,
        total_budget: int = TOTAL_BUDGET_BYTES,
    ) -> None:
        if state_ttl <= timedelta(0):
            raise ValueError("saved state must live a positive time")
        if not MAX_PAYLOAD_BYTES <= user_budget <= total_budget:
            raise ValueError("a budget holds at least one answer, and one user's at most the whole store's")
        self.state_ttl = state_ttl
        self.clock = clock  # replaceable in tests: expiry is decided by this clock, never by the server's
        self.health = _Health(describe)
        self.user_budget = user_budget
        self.total_budget = total_budget
        self._next_purge = 0.0  # time.monotonic() after which a save purges expired rows
        self._saves_since_measure = 0
        # bytes each recent user's states hold, as measured and counted up since: measured again past the budget
        self._user_bytes: OrderedDict[int, int] = OrderedDict()

    # --- lifetime ---

    async def start(self) -> None:
        """Open the store and bring its schema up to date. Never raises for an unreachable store: it says so once,
        and every call then answers StoreUnavailable until it is back."""
        with contextlib.suppress(
            StoreUnavailable
        ):  # said once by the backend; calls answer it until it is back
            await self.purge_expired()

    async def close(self) -> None:  # noqa: B027  (a backend without anything to close keeps this)
        """Release connections."""

    # --- settings ---

    async def get_settings(self, guild_id: int) -> GuildSettings:
        """This server's settings, or the defaults when it has none. Read through: never a stale copy."""
        check_id("guild_id", guild_id)
        found = await self._read_settings(guild_id)
        return DEFAULTS if found is None else found

    async def update_settings(self, guild_id: int, *, user_id: int, **changes: object) -> GuildSettings:
        """Change some settings of one server in one transaction; returns the settings now in force.

        `emoji` replaces the whole token -> emoji mapping; `set_emoji` changes one token.
        """
        check_id("guild_id", guild_id)
        check_id("user_id", user_id)
        checked = validate_changes(changes)
        return await self._modify_settings(
            guild_id, _stamped(user_id, lambda current: replace(current, **checked))
        )

    async def set_emoji(self, guild_id: int, *, user_id: int, token: str, emoji: str | None) -> GuildSettings:
        """Set (or with None, remove) the custom emoji of one symbol token, keeping the others."""
        check_id("guild_id", guild_id)
        check_id("user_id", user_id)
        name = normalize_token(token)
        value = None if emoji is None else check_emoji(emoji)

        def change(current: GuildSettings) -> GuildSettings:
            mapping = dict(current.emoji)
            if value is None:
                mapping.pop(name, None)
            else:
                mapping[name] = value
            return replace(current, emoji=mapping)

        return await self._modify_settings(guild_id, _stamped(user_id, change))

    async def reset_settings(self, guild_id: int) -> GuildSettings:
        """Forget a server's settings: it gets the defaults again."""
        check_id("guild_id", guild_id)
        await self._delete_settings(guild_id)
        return DEFAULTS

    # --- saved state ---

    async def save(
        self, kind: str, payload: Mapping[str, Any], owner_id: int | None, *, derived_from: str | None = None
    ) -> str:
        """Keep `payload` for `state_ttl` and return its key (12 characters, for a component's custom_id).

        `derived_from`: the key of the state this one changes (an answer's first state). The key is then derived
        from that key and the state itself, so that saving the same state again renews one row instead of adding
        another: a thousand toggles of one answer keep as many rows as the positions they visit.

        Raises StoreUnavailable when it cannot be kept: the caller then answers without stateful buttons."""
        if not _KIND.fullmatch(kind):
            raise ValueError(f"a saved-state kind is a short lower-case name, not {kind!r}")
        if owner_id is not None:
            check_id("owner_id", owner_id)
        text = payload_json(payload)
        now = self.clock()
        if derived_from is not None:
            key = derived_key(derived_from, kind, owner_id, text)
            state = SavedState(key, kind, payload, owner_id, now, now + self.state_ttl)
            await self._put_state(state, text)
        else:
            # a clash of 72 random bits is all but impossible; a few tries make it impossible
            for _ in range(3):
                state = SavedState(new_key(), kind, payload, owner_id, now, now + self.state_ttl)
                if await self._insert_state(state, text):
                    break
            else:
                raise StoreUnavailable("no free key for saved state after 3 tries")
        with contextlib.suppress(StoreUnavailable):  # the state is saved; keeping to the budgets can wait
            await self._keep_budgets(owner_id, len(text))
        return state.key

    async def _keep_budgets(self, owner_id: int | None, saved: int) -> None:
        """After a save of `saved` bytes: the user's oldest states out past their budget; now and then (and at each
        purge of expired rows) the whole store's oldest past its budget."""
        if owner_id is not None:
            await self._keep_user_budget(owner_id, saved)
        self._saves_since_measure += 1
        if time.monotonic() >= self._next_purge:
            await self.purge_expired()
        elif self._saves_since_measure >= TOTAL_CHECK_EVERY:
            await self.keep_total_budget()

    async def _keep_user_budget(self, owner_id: int, saved: int) -> None:
        """Measured the first time a user saves (and when counted past the budget: another process may have saved
        for them too, and a renewed state counts twice), counted up in between: a save costs no query of its own."""
        counted = self._user_bytes.pop(owner_id, None)
        held = await self._owner_bytes(owner_id) if counted is None else counted + saved
        if held > self.user_budget and counted is not None:
            held = await self._owner_bytes(owner_id)
        if held > self.user_budget:
            dropped = await self._drop_oldest(owner_id, int(self.user_budget * TRIM_TO))
            log.info("a user's saved answers reached their budget: the oldest %d went", dropped)
            held = await self._owner_bytes(owner_id)
        self._user_bytes[owner_id] = held
        if len(self._user_bytes) > USERS_TRACKED:
            self._user_bytes.popitem(last=False)

    async def keep_total_budget(self) -> int:
        """The oldest saved states out while the store holds more than its budget; returns how many went."""
        self._saves_since_measure = 0
        if await self._owner_bytes(None) <= self.total_budget:
            return 0
        dropped = await self._drop_oldest(None, int(self.total_budget * TRIM_TO))
        log.warning("saved answers reached the store's budget: the oldest %d went", dropped)
        return dropped

    async def claim(self, kind: str, root: str, owner_id: int | None) -> tuple[str, SavedState | None]:
        """The one state of `kind` that belongs to the state saved under `root` (what happened to that answer once:
        it was posted publicly): (its key, None) when this call claims it, with an empty payload to `fill`; (its
        key, the state) when an earlier call did. One claim wins however many run at once."""
        if not _KIND.fullmatch(kind):
            raise ValueError(f"a saved-state kind is a short lower-case name, not {kind!r}")
        key = derived_key(root, kind, None, "")
        now = self.clock()
        if await self._insert_state(SavedState(key, kind, {}, owner_id, now, now + self.state_ttl), "{}"):
            return key, None
        found = await self._select_state(key)
        if found is None:  # gone since (expired and purged): claimed now
            return await self.claim(kind, root, owner_id)
        return key, found

    async def fill(self, key: str, payload: Mapping[str, Any]) -> None:
        """Give a claimed state its payload."""
        await self._set_payload(key, payload_json(payload))

    async def release(self, key: str) -> None:
        """Give a claim up (what it was for failed): the next claim wins."""
        await self._delete_state(key)

    async def load(self, key: str, kind: str | None = None) -> SavedState | Gone:
        """The state saved under `key` (of `kind`, when given), or why there is none."""
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            return Gone.UNKNOWN
        state = await self._select_state(key)
        if state is None or (kind is not None and state.kind != kind):
            return Gone.UNKNOWN
        if state.expires_at <= self.clock():
            return Gone.EXPIRED
        return state

    async def purge_expired(self) -> int:
        """Delete the state that has expired; returns how many rows went."""
        self._next_purge = time.monotonic() + PURGE_EVERY.total_seconds()
        purged = await self._delete_expired(self.clock())
        if purged:
            log.info("purged %d expired saved answers from %s", purged, self.health.describe)
        await self.keep_total_budget()
        return purged

    # --- what a backend implements; each raises StoreUnavailable when the backend fails ---

    @abc.abstractmethod
    async def _read_settings(self, guild_id: int) -> GuildSettings | None: ...

    @abc.abstractmethod
    async def _modify_settings(
        self, guild_id: int, change: Callable[[GuildSettings], GuildSettings]
    ) -> GuildSettings:
        """In one transaction that keeps other writers of this server out: read, `change`, write; return the new."""

    @abc.abstractmethod
    async def _delete_settings(self, guild_id: int) -> None: ...

    @abc.abstractmethod
    async def _insert_state(self, state: SavedState, payload: str) -> bool:
        """Insert a row; False (and nothing written) when the key is taken."""

    @abc.abstractmethod
    async def _select_state(self, key: str) -> SavedState | None: ...

    @abc.abstractmethod
    async def _put_state(self, state: SavedState, payload: str) -> None:
        """Insert a row, or where its key is taken (by the same state: keys derived from it), renew its expiry."""

    @abc.abstractmethod
    async def _delete_expired(self, now: datetime) -> int: ...

    @abc.abstractmethod
    async def _set_payload(self, key: str, payload: str) -> None: ...

    @abc.abstractmethod
    async def _delete_state(self, key: str) -> None: ...

    @abc.abstractmethod
    async def _owner_bytes(self, owner_id: int | None) -> int:
        """The bytes of the payloads one user saved (None: of every saved state)."""

    @abc.abstractmethod
    async def _drop_oldest(self, owner_id: int | None, keep: int) -> int:
        """Delete one user's (None: anyone's) oldest saved states until at most `keep` bytes of theirs are left;
        returns how many went."""


def _stamped(
    user_id: int, change: Callable[[GuildSettings], GuildSettings]
) -> Callable[[GuildSettings], GuildSettings]:
    return lambda current: replace(change(current), updated_by=user_id, updated_at=now_iso())


def state_from_stored(
    key: str, kind: str, payload: str, owner_id: int | None, created_at: datetime, expires_at: datetime
) -> SavedState | None:
    """A stored row as SavedState; None (logged) when its payload is not a JSON object."""
    try:
        data = json.loads(payload)
    except ValueError as error:
        log.warning("saved state %s is not JSON (%s); treated as unknown", key, error)
        return None
    if not isinstance(data, dict):
        log.warning("saved state %s is not a JSON object; treated as unknown", key)
        return None
    return SavedState(key, kind, data, owner_id, created_at, expires_at)
