"""The project's own code read as data, for the meta-tests: its modules, what each imports (anywhere in its text:
at the top, inside functions, under TYPE_CHECKING), and its functions."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from tests.support.paths import ROOT

PACKAGES = ("cardsdb", "bot", "tools")


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules(packages: tuple[str, ...] = PACKAGES, root: Path = ROOT) -> dict[str, Path]:
    """Every module of the packages, by dotted name."""
    return {
        module_name(p, root): p
        for package in packages
        for p in sorted((root / package).rglob("*.py"))
        if "__pycache__" not in p.parts
    }


def imports_of(path: Path, known: Iterable[str], root: Path = ROOT) -> set[str]:
    """The known modules `path` imports anywhere in its text: `import a.b`, `from a.b import c`, `from a import b`
    (b a module), relative imports too."""
    known = set(known)
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
                found.add(child if child in known else source)
    return {m for m in found if m in known and m != name}


def external_imports(path: Path) -> set[str]:
    """The top-level names of everything `path` imports (`discord`, `sqlite3`, `cardsdb` ...)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found


@cache
def graph(packages: tuple[str, ...] = PACKAGES) -> dict[str, frozenset[str]]:
    known = modules(packages)
    return {name: frozenset(imports_of(path, known)) for name, path in known.items()}


def cycles(edges: dict[str, frozenset[str]] | dict[str, set[str]]) -> list[list[str]]:
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


def functions(path: Path) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def length(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Lines from the `def` to the last line of the body (decorators not counted)."""
    return (function.end_lineno or function.lineno) - function.lineno + 1
