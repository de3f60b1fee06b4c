"""`python -m bot`: run the bot; `ask "LINE" [--json]`: answer LINE as the bot would; `commands --json`: the tree;
`bench`: the benchmark (tools/bench, in a checkout only: the package does not ship it).

Bad input exits 2 with one line on standard error (or `{"error": ...}` with --json), never a traceback.

Each subcommand imports what only it needs inside its function (running the bot never loads the harness, `ask` never
loads the runner): start-up cost, not a cycle (`tests/meta/test_imports.py` counts these imports too).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import re
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.admin.status import format_status
from bot.admin.status import status as serving_status
from bot.cards.messages import replies_for
from bot.controls.buttons import suggestion_view
from bot.database import DatabaseHandle, open_cardsdb
from bot.factory import create_bot
from bot.harness import Harness
from bot.run import run
from bot.settings import Settings, SettingsError
from bot.store.sqlite import SqliteStore
from bot.ui.render import pack
from cardsdb import program_version
from cardsdb.errors import CardsDBError
from cardsdb.query.base import hint_for
from cardsdb.search.name_index import closest_name

log = logging.getLogger("bot")
SETTINGS_NOT_KEPT = (
    "Not kept: python -m bot ask answers each line as a server with the default settings would, and keeps no "
    "settings from one line to the next. In Discord, /settings keeps them for the server."
)


class AskError(Exception):
    """A LINE that cannot be asked: unknown command or option, a bad value. One line, exit 2."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bot", description="The Riftbound rules bot for Discord.")
    parser.add_argument(
        "--sync", action="store_true", help="register the slash commands with Discord on start"
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {program_version()}")
    sub = parser.add_subparsers(dest="command")
    status = sub.add_parser(
        "status",
        help="what is serving: the card database, its data's date and rules, its last refresh, the store",
    )
    status.add_argument("--json", action="store_true", help="print it as JSON")
    ask = sub.add_parser("ask", help="answer a slash command or a message as the bot would, without Discord")
    ask.add_argument(
        "line",
        help='e.g. "/hidden play card:Hidden Blade hidden_this_turn:True" or "is [[Tideturner]] good?"',
    )
    ask.add_argument("--json", action="store_true", help="print the reply as JSON")
    ask.add_argument("--db", help="database file (default: RIFTBOUND_DB or data/riftbound.sqlite3)")
    ask.add_argument(
        "--as-member",
        action="store_true",
        help="ask as a member without Manage Server (what members see of /settings and judge mode)",
    )
    ask.add_argument(
        "--press",
        metavar="LABEL",
        help='press a button under the answer and print what it shows: "Details" (a quick answer\'s whole answer '
        'and its scenario code), "Show the cited rules"',
    )
    cmds = sub.add_parser("commands", help="print the command tree as it would be synced")
    cmds.add_argument("--json", action="store_true")
    sub.add_parser(
        "bench",
        help="time lookups, the engine and commands beside naive baselines (from a checkout: tools/bench)",
        add_help=False,  # main hands its options, --help included, to the benchmark's own parser (tools/bench/cli.py)
    )
    return parser


# ---- parsing a LINE -------------------------------------------------------------------------------------------

_TRUE = {"true", "yes", "y", "1", "on"}
_FALSE = {"false", "no", "n", "0", "off"}


def _convert(command: app_commands.Command[Any, ..., Any], name: str, raw: str) -> Any:
    param = next(p for p in command.parameters if p.display_name == name)
    value = raw.strip()
    if param.choices:
        wanted = value.casefold().replace("_", " ")
        for choice in param.choices:
            first_word = (
                choice.name.casefold().split(" ")[0].rstrip(",")
            )  # "v1.5" of "v1.5, current (2026-10-09)"
            if wanted in (str(choice.value).casefold().replace("_", " "), choice.name.casefold(), first_word):
                return choice.value
        names = ", ".join(c.name for c in param.choices)
        raise AskError(f"{name}: {value!r} is not one of {names}")
    kind = param.type
    if kind is discord.AppCommandOptionType.boolean:
        if value.casefold() in _TRUE:
            return True
        if value.casefold() in _FALSE:
            return False
        raise AskError(f"{name}: {value!r} is not True or False")
    if kind is discord.AppCommandOptionType.integer:
        try:
            return int(value)
        except ValueError:
            raise AskError(f"{name}: {value!r} is not a whole number") from None
    return value


def _did_you_mean(candidates: Sequence[str], typed: str, shown: str = "{}") -> str:
    """ " (did you mean X?)" for a misspelt name, else nothing."""
    best = closest_name(candidates, typed)
    return f" (did you mean {shown.format(best)}?)" if best else ""


def _misspelt_option(where: str, names: Sequence[str], value: str) -> None:
    """A value runs up to the next option name, so `card:Hidden Blade yourturn:False` would ask for a card named
    "Hidden Blade yourturn:False": a `word:` close to an option name is taken as that option misspelt."""
    for typed in re.findall(r"(?:^|\s)([A-Za-z_]+):", value):
        best = closest_name(names, typed)
        if best is not None:
            raise AskError(
                f"/{where} has no option {typed!r} (did you mean {best}?); its options are {', '.join(names)}"
            )


def parse_command_line(tree: app_commands.CommandTree[Any], line: str) -> tuple[str, dict[str, Any]]:
    """`/hidden hide card:Hidden Blade your_turn:False` -> ("hidden hide", {"card": "Hidden Blade", "your_turn": False})."""
    words = line.strip().lstrip("/").split(maxsplit=1)
    if not words:
        raise AskError("no command given")
    top = tree.get_command(words[0].casefold())
    if top is None:
        known = ", ".join(f"/{c.name}" for c in tree.get_commands())
        hint = _did_you_mean([c.name for c in tree.get_commands()], words[0], "/{}")
        raise AskError(f"unknown command /{words[0]}{hint}; the commands are {known}")
    rest = words[1] if len(words) > 1 else ""
    path = [top.name]
    command: Any = top
    if isinstance(top, app_commands.Group):
        sub_words = rest.split(maxsplit=1)
        sub = top.get_command(sub_words[0].casefold()) if sub_words else None
        if sub is None:
            subs = " | ".join(c.name for c in top.commands)
            typed = sub_words[0] if sub_words else ""
            hint = _did_you_mean([c.name for c in top.commands], typed, f"/{top.name} {{}}") if typed else ""
            raise AskError(f"/{top.name} needs a subcommand: {subs}{hint}")
        path.append(sub.name)
        command = sub
        rest = sub_words[1] if len(sub_words) > 1 else ""
    assert isinstance(command, app_commands.Command)
    names: list[str] = [p.display_name for p in command.parameters]
    where = " ".join(path)
    options: dict[str, Any] = {}
    if names:
        pattern = re.compile(r"(?:^|(?<=\s))(" + "|".join(re.escape(n) for n in names) + r"):", re.IGNORECASE)
        matches = list(pattern.finditer(rest))
        head = rest[: matches[0].start()] if matches else rest
        if head.strip():
            unknown = re.match(r"(?<![A-Za-z_])([A-Za-z_]+):", head.lstrip())
            if unknown:
                hint = _did_you_mean(names, unknown.group(1))
                raise AskError(
                    f"/{where} has no option {unknown.group(1)!r}{hint}; its options are {', '.join(names)}"
                )
            required = [p.display_name for p in command.parameters if p.required]
            if len(required) != 1:
                raise AskError(f"write options as name:value; /{where} takes {', '.join(names)}")
            options[required[0]] = _convert(command, required[0], head)
        for i, match in enumerate(matches):
            end = matches[i + 1].start() if i + 1 < len(matches) else len(rest)
            name = match.group(1).lower()
            value = rest[match.end() : end]
            if name != "text":  # a scenario's text holds `key:` of its own
                _misspelt_option(where, names, value)
            options[name] = _convert(command, name, value)
    elif rest.strip():
        raise AskError(f"/{where} takes no options")
    missing = [p.display_name for p in command.parameters if p.required and p.display_name not in options]
    if missing:
        raise AskError(f"/{where} needs {', '.join(f'{m}:...' for m in missing)}")
    return where, options


# ---- output --------------------------------------------------------------------------------------------------


def format_text(reply: Mapping[str, Any]) -> str:
    """A reply as plain text for a terminal: what a server would see, one block per embed."""
    lines: list[str] = []
    if reply.get("ephemeral"):
        lines.append("(only you can see this)")
    if reply.get("content"):
        lines.append(str(reply["content"]))
    messages = [reply, *(reply.get("followups") or [])]
    for message in messages:
        for embed in message.get("embeds") or ():
            if embed.get("title"):
                lines.append(f"## {embed['title']}")
            if embed.get("description"):
                lines.append(str(embed["description"]))
            for field in embed.get("fields") or ():
                lines.append(f"[{field.get('name')}]\n{field.get('value')}")
            if (embed.get("image") or {}).get("url"):
                lines.append(f"[Image] {embed['image']['url']}")
            if (embed.get("footer") or {}).get("text"):
                lines.append(f"-- {embed['footer']['text']}")
            lines.append("")
        buttons = [
            c.get("label") or c.get("placeholder")
            for row in message.get("components") or ()
            for c in row.get("components") or ()
        ]
        if buttons:
            lines.append("Buttons: " + " | ".join(f"[{b}]" for b in buttons))
    for choice in reply.get("choices") or ():
        lines.append(f"{choice.get('name')} -> {choice.get('value')}")
    if reply.get("modal"):
        lines.append(f"(opens a form: {reply['modal'].get('title')})")
    return "\n".join(lines).rstrip()


def _fail(message: str, as_json: bool) -> int:
    if as_json:
        print(json.dumps({"error": message}))
    else:
        print(f"error: {message}", file=sys.stderr)
    return 2


# ---- commands ------------------------------------------------------------------------------------------------


# What an ordinary member may do in a channel: read, write, embed, react, use commands; not Manage Server.
MEMBER_PERMISSIONS = discord.Permissions.text() | discord.Permissions(view_channel=True)


async def ask(
    line: str,
    handle: DatabaseHandle,
    settings: Settings,
    *,
    as_member: bool = False,
    press: str | None = None,
) -> tuple[dict[str, Any], int]:
    """The reply to LINE, as the JSON of the interface contract, and the exit status (2: the reply is an error).
    The asker manages the server unless `as_member`; `press`: the label of a button under the answer, pressed, and
    its reply given instead."""
    with tempfile.TemporaryDirectory(prefix="rb-ask-") as scratch:
        # a throwaway settings store: `ask` answers as a server with default settings would (and /settings works)
        store = SqliteStore(Path(scratch) / "settings.sqlite3")
        bot = create_bot(settings, handle, sharded=False, store=store)
        harness = await Harness.start(bot, strict=False)
        permissions = MEMBER_PERMISSIONS.value if as_member else None
        return await _ask_with(harness, bot, line, permissions, press)


async def _ask_with(
    harness: Any, bot: Any, line: str, permissions: int | None = None, press: str | None = None
) -> tuple[dict[str, Any], int]:
    text = line.strip()
    if text.startswith("/"):
        path, options = parse_command_line(harness.tree, text)
        result = await harness.command(path, options, permissions=permissions)
        if press is not None and result.error is None and result.user_error is None:
            result = await harness.click(result.first, _button(result, press))
        if result.error is not None:
            log.error("the command failed", exc_info=result.error)
            return result.to_json(), 1
        reply = result.to_json()
        if path.split()[0] == "settings" and path != "settings show" and result.user_error is None:
            reply["content"] = SETTINGS_NOT_KEPT
        return reply, 2 if result.user_error is not None else 0
    if press is not None:
        raise AskError("--press needs a slash command: its answer's buttons are pressed")
    if "[[" in text:
        replies = replies_for(bot.services, text)
        embeds = [e for reply in replies for e in reply.embeds]
        suggestions = [s for reply in replies for s in reply.suggested]
        view = await suggestion_view(bot.services, suggestions, owner_id=None) if suggestions else None
        components = view.to_components() if view is not None else []
        groups = pack(embeds) or [[]]
        reply = {
            "content": None,
            "embeds": [e.to_dict() for e in groups[0]],
            "ephemeral": False,
            "components": components,
            **(
                {"followups": [{"embeds": [e.to_dict() for e in g]} for g in groups[1:]]}
                if len(groups) > 1
                else {}
            ),
        }
        return reply, 0
    raise AskError("LINE must be a slash command (/card name:Hidden Blade) or a message with [[Card Name]]")


def _button(result: Any, label: str) -> str:
    """The label of the button under the answer that `label` names (any case); AskError naming the buttons there."""
    labels = [str(b.get("label")) for b in result.first.buttons() if b.get("label")]
    found = next((shown for shown in labels if shown.casefold() == label.strip().casefold()), None)
    if found is None:
        there = ", ".join(f'"{shown}"' for shown in labels) or "none"
        raise AskError(f"no button {label.strip()[:40]!r} under that answer (its buttons: {there})")
    return found


def _ask_main(args: argparse.Namespace, env: Mapping[str, str]) -> int:
    settings = Settings.from_env(env, need_token=False)
    path = Path(args.db) if args.db else settings.db_path
    try:  # as every command line opens it (cardsdb card, rule...): damaged pages refuse it before any answer
        handle = DatabaseHandle(open_cardsdb(path, wait_for_meaning=True, check_pages=True), path=path)
    except CardsDBError as error:
        return _fail(str(error), args.json)
    try:
        reply, status = asyncio.run(
            ask(args.line, handle, settings, as_member=args.as_member, press=args.press)
        )
    except (AskError, CardsDBError) as error:
        return _fail(str(error), args.json)
    except Exception as error:  # a bug: one line here, the details in the log
        log.debug("ask failed", exc_info=True)
        return _fail(f"internal error: {type(error).__name__}: {error}", args.json) - 1
    if (
        handle.damaged
    ):  # a page read while answering was damaged: the answer is "not available", not an answer
        return _fail(f"the card database {path} is damaged; {hint_for(path)}", args.json)
    if args.json:
        print(json.dumps(reply, ensure_ascii=False, indent=2))
    else:
        print(format_text(reply))
    return status


async def command_tree_json() -> list[dict[str, Any]]:

    bot = create_bot(Settings(), DatabaseHandle(None), sharded=False)
    harness = await Harness.start(bot, strict=False)
    return [command.to_dict(harness.tree) for command in harness.tree.get_commands()]


def _commands_main(args: argparse.Namespace) -> int:
    tree = asyncio.run(command_tree_json())
    if args.json:
        print(json.dumps(tree, indent=2))
    else:
        for command in tree:
            subs = [o["name"] for o in command.get("options") or () if o.get("type") == 1]
            print(
                f"/{command['name']}"
                + (f" {' | '.join(subs)}" if subs else "")
                + f": {command['description']}"
            )
    return 0


def _status_main(args: argparse.Namespace, env: Mapping[str, str]) -> int:
    """`python -m bot status [--json]`: what is serving (no token needed); exit 0 when the database can be used, 1
    when it cannot."""
    found = serving_status(Settings.from_env(env, need_token=False), env, program_version())
    print(json.dumps(found, ensure_ascii=False, indent=2) if args.json else format_status(found))
    return 0 if found["database"]["usable"] else 1


NO_BENCH = (
    "the benchmark is not installed with the bot: run `python -m bot bench` (or `python -m tools.bench`) "
    "from a checkout of the repository, where tools/ is"
)


def _bench_main(options: Sequence[str], env: Mapping[str, str]) -> int:
    try:
        from tools.bench.cli import main as bench_main
    except ModuleNotFoundError as error:
        if error.name not in ("tools", "tools.bench", "tools.bench.cli"):
            raise
        return _fail(NO_BENCH, "--json" in options)
    return bench_main(options, env, prog="python -m bot bench")


def main(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "bench":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    env = os.environ if env is None else env
    try:
        if args.command == "ask":
            return _ask_main(args, env)
        if args.command == "commands":
            return _commands_main(args)
        if args.command == "status":
            return _status_main(args, env)
        if args.command == "bench":
            return _bench_main(extra, env)

        return run(env, sync=args.sync)
    except (SettingsError, CardsDBError) as error:
        return _fail(str(error), getattr(args, "json", False))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `python -m bot ask ... | head`: the reader left early
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
