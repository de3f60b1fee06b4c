"""Text from users, made safe to echo: control and bidi characters removed, markdown and mentions escaped."""

from __future__ import annotations

import re
import unicodedata

import discord

# Bidi embeddings, overrides and isolates, which can make echoed text read backwards.
_FENCE = re.compile(r"`{3,}")
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def strip_unsafe(text: str) -> str:
    """Drop control characters (newlines and tabs become spaces) and bidi controls."""
    out: list[str] = []
    for ch in text:
        if ch in "\n\t\r":
            out.append(" ")
        elif ch in _BIDI or (unicodedata.category(ch) in ("Cc", "Cf") and ch not in "\u200d"):
            continue
        else:
            out.append(ch)
    return "".join(out)


def echo(text: str, limit: int = 100) -> str:
    """User text ready to quote in a reply: cleaned, shortened, markdown and mentions escaped."""
    cleaned = " ".join(strip_unsafe(text).split())
    if len(cleaned) > limit:
        cleaned = cleaned[: limit - 1].rstrip() + "…"
    return discord.utils.escape_mentions(discord.utils.escape_markdown(cleaned))


def safe_line(text: str) -> str:
    """An error line that may quote user text: one line, no control or bidi characters, mentions escaped, no code
    fence left open (markdown the line itself uses, like `code` or **bold**, is kept)."""
    cleaned = " ".join(strip_unsafe(text).split())
    # every run of 3 or more backticks broken up (replacing "```" once leaves one open where the run is 3n+1 or 3n+2)
    return discord.utils.escape_mentions(_FENCE.sub(lambda run: "\u200b".join(run.group()), cleaned))
