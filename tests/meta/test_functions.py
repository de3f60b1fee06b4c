"""No function a reader must scroll: none over 80 lines in cardsdb/, bot/ or tools/ (the brief's limit)."""

from __future__ import annotations

from tests.support.code import functions, length, modules

MAX_FUNCTION_LINES = 80


def test_no_function_is_over_80_lines() -> None:
    long = [
        f"{name}:{fn.lineno} {fn.name} ({length(fn)} lines)"
        for name, path in modules().items()
        for fn in functions(path)
        if length(fn) > MAX_FUNCTION_LINES
    ]
    assert long == []


def test_the_walk_finds_the_functions_of_every_package() -> None:
    # the check above reads what it should: every package, nested functions and methods included
    found = {name.split(".")[0] for name, path in modules().items() if functions(path)}
    assert found == {"cardsdb", "bot", "tools"}
    names = {
        fn.name
        for name, path in modules().items()
        if name == "cardsdb.query.database"
        for fn in functions(path)
    }
    assert {"open", "warm", "__exit__"} <= names
