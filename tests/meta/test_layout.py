"""The layout shows the design (docs/architecture.md): few modules at the top of each package, every other module in
a folder named for its part, each folder described where it starts and in the architecture, the benchmark outside
the shipped packages, and the tests mirroring the packages."""

from __future__ import annotations

import ast
import fnmatch
import tomllib
from pathlib import Path

from tests.support.paths import ROOT, TESTS

ARCHITECTURE = ROOT / "docs" / "architecture.md"
LIMITS = {"cardsdb": 10, "bot": 14}
# folders of tests/ that test no package of their own
TEST_ONLY = {"support", "meta", "reliability", "fixtures", "scenarios", "__pycache__"}


def _package_folders() -> list[Path]:
    return sorted(
        p.parent
        for top in ("cardsdb", "bot", "tools")
        for p in (ROOT / top).rglob("__init__.py")
        if "__pycache__" not in p.parts
    )


def _pyproject() -> dict[str, object]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_few_modules_sit_at_the_top_of_cardsdb_and_bot() -> None:
    counts = {top: len(list((ROOT / top).glob("*.py"))) for top in LIMITS}
    assert {top: n for top, n in counts.items() if n > LIMITS[top]} == {}, counts


def test_every_folder_says_what_it_holds_and_the_architecture_describes_it() -> None:
    architecture = ARCHITECTURE.read_text(encoding="utf-8")
    undocumented = []
    for folder in _package_folders():
        relative = folder.relative_to(ROOT).as_posix()
        docstring = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
        if not docstring:
            undocumented.append(f"{relative}/__init__.py has no docstring")
        if f"`{relative}/`" not in architecture:
            undocumented.append(f"docs/architecture.md does not describe `{relative}/`")
    assert undocumented == []


def test_the_benchmark_is_not_shipped_and_the_project_data_is() -> None:
    setuptools = _pyproject()["tool"]["setuptools"]  # type: ignore[index]
    include = setuptools["packages"]["find"]["include"]  # type: ignore[index]
    assert include == ["cardsdb*", "bot*"]
    assert not list((ROOT / "bot").glob("bench*.py")) and (ROOT / "tools" / "bench" / "__main__.py").is_file()
    patterns = setuptools["package-data"]["cardsdb.project"]  # type: ignore[index]
    data = ROOT / "cardsdb" / "project" / "data"
    files = [p.relative_to(data.parent).as_posix() for p in data.rglob("*") if p.is_file()]
    assert files and all(any(fnmatch.fnmatch(f, pattern) for pattern in patterns) for f in files), files


def test_the_tests_mirror_the_packages() -> None:
    strays = [
        folder.relative_to(TESTS).as_posix()
        for folder in sorted(p for p in TESTS.rglob("*") if p.is_dir())
        if not TEST_ONLY & set(folder.relative_to(TESTS).parts)
        and not (ROOT / folder.relative_to(TESTS) / "__init__.py").is_file()
    ]
    assert strays == [], "test folders that mirror no package"
    loose = sorted(p.name for p in TESTS.glob("test_*.py"))
    assert loose == [], "test modules belong in the folder of the package they test"


def test_pytest_collects_every_test_folder() -> None:
    # pytest's default norecursedirs skips folders named build and dist: tests/cardsdb/build must be collected
    options = _pyproject()["tool"]["pytest"]["ini_options"]  # type: ignore[index]
    patterns = options["norecursedirs"]  # type: ignore[index]
    skipped = [
        folder.relative_to(TESTS).as_posix()
        for folder in TESTS.rglob("*")
        if folder.is_dir() and any(fnmatch.fnmatch(folder.name, p) for p in patterns)
        and any(folder.rglob("test_*.py"))
    ]  # fmt: skip
    assert skipped == []
