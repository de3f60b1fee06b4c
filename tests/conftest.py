"""The fixtures every test shares, each typed: the data folders, the databases built from them, `CardsDB`s over
them, and bots answering from them through the interaction harness. A module adds its own fixtures only for what is
its own (a server it stands up, a bot over particular cards), under names of their own.

The real data (../shared beside the clone) is read only through `real_data_dir`, `seeds_dir` and what is built from
them; every test that reads it carries the `real_data` marker (a test that lacks it fails at collection), and skips
with the reason where the folder is absent. `pytest -m "not real_data"` runs the rest."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.support.bot_harness_fixtures import FakeCards, harness_for
from tests.support.paths import FIXTURE_DATA, ROOT, SEEDS, SHARED_DATA
from tests.support.query_fixtures import make_query_db
from tests.support.riftcodex import from_folder, riftcodex, riftcodex_server, serving  # noqa: F401  (fixtures)
from tests.support.store_fixtures import backend_where, make_store, pg_server, pg_url, store  # noqa: F401  (fixtures)

if TYPE_CHECKING:
    from bot.harness import Harness
    from bot.store.sqlite import SqliteStore
    from cardsdb.query import CardsDB
    from cardsdb.query.base import Reader

# The fixtures that read ../shared, directly or through what is built from it.
REAL_DATA_FIXTURES = frozenset({"real_data_dir", "seeds_dir", "real_db", "real_cards", "real_harness"})
NO_REAL_DATA = f"real data not found at {SHARED_DATA} (the shared folder sits beside the clone in CI)"


def pytest_configure(config: pytest.Config) -> None:
    """Every database the tests build shares one cache of meanings (cardsdb.build.meanings): the one beside the
    database RIFTBOUND_DB names (CI builds it before the tests), else beside data/riftbound.sqlite3, so that a build
    in a temporary folder encodes only the texts no build encoded before."""
    from cardsdb.build.meanings import CACHE_ENV, cache_path
    from cardsdb.paths import db_path

    os.environ.setdefault(CACHE_ENV, str(cache_path(ROOT / db_path())))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    unmarked = [
        item.nodeid
        for item in items
        if REAL_DATA_FIXTURES & set(getattr(item, "fixturenames", ()))
        and item.get_closest_marker("real_data") is None
    ]
    if unmarked:
        raise pytest.UsageError(
            f"{len(unmarked)} tests read ../shared without the real_data marker, first {unmarked[0]}"
        )


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("real_data") is not None and not (SHARED_DATA / "cards.json").is_file():
        pytest.skip(NO_REAL_DATA)


@pytest.fixture(autouse=True)
def _no_log_handler_left() -> Iterator[None]:
    """`python -m bot` run in a test installs the bot's log handler (bot/admin/logs.py): taken away after the test, so that
    no later test's standard error holds another's log lines."""
    import logging

    root = logging.getLogger()
    level = root.level
    yield
    for handler in list(root.handlers):
        if getattr(handler, "riftbound", False):
            root.removeHandler(handler)
    root.setLevel(level)


# --- the data folders ---------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def real_data_dir() -> Path:
    """shared/riftbound-data beside the clone."""
    if not (SHARED_DATA / "cards.json").is_file():
        pytest.skip(NO_REAL_DATA)
    return SHARED_DATA


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """shared/seeds: the seed documents, the authority for the current rule numbers."""
    if not SEEDS.is_dir():
        pytest.skip(f"seed documents not found in {SEEDS}")
    return SEEDS


# --- databases ----------------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def real_db(tmp_path_factory: pytest.TempPathFactory, real_data_dir: Path) -> Path:
    """A database built from the real data."""
    from cardsdb.build.pipeline import build_database

    path = tmp_path_factory.mktemp("realdb") / "riftbound.sqlite3"
    build_database(real_data_dir, path)
    return path


@pytest.fixture(scope="session")
def fixture_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database built from tests/fixtures/data, the project's small data folder."""
    from cardsdb.build.pipeline import build_database

    path = tmp_path_factory.mktemp("fixturedb") / "riftbound.sqlite3"
    build_database(FIXTURE_DATA, path)
    return path


@pytest.fixture(scope="session")
def query_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny database written by hand for the query layer (tests/support/query_fixtures.py), without the build."""
    return make_query_db(tmp_path_factory.mktemp("querydb") / "q.sqlite3")


@pytest.fixture(scope="session")
def query_reader(query_db: Path) -> Iterator[Reader]:
    """The hand-written database opened as the query layer's parts read it: each part is made from it alone."""
    from cardsdb.query import CardsDB

    with CardsDB.open(query_db) as db:
        yield db.reader


@pytest.fixture(scope="session")
def real_cards(real_db: Path) -> Iterator[CardsDB]:
    from cardsdb.query import CardsDB

    with CardsDB.open(real_db) as db:
        yield db


@pytest.fixture(scope="session")
def fixture_cards(fixture_db: Path) -> Iterator[CardsDB]:
    from cardsdb.query import CardsDB

    with CardsDB.open(fixture_db) as db:
        yield db


@pytest.fixture(scope="session")
def query_cards(query_db: Path) -> Iterator[CardsDB]:
    from cardsdb.query import CardsDB

    with CardsDB.open(query_db) as db:
        yield db


# --- bots through the interaction harness -------------------------------------------------------------------


@pytest.fixture
async def real_harness(real_cards: CardsDB) -> Harness:
    """A bot answering from the real database."""
    return await harness_for(real_cards)


@pytest.fixture
async def fake_harness() -> Harness:
    """A bot answering from a small in-memory card source (FakeCards: Hidden Blade, Pouty Poro and 30 more)."""
    return await harness_for(FakeCards(extra_cards=30))


@pytest.fixture
def sqlite_store(tmp_path: Path) -> SqliteStore:
    """A settings and button-state store in a fresh SQLite file."""
    from bot.store.sqlite import SqliteStore

    return SqliteStore(tmp_path / "settings.sqlite3")
