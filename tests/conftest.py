"""Shared fixtures: a database built from the project's small fixture data, and one built from the real data."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_fixtures import backend_where, make_store, pg_server, pg_url, store  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "riftbound-data"
FIXTURE_DATA = Path(__file__).resolve().parent / "fixtures" / "data"


@pytest.fixture(scope="session")
def real_data_dir() -> Path:
    if not (SHARED_DATA / "cards.json").is_file():
        pytest.skip(f"real data not found at {SHARED_DATA} (the shared folder sits beside the clone in CI)")
    return SHARED_DATA


@pytest.fixture(scope="session")
def real_db(tmp_path_factory: pytest.TempPathFactory, real_data_dir: Path) -> Path:
    from cardsdb.build.pipeline import build_database

    path = tmp_path_factory.mktemp("realdb") / "riftbound.sqlite3"
    build_database(real_data_dir, path)
    return path


@pytest.fixture(scope="session")
def fixture_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from cardsdb.build.pipeline import build_database

    path = tmp_path_factory.mktemp("fixturedb") / "riftbound.sqlite3"
    build_database(FIXTURE_DATA, path)
    return path
