"""Helpers every embed kind uses: long text over several fields or embeds, packing embeds into messages, footers."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import discord

from bot.ui import limits
from cardsdb.build.rule_diff import word_diff
from cardsdb.engine import Citation
from cardsdb.models import Rule
from cardsdb.rule_versions import cite
from cardsdb.text.domains import DOMAIN_COLOURS, domain_named

COLOR_INFO = discord.Colour(0x2B6CB0)
COLOR_YES = discord.Colour(0x2F855A)
COLOR_NO = discord.Colour(0xC53030)
COLOR_DEPENDS = discord.Colour(0xD69E2E)
COLOR_ERROR = discord.Colour(0x718096)
COLOR_SUPERSEDED = discord.Colour(0xA0AEC0)  # a ruling an erratum made out of date

# The embed colour of each colour the rules give a domain (cardsdb/text/domains.py: Fury is red).
_RULES_COLOURS = {
    "red": 0xC53030,
    "green": 0x38A169,
    "blue": 0x3182CE,
    "orange": 0xDD6B20,
    "purple": 0x805AD5,
    "yellow": 0xD69E2E,
}


def domain_color(domain: str) -> discord.Colour | None:
    """A card's embed colour for its domain ("Fury": red); None for a word that names no domain."""
    found = domain_named(domain)
    return discord.Colour(_RULES_COLOURS[DOMAIN_COLOURS[found]]) if found else None


def rule_mark(rule: Rule) -> str:
    """A rule's number as players read it: `811.6`, `133.6 (v1.4)`, `TR 702.2` (see `cardsdb.rule_versions.cite`,
    the one place that decides the mark)."""
    return cite(rule.number, rule.version, rule.doc)


def rules_list(numbers: Iterable[str], versions: Mapping[str, str] | None = None) -> str:
    """`811.1.b, 422.2` -> "rules 811.1.b, 422.2" (or "rule 811" for one); a number of an older version (in
    `versions`, or written "312.2 (v1.4)") is marked with it: "rules 811.6, 312.2 (v1.4)"."""
    items = [n for n in dict.fromkeys(numbers) if n]
    if not items:
        return ""
    versions = versions or {}
    marked = [cite(n, versions.get(n)) for n in items]
    return ("rule " if len(items) == 1 else "rules ") + ", ".join(marked)


def diff_markdown(old: str, new: str, limit: int) -> str:
    """What changed between two wordings, in Discord markdown: ~~deleted~~ and **inserted** words, unchanged runs
    shortened to a few words around each change; cut at a whole piece, never inside a marker."""
    parts: list[str] = []
    size = 0
    for piece in word_diff(old, new):
        text = discord.utils.escape_markdown(piece.text)
        part = text if piece.op == "same" else f"~~{text}~~" if piece.op == "del" else f"**{text}**"
        if size + len(part) + 2 > limit - len(limits.CUT):
            parts.append(limits.CUT)
            break
        parts.append(part)
        size += len(part) + 1
    return " ".join(parts)


def cited_list(cited: Iterable[Citation]) -> str:
    """The engine's citations as `rules_list` words, a number not from the current rules marked: "312.2 (v1.4)"."""
    cited = list(cited)
    return rules_list((c.number for c in cited), {c.number: c.version for c in cited})


def add_field(embed: discord.Embed, name: str, value: str, *, inline: bool = False) -> None:
    """A field; text longer than a field continues in further fields named "(continued)"."""
    value = value.strip()
    if not value:
        return
    pieces = limits.split_text(value, limits.FIELD_VALUE)
    for i, piece in enumerate(pieces):
        title = name if i == 0 else f"{name} (continued)"
        embed.add_field(
            name=limits.fit(title, limits.FIELD_NAME), value=piece, inline=inline and len(pieces) == 1
        )


def text_embeds(
    title: str, text: str, *, colour: discord.Colour = COLOR_INFO, url: str | None = None
) -> list[discord.Embed]:
    """An embed with `text` as its description; a longer text continues in more embeds titled "(continued)"."""
    pieces = limits.split_text(text, limits.EMBED_DESCRIPTION) or [""]
    embeds: list[discord.Embed] = []
    for i, piece in enumerate(pieces):
        name = title if i == 0 else f"{title} (continued)"
        embeds.append(
            discord.Embed(
                title=limits.fit(name, limits.EMBED_TITLE),
                description=piece or None,
                colour=colour,
                url=url if i == 0 else None,
            )
        )
    return embeds


def split_fields(embed: discord.Embed) -> list[discord.Embed]:
    """Keep at most 25 fields and 6000 characters per embed: the rest continues in copies titled "(continued)"."""
    fields = list(embed.fields)
    if len(fields) <= limits.EMBED_FIELDS and limits.embed_size(embed.to_dict()) <= limits.EMBED_TOTAL:
        return [embed]
    first = embed.copy()
    first.clear_fields()
    out = [first]
    current = first
    for field in fields:
        name, value = field.name or "", field.value or ""
        too_many = len(current.fields) >= limits.EMBED_FIELDS
        too_big = limits.embed_size(current.to_dict()) + len(name) + len(value) > limits.EMBED_TOTAL - 200
        if too_many or too_big:
            current = discord.Embed(
                title=limits.fit(f"{embed.title or ''} (continued)", limits.EMBED_TITLE), colour=embed.colour
            )
            out.append(current)
        current.add_field(name=name, value=value, inline=field.inline)
    if embed.footer.text:
        first.remove_footer()
        out[-1].set_footer(text=embed.footer.text)
    return out


def pack(embeds: Sequence[discord.Embed]) -> list[list[discord.Embed]]:
    """Group embeds into messages of at most 10 embeds and 6000 characters; the first group is the reply."""
    messages: list[list[discord.Embed]] = []
    current: list[discord.Embed] = []
    size = 0
    for embed in embeds:
        for part in split_fields(embed):
            part_size = limits.embed_size(part.to_dict())
            if current and (
                len(current) >= limits.EMBEDS_PER_MESSAGE or size + part_size > limits.EMBED_TOTAL
            ):
                messages.append(current)
                current, size = [], 0
            current.append(part)
            size += part_size
    if current:
        messages.append(current)
    return messages


def marked(cited: Iterable[Citation]) -> tuple[str, ...]:
    """The engine's citations as the "Show the cited rules" button looks them up: "312.2 (v1.4)" in its version."""
    return tuple(cite(c.number, c.version) for c in cited)
