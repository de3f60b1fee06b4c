"""How cost grows: card pools of 1x, 4x and 16x the real one, and engine positions of 1 to 50 units per battlefield.

A bigger pool is the real database copied with every card repeated under a made-up suffix ("Hidden Blade Ashen"),
its printings and keywords with it, and the cards' full-text index rebuilt, so every query path sees real text.
"""

from __future__ import annotations

import functools
import math
import shutil
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cardsdb.names import normalize, slug
from tools.bench.measure import Stats, cycle, time_calls

# Words no real card name ends with, so each copy is a distinct name that people could plausibly type.
_SUFFIXES = (
    "Ashen", "Bright", "Crowned", "Dusk", "Elder", "Feral", "Gilded", "Hollow",
    "Iron", "Jade", "Keen", "Lunar", "Mire", "Noble", "Onyx", "Pale", "Quiet",
    "Rune", "Storm", "Thorn", "Umbral", "Vast", "Wild", "Young",
)  # fmt: skip

GROWTH_KEYS = (
    "autocomplete_ms",
    "autocomplete_prefix_ms",
    "autocomplete_typo_ms",
    "card_lookup_ms",
    "card_lookup_uncached_ms",
    "fuzzy_lookup_ms",
    "search_ms",
)
SEARCH_QUERIES = ("kw:hidden", "t:spell d:order", "e<=2 t:unit", "o:kill", "kw:hidden t:spell e<=3")


def synthetic_pool(real_db: Path, target: Path, factor: int) -> Path:
    """A copy of real_db whose card pool is `factor` times as large (factor - 1 suffixed copies of every card)."""
    shutil.copyfile(real_db, target)
    if factor <= 1:
        return target
    if factor - 1 > len(_SUFFIXES):
        raise ValueError(f"at most {len(_SUFFIXES) + 1}x")
    connection = sqlite3.connect(target)
    connection.row_factory = sqlite3.Row
    try:
        cards = [dict(r) for r in connection.execute("SELECT * FROM cards")]
        printings = [dict(r) for r in connection.execute("SELECT * FROM printings")]
        keywords = [dict(r) for r in connection.execute("SELECT * FROM card_keywords")]
        new_cards, new_printings, new_keywords = [], [], []
        for word in _SUFFIXES[: factor - 1]:
            ids: dict[str, str] = {}
            for card in cards:
                name = f"{card['name']} {word}"
                ids[card["id"]] = slug(name)
                new_cards.append({**card, "id": ids[card["id"]], "name": name, "name_norm": normalize(name)})
            for printing in printings:
                if printing["card_id"] in ids:
                    new_printings.append(
                        {
                            **printing,
                            "id": f"{printing['id']}-{word.lower()}",
                            "card_id": ids[printing["card_id"]],
                            "name": f"{printing['name']} {word}",
                        }
                    )
            for keyword in keywords:
                if keyword["card_id"] in ids:
                    new_keywords.append({**keyword, "card_id": ids[keyword["card_id"]]})
        for table, rows in (
            ("cards", new_cards),
            ("printings", new_printings),
            ("card_keywords", new_keywords),
        ):
            if rows:
                columns = list(rows[0])
                marks = ", ".join("?" for _ in columns)
                quoted = ", ".join(f'"{c}"' for c in columns)
                connection.executemany(
                    f'INSERT INTO "{table}" ({quoted}) VALUES ({marks})',
                    [[r[c] for c in columns] for r in rows],
                )
        has_fts = connection.execute("SELECT 1 FROM sqlite_master WHERE name = 'cards_fts'").fetchone()
        if has_fts:
            connection.execute("INSERT INTO cards_fts(cards_fts) VALUES ('rebuild')")
        connection.commit()
    finally:
        connection.close()
    return target


def uncached_lookup(db: Any, name: str) -> object:
    """An exact lookup that builds the card from the database (the cache of built cards is emptied first)."""
    db.clear_cache()
    return db.get_card(name)


def slope(sizes: Sequence[float], p50s: Sequence[float]) -> float | None:
    """The exponent k of cost ~ size**k between the smallest and the largest size (1.0 = linear, 0 = flat)."""
    if len(sizes) < 2 or p50s[0] <= 0 or p50s[-1] <= 0:
        return None
    return round(math.log(p50s[-1] / p50s[0]) / math.log(sizes[-1] / sizes[0]), 2)


def pool_growth(
    real_db: Path,
    workdir: Path,
    *,
    factors: Sequence[int] = (1, 4, 16),
    calls: int = 300,
    queries: Callable[[Any], dict[str, list[str]]],
) -> dict[str, Any]:
    """p50/p99 of autocomplete, exact and fuzzy lookup, and search, on each pool size; `queries(db)` gives inputs."""
    from cardsdb.query import CardsDB

    rows: list[dict[str, Any]] = []
    for factor in factors:
        path = synthetic_pool(real_db, workdir / f"pool-{factor}x.sqlite3", factor)
        db = CardsDB.open(path)
        try:
            inputs = queries(db)
            rows.append(
                {
                    "factor": factor,
                    "cards": len(db.names),
                    "autocomplete_ms": time_calls(
                        db.autocomplete_cards, cycle(inputs["autocomplete"], calls)
                    ),
                    "autocomplete_prefix_ms": time_calls(
                        db.autocomplete_cards, cycle(inputs["autocomplete_prefix"], calls)
                    ),
                    "autocomplete_typo_ms": time_calls(
                        db.autocomplete_cards, cycle(inputs["autocomplete_typo"], calls)
                    ),
                    "card_lookup_ms": time_calls(
                        db.get_card, cycle(inputs["exact"], calls), warmup=len(inputs["exact"])
                    ),
                    "card_lookup_uncached_ms": time_calls(
                        functools.partial(uncached_lookup, db), cycle(inputs["exact"], calls)
                    ),
                    "fuzzy_lookup_ms": time_calls(db.find_card, cycle(inputs["fuzzy"], calls)),
                    "search_ms": time_calls(db.search, cycle(list(SEARCH_QUERIES), max(calls // 3, 20))),
                }
            )
        finally:
            db.close()
            path.unlink(missing_ok=True)
    sizes = [float(r["cards"]) for r in rows]
    exponents = {key: slope(sizes, [r[key]["p50"] for r in rows]) for key in GROWTH_KEYS}
    return {"pools": rows, "exponent": exponents}


_MINE = ("Vanguard Sergeant", "Shipyard Skulker")
_THEIRS = ("Mega-Mech", "Playful Phantom", "Mountain Drake")


def engine_position(units: int, ask: str) -> dict[str, Any]:
    """Two battlefields with `units` units each (mine and the opponent's mixed), a Hidden Blade facedown at mine."""

    def side(label: str) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for i in range(units):
            if i % 2 == 0:
                out.append({"card": _MINE[i % 2], "controller": "me", "id": f"{label}-m{i}"})
            else:
                out.append({"card": _THEIRS[i % 3], "controller": "opp", "id": f"{label}-o{i}"})
        return out

    peak, grove = side("peak"), side("grove")
    target = next((u["id"] for u in peak if u["controller"] == "opp"), peak[0]["id"])
    asks: dict[str, dict[str, Any]] = {
        "targets": {"targets": "Hidden Blade", "at": "Targon's Peak"},
        "play_hidden": {
            "play_hidden": "Hidden Blade",
            "at": "Targon's Peak",
            "targets": [f"{target}@Targon's Peak"],
        },
        "hide": {"hide": "Hidden Blade", "at": "Targon's Peak", "from": "hand"},
    }
    return {
        "turn": 4,
        "turn_player": "me",
        "state": "open",
        "me": {"hand": ["Hidden Blade"], "runes": {"energy": 2, "power": ["any"]}},
        "battlefields": {
            "Targon's Peak": {
                "controller": "me",
                "units": peak,
                "facedown": []
                if ask == "hide"
                else [{"card": "Hidden Blade", "owner": "me", "hidden_turn": 2}],
            },
            "Grove of the God-Willow": {"controller": "opp", "units": grove},
        },
        "ask": asks[ask],
    }


def engine_growth(
    cards: Any, *, sizes: Sequence[int] = (1, 5, 10, 25, 50), calls: int = 60
) -> dict[str, Any]:
    """p50/p99 of one engine check (targets, play_hidden and hide mixed) for each number of units per battlefield."""
    from cardsdb.engine import ScenarioError, check

    rows: list[dict[str, Any]] = []
    for units in sizes:
        scenarios = [engine_position(units, ask) for ask in ("targets", "play_hidden", "hide")]
        try:
            check(scenarios[0], cards)
        except ScenarioError as error:  # a small test database may lack the position's cards
            return {"positions": [], "exponent": None, "skipped": str(error)}
        stats: Stats = time_calls(lambda s: check(s, cards), cycle(scenarios, calls), warmup=3)
        rows.append({"units_per_battlefield": units, "engine_check_ms": stats})
    exponent = slope([float(s) for s in sizes], [r["engine_check_ms"]["p50"] for r in rows])
    return {"positions": rows, "exponent": exponent}
