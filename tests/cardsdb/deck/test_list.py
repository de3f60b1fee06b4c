"""Deck lists as players paste them (cardsdb/deck/deck_list.py): headings, card lines, comments, a list on one line,
and pastes that are no deck list, answered in one line."""

from __future__ import annotations

import pytest

from cardsdb.deck.deck_list import MAX_LIST_LINES, DeckListError, parse


def _lines(text: str) -> list[tuple[str | None, int, str | None, str | None]]:
    return [(line.section, line.count, line.name, line.code) for line in parse(text).lines]


@pytest.mark.parametrize(
    ("heading", "section"),
    [
        ("Legend:", "legend"),
        ("Champion Legend", "legend"),
        ("Champion:", "champion"),
        ("Chosen Champion", "champion"),
        ("Main Deck", "main"),
        ("Main", "main"),
        ("Deck", "main"),
        ("MainDeck:", "main"),
        ("Main Deck (39)", "main"),
        ("main deck - 39", "main"),
        ("BATTLEFIELDS", "battlefields"),
        ("Runes", "runes"),
        ("Rune Deck", "runes"),
        ("Runes: 12", "runes"),
        ("Sideboard", "sideboard"),
        ("Side:", "sideboard"),
        ("## Main Deck", "main"),
        ("**Runes**", "runes"),
    ],
)
def test_headings_in_any_case_with_or_without_a_colon_or_count(heading: str, section: str) -> None:
    assert _lines(f"{heading}\n3 Jinx, Rebel") == [(section, 3, "Jinx, Rebel", None)]


@pytest.mark.parametrize(
    ("line", "count", "name"),
    [
        ("3 Jinx, Rebel", 3, "Jinx, Rebel"),
        ("3x Jinx, Rebel", 3, "Jinx, Rebel"),
        ("3 x Jinx, Rebel", 3, "Jinx, Rebel"),
        ("Jinx, Rebel x3", 3, "Jinx, Rebel"),
        ("Jinx, Rebel", 1, "Jinx, Rebel"),
        ("- 2 Get Excited!", 2, "Get Excited!"),
        ("• 2 Get Excited!", 2, "Get Excited!"),
    ],
)
def test_card_lines_with_a_count_in_each_style(line: str, count: int, name: str) -> None:
    assert _lines(f"Main Deck\n{line}") == [("main", count, name, None)]


@pytest.mark.parametrize("code", ["OGN-202", "OGN-202/298", "RAD-010a", "VEN-R01", "VEN-SP1"])
def test_a_printing_code_in_place_of_a_name(code: str) -> None:
    assert _lines(f"Main Deck\n3 {code}") == [("main", 3, None, code)]
    assert _lines(f"Main Deck\n{code}") == [("main", 1, None, code)]


def test_blank_lines_and_comments_are_ignored_and_a_heading_may_carry_its_card() -> None:
    text = "# my Jinx list\n// from last week\n\nLegend: Jinx, Loose Cannon\n\nMain Deck\n3 Get Excited!\n"
    assert _lines(text) == [("legend", 1, "Jinx, Loose Cannon", None), ("main", 3, "Get Excited!", None)]


def test_lines_before_any_heading_have_no_section() -> None:
    assert _lines("3 Get Excited!\nRunes\n6 Fury Rune") == [
        (None, 3, "Get Excited!", None),
        ("runes", 6, "Fury Rune", None),
    ]


def test_a_list_on_one_line_is_split_at_headings_and_counts() -> None:
    text = (
        "Legend: Jinx, Loose Cannon Champion: Jinx, Rebel Main Deck (39): 3 Get Excited! 2x Cleave "
        "Battlefields: 1 Zaun Warrens 1 The Dreaming Tree Runes: 6 Fury Rune 6 Chaos Rune"
    )
    parsed = parse(text)
    assert parsed.one_line
    assert [(line.section, line.count, line.name) for line in parsed.lines] == [
        ("legend", 1, "Jinx, Loose Cannon"),
        ("champion", 1, "Jinx, Rebel"),
        ("main", 3, "Get Excited!"),
        ("main", 2, "Cleave"),
        ("battlefields", 1, "Zaun Warrens"),
        ("battlefields", 1, "The Dreaming Tree"),
        ("runes", 6, "Fury Rune"),
        ("runes", 6, "Chaos Rune"),
    ]
    assert _lines("Main: Get Excited! x3; Cleave x2") == [
        ("main", 3, "Get Excited!", None),
        ("main", 2, "Cleave", None),
    ]


def test_a_zero_count_line_is_left_out() -> None:
    assert _lines("Main Deck\n0 Cleave\n3 Get Excited!") == [("main", 3, "Get Excited!", None)]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("3 Jinx, Rebel\n" * 10_000, "characters"),
        (
            "\n".join(f"1 Card {i}" for i in range(MAX_LIST_LINES + 1)),
            "lines; a deck list has at most about 70",
        ),
        ("\x00\x01\x02binary\x03\x04", "binary data"),
        ("\ufffd\ufffd\ufffd\ufffd\ufffd junk", "binary data"),
        ("Legend:\nMain Deck:\n", "no line of that reads as a card"),
        ("   \n\n  ", "no line of that reads as a card"),
    ],
)
def test_a_paste_that_is_no_deck_list_is_one_line(text: str, why: str) -> None:
    with pytest.raises(DeckListError) as raised:
        parse(text)
    assert why in str(raised.value) and "\n" not in str(raised.value)
