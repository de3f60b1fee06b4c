"""The HTTP API's endpoints timed over a real socket: `python -m cardsdb serve` started as its own process (no rate
limit), one client sending one question at a time on a kept-alive connection, p50 and p99 of each request from the
client's side (the whole HTTP round trip: the request written, answered in the server's answering thread, the JSON
read back); the server process's CPU per request (from /proc: what a loaded machine changes least); then how many
questions a second one worker answers with 16 in flight. The same inputs as the in-process figures, so the two sit
side by side."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

import aiohttp

from tools.bench.measure import Stats, cycle, time_async_calls

# method, path, body: one request
Request = tuple[str, str, Any]
READY_TIMEOUT_S = 120.0  # the server warms its indexes before it listens; generous on a busy machine


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def endpoint_inputs(
    names: Sequence[str],
    rules: Sequence[str],
    questions: Sequence[str],
    ruling_words: Sequence[str],
    scenarios: Sequence[dict[str, Any]],
    deck_lists: Sequence[str],
) -> dict[str, list[Request]]:
    """The requests timed per endpoint, from the benchmark's own inputs."""
    searches = ["kw:hidden t:spell", "d:order e<=2", "t:unit m>=4", "o:kill", "-t:unit kw:hidden", "tag:poro"]
    changes = [("v1.3", "v1.4", "811"), ("v1.4", "2026-10-09", ""), ("v1.3", "v1.4", "422")]
    return {
        "/v1/health": [("GET", "/v1/health", None)],
        "/v1/cards/{name}": [("GET", f"/v1/cards/{quote(n, safe='')}", None) for n in names],
        "/v1/search": [("GET", f"/v1/search?q={quote(q)}", None) for q in searches],
        "/v1/keywords/{name}": [("GET", f"/v1/keywords/{k}", None) for k in ("hidden", "deflect", "assault")],
        "/v1/rules/{number}": [("GET", f"/v1/rules/{quote(r)}", None) for r in rules],
        "/v1/rules": [("GET", f"/v1/rules?q={quote(q)}", None) for q in questions],
        "/v1/rulings": [("GET", f"/v1/rulings?q={quote(q)}", None) for q in ruling_words],
        "/v1/changes": [("GET", f"/v1/changes?from={a}&to={b}&under={u}", None) for a, b, u in changes],
        "/v1/check": [("POST", "/v1/check", s) for s in scenarios],
        "/v1/deck/check": [("POST", "/v1/deck/check", {"list": d}) for d in deck_lists],
        "/openapi.json": [("GET", "/openapi.json", None)],
    }


class _Server:
    """`python -m cardsdb serve` in a child process, on a free port, until closed."""

    def __init__(self, db_file: Path) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "cardsdb", "serve", "--port", str(self.port), "--db", str(db_file)]
        env = {**os.environ, "RIFTBOUND_API_RATE": "off"}
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    async def ready(self, session: aiohttp.ClientSession) -> None:
        deadline = time.monotonic() + READY_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                error = (self.process.stderr.read() if self.process.stderr else b"").decode().strip()
                raise RuntimeError(f"the API did not start: {(error.splitlines() or ['no output'])[-1]}")
            try:
                async with session.get(self.base + "/v1/health") as response:
                    if response.status == 200:
                        return
            except aiohttp.ClientConnectionError:
                pass
            await asyncio.sleep(0.2)
        raise RuntimeError(f"the API did not answer within {READY_TIMEOUT_S:.0f} s")

    def cpu_s(self) -> float | None:
        """The server process's CPU seconds so far (user and system), where /proc tells; else None."""
        try:
            with open(f"/proc/{self.process.pid}/stat", encoding="ascii") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def _asker(session: aiohttp.ClientSession, base: str) -> Callable[[Request], Any]:
    async def ask(request: Request) -> None:
        method, path, body = request
        async with session.request(method, base + path, json=body) as response:
            await response.read()
            if response.status >= 500:
                raise RuntimeError(f"{method} {path} answered {response.status}")

    return ask


async def _throughput(ask: Callable[[Request], Any], requests: Sequence[Request], seconds: float) -> float:
    """Questions answered per second with 16 in flight for `seconds`."""
    done = 0
    stop = time.perf_counter() + seconds

    async def client(offset: int) -> None:
        nonlocal done
        n = offset
        while time.perf_counter() < stop:
            await ask(requests[n % len(requests)])
            n += 16
            done += 1

    began = time.perf_counter()
    await asyncio.gather(*(client(i) for i in range(16)))
    return round(done / (time.perf_counter() - began), 1)


async def api_endpoints(db_file: Path, inputs: dict[str, list[Request]], calls: int) -> dict[str, Any]:
    """{"endpoints": {path: {"p50", "p99"}}, "requests_per_s": {...}, "statuses": ...} over a real socket."""
    server = _Server(db_file)
    try:
        connector = aiohttp.TCPConnector(limit=16)
        async with aiohttp.ClientSession(connector=connector) as session:
            await server.ready(session)
            ask = _asker(session, server.base)
            endpoints: dict[str, Stats] = {}
            server_cpu: dict[str, float | None] = {}
            for endpoint, requests in inputs.items():
                if requests:
                    before = server.cpu_s()
                    endpoints[endpoint] = await time_async_calls(ask, cycle(requests, calls), warmup=10)
                    after = server.cpu_s()
                    spent = (
                        None if before is None or after is None else (after - before) * 1000 / (calls + 10)
                    )
                    server_cpu[endpoint] = None if spent is None else round(spent, 3)
            seconds = 1.0 if calls < 100 else 3.0
            busy = {
                "/v1/cards/{name}": await _throughput(ask, inputs["/v1/cards/{name}"], seconds),
                "/v1/check": await _throughput(ask, inputs["/v1/check"], seconds),
            }
    finally:
        server.close()
    return {"endpoints": endpoints, "server_cpu_ms": server_cpu, "requests_per_s_16_in_flight": busy}


def format_api(api: dict[str, Any]) -> list[str]:
    """The section as text: each endpoint's p50 and p99, then the questions a second with 16 in flight."""
    lines = [
        "HTTP API over a socket (python -m cardsdb serve, one worker): p50 / p99 ms, the server's CPU ms a request"
    ]
    cpu = api.get("server_cpu_ms") or {}
    for endpoint, stats in api.get("endpoints", {}).items():
        spent = cpu.get(endpoint)
        lines.append(
            f"  {endpoint:<40} {stats['p50']:>9.3f} {stats['p99']:>9.3f} {'-' if spent is None else f'{spent:.3f}':>9}"
        )
    busy = api.get("requests_per_s_16_in_flight") or {}
    lines.append(
        "  answered a second with 16 in flight: "
        + ", ".join(f"{endpoint} {rate}" for endpoint, rate in busy.items())
    )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m tools.bench.api [--db FILE] [--calls N]`: the engine's, a card's and the health endpoint's p50 / p99
    over a socket, alone (the rest of `python -m bot bench` not run): what the /v1/check budget is measured by."""
    import argparse

    from cardsdb.query import CardsDB
    from tools.bench.positions import answerable_positions

    parser = argparse.ArgumentParser(prog="python -m tools.bench.api", description=main.__doc__)
    parser.add_argument("--db", type=Path, default=Path("data/riftbound.sqlite3"))
    parser.add_argument("--calls", type=int, default=500)
    args = parser.parse_args(argv)
    db = CardsDB.open(args.db)
    names = ["Jinx, Rebel", "Hidden Blade", "Teemo, Swift Scout", "hiden blade", "jinx"]
    inputs = endpoint_inputs(names, [], [], [], answerable_positions(db), [])
    wanted = ("/v1/health", "/v1/cards/{name}", "/v1/check")
    api = asyncio.run(api_endpoints(args.db, {k: v for k, v in inputs.items() if k in wanted}, args.calls))
    print("\n".join(format_api(api)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
