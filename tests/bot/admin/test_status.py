"""What is serving (issue 33, finding 10): the start's one line (the database, its data's date, its rules versions,
the settings store, never a password), `python -m bot status [--json]`, `--version` of both command lines, /help's
dates in plain words, one log format with RIFTBOUND_LOG_LEVEL and RIFTBOUND_LOG_FORMAT=json. And the settings of
findings 5 and 14: RIFTCODEX_URL, RIFTBOUND_DB, RIFTBOUND_REFRESH_HOURS, SHARD_COUNT."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main as bot_main
from bot.help.render import data_words, plain_date
from bot.run import run
from bot.settings import Settings, SettingsError, parse_refresh_hours
from cardsdb.build.record import keep_good
from tests.support.riftcodex import break_file


def _discord_down() -> ThreadingHTTPServer:
    """A loopback Discord API whose gateway answers 503: the start goes as far as Discord, then stops."""

    class Discord(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            ok = self.path.endswith("/users/@me")
            body = json.dumps(
                {"id": "1", "username": "bot", "discriminator": "0", "avatar": None, "bot": True}
                if ok
                else {"message": "Service Unavailable", "code": 0}
            ).encode()
            self.send_response(200 if ok else 503)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Discord)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    return server


@pytest.fixture()
def started(
    serving: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> dict[str, Any]:
    """`python -m bot` run in this process up to Discord (which answers 503, RIFTBOUND_START_RETRY off), its standard
    error as it printed it, with JSON logs."""
    import discord

    server = _discord_down()
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://127.0.0.1:{server.server_address[1]}/api/v10")
    env = {
        "DISCORD_TOKEN": "MTAx.fake.token",
        "RIFTBOUND_DB": str(serving),
        "RIFTBOUND_SETTINGS_DB": str(tmp_path / "settings.sqlite3"),
        "RIFTBOUND_REFRESH_HOURS": "0",
        "RIFTBOUND_START_RETRY": "off",
        "RIFTBOUND_LOG_FORMAT": "json",
        "RIFTCODEX_URL": "http://127.0.0.1:9",
    }
    try:
        status = run(env)
    finally:
        server.shutdown()
        server.server_close()
    return {"status": status, "err": capsys.readouterr().err}


def test_10_the_start_says_in_one_line_what_is_serving_and_every_line_is_one_json_object(
    started: dict[str, Any], serving: Path
) -> None:
    assert started["status"] == 1
    lines = [json.loads(line) for line in started["err"].splitlines()]  # each line parses: one format
    assert {"time", "level", "logger", "message"} <= set(lines[0])
    serving_lines = [
        line["message"] for line in lines if line["message"].startswith("serving the card database")
    ]
    assert len(serving_lines) == 1
    said = serving_lines[0]
    assert str(serving) in said and "card data 2026-" in said and "Core Rules (current) 2026-10-09" in said
    assert "rules held: Core Rules 2026-10-09, Core Rules v1.3" in said
    assert "settings and buttons in the SQLite file" in said
    assert lines[-1]["level"] == "ERROR" and "Discord is not answering at start" in lines[-1]["message"]


def test_10_the_log_level_setting_hides_what_is_below_it(
    serving: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = {
        "DISCORD_TOKEN": "t",
        "RIFTBOUND_DB": str(tmp_path / "none.sqlite3"),
        "RIFTBOUND_DATA": str(tmp_path / "no-folder"),
        "RIFTBOUND_LOG_LEVEL": "error",
        "RIFTCODEX_URL": "http://127.0.0.1:9",
    }
    assert run(env) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and " ERROR bot: no usable card database" in err[0]  # no INFO line about building
    for name, value in (("RIFTBOUND_LOG_LEVEL", "loud"), ("RIFTBOUND_LOG_FORMAT", "xml")):
        assert bot_main([], env={"DISCORD_TOKEN": "t", name: value}) == 2
        said = capsys.readouterr().err
        assert said.startswith(f"error: {name} must be") and said.count("\n") == 1


def test_10_status_says_what_is_serving_and_what_is_wrong(
    serving: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    env = {
        "RIFTBOUND_DB": str(serving),
        "DATABASE_URL": "postgresql://bot:s3cr%40t@db.example:5432/rb",
        "DISCORD_TOKEN": "MTAx.secret",
    }
    assert bot_main(["status", "--json"], env=env) == 0
    found = json.loads(capsys.readouterr().out)
    database = found["database"]
    assert database["usable"] and database["data"]["Core Rules (current)"] == "2026-10-09"
    assert (
        database["built_from"].startswith("the data folder ") and database["kinds"]["cards with Hidden"] > 0
    )
    assert found["settings_store"] == "PostgreSQL at postgresql://db.example:5432/rb (DATABASE_URL)"
    keep_good(serving)
    break_file(serving, "damaged pages")
    assert bot_main(["status"], env=env) == 1
    text = capsys.readouterr().out
    assert "state: NOT usable: the card database" in text and "is damaged" in text
    assert "the last good build, from the record beside the file" in text and "last good copy: " in text
    assert "s3cr" not in text and "MTAx" not in text


@pytest.mark.parametrize("program", ["bot", "cardsdb"])
def test_10_both_command_lines_say_their_version(program: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", program, "--version"], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0 and done.stdout.strip() == f"python -m {program} 0.1.0"


async def test_10_help_shows_users_the_data_date_and_rules_version_in_plain_words(fake_harness: Any) -> None:
    result = await fake_harness.command("help")
    field = next(f for f in result.embeds[0]["fields"] if f["name"] == "The data behind the answers")
    assert "Core Rules of 9 October 2026 (the current rules)" in field["value"]
    assert "_" not in field["value"] and "2026-10-09" not in field["value"]  # no keys, no codes
    assert plain_date("2026-10") == "October 2026" and plain_date("junk") is None
    assert "not available" in data_words(None)


@pytest.mark.parametrize(
    ("env", "said"),
    [
        ({"RIFTCODEX_URL": "api.riftcodex.com"}, "RIFTCODEX_URL must be an http:// or https:// URL"),
        ({"RIFTCODEX_URL": "http://"}, "RIFTCODEX_URL must be an http:// or https:// URL"),
        ({"SHARD_COUNT": "99999999999"}, "SHARD_COUNT is at most 10,000"),
        ({"RIFTBOUND_REFRESH_HOURS": "sometimes"}, "RIFTBOUND_REFRESH_HOURS must be"),
    ],
)
def test_5_and_14_wrong_settings_stop_the_start_in_one_line(
    env: dict[str, str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bot_main([], env={"DISCORD_TOKEN": "t", **env}) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {said}") and err.count("\n") == 1 and "Traceback" not in err


def test_5_riftbound_db_naming_a_folder_stops_the_start_before_any_build(tmp_path: Path) -> None:
    with pytest.raises(SettingsError, match=r"RIFTBOUND_DB names a folder .* like .*riftbound\.sqlite3"):
        Settings.from_env({"RIFTBOUND_DB": str(tmp_path)}, need_token=False)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("word", ["false", "FALSE", "no", "off", "none", "0"])
def test_14_every_off_word_turns_refreshing_off(word: str) -> None:
    assert parse_refresh_hours(word) == 0.0
    assert Settings.from_env({"RIFTBOUND_REFRESH_HOURS": word}, need_token=False).refresh_hours == 0.0


def test_the_log_goes_to_standard_error_in_the_chosen_format(capsys: pytest.CaptureFixture[str]) -> None:
    from bot.admin.logs import LogSettings, configure_logging

    configure_logging(LogSettings(level="info", format="json"))
    try:
        logging.getLogger("bot.test").warning("one %s", "line")
        line = json.loads(capsys.readouterr().err)
        assert line["level"] == "WARNING" and line["message"] == "one line" and line["logger"] == "bot.test"
    finally:
        configure_logging(LogSettings())
