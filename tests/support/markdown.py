"""What Discord would make of text a user typed, once the bot has echoed it: the hostile labels of issue 25 and a
check that none of them renders as anything but text (a live link, a bold block, a heading, a line of its own, a
mention, text reversed by a bidi control).

The check reads text as Discord's markdown does: a character preceded by an odd number of backslashes is escaped; code
spans and blocks are not markdown. Titles, descriptions and fields render markdown; footers and author names do not,
so there only invisible characters and line breaks are looked for.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping
from typing import Any

EVIL = "evil.example"
HOSTILE_LABELS = (
    "[OFFICIAL Riot ruling: legal](https://evil.example/x)\n\n**Riot rules team:** confirmed",
    "\u202eRiot rules team\u2066 says https://evil.example/y",
    "# Riot rules team\n> quoted <https://evil.example/z> ||spoiler||",
    "-# Riot rules team __confirmed__ ~~no~~ `code` <#123456789012345678>",
    "1. Riot rules team\r\n* listed \u200f[x](<https://evil.example/w>)",
)
"""Battlefield labels and unit ids as an attacker would write them (no `@`, which labels and ids refuse)."""
MARKER = "Riot rules team"  # every hostile label holds it: where it is, the label was echoed

_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)


def shown(text: str) -> str:
    """What Discord shows of markdown text: each escaped character without its backslash."""
    return re.sub(r"\\(.)", r"\1", text)


def _escaped(text: str, at: int) -> bool:
    """Whether the character at `at` is escaped: preceded by an odd number of backslashes."""
    count = 0
    while at - count - 1 >= 0 and text[at - count - 1] == "\\":
        count += 1
    return count % 2 == 1


def _without_code(text: str) -> str:
    """Text with code spans and blocks blanked out (nothing in them is markdown), escapes honoured."""
    out = []
    last = 0
    for span in _CODE.finditer(text):
        if _escaped(text, span.start()):
            continue
        out.append(text[last : span.start()])
        last = span.end()
    out.append(text[last:])
    return "".join(out)


def live_links(text: str) -> list[str]:
    """The links Discord would make of markdown text: masked `[text](url)`, `<url>` and bare `http(s)://` URLs."""
    text = _without_code(text)
    found = []
    for match in re.finditer(r"https?://\S+", text):
        colon = match.start() + text[match.start() :].index(":")
        if not _escaped(text, colon):
            found.append(match.group())
    for match in re.finditer(r"\]\(", text):
        if not _escaped(text, match.start()):
            found.append(text[match.start() : match.start() + 60])
    return found


# The markdown the hostile labels hold, each as it would read unescaped: none may appear so in an answer.
HOSTILE_MARKUP = (
    "**Riot rules team:",
    "__confirmed__",
    "~~no~~",
    "||spoiler||",
    "`code`",
    "<#123456789012345678>",
)
# What follows a line break in a hostile label: a line that begins with it kept the user's line break.
_CONTINUED = re.compile(r"[\\*>\s]*(Riot rules team:|quoted|listed)")
_BLOCK = re.compile(r"(#{1,3}|-#|>|\*|\d+\.)\s+Riot rules team")


def problems(text: str, *, markdown: bool) -> list[str]:
    """What a hostile label would do in `text` (an embed's title, description, field; `markdown` False for a footer)."""
    found = [f"invisible character U+{ord(c):04X}" for c in sorted(set(text)) if c in _BIDI or _invisible(c)]
    lines = text.split("\n")
    found.extend(
        f"a line break from what was typed: {line[:60]!r}" for line in lines if _CONTINUED.match(line)
    )
    if not markdown:
        return found
    found.extend(f"live link {link!r}" for link in live_links(text) if EVIL in link)
    plain = _without_code(text)
    found.extend(f"markdown from what was typed: {m!r}" for m in HOSTILE_MARKUP if m in plain)
    found.extend(
        f"a heading, quote or list from what was typed: {line[:60]!r}"
        for line in plain.split("\n")
        if _BLOCK.match(line)
    )
    return found


def _invisible(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cf") and ch not in "\n\u200b\u200d"


def embed_parts(embed: Mapping[str, Any]) -> Iterator[tuple[str, str, bool]]:
    """(where, text, renders markdown) for every text of an embed as Discord sends it."""
    yield "title", str(embed.get("title") or ""), True
    yield "description", str(embed.get("description") or ""), True
    for field in embed.get("fields") or ():
        yield "field name", str(field.get("name") or ""), True
        yield "field value", str(field.get("value") or ""), True
    yield "footer", str((embed.get("footer") or {}).get("text") or ""), False
    yield "author", str((embed.get("author") or {}).get("name") or ""), False


def embed_problems(embed: Mapping[str, Any]) -> list[str]:
    return [
        f"{where}: {p}"
        for where, text, markdown in embed_parts(embed)
        for p in problems(text, markdown=markdown)
    ]
