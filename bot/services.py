"""What the cogs share: the database handle, symbol display, and calls into the engine (which decides every ruling);
and `off_loop`, which runs an answer in the answering thread.

An answer (a lookup, a search, the engine, rendering: the features' `answers.py`) is plain work without Discord I/O.
`off_loop` runs it in one worker thread, away from the event loop's, so that the loop keeps taking and answering other
interactions meanwhile (Python's switch interval, 5 ms, hands it the interpreter while the work runs), in its turn
(`bot/turns.py`: a refresh's warm-up steps aside for it). Every input is
bounded (no command costs more than 100 ms of CPU, `python -m bot bench`'s worst case), so the queue moves; one
thread, so that the answers share the database and its in-memory indexes without locks. The database is taken on the
loop's thread first (`holding`): an answer reads the one database that served when it started, whatever a refresh
swaps in meanwhile.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from bot.cooldowns import Cooldowns
from bot.database import CardsLookup, DatabaseHandle
from bot.turns import TURNS
from bot.ui.symbols import Symbols
from cardsdb.engine import Answer, check
from cardsdb.errors import DatabaseUnavailable

if TYPE_CHECKING:
    from bot.store import Store

P = ParamSpec("P")
T = TypeVar("T")

_ANSWERING = ThreadPoolExecutor(max_workers=1, thread_name_prefix="riftbound-answer")


@dataclass
class Services:
    db: DatabaseHandle
    symbols: Symbols = field(default_factory=Symbols)
    # per-user cooldowns (bot/cooldowns.py); rate 0 (the default here, as in tests) is off
    cooldowns: Cooldowns = field(default_factory=lambda: Cooldowns(rate=0))
    # each user's budget of autocompletes and of button and menu presses, apart from the commands' (off here too)
    autocompletes: Cooldowns = field(default_factory=lambda: Cooldowns(rate=0))
    presses: Cooldowns = field(default_factory=lambda: Cooldowns(rate=0))
    # per-server settings (/settings) and the saved state of persistent buttons (bot/store/); None: every server
    # gets the defaults and answers have no stateful buttons
    store: Store | None = None
    # (the handle's generation, the database) this answer reads throughout: set by `holding`
    held: tuple[int, CardsLookup] | None = None
    # the meta table by the handle's generation: one dict shared by every copy of these services (`replace`)
    _meta: dict[int, dict[str, str]] = field(default_factory=dict, repr=False)

    def cards(self) -> CardsLookup:
        return self.held[1] if self.held is not None else self.db.get()

    def holding(self) -> Services:
        """These services reading, whatever is swapped in later, the database serving now (when none is, the
        answer's own `cards()` says so, as it would have)."""
        try:
            db = self.db.get()
        except DatabaseUnavailable:
            return self
        return replace(self, held=(self.db.generation, db))

    def meta(self) -> dict[str, str]:
        """The database's meta table, read once per database (a refresh swaps in another)."""
        generation = self.held[0] if self.held is not None else self.db.generation
        found = self._meta.get(generation)
        if found is None:
            found = dict(self.cards().meta())
            self._meta.clear()
            self._meta[generation] = found
        return found


async def off_loop(
    work: Callable[Concatenate[Services, P], T], services: Services, *args: P.args, **kwargs: P.kwargs
) -> T:
    """`work(services, ...)` run in the answering thread, over the database serving now (see the module docstring).
    What it raises is raised here."""
    held = services.holding()
    loop = asyncio.get_running_loop()
    context = (
        contextvars.copy_context()
    )  # as asyncio.to_thread does: what the caller set is set for the work too
    call = functools.partial(context.run, work, held, *args, **kwargs)
    return await loop.run_in_executor(_ANSWERING, TURNS.answer, call)


def engine_check(scenario: str | Mapping[str, Any], cards: CardsLookup) -> Answer:
    """Ask the engine; the answer as the engine's typed `Answer`. Raises the engine's ScenarioError."""
    return check(scenario, cards)
