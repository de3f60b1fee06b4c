"""`python -m cardsdb mcp` started as a subprocess and driven by the MCP SDK's own stdio client: the tools listed with
what they return and how to quote rules, each tool's answer the command line's (its JSON and its text), bad input an
error result in the command line's one line, the scenario format offered as a resource."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardsdb.service.mcp_server import DESCRIPTIONS, PlainArguments, Tools
from cardsdb.service.openapi import QUOTE_AS_GIVEN
from tests.support.paths import ROOT
from tests.support.service import cli, cli_json, mcp_session, tool_text

HIDE = """turn: 2
me: {hand: [Hidden Blade], runes: {energy: 0, power: [order]}}
battlefields:
  Bandle Tree: {controller: me, units: [Pouty Poro]}
ask: {hide: Hidden Blade, at: Bandle Tree}
"""
DECK = "Legend:\nTeemo, Scout\n\nMain Deck:\n3 Hidden Blade\n3 Facebreaker\n"

TOOLS = {
    "find_card", "search_cards", "find_keyword", "get_rule", "find_rules", "find_rulings", "check_position",
    "check_deck", "rules_changes",
}  # fmt: skip


async def test_each_tool_gives_the_command_lines_answer_as_json_and_text(
    query_db: Path, tmp_path: Path
) -> None:
    scenario, deck = tmp_path / "hide.yaml", tmp_path / "deck.txt"
    scenario.write_text(HIDE, encoding="utf-8")
    deck.write_text(DECK, encoding="utf-8")
    asked = [
        ("find_card", {"name": "hiden blade"}, ("card", "hiden blade")),
        ("search_cards", {"query": "kw:hidden t:spell"}, ("search", "kw:hidden", "t:spell")),
        ("find_keyword", {"name": "hidden"}, ("keyword", "hidden")),
        ("get_rule", {"number": "811.1"}, ("rule", "811.1")),
        (
            "get_rule",
            {"number": "811.6", "version": "2026-10-09"},
            ("rule", "811.6", "--version", "2026-10-09"),
        ),
        ("find_rules", {"question": "can I hide a card"}, ("rule", "can I hide a card")),
        ("find_rulings", {"query": "hidden"}, ("rulings", "hidden")),
        ("check_position", {"scenario": HIDE}, ("check", str(scenario))),
        ("check_deck", {"list": DECK, "format": "2v2"}, ("deck", "check", str(deck), "--format", "2v2")),
    ]
    async with mcp_session(query_db) as session:
        listed = {tool.name: tool for tool in (await session.list_tools()).tools}
        assert set(listed) == TOOLS
        for name, arguments, argv in asked:
            result = await session.call_tool(name, arguments)
            assert not result.is_error, (name, tool_text(result))
            assert result.structured_content == cli_json(query_db, *argv), name
            assert tool_text(result) + "\n" == cli(query_db, *argv)[1], name
        changes = await session.call_tool(
            "rules_changes", {"from_version": "v1.3", "to_version": "2026-10-09"}
        )
        argv = ("changes", "--from", "v1.3", "--to", "2026-10-09")
        assert changes.structured_content == {"changes": cli_json(query_db, *argv)}
        assert tool_text(changes) + "\n" == cli(query_db, *argv)[1]


async def test_each_tool_says_what_it_returns_and_how_to_quote_rule_numbers(query_db: Path) -> None:
    async with mcp_session(query_db) as session:
        tools = (await session.list_tools()).tools
        for tool in tools:
            assert tool.description and QUOTE_AS_GIVEN in tool.description and "Returns" in tool.description
            assert tool.annotations is not None and tool.annotations.read_only_hint
        properties = {t.name: set(t.input_schema["properties"]) for t in tools}
        assert properties["get_rule"] == {"number", "version", "doc"}
        assert properties["check_deck"] == {"list", "code", "format"}
        assert properties["rules_changes"] == {"from_version", "to_version", "under"}


async def test_bad_input_is_an_error_result_in_the_command_lines_line(query_db: Path) -> None:
    async with mcp_session(query_db) as session:
        for name, arguments, argv in [
            ("find_card", {"name": "bladex of kings"}, ("card", "bladex of kings")),
            ("search_cards", {"query": "zzz:q"}, ("search", "zzz:q")),
            ("get_rule", {"number": "999.9"}, ("rule", "999.9")),
            (
                "rules_changes",
                {"from_version": "v9", "to_version": "v1.4"},
                ("changes", "--from", "v9", "--to", "v1.4"),
            ),
        ]:
            result = await session.call_tool(name, arguments)
            line = cli_json(query_db, *argv)["error"]
            assert result.is_error and tool_text(result) == line, name
            assert result.structured_content is not None and result.structured_content["error"] == line
        unknown = await session.call_tool("find_card", {"name": "bladex of kings"})
        assert unknown.structured_content is not None
        assert unknown.structured_content["suggestions"] == ["Blade of the Ruined King", "Hidden Blade"]
        for name, arguments, line in [
            ("find_card", {}, "find_card: name is missing: give it a value"),
            ("find_card", {"name": 5}, "find_card: name is not text"),
            ("find_card", {"name": "x", "other": "y"}, "find_card: no argument 'other'; it takes name"),
            ("get_rule", {"number": "can I hide"}, None),
            (
                "check_position",
                {"scenario": "x" * 6001},
                "scenario is longer than the 6,000 characters accepted",
            ),
            ("check_deck", {}, "give a deck list or a deck code"),
        ]:
            result = await session.call_tool(name, arguments)
            assert result.is_error and "\n" not in tool_text(result), name
            assert line is None or tool_text(result) == line, tool_text(result)


async def test_the_scenario_format_and_the_search_syntax_are_resources(query_db: Path) -> None:
    async with mcp_session(query_db) as session:
        uris = {str(r.uri) for r in (await session.list_resources()).resources}
        assert "riftbound://docs/scenario-format" in uris and "riftbound://docs/search-syntax" in uris
        read = await session.read_resource("riftbound://docs/scenario-format")
        text = getattr(read.contents[0], "text", None)
        assert text == (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")


def test_every_tool_described_is_a_tool_with_text_arguments() -> None:
    assert set(DESCRIPTIONS) == TOOLS
    plain = PlainArguments(Tools.__new__(Tools))
    assert plain.problem("get_rule", {"number": "811.1.b", "doc": None}) is None
    assert plain.problem("nosuchtool", {}) is None  # the SDK answers an unknown tool itself
    assert plain.problem("rules_changes", {"from_version": "v1.3"}) == (
        "rules_changes: to_version is missing: give it a value"
    )


@pytest.mark.real_data
async def test_over_the_real_data_the_tools_cite_marked_numbers(real_db: Path) -> None:
    async with mcp_session(real_db) as session:
        rule = await session.call_tool("get_rule", {"number": "TR 702.12"})
        assert rule.structured_content is not None and rule.structured_content["mark"] == "TR 702.12"
        assert tool_text(rule) + "\n" == cli(real_db, "rule", "TR 702.12")[1]
        old = await session.call_tool("get_rule", {"number": "v1.4 406.5"})
        assert old.structured_content == cli_json(real_db, "rule", "v1.4 406.5")
        assert "(v1.4)" in old.structured_content["mark"]
        found = await session.call_tool("find_rules", {"question": "can I hide a card on my opponent's turn"})
        assert found.structured_content == cli_json(
            real_db, "rule", "can I hide a card on my opponent's turn"
        )
        deck = await session.call_tool("check_deck", {"code": _JINX_CODE})
        assert deck.structured_content == cli_json(real_db, "deck", "check", "--code", _JINX_CODE)
        assert deck.structured_content is not None and deck.structured_content["legal"] is True


_JINX_CODE = "CMAAAAAAAAAACAQAAAD2MAIAAACAIAAABAPMUAP4AECQGAABAIFRHAYBAICAAAMDAEBAKAACBEAACBIAAACPWAMYAKNAFKQCAAAAAAIAADFAC"
