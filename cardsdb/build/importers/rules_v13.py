"""Core Rules v1.3 (2026-03-30): the TSV (`rule_id<TAB>kind<TAB>text`) or the markdown rows it was made from.

Quirks: rows without a number continue the row before (their text is appended); a number that appears twice
keeps both texts (the second is appended to the first, on a new line). The PDF's spacing is mended as for v1.4
(`rules_text.clean_text`), so that the versions compare word for word.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from cardsdb.build.importers.rules_text import clean_text
from cardsdb.errors import BuildError

_KINDS = {"chapter": "chapter", "heading": "heading", "plain": "rule", "cont": "rule", "rule": "rule"}
NUMBER = re.compile(r"^\d{3}(?:\.[0-9a-z]+)*$")
_MD_ROW = re.compile(
    r'<div class="rule-row rule-([a-z]+)[^"]*"><div class="rule-id">([^<]*)</div><div class="rule-text">(.*?)</div></div>'
)


@dataclass
class V13Rule:
    number: str
    kind: str  # chapter | heading | rule
    text: str
    title: str | None = None
    parent: str | None = None
    duplicates: int = 0  # how many further rows carried this number
    extra: list[str] = field(default_factory=list)


def parent_of(number: str, chapters: set[str]) -> str | None:
    """`811.1.d` -> `811.1`; `811` -> its chapter `800` (if that chapter exists); a chapter has none."""
    if "." in number:
        return number.rsplit(".", 1)[0]
    chapter = number[0] + "00"
    return chapter if chapter != number and chapter in chapters else None


def _rows_from_tsv(text: str) -> list[tuple[str, str, str]]:
    rows: list[tuple[str, str, str]] = []
    lines = text.splitlines()
    if not lines or not lines[0].startswith("rule_id"):
        raise BuildError("core-rules-v1-3.tsv: the header 'rule_id<TAB>kind<TAB>text' is missing")
    for n, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        parts = line.split("\t")
        if len(parts) < 3:
            raise BuildError(f"core-rules-v1-3.tsv: line {n} does not have three tab-separated fields")
        rows.append((parts[0].strip(), parts[1].strip(), "\t".join(parts[2:]).strip()))
    return rows


def _rows_from_markdown(text: str) -> list[tuple[str, str, str]]:
    rows = []
    for kind, number, body in _MD_ROW.findall(text):
        clean = html.unescape(re.sub(r"<[^>]+>", "", body)).strip()
        rows.append((number.strip().rstrip("."), kind, clean))
    if not rows:
        raise BuildError("core-rules-v1-3.md: no rule rows found; the upstream format may have changed")
    return rows


def _assemble(rows: list[tuple[str, str, str]], source: str) -> tuple[list[V13Rule], str | None]:
    by_number: dict[str, V13Rule] = {}
    order: list[V13Rule] = []
    last: V13Rule | None = None
    updated: str | None = None
    for number, kind, text in rows:
        if not number:
            if last is None:  # the title lines before the first rule
                match = re.search(r"Last Updated:\s*(\d{4}-\d{2}-\d{2})", text)
                updated = match.group(1) if match else updated
                continue
            if text:
                last.text = f"{last.text} {text}".strip() if last.text else text
            continue
        if not NUMBER.match(number):
            raise BuildError(f"{source}: {number!r} is not a rule number")
        if kind not in _KINDS:
            raise BuildError(f"{source}: rule {number} has the unknown kind {kind!r}")
        if number in by_number:
            first = by_number[number]
            first.duplicates += 1
            first.extra.append(text)
            first.text = f"{first.text}\n{text}"
            last = first
            continue
        rule = V13Rule(number=number, kind=_KINDS[kind], text=text)
        if rule.kind in ("chapter", "heading"):
            rule.title = text
        by_number[number] = rule
        order.append(rule)
        last = rule
    chapters = {r.number for r in order if r.kind == "chapter"}
    for r in order:
        r.parent = parent_of(r.number, chapters)
        r.text = "\n".join(clean_text(line) for line in r.text.split("\n"))
        if r.title is not None:
            r.title = clean_text(r.title)
    return order, updated


def parse_tsv(text: str) -> tuple[list[V13Rule], str | None]:
    """The rules in file order and the 'Last Updated' date."""
    return _assemble(_rows_from_tsv(text), "core-rules-v1-3.tsv")


def parse_markdown(text: str) -> tuple[list[V13Rule], str | None]:
    return _assemble(_rows_from_markdown(text), "core-rules-v1-3.md")


def sort_key(number: str) -> str:
    """Zero-padded for ordering: `811.1.d.2` -> `0811.0001.00d.0002`."""
    return ".".join(part.zfill(4) if part.isdigit() else part.rjust(4, "0") for part in number.split("."))
