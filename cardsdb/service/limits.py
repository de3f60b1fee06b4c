"""What a caller of the HTTP API or the MCP server may send: the bot's caps on what a user types, so that no question
costs more than the bot's worst case (100 ms of CPU, `python -m bot bench`), a body limit, and a rate per client.

The caps are the bot's: a Discord text option holds 6,000 characters, `/hidden scenario` reads 8,000
(`bot/hidden/answers.py`), `/deck check` a list of 6,000 and a code of 4,000 (`bot/deck/`). The engine and the deck
check hold what they read to their own limits as well (`cardsdb/engine/bounds.py`, `cardsdb/deck/deck_list.py`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from cardsdb.errors import BadInput

MAX_TEXT = 6_000
"""A name, a question, a search, a rule number: what one Discord text option holds."""
MAX_SCENARIO = 8_000
"""A position (YAML, JSON or a scenario code), as `/hidden scenario` reads it."""
MAX_DECK_LIST = 6_000
"""A pasted deck list, as `/deck check list:` reads it."""
MAX_DECK_CODE = 4_000
"""A deck code, as `/deck check code:` reads it."""
MAX_BODY_BYTES = 64 * 1024
"""A request body at most (a position or a deck list of the caps above, written as JSON with every character escaped,
fits)."""
MAX_WAITING = 64
"""Questions waiting for the answering thread at most; past it the API answers 503 at once (try again in a second)."""

DEFAULT_RATE = (30, 10.0)
"""Questions per client address per seconds: a burst of 30, then one every third of a second."""
MAX_CLIENTS = 10_000
"""Client buckets kept at most; full (idle) ones are dropped first, then the oldest."""


def text_value(value: str | None, what: str, limit: int = MAX_TEXT, *, required: bool = True) -> str | None:
    """What a caller typed, as the answers read it: stripped; None when absent and not required. BadInput, in one
    line naming `what`, when it is required and missing or empty, or longer than `limit` characters."""
    if value is None or not value.strip():
        if required:
            raise BadInput(f"{what} is missing: give it a value")
        return None
    if len(value) > limit:
        raise BadInput(f"{what} is {len(value):,} characters long; at most {limit:,} are accepted")
    return value.strip()


def parse_rate(value: str | None) -> tuple[int, float]:
    """`--rate`: "30/10" (30 questions per 10 seconds per client), "off" or "0" (no limit); unset gives 30/10."""
    text = (value or "").strip().lower()
    if not text:
        return DEFAULT_RATE
    if text in ("0", "off", "none", "no"):
        return 0, DEFAULT_RATE[1]
    count, _, per = text.partition("/")
    try:
        rate, seconds = int(count), float(per or DEFAULT_RATE[1])
    except ValueError:
        rate, seconds = -1, -1.0
    if rate < 0 or not 0 < seconds <= 3600:
        raise BadInput(f"--rate must look like 30/10 (30 questions per 10 seconds) or off, not {text[:20]!r}")
    return rate, seconds


@dataclass
class RateLimit:
    """A token bucket per client: `wait(client)` spends one question and returns 0, or returns the seconds until the
    client may ask again (spending nothing). `rate` 0 is no limit."""

    rate: int = DEFAULT_RATE[0]
    per: float = DEFAULT_RATE[1]
    clock: Callable[[], float] = time.monotonic
    _buckets: dict[str, tuple[float, float]] = field(
        default_factory=dict, repr=False
    )  # client: (tokens, when)

    def _tokens(self, client: str, now: float) -> float:
        tokens, when = self._buckets.get(client, (float(self.rate), now))
        return min(float(self.rate), tokens + max(now - when, 0.0) * self.rate / self.per)

    def wait(self, client: str) -> float:
        if self.rate <= 0:
            return 0.0
        now = self.clock()
        tokens = self._tokens(client, now)
        if tokens < 1:
            self._buckets[client] = (tokens, now)
            return (1 - tokens) * self.per / self.rate
        if client not in self._buckets and len(self._buckets) >= MAX_CLIENTS:
            self._forget(now)
        self._buckets[client] = (tokens - 1, now)
        return 0.0

    def _forget(self, now: float) -> None:
        for client in [c for c in self._buckets if self._tokens(c, now) >= self.rate]:
            del self._buckets[client]
        if len(self._buckets) >= MAX_CLIENTS:
            del self._buckets[min(self._buckets, key=lambda c: self._buckets[c][1])]


def retry_after(seconds: float) -> int:
    """Whole seconds for a Retry-After header: at least 1."""
    return max(1, math.ceil(seconds))
