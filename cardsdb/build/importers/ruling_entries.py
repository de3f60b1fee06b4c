"""What the newer ruling importers (the Vendetta FAQ transcription, riftboundfaq.com) share: the entry they produce,
the rules version a ruling's numbers belong to, and costs written as words.

A ruling cites rule numbers of the Core Rules of its day: the version is recorded with the numbers, so that a number
is never read in a meaning it no longer has.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardsdb.models import CURRENT_RULES_VERSION, V13_RULES_DATE, V13_RULES_VERSION
from cardsdb.rule_numbers import normalize_version

V14_RULES_VERSION = "v1.4"
V14_RULES_DATE = "2026-07-16"
OLDER_RULES = f"pre-{V13_RULES_VERSION}"


@dataclass(frozen=True)
class RulingEntry:
    """One question and its answer, as players read it (no markup), with where it comes from."""

    id: str
    question: str
    answer: str
    source: str  # official | community
    source_id: str  # the document or page: "faq-vendetta-2026-08-14", "riftboundfaq/cards/temporal-breach"
    source_title: str
    collection: str  # what the build report counts it under: the FAQ's title, or the site
    date: str | None
    url: str | None
    rules: tuple[str, ...]
    rules_version: str
    cards: tuple[str, ...] = ()  # cards the source names as cards (a card page's own card, <Card> components)
    credit: str | None = None  # the attribution a licence asks for, shown with the ruling


def rules_version_on(date: str) -> str:
    """The Core Rules version in force on an ISO date: the version a document of that day numbers its rules by."""
    if date >= CURRENT_RULES_VERSION:
        return CURRENT_RULES_VERSION
    if date >= V14_RULES_DATE:
        return V14_RULES_VERSION
    if date >= V13_RULES_DATE:
        return V13_RULES_VERSION
    return OLDER_RULES


def rules_version_named(text: str) -> str:
    """A version as a source writes it ("1.4", "v1.4") in the form the rules table uses (`v1.4`; v1.3 is `1.3`);
    "1.5" is the current rules (`2026-10-09`, cardsdb/rule_versions.py, Core Rules v1.5 says why)."""
    bare = text.strip().lower().removeprefix("v").strip()
    if bare == V13_RULES_VERSION:
        return V13_RULES_VERSION
    if normalize_version(bare) == CURRENT_RULES_VERSION:
        return CURRENT_RULES_VERSION
    return f"v{bare}"


def version_label(version: str) -> str:
    """ "v1.4" for `v1.4` and for `1.3` (shown as v1.3); a date version stays a date."""
    return version if version.startswith(("v", "pre-")) or "-" in version else f"v{version}"


def cost_phrase(energy: int | None, powers: Sequence[str | None]) -> str:
    """A cost in words: (2, ["Order", "Order"]) -> "2 energy + 2 Order power"; None in powers is any domain."""
    parts = [f"{energy} energy"] if energy is not None else []
    for domain, count in Counter(powers).items():
        parts.append(f"{count} {domain} power" if domain else f"{count} power of any domain")
    return " + ".join(parts)


# A run of symbol tokens: energy digits, [A] any power, [C] a power of the card's domain, [M] Might, [E] exhaust. A
# token followed by a letter is an editor's bracket ("[T]hen"), not a symbol.
_SYMBOL_RUN = re.compile(r"(?:\[(?:\d{1,2}|A|C|M|E)\])+(?![A-Za-z])")
_SYMBOL = re.compile(r"\[(\d{1,2}|A|C|M|E)\]")
_ENERGY_WORD_AFTER = re.compile(r"\[(\d{1,2})\](?=\s+Energy\b)")


def symbol_words(text: str) -> str:
    """`-3 [M]` -> "-3 Might"; `[2][A][A]` -> "2 energy + 2 power of any domain"; `[1][C]` -> "1 energy + 1 power of
    the card's domain"; `[1] Energy` -> "1 Energy"."""
    text = _ENERGY_WORD_AFTER.sub(r"\1", text)

    def run(match: re.Match[str]) -> str:
        energy = None
        powers: list[str | None] = []
        own = 0
        words: list[str] = []
        for token in _SYMBOL.findall(match.group(0)):
            if token.isdigit():
                energy = (energy or 0) + int(token)
            elif token == "A":
                powers.append(None)
            elif token == "C":
                own += 1
            else:
                words.append("Might" if token == "M" else "exhaust")
        cost = cost_phrase(energy, powers)
        domain = f"{own} power of the card's domain" if own else ""
        phrase = " + ".join(p for p in (cost, domain, *words) if p)
        starts_line = match.start() == 0 or match.string[match.start() - 1] == "\n"
        return phrase[:1].upper() + phrase[1:] if starts_line else phrase

    return _SYMBOL_RUN.sub(run, text)
