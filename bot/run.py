"""`python -m bot` with no subcommand: settings from the environment, the database ready, the sharded bot running."""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Callable, Mapping
from pathlib import Path

import aiohttp
import discord

from bot.admin.logs import configure_logging
from bot.admin.status import database_status, serving_line, settings_store
from bot.database import DatabaseHandle, open_cardsdb
from bot.factory import create_bot
from bot.refresh import Refresher, in_words, refresher_for
from bot.settings import Settings
from bot.store import open_store
from bot.store.guild_settings import settings_path
from cardsdb.build.record import recorded_folder, remove_leftovers
from cardsdb.errors import CardsDBError, DatabaseUnavailable
from cardsdb.paths import rebuild_hint
from cardsdb.query.base import file_problem

log = logging.getLogger("bot")


def ensure_database(settings: Settings) -> DatabaseHandle:
    """Open the database; when it is missing, unreadable or damaged (SQLite's quick check), rebuild it from the best
    source at hand (`cardsdb.build.recover`: the data folder it was built from, kept in the record beside it; else
    RIFTBOUND_DATA; else RiftCodex; a build that knows less than the last good one is refused; else the last good copy
    is put back). Leftovers of interrupted builds beside it are removed first.

    Raises CardsDBError with one line (and how to rebuild it by hand, with the admin's paths) when nothing can.
    """
    from cardsdb.build.recover import recover_database

    path: Path = settings.db_path
    removed = remove_leftovers(path)
    if removed:
        log.info(
            "removed what interrupted builds left beside %s: %s", path, ", ".join(p.name for p in removed)
        )
    problem: DatabaseUnavailable | None = file_problem(path, check_pages=True)
    if problem is None:
        try:
            return DatabaseHandle(open_cardsdb(path), path=path)
        except DatabaseUnavailable as error:
            problem = error
    if path.is_file():
        log.warning("%s: rebuilding it", _short(problem.problem))
    else:
        log.info("no card database at %s yet: building it", path)
    try:
        outcome = recover_database(
            path, folder=settings.data_dir, riftcodex=settings.riftcodex_url, progress=_build_progress
        )
    except CardsDBError as error:
        hint = rebuild_hint(path, recorded_folder(path) or settings.data_dir)
        raise CardsDBError(f"no usable card database at {path}: {error}; {hint}") from None
    (log.warning if outcome.result == "restored" else log.info)("%s", outcome.line)
    return DatabaseHandle(open_cardsdb(path), path=path)


def _build_progress(message: str) -> None:
    logging.getLogger("bot.build").info("%s", message)


def _short(problem: str) -> str:
    """One line of at most 300 characters, cut at a word."""
    text = " ".join(problem.split())
    return text if len(text) <= 300 else text[:300].rsplit(" ", 1)[0] + " …"


def _refresh_plan(refresher: Refresher) -> str:
    if refresher.interval_s <= 0:
        return (
            "RIFTBOUND_REFRESH_HOURS is 0: the card database is not refreshed while the bot runs "
            "(a damaged one is still rebuilt)"
        )
    first = refresher.first_delay()
    when = "now" if first <= 0 else in_words(first)
    return (
        f"refreshing the card database from RiftCodex every {refresher.interval_s / 3600:g} h (next {when})"
    )


START_BACKOFF_S = (5.0, 15.0, 30.0, 60.0, 120.0, 300.0)  # then every 300 s


def run(env: Mapping[str, str], *, sync: bool = False, sleep: Callable[[float], None] = time.sleep) -> int:
    settings = Settings.from_env(env)  # raises SettingsError (exit 2) without a token
    configure_logging(settings.log)
    quiet_voice_warnings()
    try:
        handle = ensure_database(settings)
    except CardsDBError as error:
        log.error("%s", error)
        return 2
    url = settings.database_url.reveal() if settings.database_url is not None else None
    if url:
        # deferred: asyncpg (about 50 ms of imports) only where PostgreSQL is used
        from bot.store.postgres import preflight

        fatal = asyncio.run(preflight(url))
        if fatal is not None:
            log.error("%s", fatal)
            return 2
    serving = {"database": database_status(settings.db_path), "settings_store": settings_store(settings, env)}
    log.info("%s", serving_line(serving))
    if not settings.message_content:
        log.info("MESSAGE_CONTENT_INTENT is off: [[Card Name]] in messages will not be answered")
    for attempt in itertools.count():
        outcome = _run_once(settings, handle, env, sync=sync, first=attempt == 0)
        if not isinstance(outcome, str):
            return outcome
        if not settings.start_retry:
            log.error("%s (RIFTBOUND_START_RETRY is off)", outcome)
            return 1
        delay = START_BACKOFF_S[min(attempt, len(START_BACKOFF_S) - 1)]
        log.warning("%s; trying again in %g s", outcome, delay)
        sleep(delay)
    raise AssertionError("unreachable")


def _run_once(
    settings: Settings, handle: DatabaseHandle, env: Mapping[str, str], *, sync: bool, first: bool
) -> int | str:
    """One start of the bot, until it stops: its exit status, or the line saying why Discord could not be reached
    at start (5xx, no gateway), which a retry may mend. A new bot, store and refresher each time: a stopped client
    and its event loop are not reused."""
    # PostgreSQL when DATABASE_URL is set; else the SQLite file, created when missing (a corrupt one is kept aside)
    url = settings.database_url.reveal() if settings.database_url is not None else None
    store = open_store(url, settings_path(env), state_days=settings.state_days)
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
        log.info("%s", _refresh_plan(bot.refresher))
    assert settings.token is not None
    try:
        bot.run(settings.token.reveal(), log_handler=None)
    except discord.LoginFailure:
        log.error(
            "Discord rejected DISCORD_TOKEN; copy it again from the Developer Portal (Bot > Reset Token)"
        )
        return 2
    except discord.PrivilegedIntentsRequired:
        log.error(
            "enable the Message Content intent (Developer Portal > Bot), or set MESSAGE_CONTENT_INTENT=off "
            "to run without [[Card Name]] answers"
        )
        return 2
    except (discord.GatewayNotFound, discord.DiscordServerError) as error:
        return f"Discord is not answering at start ({_discord_trouble(error)})"
    except (OSError, aiohttp.ClientError) as error:
        # No network, DNS or TLS failure: one line, not a traceback (the token is never part of these errors).
        log.error(
            "could not reach Discord (%s: %s); check the network and try again", type(error).__name__, error
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
