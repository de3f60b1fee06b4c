"""The deck check over the real card data: a legal deck from real cards in each list style and as a code, each
problem alone, several at once, a deck for every legend, and the golden deck codes checked against the data."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from cardsdb.deck import DeckVerdict, check_code, check_list, decode, encode_list
from cardsdb.query import CardsDB
from tests.support.deck_lists import JINX
from tools.bench.decks import sample_lists

pytestmark = pytest.mark.real_data  # every test here reads ../shared

ON = date(2026, 12, 1)


def check(db: CardsDB, text: str, format_name: str = "constructed") -> DeckVerdict:
    return check_list(text, db, format_name, on=ON)


def changed(old: str, new: str, text: str = JINX) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def problems(verdict: DeckVerdict) -> list[str]:
    return [p.code for p in verdict.problems]


def _styles() -> dict[str, str]:
    one_line = " ".join(
        line if line.endswith(":") or line[:1].isdigit() else f"1 {line}" for line in JINX.split("\n") if line
    )
    return {
        "headings with colons": JINX,
        "3x counts": JINX.replace("\n3 ", "\n3x ").replace("\n2 ", "\n2x "),
        "x3 after the name": "\n".join(
            f"{line[2:]} x{line[0]}" if line[:1].isdigit() else line for line in JINX.split("\n")
        ),
        "printing codes": changed("3 Get Excited!", "3 OGN-008/298", changed("Zaun Warrens", "OGN-298")),
        "headings without colons, in capitals": JINX.replace(":\n", "\n").upper(),
        "no Champion heading": changed(
            "Champion:\nJinx, Rebel\n", "", changed("2 Jinx, Rebel", "3 Jinx, Rebel")
        ),
        "no headings at all": changed(
            "Champion:\nJinx, Rebel\n", "", changed("2 Jinx, Rebel", "3 Jinx, Rebel")
        )
        .replace("Legend:\n", "")
        .replace("Main Deck:\n", "")
        .replace("Battlefields:\n", "")
        .replace("Runes:\n", ""),
        "one line": one_line,
        "one line as Discord flattens a paste": " ".join(JINX.split()),
    }


@pytest.mark.parametrize("style", list(_styles()))
def test_a_legal_deck_of_real_cards_in_each_list_style(real_cards: CardsDB, style: str) -> None:
    if style == "printing codes":
        assert (
            real_cards.printing("OGN-008") is not None
            and real_cards.printing("OGN-008")[0].name == "Get Excited!"
        )  # type: ignore[index]
    verdict = check(real_cards, _styles()[style])
    assert verdict.legal is True, [p.text for p in verdict.problems]
    assert verdict.summary.legend == "Jinx, Loose Cannon" and verdict.summary.champion == "Jinx, Rebel"
    assert verdict.summary.main_deck_size == 40
    assert verdict.ban_list_as_of == "2026-09-18"


def test_the_legal_deck_as_a_code_is_legal_too(real_cards: CardsDB) -> None:
    code = encode_list(JINX, real_cards)
    verdict = check_code(code, real_cards, on=ON)
    assert verdict.legal is True, [p.text for p in verdict.problems]
    assert verdict.summary.champion == "Jinx, Rebel" and verdict.summary.sections["main"] == 39
    assert check(real_cards, JINX).code == code


CHANGES = [
    ("legend_missing", "Legend:\nJinx, Loose Cannon\n", ""),
    ("not_a_legend", "Legend:\nJinx, Loose Cannon", "Legend:\nJinx, Demolitionist"),
    ("legend_count", "Jinx, Loose Cannon\n", "Jinx, Loose Cannon\nAnnie, Dark Child\n"),
    ("champion_missing", "Champion:\nJinx, Rebel\n", "Champion:\n"),
    ("champion_tag_mismatch", "Champion:\nJinx, Rebel", "Champion:\nTeemo, Scout"),
    ("not_a_champion_unit", "Champion:\nJinx, Rebel", "Champion:\nTibbers"),
    ("main_deck_size", "1 Cleave\n", ""),
    ("too_many_copies", "3 Abandon\n3 Against the Odds", "4 Abandon\n2 Against the Odds"),
    ("domain_identity", "1 Cleave", "1 Bellows Breath"),
    ("signature_count", "3 Super Mega Death Rocket!\n", "3 Super Mega Death Rocket!\n1 Tibbers\n"),
    ("signature_tag_mismatch", "1 Cleave", "1 Tibbers"),
    ("banned", "1 Cleave", "1 Called Shot"),
    ("rune_deck_size", "6 Chaos Rune", "5 Chaos Rune"),
    ("rune_domain", "6 Chaos Rune", "6 Order Rune"),
    ("battlefield_count", "Monastery of Hirana\n", ""),
    ("battlefield_duplicate", "Monastery of Hirana", "Zaun Warrens"),
    ("sideboard_size", "Runes:", "Sideboard:\n3 Get Excited!\n3 Abandon\n3 Cleave\n2 Hextech Ray\nRunes:"),
    ("sideboard_invalid_card", "Runes:", "Sideboard:\nThe Candlelit Sanctum\nRunes:"),
    ("token_card", "1 Cleave", "1 Sprite"),
    ("unknown_card", "1 Cleave", "1 Cleeve Blorp"),
    ("wrong_section", "1 Cleave", "1 Fury Rune"),
]


@pytest.mark.parametrize(("code", "old", "new"), CHANGES, ids=[c[0] for c in CHANGES])
def test_each_problem_alone_on_real_cards(real_cards: CardsDB, code: str, old: str, new: str) -> None:
    verdict = check(real_cards, changed(old, new))
    assert code in problems(verdict), [p.text for p in verdict.problems]
    assert verdict.legal is False
    found = next(p for p in verdict.problems if p.code == code)
    assert found.text and "\n" not in found.text


def test_several_problems_at_once_all_reported(real_cards: CardsDB) -> None:
    text = changed(
        "6 Chaos Rune",
        "5 Order Rune",
        changed("1 Cleave", "1 Called Shot", changed("Monastery of Hirana\n", "")),
    )
    verdict = check(real_cards, changed("Champion:\nJinx, Rebel", "Champion:\nTeemo, Scout", text))
    assert set(problems(verdict)) >= {
        "rune_deck_size",
        "rune_domain",
        "banned",
        "battlefield_count",
        "champion_tag_mismatch",
    }


def test_spiderlings_own_text_allows_any_number_of_copies(real_cards: CardsDB) -> None:
    text = changed("3 Abandon\n3 Against the Odds\n3 Ancient Warmonger\n3 Angle Shot\n", "12 Spiderling\n")
    assert check(real_cards, text).legal is True


def _ornn(db: CardsDB) -> str:
    return dict(sample_lists(db, db.names.names))["Ornn, Fire Below the Mountain"]


def test_825_3_a_a_unique_card_allows_one_copy(real_cards: CardsDB) -> None:
    cape = real_cards.get_card("Forgefire Cape")
    assert cape is not None and cape.has_keyword("Unique")
    lines = _ornn(real_cards).split("\n")
    single = next(i for i, line in enumerate(lines) if line.startswith("1 "))
    lines[single] = "1 Forgefire Cape"
    assert check(real_cards, "\n".join(lines)).legal is True
    first = next(i for i, line in enumerate(lines) if line.startswith("3 "))
    lines[first], lines[single] = "2 " + lines[first][2:], "2 Forgefire Cape"
    verdict = check(real_cards, "\n".join(lines))
    assert problems(verdict) == ["too_many_copies"]
    assert "Forgefire Cape has Unique" in verdict.problems[0].text


def test_825_3_b_three_unique_signature_cards_one_of_each(real_cards: CardsDB) -> None:
    lines = _ornn(real_cards).split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("3 "))
    lines[first : first + 1] = ["1 Forgefire Cape", "1 Rabadon's Deathcrown", "1 Shurelya's Requiem"]
    assert check(real_cards, "\n".join(lines)).legal is True


@pytest.mark.parametrize("typed", ["1 War Scout", "1 RAD-008"])
def test_a_card_known_only_in_part_is_undecided(real_cards: CardsDB, typed: str) -> None:
    # A Radiance unit the gallery's extract gives by code, type and cost only: its domain (the deck's domain identity)
    # and its supertypes (Signature) are not known, so the deck is neither legal nor not.
    verdict = check(real_cards, changed("1 Cleave", typed))
    assert verdict.legal is None and verdict.verdict == "Depends"
    assert all(u.code == "card_partly_known" for u in verdict.undecided)
    assert any("War Scout" in u.text and "domains are not known" in u.text for u in verdict.undecided)


def test_a_card_whose_text_the_data_gives_is_decided_like_any_other(real_cards: CardsDB) -> None:
    # Bedeviling Stranger (the Radiance catalog): a Chaos unit, in Jinx's domains
    assert check(real_cards, changed("1 Cleave", "1 Bedeviling Stranger")).legal is True


def test_2v2_uses_its_own_ban_list(real_cards: CardsDB) -> None:
    yi = real_cards.ban_list("2v2")
    assert yi is not None and "Master Yi, Wuju Bladesman" in yi.names
    legal = dict(sample_lists(real_cards, real_cards.names.names))
    yi_list = legal["Master Yi, Wuju Bladesman"]
    assert check(real_cards, yi_list).legal is True
    assert problems(check(real_cards, yi_list, "2v2")) == ["banned"]


def test_a_deck_for_every_legend_of_the_data_is_legal(real_cards: CardsDB) -> None:
    lists = dict(sample_lists(real_cards, real_cards.names.names))
    assert len(lists) >= 45  # every legend with a champion unit of its own
    wrong = {}
    for legend, text in lists.items():
        verdict = check(real_cards, text)
        if verdict.legal is not True:
            wrong[legend] = [p.text for p in (*verdict.problems, *verdict.undecided)]
    assert wrong == {}


def test_the_golden_codes_are_checked_against_the_data(real_cards: CardsDB, real_data_dir: Path) -> None:
    golden = real_data_dir / "deckcodes" / "golden-v6.json"
    for vector in json.loads(golden.read_text(encoding="utf-8")):
        verdict = check_code(vector["code"], real_cards, on=ON)
        decoded = decode(vector["code"])
        assert verdict.legal is False  # test vectors, not decks: no legend, a handful of cards
        assert verdict.summary.sections["extra_legends"] == len(decoded.extra_legends)
        known = {c.code.split("-")[0] for c in decoded.main} | {"OGN", "VEN"}
        assert known <= set(real_cards.card_sets()) | {"SFD"}
        # Radiance's codes (set id 6) resolve to the imported printings: no card is "not in the data"
        assert not [u for u in verdict.undecided if u.code == "card_not_in_data"]
        for code in (
            c for c in (*decoded.extra_legends, *(m.code for m in decoded.main)) if c.startswith("RAD-")
        ):
            found = real_cards.printing(code)
            assert found is not None and found[1].set_id == "RAD", code
