"""Deck codes (cardsdb/deck/codes.py): the four golden vectors of RiftboundDeckCodes v6, layouts worked out by hand
from the format's facts (SOURCES.md), round trips of 1,000 generated decks, and codes that do not decode, each
with one line saying why and nothing else ever raised."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsdb.deck.codes import (
    ALPHABET,
    SET_IDS,
    CardCount,
    DeckCode,
    DeckCodeError,
    decode,
    encode,
    parse_card_code,
    varint,
)


def _golden(data: Path) -> list[dict[str, object]]:
    """The golden vectors of ../shared (riftbound-data/deckcodes, SOURCES.md)."""
    golden = data / "deckcodes" / "golden-v6.json"
    if not golden.is_file():
        pytest.skip(f"the golden vectors are not at {golden}")
    vectors: list[dict[str, object]] = json.loads(golden.read_text(encoding="utf-8"))
    return vectors


def _deck(side: dict[str, object]) -> DeckCode:
    def cards(key: str) -> tuple[CardCount, ...]:
        return tuple(CardCount(c["cardCode"], c["count"]) for c in side.get(key) or ())  # type: ignore[index, union-attr]

    champion = side.get("chosenChampion")
    return DeckCode(
        cards("mainDeck"),
        cards("sideboard"),
        str(champion) if champion else None,
        tuple(side.get("additionalLegends") or ()),  # type: ignore[arg-type]
    )


@pytest.mark.real_data
def test_the_four_golden_v6_vectors_decode_and_encode_byte_for_byte(real_data_dir: Path) -> None:
    vectors = _golden(real_data_dir)
    assert len(vectors) == 4
    for vector in vectors:
        code = str(vector["code"])
        decoded = decode(code)
        assert decoded == _deck(vector["decoded"]), vector["name"]  # type: ignore[arg-type]
        assert [c.code for c in decoded.main] == [c.code for c in _deck(vector["decoded"]).main]  # type: ignore[arg-type]
        assert decoded.version == 6
        assert encode(_deck(vector["input"])) == code, vector["name"]  # type: ignore[arg-type]
        assert encode(decoded) == code


def test_varints_are_little_endian_groups_of_seven_bits() -> None:
    assert varint(0) == b"\x00"
    assert varint(127) == b"\x7f"
    assert varint(280) == bytes([0x98, 0x02])  # 280 = 0b10_0011000: the low seven bits first, continued
    assert varint(300) == bytes([0xAC, 0x02])


def _base32(data: bytes) -> str:
    import base64

    return base64.b32encode(data).decode().rstrip("=")


def test_a_v3_code_laid_out_by_hand_walks_the_counts_12_to_1() -> None:
    # format 1 version 3; main: counts 12..4 empty, count 3: one group of one OGN card (set 0, variant 0) number 7,
    # counts 2 and 1 empty; sideboard: counts 3, 2 empty, count 1: OGN-089a (variant 1); chosen champion OGN-007.
    data = bytes([0x13, *[0] * 9, 1, 1, 0, 0, 7, 0, 0, 0, 0, 1, 1, 0, 1, 89, 1, 0, 0, 7])
    code = _base32(data)
    assert decode(code) == DeckCode((CardCount("OGN-007", 3),), (CardCount("OGN-089a", 1),), "OGN-007")
    assert encode(decode(code)) == code


def test_a_v4_code_laid_out_by_hand_flags_every_card_number() -> None:
    # version 4: a flag byte before each number (1: a rune); SFD-R02 x2 (set 3), then no sideboard, no champion
    data = bytes([0x14, *[0] * 10, 1, 1, 3, 0, 1, 2, 0, 0, 0, 0, 0])
    assert decode(_base32(data)) == DeckCode((CardCount("SFD-R02", 2),))


def test_a_v1_code_has_no_sideboard_and_a_v2_code_no_champion() -> None:
    v1 = bytes([0x11, *[0] * 11, 1, 1, 4, 2, 10])  # count 1: UNL-010s (variant 2, written *)
    assert decode(_base32(v1)) == DeckCode((CardCount("UNL-010*", 1),))
    v2 = bytes([0x12, *[0] * 11, 1, 1, 4, 3, 10, 0, 0, 1, 1, 0, 0, 5])  # variant 3: b; sideboard OGN-005
    assert decode(_base32(v2)) == DeckCode((CardCount("UNL-010b", 1),), (CardCount("OGN-005", 1),))


def test_radiance_is_set_6_and_sp_cards_need_v5() -> None:
    code = encode(DeckCode((CardCount("RAD-010a", 2), CardCount("VEN-SP1", 1))))
    assert decode(code) == DeckCode((CardCount("RAD-010a", 2), CardCount("VEN-SP1", 1)))
    assert decode(code).version == 5
    assert SET_IDS["RAD"] == 6


_SETS = sorted(SET_IDS)
_card = st.builds(
    lambda s, kind, n, v: f"{s}-" + {"": f"{n:03d}", "R": f"R{n % 100:02d}", "SP": f"SP{n % 20}"}[kind] + v,
    st.sampled_from(_SETS),
    st.sampled_from(["", "", "", "R", "SP"]),
    st.integers(min_value=0, max_value=700),
    st.sampled_from(["", "a", "*", "b"]),
)


@st.composite
def decks(draw: st.DrawFn) -> DeckCode:
    main_codes = draw(st.lists(_card, min_size=0, max_size=30, unique=True))
    side_codes = draw(st.lists(_card, max_size=8, unique=True))
    main = tuple(CardCount(c, draw(st.integers(1, 30))) for c in main_codes)
    side = tuple(CardCount(c, draw(st.integers(1, 6))) for c in side_codes)
    champion = draw(st.one_of(st.none(), st.sampled_from(main_codes) if main_codes else st.none()))
    extra = tuple(draw(st.lists(_card, max_size=4)))
    return DeckCode(main, side, champion, extra)


def _round_trips(deck: DeckCode) -> None:
    decoded = decode(encode(deck))
    assert Counter(decoded.main) == Counter(deck.main)  # order follows the format: counts high to low, by set
    assert Counter(decoded.sideboard) == Counter(deck.sideboard)
    assert decoded.champion == deck.champion
    assert decoded.extra_legends == deck.extra_legends  # written in the order given
    assert encode(decoded) == encode(deck)


def _random_card(rng: random.Random) -> str:
    kind = rng.choice(["", "", "", "R", "SP"])
    number = rng.randint(0, 700)
    body = {"": f"{number:03d}", "R": f"R{number % 100:02d}", "SP": f"SP{number % 20}"}[kind]
    return f"{rng.choice(_SETS)}-{body}{rng.choice(['', 'a', '*', 'b'])}"


def _random_deck(rng: random.Random) -> DeckCode:
    main_codes = list(dict.fromkeys(_random_card(rng) for _ in range(rng.randint(0, 30))))
    side_codes = list(dict.fromkeys(_random_card(rng) for _ in range(rng.randint(0, 8))))
    high = rng.choice([3, 12, 40])  # within the count walks of v3/v4, or past them (v5)
    main = tuple(CardCount(c, rng.randint(1, high)) for c in main_codes)
    side = tuple(CardCount(c, rng.randint(1, 3 if high < 40 else 6)) for c in side_codes)
    champion = rng.choice([None, *main_codes]) if main_codes else None
    extra = tuple(_random_card(rng) for _ in range(rng.choice([0, 0, 1, 3])))
    return DeckCode(main, side, champion, extra)


def test_1000_generated_decks_round_trip() -> None:
    rng = random.Random(24)
    versions = Counter()
    for _ in range(1000):
        deck = _random_deck(rng)
        _round_trips(deck)
        versions[decode(encode(deck)).version] += 1
    assert set(versions) == {3, 4, 5, 6}  # every version the encoder writes was exercised


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(decks())
def test_generated_decks_round_trip_shrinking_to_the_smallest_failure(deck: DeckCode) -> None:
    _round_trips(deck)


@pytest.mark.parametrize(
    ("code", "why"),
    [
        ("", "give a deck code"),
        ("CMAA!AAA", "'!' is not a base32 letter"),
        (_base32(bytes([0x23, 0])), "that is not a Riftbound deck code; copy the whole code again"),
        (_base32(bytes([0x17, 0])), "version 7; this checker reads versions 1 to 6"),
        (_base32(bytes([0x13, 1, 1, 9, 0, 7])), "set number 9"),
        (_base32(bytes([0x13, 1, 1, 0, 7, 7])), "variant number 7"),
        (_base32(bytes([0x13, 1, 1, 0, 0])), "ends too early"),
        (_base32(bytes([0x15, 5])), "card-number mark is 5"),
        (_base32(bytes([0x15, 1, 1, 3, 1, 1, 0, 0, 9, 5, 0, 0, 0])), "marks a card number with 9"),
        (_base32(bytes([0x13, *[0] * 15, 0, 0xAA, 0xBB])), "after the deck's end"),
        ("A" * 5000, "a deck code has a few hundred at most"),
    ],
)
def test_a_code_that_does_not_decode_gives_one_line_saying_why(code: str, why: str) -> None:
    with pytest.raises(DeckCodeError) as raised:
        decode(code)
    assert why in str(raised.value)
    assert "\n" not in str(raised.value)


@pytest.mark.real_data
def test_every_cut_of_a_golden_code_fails_cleanly(real_data_dir: Path) -> None:
    for vector in _golden(real_data_dir):
        code = str(vector["code"])
        for end in range(len(code)):
            try:
                decode(code[:end])
            except DeckCodeError:
                continue


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET + "abc=! -", max_size=80))
def test_any_text_decodes_or_says_why_in_one_line(text: str) -> None:
    try:
        decode(text)
    except DeckCodeError as error:
        assert str(error) and "\n" not in str(error)


def test_a_card_code_a_deck_code_cannot_hold_says_so() -> None:
    with pytest.raises(DeckCodeError, match="set OPP"):
        parse_card_code("OPP-007b")
    with pytest.raises(DeckCodeError, match="not a card code"):
        parse_card_code("UNL-T04")
    with pytest.raises(DeckCodeError, match="at least one copy"):
        encode(DeckCode((CardCount("OGN-001", 0),)))
    assert parse_card_code("ogn-303s").code == "OGN-303*"


def test_a_code_is_told_from_a_list() -> None:
    from cardsdb.deck.codes import looks_like_code

    assert looks_like_code("CMAAAAAAAAAAAAAAAEAQAAAHAEAQAACZAEAQAAAEAAAAAAA")
    assert looks_like_code(" cmaaaaaaaaaaaaaaaeaqaaahaeaqaaczaeaqaaaeaaaaaaa\n")
    assert not looks_like_code("Spiderling")
    assert not looks_like_code("Caitlyn, Patrolling")
    assert not looks_like_code("3 Get Excited!")
