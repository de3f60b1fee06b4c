"""The lines cardsdb raises for a user are plain text: the bot shows a CardsDBError's line as typed (it may quote what
was typed, `bot/errors.py` `describe`), so markdown written into one shows as its marks ("\\`3 Jinx, Rebel\\`"). A
build's and an unavailable database's lines are for the admin's terminal and log, where a command in backticks reads
as one."""

from __future__ import annotations

import ast
import re

from tests.support.code import modules

ADMIN_LINES = {"BuildError", "DatabaseUnavailable", "DatabaseDamaged"}
MARKDOWN = re.compile(r"`|\*\*|__|~~")


def _raised(tree: ast.AST) -> list[tuple[int, str, str]]:
    found = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Raise)
            and isinstance(node.exc, ast.Call)
            and isinstance(node.exc.func, ast.Name)
        ):
            text = "".join(
                part.value
                for arg in node.exc.args
                for part in ast.walk(arg)
                if isinstance(part, ast.Constant) and isinstance(part.value, str)
            )
            found.append((node.lineno, node.exc.func.id, text))
    return found


def test_the_check_reads_the_words_of_a_raised_line() -> None:
    tree = ast.parse('raise DeckListError("write `3 Jinx` " f"or {x}")\nraise BuildError("`a`")')
    assert _raised(tree) == [(1, "DeckListError", "write `3 Jinx` or "), (2, "BuildError", "`a`")]


def test_no_line_cardsdb_raises_for_a_user_holds_markdown() -> None:
    marked = [
        f"{name}:{line} {kind}: {text[:60]!r}"
        for name, path in modules().items()
        if name.startswith("cardsdb")
        for line, kind, text in _raised(ast.parse(path.read_text(encoding="utf-8")))
        if kind.endswith("Error") and kind not in ADMIN_LINES and MARKDOWN.search(text)
    ]
    assert marked == []
