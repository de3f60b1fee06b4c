"""What players must never read in a reply: the engine's check codes (they stay in the JSON), targets written
`id@place` or `Name@me.base`, the ids a scenario gave its units (shown only to tell two alike units apart), and card
symbols in the data's or the engine's raw form (`[2]`, `[Fury]`, `:rb_rune_fury:`)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from cardsdb.engine.verdict.codes import CheckCode, UndecidedCode
from tests.support.paths import ROOT

ENGINE = ROOT / "cardsdb" / "engine"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
AT_FORM = re.compile(r"\S@\S")
INTERNAL_PLACES = re.compile(r"\b(?:me|opp)\.(?:base|hand)\b")
# Card symbols as the data and the engine write them: `:rb_energy_2:`, `[2]`, `[A]`, `[Fury]` (keywords such as
# `[Hidden]` are printed so on the cards and may stay).
RAW_SYMBOL = re.compile(r":rb_[a-z0-9_]+:|\[(?:A|C|E|M|S|T|\d{1,2}|Fury|Calm|Mind|Body|Chaos|Order)\]")


def documented_codes() -> frozenset[str]:
    """The codes docs/architecture.md lists under "Check reason codes"."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    return frozenset(re.findall(r"`([a-z]+(?:_[a-z]+)+)`", text[text.index("## Check reason codes") :]))


def check_codes() -> frozenset[str]:
    """Every code a check or an undecided item may carry: what the engine's source gives and what the docs list."""
    return engine_codes() | documented_codes()


@cache
def engine_codes() -> frozenset[str]:
    """Every code the engine gives a check or an undecided item, read from its source (`CheckCode.HAS_HIDDEN`,
    `UndecidedCode.COST_UNKNOWN` wherever the engine names one): the codes it emits, not every one the enums hold."""
    enums = {"CheckCode": CheckCode, "UndecidedCode": UndecidedCode}
    codes: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        if path.name == "codes.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in enums
            ):
                codes.add(enums[node.value.id][node.attr].value)
    return frozenset(codes)


def scenario_ids(scenario: Mapping[str, Any]) -> set[str]:
    """The ids a scenario gives its units, gear and facedown cards."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            if isinstance(value.get("id"), str):
                found.add(value["id"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(scenario)
    return found


def problems(
    text: str, *, ids: Iterable[str] = (), allowed_ids: Iterable[str] = (), quotes_rules: bool = False
) -> list[str]:
    """What in `text` players must not read: check codes, `x@y` forms, `me.base`, `ids` not in `allowed_ids`, raw
    card symbols. A reply that quotes the rules (`quotes_rules`) keeps their shorthand: the rules define `[M]`, `[E]`
    (v1.4 135.2.e) and quote them in examples."""
    out = [f"check code {code!r}" for code in sorted(check_codes()) if re.search(rf"\b{code}\b", text)]
    out += [f"an @ form: {m.group(0)!r}" for m in AT_FORM.finditer(text)]
    out += [f"an internal place: {m.group(0)!r}" for m in INTERNAL_PLACES.finditer(text)]
    if not quotes_rules:
        out += [f"a raw card symbol: {m.group(0)!r}" for m in RAW_SYMBOL.finditer(text)]
    allowed = set(allowed_ids)
    out += [
        f"the id {i!r}"
        for i in sorted(set(ids) - allowed)
        if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)
    ]
    return out
