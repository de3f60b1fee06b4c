"""Pause points in long pure-Python work: the in-memory indexes a refresh builds while the bot answers.

Whoever runs that work may hand in a `give_way` (`pausing`): the work calls `pause()` as it goes (per text stemmed, per
row read), and `give_way` decides whether to step aside for more urgent work (the bot: an answer waiting). Without one,
`pause()` does nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

T = TypeVar("T")

_give_way: ContextVar[Callable[[], None] | None] = ContextVar("give_way", default=None)


def pause() -> None:
    """A point where the work may step aside."""
    give_way = _give_way.get()
    if give_way is not None:
        give_way()


def paced(items: Iterable[T]) -> Iterator[T]:
    """The items, with a pause point before each."""
    give_way = _give_way.get()
    if give_way is None:
        yield from items
        return
    for item in items:
        give_way()
        yield item


@contextmanager
def pausing(give_way: Callable[[], None]) -> Iterator[None]:
    """Within the block (in this thread or task), `pause()` calls `give_way`."""
    token = _give_way.set(give_way)
    try:
        yield
    finally:
        _give_way.reset(token)
