"""Conventions that keep the engine readable (../shared/STYLE.md, "Seen in our own code"), held by meta-tests: the
ask kinds listed once, the answer and the card profile reaching the renderer as typed objects, and no sentence read
back as data. (No function over 80 lines, the engine's included: tests/meta/test_functions.py.)"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bot.hidden.render import ASK_WORDS
from cardsdb.engine import ASK_KINDS
from cardsdb.engine.check import HANDLERS
from tests.support.paths import ROOT

ENGINE = ROOT / "cardsdb" / "engine"
# the bot modules that turn models and answers into embeds
RENDERERS = sorted(
    {
        *(ROOT / "bot").glob("*/render.py"),
        ROOT / "bot" / "rules" / "changes.py",
        ROOT / "bot" / "cards" / "search.py",
        ROOT / "bot" / "ui" / "notices.py",
    }
)


def _functions(path: Path) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def _kind_lists(path: Path) -> list[str]:
    """Literal lists, tuples, sets and dicts that spell out several ask kinds, and messages that do."""
    kinds = set(ASK_KINDS)
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        items = (
            node.keys
            if isinstance(node, ast.Dict)
            else node.elts
            if isinstance(node, ast.List | ast.Tuple | ast.Set)
            else []
        )
        named = {i.value for i in items if isinstance(i, ast.Constant) and i.value in kinds}
        if len(named) >= 4:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and re.search(r"hide, play_hidden", node.value)
        ):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_ask_kinds_are_listed_once() -> None:
    # ASK_KINDS (cardsdb/engine/verdict/answer.py) is the list; the two mappings keyed by kind are checked against it here,
    # and everything else derives from it.
    assert set(HANDLERS) | {"cleanup"} == set(ASK_KINDS)
    assert set(ASK_WORDS) == set(ASK_KINDS)
    # the list itself, and HANDLERS and ASK_WORDS, checked above
    allowed = {"cardsdb/engine/verdict/answer.py", "cardsdb/engine/check.py", "bot/hidden/render.py"}
    offenders = [
        where
        for folder in ("cardsdb", "bot")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if str(path.relative_to(ROOT)) not in allowed
        for where in _kind_lists(path)
    ]
    assert offenders == []


def _get_calls(node: ast.AST) -> list[str]:
    """What `.get(` is called on, in `node`."""
    return [
        ast.unparse(n.func.value)
        for n in ast.walk(node)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get"
    ]


def test_the_renderer_reads_answers_and_profiles_as_typed_objects() -> None:
    # The verdict renderer calls `.get(` only on the plain mapping of reasons it is handed and the table of version
    # dates, and the card renderer's facedown section not at all: the answer and the profile are objects, and a
    # renamed field fails in mypy.
    verdict = ast.parse((ROOT / "bot" / "hidden" / "render.py").read_text(encoding="utf-8"))
    assert set(_get_calls(verdict)) <= {"reasons or {}", "VERSION_DATES"}
    facedown = next(f for f in _functions(ROOT / "bot" / "cards" / "render.py") if f.name == "facedown_lines")
    assert _get_calls(facedown) == []


def test_no_sentence_is_read_back_as_data() -> None:
    # A test on the words of a rendered sentence ("trash" in e.text, a regex over a summary) means a field is missing.
    suspicious = re.compile(
        r"""["'][a-z ]+["'] in (?!card\.)\w+\.(?:text|because|summary)\b|\.because\.replace\("""
    )
    offenders = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in [*ENGINE.rglob("*.py"), *RENDERERS]
        for match in suspicious.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_no_test_reads_an_engine_sentence_where_a_code_says_it() -> None:
    # The engine's checks, undecided items and effects carry codes (cardsdb/engine/verdict/codes.py): its tests match those,
    # and a sentence only for what is data in it (a card's name, a battlefield). The summary is the verdict's own
    # text, tested as such.
    sentence = re.compile(r"""["'][a-z ]+["'] in (?!card\.)\w+\.(?:text|because)\b|\.because\.replace\(""")
    tests = [
        *(ROOT / "tests" / "cardsdb" / "engine").glob("*.py"),
        *(ROOT / "tests" / "support").glob("*.py"),
    ]
    offenders = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in tests
        if path.name != "test_shape.py"
        for match in sentence.finditer(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
