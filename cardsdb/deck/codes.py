"""Deck codes in the format of Piltover Archive's RiftboundDeckCodes (versions 1 to 6), read and written here.

A code is the base32 (RFC 4648 alphabet, no padding) of a byte string: the first byte is the format (1) in its high
nibble and the version in its low one; integers are varints, little-endian groups of seven bits with the high bit set
on every byte but the last. A card is a set byte (`SET_IDS`), a variant byte (`VARIANTS`) and its number, which from
v4 on may carry a flag byte (0 a plain number, 1 a rune `R01`, 2 a special `SP1`).

- v1-v4: the main deck as a walk over the counts 12 down to 1 (the sideboard 3 down to 1, from v2), each count with
  its groups of cards of one set and variant; v3 adds the chosen champion (a presence byte, then the card); v4 always
  flags card numbers.
- v5: "sparse" sections: only the counts that occur, high to low, so one card may have any number of copies
  (Spiderling); a deck-level byte says whether card numbers are flagged (only decks with a rune or an SP card are).
- v6: v5, then the extra legends: their number, then each card in the order written (the golden vectors of
  `deckcodes/golden-v6.json` show the block; the published reference implementation stops at v5).

`decode` raises `DeckCodeError` with one line saying why a code does not decode: not base32, an unknown format or
version, an unknown set or variant, or a code that ends too early.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cardsdb.errors import BadInput

FORMAT = 1
NEWEST_VERSION = 6
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
MAX_CODE_CHARS = 4000  # a 60-card deck is about 150 characters; anything this long is not a deck code

SET_IDS: dict[str, int] = {"OGN": 0, "OGS": 1, "ARC": 2, "SFD": 3, "UNL": 4, "VEN": 5, "RAD": 6}
SETS_BY_ID = {number: name for name, number in SET_IDS.items()}
VARIANTS: dict[str, int] = {"": 0, "a": 1, "*": 2, "s": 2, "b": 3}
VARIANT_LETTERS = {0: "", 1: "a", 2: "*", 3: "b"}  # a signed card is written `*`, as the card data writes it

_PLAIN, _RUNE, _SPECIAL = 0, 1, 2
_FIXED_MAIN_COUNTS, _FIXED_SIDEBOARD_COUNTS = 12, 3  # the count walks of v1-v4
_CARD_CODE = re.compile(r"^([A-Z]{2,4})-(R|SP)?(\d{1,4})([a-z*]?)$", re.IGNORECASE)


class DeckCodeError(BadInput):
    """A deck code that does not decode, or a deck that can't be written as one: one line saying why."""


@dataclass(frozen=True)
class CardCount:
    code: str  # "OGN-202", "VEN-R01", "VEN-SP1", "OGN-303*"
    count: int


@dataclass(frozen=True)
class DeckCode:
    """A deck as a code holds it: one flat main list (legend, chosen champion, main deck, battlefields and runes
    alike), the sideboard, the chosen champion (one of the main list's copies) and the extra legends (v6)."""

    main: tuple[CardCount, ...]
    sideboard: tuple[CardCount, ...] = ()
    champion: str | None = None
    extra_legends: tuple[str, ...] = ()
    version: int = field(default=0, compare=False)  # the version a decoded code was written in; 0 when built


@dataclass(frozen=True)
class CardId:
    """A card code in parts: set, number with its prefix (`R`, `SP` or none), variant letter."""

    set_name: str
    prefix: str
    number: int
    variant: str

    @property
    def code(self) -> str:
        width = 2 if self.prefix == "R" else 0 if self.prefix == "SP" else 3
        return f"{self.set_name}-{self.prefix}{self.number:0{width}d}{self.variant}"

    @property
    def flag(self) -> int:
        return _RUNE if self.prefix == "R" else _SPECIAL if self.prefix == "SP" else _PLAIN


def parse_card_code(code: str) -> CardId:
    """`OGN-202`, `ogn-202a`, `VEN-R01`, `VEN-SP1`, `OGN-303s` in parts; raises DeckCodeError for anything else,
    or a set or variant a deck code can't hold."""
    match = _CARD_CODE.match(code.strip())
    if not match:
        raise DeckCodeError(f"{code!r} is not a card code like OGN-202 or VEN-R01")
    set_name, prefix, number, variant = match.groups()
    set_name, prefix, variant = set_name.upper(), (prefix or "").upper(), variant.lower()
    if set_name not in SET_IDS:
        raise DeckCodeError(f"{code}: a deck code can't hold set {set_name} (it holds {', '.join(SET_IDS)})")
    if variant not in VARIANTS:
        raise DeckCodeError(f"{code}: a deck code can't hold the variant {variant!r} (only a, s or *, b)")
    return CardId(set_name, prefix, int(number), VARIANT_LETTERS[VARIANTS[variant]])


# ---- bytes ---------------------------------------------------------------------------------------------------


def _base32(data: bytes) -> str:
    """RFC 4648 base32 without padding: the reference's output, character for character."""
    return base64.b32encode(data).decode("ascii").rstrip("=")


def _unbase32(text: str) -> bytes:
    bits, value, out = 0, 0, bytearray()
    for char in text:
        index = ALPHABET.find(char.upper())
        if index < 0:
            raise DeckCodeError(f"not a deck code: {char!r} is not a base32 letter or digit (A-Z, 2-7)")
        value = ((value << 5) | index) & 0xFFFF
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append((value >> bits) & 0xFF)
    return bytes(out)


def varint(value: int) -> bytes:
    if value < 0:
        raise DeckCodeError(f"a count or number can't be negative ({value})")
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


class _Reader:
    """Bytes read front to back; running out is the one way a truncated code shows."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise DeckCodeError("the deck code ends too early (it is cut short or damaged)")
        self.at += 1
        return self.data[self.at - 1]

    def varint(self) -> int:
        value = 0
        for shift in range(0, 35, 7):
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
        raise DeckCodeError("the deck code holds a number too large to be a count or a card (it is damaged)")

    def left(self) -> int:
        return len(self.data) - self.at


# ---- decoding ------------------------------------------------------------------------------------------------


def _card(reader: _Reader, set_id: int, variant: int, flagged: bool) -> str:
    set_name = SETS_BY_ID.get(set_id)
    if set_name is None:
        raise DeckCodeError(f"the deck code names set number {set_id}, which no known set has")
    if variant not in VARIANT_LETTERS:
        raise DeckCodeError(f"the deck code names variant number {variant}, which no variant has")
    flag = reader.byte() if flagged else _PLAIN
    if flag not in (_PLAIN, _RUNE, _SPECIAL):
        raise DeckCodeError(
            f"the deck code marks a card number with {flag}, which no card has (it is damaged)"
        )
    prefix = {_PLAIN: "", _RUNE: "R", _SPECIAL: "SP"}[flag]
    return CardId(set_name, prefix, reader.varint(), VARIANT_LETTERS[variant]).code


def _groups(reader: _Reader, count: int, flagged: bool) -> list[CardCount]:
    cards = []
    for _ in range(reader.varint()):
        size, set_id, variant = reader.varint(), reader.byte(), reader.byte()
        if size > reader.left():
            raise DeckCodeError("the deck code ends too early (it is cut short or damaged)")
        cards += [CardCount(_card(reader, set_id, variant, flagged), count) for _ in range(size)]
    return cards


def _walk_section(reader: _Reader, highest: int, flagged: bool) -> tuple[CardCount, ...]:
    cards: list[CardCount] = []
    for count in range(highest, 0, -1):
        cards += _groups(reader, count, flagged)
    return tuple(cards)


def _sparse_section(reader: _Reader, flagged: bool) -> tuple[CardCount, ...]:
    cards: list[CardCount] = []
    for _ in range(reader.varint()):
        count = reader.varint()
        if count < 1:
            raise DeckCodeError("the deck code lists a card with no copies (it is damaged)")
        cards += _groups(reader, count, flagged)
    return tuple(cards)


def _header(reader: _Reader) -> tuple[int, bool]:
    first = reader.byte()
    form, version = first >> 4, first & 0x0F
    if form != FORMAT:
        # a code of another game, or a few letters typed by hand: its first byte marks another format
        raise DeckCodeError(
            "that is not a Riftbound deck code; copy the whole code again from the deck builder"
        )
    if not 1 <= version <= NEWEST_VERSION:
        raise DeckCodeError(
            f"the deck code is version {version}; this checker reads versions 1 to {NEWEST_VERSION}"
        )
    if version >= 5:
        prefix = reader.byte()
        if prefix > 1:
            raise DeckCodeError(f"the deck code's card-number mark is {prefix}, which no version uses")
        return version, prefix == 1
    return version, version >= 4


def decode(code: str) -> DeckCode:
    """The deck a code holds; raises DeckCodeError (one line) when it does not decode."""
    text = "".join(code.split()).rstrip("=")
    if not text:
        raise DeckCodeError("give a deck code")
    if len(text) > MAX_CODE_CHARS:
        raise DeckCodeError(f"that is {len(text):,} characters long; a deck code has a few hundred at most")
    reader = _Reader(_unbase32(text))
    version, flagged = _header(reader)
    if version >= 5:
        main, sideboard = _sparse_section(reader, flagged), _sparse_section(reader, flagged)
    else:
        main = _walk_section(reader, _FIXED_MAIN_COUNTS, flagged)
        sideboard = _walk_section(reader, _FIXED_SIDEBOARD_COUNTS, flagged) if version >= 2 else ()
    champion = None
    if version >= 3 and reader.byte() == 1:
        set_id, variant = reader.byte(), reader.byte()
        champion = _card(reader, set_id, variant, flagged)
    extra: list[str] = []
    if version >= 6:
        for _ in range(reader.varint()):
            set_id, variant = reader.byte(), reader.byte()
            extra.append(_card(reader, set_id, variant, flagged))
    if reader.left():
        raise DeckCodeError(f"the deck code has {reader.left()} byte(s) after the deck's end (it is damaged)")
    return DeckCode(main, sideboard, champion, tuple(extra), version)


# ---- encoding ------------------------------------------------------------------------------------------------


def _number_key(card: CardId) -> tuple[int, int]:
    # The reference sorts a group's numbers with a numeric locale compare: plain numbers, then R.., then SP..
    return ({"": 0, "R": 1, "SP": 2}[card.prefix], card.number)


def _number(card: CardId, flagged: bool) -> bytes:
    return (bytes([card.flag]) if flagged else b"") + varint(card.number)


def _write_groups(cards: Sequence[CardId], flagged: bool) -> bytes:
    groups: dict[tuple[int, int], list[CardId]] = {}
    for card in cards:
        groups.setdefault((SET_IDS[card.set_name], VARIANTS[card.variant]), []).append(card)
    out = bytearray(varint(len(groups)))
    for (set_id, variant), members in sorted(groups.items()):
        out += varint(len(members)) + bytes([set_id, variant])
        for card in sorted(members, key=_number_key):
            out += _number(card, flagged)
    return bytes(out)


def _by_count(cards: Iterable[tuple[CardId, int]]) -> dict[int, list[CardId]]:
    counts: dict[int, list[CardId]] = {}
    for card, count in cards:
        counts.setdefault(count, []).append(card)
    return counts


def _walk_bytes(cards: Sequence[tuple[CardId, int]], highest: int, flagged: bool) -> bytes:
    counts = _by_count(cards)
    return b"".join(_write_groups(counts.get(n, []), flagged) for n in range(highest, 0, -1))


def _sparse_bytes(cards: Sequence[tuple[CardId, int]], flagged: bool) -> bytes:
    counts = _by_count(cards)
    out = bytearray(varint(len(counts)))
    for count in sorted(counts, reverse=True):
        out += varint(count) + _write_groups(counts[count], flagged)
    return bytes(out)


def _parsed(cards: Iterable[CardCount]) -> list[tuple[CardId, int]]:
    out = []
    for card in cards:
        if card.count < 1:
            raise DeckCodeError(f"{card.code}: a deck code holds only cards with at least one copy")
        out.append((parse_card_code(card.code), card.count))
    return out


def encode(deck: DeckCode) -> str:
    """The code of a deck, in the oldest version that can hold it (v3 unless runes, SP cards, more copies than the
    count walks allow, or extra legends need v4, v5 or v6), byte for byte as the reference writes it."""
    main, sideboard = _parsed(deck.main), _parsed(deck.sideboard)
    champion = parse_card_code(deck.champion) if deck.champion else None
    extra = [parse_card_code(code) for code in deck.extra_legends]
    every = [c for c, _ in main] + [c for c, _ in sideboard] + ([champion] if champion else []) + extra
    runes = any(c.prefix == "R" for c in every)
    special = any(c.prefix == "SP" for c in every)
    high = any(n > _FIXED_MAIN_COUNTS for _, n in main) or any(
        n > _FIXED_SIDEBOARD_COUNTS for _, n in sideboard
    )
    version = 6 if extra else 5 if (high or special) else 4 if runes else 3
    flagged = runes or special if version >= 5 else version >= 4
    out = bytearray([FORMAT << 4 | version])
    if version >= 5:
        out += bytes([int(flagged)]) + _sparse_bytes(main, flagged) + _sparse_bytes(sideboard, flagged)
    else:
        out += _walk_bytes(main, _FIXED_MAIN_COUNTS, flagged)
        out += _walk_bytes(sideboard, _FIXED_SIDEBOARD_COUNTS, flagged)
    if champion is None:
        out.append(0)
    else:
        out += bytes([1, SET_IDS[champion.set_name], VARIANTS[champion.variant]]) + _number(champion, flagged)
    if version >= 6:
        out += varint(len(extra))
        for card in extra:
            out += bytes([SET_IDS[card.set_name], VARIANTS[card.variant]]) + _number(card, flagged)
    return _base32(bytes(out))


def looks_like_code(text: str) -> bool:
    """Whether text is written like a deck code, not like a deck list: one word of base32 letters and digits, at
    least 16 long, starting with C (the first byte of every code is 0x11 to 0x16: format 1, versions 1 to 6)."""
    word = text.strip().rstrip("=")
    return len(word) >= 16 and word[0] in "Cc" and all(c.upper() in ALPHABET for c in word)
