"""A meta-test walking the command tree as it would be synced: Discord's limits, unique names, the contract's names."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest

from bot.cli import command_tree_json

NAME = re.compile(r"^[-_\w]{1,32}$")
TOTAL_CHARACTERS = 4000  # name, description and option names/descriptions/choices of one command together

CONTRACT = {
    "card": ["name", "image"],
    "keyword": ["name"],
    "rule": ["query", "doc", "version", "public"],
    "changes": ["from", "to", "under"],
    "ruling": ["query"],
    "search": ["query"],
    "help": [],
    "hidden hide": [
        "card",
        "from",
        "your_turn",
        "chain_open",
        "showdown",
        "control_battlefield",
        "facedown_there",
        "can_pay",
        "public",
    ],
    "hidden play": ["card", "hidden_this_turn", "your_turn", "chain_open", "control_battlefield", "public"],
    "hidden targets": ["card", "public"],
    "hidden scenario": ["text", "public"],
    "deck check": ["list", "code", "format", "public"],
    "settings show": [],
    "settings set": ["card_lookups", "public_by_default", "symbol_style"],
    "settings emoji": ["symbol", "emoji"],
    "settings reset": [],
}


@pytest.fixture(scope="module")
def tree_json() -> list[dict[str, Any]]:
    import asyncio

    return asyncio.run(command_tree_json())


def _leaves(tree_json: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    leaves: dict[str, list[dict[str, Any]]] = {}
    for command in tree_json:
        subs = [o for o in command.get("options") or () if o["type"] == 1]
        for sub in subs:
            leaves[f"{command['name']} {sub['name']}"] = sub.get("options") or []
        if not subs:
            leaves[command["name"]] = command.get("options") or []
    return leaves


def _characters(item: dict[str, Any]) -> int:
    total = len(item.get("name", "")) + len(item.get("description", ""))
    for choice in item.get("choices") or ():
        total += len(choice["name"]) + len(str(choice["value"]))
    return total + sum(_characters(o) for o in item.get("options") or ())


def test_every_command_and_option_fits_discords_limits(tree_json: list[dict[str, Any]]) -> None:
    names = [c["name"] for c in tree_json]
    assert len(names) == len(set(names)), "duplicate top-level command names"
    assert len(tree_json) <= 100

    def check(item: dict[str, Any], where: str) -> None:
        assert NAME.match(item["name"]) and item["name"] == item["name"].lower(), where
        assert 1 <= len(item["description"]) <= 100, (
            f"{where}: description has {len(item['description'])} characters"
        )
        options = item.get("options") or []
        assert len(options) <= 25, where
        option_names = [o["name"] for o in options]
        assert len(option_names) == len(set(option_names)), f"{where}: duplicate option names"
        required = [o.get("required", False) for o in options if o["type"] not in (1, 2)]
        assert required == sorted(required, reverse=True), f"{where}: required options must come first"
        for choice in item.get("choices") or ():
            assert 1 <= len(choice["name"]) <= 100 and len(str(choice["value"])) <= 100, where
        assert len(item.get("choices") or ()) <= 25, where
        for option in options:
            check(option, f"{where} {option['name']}")

    for command in tree_json:
        check(command, f"/{command['name']}")
        assert _characters(command) <= TOTAL_CHARACTERS, f"/{command['name']} is too long"


def test_commands_and_options_are_the_contracts(tree_json: list[dict[str, Any]]) -> None:
    leaves = _leaves(tree_json)
    assert {k: [o["name"] for o in v] for k, v in leaves.items()} == CONTRACT


def test_card_keyword_and_rule_options_autocomplete(tree_json: list[dict[str, Any]]) -> None:
    leaves = _leaves(tree_json)
    for path, option in [
        ("card", "name"),
        ("keyword", "name"),
        ("rule", "query"),
        ("hidden hide", "card"),
        ("hidden play", "card"),
        ("hidden targets", "card"),
    ]:
        found = next(o for o in leaves[path] if o["name"] == option)
        assert found.get("autocomplete") is True, f"/{path} {option}"


def test_commands_json_prints_the_tree_without_a_token_or_database(tmp_path: Any) -> None:
    env = {"PATH": "/usr/bin:/bin", "RIFTBOUND_DB": str(tmp_path / "none.sqlite3")}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "commands", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert {c["name"] for c in printed} == {
        "card",
        "changes",
        "keyword",
        "rule",
        "ruling",
        "search",
        "hidden",
        "deck",
        "help",
        "settings",
    }
