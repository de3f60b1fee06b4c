"""`CardsDB`, the facade: made of its parts by composition (no mixin chain), each public method the part's own, with
the same signature, reading through one reader."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from cardsdb.query import CardsDB
from cardsdb.query.base import Reader

QUERY = Path(__file__).resolve().parents[3] / "cardsdb" / "query"
MAX_MODULE_LINES = 400


def _parts(db: CardsDB) -> dict[str, object]:
    return {name: part for name, part in vars(db).items() if name != "reader"}


def test_cardsdb_is_no_mixin_chain_and_its_parts_stand_alone(query_cards: CardsDB) -> None:
    assert CardsDB.__mro__ == (CardsDB, object)
    for part in _parts(query_cards).values():
        assert type(part).__mro__ == (type(part), object), type(part)
        assert vars(part)["_reader"] is query_cards.reader  # one connection for all


def test_each_public_method_is_a_parts_with_the_same_signature(query_cards: CardsDB) -> None:
    own = {
        "open",
        "close",
        "meta",
        "warm",
        "path",
        "meaning",
    }  # meaning: a setting the facade hands its rule search
    delegated = [n for n, _ in inspect.getmembers(CardsDB) if not n.startswith("_") and n not in own]
    for name in delegated:
        owners = [p for p in _parts(query_cards).values() if hasattr(type(p), name)]
        assert len(owners) == 1, name
        facade, part = inspect.getattr_static(CardsDB, name), inspect.getattr_static(type(owners[0]), name)
        if isinstance(facade, property):
            assert isinstance(part, property), name
            continue
        params = list(inspect.signature(facade).parameters.values())
        assert params == list(inspect.signature(part).parameters.values()), name


def test_opening_checks_the_file_once_for_every_part(query_db: Path) -> None:
    with CardsDB.open(query_db) as db:
        assert isinstance(db.reader, Reader) and db.path == query_db
        assert db.meta() == db.reader.meta()


def test_no_query_module_is_over_400_lines_and_none_raises_not_implemented() -> None:
    for path in sorted(QUERY.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= MAX_MODULE_LINES, path.name
        raised = [
            node
            for node in ast.walk(ast.parse(text))
            if isinstance(node, ast.Raise) and "NotImplementedError" in ast.unparse(node)
        ]
        assert raised == [], path.name
