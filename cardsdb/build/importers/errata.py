"""Errata articles (errata.json): `## Card Name` (or a plain line) then `#### [NEW TEXT]` and `#### [OLD TEXT]`.

`split_errata` also reads the articles as the official pages print them (`[NEW TEXT]`, `▲`, `[OLD TEXT]` without
heading marks), which `errata_pages` reads from markdown files. Every errata importer yields `ErratumEntry`s, with
texts in the articles' symbols (`[A]`, `[C]`, `[M]`, `[1]`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from cardsdb.errors import BuildError

_NEW = re.compile(r"^(?:#{1,6}\s*)?\[NEW TEXT\]\s*$", re.IGNORECASE)
_OLD = re.compile(r"^(?:#{1,6}\s*)?\[OLD TEXT\]\s*$", re.IGNORECASE)
_BARE = re.compile(
    r"^#*\s*(?:\u25b2\s*)?$"
)  # an empty heading, or the ▲ the official pages print between the texts
_HEADING = re.compile(r"^#{1,3}\s+\S")


@dataclass(frozen=True)
class ErratumEntry:
    id: str
    card_name: str
    new_text: str
    old_text: str | None
    source_id: str
    source_title: str
    date: str | None
    url: str | None


def _paragraphs(lines: list[str]) -> str:
    kept = [line.rstrip() for line in lines if not _BARE.match(line)]
    text = "\n".join(kept).strip()
    return re.sub(r"\n\s*\n+", "\n", text)


def split_errata(content: str) -> list[tuple[str, str, str | None]]:
    """(card name, new text, old text) for each card of one article."""
    lines = content.replace("\r\n", "\n").split("\n")
    starts = [i for i, line in enumerate(lines) if _NEW.match(line)]
    names: list[tuple[int, str]] = []
    for i in starts:
        j = i - 1
        while j >= 0 and (not lines[j].strip() or _BARE.match(lines[j])):
            j -= 1
        names.append((j, lines[j].lstrip("#").strip() if j >= 0 else ""))
    found: list[tuple[str, str, str | None]] = []
    for k, i in enumerate(starts):
        end = names[k + 1][0] if k + 1 < len(starts) else len(lines)
        block = lines[i + 1 : end]
        old_at = next((n for n, line in enumerate(block) if _OLD.match(line)), None)
        new_lines = block if old_at is None else block[:old_at]
        old_lines = [] if old_at is None else block[old_at + 1 :]
        cut = next((n for n, line in enumerate(old_lines) if _HEADING.match(line)), None)
        if cut is not None:
            old_lines = old_lines[:cut]
        cut = next((n for n, line in enumerate(new_lines) if _HEADING.match(line)), None)
        if cut is not None:
            new_lines = new_lines[:cut]
        name = names[k][1]
        if name:
            found.append((name, _paragraphs(new_lines), _paragraphs(old_lines) or None))
    return found


def article_key(url: str | None) -> str | None:
    """An errata article's key, the same on every mirror of its page: the last part of its URL's path
    (`https://playriftbound.com/en-us/news/announcements/vendetta-errata-updates/` -> `vendetta-errata-updates`)."""
    if not url:
        return None
    parts = [p for p in url.split("?", 1)[0].split("#", 1)[0].split("/") if p]
    return parts[-1].casefold() if len(parts) > 2 else None


def parse_errata(data: object, *, source: str = "errata.json") -> list[ErratumEntry]:
    if not isinstance(data, list):
        raise BuildError(
            f"{source}: expected a list of errata articles; the upstream format may have changed"
        )
    entries: list[ErratumEntry] = []
    for index, article in enumerate(data):
        if not isinstance(article, Mapping) or not isinstance(article.get("content"), str):
            raise BuildError(
                f"{source}: article {index + 1} has no 'content' text; the upstream format may have changed"
            )
        article_id = str(article.get("id") or f"errata-{index + 1}")
        published = article.get("publishedAt") or article.get("updatedAt")
        for n, (name, new, old) in enumerate(split_errata(article["content"]), start=1):
            entries.append(
                ErratumEntry(
                    id=f"{article_id}-{n:03d}",
                    card_name=name,
                    new_text=new,
                    old_text=old,
                    source_id=article_id,
                    source_title=str(article.get("title") or article_id),
                    date=str(published)[:10] if published else None,
                    url=str(article["originUrl"]) if article.get("originUrl") else None,
                )
            )
    return entries
