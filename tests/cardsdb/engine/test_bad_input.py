"""Bad input is normal input: one clear line naming the field, suggestions for misspelled names, never a traceback."""

from __future__ import annotations

import pytest

from cardsdb.engine import ScenarioError, check
from tests.support.engine_cards import MemoryCards

CARDS = MemoryCards()
GOOD = """
battlefields:
  Bandle Tree: {controller: me, facedown: [{card: Hidden Blade, hidden_turn: 1}]}
ask: {hide: Hidden Blade, at: Bandle Tree}
"""


def error_for(text: str) -> str:
    with pytest.raises(ScenarioError) as caught:
        check(text, CARDS)
    message = str(caught.value)
    assert "\n" not in message
    assert len(message) < 400
    return message


def test_unknown_card_with_suggestion() -> None:
    message = error_for(
        "me: {hand: [Hiden Blade]}\nask: {hide: Hiden Blade, at: X}\nbattlefields: {X: {controller: me}}"
    )
    assert "me.hand[0]" in message and "Did you mean: Hidden Blade" in message


def test_unknown_battlefield() -> None:
    message = error_for(
        "battlefields: {Bandle Tree: {controller: me}}\nask: {hide: Hidden Blade, at: Bandel Tree}"
    )
    assert "ask.at" in message and "Bandle Tree" in message


def test_facedown_card_that_is_not_there() -> None:
    message = error_for(
        "battlefields: {Bandle Tree: {controller: me}}\nask: {play_hidden: Hidden Blade, at: Bandle Tree}"
    )
    assert "no facedown Hidden Blade" in message


def test_unknown_target() -> None:
    text = GOOD.replace(
        "ask: {hide: Hidden Blade, at: Bandle Tree}",
        "ask: {play_hidden: Hidden Blade, targets: [Poro@Bandle Tree]}",
    )
    assert "ask.targets[0]" in error_for(text)


@pytest.mark.parametrize(
    "text",
    [
        "{{{{ not yaml",
        "just a sentence",
        "- a\n- list",
        "ask: [hide]",
        "turn: -1\nask: {cleanup: true}",
        "turn_player: them\nask: {cleanup: true}",
        "battlefeilds: {}\nask: {cleanup: true}",
        "ask: {hide: Hidden Blade, play: Hidden Blade}",
        "me: {runes: {power: [purple]}}\nask: {cleanup: true}",
        "battlefields: {X: {units: [Hidden Blade]}}\nask: {cleanup: true}",
        "!!python/object/apply:os.system ['echo hi']",
        "",
        "ask: {cleanup: true}\n---\nask: {cleanup: true}",
    ],
)
def test_malformed_scenarios_give_one_line(text: str) -> None:
    error_for(text)


def test_a_megabyte_paste_is_refused() -> None:
    assert "limit" in error_for("a" * 1_000_000)


def test_yaml_alias_bomb_is_refused() -> None:
    bomb = 'a: &a ["x","x","x","x","x","x","x","x","x"]\n' + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)},*{chr(97 + i)}]\n"
        for i in range(8)
    )
    assert "aliases" in error_for(bomb + "ask: {cleanup: true}")


def test_deep_nesting_is_refused() -> None:
    assert "nested" in error_for("ask: " + "[" * 50 + "]" * 50)


def test_huge_numbers_are_refused() -> None:
    assert "runes.power" in error_for("me: {runes: {power: 1000000000}}\nask: {cleanup: true}")
    assert "turn" in error_for("turn: 99999999999999999999\nask: {cleanup: true}")
