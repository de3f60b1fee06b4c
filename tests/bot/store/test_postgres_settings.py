"""DATABASE_URL's configuration errors stop the start in one line (issue 33, finding 4), on a real PostgreSQL 15: a
role without CREATE on its schema, an sslmode the driver does not know, SSL asked of a server that offers none; an
unknown user behind a password is "the user name or password" (finding 14). Only a server that does not answer is an
outage (the start goes on and retries)."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from bot.run import run
from bot.settings import Settings, SettingsError
from bot.store.postgres import PostgresStore, preflight
from tests.support.store_fixtures import PgServer

pytestmark = pytest.mark.postgres


@pytest.fixture
def limited(pg_server: PgServer, pg_url: str) -> Iterator[tuple[str, str, str]]:
    """(a role that may use the test's schema but not create in it, its URL, the schema)."""
    role = f"rb_limited_{uuid.uuid4().hex[:8]}"
    schema = pg_url.rsplit("search_path=", 1)[1]
    pg_server.admin(f"CREATE ROLE {role} LOGIN")
    pg_server.admin(f"GRANT USAGE ON SCHEMA {schema} TO {role}")
    try:
        yield role, pg_url.replace("postgres@/", f"{role}@/"), schema
    finally:
        pg_server.admin(f"DROP OWNED BY {role}")
        pg_server.admin(f"DROP ROLE {role}")


def _tcp(pg_server: PgServer, user: str = "postgres", password: str = "pw", query: str = "") -> str:
    if pg_server.tcp_port is None:
        pytest.skip("the server given by TEST_DATABASE_URL is not this session's: no loopback TCP port")
    return f"postgresql://{user}:{quote(password)}@127.0.0.1:{pg_server.tcp_port}/postgres{query}"


def test_4_a_role_without_create_on_its_schema_stops_the_start_in_one_line(
    limited: tuple[str, str, str], tmp_path: Path, caplog: pytest.LogCaptureFixture, fixture_db: Path
) -> None:
    role, url, schema = limited
    line = asyncio.run(preflight(url))
    assert line is not None and f"the user {role} in DATABASE_URL may not create the bot's tables" in line
    assert f"GRANT CREATE ON SCHEMA {schema} TO {role}" in line and "\n" not in line
    env = {
        "DISCORD_TOKEN": "MTAx.fake.token",
        "DATABASE_URL": url,
        "RIFTBOUND_DB": str(fixture_db),
        "RIFTBOUND_REFRESH_HOURS": "0",
        "RIFTCODEX_URL": "http://127.0.0.1:9",
    }
    caplog.set_level(logging.INFO)
    assert run(env) == 2  # stopped: not started without buttons, retrying forever
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [line]


async def test_4_a_role_that_may_use_the_tables_but_not_create_starts_once_they_exist(
    limited: tuple[str, str, str], pg_server: PgServer, pg_url: str
) -> None:
    role, url, schema = limited
    admin = PostgresStore(pg_url)
    await admin.start()  # the migrations, by a user who may create
    await admin.close()
    assert await preflight(url) is not None  # may not read and write them yet
    await pg_server.execute(
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA {schema} TO {role}"
    )
    assert await preflight(url) is None
    store = PostgresStore(url)
    await store.start()
    try:
        changed = await store.update_settings(42, user_id=1, card_lookups=False)
        assert not store.health.down and not changed.card_lookups
        assert not (await store.get_settings(42)).card_lookups  # written and read back, without CREATE
    finally:
        await store.close()


def test_4_an_sslmode_the_driver_does_not_know_is_one_line_at_the_settings_and_at_the_driver(
    pg_server: PgServer,
) -> None:
    url = f"{pg_server.admin_url}&sslmode=bogus"
    with pytest.raises(SettingsError) as refused:
        Settings.from_env({"DATABASE_URL": url}, need_token=False)
    assert "sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full" in str(
        refused.value
    )
    line = asyncio.run(preflight(url))  # the driver's own check, behind the form's
    assert line is not None and line.startswith("DATABASE_URL cannot be used") and "sslmode" in line


def test_4_ssl_required_of_a_server_that_offers_none_is_one_line(pg_server: PgServer) -> None:
    url = _tcp(pg_server, query="?sslmode=require")
    line = asyncio.run(preflight(url))
    assert line is not None and "does not offer SSL" in line and "sslmode=prefer" in line
    assert "pw" not in line.replace("prefer", "")


def test_14_an_unknown_user_behind_a_password_is_the_user_name_or_password(pg_server: Any) -> None:
    line = asyncio.run(preflight(_tcp(pg_server, user="nobody_here", password="s3cr#t")))
    assert line is not None and "refused the user name or password in DATABASE_URL" in line
    assert "s3cr" not in line and "nobody_here" not in line


def test_4_only_a_server_that_does_not_answer_is_an_outage(pg_server: PgServer) -> None:
    assert asyncio.run(preflight(pg_server.admin_url)) is None
    assert asyncio.run(preflight("postgresql://bot:pw@127.0.0.1:9/rb", timeout=60)) is None
