"""Answers come first: a refresh's warm-up (about a second of pure Python building the new database's indexes, in a
worker thread) steps aside while any interaction is being answered.

The warm-up runs in steps between pause points (`cardsdb.search.pacing`: each text stemmed, each rule read). At each
one it looks whether an answer is in flight: an interaction between its arrival and its reply (`answering`, on the
event loop's thread: commands, autocomplete, buttons, forms, `[[card]]`), or work in the answering thread (`answer`).
If one is, it waits until none is. So that answers without pause (a busy bot, or one stuck on Discord's API) do not
hold a refresh back for ever, it waits at most `MAX_GIVE_WAY_S` at a time, then works on for `STEPS_UNDER_LOAD_S`
before it looks again: under load the warm-up takes about a tenth of the interpreter and lasts about ten times as long.

The answering thread's work also takes a turn (`_turn`) that the warm-up holds during a step: an answer waits for the
warm-up's current step (mostly well under a millisecond), never for the warm-up. Sharing the interpreter instead would
double an answer's time and add a switch interval each time the answer gives the interpreter up (every SQLite call,
every turn of the event loop).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from cardsdb.search.pacing import pausing

T = TypeVar("T")

MAX_GIVE_WAY_S = 0.1  # the longest the warm-up waits for answers at a time
STEPS_UNDER_LOAD_S = 0.01  # then it works this long before it looks again


class Turns:
    """Who runs now: the answers in flight, or a refresh's warm-up (one of them at a time; `TURNS` is the bot's)."""

    def __init__(self) -> None:
        self._turn = threading.Lock()
        self._counting = threading.Lock()
        self._busy = 0  # interactions being answered, and answers waiting for or holding the turn
        self._idle = threading.Event()
        self._idle.set()
        # after a wait that did not end, the warm-up works on until then (perf_counter)
        self._working_until = 0.0

    @property
    def in_flight(self) -> int:
        """Interactions being answered, and answers waiting for or holding the turn."""
        return self._busy

    @contextmanager
    def answering(self) -> Iterator[None]:
        """Around one interaction's answer, from its arrival to its reply: the warm-up waits meanwhile."""
        self._count(+1)
        try:
            yield
        finally:
            self._count(-1)

    def answer(self, call: Callable[[], T]) -> T:
        """`call()` in its turn (in the answering thread): at once, unless the warm-up is in the middle of a step."""
        with self.answering(), self._turn:
            return call()

    @contextmanager
    def warming(self) -> Iterator[None]:
        """The block runs as the warm-up: it holds the turn, and gives it up while answers are in flight."""
        with self._turn, pausing(self._give_way):
            yield

    def _count(self, change: int) -> None:
        with self._counting:
            self._busy += change
            if self._busy:
                self._idle.clear()
            else:
                self._idle.set()

    def _give_way(self) -> None:
        if not self._busy:  # read without the lock: a step late at worst
            return
        if self._working_until and time.perf_counter() < self._working_until:
            return
        self._turn.release()
        try:
            idle = self._idle.wait(MAX_GIVE_WAY_S)
        finally:
            self._turn.acquire()
        self._working_until = 0.0 if idle else time.perf_counter() + STEPS_UNDER_LOAD_S


TURNS = Turns()
