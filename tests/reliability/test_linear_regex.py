"""Every regular expression in cardsdb/ and bot/ runs in linear time (issue 30): no pattern backtracks over a run of
what a user can type, so no text costs more than a pass over it.

Python's `re` backtracks: `[\\s,]*\\(?\\s*` over a word and 800 no-break spaces cost 5 s (a search tries every start,
and each start every split of the run between the quantifiers), and a lone `\\s+(?=...)` split over 6,000 spaces 0.9 s.
The check, for each pattern: search and fullmatch over each pathological text (`tools.bench.worst.pathological_texts`:
runs of every kind of space between two words, `1.`, `(`, `[`, `a `, `, `, `;` repeated...) at 300 characters, then
600, 1,500 and 3,000 (`LADDER`: each at most two and a half times the one before, so that a cubic pattern is caught
by `PROBE_MS` before one text costs more than about half a second, however fast the machine), then 6,000. A pattern
is superlinear when a step of the ladder costs over `PROBE_MS` (a linear pattern takes about a millisecond at 6,000),
or when 6,000 characters cost over `SLOW_MS` and four times the text costs over `SUPERLINEAR` times as much (linear:
4; quadratic: 16): a linear pattern with a long alternation (every card name) may be slow per character, never
growing faster.

Which patterns: every `re.Pattern` the modules hold (module globals, class attributes, and the tables and tuples
they keep), every pattern written as a literal in a call (`re.sub(r"...", ...)`), and every pattern compiled while the
code runs (`re.fullmatch(pattern, ...)` over a table, a pattern made from the card names): recorded by watching
`re`'s compile while a workload runs (the commands over the test database, the engine reading every card). A call
site of `re` that none of these reaches fails the check: a new pattern cannot slip past it.
"""

from __future__ import annotations

import ast
import gc
import importlib
import math
import pkgutil
import re
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bot.harness import Harness
from cardsdb.query import CardsDB
from tests.support.paths import ROOT
from tests.support.regex_workload import run_workload
from tools.bench.worst import pathological_texts

LADDER = (
    300,
    600,
    1500,
    3000,
)  # then FULL_CHARS; a step at most 2.5 times the one before (a cubic pattern: 16x)
FULL_CHARS = 6000
PROBE_MS = 30.0  # up to 3,000 characters a linear pattern takes well under 1 ms; a cubic one soon tens
SLOW_MS = 15.0  # at 6,000 characters: a linear pattern takes about 1 ms
SUPERLINEAR = 9.0  # t(6,000) / t(1,500): 4 for linear, 16 for quadratic
RE_CALLS = frozenset(
    {"compile", "search", "match", "fullmatch", "sub", "subn", "split", "findall", "finditer"}
)
PACKAGES = ("cardsdb", "bot")

Key = tuple[str, int]  # (pattern, flags)


def _modules() -> list[ModuleType]:
    found = []
    for top in PACKAGES:
        package = importlib.import_module(top)
        for info in pkgutil.walk_packages(package.__path__, f"{top}."):
            if not info.name.endswith("__main__"):
                found.append(importlib.import_module(info.name))
    return found


def _held(value: object, depth: int = 0) -> Iterator[re.Pattern[str]]:
    """The patterns a value is or holds (a table of patterns, a tuple of (pattern, meaning) pairs...)."""
    if isinstance(value, re.Pattern):
        yield value
    elif depth < 3 and isinstance(value, dict):
        for item in value.values():
            yield from _held(item, depth + 1)
    elif depth < 3 and isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _held(item, depth + 1)


def module_patterns() -> dict[Key, str]:
    """Every pattern a module of cardsdb or bot holds, with where it is held."""
    patterns: dict[Key, str] = {}
    for module in _modules():
        for name, value in vars(module).items():
            owned = isinstance(value, type) and value.__module__ == module.__name__
            for attr, item in vars(value).items() if owned else [(None, value)]:
                for pattern in _held(item):
                    where = f"{module.__name__}.{name}" + (f".{attr}" if attr else "")
                    patterns.setdefault((pattern.pattern, pattern.flags), where)
    return patterns


def _source_files() -> list[Path]:
    return sorted(p for top in PACKAGES for p in (ROOT / top).rglob("*.py") if "__pycache__" not in p.parts)


def _re_calls(node: ast.AST, in_function: bool = False) -> Iterator[tuple[ast.Call, bool]]:
    """Every call of `re` under `node`, and whether it runs in a function (else at import: a module's or class's
    pattern, which the module then holds)."""
    for child in ast.iter_child_nodes(node):
        func = child.func if isinstance(child, ast.Call) else None
        if (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id == "re"
            and func.attr in RE_CALLS
        ):
            yield child, in_function  # type: ignore[misc]
        inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
        yield from _re_calls(child, inside)


def _flags(call: ast.Call, position: int) -> int | None:
    """The flags of a call, where they are written as `re.X | re.Y` (None: not a literal)."""
    node = next((k.value for k in call.keywords if k.arg == "flags"), None)
    if node is None and len(call.args) > position:
        node = call.args[position]
    if node is None:
        return 0
    return _flag_value(node)


def _flag_value(node: ast.expr) -> int | None:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = _flag_value(node.left), _flag_value(node.right)
        return None if left is None or right is None else left | right
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "re":
        value = getattr(re, node.attr, None)
        return int(value) if isinstance(value, re.RegexFlag) else None
    return None


FLAGS_AT = {"compile": 1, "search": 2, "match": 2, "fullmatch": 2, "split": 3, "findall": 2, "finditer": 2}


def literal_patterns() -> tuple[dict[Key, str], list[str]]:
    """(the patterns written as literals in calls of `re`, with where; the call sites whose pattern is made while the
    code runs, as "path:line")."""
    literals: dict[Key, str] = {}
    dynamic: list[str] = []
    for path in _source_files():
        relative = path.relative_to(ROOT).as_posix()
        for call, in_function in _re_calls(ast.parse(path.read_text(encoding="utf-8"))):
            first = call.args[0] if call.args else None
            flags = _flags(call, FLAGS_AT.get(call.func.attr, 99))  # type: ignore[attr-defined]
            if isinstance(first, ast.Constant) and isinstance(first.value, str) and flags is not None:
                literals.setdefault((first.value, flags), f"{relative}:{call.lineno}")
            elif in_function:  # at import, a pattern made is one a module holds: checked with those
                dynamic.append(f"{relative}:{call.lineno}")
    return literals, dynamic


@contextmanager
def compiles_watched() -> Iterator[dict[str, set[Key]]]:
    """Every pattern compiled through `re` meanwhile, by the call site of cardsdb or bot that asked ("path:line")."""
    seen: dict[str, set[Key]] = {}
    original = re._compile  # type: ignore[attr-defined]
    roots = tuple(str(ROOT / top) for top in PACKAGES)

    def watching(pattern: Any, flags: Any) -> Any:
        compiled = original(pattern, flags)
        if isinstance(pattern, str):
            frame = sys._getframe(1)
            while frame is not None and frame.f_code.co_filename.endswith(("/re/__init__.py", "/re.py")):
                frame = frame.f_back  # type: ignore[assignment]
            if frame is not None and frame.f_code.co_filename.startswith(roots):
                site = f"{Path(frame.f_code.co_filename).relative_to(ROOT).as_posix()}:{frame.f_lineno}"
                seen.setdefault(site, set()).add((pattern, compiled.flags))
        return compiled

    re._compile = watching  # type: ignore[attr-defined]
    re.purge()  # compiled before: compiled again, and so seen
    _forget_memoized()  # read before (by any earlier test): read again, and so its patterns seen
    try:
        yield seen
    finally:
        re._compile = original  # type: ignore[attr-defined]


def _forget_memoized() -> None:
    """Every reading memoized (a `functools` cache of a module of cardsdb or bot) forgotten: a test that
    ran earlier in the session may have read the workload's cards, and a reading served from a cache reaches none of
    the `re` calls behind it."""
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in PACKAGES:
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def _cpu_ms(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return (time.process_time() - start) * 1000


def _worst_ms(pattern: re.Pattern[str], chars: int, enough: float = math.inf) -> tuple[float, str]:
    """The slowest pathological text of that length (search and fullmatch), stopping at the first over `enough`."""
    worst, label = 0.0, ""
    for what, text in pathological_texts(chars):
        spent = _cpu_ms(lambda t=text: (pattern.search(t), pattern.fullmatch(t)))  # type: ignore[misc]
        if spent > worst:
            worst, label = spent, what
        if worst > enough:
            break
    return worst, label


def superlinear(pattern: re.Pattern[str]) -> str | None:
    """Why the pattern is not linear on the pathological texts, or None."""
    on_the_ladder = {}
    for chars in LADDER:
        spent, label = _worst_ms(pattern, chars, enough=PROBE_MS)
        if spent > PROBE_MS:
            return f"{spent:.0f} ms at {chars:,} characters of {label}"
        on_the_ladder[chars] = spent
    full, label = _worst_ms(pattern, FULL_CHARS)
    if full <= SLOW_MS:
        return None
    growth = full / max(on_the_ladder[1500], 0.05)
    if growth > SUPERLINEAR:
        return f"{full:.0f} ms at {FULL_CHARS:,} characters of {label}, {growth:.0f} times 1,500 characters"
    return None


def check_all(patterns: dict[Key, str]) -> list[str]:
    problems = []
    gc.collect()
    gc.disable()
    try:
        for (text, flags), where in sorted(patterns.items(), key=lambda item: item[1]):
            why = superlinear(re.compile(text, flags))
            if why is not None:
                problems.append(f"{where}: {text[:80]!r}: {why}")
    finally:
        gc.enable()
    return problems


def test_superlinear_shapes_are_caught_and_linear_ones_pass() -> None:
    """The check itself: the shapes issue 30 found are caught, their linear rewrites pass."""
    assert superlinear(re.compile(r"[\s,]*\(?\s*(?:v1\.4|current)\s*\)?$")) is not None  # cubic
    assert superlinear(re.compile(r"\s+(?=\d{1,3}\s*x?\s+\S)")) is not None  # quadratic
    assert superlinear(re.compile(r"^(?P<what>\S.*?)\s+x\s*(?P<n>\d{1,3})$")) is not None  # quadratic
    assert superlinear(re.compile(r"(?<![\s,])[\s,]*(?:\(\s*)?(?:v1\.4|current)\s*\)?$")) is None
    assert superlinear(re.compile(r"(?<!\s)\s+(?=\d{1,3}(?:\s*x)?\s+\S)")) is None
    assert superlinear(re.compile(r"^(?P<what>\S.*?)(?<!\s)\s+x\s*(?P<n>\d{1,3})$")) is None


def test_every_pattern_the_modules_hold_or_write_as_literals_runs_in_linear_time() -> None:
    patterns = module_patterns()
    literals, _ = literal_patterns()
    for key, where in literals.items():
        patterns.setdefault(key, where)
    assert len(patterns) > 250  # the modules hold about 270, the calls add literals
    assert check_all(patterns) == []


@pytest.mark.real_data
def test_every_pattern_made_while_the_code_runs_runs_in_linear_time_and_every_call_site_is_checked(
    real_cards: CardsDB, real_harness: Harness
) -> None:
    """The patterns compiled while the workload runs (tables tried in turn, patterns made of card names), checked like
    the others; and no call site of `re` is left that neither a module's patterns, a literal, nor the workload
    reaches."""
    held = module_patterns()
    literals, dynamic = literal_patterns()
    with compiles_watched() as seen:
        run_workload(real_cards, real_harness.tree)
    made = {
        key: site for site, keys in seen.items() for key in keys if key not in held and key not in literals
    }
    assert check_all(made) == []
    unreached = [site for site in dynamic if site not in seen]
    assert unreached == []
