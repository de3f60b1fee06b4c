"""Scenario codes: a scenario mapping packed into one short, versioned, copyable line (see docs/scenario-codes.md).

`encode(scenario)` -> ``rb1.<base64url>``; `decode(code)` -> the same mapping; `is_code(text)` tells a code from YAML text.
Each version has a decoder in a registry so that codes made by an older bot keep replaying after the format moves on.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import zlib
from collections.abc import Callable, Mapping
from typing import Any

from cardsdb.engine.position.bounds import load_json
from cardsdb.engine.position.validate import ScenarioError
from cardsdb.errors import ScenarioCodeError

__all__ = [
    "CURRENT_VERSION",
    "MAX_CODE_CHARS",
    "MAX_DECOMPRESSED_BYTES",
    "ScenarioCodeError",
    "canonical_json",
    "decode",
    "encode",
    "is_code",
    "register_decoder",
    "retire_version",
    "supported_versions",
    "unregister_decoder",
]

CURRENT_VERSION = 1
MAX_CODE_CHARS = 4000
"""Longest code `encode` makes: fits an embed description (4,096) and a slash command option (6,000)."""
MAX_DECOMPRESSED_BYTES = 20_000
"""Largest scenario a code may unpack to, so that a crafted code cannot inflate into a zip bomb."""
_MAX_INPUT_CHARS = 8000  # longer text is refused before any decoding work

_CODE = re.compile(r"rb(\d{1,4})\.([A-Za-z0-9_-]*)=*")
_WHITESPACE = re.compile(r"\s+")

Decoder = Callable[[str], dict[str, Any]]
"""Turns the body of a code (the text after ``rbN.``) into a scenario mapping, or raises ScenarioCodeError."""

_DECODERS: dict[int, Decoder] = {}
_RETIRED: dict[int, str] = {}

# Part of the v1 format, never to be edited: a preset DEFLATE dictionary of the keys and values that most scenarios
# repeat, so that even a small position compresses well. A different dictionary needs a new version.
_V1_ZDICT = (
    b'"turn_player":"me","state":"closed","state":"open","showdown":null,"chain":[],'
    b'"champion_zone":[],"trash":[],"legend":"runes":{"energy":"power":["any"],"order","fury","calm","mind","body","chaos",'
    b'"base":{"gear":[],"units":[],"hand":[],"opp":{"me":{"battlefields":{"controller":"opp","controller":"me",'
    b'"controller":null,"facedown":[{"card":"hidden_turn":"owner":"me","id":"might":"from":"hand","from":"champion_zone",'
    b'"pay":"rune","pay":"energy","targets":["cleanup":true,"play_hidden":"play":"hide":"ask":{"at":"turn":'
)


def _v1_checksum(data: bytes) -> bytes:
    return (zlib.crc32(data) & 0xFFFFFFFF).to_bytes(4, "big")


def canonical_json(scenario: Mapping[str, Any]) -> str:
    """The JSON text of a scenario: keys in their order (battlefields keep theirs), no spaces, UTF-8 kept.

    Raises ScenarioCodeError for non-JSON data.
    """
    if not isinstance(scenario, Mapping):
        raise ScenarioCodeError(
            f"cannot make a scenario code: a scenario is a mapping, not {_kind(scenario)}"
        )
    _check_jsonable(scenario, "scenario")
    return json.dumps(scenario, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def _check_jsonable(value: object, where: str) -> None:
    if value is None or isinstance(value, bool | int | str):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ScenarioCodeError(
                f"cannot make a scenario code: {where} is {value}, which JSON cannot hold"
            )
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise ScenarioCodeError(
                    f"cannot make a scenario code: the key {key!r} in {where} is not text (quote it in the YAML)"
                )
            _check_jsonable(item, f"{where}.{key}")
        return
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _check_jsonable(item, f"{where}[{index}]")
        return
    raise ScenarioCodeError(f"cannot make a scenario code: {where} is {_kind(value)}, which JSON cannot hold")


def _kind(value: object) -> str:
    return "a list" if isinstance(value, list | tuple) else f"a {type(value).__name__}"


def encode(scenario: Mapping[str, Any]) -> str:
    """The current-version code of a scenario. The same mapping (key order aside) always gives the same code."""
    text = canonical_json(scenario).encode("utf-8")
    if len(text) > MAX_DECOMPRESSED_BYTES:
        raise ScenarioCodeError(
            f"cannot make a scenario code: the scenario is {len(text):,} bytes as JSON, "
            f"more than the {MAX_DECOMPRESSED_BYTES:,} a code may hold"
        )
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9, zlib.Z_DEFAULT_STRATEGY, _V1_ZDICT)
    packed = packer.compress(text) + packer.flush()
    body = base64.urlsafe_b64encode(_v1_checksum(packed) + packed).rstrip(b"=").decode("ascii")
    code = f"rb{CURRENT_VERSION}.{body}"
    if len(code) > MAX_CODE_CHARS:
        raise ScenarioCodeError(
            f"cannot make a scenario code: it would be {len(code):,} characters, more than the "
            f"{MAX_CODE_CHARS:,} Discord can show; shorten the scenario"
        )
    return code


def _clean(text: str) -> str:
    # Codes get pasted with surrounding backticks, line breaks from wrapping, or the "=" padding base64 tools add.
    return _WHITESPACE.sub("", text).strip("`")


def is_code(text: str) -> bool:
    """True when `text` looks like a scenario code (of any version) rather than YAML scenario text."""
    if len(text) > _MAX_INPUT_CHARS:
        return False
    return _CODE.fullmatch(_clean(text)) is not None


def decode(code: str) -> dict[str, Any]:
    """The scenario a code holds. Raises ScenarioCodeError with one line saying why it cannot be read."""
    if len(code) > _MAX_INPUT_CHARS:
        raise ScenarioCodeError(
            f"this is not a scenario code: it is {len(code):,} characters long, and codes are at most {MAX_CODE_CHARS:,}"
        )
    match = _CODE.fullmatch(_clean(code))
    if match is None:
        raise ScenarioCodeError(
            "this is not a scenario code: a code is rb1. followed by letters, digits, - and _ (copy it whole from a /hidden answer)"
        )
    version = int(match.group(1))
    decoder = _DECODERS.get(version)
    if decoder is None:
        raise ScenarioCodeError(_unreadable_version(version))
    scenario = decoder(match.group(2))
    if not isinstance(scenario, dict):
        raise ScenarioCodeError(f"this scenario code holds {_kind(scenario)}, not a scenario mapping")
    return scenario


def _unreadable_version(version: int) -> str:
    reads = _versions_phrase()
    if version in _RETIRED:
        return f"this code was made in format v{version}, which this bot no longer reads ({_RETIRED[version]}); this bot reads {reads}"
    if _DECODERS and version > max(_DECODERS):
        return f"this code was made by a newer version (v{version}); this bot reads {reads}"
    return f"this code's format (v{version}) is not one this bot knows; this bot reads {reads}"


def _versions_phrase() -> str:
    versions = supported_versions()
    if not versions:
        return "no scenario codes"
    return ", ".join(f"v{v}" for v in versions)


def supported_versions() -> tuple[int, ...]:
    """The code versions `decode` reads, oldest first."""
    return tuple(sorted(_DECODERS))


def register_decoder(version: int) -> Callable[[Decoder], Decoder]:
    """Decorator: `decoder` reads codes that start with ``rb<version>.``. A version is registered once."""

    def add(decoder: Decoder) -> Decoder:
        if version in _DECODERS:
            raise ValueError(f"a decoder for scenario code v{version} is already registered")
        _DECODERS[version] = decoder
        _RETIRED.pop(version, None)
        return decoder

    return add


def unregister_decoder(version: int) -> None:
    """Forget a version's decoder (for tests, and before `retire_version`)."""
    _DECODERS.pop(version, None)


def retire_version(version: int, reason: str) -> None:
    """Stop reading a version, and say why when such a code is pasted."""
    _DECODERS.pop(version, None)
    _RETIRED[version] = reason


def _damaged(why: str) -> ScenarioCodeError:
    return ScenarioCodeError(f"this scenario code is damaged ({why}); copy it again in full")


def _unpack_json(data: bytes) -> dict[str, Any]:
    """The JSON object of a code's unpacked bytes: shared by versions whose payload is canonical JSON."""
    try:
        value = load_json(data.decode("utf-8"))  # refuses deep nesting and long numbers first (bounds.py)
    except ScenarioError:
        raise
    except (UnicodeDecodeError, ValueError):
        raise _damaged("its contents are not JSON") from None
    if not isinstance(value, dict):
        raise ScenarioCodeError(f"this scenario code holds {_kind(value)}, not a scenario mapping")
    return value


def _inflate_capped(packed: bytes, zdict: bytes) -> bytes:
    unpacker = zlib.decompressobj(-15, zdict=zdict)
    try:
        data = unpacker.decompress(packed, MAX_DECOMPRESSED_BYTES + 1)
    except zlib.error:
        raise _damaged("it does not unpack") from None
    if len(data) > MAX_DECOMPRESSED_BYTES or unpacker.unconsumed_tail:
        raise ScenarioCodeError(
            f"this scenario code unpacks to more than {MAX_DECOMPRESSED_BYTES:,} bytes; refused as too large"
        )
    if not unpacker.eof or unpacker.unused_data:
        raise _damaged("it is cut short or has extra data")
    return data


@register_decoder(1)
def _decode_v1(body: str) -> dict[str, Any]:
    """v1: base64url (no padding) of CRC-32 (4 bytes, big-endian) of the payload, then the payload: raw DEFLATE
    (with the v1 preset dictionary) of the scenario's canonical JSON."""
    if len(body) % 4 == 1:
        raise _damaged("its length is impossible")
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise _damaged("it is not base64") from None
    if len(raw) < 5:
        raise _damaged("it is too short")
    checksum, packed = raw[:4], raw[4:]
    if _v1_checksum(packed) != checksum:
        raise _damaged("checksum mismatch")
    return _unpack_json(_inflate_capped(packed, _V1_ZDICT))
