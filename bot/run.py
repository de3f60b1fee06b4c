"""`python -m bot` with no subcommand: settings from the environment, the database ready, the sharded bot running."""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping
from pathlib import Path

from bot.database import DatabaseHandle, open_cardsdb
from bot.refresh import Refresher, refresher_for
from bot.settings import Settings
from cardsdb.errors import CardsDBError
from cardsdb.paths import BUILD_HINT

log = logging.getLogger("bot")


def _say(message: str) -> None:
    print(f"[bot] {message}", file=sys.stderr, flush=True)


def ensure_database(settings: Settings) -> DatabaseHandle:
    """Open the database; when it is missing or unreadable build it from RIFTBOUND_DATA, else sync from RiftCodex.

    Raises CardsDBError with one line (and how to build it by hand) when that fails too.
    """
    path: Path = settings.db_path
    if path.is_file():
        try:
            return DatabaseHandle(open_cardsdb(path), path=path)
        except CardsDBError as error:
            _say(f"the card database at {path} cannot be used ({error}); rebuilding it")
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        if settings.data_dir is not None:
            from cardsdb.build.pipeline import build_database

            _say(f"building the card database at {path} from {settings.data_dir} (RIFTBOUND_DATA)")
            build_database(settings.data_dir, path, progress=_say)
        else:
            from cardsdb.build.sync import sync_database

            _say(
                f"no card database at {path} and RIFTBOUND_DATA is not set: fetching cards from {settings.riftcodex_url}"
            )
            sync_database(settings.riftcodex_url, path, progress=_say)
        return DatabaseHandle(open_cardsdb(path), path=path)
    except CardsDBError as error:
        raise CardsDBError(f"no usable card database at {path} ({error}); {BUILD_HINT}") from None


def _refresh_plan(refresher: Refresher | None) -> str:
    if refresher is None:
        return "RIFTBOUND_REFRESH_HOURS is 0: the card database is not refreshed while the bot runs"
    first = refresher.first_delay()
    when = "now" if first <= 0 else f"in {first / 3600:.1f} h"
    return (
        f"refreshing the card database from RiftCodex every {refresher.interval_s / 3600:g} h (next {when})"
    )


def run(env: Mapping[str, str], *, sync: bool = False) -> int:
    settings = Settings.from_env(env)  # raises SettingsError (exit 2) without a token
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        handle = ensure_database(settings)
    except CardsDBError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    from bot.factory import create_bot
    from bot.store import open_store
    from bot.store.guild_settings import settings_path

    # PostgreSQL when DATABASE_URL is set; else the SQLite file, created when missing (a corrupt one is kept aside)
    url = settings.database_url.reveal() if settings.database_url is not None else None
    store = open_store(url, settings_path(env), state_days=settings.state_days)
    if url:
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
    _say(_refresh_plan(bot.refresher))
    assert settings.token is not None
    if not settings.message_content:
        _say("MESSAGE_CONTENT_INTENT is off: [[Card Name]] in messages will not be answered")
    import aiohttp
    import discord

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
            "error: enable the Message Content intent (Developer Portal > Bot), or set MESSAGE_CONTENT_INTENT=0 "
            "to run without [[Card Name]] answers",
            file=sys.stderr,
        )
        return 2
    except (OSError, aiohttp.ClientError) as error:
        # No network, DNS or TLS failure: one line, not a traceback (the token is never part of these errors).
        print(
            f"error: could not reach Discord ({type(error).__name__}: {error}); check the network and try again",
            file=sys.stderr,
        )
        return 1
    return 0
