"""Card symbol tokens (`:rb_energy_2:`, `:rb_rune_fury:` ...) turned into readable words or custom emoji.

The data writes symbols as tokens; the rendered text reads "2 energy", "1 Fury power" (words from
`cardsdb.build.importers.text.symbol_words`, one place for the bot and the command line). A server with its own emoji
sets `RIFTBOUND_EMOJI` (`rb_energy_2=<:e2:1234>,rb_rune_fury=<:fury:5678>`) and those tokens show as its emoji.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.store.guild_settings import SettingsError, check_emoji, normalize_token
from cardsdb.build.importers.text import counted_symbols, opening_capital, symbol_words
from cardsdb.text.domains import DOMAINS, domain_symbols, rune_token

TOKEN = re.compile(r":(rb_[a-z0-9_]+):")
# Symbols printed side by side (":rb_energy_1::rb_rune_fury:") are one cost: "1 energy + 1 Fury power".
_TOKEN_RUN = re.compile(r"(?::rb_[a-z0-9_]+:)+")

# Bracketed symbols some texts use for the same symbols: errata articles and the gallery's alt text (`[A]`, `[2]`),
# and the engine's reading of card text (`[Fury]`, `[E]`), whose phrases reach answers.
_BRACKET = re.compile(r"\[(A|S|T|E|M|\d{1,2}|" + "|".join(DOMAINS) + r")\]")
_BRACKET_TOKENS = {
    "A": "rb_rune_rainbow",
    "S": "rb_might",
    "M": "rb_might",
    "T": "rb_exhaust",
    "E": "rb_exhaust",
}
_BRACKET_TOKENS |= {domain: rune_token(domain) for domain in DOMAINS}


def token_words(name: str) -> str:
    """Readable words for one token name (without colons): rb_energy_2 -> "2 energy" (`cardsdb.build.importers.text`)."""
    return symbol_words(name)


@dataclass(frozen=True)
class Symbols:
    """How tokens are shown: custom emoji where configured, else words."""

    emoji: Mapping[str, str] = field(default_factory=dict)

    def token(self, name: str) -> str:
        return self.emoji.get(name) or token_words(name)

    def render(self, text: str) -> str:
        """Tokens (`:rb_energy_2:`) and bracketed symbols (`[A]`, `[2]`, `[Fury]`) as words or configured emoji;
        symbols side by side as one cost ("1 energy + 1 Fury power", emoji next to each other)."""
        text = _BRACKET.sub(
            lambda m: f":{_BRACKET_TOKENS.get(m.group(1)) or f'rb_energy_{m.group(1)}'}:", text
        )
        text = domain_symbols(text, self.domain)  # "Fury — Deal 2": a domain, not a payment
        return _TOKEN_RUN.sub(lambda m: opening_capital(self._run(TOKEN.findall(m.group(0))), m), text)

    def _run(self, names: list[str]) -> str:
        if all(name in self.emoji for name in names):
            return "".join(self.emoji[name] for name in names)
        return " + ".join(
            self.emoji[name] * count if name in self.emoji else symbol_words(name, count)
            for name, count in counted_symbols(names)
        )

    def domain(self, name: str) -> str:
        """A domain name, with its rune emoji in front when one is configured."""
        emoji = self.emoji.get(f"rb_rune_{name.casefold()}")
        return f"{emoji} {name}" if emoji else name


def parse_emoji_setting(value: str | None) -> dict[str, str]:
    """`rb_energy_2=<:e2:1234>,rb_might=<:might:99>` -> mapping; raises ValueError naming a bad entry. Each entry is
    checked as `/settings emoji` checks it (`bot.store.guild_settings`: one validator)."""
    mapping: dict[str, str] = {}
    for raw in (value or "").split(","):
        entry = raw.strip()
        if not entry:
            continue
        name, sep, emoji = entry.partition("=")
        if not sep:
            raise ValueError(
                f"RIFTBOUND_EMOJI entry {entry[:60]!r} should look like rb_might=<:might:123456789012345678>"
            )
        try:
            token = normalize_token(name)
            mapping[token] = check_emoji(emoji)
        except SettingsError as error:
            raise ValueError(f"RIFTBOUND_EMOJI entry {entry[:60]!r}: {error}") from None
    return mapping
