"""What a caller of the HTTP API or the MCP server may send: what the bot reads of what a user types, made ready the
same way (`cardsdb/search/typed.py`), so that no question costs more than the bot's worst case (100 ms of CPU,
`python -m bot bench`); a body limit; a rate per client.

Each value is made ready as the bot makes its options ready (spaces folded, nothing invisible, no zalgo; a paste keeps
its lines and their indentation) and held to the limit of its kind, the bot's: a name 200 characters, a question, a
search or a rule number 500, a paste (a position or a deck list) 6,000, a deck code 1,000. The bot cuts an option at its limit;
a program is told instead, in one line. The engine and the deck check hold what they read to their own limits as
well (`cardsdb/engine/position/bounds.py`, `cardsdb/deck/deck_list.py`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from cardsdb.errors import BadInput
from cardsdb.search.typed import (
    CODE_LIMIT,
    NAME_LIMIT,
    PASTE_LIMIT,
    QUERY_LIMIT,
    READ_FACTOR,
    typed_line,
    typed_lines,
)

MAX_NAME = NAME_LIMIT
"""A card's or a keyword's name."""
MAX_QUERY = QUERY_LIMIT
"""A question, a search, a rule number, a version, a format."""
MAX_PASTE = PASTE_LIMIT
"""A position (YAML, JSON or a scenario code), a deck list."""
MAX_CODE = CODE_LIMIT
"""A deck code."""
MAX_BODY_BYTES = 64 * 1024
"""A request body at most (a paste of the limit above, written as JSON with every character escaped, fits)."""
MAX_WAITING = 64
"""Questions waiting for the answering thread at most; past it the API answers 503 at once (try again in a second)."""

DEFAULT_RATE = (30, 10.0)
"""Questions per client address per seconds: a burst of 30, then one every third of a second."""
MAX_CLIENTS = 10_000
"""Client buckets kept at most; full (idle) ones are dropped first, then the oldest."""


def typed_value(
    value: str | None, what: str, limit: int = MAX_QUERY, *, lines: bool = False, required: bool = True
) -> str | None:
    """What a caller typed, made ready as the bot makes it (`typed_line`, or `typed_lines` for a paste that keeps its
    lines and their indentation); None when absent or empty and not required. BadInput in one line naming `what` when
    it is required and missing or empty, or longer than `limit` characters once made ready (text many times longer
    is refused unread)."""
    if value is not None and len(value) > limit * READ_FACTOR:
        raise BadInput(f"{what} is longer than the {limit:,} characters accepted")
    ready = "" if value is None else (typed_lines(value) if lines else typed_line(value, limit + 1)).strip()
    if not ready:
        if required:
            raise BadInput(f"{what} is missing: give it a value")
        return None
    if len(ready) > limit:
        raise BadInput(f"{what} is longer than the {limit:,} characters accepted")
    return ready


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
