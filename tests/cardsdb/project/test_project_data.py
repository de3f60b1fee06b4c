"""The project-owned data (cardsdb/project/data): the current-rules overlay, the seed claims and the seed cards.

The seed documents in shared/seeds are the authority: official overlay rows must carry their text word for word and
every claim must quote one of their sentences. Tests that need the seeds or the v1.3 rules file skip when absent.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardsdb.errors import BuildError
from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.claims import Claim, load_claims
from cardsdb.project.overlay import Overlay, load_overlay
from cardsdb.project.seed_cards import load_seed_cards

KEYWORD_PAGE = "hidden-keyword-page.txt"
ARTICLE = "hiding-and-playing-from-hidden.txt"

# What issue 2 lists: rules the seeds quote word for word, and rules they cite without quoting.
QUOTED = [
    "811.1",
    "811.1.a",
    "811.1.b",
    "811.1.c.1",
    "811.1.c.2",
    "811.1.c.3",
    "811.1.d",
    "811.1.d.1",
    "811.1.d.2",
    "811.1.d.3",
    "811.1.d.5",
    "811.2",
    "811.3",
    "811.6",
]
CITED = [
    "107.3.b",
    "107.3.c",
    "107.3.d",
    "107.3.f",
    "129.4",
    "323.6.a",
    "355.6",
    "356.1.b",
    "356.1.b.3",
    "422.1",
    "422.2",
    "422.4",
    "459.1",
    "811.1.d.1.a",
    "811.1.d.3.a",
    "811.1.d.4",
    "811.5.a",
    "811.6.a",
]

# The engine's reason codes (docs/architecture.md): failing name -> passing name.
FAIL_CODES = {
    "no_hidden",
    "wrong_zone",
    "not_your_turn",
    "chain_open",
    "in_showdown",
    "battlefield_not_controlled",
    "facedown_zone_full",
    "cannot_pay",
    "hidden_this_turn",
    "no_reaction_timing",
    "no_legal_targets",
    "cannot_pay_additional",
    "illegal_target",
    "not_normal_timing",
}
SCENARIO_KEYS = {"turn", "turn_player", "state", "showdown", "chain", "me", "opp", "battlefields", "ask"}
SIDE_KEYS = {"legend", "hand", "champion_zone", "trash", "runes", "base"}


def normalise(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.split())


@pytest.fixture(scope="module")
def overlay() -> Overlay:
    return load_overlay()


@pytest.fixture(scope="module")
def claims() -> tuple[Claim, ...]:
    return load_claims()


@pytest.fixture(scope="module")
def seed_texts(seeds_dir: Path) -> dict[str, str]:
    keyword_page, article = seeds_dir / KEYWORD_PAGE, seeds_dir / ARTICLE
    if not (keyword_page.is_file() and article.is_file()):
        pytest.skip(f"seed documents not found in {seeds_dir}")
    return {
        "keyword-page": normalise(keyword_page.read_text(encoding="utf-8")),
        "article": normalise(article.read_text(encoding="utf-8")),
    }


@pytest.fixture(scope="module")
def seed_quoted_rules(seeds_dir: Path) -> dict[str, str]:
    """The keyword page's "Core Rules" list: a line "- 811.1" followed by a line "- <its text>"."""
    keyword_page = seeds_dir / KEYWORD_PAGE
    if not keyword_page.is_file():
        pytest.skip(f"seed documents not found in {seeds_dir}")
    lines = [line.strip() for line in keyword_page.read_text(encoding="utf-8").splitlines()]
    quoted: dict[str, str] = {}
    for here, after in itertools.pairwise(lines):
        match = re.fullmatch(r"- (\d{3}(?:\.\w+)*)", here)
        if match and after.startswith("- "):
            quoted[match.group(1)] = normalise(after[2:])
    return quoted


@pytest.fixture(scope="module")
def v13_rules(real_data_dir: Path) -> dict[str, str]:
    """v1.3 rules: number -> text (headings: their title). The first row wins where a number repeats."""
    rows: dict[str, str] = {}
    for line in (real_data_dir / "core-rules-v1-3.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        number, _kind, text = ([*line.split("\t"), "", ""])[:3]
        if number and number not in rows:
            rows[number] = text
    return rows


@pytest.fixture(scope="module")
def real_card_names(real_data_dir: Path) -> set[str]:
    data = json.loads((real_data_dir / "cards.json").read_text(encoding="utf-8"))
    return {card["name"] for card in data["cards"]}


# --- loading -------------------------------------------------------------------------------------------


def test_loaders_load_the_project_files(overlay: Overlay, claims: tuple[Claim, ...]) -> None:
    assert len(overlay.rules) >= len(QUOTED) + len(CITED)
    assert overlay.moves and overlay.superseded_v13
    assert len(claims) >= 40
    assert 40 <= sum(len(c.scenarios) for c in claims) <= 80
    cards = load_seed_cards()
    assert {c.name for c in cards} == {"Elnuk Herd", "Gutter Guardian"}
    assert all(c.partial for c in cards)


def test_seed_cards_say_only_what_the_seeds_say() -> None:
    cards = {c.name: c for c in load_seed_cards()}
    herd = cards["Elnuk Herd"]
    assert herd.is_type("Unit") and herd.has_keyword("Hidden")
    assert "+3" in herd.text_raw and "friendly unit" in herd.text_raw
    assert herd.energy is None and herd.might is None and herd.domains == ()  # unknown, not zero
    assert any("Not known yet" in note for note in herd.notes)
    guardian = cards["Gutter Guardian"]
    assert "Show Off" in guardian.text_raw
    assert guardian.notes


# --- the overlay ---------------------------------------------------------------------------------------


@pytest.mark.real_data
@pytest.mark.parametrize("number", QUOTED)
def test_rules_the_seeds_quote_carry_the_official_text(
    number: str, overlay: Overlay, seed_quoted_rules: dict[str, str]
) -> None:
    row = overlay.rule(number)
    assert row is not None, f"{number} missing from the overlay"
    assert row.wording == "official"
    assert normalise(row.text) == seed_quoted_rules[number]


@pytest.mark.real_data
def test_official_rows_are_exactly_the_rules_the_seed_quotes(
    overlay: Overlay, seed_quoted_rules: dict[str, str]
) -> None:
    official = {row.number for row in overlay.rules if row.wording == "official"}
    assert official == set(seed_quoted_rules) == set(QUOTED)


@pytest.mark.parametrize("number", CITED)
def test_rules_the_seeds_cite_carry_a_summary(number: str, overlay: Overlay) -> None:
    row = overlay.rule(number)
    assert row is not None, f"{number} missing from the overlay"
    assert row.wording == "summary"
    assert row.kind in ("rule", "heading")


@pytest.mark.real_data
def test_every_row_comes_from_a_seed_sentence(overlay: Overlay, seed_texts: dict[str, str]) -> None:
    for row in overlay.rules:
        document = row.source.split(":")[0]
        assert document in seed_texts, f"{row.number}: source {row.source!r} names no seed document"
        assert normalise(row.seed_sentence) in seed_texts[document], (
            f"{row.number}: seed sentence not in {document}"
        )


def test_every_parent_resolves_and_is_one_level_up(overlay: Overlay) -> None:
    numbers = overlay.numbers()
    for row in overlay.rules:
        if row.parent is None:
            assert "." not in row.number, f"{row.number} has no parent"
            continue
        assert row.parent in numbers
        assert row.number.rsplit(".", 1)[0] == row.parent


def test_422_is_hide_with_422_1_422_2_422_4_beneath_it(overlay: Overlay) -> None:
    hide = overlay.rule("422")
    assert hide is not None and hide.title == "Hide" and hide.v13 == "421"
    children = {row.number for row in overlay.rules if row.parent == "422"}
    assert {"422.1", "422.2", "422.4"} <= children
    hide_2 = overlay.rule("422.2")
    assert hide_2 is not None and hide_2.v13 == "421.2"


def test_323_6_a_is_part_of_v13_323_7(overlay: Overlay) -> None:
    row = overlay.rule("323.6.a")
    assert row is not None and row.v13 == "323.7"
    assert any(m.v13 == "323.7" and m.current == "323.6.a" for m in overlay.moves)


def test_moves_the_issue_lists(overlay: Overlay) -> None:
    moves = {(m.v13, m.current) for m in overlay.moves}
    assert {
        ("421", "422"),
        ("421.1", "422.1"),
        ("421.2", "422.2"),
        ("421.4", "422.4"),
        ("323.7", "323.6.a"),
        ("811.1.d.2", "811.1.d.2"),
        ("811.1.d.2", "811.1.d.3"),
        ("811.1.d.3", "811.1.d.5"),
    } <= moves


def test_superseded_v13_numbers_the_issue_lists(overlay: Overlay) -> None:
    assert {"422", "459.1", "811.1.d.2", "811.1.d.3", "811.5.a"} <= set(overlay.superseded_v13)
    # a superseded number the current rules reuse is in the overlay, so a lookup finds the current meaning first
    for number in ("422", "422.1", "422.2", "422.4", "459.1", "811.1.d.2", "811.1.d.3", "811.5.a"):
        assert number in overlay.superseded_v13
        assert overlay.rule(number) is not None


@pytest.mark.real_data
def test_superseded_v13_rows_really_say_something_else(overlay: Overlay, v13_rules: dict[str, str]) -> None:
    for number in overlay.superseded_v13:
        assert number in v13_rules, f"superseded {number} is not a v1.3 number"
    assert v13_rules["422"] == "Discard" and v13_rules["421"] == "Hide"
    assert "Discard" in v13_rules["422.1"] and "Discard" in v13_rules["422.2"]
    assert "Combat" in v13_rules["459.1"]
    assert "independent of the state of being facedown" in v13_rules["811.5.a"]
    assert "hidden spell or a play effect of a hidden permanent chooses" in v13_rules["811.1.d.2"]
    assert "causes you to play a unit" in v13_rules["811.1.d.3"]


def test_811_5_a_current_text_is_the_reverse_of_v13(overlay: Overlay) -> None:
    row = overlay.rule("811.5.a")
    assert row is not None and row.wording == "summary"
    assert "not a card with Hidden" in row.text


@pytest.mark.real_data
def test_v13_counterparts_exist_in_v13(overlay: Overlay, v13_rules: dict[str, str]) -> None:
    for row in overlay.rules:
        if row.v13 is not None:
            assert row.v13 in v13_rules, f"{row.number}: v1.3 counterpart {row.v13} not in v1.3"
    for move in overlay.moves:
        if move.v13 is not None:
            assert move.v13 in v13_rules, f"move {move.v13} -> {move.current}: {move.v13} not in v1.3"


@pytest.mark.real_data
def test_v13_numbers_the_seeds_renumbered_say_what_the_overlay_says(v13_rules: dict[str, str]) -> None:
    assert "placing a card facedown at a Battlefield you control" in v13_rules["421.1"]
    assert "Hiding is a Discretionary Action" in v13_rules["421.2"]
    assert "Remove all Hidden cards" in v13_rules["323.7"]
    assert "un-attached Gear" in v13_rules["452.1"] and "next Cleanup" in v13_rules["452.1"]


@pytest.mark.real_data
def test_summary_rows_are_not_the_seeds_quoted_wording(
    overlay: Overlay, seed_quoted_rules: dict[str, str]
) -> None:
    quoted_texts = set(seed_quoted_rules.values())
    for row in overlay.rules:
        if row.wording == "summary":
            assert normalise(row.text) not in quoted_texts, (
                f"{row.number} is marked summary but quotes a rule"
            )


# --- the claims ----------------------------------------------------------------------------------------


@pytest.mark.real_data
def test_every_claim_quotes_a_seed_sentence(claims: tuple[Claim, ...], seed_texts: dict[str, str]) -> None:
    for claim in claims:
        assert normalise(claim.seed_sentence) in seed_texts[claim.source], (
            f"{claim.id}: seed sentence not found"
        )


def test_claims_cover_every_section_of_both_seeds(claims: tuple[Claim, ...]) -> None:
    sections = {(c.source, c.section) for c in claims}
    for source, section in [
        ("keyword-page", "How Hidden works"),
        ("keyword-page", "Official rulings"),
        ("keyword-page", "Example: A Hidden Blade waiting for an attacker"),
        ("article", "Worked example"),
        ("article", "Hiding"),
        ("article", "Where a hidden card can point"),
        ("article", "From hand"),
        ("article", "Common mistakes"),
    ]:
        assert (source, section) in sections
    faq = {c.question for c in claims if c.section == "How Hidden works"}
    assert len(faq) >= 10
    assert len([c for c in claims if c.section == "Official rulings"]) == 3
    assert len([c for c in claims if c.section == "Common mistakes"]) == 3


def _cited_numbers(claims: tuple[Claim, ...]) -> Iterator[tuple[str, str]]:
    for claim in claims:
        for number in claim.rules:
            yield claim.id, number
        for scenario in claim.scenarios:
            for number in [*scenario.expect.get("cites", []), *scenario.expect.get("effects_cite", [])]:
                yield f"{claim.id} / {scenario.name}", number


@pytest.mark.real_data
def test_every_cited_number_is_current_or_a_live_v13_number(
    claims: tuple[Claim, ...], overlay: Overlay, v13_rules: dict[str, str]
) -> None:
    current = overlay.numbers()
    for where, number in _cited_numbers(claims):
        if number in current:
            continue
        assert number in v13_rules, f"{where}: {number} is in neither the overlay nor v1.3"
        assert number not in overlay.superseded_v13, f"{where}: cites {number} in its superseded v1.3 meaning"


def test_every_claim_rule_is_in_the_overlay(claims: tuple[Claim, ...], overlay: Overlay) -> None:
    # The seeds give only current numbers, so every number a claim rests on is an overlay row.
    current = overlay.numbers()
    for where, number in _cited_numbers(claims):
        assert number in current, f"{where}: {number} not in the overlay"


# --- the scenarios -------------------------------------------------------------------------------------


def _scenarios(claims: tuple[Claim, ...]) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    for claim in claims:
        for s in claim.scenarios:
            yield f"{claim.id} / {s.name}", s.scenario, s.expect


def _locations(scenario: dict[str, Any]) -> dict[str, set[str]]:
    """Location -> the names of units and gear there (a unit is named by its id if it has one)."""
    found: dict[str, set[str]] = {}
    for side in ("me", "opp"):
        base = (scenario.get(side) or {}).get("base") or {}
        found[f"{side}.base"] = {_name(u) for u in [*base.get("units", []), *base.get("gear", [])]}
    for label, field in (scenario.get("battlefields") or {}).items():
        found[label] = {_name(u) for u in [*field.get("units", []), *field.get("gear", [])]}
    return found


def _name(item: str | dict[str, Any]) -> str:
    return item if isinstance(item, str) else str(item.get("id") or item["card"])


def _card_names(scenario: dict[str, Any]) -> Iterator[str]:
    for side in ("me", "opp"):
        data = scenario.get(side) or {}
        if data.get("legend"):
            yield data["legend"]
        for zone in ("hand", "champion_zone", "trash"):
            if isinstance(data.get(zone), list):
                yield from data[zone]
        base = data.get("base") or {}
        for item in [*base.get("units", []), *base.get("gear", [])]:
            yield item if isinstance(item, str) else item["card"]
    for label, field in (scenario.get("battlefields") or {}).items():
        yield label
        for item in [*field.get("units", []), *field.get("gear", []), *field.get("facedown", [])]:
            yield item if isinstance(item, str) else item["card"]
    yield from scenario.get("chain") or []
    ask = scenario["ask"]
    for key in ("hide", "play_hidden", "play", "targets"):
        if isinstance(ask.get(key), str):
            yield ask[key]


def test_every_scenario_has_exactly_one_ask_and_known_keys(claims: tuple[Claim, ...]) -> None:
    raw = yaml.safe_load((PROJECT_DATA_DIR / "claims.yaml").read_text(encoding="utf-8"))
    count = 0
    for claim in raw["claims"]:
        for item in claim.get("scenarios") or []:
            scenario = item["scenario"]
            assert list(scenario).count("ask") == 1 and isinstance(scenario["ask"], dict)
            assert set(scenario) <= SCENARIO_KEYS, (
                f"{item['name']}: unknown keys {set(scenario) - SCENARIO_KEYS}"
            )
            count += 1
    assert count == sum(len(c.scenarios) for c in claims)


def test_every_scenario_is_a_valid_position(claims: tuple[Claim, ...]) -> None:
    for where, scenario, expect in _scenarios(claims):
        turn = scenario.get("turn", 1)
        assert isinstance(turn, int) and turn >= 1, where
        assert scenario.get("turn_player", "me") in ("me", "opp"), where
        assert scenario.get("state", "open") in ("open", "closed"), where
        if scenario.get("state") == "closed":
            assert scenario.get("chain"), f"{where}: a closed state with nothing on the chain"
        fields = scenario.get("battlefields") or {}
        assert scenario.get("showdown") in (None, *fields), where
        for side in ("me", "opp"):
            assert set(scenario.get(side) or {}) <= SIDE_KEYS, where
        for label, field in fields.items():
            assert field.get("controller") in ("me", "opp", None), f"{where}: {label}"
            for facedown in field.get("facedown", []):
                assert facedown["owner"] in ("me", "opp") and 1 <= facedown["hidden_turn"] <= turn, where
        ask = scenario["ask"]
        if "at" in ask:
            assert ask["at"] in fields, f"{where}: 'at' names no battlefield"
        if "play_hidden" in ask or ("targets" in ask and "at" in ask):
            card = ask.get("play_hidden") or ask["targets"]
            assert any(_name(f) == card for f in fields[ask["at"]].get("facedown", [])), where
        assert ask.get("from", "hand") in ("hand", "champion_zone"), where
        assert ask.get("pay", "rune") in ("rune", "energy", "none"), where
        locations = _locations(scenario)
        picked = ask.get("targets") if isinstance(ask.get("targets"), list) else []
        listed = [
            t for c in expect.get("choices", []) for t in [*c.get("legal_has", []), *c.get("legal_lacks", [])]
        ]
        for target in [*picked, *listed]:
            name, _, location = target.partition("@")
            assert location in locations, f"{where}: {target} names an unknown location"
            # a hidden card's own play effect may choose the card itself, which is not yet on the board
            self_pick = name == ask.get("targets") and location == ask.get("at")
            assert name in locations[location] or self_pick, f"{where}: {name} is not at {location}"


def test_expectations_use_the_engine_reason_codes(claims: tuple[Claim, ...]) -> None:
    for where, _scenario, expect in _scenarios(claims):
        failed = expect.get("failed", [])
        assert set(failed) <= FAIL_CODES, f"{where}: unknown codes {set(failed) - FAIL_CODES}"
        assert len(set(failed)) == len(failed), where
        if expect["legal"] is False:
            assert failed, f"{where}: a 'no' without the failing checks"
        for choice in expect.get("choices", []):
            assert choice.get("restricted_to") in (None, *(_scenario.get("battlefields") or {})), where


@pytest.mark.real_data
def test_scenarios_name_real_cards(claims: tuple[Claim, ...], real_card_names: set[str]) -> None:
    known = real_card_names | {c.name for c in load_seed_cards()}
    for where, scenario, _expect in _scenarios(claims):
        for name in _card_names(scenario):
            assert name in known, f"{where}: {name!r} is not a card"
    for claim in claims:
        for name in claim.cards:
            assert name in known, f"{claim.id}: {name!r} is not a card"


def test_scenarios_cover_positives_and_negatives_of_every_check(claims: tuple[Claim, ...]) -> None:
    failing = {code for _w, _s, e in _scenarios(claims) for code in e.get("failed", [])}
    assert failing == FAIL_CODES
    asks = {s.ask for c in claims for s in c.scenarios}
    assert asks == {"hide", "play_hidden", "play", "targets", "cleanup"}
    for ask in ("hide", "play_hidden", "play"):
        verdicts = {s.expect["legal"] for c in claims for s in c.scenarios if s.ask == ask}
        assert verdicts == {True, False}, ask


def test_811_1_d_4_smoke_and_mirrors_restricts_only_its_first_choice(claims: tuple[Claim, ...]) -> None:
    [scenario] = [
        s
        for c in claims
        for s in c.scenarios
        if s.ask == "targets" and s.scenario["ask"]["targets"] == "Smoke and Mirrors"
    ]
    first, second = scenario.expect["choices"]
    assert first["restricted_to"] == scenario.scenario["ask"]["at"]
    assert second["restricted_to"] is None


# --- malformed files -----------------------------------------------------------------------------------


def _write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def _rule(number: object, **extra: object) -> dict[str, object]:
    row: dict[str, object] = {
        "number": number,
        "kind": "rule",
        "title": None,
        "text": "Some text.",
        "wording": "summary",
        "seed_sentence": "A sentence.",
        "v13": None,
        "parent": None,
        "source": "article: Hiding",
    }
    row.update(extra)
    return row


def test_overlay_missing_field_names_file_entry_and_field(tmp_path: Path) -> None:
    row = _rule("811")
    del row["text"]
    path = _write(tmp_path, "rules_current.yaml", {"rules": [row], "moves": [], "superseded_v13": []})
    with pytest.raises(BuildError, match=r"rules_current\.yaml: rule 811, field 'text' is missing"):
        load_overlay(path)


def test_overlay_duplicate_number_is_refused(tmp_path: Path) -> None:
    path = _write(
        tmp_path, "r.yaml", {"rules": [_rule("811"), _rule("811")], "moves": [], "superseded_v13": []}
    )
    with pytest.raises(BuildError, match="rule 811, field 'number' is a duplicate"):
        load_overlay(path)


def test_overlay_unquoted_number_and_bad_wording_are_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "r.yaml", {"rules": [_rule(811.1)], "moves": [], "superseded_v13": []})
    with pytest.raises(BuildError, match="must be quoted text"):
        load_overlay(path)
    path = _write(
        tmp_path, "r.yaml", {"rules": [_rule("811", wording="paraphrase")], "moves": [], "superseded_v13": []}
    )
    with pytest.raises(BuildError, match="field 'wording' must be one of official, summary"):
        load_overlay(path)


def test_overlay_unknown_parent_is_refused(tmp_path: Path) -> None:
    path = _write(
        tmp_path, "r.yaml", {"rules": [_rule("811.1", parent="811")], "moves": [], "superseded_v13": []}
    )
    with pytest.raises(BuildError, match=re.escape("rule 811.1, field 'parent' names 811")):
        load_overlay(path)


def test_overlay_v14_fields_are_checked(tmp_path: Path) -> None:
    rows = [_rule("811"), _rule("811.1", parent="811", v14="811.1", scaffold=True)]
    path = _write(
        tmp_path, "r.yaml", {"rules": rows, "moves": [], "superseded_v13": [], "superseded_v14": ["811.5.a"]}
    )
    overlay = load_overlay(path)
    row = overlay.rule("811.1")
    assert row is not None and row.v14 == "811.1" and row.scaffold and row.older("v1.4") == "811.1"
    assert overlay.superseded("v1.4") == ("811.5.a",) and overlay.superseded("v1.3") == ()
    bad = [_rule("811", scaffold="yes")]
    path = _write(tmp_path, "r.yaml", {"rules": bad, "moves": [], "superseded_v13": []})
    with pytest.raises(BuildError, match="rule 811, field 'scaffold' must be true or false"):
        load_overlay(path)
    path = _write(
        tmp_path,
        "r.yaml",
        {"rules": [_rule("811")], "moves": [], "superseded_v13": [], "superseded_v14": [8]},
    )
    with pytest.raises(BuildError, match="superseded_v14 holds 8, which is not a quoted rule number"):
        load_overlay(path)


def test_a_move_names_an_older_number(tmp_path: Path) -> None:
    moves = [{"current": "811", "note": "no older number"}]
    path = _write(tmp_path, "r.yaml", {"rules": [_rule("811")], "moves": moves, "superseded_v13": []})
    with pytest.raises(BuildError, match="move #1, field 'v13' and 'v14' are both missing"):
        load_overlay(path)
    moves = [{"v14": "811.1.d.2.a", "current": "811", "note": "v1.4 only"}]
    path = _write(tmp_path, "r.yaml", {"rules": [_rule("811")], "moves": moves, "superseded_v13": []})
    assert load_overlay(path).moves_from("v1.4") == {"811.1.d.2.a": ("811",)}


def test_not_yaml_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "claims.yaml"
    path.write_text("claims: [unclosed\n", encoding="utf-8")
    with pytest.raises(BuildError, match=r"claims\.yaml: is not valid YAML at line \d+") as error:
        load_claims(path)
    assert "\n" not in str(error.value)


def _claim(claim_id: str, **extra: object) -> dict[str, object]:
    claim: dict[str, object] = {
        "id": claim_id,
        "source": "article",
        "section": "Hiding",
        "question": "Q?",
        "answer": "A.",
        "rules": ["811.1.b"],
        "seed_sentence": "A sentence.",
        "cards": [],
        "scenarios": [],
    }
    claim.update(extra)
    return claim


def test_claims_duplicate_id_and_wrong_type_are_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "claims.yaml", {"claims": [_claim("a"), _claim("a")]})
    with pytest.raises(BuildError, match="claim a, field 'id' is a duplicate"):
        load_claims(path)
    path = _write(tmp_path, "claims.yaml", {"claims": [_claim("b", rules="811.1.b")]})
    with pytest.raises(BuildError, match="claim b, field 'rules' must be a list"):
        load_claims(path)
    path = _write(tmp_path, "claims.yaml", {"claims": [_claim("c", source="blog")]})
    with pytest.raises(BuildError, match="claim c, field 'source' must be one of keyword-page, article"):
        load_claims(path)


def test_scenario_with_two_asks_or_a_bad_expect_is_refused(tmp_path: Path) -> None:
    two = {
        "name": "two",
        "scenario": {"ask": {"hide": "Hidden Blade", "play": "Hidden Blade"}},
        "expect": {"legal": True},
    }
    path = _write(tmp_path, "claims.yaml", {"claims": [_claim("d", scenarios=[two])]})
    with pytest.raises(
        BuildError, match="scenario 'two', field 'scenario' 'ask' must name exactly one question"
    ):
        load_claims(path)
    bad = {"name": "bad", "scenario": {"ask": {"cleanup": True}}, "expect": {"legal": "yes"}}
    path = _write(tmp_path, "claims.yaml", {"claims": [_claim("e", scenarios=[bad])]})
    with pytest.raises(BuildError, match="'legal' must be true, false or null"):
        load_claims(path)


def test_seed_cards_missing_name_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "seed_cards.yaml", {"cards": [{"types": ["Unit"]}]})
    with pytest.raises(BuildError, match=r"seed_cards\.yaml: card #1, field 'name' is missing"):
        load_seed_cards(path)
    path = _write(tmp_path, "seed_cards.yaml", {"cards": [{"name": "X", "types": ["Unit"], "might": "big"}]})
    with pytest.raises(BuildError, match="card X, field 'might' must be a whole number or null"):
        load_seed_cards(path)
