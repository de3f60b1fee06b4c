"""CPU time of one call, for the tests that bound work (never a benchmark: those are `python -m bot bench`'s).

A full collection of the whole test session's heap (50-90 ms here, twice that on a busy machine) is not a cost of the
input: the heap is collected first and the collector paused during the call."""

from __future__ import annotations

import gc
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")


@contextmanager
def _collector_paused() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def cpu_ms(call: Callable[[], T]) -> tuple[float, T]:
    """(milliseconds of this process's CPU that `call()` took, what it returned)."""
    with _collector_paused():
        start = time.process_time()
        result = call()
        return (time.process_time() - start) * 1000, result


async def cpu_ms_async(call: Callable[[], Awaitable[T]]) -> tuple[float, T]:
    """(milliseconds of this process's CPU that `await call()` took, what it gave); the answering thread counts."""
    with _collector_paused():
        start = time.process_time()
        result = await call()
        return (time.process_time() - start) * 1000, result
