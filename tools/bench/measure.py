"""Timing helpers for the benchmark: percentiles of many calls, async calls, and a cold start in a fresh process."""

from __future__ import annotations

import json
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

Stats = dict[str, float]


def percentiles(samples_ms: Sequence[float]) -> Stats:
    """{"p50", "p99"} in milliseconds (nearest rank), rounded to microseconds."""
    if not samples_ms:
        return {"p50": math.nan, "p99": math.nan}
    ordered = sorted(samples_ms)

    def rank(p: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, math.ceil(p * len(ordered)) - 1))]

    return {"p50": round(rank(0.50), 3), "p99": round(rank(0.99), 3)}


def cycle(items: Sequence[T], count: int) -> list[T]:
    """`count` items, going round `items` as often as needed (in order, so runs are comparable)."""
    if not items:
        return []
    return [items[i % len(items)] for i in range(count)]


def time_calls(fn: Callable[[T], object], inputs: Iterable[T], *, warmup: int = 20) -> Stats:
    """Call fn on every input, after `warmup` untimed calls on the first inputs; p50 and p99 of one call."""
    items = list(inputs)
    for item in items[:warmup]:
        fn(item)
    samples: list[float] = []
    clock = time.perf_counter_ns
    for item in items:
        start = clock()
        fn(item)
        samples.append((clock() - start) / 1e6)
    return percentiles(samples)


async def time_async_calls(
    fn: Callable[[T], Awaitable[object]], inputs: Iterable[T], *, warmup: int = 10
) -> Stats:
    items = list(inputs)
    for item in items[:warmup]:
        await fn(item)
    samples: list[float] = []
    clock = time.perf_counter_ns
    for item in items:
        start = clock()
        await fn(item)
        samples.append((clock() - start) / 1e6)
    return percentiles(samples)


# The child of a cold start: import the bot, open the database, build the tree exactly as `python -m bot` does
# (create_bot + setup_hook, through the harness instead of a Discord login), then answer a few commands the way a
# server would, and report the wall-clock times and its own peak RSS as one JSON line.
_COLD_CHILD = r"""
import time
started = time.time()
import asyncio, dataclasses, json, resource, sys, tempfile
from pathlib import Path
from bot.database import DatabaseHandle, load_meaning, open_cardsdb
from bot.factory import create_bot
from bot.harness import Harness
from bot.settings import Settings
from bot.store.sqlite import SqliteStore

async def main(scratch):
    path = Path(sys.argv[1])
    handle = DatabaseHandle(open_cardsdb(path), path=path)
    settings = dataclasses.replace(Settings.from_env({}, need_token=False), db_path=path)
    store = SqliteStore(Path(scratch) / "settings.sqlite3")
    bot = create_bot(settings, handle, sharded=True, store=store)
    harness = await Harness.start(bot, strict=False)
    ready = time.time()
    await harness.command("card", {"name": "Hidden Blade"}, user_id=1)
    first = time.time()
    await harness.autocomplete("card", {"name": "hidd"}, "name", user_id=2)
    await harness.command("rule", {"query": "811.1.d"}, user_id=3)
    await harness.command("ruling", {"query": "hidden"}, user_id=4)
    await harness.command("hidden play", {"card": "Hidden Blade"}, user_id=5)
    await harness.command("search", {"query": "kw:hidden t:spell"}, user_id=6)
    await asyncio.to_thread(load_meaning().join)  # the encoder, loaded in its warm-up: held in the peak below
    await harness.command("rule", {"query": "how many points do i need to win"}, user_id=7)
    by_meaning = time.time()
    rss_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    try:  # VmHWM: this process's own peak; ru_maxrss may carry the parent's over fork and exec
        with open("/proc/self/status") as status:
            rss_kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration, ValueError):
        pass
    print(json.dumps({"started": started, "ready": ready, "first_answer": first, "by_meaning": by_meaning,
                      "rss_kb": rss_kb}))

with tempfile.TemporaryDirectory() as scratch:
    asyncio.run(main(scratch))
"""


def cold_start(db_path: Path, runs: int = 5) -> dict[str, Any]:
    """Median over `runs` fresh processes: seconds until the command tree is ready and until the first answer.

    Times run from just before the process is spawned, so interpreter start-up and every import count.
    `by_meaning_s`: until a question in words is answered by meaning, after a few other answers (the encoder loaded in
    its warm-up meanwhile). `rss_mb` is the largest peak resident set of those bot-like processes, the encoder loaded.
    """
    ready: list[float] = []
    first: list[float] = []
    by_meaning: list[float] = []
    rss_kb: list[int] = []
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    for _ in range(max(1, runs)):
        spawned = time.time()
        done = subprocess.run(
            [sys.executable, "-c", _COLD_CHILD, str(db_path)],
            capture_output=True,
            text=True,
            env=env,
            check=False,
            timeout=120,
        )
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        if done.returncode != 0 or not lines:
            tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise RuntimeError(f"the cold-start process failed: {tail}")
        report = json.loads(lines[-1])
        ready.append(report["ready"] - spawned)
        first.append(report["first_answer"] - spawned)
        by_meaning.append(report["by_meaning"] - spawned)
        rss_kb.append(int(report["rss_kb"]))
    return {
        "cold_start_s": round(statistics.median(ready), 3),
        "first_answer_s": round(statistics.median(first), 3),
        "by_meaning_s": round(statistics.median(by_meaning), 3),
        "rss_mb": round(max(rss_kb) / 1024, 1),
        "runs": len(ready),
    }


def peak_rss_mb() -> float:
    """This process's peak resident set (Linux reports kilobytes)."""
    import resource

    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
