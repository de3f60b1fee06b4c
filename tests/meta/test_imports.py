"""The bot's modules import in one direction: no cycle, counting every import (at the top, inside functions, under
TYPE_CHECKING). A lazy import may keep start-up fast; it may not hide a circle. The reply type and `send` are a leaf
that answers, buttons, cogs and the error handler all import down to."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.support.paths import ROOT

BOT = ROOT / "bot"


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def bot_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(BOT.rglob("*.py"))}


def imports_of(path: Path, modules: set[str], root: Path = ROOT) -> set[str]:
    """The bot modules `path` imports anywhere in its text: `import bot.x`, `from bot.x import y`, `from bot import x`
    (x a module), relative imports too."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join([*base, *([node.module] if node.module else [])])
            else:
                source = node.module or ""
            for alias in node.names:
                child = f"{source}.{alias.name}"
                found.add(child if child in modules else source)
    return {m for m in found if m in modules and m != name}


def graph() -> dict[str, set[str]]:
    modules = bot_modules()
    return {name: imports_of(path, set(modules)) for name, path in modules.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every circle found by a depth-first walk (each as the path that closes it)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt)
        path.pop()
        state[node] = 2

    for node in sorted(edges):
        if node not in state:
            visit(node)
    return found


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
    modules = {"bot", "bot.a", "bot.b", "bot.c", "bot.d"}
    assert imports_of(fake / "a.py", modules, root=tmp_path) == {"bot.b", "bot.c", "bot.d"}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_module_of_the_bot_imports_itself_through_others() -> None:
    found = cycles(graph())
    assert found == [], "import cycles in bot/: " + "; ".join(" -> ".join(c) for c in found)


def test_the_reply_type_and_send_are_a_leaf() -> None:
    edges = graph()
    assert edges["bot.ui.reply"] <= {"bot.ui.limits", "bot.ui.render"}
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
    tree = ast.parse((BOT / "factory.py").read_text(encoding="utf-8"))
    lazy = [
        node
        for fn in ast.walk(tree)
        if isinstance(fn, ast.AsyncFunctionDef | ast.FunctionDef)
        for node in ast.walk(fn)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    assert lazy == []
