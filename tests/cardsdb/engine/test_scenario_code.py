"""Scenario codes: round trips, canonical form, size limits, versions, and every way a code can be unreadable."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsdb.engine.position import scenario_code
from cardsdb.engine.position.scenario_code import (
    CURRENT_VERSION,
    MAX_CODE_CHARS,
    MAX_DECOMPRESSED_BYTES,
    decode,
    encode,
    is_code,
    register_decoder,
    retire_version,
    supported_versions,
    unregister_decoder,
)
from cardsdb.errors import CardsDBError, ScenarioCodeError

# The example position of docs/scenario-format.md, as the YAML parser gives it.
EXAMPLE: dict[str, Any] = {
    "turn": 4,
    "turn_player": "me",
    "state": "open",
    "showdown": None,
    "chain": [],
    "me": {
        "legend": "Swift Scout",
        "hand": ["Hidden Blade", "Tideturner"],
        "champion_zone": [],
        "trash": [],
        "runes": {"energy": 2, "power": ["order", "any"]},
        "base": {"units": ["Shipyard Skulker"], "gear": []},
    },
    "opp": {"hand": 3, "base": {"units": []}},
    "battlefields": {
        "Bandle Tree": {
            "controller": "me",
            "units": [
                "Tideturner",
                {"card": "Pouty Poro", "controller": "opp"},
                {"card": "Sprite", "controller": "opp", "id": "sprite-1", "might": 3},
            ],
            "gear": [],
            "facedown": [{"card": "Hidden Blade", "owner": "me", "hidden_turn": 2}],
        },
        "Targon's Peak": {"controller": "opp", "units": [{"card": "Vanguard Sergeant", "controller": "opp"}]},
    },
    "ask": {"play_hidden": "Hidden Blade", "at": "Bandle Tree", "targets": ["Pouty Poro@Bandle Tree"]},
}


def _sizable_scenario() -> dict[str, Any]:
    """A busy board: six battlefields full of units, full hands and trash, a long chain."""
    names = ["Hidden Blade", "Tideturner", "Pouty Poro", "Vanguard Sergeant", "Smoke and Mirrors", "Sprite"]
    battlefields: dict[str, Any] = {}
    for b in range(6):
        battlefields[f"Battlefield {b}"] = {
            "controller": ["me", "opp", None][b % 3],
            "units": [
                {"card": names[(b + u) % len(names)], "controller": ["me", "opp"][u % 2], "id": f"u{b}-{u}"}
                for u in range(5)
            ],
            "gear": [],
            "facedown": [{"card": "Hidden Blade", "owner": "me", "hidden_turn": b}],
        }
    return {
        "turn": 9,
        "turn_player": "opp",
        "state": "closed",
        "showdown": "Battlefield 1",
        "chain": names[:4],
        "me": {
            "legend": "Swift Scout",
            "hand": names * 2,
            "trash": names,
            "runes": {"energy": 7, "power": ["order", "fury", "any"]},
            "base": {"units": names[:3], "gear": []},
        },
        "opp": {"hand": 5, "base": {"units": [{"card": "Sprite", "controller": "opp"}]}},
        "battlefields": battlefields,
        "ask": {"play_hidden": "Hidden Blade", "at": "Battlefield 1", "targets": ["u1-1@Battlefield 1"]},
    }


def _v1_code_of_bytes(data: bytes) -> str:
    """A v1 code around arbitrary bytes, made the way the documented format says (for crafted bad codes)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, scenario_code._V1_ZDICT)
    packed = packer.compress(data) + packer.flush()
    crc = (zlib.crc32(packed) & 0xFFFFFFFF).to_bytes(4, "big")
    return "rb1." + base64.urlsafe_b64encode(crc + packed).rstrip(b"=").decode("ascii")


# --- round trips and canonical form ---


def test_example_scenario_round_trips() -> None:
    code = encode(EXAMPLE)
    assert code.startswith(f"rb{CURRENT_VERSION}.")
    assert decode(code) == EXAMPLE


def test_typical_scenario_code_is_well_under_1000_characters() -> None:
    code = encode(EXAMPLE)
    assert len(code) < 1000
    # an embed field value holds 1,024 characters: a typical code fits in one
    assert len(code) < 1024 - len("`` ")


def test_sizable_scenario_round_trips_within_discord_limits() -> None:
    scenario = _sizable_scenario()
    code = encode(scenario)
    assert len(code) <= MAX_CODE_CHARS
    assert decode(code) == scenario


def test_key_order_is_kept_so_a_replay_lists_battlefields_as_written() -> None:
    reordered = json.loads(json.dumps(EXAMPLE))
    reordered["battlefields"] = dict(reversed(list(reordered["battlefields"].items())))
    assert list(reordered["battlefields"]) != list(EXAMPLE["battlefields"])
    assert list(decode(encode(reordered))["battlefields"]) == list(reordered["battlefields"])
    assert encode(json.loads(json.dumps(EXAMPLE))) == encode(EXAMPLE)


def test_tuples_encode_as_lists() -> None:
    scenario = {"me": {"hand": ("Hidden Blade", "Tideturner")}, "ask": {"hide": "Hidden Blade", "at": "X"}}
    assert decode(encode(scenario))["me"]["hand"] == ["Hidden Blade", "Tideturner"]
    assert encode(scenario) == encode({**scenario, "me": {"hand": ["Hidden Blade", "Tideturner"]}})


def test_non_ascii_names_survive() -> None:
    scenario = {"me": {"hand": ["Kai'Sa, Daughter of the Void", "Pokémon ✓"]}, "ask": {"cleanup": True}}
    assert decode(encode(scenario)) == scenario


def test_the_code_survives_being_pasted_in_backticks_and_wrapped() -> None:
    code = encode(EXAMPLE)
    pasted = f"  `{code[:40]}\n{code[40:]}`\n"
    assert is_code(pasted)
    assert decode(pasted) == EXAMPLE


json_scalars = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text()
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.text(max_size=12), json_values, max_size=6))
def test_random_json_mappings_round_trip(scenario: dict[str, Any]) -> None:
    code = encode(scenario)
    assert is_code(code)
    assert decode(code) == scenario
    assert encode(decode(code)) == code


# --- what encode refuses ---


def test_encode_refuses_a_code_longer_than_discord_can_show() -> None:
    # random-looking names do not compress: the JSON fits the 20,000-byte cap but the code would pass 4,000 chars
    import random

    rng = random.Random(7)
    names = [
        "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(20)) for _ in range(200)
    ]
    scenario = {"me": {"hand": names}, "ask": {"cleanup": True}}
    assert len(json.dumps(scenario)) < MAX_DECOMPRESSED_BYTES
    with pytest.raises(ScenarioCodeError, match=r"more than the 4,000 .* shorten the scenario"):
        encode(scenario)


def test_encode_refuses_a_scenario_larger_than_a_code_may_unpack_to() -> None:
    scenario = {"me": {"hand": ["Hidden Blade"] * 2000}, "ask": {"cleanup": True}}
    with pytest.raises(ScenarioCodeError, match=r"more than the 20,000"):
        encode(scenario)


@pytest.mark.parametrize(
    ("scenario", "named"),
    [
        ({"turn": float("nan")}, "scenario.turn"),
        ({"battlefields": {1: {"controller": "me"}}}, "battlefields"),
        ({"me": {"hand": [{"card": object()}]}}, r"scenario.me.hand\[0\].card"),
    ],
)
def test_encode_refuses_data_json_cannot_hold_naming_where(scenario: dict[str, Any], named: str) -> None:
    with pytest.raises(ScenarioCodeError, match=named):
        encode(scenario)


def test_encode_refuses_a_non_mapping() -> None:
    with pytest.raises(ScenarioCodeError, match="a scenario is a mapping, not a list"):
        encode(["hide", "Hidden Blade"])  # type: ignore[arg-type]


# --- telling a code from YAML ---


@pytest.mark.parametrize(
    "text",
    [
        "ask: {hide: Hidden Blade, at: Bandle Tree}",
        '{"ask": {"cleanup": true}}',
        "rb1 is not a code",
        "",
        "rb.abc",
        "x" * 10_000,
    ],
)
def test_yaml_text_is_not_a_code(text: str) -> None:
    assert not is_code(text)


def test_a_code_of_an_unknown_version_still_looks_like_a_code() -> None:
    # so that /hidden scenario says "newer version" rather than a YAML error
    assert is_code("rb9.AAAA")


# --- what decode refuses, one clear line each ---


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ask: {cleanup: true}", "this is not a scenario code"),
        ("rb1.not base64!", "this is not a scenario code"),
        ("x" * 9000, "this is not a scenario code: it is 9,000 characters"),
        ("rb9.AAAAAAAA", r"this code was made by a newer version \(v9\); this bot reads v1"),
        ("rb1.A", "damaged"),
        ("rb1.AAAA", "damaged"),
    ],
)
def test_decode_refuses_with_one_clear_line(text: str, message: str) -> None:
    with pytest.raises(ScenarioCodeError, match=message) as error:
        decode(text)
    assert "\n" not in str(error.value)
    assert isinstance(error.value, CardsDBError)


def test_a_changed_character_is_a_checksum_mismatch() -> None:
    code = encode(EXAMPLE)
    middle = len(code) // 2
    changed = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]
    with pytest.raises(ScenarioCodeError, match="damaged"):
        decode(changed)


def test_a_truncated_code_is_damaged() -> None:
    code = encode(EXAMPLE)
    for cut in (8, len(code) // 2, len(code) - 2):
        with pytest.raises(ScenarioCodeError, match="damaged"):
            decode(code[:cut])


def test_a_zip_bomb_is_refused_before_it_inflates() -> None:
    bomb = _v1_code_of_bytes(b'{"a":"' + b"x" * 5_000_000 + b'"}')
    assert len(bomb) < MAX_CODE_CHARS * 2
    with pytest.raises(ScenarioCodeError, match=r"more than 20,000 bytes; refused as too large"):
        decode(bomb)


def test_a_code_holding_a_list_is_not_a_scenario() -> None:
    with pytest.raises(ScenarioCodeError, match="holds a list, not a scenario mapping"):
        decode(_v1_code_of_bytes(b'["hide"]'))


def test_a_code_holding_non_json_is_damaged() -> None:
    with pytest.raises(ScenarioCodeError, match="not JSON"):
        decode(_v1_code_of_bytes(b"\xff\xfe not json"))


# --- versions ---


@pytest.fixture
def fake_v0() -> Iterator[None]:
    """A pretend older format: base64url of plain JSON, no compression, no checksum."""

    @register_decoder(0)
    def _decode_v0(body: str) -> dict[str, Any]:
        try:
            value = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        except ValueError:
            raise ScenarioCodeError("this scenario code is damaged (v0)") from None
        assert isinstance(value, dict)
        return value

    try:
        yield
    finally:
        unregister_decoder(0)
        scenario_code._RETIRED.pop(0, None)


def _v0_code(scenario: dict[str, Any]) -> str:
    return "rb0." + base64.urlsafe_b64encode(json.dumps(scenario).encode()).rstrip(b"=").decode()


def test_an_old_version_code_still_decodes(fake_v0: None) -> None:
    old = _v0_code(EXAMPLE)
    assert supported_versions() == (0, 1)
    assert decode(old) == EXAMPLE
    # and re-encoding it gives a current code for the same position
    assert decode(encode(decode(old))) == EXAMPLE


def test_unknown_version_lists_what_this_bot_reads(fake_v0: None) -> None:
    with pytest.raises(ScenarioCodeError, match=r"newer version \(v2\); this bot reads v0, v1"):
        decode("rb2.AAAA")


def test_a_retired_version_says_why_it_cannot_replay(fake_v0: None) -> None:
    old = _v0_code(EXAMPLE)
    retire_version(0, "v0 codes named battlefields by position")
    with pytest.raises(
        ScenarioCodeError, match=r"v0, which this bot no longer reads \(v0 codes named battlefields"
    ):
        decode(old)


def test_a_version_is_registered_once() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register_decoder(1)(lambda body: {})


def test_the_current_version_is_always_readable() -> None:
    assert CURRENT_VERSION in supported_versions()


def test_a_v1_code_made_earlier_still_decodes() -> None:
    # A literal code, as a judge would have saved it: pins the v1 format (checksum, preset dictionary, canonical JSON)
    # so that a change that would stop old codes replaying fails here.
    saved = "rb1.iJq-_atGEXMCuicnVSGkKDUV4SyoI6FGeIBNVnDKSQRya3UwAhPZCPSwBYcDLH6UQoAGghwBlIqtBZoEiRxonKHaA4xBeLJBTS0gjRjJuBYA"
    assert decode(saved) == {
        "ask": {"hide": "Hidden Blade", "at": "Bandle Tree", "from": "hand"},
        "battlefields": {"Bandle Tree": {"controller": "me", "units": ["Tideturner"]}},
        "me": {"hand": ["Hidden Blade"], "runes": {"power": ["any"]}},
        "turn_player": "me",
    }


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_any_text_decodes_or_says_why_in_one_line(text: str) -> None:
    try:
        result = decode(text)
    except ScenarioCodeError as error:
        assert "\n" not in str(error)
    else:
        assert isinstance(result, dict)


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=4, max_value=10_000), st.sampled_from("AZaz09-_"))
def test_a_code_with_one_character_changed_never_decodes_to_another_position(where: int, new: str) -> None:
    code = encode(EXAMPLE)
    index = 4 + where % (len(code) - 4)
    changed = code[:index] + new + code[index + 1 :]
    try:
        result = decode(changed)
    except ScenarioCodeError as error:
        assert "damaged" in str(error)
    else:
        # only a change in the unused low bits of the last base64 character can leave the bytes as they were
        assert result == EXAMPLE
