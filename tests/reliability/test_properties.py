"""Hostile input through every command, every autocomplete, `[[...]]` messages and the scenario parser (hypothesis).

Over a real query layer (the fixture database), so FTS5 and SQL syntax reach SQLite. For every generated input: no
exception escapes (the strict harness fails on any bug the tree's on_error caught), every message fits Discord's limits,
mentions are disabled on every send and escaped where echoed, no bidi control reaches a reply, code fences stay
balanced, and every error is private and says something.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
import yaml
from discord import AppCommandOptionType, app_commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cards import answers as card_answers
from bot.harness import Harness
from bot.ui import limits
from bot.ui.render import pack
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import assert_fits, harness_for

PROPERTY = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

HOSTILE_PIECES = [
    "@everyone",
    "@here",
    "<@123456789012345678>",
    "<@!123456789012345678>",
    "<@&123456789012345678>",
    "```",
    "```py\n",
    "`",
    "**",
    "__",
    "||",
    "> ",
    "# ",
    "[link](https://example.com)",
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\u200f",
    "\x00",
    "\x1b[31m",
    "\r\n",
    "\t",
    '"',
    "'",
    "NEAR(a b)",
    "a*",
    " OR ",
    " AND NOT ",
    "^",
    "-x",
    "title:",
    "'; DROP TABLE cards; --",
    '" OR 1=1 --',
    "%",
    "_",
    "\\",
    "[[",
    "]]",
    "{",
    "}",
    "&a ",
    "*a",
    "kw:",
    "e<=",
    "o:",
    "811.1.d",
    "Hidden Blade",
    "Pouty Poro",
]

hostile_text = st.lists(
    st.one_of(st.sampled_from(HOSTILE_PIECES), st.text(max_size=12)), min_size=0, max_size=10
).map("".join)
long_text = st.builds(
    lambda piece, size: (piece * (size // max(len(piece), 1) + 1))[:size],
    st.sampled_from(["@everyone ", "```", "a", "kw:hidden ", "\u202e ", "[[Pouty Poro]] "]),
    st.integers(1000, 6000),
)
option_text = st.one_of(hostile_text, hostile_text, long_text)

BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
RAW_MENTION = re.compile(r"@(everyone|here)|<@[!&]?\d{17,20}>")


@pytest.fixture(scope="module")
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    loop = asyncio.new_event_loop()
    yield loop
    pending = asyncio.all_tasks(loop)  # views' timeout timers
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.close()


@pytest.fixture(scope="module")
def fixture_harness(loop: asyncio.AbstractEventLoop, fixture_cards: CardsDB) -> Harness:
    return loop.run_until_complete(harness_for(fixture_cards))


def _leaf_commands(fixture_harness: Any) -> list[app_commands.Command[Any, ..., Any]]:
    return [c for c in fixture_harness.tree.walk_commands() if isinstance(c, app_commands.Command)]


def _texts(result: Any) -> list[str]:
    out: list[str] = []
    for sent in result.sent:
        if sent.content:
            out.append(sent.content)
        for embed in sent.embeds:
            out.extend(str(embed.get(k) or "") for k in ("title", "description"))
            out.extend(f"{f.get('name')}\n{f.get('value')}" for f in embed.get("fields") or ())
            out.append(str((embed.get("footer") or {}).get("text") or ""))
    for choice in result.choices or ():
        out.append(str(choice.get("name")))
    return out


def assert_safe(result: Any) -> None:
    assert result.error is None
    assert_fits(result)  # Discord's limits, and allowed_mentions {"parse": []} on every send
    for text in _texts(result):
        assert not RAW_MENTION.search(text), text[:200]
        assert not BIDI & set(text), text[:200]
        assert text.count("```") % 2 == 0, text[:300]
    if result.user_error is not None and result.sent:
        assert result.ephemeral, result.text()[:200]
        assert result.text().strip()


def _value_for(param: Any, draw: st.DrawFn) -> Any:
    if param.choices:
        return draw(st.sampled_from([c.value for c in param.choices]))
    if param.type is AppCommandOptionType.boolean:
        return draw(st.booleans())
    if param.type is AppCommandOptionType.integer:
        return draw(st.integers(-(2**53), 2**53))
    if param.type is AppCommandOptionType.number:
        return draw(st.floats(allow_nan=False, allow_infinity=False))
    if param.type is AppCommandOptionType.string:
        return draw(option_text)
    return None


def _run(loop: asyncio.AbstractEventLoop, coro: Any) -> Any:
    return loop.run_until_complete(coro)


def test_every_command_survives_hostile_options(
    loop: asyncio.AbstractEventLoop, fixture_harness: Any
) -> None:
    commands = _leaf_commands(fixture_harness)
    assert len(commands) >= 10

    @settings(PROPERTY, max_examples=8)
    @given(st.data())
    def run(command: app_commands.Command[Any, ..., Any], data: st.DataObject) -> None:
        options: dict[str, Any] = {}
        for param in command.parameters:
            if param.required or data.draw(st.booleans()):
                value = _value_for(param, data.draw)
                if value is not None:
                    options[param.display_name] = value
        result = _run(loop, fixture_harness.command(command.qualified_name, options, user_id=4242))
        assert_safe(result)

    for command in commands:  # each command gets its own examples
        run(command)


def test_every_autocomplete_survives_hostile_text(
    loop: asyncio.AbstractEventLoop, fixture_harness: Any
) -> None:
    pairs = [
        (c.qualified_name, p.display_name)
        for c in _leaf_commands(fixture_harness)
        for p in c.parameters
        if p.autocomplete and p.type is AppCommandOptionType.string and not p.choices
    ]
    assert ("card", "name") in pairs and ("rule", "query") in pairs

    @settings(PROPERTY, max_examples=50)
    @given(st.sampled_from(pairs), option_text)
    def run(pair: tuple[str, str], typed: str) -> None:
        path, option = pair
        result = _run(loop, fixture_harness.autocomplete(path, {option: typed}, option))
        assert result.choices is not None and len(result.choices) <= limits.CHOICES
        assert_safe(result)

    run()


def test_card_references_in_hostile_messages(fixture_harness: Any) -> None:
    from bot.cards.messages import replies_for

    services = fixture_harness.bot.services

    @PROPERTY
    @given(st.lists(st.one_of(option_text, hostile_text.map(lambda t: f"[[{t}]]")), max_size=6).map(" ".join))
    def run(content: str) -> None:
        replies = replies_for(services, content)
        assert (
            len(replies) <= card_answers.MAX_CARD_REFS + 1
        )  # the cards, and the line saying only 3 are shown
        embeds = [e for r in replies for e in r.embeds]
        for group in pack(embeds):
            dicts = [e.to_dict() for e in group]
            assert limits.message_problems(None, dicts) == []
            for embed in dicts:
                text = f"{embed.get('title')}\n{embed.get('description')}"
                assert not RAW_MENTION.search(text) and not BIDI & set(text)

    run()


# ---- the scenario parser, through /hidden scenario -----------------------------------------------------------

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**12), 10**12), hostile_text, st.sampled_from(HOSTILE_PIECES)
)
keys = st.one_of(
    st.sampled_from(["me", "opp", "ask", "battlefields", "turn", "hand", "hide", "play_hidden", "at"]),
    hostile_text,
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(keys, inner, max_size=4)),
    max_leaves=20,
)


def _alias_bomb(levels: int) -> str:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, levels):
        refs = ",".join([f"*a{i - 1}"] * 9)
        lines.append(f"a{i}: &a{i} [{refs}]")
    return "\n".join(lines) + "\nask: {cleanup: true}"


scenario_text = st.one_of(
    documents.map(lambda d: yaml.safe_dump(d, allow_unicode=True)),
    documents.map(lambda d: yaml.safe_dump(d, default_flow_style=True, width=10**6)),
    option_text,
    st.integers(2, 9).map(_alias_bomb),
    st.integers(9, 400).map(lambda n: "ask: " + "[" * n + "]" * n),
    st.integers(9, 200).map(lambda n: "ask: " + "{a: " * n + "1" + "}" * n),
    st.sampled_from(["!!python/object/apply:os.system ['echo hi']", "rb1.", "rb1.@everyone", "x" * 8001]),
)


def test_scenario_parser_survives_hostile_pastes(
    loop: asyncio.AbstractEventLoop, fixture_harness: Any
) -> None:
    @settings(PROPERTY, max_examples=80)
    @given(scenario_text)
    def run(text: str) -> None:
        result = _run(loop, fixture_harness.command("hidden scenario", {"text": text}, user_id=4343))
        assert_safe(result)
        if result.user_error is not None:
            assert "\n" not in result.embeds[0]["description"].strip()  # one clear line

    run()


@pytest.mark.parametrize(
    "text",
    [
        _alias_bomb(9),
        "ask: " + "[" * 5000 + "]" * 5000,
        "me: {hand: [" + ", ".join(["Hidden Blade"] * 1500) + "]}\nask: {cleanup: true}",
    ],
    ids=["alias-bomb", "deep-nesting", "too-many-items"],
)
async def test_scenario_bombs_are_refused_privately_in_one_line(fixture_cards: CardsDB, text: str) -> None:
    harness = await harness_for(fixture_cards)
    result = await harness.command("hidden scenario", {"text": text})
    assert result.ephemeral and result.user_error is not None
    description: Mapping[str, Any] = result.embeds[0]
    assert any(
        word in str(description.get("description")) for word in ("aliases", "nested", "items", "limit")
    )
