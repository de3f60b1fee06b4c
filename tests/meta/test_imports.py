"""Imports go one way (docs/architecture.md): no cycle anywhere, counting every import (at the top, inside
functions, under TYPE_CHECKING: a lazy import may keep start-up fast, it may not hide a circle); each layer of
cardsdb/ imports only from its own layer or those below; the bot's modules import down from the cogs to the controls,
to the features' answers and rendering, to ui/; the engine and the deck check know no Discord and no SQLite."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.code import cycles, external_imports, graph, imports_of, module_name, modules
from tests.support.paths import ROOT

# cardsdb/ from the bottom up: what a layer may import is itself and what is below it.
CARDSDB_LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("base", ("cardsdb", "cardsdb.models", "cardsdb.errors", "cardsdb.paths", "cardsdb.schema", "cardsdb.sets",
              "cardsdb.rule_numbers", "cardsdb.rule_versions", "cardsdb.names", "cardsdb.text")),
    ("engine, deck", ("cardsdb.engine", "cardsdb.deck")),  # rules logic: the top of cardsdb only
    ("project", ("cardsdb.project",)),
    ("search", ("cardsdb.search",)),
    ("build", ("cardsdb.build",)),
    ("query", ("cardsdb.query",)),
    # the command line and the service beside it (python -m cardsdb serve, mcp): the same answers, each door's own words
    ("cli, service", ("cardsdb.cli", "cardsdb.service", "cardsdb.__main__")),
)  # fmt: skip

FEATURES = ("cards", "rules", "hidden", "deck", "help", "server_settings")
COMMANDS = {f"bot.{f}.cog" for f in FEATURES} | {"bot.cards.messages"}
# The bot from the bottom up: ui/ and the services every part uses; the features' answers and rendering; the
# controls under answers (they answer again through the features' answers); the commands; what makes and runs the bot.
BOT_RANKS = ("ui and services", "answers", "controls", "commands", "entry")
FORMS = {"bot.hidden.form", "bot.deck.form"}  # a form answers through the controls, as a command does
ENTRY = {"bot.factory", "bot.run", "bot.cli", "bot.harness", "bot.__main__"}


def cardsdb_layer(module: str) -> int:
    for rank, (_, prefixes) in enumerate(CARDSDB_LAYERS):
        if any(module == p or module.startswith(p + ".") for p in prefixes if p != "cardsdb"):
            return rank
    assert module == "cardsdb", f"{module} is in no layer of CARDSDB_LAYERS"
    return 0


def bot_rank(module: str) -> int:
    if module in ENTRY:
        return 4
    if module in COMMANDS:
        return 3
    if module.startswith("bot.controls") or module in FORMS:
        return 2
    if any(module.startswith(f"bot.{f}") for f in FEATURES):
        return 1
    return 0


def test_the_walk_sees_imports_inside_functions_and_type_checking_blocks(tmp_path: Path) -> None:
    # the walker itself: a lazy import and a TYPE_CHECKING import are imports
    fake = tmp_path / "bot"
    fake.mkdir()
    (fake / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.b import X\n"
        "def f():\n    from bot import c\n    import bot.d\n"
    )
    for name in "bcd":
        (fake / f"{name}.py").write_text("")
    (fake / "__init__.py").write_text("")
    known = {"bot", "bot.a", "bot.b", "bot.c", "bot.d"}
    assert imports_of(fake / "a.py", known, root=tmp_path) == {"bot.b", "bot.c", "bot.d"}
    assert module_name(fake / "__init__.py", tmp_path) == "bot"
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_module_imports_itself_through_others() -> None:
    found = cycles(graph())
    assert found == [], "import cycles: " + "; ".join(" -> ".join(c) for c in found)


def test_each_layer_of_cardsdb_imports_only_from_itself_and_below() -> None:
    upward = [
        f"{module} ({CARDSDB_LAYERS[cardsdb_layer(module)][0]}) imports {target} "
        f"({CARDSDB_LAYERS[cardsdb_layer(target)][0]})"
        for module, targets in graph().items()
        if module.startswith("cardsdb")
        for target in sorted(targets)
        if cardsdb_layer(target) > cardsdb_layer(module)
    ]
    assert upward == []


def test_cardsdb_never_imports_the_bot_or_the_tools() -> None:
    above = [f"{m} imports {t}" for m, ts in graph().items() if m.startswith("cardsdb") for t in ts
             if not t.startswith("cardsdb")]  # fmt: skip
    assert above == []
    assert not any(
        "discord" in external_imports(path) for name, path in modules().items() if name.startswith("cardsdb")
    )


def test_the_engine_knows_no_discord_no_sqlite_and_no_settings() -> None:
    # the engine reads cards through the CardSource protocol; whoever calls it opens the database
    banned = {"discord", "sqlite3", "sqlite_utils", "bot"}
    found = {
        name: sorted(external_imports(path) & banned)
        for name, path in modules().items()
        if name.startswith("cardsdb.engine")
    }
    assert {name: b for name, b in found.items() if b} == {}
    engine_imports = {t for m, ts in graph().items() if m.startswith("cardsdb.engine") for t in ts}
    assert {t for t in engine_imports if not t.startswith(("cardsdb.engine", "cardsdb.text"))} <= {
        "cardsdb", "cardsdb.models", "cardsdb.errors", "cardsdb.names", "cardsdb.rule_numbers",
    }  # fmt: skip


# The engine's folders from the bottom up (docs/architecture.md): what a folder may import is itself and what is below.
ENGINE_LAYERS = ("verdict", "reading", "position", "board", "choices", "checks")
# The modules of the reading a check may import: types and what they decide alone, never a reader of card text.
READING_TYPES = {
    "cardsdb.engine.reading",
    "cardsdb.engine.reading.card_reading",
    "cardsdb.engine.reading.effects",
    "cardsdb.engine.reading.specs",
    "cardsdb.engine.reading.constraints",
    "cardsdb.engine.reading.keyword_choices",
}


def engine_layer(module: str) -> int:
    """Its folder's rank among ENGINE_LAYERS; the engine's top modules (check, quick, profile, coverage) above."""
    parts = module.split(".")
    if len(parts) > 2 and parts[2] in ENGINE_LAYERS:
        return ENGINE_LAYERS.index(parts[2])
    return len(ENGINE_LAYERS)


def test_the_engine_folders_import_down() -> None:
    upward = [
        f"{module} imports {target}"
        for module, targets in graph().items()
        if module.startswith("cardsdb.engine.")
        for target in sorted(targets)
        if target.startswith("cardsdb.engine.") and engine_layer(target) > engine_layer(module)
    ]
    assert upward == []


def test_the_engine_reads_readings_never_card_text() -> None:
    # At answer time the engine reads each card's reading (compiled once, stored by the build, handed over by the
    # CardSource): outside the reading folder it imports the reading's types, never a reader of card text.
    readers = [
        f"{module} imports {target}"
        for module, targets in graph().items()
        if module.startswith("cardsdb.engine.") and not module.startswith("cardsdb.engine.reading")
        for target in sorted(targets)
        if target.startswith("cardsdb.engine.reading") and target not in READING_TYPES
    ]
    assert readers == []
    # and the reading's types read no text themselves
    types_import = {t for m in READING_TYPES if m in graph() for t in graph()[m]}
    assert {t for t in types_import if t.startswith("cardsdb.engine.reading")} <= READING_TYPES


def test_the_deck_check_knows_no_discord_no_sqlite_and_no_query() -> None:
    # like the engine, it reads cards through a protocol (DeckCards); the command line and the bot open the database
    banned = {"discord", "sqlite3", "sqlite_utils", "bot"}
    found = {
        name: sorted(external_imports(path) & banned)
        for name, path in modules().items()
        if name.startswith("cardsdb.deck")
    }
    assert found and {name: b for name, b in found.items() if b} == {}
    deck_imports = {t for m, ts in graph().items() if m.startswith("cardsdb.deck") for t in ts}
    assert {t for t in deck_imports if not t.startswith(("cardsdb.deck", "cardsdb.text"))} <= {
        "cardsdb", "cardsdb.models", "cardsdb.errors", "cardsdb.names", "cardsdb.rule_numbers",
        "cardsdb.rule_versions",
    }  # fmt: skip


def test_the_bot_imports_down_from_the_commands_to_the_controls_to_the_answers_to_ui() -> None:
    upward = [
        f"{module} ({BOT_RANKS[bot_rank(module)]}) imports {target} ({BOT_RANKS[bot_rank(target)]})"
        for module, targets in graph().items()
        if module.startswith("bot")
        for target in sorted(targets)
        if target.startswith("bot") and bot_rank(target) > bot_rank(module)
    ]
    assert upward == []


def test_the_shipped_packages_use_the_tools_only_to_hand_the_benchmark_on() -> None:
    # tools/ is not shipped: `python -m bot bench` imports it inside a function and says so in one line without it
    users = {m for m, ts in graph().items() if not m.startswith("tools") for t in ts if t.startswith("tools")}
    assert users == {"bot.cli"}
    tree = ast.parse((ROOT / "bot" / "cli.py").read_text(encoding="utf-8"))
    at_top = [n for n in tree.body if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("tools")]
    assert at_top == []


def test_the_reply_type_and_send_are_a_leaf() -> None:
    edges = graph()
    assert edges["bot.ui.reply"] <= {"bot.ui.limits", "bot.ui.render", "bot.answer_state"}
    assert edges["bot.answer_state"] == set()  # the saved answer state's types: a leaf too
    # and everything that answers imports down to it, not to a module that holds buttons or cogs
    for module in (
        "bot.cards.answers",
        "bot.rules.answers",
        "bot.hidden.answers",
        "bot.errors",
        "bot.ui.persistent",
        "bot.controls.buttons",
        "bot.controls.answer",
    ):
        assert "bot.ui.reply" in edges[module], module


def test_the_cogs_and_buttons_are_registered_where_the_bot_is_made() -> None:
    # the factory imports the cogs and every stateful item class at the top, not inside setup_hook
    tree = ast.parse((ROOT / "bot" / "factory.py").read_text(encoding="utf-8"))
    lazy = [
        node
        for fn in ast.walk(tree)
        if isinstance(fn, ast.AsyncFunctionDef | ast.FunctionDef)
        for node in ast.walk(fn)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert lazy == []
