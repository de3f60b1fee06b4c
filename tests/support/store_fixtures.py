"""A throwaway PostgreSQL server for the store tests, and a store factory over either backend.

`pg_server` (one per session): `TEST_DATABASE_URL` when set, else a server started here with `initdb` and `pg_ctl`
(found on PATH or under /usr/lib/postgresql/*/bin), in a folder under /tmp owned by the `postgres` user when the tests
run as root (PostgreSQL refuses to run as root), listening on a Unix socket (trusted) and on a free loopback port
(`tcp_port`: a password is asked there, and SSL is not offered), so that the store's start can meet what an admin's
server does. Without PostgreSQL the postgres
tests are skipped, or fail when `CI=true`. Each test gets a fresh schema (`search_path` in the URL): no test sees
another's rows, and the migrations run on an empty schema every time.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store

ON_CI = os.environ.get("CI", "").lower() == "true"


def pg_bin_dir() -> Path | None:
    """The folder of initdb/pg_ctl: on PATH, else the newest /usr/lib/postgresql/N/bin (Debian's place)."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    return Path(versions[-1]).parent if versions else None


def _not_available(reason: str) -> None:
    if ON_CI:
        pytest.fail(f"PostgreSQL is needed on CI: {reason}", pytrace=False)
    pytest.skip(f"no PostgreSQL: {reason}")


@dataclass
class PgServer:
    """A PostgreSQL server for the tests; `can_stop` only for one this session started."""

    admin_url: str
    bin_dir: Path | None = None
    folder: Path | None = None
    can_stop: bool = False
    running: bool = True
    tcp_port: int | None = None  # loopback TCP, password required, no SSL (a server of this session only)
    _as_postgres: list[str] = field(default_factory=list)

    def url(self, schema: str) -> str:
        joiner = "&" if "?" in self.admin_url else "?"
        return f"{self.admin_url}{joiner}search_path={schema}"

    def _pg_ctl(self, *args: str) -> None:
        assert self.bin_dir is not None and self.folder is not None
        subprocess.run(
            [*self._as_postgres, str(self.bin_dir / "pg_ctl"), "-D", str(self.folder / "data"), *args],
            check=True,
            capture_output=True,
            timeout=300,
        )

    def start(self) -> None:
        assert self.folder is not None
        listen = (
            f"-c listen_addresses=127.0.0.1 -c port={self.tcp_port}"
            if self.tcp_port
            else "-c listen_addresses=''"
        )
        options = f"-k {self.folder} {listen} -c fsync=off -c full_page_writes=off"
        self._pg_ctl("-o", options, "-l", str(self.folder / "log"), "-w", "start")
        self.running = True

    def stop(self) -> None:
        """Stop the server as an operator would (`pg_ctl stop -m fast`: open connections are cut)."""
        self._pg_ctl("-m", "fast", "-w", "stop")
        self.running = False

    async def execute(self, statement: str) -> None:
        """Run one statement as the server's admin (from a test)."""
        import asyncpg

        conn = await asyncpg.connect(self.admin_url, timeout=60)
        try:
            await conn.execute(statement)
        finally:
            await conn.close()

    def admin(self, statement: str) -> None:
        """`execute`, from a fixture (no event loop running)."""
        asyncio.run(self.execute(statement))

    @classmethod
    def launch(cls) -> PgServer:
        bin_dir = pg_bin_dir()
        if bin_dir is None:
            _not_available("initdb and pg_ctl are not installed (apt-get install postgresql)")
        assert bin_dir is not None
        folder = Path(tempfile.mkdtemp(prefix="rb-pg-"))
        as_postgres: list[str] = []
        if os.geteuid() == 0:  # PostgreSQL will not run as root: as the postgres user, in a folder it owns
            runuser = shutil.which("runuser")
            if runuser is None or subprocess.run(["id", "postgres"], capture_output=True).returncode != 0:
                _not_available("running as root without runuser or a postgres user")
            shutil.chown(folder, "postgres", "postgres")
            as_postgres = [str(runuser), "-u", "postgres", "--"]
        port = _free_port()
        server = cls(
            admin_url=f"postgresql://postgres@/postgres?host={folder}&port={port}",
            bin_dir=bin_dir,
            folder=folder,
            can_stop=True,
            tcp_port=port,
            _as_postgres=as_postgres,
        )
        init = [
            *as_postgres,
            str(bin_dir / "initdb"),
            "-D",
            str(folder / "data"),
            "-A",
            "trust",
            "-U",
            "postgres",
        ]
        done = subprocess.run(
            [*init, "--no-sync", "-E", "UTF8", "--locale=C"], capture_output=True, text=True, timeout=600
        )
        if done.returncode != 0:
            shutil.rmtree(folder, ignore_errors=True)
            _not_available(f"initdb failed: {done.stderr.strip()[-300:]}")
        hba = folder / "data" / "pg_hba.conf"  # first match wins: loopback TCP asks for a password
        hba.write_text("host all all 127.0.0.1/32 scram-sha-256\n" + hba.read_text())
        server.start()
        return server

    def discard(self) -> None:
        if self.can_stop and self.folder is not None:
            with contextlib.suppress(subprocess.CalledProcessError):  # already stopped
                self._pg_ctl("-m", "immediate", "-w", "stop")
            shutil.rmtree(self.folder, ignore_errors=True)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    given = os.environ.get("TEST_DATABASE_URL")
    if given:
        yield PgServer(admin_url=given)
        return
    server = PgServer.launch()
    try:
        yield server
    finally:
        server.discard()


@pytest.fixture
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """A URL whose connections live in a fresh, empty schema of the test server."""
    schema = f"t_{uuid.uuid4().hex[:12]}"
    pg_server.admin(f"CREATE SCHEMA {schema}")
    try:
        yield pg_server.url(schema)
    finally:
        if not pg_server.running:  # a test stopped the server and failed before starting it again
            pg_server.start()
        pg_server.admin(f"DROP SCHEMA {schema} CASCADE")


# --- the same tests over both backends ---

BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]


@dataclass
class StoreMaker:
    """Makes stores over one database (one SQLite file, or one PostgreSQL schema): each is like another process."""

    backend: str
    where: str  # the SQLite path or the PostgreSQL URL
    made: list[Store] = field(default_factory=list)

    async def __call__(self, **options: Any) -> Store:
        store: Store
        if self.backend == "sqlite":
            from bot.store.sqlite import SqliteStore

            store = SqliteStore(self.where, **options)
        else:
            from bot.store.postgres import PostgresStore

            options.setdefault("retry_after", 0.05)
            store = PostgresStore(self.where, **options)
        await store.start()
        self.made.append(store)
        return store

    async def close(self) -> None:
        for store in self.made:
            await store.close()


@pytest.fixture(params=BACKENDS)
def backend_where(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[str, str]:
    """("sqlite", a file path) or ("postgres", a URL of a fresh schema)."""
    if request.param == "sqlite":
        return "sqlite", str(tmp_path / "settings.sqlite3")
    url: str = request.getfixturevalue("pg_url")
    return "postgres", url


@pytest.fixture
async def make_store(backend_where: tuple[str, str]) -> AsyncIterator[Callable[..., Any]]:
    maker = StoreMaker(*backend_where)
    try:
        yield maker
    finally:
        await maker.close()


@pytest.fixture
async def store(make_store: StoreMaker) -> Store:
    made: Store = await make_store()
    return made
