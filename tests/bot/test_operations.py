"""Operations, over the real code paths: the bot refreshes in a child process and says what a refused build lacked;
a damaged database file (real SQLite pages overwritten) is rebuilt at start and found at run time, logged once and
rebuilt; every wrong setting is one line, and no part of a password ever reaches a log; Discord's 5xx at start is
retried with backoff; `ask --as-member` shows what members see."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main as bot_main
from bot.database import DatabaseHandle, quick_check
from bot.factory import create_bot
from bot.harness import Harness
from bot.refresh import Refresher, refresher_for
from bot.run import ensure_database
from bot.settings import Settings, SettingsError
from cardsdb.query import CardsDB
from tests.support.paths import FIXTURE_DATA, ROOT
from tests.support.riftcodex import FAST, cardsdb_cli, damage, digest

_CLOSED = "http://127.0.0.1:9"  # a RiftCodex that never answers: a rebuild that needs none never asks it


async def test_the_bot_refreshes_in_a_child_process_and_says_what_a_refused_build_lacked(
    serving: Path,
    riftcodex: str,
    from_folder: tuple[Path, Path],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    handle = DatabaseHandle(CardsDB.open(serving), path=serving)
    refresher = Refresher(
        handle, path=serving, interval_s=3600.0, riftcodex_url=riftcodex, fetch_options=FAST
    )
    command = refresher.child_command()
    assert command[:4] == [sys.executable, "-m", "cardsdb", "refresh"]
    assert command[command.index("--source") + 1] == str(
        from_folder[0].resolve()
    )  # the folder it was built from
    caplog.set_level(logging.INFO, logger="bot.refresh")
    in_use = handle.get()
    assert await refresher.refresh_once() and handle.get() is not in_use  # swapped: RiftCodex + the folder
    # Without its folder (the handle no longer knows one, none is set): refused, one WARNING, the file untouched.
    bare = Refresher(
        DatabaseHandle(handle.get(), path=serving),
        path=serving,
        interval_s=3600.0,
        riftcodex_url=riftcodex,
        fetch_options=FAST,
    )
    moved = tmp_path / "moved-away"
    from_folder[0].rename(moved)
    try:
        before = digest(serving)
        caplog.clear()
        assert not await bare.refresh_once()
        assert digest(serving) == before
        warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
        assert len(warnings) == 1 and "knows less than the one serving" in warnings[0].getMessage()
    finally:
        moved.rename(from_folder[0])


# ---- 2. a damaged database file ---------------------------------------------------------------------------------


@pytest.fixture()
def damaged(serving: Path) -> Path:
    damage(serving)
    assert quick_check(serving) is not None
    return serving


def test_a_damaged_file_is_rebuilt_at_start_like_a_missing_one(
    damaged: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    handle = ensure_database(Settings(db_path=damaged, data_dir=FIXTURE_DATA, riftcodex_url=_CLOSED))
    said = [r.getMessage() for r in caplog.records if r.name == "bot"]
    assert sum("rebuilding it" in line for line in said) == 1 and any("rebuilt from" in line for line in said)
    assert quick_check(damaged) is None and handle.get().get_card("Hidden Blade") is not None


def test_cardsdb_and_ask_over_a_damaged_file_exit_2_with_the_admins_own_rebuild_command(
    damaged: Path, capsys: pytest.CaptureFixture[str], from_folder: tuple[Path, Path]
) -> None:
    done = cardsdb_cli(
        "card", "hidden", "blade", "--db", str(damaged), env={"RIFTBOUND_DATA": "/srv/riftbound-data"}
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    # the folder it was built from (its record), not a placeholder, and never `sync`, which would drop the rules
    assert f"python -m cardsdb build --source {from_folder[0].resolve()} --db {damaged}" in done.stderr
    assert "../shared" not in done.stderr and "cardsdb sync" not in done.stderr
    assert bot_main(["ask", "/card name:Hidden Blade", "--db", str(damaged)], env={}) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: the card database {damaged} is damaged") and err.count("\n") == 1
    assert "cardsdb sync" not in err and f"--source {from_folder[0].resolve()}" in err


async def test_a_damaged_file_found_at_run_time_is_logged_once_rebuilt_and_said_back_once(
    damaged: Path, riftcodex: str, caplog: pytest.LogCaptureFixture, from_folder: tuple[Path, Path]
) -> None:
    handle = DatabaseHandle(CardsDB.open(damaged), path=damaged)  # it opens: the damage is inside
    refresher = refresher_for(
        handle, path=damaged, hours=0.0, riftcodex_url=riftcodex, data_dir=from_folder[0]
    )
    refresher.fetch_options = FAST
    woken: list[bool] = []
    handle.on_damaged = lambda: woken.append(True)
    harness = await Harness.start(create_bot(Settings(), handle, sharded=False))
    caplog.set_level(logging.INFO, logger="bot.database")
    names = ["Hidden Blade", "Tideturner", "Pouty Poro", "Jinx, Rebel", "Windsinger", "Smoke and Mirrors"]
    answers = [await harness.command("card", {"name": n}) for n in names * 3]
    assert any("not available" in a.text() for a in answers) and handle.damaged and woken
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(errors) == 1 and "rebuilding it" in errors[0].getMessage()
    assert not any("available again" in r.getMessage() for r in caplog.records)  # never while it is damaged
    assert await refresher.refresh_once()  # the rebuild: no comparison with a file that cannot be read
    assert not handle.damaged and quick_check(damaged) is None
    back = [r for r in caplog.records if "available again" in r.getMessage()]
    assert len(back) == 1
    answer = await harness.command("card", {"name": "Hidden Blade"})
    assert answer.embeds[0]["title"] == "Hidden Blade"


# ---- 3. settings and upstream faults, one line each -------------------------------------------------------------


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"MESSAGE_CONTENT_INTENT": "maybe"}, "MESSAGE_CONTENT_INTENT must be on or off"),
        ({"RIFTBOUND_START_RETRY": "sometimes"}, "RIFTBOUND_START_RETRY must be on or off"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "1,1"}, "SHARD_IDS lists shard 1 more than once"),
        ({"DATABASE_URL": "postgresql://bot:pw@db.example:54x2/rb"}, "DATABASE_URL's port must be a number"),
        ({"DATABASE_URL": "postgresql://bot:p@ss#w0rd@db.example:5432/rb"}, "percent-encode"),
        ({"RIFTBOUND_EMOJI": "rb_nope=<:x:123456>"}, "unknown symbol token 'rb_nope'"),
    ],
)
def test_a_wrong_setting_stops_the_start_with_one_line(env: dict[str, str], said: str) -> None:
    with pytest.raises(SettingsError) as raised:
        Settings.from_env({"DISCORD_TOKEN": "t", **env})
    line = str(raised.value)
    assert said in line and "\n" not in line
    for secret in ("p@ss", "ss#w0rd", "w0rd", ":pw@"):
        assert secret not in line


@pytest.mark.parametrize("word", ["on", "OFF", "true", "no", "1", "0", "yes", "False"])
def test_on_and_off_words_are_the_same_for_every_switch(word: str) -> None:
    on = word.casefold() in ("on", "true", "yes", "1")
    settings = Settings.from_env(
        {"MESSAGE_CONTENT_INTENT": word, "RIFTBOUND_START_RETRY": word}, need_token=False
    )
    assert settings.message_content is on and settings.start_retry is on


def test_the_readmes_emoji_example_is_accepted_and_both_validators_are_one() -> None:
    from bot.store.guild_settings import SettingsError as StoreSettingsError
    from bot.store.guild_settings import check_emoji, normalize_token

    readme = (ROOT / "bot" / "README.md").read_text()
    example = readme.split("`RIFTBOUND_EMOJI` | custom emoji for card symbols: `", 1)[1].split("`", 1)[0]
    settings = Settings.from_env({"RIFTBOUND_EMOJI": example}, need_token=False)
    assert settings.emoji and all(check_emoji(v) == v for v in settings.emoji.values())
    for token, emoji in (("rb_nope", "<:fury:123456789012345678>"), ("rb_rune_fury", "<:fury:1>x")):
        with pytest.raises(SettingsError):
            Settings.from_env({"RIFTBOUND_EMOJI": f"{token}={emoji}"}, need_token=False)
        with pytest.raises(StoreSettingsError):
            normalize_token(token)
            check_emoji(emoji)
    assert normalize_token(":RB_Rune_Fury:") == "rb_rune_fury" and check_emoji("<:fury:1>") == "<:fury:1>"


def test_a_password_is_never_part_of_a_log_line_even_unencoded() -> None:
    from bot.store.postgres import describe_url

    for url in (
        "postgresql://bot:s3cr@t@db.example:5432/rb",
        "postgresql://bot:s3cr#t@db.example:5432/rb",
        "postgresql://bot:12/345@db.example:5432/rb",
        "postgresql://bot:s3:cret@db.example:5432/rb",
        "postgresql://bot:s3%40cret@db.example:5432/rb",
    ):
        shown = describe_url(url)
        assert "s3" not in shown and "cr" not in shown and "345" not in shown and "bot" not in shown, shown


def _discord_down(port_holder: list[int]) -> ThreadingHTTPServer:
    """A loopback Discord API: the token is fine, the gateway answers 503."""

    class Discord(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            if self.path.endswith("/users/@me"):
                body = json.dumps(
                    {"id": "1", "username": "bot", "discriminator": "0", "avatar": None, "bot": True}
                )
                self.send_response(200)
            else:
                body = json.dumps({"message": "Service Unavailable", "code": 0})
                self.send_response(503)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body.encode())

    server = ThreadingHTTPServer(("127.0.0.1", 0), Discord)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    port_holder.append(server.server_address[1])
    return server


def test_discords_gateway_answering_5xx_at_start_is_one_line_and_retried_with_backoff(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    from bot.run import run

    port: list[int] = []
    server = _discord_down(port)
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{port[0]}/api/v10")
    env = {
        "DISCORD_TOKEN": "MTAx.fake.token",
        "RIFTBOUND_DB": str(tmp_path / "riftbound.sqlite3"),
        "RIFTBOUND_DATA": str(FIXTURE_DATA),
        "RIFTBOUND_SETTINGS_DB": str(tmp_path / "settings.sqlite3"),
        "RIFTBOUND_REFRESH_HOURS": "0",
    }
    try:
        assert run({**env, "RIFTBOUND_START_RETRY": "off"}) == 1
        err = capsys.readouterr().err
        last = err.strip().splitlines()[-1]
        assert " ERROR bot: Discord is not answering at start" in last and "Traceback" not in err
        slept: list[float] = []

        def sleep(seconds: float) -> None:
            slept.append(seconds)
            if len(slept) == 3:
                raise KeyboardInterrupt  # the admin stops it

        with pytest.raises(KeyboardInterrupt):
            run(env, sleep=sleep)
        assert slept == [5.0, 15.0, 30.0]
        said = capsys.readouterr().err
        assert said.count("trying again in") == 3 and "Traceback" not in said
        assert "PyNaCl" not in said and "davey" not in said
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.postgres
def test_a_missing_database_or_role_in_database_url_stops_the_start_with_one_line(pg_server: Any) -> None:
    from bot.store.postgres import preflight

    missing_db = pg_server.admin_url.replace("@/postgres?", "@/no_such_database?")
    line = asyncio.run(preflight(missing_db))
    assert line is not None and line.startswith("the database named in DATABASE_URL does not exist")
    missing_role = pg_server.admin_url.replace("postgres@/", "nobody_here@/")
    line = asyncio.run(preflight(missing_role))
    assert line is not None and "refused the user in DATABASE_URL" in line
    assert asyncio.run(preflight(pg_server.admin_url)) is None
    # a server that cannot be reached is an outage, not a setting: the bot starts and retries
    assert asyncio.run(preflight("postgresql://bot:pw@127.0.0.1:9/rb", timeout=60)) is None


def test_ask_as_a_member_sees_what_members_see_of_settings(
    fixture_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bot_main(["ask", "/settings show", "--db", str(fixture_db)], env={}) == 0
    manager = capsys.readouterr().out
    assert bot_main(["ask", "/settings show", "--db", str(fixture_db), "--as-member"], env={}) == 2
    member = capsys.readouterr().out
    assert manager != member and "Manage Server" in member
