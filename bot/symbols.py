"""Card symbol tokens (`:rb_energy_2:`, `:rb_rune_fury:` ...) turned into readable words or custom emoji.

The data writes symbols as tokens; the rendered text reads "2 energy", "Fury power". A server with its own emoji
sets `RIFTBOUND_EMOJI` (`rb_energy_2=<:e2:1234>,rb_rune_fury=<:fury:5678>`) and those tokens show as its emoji.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

TOKEN = re.compile(r":(rb_[a-z0-9_]+):")
_EMOJI = re.compile(r"^<a?:[A-Za-z0-9_]{2,32}:\d{5,25}>$")

_WORDS = {
    "rb_might": "Might",
    "rb_exhaust": "exhaust",
    "rb_rune_rainbow": "1 power of any domain",
}

# Bracketed letters some texts (errata articles, the gallery's alt text) use for the same symbols.
_BRACKET = re.compile(r"\[(A|S|T|\d{1,2})\]")
_BRACKET_TOKENS = {"A": "rb_rune_rainbow", "S": "rb_might", "T": "rb_exhaust"}


def token_words(name: str) -> str:
    """Readable words for one token name (without colons): rb_energy_2 -> "2 energy"."""
    if name in _WORDS:
        return _WORDS[name]
    if name.startswith("rb_energy_"):
        return f"{name.removeprefix('rb_energy_')} energy"
    if name.startswith("rb_rune_"):
        return f"1 {name.removeprefix('rb_rune_').capitalize()} power"
    return name.removeprefix("rb_").replace("_", " ")


@dataclass(frozen=True)
class Symbols:
    """How tokens are shown: custom emoji where configured, else words."""

    emoji: Mapping[str, str] = field(default_factory=dict)

    def token(self, name: str) -> str:
        return self.emoji.get(name) or token_words(name)

    def render(self, text: str) -> str:
        """Tokens (`:rb_energy_2:`) and bracket letters (`[A]`, `[2]`) as words or configured emoji."""
        text = TOKEN.sub(lambda m: self.token(m.group(1)), text)
        return _BRACKET.sub(
            lambda m: self.token(_BRACKET_TOKENS.get(m.group(1)) or f"rb_energy_{m.group(1)}"), text
        )

    def domain(self, name: str) -> str:
        """A domain name, with its rune emoji in front when one is configured."""
        emoji = self.emoji.get(f"rb_rune_{name.casefold()}")
        return f"{emoji} {name}" if emoji else name


def parse_emoji_setting(value: str | None) -> dict[str, str]:
    """`rb_energy_2=<:e2:1234>,rb_might=<:might:99>` -> mapping; raises ValueError naming a bad entry."""
    mapping: dict[str, str] = {}
    for raw in (value or "").split(","):
        entry = raw.strip()
        if not entry:
            continue
        name, sep, emoji = entry.partition("=")
        name, emoji = name.strip().strip(":"), emoji.strip()
        if not sep or not name.startswith("rb_") or not _EMOJI.match(emoji):
            raise ValueError(
                f"RIFTBOUND_EMOJI entry {entry[:60]!r} should look like rb_might=<:might:123456789>"
            )
        mapping[name] = emoji
    return mapping
