"""Rules documents as text taken from a PDF: Core Rules v1.4 and the Tournament Rules of 2026-07-16.

One rule a line, `NUMBER. text`; the file has `<!-- PAGE n -->` markers; a rule may wrap onto the next lines, across
a page marker, even one word a line; a number may stand alone with its text on the next line; bullets are `* `;
symbols are tokens (`[A]`, `[M]`, `[Reaction]`). Lines that repeat at page breaks (running headers and footers)
and bare page numbers are dropped.

The parse is validated: numbers well formed and in order, every parent present, no page debris inside a rule.
A few numbers out of order are kept with a warning (the Tournament Rules print 601.3.c.4.b after 601.3.c.5.a);
more than that, a number twice, a missing parent or debris fails with one line (`BuildError`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from cardsdb.errors import BuildError
from cardsdb.models import TOURNAMENT_DOC
from cardsdb.rule_numbers import sort_key

# 811, 811.1, 811.1.d, 811.1.d.2, 811.1.d.2.a, 178.1.a.1.a ...: digits and single letters alternate.
WELL_FORMED = re.compile(r"^\d{3}(\.\d+(\.[a-z](\.\d+(\.[a-z](\.\d+(\.[a-z])?)?)?)?)?)?$")
_NUMBERED = re.compile(r"^(\d{3}(?:\.[0-9a-z]+)*)\.(?:\s+(.*))?$")
_LOOSE_NUMBER = re.compile(
    r"^(\d{1,4}(?:\.[0-9A-Za-z]+)+|\d{4,})\.\s"
)  # a numbered line that is not well formed
_PAGE = re.compile(r"^<!--\s*PAGE\s+(\d+)\s*-->$")
_DEBRIS = re.compile(r"<!--|-->|\bPAGE \d+\b")
_UPDATED = re.compile(r"Last Updated:?\s*(\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}/\d{4})", re.IGNORECASE)
# A cross-reference cut at a line break ("See rule" / "318. Cleanups"): the next line is not a new rule.
_CUT_REFERENCE = re.compile(r"\bsee rules?$", re.IGNORECASE)
_TITLE_PREFIX = re.compile(r"^([A-Z][^:.]{0,60}?)\s*(?:\[[^\]]*\]\s*)?:(?:\s|$)")
MAX_OUT_OF_ORDER = 3
REPEATED_AT_BREAKS = (
    3  # a line seen at this many page breaks (and at half of them) is a running header or footer
)


@dataclass
class ParsedRule:
    number: str
    kind: str  # chapter | heading | rule
    text: str
    title: str | None = None
    parent: str | None = None
    line: int = 0  # where it starts in the file, for error messages


@dataclass
class ParsedDocument:
    rules: list[ParsedRule]
    updated: str | None  # the "Last Updated" date, ISO
    warnings: list[str] = field(default_factory=list)

    def counts_by_chapter(self) -> dict[str, int]:
        """Rules per chapter ("000", "100", ... "800"), in order."""
        counts = Counter(f"{r.number[0]}00" for r in self.rules)
        return dict(sorted(counts.items()))


def clean_text(text: str) -> str:
    """PDF extraction's spacing mended: "Zone , a" -> "Zone, a", "( Standard" -> "(Standard", "[ Warning ]" ->
    "[Warning]", "non- Unit" -> "non-Unit"; a leading bullet "* " -> "• "."""
    text = " ".join(text.split())
    text = re.sub(r"(?<!\s)\s+([,.;:!?)\]])", r"\1", text)
    text = re.sub(r"([(\[])\s+", r"\1", text)
    text = re.sub(r"\b([Nn]on)-\s+(?=\w)", r"\1-", text)
    return re.sub(r"^\*\s+", "• ", text)


def heading_like(text: str) -> bool:
    """A short title with no closing punctuation ("Multiple Types", "1v1 (Duel)", "\"Can't beats Can\"")."""
    body = text.strip().strip('"“”')
    if not body or len(body.split()) > 8 or body.startswith("•"):
        return False
    if body.endswith(")"):
        return "." not in body
    return body[-1] not in ".:;,!?'\"’”"


def _title_of(number: str, text: str, doc: str) -> tuple[str, str | None]:
    kind = "heading" if heading_like(text) else "rule"
    if kind == "heading" and number.endswith("00") and "." not in number:
        kind = "chapter"
    if kind != "rule":
        return kind, text.strip('"“”') if text.startswith(('"', "“")) else text
    if doc == TOURNAMENT_DOC:
        # "Missed Trigger [No Penalty]: The accountable player ..." is titled "Missed Trigger".
        prefix = _TITLE_PREFIX.match(text)
        if prefix and len(prefix.group(1).split()) <= 6:
            return kind, prefix.group(1).strip()
    return kind, None


def parent_of(number: str, numbers: set[str]) -> str | None:
    """`811.1.d` -> `811.1`; `811` -> its chapter `800` where that exists; a chapter has none."""
    if "." in number:
        return number.rsplit(".", 1)[0]
    chapter = number[0] + "00"
    return chapter if chapter != number and chapter in numbers else None


def _at_breaks(lines: list[str]) -> set[int]:
    """Indexes of the lines next to a page marker: the first two non-blank lines before and after each."""
    found: set[int] = set()
    for i, line in enumerate(lines):
        if not _PAGE.match(line.strip()):
            continue
        for step in (-1, 1):
            j, taken = i + step, 0
            while 0 <= j < len(lines) and taken < 2 and not _PAGE.match(lines[j].strip()):
                if lines[j].strip():
                    found.add(j)
                    taken += 1
                j += step
    return found


def _running_lines(lines: list[str], at_breaks: set[int]) -> set[str]:
    """Lines of two words or more that stand at most page breaks: running headers and footers."""
    breaks = sum(1 for line in lines if _PAGE.match(line.strip()))
    counts = Counter(lines[i].strip() for i in at_breaks)
    least = max(REPEATED_AT_BREAKS, breaks // 2)
    return {
        line
        for line, count in counts.items()
        if count >= least and len(line.split()) >= 2 and not _NUMBERED.match(line)
    }


def _is_page_number(line: str, page: int) -> bool:
    """A bare page number beside a page marker ("12", "Page 12", "12 of 120")."""
    found = re.fullmatch(r"(?:page\s+)?(\d{1,3})(?:\s*(?:/|of)\s*\d{1,3})?", line, re.IGNORECASE)
    return found is not None and int(found.group(1)) in (page - 1, page, page + 1)


def parse_rules_text(text: str, *, source: str, doc: str) -> ParsedDocument:
    """The numbered rules of a rules document, in file order; BuildError with one line when the file is malformed."""
    lines = text.splitlines()
    at_breaks = _at_breaks(lines)
    running = _running_lines(lines, at_breaks)
    rules: list[ParsedRule] = []
    seen: dict[str, int] = {}
    warnings: list[str] = []
    out_of_order: list[str] = []
    updated: str | None = None
    page = 0
    pieces: list[str] = []

    def close() -> None:
        if rules:
            rules[-1].text = " ".join(pieces)

    for n, raw in enumerate(lines, start=1):
        line = raw.strip()
        marker = _PAGE.match(line)
        if marker:
            page = int(marker.group(1))
            continue
        if not line or line in running or (n - 1 in at_breaks and _is_page_number(line, page)):
            continue
        numbered = _NUMBERED.match(line)
        if numbered and _continues_reference(rules, pieces):
            numbered = None  # "See rule" + "318. Cleanups for more information."
        if numbered is None:
            if not rules:
                found = _UPDATED.search(line)
                updated = _iso(found.group(1)) if found else updated
                if _LOOSE_NUMBER.match(line):
                    raise BuildError(f"{source}: line {n}: {line.split()[0]!r} is not a rule number")
                continue  # the title lines before the first rule
            if _LOOSE_NUMBER.match(line):
                raise BuildError(f"{source}: line {n}: {line.split()[0]!r} is not a rule number")
            pieces.append(line)
            continue
        number, body = numbered.group(1), (numbered.group(2) or "").strip()
        if not WELL_FORMED.match(number):
            raise BuildError(f"{source}: line {n}: {number!r} is not a well-formed rule number")
        if number in seen:
            raise BuildError(f"{source}: rule {number} appears twice (lines {seen[number]} and {n})")
        if rules and sort_key(number) < sort_key(rules[-1].number):
            out_of_order.append(f"{number} follows {rules[-1].number} (line {n})")
        close()
        seen[number] = n
        rules.append(ParsedRule(number=number, kind="rule", text="", line=n))
        pieces = [body] if body else []
    close()
    if not rules:
        raise BuildError(f"{source}: no numbered rules found; the file's format may have changed")
    if len(out_of_order) > MAX_OUT_OF_ORDER:
        raise BuildError(
            f"{source}: {len(out_of_order)} rule numbers out of order (first: {out_of_order[0]}); "
            "the file looks garbled"
        )
    warnings += [f"{source}: rule {entry}, kept as printed" for entry in out_of_order]
    numbers = set(seen)
    for rule in rules:
        _finish(rule, numbers, source, doc)
    return ParsedDocument(rules=rules, updated=updated, warnings=warnings)


def _continues_reference(rules: list[ParsedRule], pieces: list[str]) -> bool:
    """A numbered line right after a rule that ends "See rule" is the reference's number, cut at a line break."""
    return bool(rules and pieces and _CUT_REFERENCE.search(pieces[-1]))


def _finish(rule: ParsedRule, numbers: set[str], source: str, doc: str) -> None:
    if _DEBRIS.search(rule.text):
        raise BuildError(
            f"{source}: rule {rule.number} (line {rule.line}) holds page debris: {rule.text[:60]!r}"
        )
    rule.text = clean_text(rule.text)
    if not rule.text:
        raise BuildError(f"{source}: rule {rule.number} (line {rule.line}) has no text")
    rule.parent = parent_of(rule.number, numbers)
    if "." in rule.number and rule.parent not in numbers:
        raise BuildError(f"{source}: rule {rule.number} (line {rule.line}) has no parent rule {rule.parent}")
    rule.kind, rule.title = _title_of(rule.number, rule.text, doc)


def _iso(date: str) -> str:
    if "/" not in date:
        return date
    month, day, year = (int(p) for p in date.split("/"))
    return f"{year:04d}-{month:02d}-{day:02d}"
