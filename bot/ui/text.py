"""Text from users, made safe to echo. `echo` is the one function every answer quotes user text through (a query, a
name, a battlefield label or unit id inside the engine's sentences, a pasted deck line, an error line quoting what was
typed): it is shown as typed, never as markdown. Linear in the text, whatever it holds.

What it does, in order: drops control characters, bidi controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C)
and other invisible format characters, filler letters that only look blank (U+3164, U+2800 ...) and combining marks past
two on a letter (zalgo); turns line breaks (and line and paragraph separators) into spaces; folds runs of spaces;
shortens to `limit`; then escapes what Discord would read as markdown: `\\ * _ ~ | `` ` `` [ ] < >` (bold,
italics, strike, spoilers, code, masked links `[text](url)`, mentions, channels, timestamps, custom emoji `<...>`), the
colon of every `scheme://` (so a bare URL is not a live link), and a heading, quote or list marker at the start
(`#`, `>`, `-`, `+`, `1.`). Discord shows an escaped character without its backslash, in titles, descriptions and
fields; footers, button labels and menu options show no markdown: use `strip_unsafe` there.
"""

from __future__ import annotations

import re

import discord

from cardsdb.search.typed import visible

_FENCE = re.compile(r"`{3,}")
_ESCAPES = str.maketrans({ch: "\\" + ch for ch in "\\*_~|`[]<>"})
_SCHEME = re.compile(r":(?=//)")  # the colon of https://: escaped, a bare URL is no link
_LINE_START = frozenset("#-+")  # ">" is escaped wherever it is
_NUMBERED = re.compile(r"\d+[.)](?= )")


def strip_unsafe(text: str) -> str:
    """Drop control, bidi and invisible format characters and filler letters that only look blank; line breaks and
    tabs become spaces; a letter keeps at most two combining marks (no zalgo). `cardsdb.search.typed.visible`."""
    return visible(text)


def one_line(text: str, limit: int | None = None) -> str:
    """`strip_unsafe`, spaces folded, shortened to `limit` characters (with "…")."""
    cleaned = " ".join(strip_unsafe(text).split())
    if limit is not None and len(cleaned) > limit:
        cleaned = cleaned[: max(limit - 1, 0)].rstrip() + "…"
    return cleaned


def echo(text: str, limit: int | None = 100) -> str:
    """User text, or a sentence quoting it, ready for an embed's title, description or field: one line, nothing
    invisible, no markdown, no live link, no mention. `limit`: characters kept (None: all; the caller fits the
    embed)."""
    return escape(one_line(text, limit))


def escape(line: str) -> str:
    """Every character Discord reads as markdown in one clean line escaped (see the module docstring)."""
    out = _SCHEME.sub(r"\\:", line.translate(_ESCAPES))
    if line[:1] in _LINE_START:
        out = "\\" + out
    numbered = _NUMBERED.match(line)  # digits escape nothing: the mark after them is escaped ("1\. item")
    if numbered:
        end = numbered.end() - 1
        out = out[:end] + "\\" + out[end:]
    return discord.utils.escape_mentions(out)


def safe_line(text: str) -> str:
    """An error line the bot wrote, which may quote user text already escaped with `echo`: one line, no control or
    bidi characters, mentions escaped, no code fence left open (markdown the line itself uses, like `code` or
    **bold**, is kept)."""
    cleaned = one_line(text)
    # every run of 3 or more backticks broken up (replacing "```" once leaves one open where the run is 3n+1 or 3n+2)
    return discord.utils.escape_mentions(_FENCE.sub(lambda run: "\u200b".join(run.group()), cleaned))
