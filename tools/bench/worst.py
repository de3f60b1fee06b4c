"""The worst case (issue 25): the slowest inputs known for each command, autocomplete and button, each timed through
the command tree as a user would send it, in CPU and wall milliseconds (p50 and p99 over a few calls), with how the
bot answered ("answered", "bad input" in one line, or "unexpected error"); and how long another user waits for `/card`
while six of the slowest are in flight.

The inputs are those that once stalled the bot (a scenario code of 700 facedown copies: 9.9 s of CPU; a search of
2,999 terms: 4.4 s; /rule autocomplete of 1,497 rule numbers: 0.39 s...) and the largest the limits let through now
(a position at every limit, the most search terms, the longest deck list): each is what a user can type into Discord
(an option holds at most 6,000 characters). CPU time is the process's (`time.process_time`), so work done in the
answering thread counts. The per-user limits are off here: each figure is the cost of one call.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import itertools
import json
import random
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.bench.measure import percentiles

OPTION_CHARS = 6000  # the longest text Discord sends in one slash command option
WORST_USER_IDS = 810000000000000000  # each call from its own user
MISSPELT = (
    "Jinx Lse Cnon",
    "Hiden Blde",
    "Pouty Proo",
    "Vangrd Sgt",
    "Tidetrner",
    "Blok",
    "Smok Mirrs",
    "Facebrker",
)


@dataclass(frozen=True)
class Input:
    """One slow input: what it is, the command it goes to (`hidden scenario`), its options, and the option whose
    autocomplete is asked instead (None: the command itself)."""

    label: str
    path: str
    options: dict[str, Any]
    focused: str | None = None


def packed_code(text: str) -> str:
    """A v1 scenario code holding `text` as it is, checked by nothing: what a forger can send."""
    from cardsdb.engine.position import scenario_code

    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, scenario_code._V1_ZDICT)
    packed = packer.compress(text.encode()) + packer.flush()
    checksum = (zlib.crc32(packed) & 0xFFFFFFFF).to_bytes(4, "big")
    return "rb1." + base64.urlsafe_b64encode(checksum + packed).rstrip(b"=").decode("ascii")


def _compact(scenario: dict[str, Any]) -> str:
    return json.dumps(scenario, separators=(",", ":"))


def copies_scenario(copies: int) -> dict[str, Any]:
    """`copies` battlefields with a facedown Block each, and a play of Block from facedown: each copy is asked about."""
    return {
        "battlefields": {str(i): {"facedown": "Block"} for i in range(copies)},
        "ask": {"play_hidden": "Block"},
    }


def copies_yaml(copies: int) -> str:
    battlefields = ", ".join(f'"{i}": {{facedown: Block}}' for i in range(copies))
    return f"{{battlefields: {{{battlefields}}}, ask: {{play_hidden: Block}}}}"


def largest_position(card: str = "Smoke and Mirrors") -> dict[str, Any]:
    """A position at the limits (cardsdb/engine/position/bounds.py): every battlefield there may be, as many units as the
    board may hold spread over them, a facedown `card` on each (the play asks about every copy), a hand and a trash
    as long as a list may be."""
    from cardsdb.engine.position import bounds

    units = bounds.MAX_BOARD // bounds.MAX_BATTLEFIELDS
    battlefields = {
        f"Battlefield {b}": {
            "controller": "me",
            "units": [
                {"card": "Pouty Poro", "controller": "opp" if i % 2 else "me", "id": f"b{b}-u{i}"}
                for i in range(units)
            ],
            "facedown": [{"card": card, "owner": "me", "hidden_turn": 1}],
        }
        for b in range(bounds.MAX_BATTLEFIELDS)
    }
    filler = ["Pouty Poro"] * (bounds.MAX_LIST - 1)
    return {
        "turn": 3,
        "turn_player": "me",
        "me": {"hand": [card, *filler], "trash": [*filler, card], "runes": {"energy": 9}},
        "battlefields": battlefields,
        "ask": {"play_hidden": card},
    }


def distinct_words(count: int, seed: int = 25) -> list[str]:
    """`count` made-up words of 5 to 9 letters, none alike."""
    rng = random.Random(seed)
    seen: set[str] = set()
    while len(seen) < count:
        seen.add("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(5, 9))))
    return sorted(seen)


def _fill(unit: str, limit: int = OPTION_CHARS) -> str:
    """`unit` repeated to fill one option."""
    return (unit * (limit // len(unit))).rstrip()


SPACES = {
    "spaces": " ",
    "no-break spaces": "\u00a0",
    "tabs": "\t",
    "ideographic spaces": "\u3000",
    "em spaces": "\u2003",
    "line breaks": "\n",
    "Hangul fillers": "\u3164",
    "Braille blanks": "\u2800",
}
"""The kinds of space a griefer fills an option with (the filler letters look blank and are no spaces to Python)."""
REPEATED = {
    '"1." repeated': "1.",
    '"(" repeated': "(",
    '"[" repeated': "[",
    '"a " repeated': "a ",
    '", " repeated': ", ",
    '";" repeated': ";",
    '"x3 " repeated': "x3 ",
    "a combining mark repeated": "a\u0300\u0301\u0302",
}
"""Repeated units that make a backtracking pattern try every split."""


def pathological_texts(limit: int = OPTION_CHARS) -> list[tuple[str, str]]:
    """(what it is, the text): `limit` characters of each kind of space between two words, and of each repeated unit
    alone, the shapes that once cost cubic and quadratic time (issue 30)."""
    texts: list[tuple[str, str]] = []
    for label, space in SPACES.items():
        texts.append((f"a word, {label}, a word", "main" + space * (limit - 5) + "x"))
    for label, unit in REPEATED.items():
        texts.append((label, _fill(unit, limit)))
    return texts


SWEEP_OTHERS = {
    "card": "Hidden Blade",
    "name": "Jinx",
    "query": "hide",
    "from": "v1.3",
    "to": "v1.4",
    "symbol": "fury",
    "emoji": "<:fury:1>",
    "text": "ask: {cleanup: true}",
}
"""A plain value for each option a command requires besides the one the sweep fills."""


def sweep_inputs(tree: Any, limit: int = OPTION_CHARS) -> list[Input]:
    """Every text option of every command, and every autocomplete, filled with each pathological text (issue 30)."""
    from discord import AppCommandOptionType, app_commands

    inputs: list[Input] = []
    for command in tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        path = command.qualified_name
        for param in command.parameters:
            if param.type is not AppCommandOptionType.string:
                continue
            others = {
                p.display_name: SWEEP_OTHERS[p.display_name]
                for p in command.parameters
                if p.required and p.display_name != param.display_name
            }
            for label, text in pathological_texts(limit):
                options = {**others, param.display_name: text}
                inputs.append(Input(f"/{path} {param.display_name}: {label}", path, options))
                if param.autocomplete:
                    inputs.append(
                        Input(
                            f"/{path} {param.display_name} (autocomplete): {label}",
                            path,
                            options,
                            param.display_name,
                        )
                    )
    return inputs


def scenario_inputs() -> list[Input]:
    nines = "9" * 5000
    scenario = "hidden scenario"
    return [
        Input(
            "a code of 700 facedown copies", scenario, {"text": packed_code(_compact(copies_scenario(700)))}
        ),
        Input("YAML of 300 facedown copies", scenario, {"text": copies_yaml(300)}),
        Input("a code of 9,000 nested brackets", scenario, {"text": packed_code("[" * 9000 + "]" * 9000)}),
        Input(
            "a turn of 5,000 digits (YAML)", scenario, {"text": f"{{turn: {nines}, ask: {{hide: Block}}}}"}
        ),
        Input(
            "a turn of 4,000 hex digits (YAML)",
            scenario,
            {"text": f"{{turn: 0x{'f' * 4000}, ask: {{hide: Block}}}}"},
        ),
        Input(
            "a position at every limit (a code)",
            scenario,
            {"text": packed_code(_compact(largest_position()))},
        ),
    ]


def search_inputs() -> list[Input]:
    unknown = distinct_words(30, seed=3)
    return [
        Input("/search of 2,999 terms", "search", {"query": _fill("9 ")}),
        Input("/search tag: with 1,999 values", "search", {"query": "tag:" + ",".join(["zq"] * 1999)}),
        Input("/search of 30 unknown words (the hint)", "search", {"query": " ".join(unknown)}),
        Input("/search of 30 name terms", "search", {"query": " ".join(["a"] * 30)}),
        Input("/card of 6,000 characters", "card", {"name": _fill("jinx ")}),
    ]


def rules_inputs() -> list[Input]:
    words = " ".join(distinct_words(1000, seed=2))[:OPTION_CHARS]
    asked = _fill("hide cost pay reaction showdown chain battlefield unit spell deflect ", 400)
    return [
        Input("/rule of 1,497 rule numbers", "rule", {"query": _fill("1.1 ")}),
        Input("/rule of 1,000 words", "rule", {"query": words}),
        Input("/rule of 40 rules words", "rule", {"query": asked}),
        Input("/ruling of 1,497 rule numbers", "ruling", {"query": _fill("1.1 ")}),
        Input("/ruling of 1,000 words", "ruling", {"query": words}),
        Input("/keyword of 6,000 characters", "keyword", {"name": _fill("hidden ")}),
        Input("/rule autocomplete of 1,497 numbers", "rule", {"query": _fill("1.1 ")}, "query"),
        Input("/rule autocomplete of 1,000 words", "rule", {"query": words}, "query"),
        Input("/card autocomplete of 6,000 characters", "card", {"name": _fill("jinx ")}, "name"),
    ]


def deck_inputs() -> list[Input]:
    lines = [f"1 {MISSPELT[i % len(MISSPELT)]}{i}" for i in range(400)]
    return [
        Input("/deck check of 150 misspelt lines", "deck check", {"list": "\n".join(lines[:150])}),
        Input("/deck check of 400 lines", "deck check", {"list": "\n".join(lines)[:OPTION_CHARS]}),
        Input(
            "/deck check of one line of 40-name runs",
            "deck check",
            {"list": "Battlefields: " + _fill(" ".join(["Block"] * 40) + "; ", OPTION_CHARS - 14)},
        ),
    ]


def worst_inputs() -> list[Input]:
    """Every slow input known, by command."""
    return [*scenario_inputs(), *search_inputs(), *rules_inputs(), *deck_inputs()]


def outcome(result: Any) -> str:
    """How the bot answered: "answered", "bad input" (one private line) or "unexpected error" (a bug)."""
    if result.error is not None:
        return "unexpected error"
    if result.user_error is not None:
        return "bad input"
    return "answered"


async def _timed(call: Callable[[], Awaitable[Any]]) -> tuple[float, float, Any]:
    """(CPU ms, wall ms, what the call returned)."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = await call()
    return (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000, result


def _figures(samples: list[tuple[float, float, Any]]) -> dict[str, Any]:
    return {
        "cpu_ms": percentiles([c for c, _, _ in samples]),
        "wall_ms": percentiles([w for _, w, _ in samples]),
        "outcome": outcome(samples[-1][2]),
    }


def _ask(harness: Any, item: Input, user: int) -> Callable[[], Awaitable[Any]]:
    if item.focused is not None:
        return lambda: harness.autocomplete(item.path, item.options, item.focused, user_id=user)
    return lambda: harness.command(item.path, item.options, user_id=user)


async def _each_input(harness: Any, users: Any, calls: int) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    for item in worst_inputs():
        await _ask(harness, item, next(users))()  # a warm-up call, as every figure of the benchmark has
        found[item.label] = _figures([await _timed(_ask(harness, item, next(users))) for _ in range(calls)])
    return found


def _press(harness: Any, sent: Any, label: str, user: int) -> Callable[[], Awaitable[Any]]:
    return lambda: harness.click(sent, label, user_id=user)


async def _presses(harness: Any, users: Any, calls: int) -> dict[str, dict[str, Any]]:
    """The pager's Next and a builder toggle, where the database has what they need."""
    found: dict[str, dict[str, Any]] = {}
    pager = await _pager(harness, next(users), calls)
    if pager is not None:
        found[pager[0]] = pager[1]
    toggles = await _toggles(harness, next(users), calls)
    if toggles is not None:
        found["builder toggle (Your turn)"] = toggles
    return found


async def _pager(harness: Any, user: int, calls: int) -> tuple[str, dict[str, Any]] | None:
    """Next pressed under the broadest search that pages: 2,999 name terms where they are accepted, else 30."""
    for terms in (3000, 30):
        search = await harness.command("search", {"query": " ".join(["a"] * terms)}, user_id=user)
        if "Next" in [b.get("label") for b in search.first.buttons()]:
            sent = search.first
            pressed = [await _timed(_press(harness, sent, "Next", user)) for _ in range(calls)]
            return f"/search Next ({terms:,} name terms)", _figures(pressed)
    return None


async def _toggles(harness: Any, user: int, calls: int) -> dict[str, Any] | None:
    """One builder toggle pressed `calls` times in a row by the asker, on the message as each press left it."""
    asked = await harness.command("hidden play", {"card": "Hidden Blade"}, user_id=user)
    if not asked.sent:
        return None
    message = asked.first
    samples = []
    for _ in range(calls):
        label = next(
            (b["label"] for b in message.buttons() if str(b.get("label", "")).startswith("Your turn")), None
        )
        if label is None:
            return None
        sample = await _timed(_press(harness, message, label, user))
        samples.append(sample)
        message = sample[2].sent[0] if sample[2].sent else message
    return _figures(samples)


async def _bystander(harness: Any, users: Any) -> dict[str, float]:
    """Another user's /card sent while six of the slowest commands (three scenario codes of 700 copies, three
    searches of 2,999 terms, each from its own user) are in flight."""
    crowd = [scenario_inputs()[0], search_inputs()[0]] * 3
    start = time.perf_counter()
    waited: list[float] = []

    async def bystander() -> None:
        await asyncio.sleep(0)
        await harness.command("card", {"name": "Jinx"}, user_id=next(users))
        waited.append((time.perf_counter() - start) * 1000)

    await asyncio.gather(
        *(harness.command(i.path, i.options, user_id=next(users)) for i in crowd), bystander()
    )
    return {
        "card_answered_after_ms": round(waited[0], 1),
        "all_done_ms": round((time.perf_counter() - start) * 1000, 1),
    }


async def worst_case(db_path: Path, workdir: Path, calls: int) -> dict[str, Any]:
    """The worst-case section of the benchmark: every slow input, the presses, and the bystander's wait."""
    from bot.database import DatabaseHandle, open_cardsdb
    from bot.factory import create_bot
    from bot.harness import Harness
    from bot.settings import Settings
    from bot.store.sqlite import SqliteStore

    cards = open_cardsdb(db_path)
    getattr(cards, "warm", lambda: None)()
    settings = Settings.from_env({"RIFTBOUND_COOLDOWN": "off"}, need_token=False)
    store = SqliteStore(workdir / "worst.sqlite3")
    handle = DatabaseHandle(cards, path=db_path)
    bot = create_bot(dataclasses.replace(settings, db_path=db_path), handle, sharded=True, store=store)
    harness = await Harness.start(bot, strict=False)
    users = itertools.count(WORST_USER_IDS)
    report: dict[str, Any] = {"inputs": await _each_input(harness, users, calls)}
    report["presses"] = await _presses(harness, users, calls)
    report["sweep"] = await _sweep(harness, users)
    report["bystander"] = await _bystander(harness, users)
    report["calls"] = calls
    await bot.close()
    return report


async def _sweep(harness: Any, users: Any) -> dict[str, Any]:
    """Every text option and autocomplete of every command, and both paste forms, with 6,000 pathological characters
    of each kind (issue 30): once each; by command, the slowest call's CPU and how many answered or were refused in
    one line, against those that failed."""
    by_command: dict[str, dict[str, Any]] = {}
    for item in sweep_inputs(harness.tree):
        cpu, _, result = await _timed(_ask(harness, item, next(users)))
        _count_into(by_command, "/" + item.path + (" (autocomplete)" if item.focused else ""), cpu, result)
    for path in ("deck check", "hidden scenario"):
        for _, text in pathological_texts():
            user = next(users)
            opened = await harness.command(path, {}, user_id=user)
            if opened.modal is None:
                continue
            field = opened.modal["components"][0]["components"][0]["custom_id"]
            cpu, _, result = await _timed(_submit(harness, opened, {field: text}, user))
            _count_into(by_command, f"/{path} (form)", cpu, result)
    return by_command


def _submit(harness: Any, opened: Any, values: dict[str, str], user: int) -> Callable[[], Awaitable[Any]]:
    return lambda: harness.submit_modal(opened, values, user_id=user)


def _count_into(rows: dict[str, dict[str, Any]], label: str, cpu: float, result: Any) -> None:
    row = rows.setdefault(label, {"calls": 0, "max_cpu_ms": 0.0, "unexpected": 0})
    row["calls"] += 1
    row["max_cpu_ms"] = round(max(row["max_cpu_ms"], cpu), 2)
    row["unexpected"] += outcome(result) == "unexpected error"


def format_worst(worst: dict[str, Any]) -> list[str]:
    """The section as text: each input's CPU p50 / p99 and wall p99, and how it was answered."""
    lines = [
        f"worst case ({worst.get('calls')} calls each; the per-user limits off): CPU p50 / p99, wall p99 ms"
    ]
    rows = {**worst.get("inputs", {}), **worst.get("presses", {})}
    for label, row in rows.items():
        cpu, wall = row["cpu_ms"], row["wall_ms"]
        lines.append(
            f"  {label:<44} {cpu['p50']:>9.1f} {cpu['p99']:>9.1f} {wall['p99']:>9.1f}  {row['outcome']}"
        )
    sweep = worst.get("sweep") or {}
    if sweep:
        lines.append(
            "  the sweep, 6,000 pathological characters in every text option (issue 30): max CPU ms, calls"
        )
        for label, row in sweep.items():
            failed = f", {row['unexpected']} unexpected errors" if row["unexpected"] else ""
            lines.append(f"    {label:<42} {row['max_cpu_ms']:>9.1f} {row['calls']:>5}{failed}")
    bystander = worst.get("bystander") or {}
    lines.append(
        f"  another user's /card while six of the slowest run: answered after {bystander.get('card_answered_after_ms')} ms"
        f" (all done after {bystander.get('all_done_ms')} ms)"
    )
    return lines
