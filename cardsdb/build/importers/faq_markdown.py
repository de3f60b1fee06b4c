"""An official FAQ transcribed to markdown (`rules-2026-07/faq-vendetta-2026-08-14.md`) split into rulings.

The file:
    # Vendetta Rules FAQ and Clarifications (Riot, published 2026-08-14)
    > Source page: https://playriftbound.com/...
    > (notes on the transcription, not shown to players)
    ## 1. What happens when ...?
    Answer paragraphs, `> ` quoted card text, numbered lists.
    Relevant Rules: 359.3.f.1., 359.3.f.2.

Rule numbers come from the "Relevant Rules:" lines (taken out of the answer) and from numbers in the text; they are
numbered in the Core Rules of the FAQ's publication date. Symbols are written as the rules write them (`[M]` Might,
`[A]` power of any domain, `[E]` exhaust, `[2]` energy) and become words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cardsdb.build.importers.faqs import rule_numbers
from cardsdb.build.importers.ruling_entries import RulingEntry, rules_version_on, symbol_words
from cardsdb.errors import BuildError

_TITLE = re.compile(r"^#\s+(.+?)\s*$")
_PUBLISHED = re.compile(r"\bpublished\s+(\d{4}-\d{2}-\d{2})\b", re.IGNORECASE)
_FILE_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})")
_SOURCE_PAGE = re.compile(r"^>\s*Source page:\s*(\S+)", re.IGNORECASE)
_ANNOUNCED = re.compile(r"\b(\d+)\s+items\b")
_QUESTION = re.compile(r"^##\s+(?:(\d+)\.\s+)?(.+?)\s*$")
_RELEVANT = re.compile(r"^\s*Relevant Rules?:\s*(.+)$", re.IGNORECASE)
_LISTED_NUMBER = re.compile(r"\d{1,3}(?:\.(?:\d{1,3}|[a-z]))*")
_LIST_ITEM = re.compile(r"^(?:\d+\.|[-*])\s")


@dataclass(frozen=True)
class FaqDocument:
    id: str
    title: str
    date: str
    url: str | None
    entries: tuple[RulingEntry, ...]
    warnings: tuple[str, ...]


def _paragraphs(lines: list[str]) -> str:
    """Lines as paragraphs: blank lines separate them; list items and quoted lines keep their own line."""
    out: list[str] = []
    for line in lines:
        stripped = line.strip()
        if not stripped:
            if out and out[-1] != "":
                out.append("")
            continue
        starts_line = bool(_LIST_ITEM.match(stripped)) or stripped.startswith(">")
        if out and out[-1] != "" and not starts_line and not out[-1].startswith(">"):
            out[-1] = f"{out[-1]} {stripped}"
        else:
            out.append(stripped)
    text = "\n".join(out).strip()
    return re.sub(r"\n{2,}", "\n\n", text)


def _listed_rules(line: str) -> list[str]:
    return [n.rstrip(".") for n in _LISTED_NUMBER.findall(line)]


def _split(lines: list[str]) -> list[tuple[int | None, str, list[str]]]:
    """(printed number, question, body lines) for every `## ` heading."""
    found: list[tuple[int | None, str, list[str]]] = []
    for line in lines:
        heading = _QUESTION.match(line)
        if heading and not line.startswith("###"):
            number = int(heading.group(1)) if heading.group(1) else None
            found.append((number, heading.group(2), []))
        elif found:
            found[-1][2].append(line)
    return found


def parse_faq_markdown(text: str, *, file_name: str) -> FaqDocument:
    """The rulings of one transcribed FAQ. Raises BuildError (one line) when the file is not such a FAQ."""
    lines = text.replace("\r\n", "\n").split("\n")
    doc_id = file_name.removesuffix(".md")
    title_line = next((m.group(1) for m in map(_TITLE.match, lines) if m), None)
    if title_line is None:
        raise BuildError(f"{file_name}: no '# Title' line; the FAQ file format may have changed")
    header = lines[: next((i for i, line in enumerate(lines) if line.startswith("## ")), len(lines))]
    published = _PUBLISHED.search(title_line) or _FILE_DATE.search(file_name)
    if published is None:
        raise BuildError(
            f"{file_name}: no publication date (expected 'published YYYY-MM-DD' in the title or a date in the file name)"
        )
    date = published.group(1)
    title = re.sub(r"(?<!\s)\s*\([^()]*\)\s*$", "", title_line).strip() or doc_id
    url = next((m.group(1) for m in map(_SOURCE_PAGE.match, header) if m), None)
    version = rules_version_on(date)
    warnings: list[str] = []
    entries: list[RulingEntry] = []
    questions = _split(lines)
    if not questions:
        raise BuildError(
            f"{file_name}: no questions found (expected '## 1. Question' headings); the format may have changed"
        )
    for ordinal, (number, question, body) in enumerate(questions, start=1):
        listed: list[str] = []
        kept: list[str] = []
        for line in body:
            relevant = _RELEVANT.match(line)
            if relevant:
                listed += _listed_rules(relevant.group(1))
            else:
                kept.append(line)
        answer = symbol_words(_paragraphs(kept))
        question = symbol_words(" ".join(question.split()))
        label = number if number is not None else ordinal
        if not answer:
            warnings.append(f"{file_name}: question {label} has no answer; left out")
            continue
        rules = tuple(dict.fromkeys([*listed, *rule_numbers(f"{question}\n{answer}")]))
        entries.append(
            RulingEntry(
                id=f"{doc_id}-{label:03d}",
                question=question,
                answer=answer,
                source="official",
                source_id=doc_id,
                source_title=title,
                collection=title,
                date=date,
                url=url,
                rules=rules,
                rules_version=version,
            )
        )
    announced = next((int(m.group(1)) for m in map(_ANNOUNCED.search, header) if m), None)
    if announced is not None and announced != len(questions):
        warnings.append(f"{file_name}: announces {announced} items, holds {len(questions)} questions")
    return FaqDocument(doc_id, title, date, url, tuple(entries), tuple(warnings))
