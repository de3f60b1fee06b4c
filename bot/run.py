"""`python -m bot` with no subcommand: settings from the environment, the database ready, the sharded bot running."""

from __future__ import annotations

import asyncio
import itertools
import logging
import sqlite3
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from bot.database import DatabaseHandle, open_cardsdb, quick_check
from bot.refresh import Refresher, refresher_for
from bot.settings import Settings
from cardsdb.build.inventory import read_inventory
from cardsdb.errors import CardsDBError
from cardsdb.paths import rebuild_hint

log = logging.getLogger("bot")


def _say(message: str) -> None:
    print(f"[bot] {message}", file=sys.stderr, flush=True)


def ensure_database(settings: Settings) -> DatabaseHandle:
    """Open the database; when it is missing, unreadable or damaged (SQLite's quick check), build it from the data
    folder (RIFTBOUND_DATA, else the one the damaged file was built from), else sync from RiftCodex.

    Raises CardsDBError with one line (and how to build it by hand) when that fails too.
    """
    path: Path = settings.db_path
    folder = settings.data_dir
    if path.is_file():
        problem = quick_check(path)
        if problem is None:
            try:
                return DatabaseHandle(open_cardsdb(path), path=path)
            except CardsDBError as error:
                problem = str(error)
        folder = folder or _recorded_folder(path)
        _say(f"the card database at {path} cannot be used ({_short(problem)}): rebuilding it")
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if folder is not None:
            from cardsdb.build.pipeline import build_database

            _say(f"building the card database at {path} from the data folder {folder}")
            build_database(folder, path, progress=_say)
        else:
            from cardsdb.build.sync import sync_database

            _say(
                f"fetching cards from {settings.riftcodex_url} to build the card database at {path} (no data folder)"
            )
            sync_database(settings.riftcodex_url, path, progress=_say)
        return DatabaseHandle(open_cardsdb(path), path=path)
    except CardsDBError as error:
        raise CardsDBError(
            f"no usable card database at {path} ({error}); {rebuild_hint(path, folder)}"
        ) from None


def _recorded_folder(path: Path) -> Path | None:
    """The data folder a damaged database was built from, when its meta table can still be read."""
    try:
        built_from = read_inventory(path).built_from
    except sqlite3.DatabaseError:
        return None
    folder = Path(built_from.data_folder) if built_from.data_folder else None
    return folder if folder is not None and folder.is_dir() else None


def _short(problem: str) -> str:
    return " ".join(problem.split())[:160]


def _refresh_plan(refresher: Refresher) -> str:
    if refresher.interval_s <= 0:
        return (
            "RIFTBOUND_REFRESH_HOURS is 0: the card database is not refreshed while the bot runs "
            "(a damaged one is still rebuilt)"
        )
    first = refresher.first_delay()
    when = "now" if first <= 0 else f"in {first / 3600:.1f} h"
    return (
        f"refreshing the card database from RiftCodex every {refresher.interval_s / 3600:g} h (next {when})"
    )


START_BACKOFF_S = (5.0, 15.0, 30.0, 60.0, 120.0, 300.0)  # then every 300 s


def run(env: Mapping[str, str], *, sync: bool = False, sleep: Callable[[float], None] = time.sleep) -> int:
    settings = Settings.from_env(env)  # raises SettingsError (exit 2) without a token
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    quiet_voice_warnings()
    try:
        handle = ensure_database(settings)
    except CardsDBError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    url = settings.database_url.reveal() if settings.database_url is not None else None
    if url:
        from bot.store.postgres import preflight

        fatal = asyncio.run(preflight(url))
        if fatal is not None:
            print(f"error: {fatal}", file=sys.stderr)
            return 2
    if not settings.message_content:
        _say("MESSAGE_CONTENT_INTENT is off: [[Card Name]] in messages will not be answered")
    for attempt in itertools.count():
        outcome = _run_once(settings, handle, env, sync=sync, first=attempt == 0)
        if not isinstance(outcome, str):
            return outcome
        if not settings.start_retry:
            print(f"error: {outcome} (RIFTBOUND_START_RETRY is off)", file=sys.stderr)
            return 1
        delay = START_BACKOFF_S[min(attempt, len(START_BACKOFF_S) - 1)]
        _say(f"{outcome}; trying again in {delay:g} s")
        sleep(delay)
    raise AssertionError("unreachable")


def _run_once(
    settings: Settings, handle: DatabaseHandle, env: Mapping[str, str], *, sync: bool, first: bool
) -> int | str:
    """One start of the bot, until it stops: its exit status, or the line saying why Discord could not be reached
    at start (5xx, no gateway), which a retry may mend. A new bot, store and refresher each time: a stopped client
    and its event loop are not reused."""
    import aiohttp
    import discord

    from bot.factory import create_bot
    from bot.store import open_store
    from bot.store.guild_settings import settings_path

    # PostgreSQL when DATABASE_URL is set; else the SQLite file, created when missing (a corrupt one is kept aside)
    url = settings.database_url.reveal() if settings.database_url is not None else None
    store = open_store(url, settings_path(env), state_days=settings.state_days)
    if url and first:
        _say(f"server settings and saved buttons in {store.health.describe} (DATABASE_URL)")
    bot = create_bot(settings, handle, sharded=True, store=store)
    bot.sync_commands_on_start = sync
    bot.refresher = refresher_for(
        handle,
        path=settings.db_path,
        hours=settings.refresh_hours,
        riftcodex_url=settings.riftcodex_url,
        data_dir=settings.data_dir,
    )
    if first:
        _say(_refresh_plan(bot.refresher))
    assert settings.token is not None
    try:
        bot.run(settings.token.reveal(), log_handler=None)
    except discord.LoginFailure:
        print(
            "error: Discord rejected DISCORD_TOKEN; copy it again from the Developer Portal (Bot > Reset Token)",
            file=sys.stderr,
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        print(
            "error: enable the Message Content intent (Developer Portal > Bot), or set MESSAGE_CONTENT_INTENT=off "
            "to run without [[Card Name]] answers",
            file=sys.stderr,
        )
        return 2
    except (discord.GatewayNotFound, discord.DiscordServerError) as error:
        return f"Discord is not answering at start ({_discord_trouble(error)})"
    except (OSError, aiohttp.ClientError) as error:
        # No network, DNS or TLS failure: one line, not a traceback (the token is never part of these errors).
        print(
            f"error: could not reach Discord ({type(error).__name__}: {error}); check the network and try again",
            file=sys.stderr,
        )
        return 1
    return 0


def _discord_trouble(error: BaseException) -> str:
    cause = error.__cause__ if isinstance(error.__cause__, BaseException) else error
    status = getattr(cause, "status", None)
    return f"HTTP {status} from its API" if status else "its gateway could not be found"


def quiet_voice_warnings() -> None:
    """A text bot has no voice: discord.py's start-up warnings that voice libraries are missing say nothing to an
    admin (it warns once per process, then clears these flags itself)."""
    import discord

    discord.VoiceClient.warn_nacl = False
    if hasattr(discord.VoiceClient, "warn_dave"):
        discord.VoiceClient.warn_dave = False
