"""The token comes only from the environment and never shows: not in logs, errors, printed output or any repr.

A fake token goes through the real start-up path (settings, database build, discord.py's login) with every logger at
DEBUG; Discord's answer to the login is faked as 401, as it is for a wrong token."""

from __future__ import annotations

import logging
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
import pytest

from bot.settings import Settings, SettingsError
from tests.support.paths import FIXTURE_DATA, ROOT

FAKE_TOKEN = "MTAxNzA0.FAKE-token-for-tests.xYz_0123456789abcdefSECRET"
FIXTURE = FIXTURE_DATA


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {
        "DISCORD_TOKEN": FAKE_TOKEN,
        "RIFTBOUND_DB": str(tmp_path / "riftbound.sqlite3"),
        "RIFTBOUND_DATA": str(FIXTURE),
        "RIFTBOUND_SETTINGS_DB": str(tmp_path / "settings.sqlite3"),
        **extra,
    }


def _leaks(text: str) -> bool:
    return FAKE_TOKEN in text or FAKE_TOKEN.split(".")[1] in text


def test_settings_and_the_token_never_print_it() -> None:
    settings = Settings.from_env({"DISCORD_TOKEN": FAKE_TOKEN})
    for shown in (repr(settings), str(settings), f"{settings!r}", repr(settings.token), f"{settings.token}"):
        assert not _leaks(shown)
    assert settings.token is not None and settings.token.reveal() == FAKE_TOKEN
    with pytest.raises(SettingsError) as bad:
        Settings.from_env({"DISCORD_TOKEN": FAKE_TOKEN, "SHARD_COUNT": FAKE_TOKEN})
    assert not _leaks(str(bad.value))


def test_settings_are_built_in_main_never_read_at_import() -> None:
    code = "import bot.factory, bot.cli, bot.run, bot.settings; print('imported')"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PATH": "/usr/bin:/bin"},  # no DISCORD_TOKEN at all
        timeout=600,
    )
    assert done.returncode == 0 and "imported" in done.stdout, done.stderr


def test_starting_with_a_rejected_token_never_logs_or_prints_it(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bot.run import run

    seen: list[str] = []

    async def unauthorized(self: Any, route: Any, **kwargs: Any) -> Any:
        seen.append(str(self.token))  # discord.py did get the token, from the environment
        logging.getLogger("discord.http").debug("%s %s with %s", route.method, route.url, kwargs)
        raise discord.HTTPException(SimpleNamespace(status=401, reason="Unauthorized"), "401: Unauthorized")

    monkeypatch.setattr(discord.http.HTTPClient, "request", unauthorized)
    caplog.set_level(logging.DEBUG)
    assert run(_env(tmp_path)) == 2
    out, err = capsys.readouterr()
    assert seen == [FAKE_TOKEN]
    assert "Discord rejected DISCORD_TOKEN" in err
    logged = "\n".join(f"{r.getMessage()} {r.args!r} {r.exc_text or ''}" for r in caplog.records)
    assert caplog.records  # the build and discord.py did log
    assert not _leaks(out) and not _leaks(err) and not _leaks(logged)


def test_starting_without_a_network_exits_with_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bot.run import run

    async def unreachable(self: Any, route: Any, **kwargs: Any) -> Any:
        raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")

    monkeypatch.setattr(discord.http.HTTPClient, "request", unreachable)
    assert run(_env(tmp_path)) == 1
    out, err = capsys.readouterr()
    assert " ERROR bot: could not reach Discord" in err.strip().splitlines()[-1]  # the one log format
    assert "Traceback" not in err and not _leaks(out) and not _leaks(err)


def test_a_bug_answered_while_running_never_logs_the_token(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    from bot.cards import answers
    from bot.database import DatabaseHandle
    from bot.factory import create_bot
    from bot.harness import Harness
    from tests.support.bot_harness_fixtures import FakeCards

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(answers, "card_reply", broken)
    settings = Settings.from_env({"DISCORD_TOKEN": FAKE_TOKEN})
    bot = create_bot(settings, DatabaseHandle(FakeCards()), sharded=False)
    caplog.set_level(logging.DEBUG)

    async def ask() -> Any:
        harness = await Harness.start(bot, strict=False)
        return await harness.command("card", {"name": "Pouty Poro"})

    result = asyncio.run(ask())
    assert result.error is not None  # logged with its traceback
    logged = "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in caplog.records)
    assert "a bug" in logged and not _leaks(logged) and not _leaks(result.text())
    assert not _leaks(repr(bot.services)) and not _leaks(repr(bot))


def test_dot_env_is_ignored_by_git(tmp_path: Path) -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    done = subprocess.run(
        ["git", "check-ignore", "--no-index", ".env", ".env.local"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.stdout.split() == [".env", ".env.local"], ".env must be listed in .gitignore"
