"""The limits every scenario is held to, on the decoded data (cardsdb/engine/position/bounds.py), and what the decoders refuse
before they parse (issue 25, findings 1 and 6). docs/scenario-format.md lists them."""

from __future__ import annotations

import json

import pytest

from cardsdb.engine.position import bounds
from cardsdb.engine.position.scenario import load_text
from cardsdb.engine.position.validate import ScenarioError


def test_a_scenario_at_every_limit_passes() -> None:
    bounds.check_bounds(
        {
            "turn": 10**bounds.MAX_DIGITS - 1,
            "me": {"hand": ["x" * bounds.MAX_TEXT] * bounds.MAX_LIST, "base": {"units": ["u"] * 60}},
            "opp": {"base": {"units": ["u"] * 48}},
            "battlefields": {
                f"b{i}": {"units": ["u"] * 2, "facedown": ["f", "f"]} for i in range(bounds.MAX_BATTLEFIELDS)
            },
        }
    )


@pytest.mark.parametrize(
    ("scenario", "line"),
    [
        ({"battlefields": {str(i): {} for i in range(7)}}, "battlefields: the position has 7 battlefields"),
        ({"battlefields": {"a": {"facedown": ["f"] * 13}}}, "13 facedown cards; at most 12"),
        ({"me": {"trash": ["c"] * 101}}, "me.trash: a list of 101 entries"),
        ({"me": {"runes": {"energy": -1234567}}}, "me.runes.energy: a number has more than 6 digits"),
        ({"x" * 201: 1}, "a text of 201 characters"),
        (
            {"a": {"b": {"c": {"d": {"e": {"f": {"g": {"h": {}}}}}}}}},
            "a.b.c.d.e.f.g.h: the scenario is nested more",
        ),
    ],
)
def test_a_scenario_over_a_limit_is_refused_in_one_line_naming_the_field(scenario: dict, line: str) -> None:
    with pytest.raises(ScenarioError, match=line.replace(".", r"\.")):
        bounds.check_bounds(scenario)


def test_json_too_deep_or_with_unreadable_numbers_is_refused_before_it_is_parsed() -> None:
    assert bounds.load_json(json.dumps({"turn": 12, "x": [1.5, [[]]]})) == {"turn": 12, "x": [1.5, [[]]]}
    with pytest.raises(ScenarioError, match="nested more than 8 levels"):
        bounds.load_json("[" * 9000 + "]" * 9000)
    with pytest.raises(ScenarioError, match="more than 6 digits"):
        bounds.load_json('{"turn": ' + "9" * 5000 + "}")
    with pytest.raises(ScenarioError, match="NaN is not a number"):
        bounds.load_json('{"turn": NaN}')
    assert bounds.load_json('{"a": "[[[[[[[[[[[[["}') == {"a": "[[[[[[[[[[[[["}  # brackets in text are text


def test_yaml_numbers_too_long_to_read_are_refused_at_their_line() -> None:
    with pytest.raises(ScenarioError, match="line 2, column 7: a number has more than 6 digits"):
        load_text("ask: {cleanup: true}\nturn: " + "9" * 5000)
    assert load_text("turn: 1_000") == {"turn": 1000}
