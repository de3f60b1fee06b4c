"""A loopback RiftCodex for refresh and sync tests, a database built from a copy of the fixture data folder (which a
test may take away), and what the refresh tests share: the file's digest, `python -m cardsdb` in a child process, and
pages of a SQLite file overwritten in place (a damaged database)."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from cardsdb.build.meanings import CACHE_ENV, cache_path
from cardsdb.build.pipeline import build_database
from cardsdb.build.record import record_path
from tests.support.paths import FIXTURE_DATA

# RiftCodex today: the folder's snapshot of its items (2026-08) and the older sample, as the live API holds both
UPSTREAM = (FIXTURE_DATA / "riftcodex-2026-08" / "cards.json", FIXTURE_DATA / "riftcodex" / "sample.json")
# No retry, and a generous bound on each request: a loopback server on a loaded machine may take seconds to answer
FAST: dict[str, Any] = {"timeout": 30.0, "retries": 0, "backoff": 0.0}


class _RiftCodex(BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        items: list[dict[str, Any]] = self.server.items  # type: ignore[attr-defined]
        self.server.requests += 1  # type: ignore[attr-defined]
        page = int(parse_qs(urlparse(self.path).query).get("page", ["1"])[0])
        pages = max(1, -(-len(items) // 100))
        envelope = {"items": items[(page - 1) * 100 : page * 100], "page": page, "pages": pages, "size": 100}
        body = json.dumps({**envelope, "total": len(items)}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class RiftCodexServer(ThreadingHTTPServer):
    """A loopback RiftCodex: `items` is what it serves (a test may change them), `requests` counts the pages asked."""

    items: list[dict[str, Any]]
    requests: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


@pytest.fixture()
def riftcodex_server() -> Iterator[RiftCodexServer]:
    """A loopback RiftCodex serving UPSTREAM's items."""
    server = RiftCodexServer(("127.0.0.1", 0), _RiftCodex)
    server.items = [item for path in UPSTREAM for item in json.loads(path.read_text())]
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture()
def riftcodex(riftcodex_server: RiftCodexServer) -> str:
    """The base URL of a loopback RiftCodex serving UPSTREAM's items."""
    return riftcodex_server.url


def closed_port() -> str:
    """The URL of a loopback port nothing listens on: RiftCodex down (refused at once, no wait)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


@pytest.fixture(scope="module")
def from_folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the data folder, a database built from it): a copy of the fixture folder, so that a test may take it away."""
    root = tmp_path_factory.mktemp("folder")
    folder = root / "riftbound-data"
    shutil.copytree(FIXTURE_DATA, folder)
    built = root / "riftbound.sqlite3"
    build_database(folder, built)
    return folder, built


@pytest.fixture()
def serving(tmp_path: Path, from_folder: tuple[Path, Path]) -> Path:
    """A copy of `from_folder`'s database with its build record (not its last good copy), alone in its folder: the
    database a refresh replaces."""
    path = tmp_path / "db" / "riftbound.sqlite3"
    path.parent.mkdir()
    shutil.copyfile(from_folder[1], path)
    shutil.copyfile(record_path(from_folder[1]), record_path(path))
    return path


def temporary_files(db: Path) -> list[str]:
    """What is beside the database `db` but its build record, last good copy and cache of meanings (kept for the next
    build, `cardsdb.build.meanings`): the temporary files of a build or refresh left behind (none, after any refresh)."""
    kept = {
        db.name,
        f"{db.name}.record.json",
        f"{db.name}.last-good",
        cache_path(db).name,
        cache_path(db, {}).name,
    }
    return sorted(p.name for p in db.parent.iterdir() if p.name not in kept)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cardsdb_cli(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """`python -m cardsdb ARGS` in a child process, with nothing in its environment but PATH, the tests' shared cache
    of meanings (tests/conftest.py: a build encodes only what no earlier build encoded) and `env`."""
    shared = {CACHE_ENV: os.environ[CACHE_ENV]} if CACHE_ENV in os.environ else {}
    environment = {"PATH": "/usr/bin:/bin", **shared, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "cardsdb", *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=600,
        cwd=cwd,
    )


def damage(path: Path, *, every: int = 3, names: tuple[bytes, ...] = (b"Hidden Blade",)) -> None:
    """Overwrite the inside of pages past the first few (the header and schema stay readable): every `every`th, and
    every page holding one of `names`, so that a look-up of that card meets the damage however the build lays the
    tables out."""
    content = path.read_bytes()
    pages = set(range(4, len(content) // 4096, every))
    for name in names:
        at = content.find(name)
        while at >= 0:
            pages.add(at // 4096)
            at = content.find(name, at + 1)
    with path.open("r+b") as file:
        for page in sorted(p for p in pages if p >= 4):
            file.seek(page * 4096 + 64)
            file.write(bytes((page * 37 + i) % 256 for i in range(512)))


BREAKS = ("truncated", "empty", "not sqlite", "zeroed pages", "damaged pages")


def break_file(path: Path, how: str) -> None:
    """Damage the database file in place, as a disk, a copy or a hand can: cut short, emptied, overwritten with text,
    pages zeroed past the first, pages overwritten (`damage`)."""
    content = path.read_bytes()
    if how == "truncated":
        path.write_bytes(content[: len(content) // 3])
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "not sqlite":
        path.write_bytes(b"these are not the pages of a database\n" * 200)
    elif how == "zeroed pages":
        with path.open("r+b") as file:
            file.seek(4096)
            file.write(bytes(len(content) - 4096))
    else:
        damage(path)
