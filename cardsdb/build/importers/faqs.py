"""FAQ articles (faqs.json) split into question-and-answer entries, with rule numbers and card names.

The articles mark questions differently:
- Origins and Spiritforged FAQs: `### Q: ...` headings, the answer runs to the next question or `## ` section;
- Unleashed rules FAQ: `## Topic` clarification sections, then after a "Frequently Asked Questions" line, questions
  as plain paragraphs ending in "?" (each after an image);
- community event rulings (GrentonTV): `### Topic` headings, and `## ` sections of bullet points.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardsdb.build.importers.ruling_entries import symbol_words
from cardsdb.errors import BuildError
from cardsdb.models import V13_RULES_DATE, V13_RULES_VERSION

OLDER_RULES = f"pre-{V13_RULES_VERSION}"
"""The rules version a FAQ dated before v1.3 cites: an older one this data does not hold."""

OFFICIAL_SOURCES = frozenset({"riftbound official", "riot games"})
_IMG = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
_TAGS = re.compile(r"<[^>]+>")
_HEADING = re.compile(r"^(#{2,4})\s+(.*?)\s*#*\s*$")
_Q_HEADING = re.compile(r"^#{2,4}\s*Q:\s*(.+)$")
_FAQ_MARKER = re.compile(r"^\s*Frequently Asked Questions\s*$", re.IGNORECASE)
_SKIP_SECTIONS = frozenset({"credits"})
PREAMBLE_MIN_CHARS = 400
_DOTTED = re.compile(r"(?<![\d.])(\d{3}(?:\.(?:\d{1,2}|[a-z]))+)(?![\d])")
_RULE_LIST = re.compile(r"\b[Rr]ules?\s+((?:\d{3}(?:\.[0-9a-z]+)*\.?(?:\s*,\s*|\s+and\s+|\s+or\s+)?)+)")
_NUMBER = re.compile(r"\d{3}(?:\.(?:\d{1,2}|[a-z]))*")


QUESTION = "question"
TOPIC = "topic"  # a heading's text (a clarification, an event's ruling on a topic): not a question


@dataclass(frozen=True)
class FaqEntry:
    id: str
    source_id: str
    source_title: str
    source: str  # official | community
    date: str | None
    url: str | None
    question: str
    answer: str
    rules: tuple[str, ...]
    rules_version: str
    kind: str = QUESTION  # or TOPIC: a section's text under its heading, shown without "Q:"


def rule_numbers(text: str) -> tuple[str, ...]:
    """Rule numbers cited in text: dotted numbers anywhere (`811.1.d.`), bare ones after "rule(s)" (`rules 323.1. and 467.`)."""
    found: list[str] = []
    for match in _DOTTED.finditer(text):
        found.append(match.group(1))
    for match in _RULE_LIST.finditer(text):
        found.extend(_NUMBER.findall(match.group(1)))
    unique: list[str] = []
    for number in found:
        number = number.rstrip(".")
        if number not in unique:
            unique.append(number)
    return tuple(unique)


# A rule quoted in a box runs into the sentence before it and its own text ("...there.323.6.(OLD) 4. If ...",
# "187.4.c.If a player ..."): a paragraph of its own, a space after its number.
_GLUED_RULE = re.compile(r"(?<=[.!?\"”)])(?=\d{3}(?:\.[0-9a-z]+)*\.[A-Z(])")
_RULE_THEN_TEXT = re.compile(r"(?m)(^|\brules? )(\d{3}(?:\.[0-9a-z]+)*\.)(?=[A-Z(])")
# A caption: a card's name alone on a line before the question about it ("Edge of Night"), no sentence.
_CAPTION_MAX_CHARS = 60


def _clean(text: str) -> str:
    text = _TAGS.sub("", _IMG.sub("", text))
    text = _RULE_THEN_TEXT.sub(r"\1\2 ", _GLUED_RULE.sub("\n\n", text))
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text)]
    return "\n\n".join(p for p in paragraphs if p and not re.fullmatch(r"#+", p))


def _is_caption(paragraph: str) -> bool:
    """A line naming what the next question is about (a card's name), not a sentence of the answer before it."""
    line = " ".join(_TAGS.sub("", _IMG.sub("", paragraph)).split())
    return (
        0 < len(line) <= _CAPTION_MAX_CHARS
        and "\n" not in paragraph.strip()
        and not line.startswith(("#", "-", "*", "["))
        and not re.search(r"[.!?:;)\]\"”]$", line)
    )


def _without_caption(lines: list[str]) -> list[str]:
    """The lines of an answer without the caption of the next question at their end (Spiritforged's FAQ names the
    card of each question on a line of its own above it: "Deathgrip", "Edge of Night")."""
    kept = list(lines)
    while kept and not _TAGS.sub("", _IMG.sub("", kept[-1])).strip():
        kept.pop()
    if kept and _is_caption(kept[-1]) and (len(kept) == 1 or not kept[-2].strip()):
        kept.pop()
    return kept


def _sub_heading(line: str) -> str | None:
    """A heading inside an answer ("### Deathgrip (revised text)"), as a line of text: "Deathgrip (revised text):"."""
    heading = _HEADING.match(line)
    return f"{heading.group(2).strip()}:" if heading else None


def _split_q_headings(lines: list[str]) -> list[tuple[str, str, str]]:
    """`### Q:` headings are the questions, each answered up to the next question or `## ` section; a heading
    within an answer (a card's revised text) is a line of it, the caption of the next question is not. A `## `
    section's own text before its first question is a topic entry when it says something (not just a card image
    and its text)."""
    entries: list[tuple[str, list[str], str]] = []
    current: tuple[str, list[str], str] | None = None
    for line in lines:
        q = _Q_HEADING.match(line)
        if q:
            if current is not None:
                current[1][:] = _without_caption(current[1])
            current = (q.group(1).strip(), [], QUESTION)
            entries.append(current)
            continue
        heading = _HEADING.match(line)
        if heading and len(heading.group(1)) == 2:
            current = (heading.group(2).strip(), [], TOPIC)
            entries.append(current)
            continue
        if current is not None:
            current[1].append(_sub_heading(line) or line)
    pairs = [(q, "\n".join(body), kind) for q, body, kind in entries]
    return [(q, a, kind) for q, a, kind in pairs if kind == QUESTION or len(_clean(a)) >= PREAMBLE_MIN_CHARS]


def _split_plain_questions(lines: list[str]) -> list[tuple[str, str, str]]:
    """Questions as short paragraphs ending in "?", each answered by the paragraphs up to the next one."""
    text = "\n".join(lines)
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", _IMG.sub("", text)) if p.strip()]
    entries: list[tuple[str, list[str]]] = []
    for p in paragraphs:
        if p.endswith("?") and len(p) < 500 and "\n" not in p:
            if entries:
                entries[-1] = (entries[-1][0], _without_caption(entries[-1][1]))
            entries.append((p, []))
        elif entries:
            entries[-1][1].append(p)
    return [(q, "\n\n".join(a), QUESTION) for q, a in entries]


def _split_sections(lines: list[str]) -> list[tuple[str, str, str]]:
    """Each heading with text under it is a topic entry; a "Frequently Asked Questions" line starts plain
    questions."""
    entries: list[tuple[str, str, str]] = []
    title: str | None = None
    body: list[str] = []

    def flush() -> None:
        if title is not None and title.casefold() not in _SKIP_SECTIONS and "\n".join(body).strip():
            entries.append((title, "\n".join(body), TOPIC))

    for index, line in enumerate(lines):
        if _FAQ_MARKER.match(line):
            flush()
            title = None
            body = []
            entries.extend(_split_plain_questions(lines[index + 1 :]))
            return entries
        heading = _HEADING.match(line)
        if heading:
            flush()
            title, body = heading.group(2).strip(), []
            continue
        body.append(line)
    flush()
    return entries


def split_entries(content: str) -> list[tuple[str, str, str]]:
    """(question or topic, answer, kind) of one FAQ article's markdown, answers cleaned of images and markup. Entries
    split at questions: a heading is a question only as `### Q:` (or a plain question after "Frequently Asked
    Questions"); a section's own text is a `topic` entry, never a question."""
    lines = content.replace("\r\n", "\n").split("\n")
    if sum(1 for line in lines if _Q_HEADING.match(line)) >= 3:
        raw = _split_q_headings(lines)
    else:
        raw = _split_sections(lines)
    entries = [(" ".join(_TAGS.sub("", q).split()), _clean(a), kind) for q, a, kind in raw]
    return [(q, a, kind) for q, a, kind in entries if q and a]


def parse_faqs(data: object, *, source: str = "faqs.json") -> list[FaqEntry]:
    if not isinstance(data, list):
        raise BuildError(f"{source}: expected a list of FAQ articles; the upstream format may have changed")
    entries: list[FaqEntry] = []
    for index, article in enumerate(data):
        if not isinstance(article, Mapping) or not isinstance(article.get("content"), str):
            raise BuildError(
                f"{source}: article {index + 1} has no 'content' text; the upstream format may have changed"
            )
        article_id = str(article.get("id") or f"faq-{index + 1}")
        published = article.get("publishedAt") or article.get("updatedAt")
        date = str(published)[:10] if published else None
        origin = str(article.get("source") or "")
        official = "official" if origin.casefold() in OFFICIAL_SOURCES else "community"
        version = V13_RULES_VERSION if date and date >= V13_RULES_DATE else OLDER_RULES
        for n, (question, answer, entry_kind) in enumerate(split_entries(article["content"]), start=1):
            entries.append(
                FaqEntry(
                    id=f"{article_id}-{n:03d}",
                    source_id=article_id,
                    source_title=str(article.get("title") or article_id),
                    source=official,
                    date=date,
                    url=str(article["originUrl"]) if article.get("originUrl") else None,
                    question=symbol_words(question),
                    answer=symbol_words(answer),
                    rules=rule_numbers(f"{question}\n{answer}"),
                    rules_version=version,
                    kind=entry_kind,
                )
            )
    return entries


def counts_by_source(entries: Sequence[FaqEntry]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for e in entries:
        counts[e.source_id] = counts.get(e.source_id, 0) + 1
    return counts


class NameMatcher:
    """Whole card names in text, longest first, case-sensitive (so "gold" in a sentence is not the card Gold).

    `aliases` maps other spellings to a card's name ("Defender of Tomorrow" -> "Jayce, Defender of Tomorrow"): a
    spelling found counts as the name.
    """

    def __init__(self, names: Sequence[str], aliases: Mapping[str, str] | None = None) -> None:
        self._names = dict(aliases or {}) | {n: n for n in names}  # a real name wins over an alias
        ordered = sorted({n for n in self._names if len(n) >= 3}, key=lambda n: (-len(n), n))
        self._pattern = (
            # a possessive ("Defender of Tomorrow's ability") still names the card
            re.compile(r"(?<![\w'])(" + "|".join(re.escape(n) for n in ordered) + r")(?!\w|'(?!s\b))")
            if ordered
            else None
        )

    def find(self, text: str) -> tuple[str, ...]:
        if self._pattern is None:
            return ()
        found: list[str] = []
        for match in self._pattern.finditer(text.replace("\u02bc", "'").replace("\u2019", "'")):
            name = self._names[match.group(1)]
            if name not in found:
                found.append(name)
        return tuple(found)
