"""A deck list as players paste it, read into lines: section headings, card lines (a name or a printing code, with a
count), and what to ignore. Nothing here looks a card up (`cardsdb.deck.assemble` does).

Headings stand on their own line, in any case, with or without a colon or a count (`Main Deck (39)`, `Runes: 12`);
`Legend: Jinx, Loose Cannon` is a heading and its one card. Card lines: `3 Jinx, Rebel`, `3x Jinx, Rebel`,
`Jinx, Rebel x3`, `Jinx, Rebel` (one copy), `OGN-202`, `3 OGN-009/298`. Blank lines and lines starting with `#` or
`//` are ignored, as are list bullets. A list on one line (a Discord option can't hold line breaks) is split before
each `Heading:` and each count, and at `;` or `|`.

Bad input is one line (`DeckListError`): too long, binary data, nothing that reads as a card line.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Literal

from cardsdb.errors import BadInput

Section = Literal["legend", "champion", "main", "battlefields", "runes", "sideboard", "extra_legends"]
SECTIONS: tuple[Section, ...] = (
    "legend",
    "champion",
    "main",
    "battlefields",
    "runes",
    "sideboard",
    "extra_legends",
)

MAX_LIST_CHARS = 20_000  # a full list with long names is under 3,000 characters
# Lines with something on them; a deck of 40 + 12 + 3 + 10 + 2 cards has at most 67 lines. Each unknown name is
# matched against every card name: 150 lines of misspelt names cost about 50-70 ms of CPU on a shared machine (250
# cost 127 ms, and 150 about 95 ms while every champion's name was normalized again for each line: issue 25).
MAX_LIST_LINES = 150

HEADINGS: dict[str, Section] = {
    "legend": "legend",
    "legends": "legend",
    "champion legend": "legend",
    "champion": "champion",
    "chosen champion": "champion",
    "main deck": "main",
    "main": "main",
    "deck": "main",
    "maindeck": "main",
    "battlefields": "battlefields",
    "battlefield": "battlefields",
    "runes": "runes",
    "rune deck": "runes",
    "rune": "runes",
    "sideboard": "sideboard",
    "side": "sideboard",
    "side deck": "sideboard",
}
_HEADING_WORDS = "|".join(sorted((re.escape(h) for h in HEADINGS), key=len, reverse=True))
_HEADING_IN_LINE = re.compile(rf"(?<![\w'’])(?:{_HEADING_WORDS})\s*(?:\(\s*\d{{1,3}}\s*\)\s*)?:", re.I)
_HEADING_LINE = re.compile(
    rf"^(?P<heading>{_HEADING_WORDS})\s*"
    rf"(?:\(\s*\d{{1,3}}\s*(?:cards?\s*)?\)\s*|[-–—:]\s*\d{{1,3}}(?:\s*cards?)?\s*|\d{{1,3}}(?:\s*cards?)?\s*)?:?$",
    re.I,
)
_HEADING_WITH_CARD = re.compile(rf"^(?P<heading>{_HEADING_WORDS})\s*:\s*(?P<rest>.+)$", re.I)
_LEADING = " \t#*_~>•·-–—"  # markdown and list bullets before a line
_TRAILING = " \t*_~"
_HEADING_FIRST_WORDS = frozenset(h.split()[0] for h in HEADINGS)
_COUNT_FIRST = re.compile(r"^(?P<count>\d{1,3})(?:\s*[x×])?\s+(?P<what>\S.*)$", re.I)
_X_FIRST = re.compile(r"^[x×](?P<count>\d{1,3})\s+(?P<what>\S.*)$", re.I)
_COUNT_LAST = re.compile(r"^(?P<what>\S.*?)(?<!\s)\s+[x×]\s*(?P<count>\d{1,3})$", re.I)
_CODE = re.compile(r"^[A-Za-z]{2,4}-(?:R|SP|T)?\d{1,4}[a-z*]?(?:/\d{1,4})?$", re.I)
_ITEM_START = re.compile(r"(?<!\s)\s+(?=\d{1,3}(?:\s*[x×])?\s+\S|[x×]\d{1,3}\s+\S)", re.I)
_ITEM_END = re.compile(r"(\s[x×]\s*\d{1,3})\s+", re.I)


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ue000-\uf8ff]")
"""Control characters (line breaks and tabs aside), surrogates and private-use characters: what binary data shows."""


class DeckListError(BadInput):
    """A paste that is no deck list: one line saying why."""


@dataclass(frozen=True, slots=True)
class ListLine:
    """One card line: where it stands (`number`, 1-based; `text` as written), its section (None: before any
    heading), its count, and what it names: a card `name` or a printing `code`."""

    number: int
    text: str
    section: Section | None
    count: int
    name: str | None = None
    code: str | None = None


@dataclass(frozen=True)
class DeckList:
    lines: tuple[ListLine, ...]
    headings: tuple[Section, ...]  # the sections the list has headings for, in order
    one_line: bool = False  # written on one line and split at headings and counts


def _check_text(text: str) -> None:
    if len(text) > MAX_LIST_CHARS:
        raise DeckListError(
            f"that paste has {len(text):,} characters; a deck list has a few thousand at most (limit {MAX_LIST_CHARS:,})"
        )
    control = len(_CONTROL.findall(text))
    if "\x00" in text or control > 3 or text.count("\ufffd") > 3:
        raise DeckListError("that is not a deck list: it holds binary data, not lines of text")


def _split_one_line(text: str) -> list[str]:
    """A list written on one line, as its lines: split at `;` and `|`, before each `Heading:`, before each count."""
    pieces: list[str] = []
    for part in re.split(r"[;|]", text):
        starts = [m.start() for m in _HEADING_IN_LINE.finditer(part)]
        bounds = [0, *[s for s in starts if s > 0], len(part)]
        for start, end in itertools.pairwise(bounds):
            segment = part[start:end].strip()
            heading = _HEADING_IN_LINE.match(segment)
            if heading:
                pieces.append(segment[: heading.end()])
                segment = segment[heading.end() :]
            segment = _ITEM_END.sub(lambda m: m.group(1) + "\n", segment)
            pieces.extend(p for chunk in segment.split("\n") for p in _ITEM_START.split(chunk.strip()) if p)
    return pieces


def _card_line(number: int, text: str, section: Section | None) -> ListLine:
    what, count = text, 1
    first, last = text[0], text[-1]
    pattern = (
        _COUNT_FIRST
        if first.isdigit()
        else _X_FIRST
        if first in "xX×"
        else _COUNT_LAST
        if last.isdigit()
        else None
    )
    match = pattern.match(text) if pattern is not None else None
    if match:
        what, count = match.group("what").strip(), int(match.group("count"))
    if "-" in what and _CODE.match(what):
        return ListLine(number, text, section, count, code=what)
    return ListLine(number, text, section, count, name=" ".join(what.split()))


def _heading(cleaned: str) -> tuple[Section | None, str]:
    """(the section a heading names, else None; the card the line names besides, if any)."""
    if cleaned[0].isdigit() or cleaned.split(None, 1)[0].rstrip(":(").casefold() not in _HEADING_FIRST_WORDS:
        return None, cleaned  # cheap: most lines are card lines
    heading = _HEADING_LINE.match(cleaned)
    if heading:
        return HEADINGS[" ".join(heading.group("heading").casefold().split())], ""
    with_card = _HEADING_WITH_CARD.match(cleaned)
    if with_card:
        return HEADINGS[" ".join(with_card.group("heading").casefold().split())], with_card.group(
            "rest"
        ).strip()
    return None, cleaned


def parse(text: str) -> DeckList:
    """The list's headings and card lines; raises DeckListError for a paste that is no deck list."""
    _check_text(text)
    raw = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    one_line = "\n" not in raw
    rows = _split_one_line(raw) if one_line else raw.split("\n")
    if sum(1 for r in rows if r.strip()) > MAX_LIST_LINES:
        raise DeckListError(
            f"that paste has {sum(1 for r in rows if r.strip()):,} lines; a deck list has at most about 70 "
            f"(limit {MAX_LIST_LINES})"
        )
    lines: list[ListLine] = []
    headings: list[Section] = []
    section: Section | None = None
    for number, row in enumerate(rows, start=1):
        stripped = row.strip()
        cleaned = stripped.lstrip(_LEADING).rstrip(_TRAILING)
        if not cleaned or stripped.startswith("//"):
            continue
        named, rest = _heading(cleaned)
        if stripped.startswith("#") and (named is None or rest):
            continue  # a comment; a markdown heading (`## Main Deck`) is still a heading
        if named is not None:
            section = named
            headings.append(named)
        if rest:
            line = _card_line(number, rest, section)
            if line.count > 0:
                lines.append(line)
    if not lines:
        raise DeckListError(
            "no line of that reads as a card: write one card a line (“3 Jinx, Rebel” or “OGN-202”) under headings "
            "like “Legend:”, “Main Deck:”, “Battlefields:”, “Runes:”"
        )
    return DeckList(tuple(lines), tuple(headings), one_line)
