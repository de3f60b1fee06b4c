"""Official Core Rules patch notes (`rules-2026-07/patch-notes/*.md`): sections, each with its explanation and its
"NEW RULE:" / "CLARIFIED RULE:" statements.

The notes give no rule numbers: the build ties each statement to the changed rule it best matches by words
(`cardsdb.build.rules`). Only notes between two versions the data holds are read (`vendetta.md`: v1.3 -> v1.4).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from cardsdb.errors import BuildError
from cardsdb.search.text_rank import STOP_WORDS

_STATEMENT = re.compile(r"(?:^|-\s*)((?:NEW|CLARIFIED) RULE:\s*.+?)(?=\s*-\s*(?:NEW|CLARIFIED) RULE:|$)")
_SPLIT = re.compile(r"(?:-\s*|(?<![\s-])\s*)(?:NEW|CLARIFIED) RULE:")
MAX_TITLE = 80


@dataclass(frozen=True)
class PatchPoint:
    section: str  # "Hidden Targeting"
    statement: str  # "CLARIFIED RULE: The restriction on targets ..."
    why: str  # the section's explanation, its bullets joined


def _is_title(line: str) -> bool:
    return len(line) <= MAX_TITLE and not line.startswith(("-", "#", ">")) and line[-1] not in ".!?:"


def parse_patch_notes(text: str, *, source: str) -> list[PatchPoint]:
    """Every statement of the notes with its section; BuildError when the file holds none."""
    points: list[PatchPoint] = []
    section: str | None = None
    bullets: list[str] = []
    statements: list[str] = []

    def close() -> None:
        if section is not None:
            why = " ".join(b for b in bullets if b)
            points.extend(PatchPoint(section, s, why) for s in statements)

    for raw in text.splitlines():
        line = " ".join(raw.split())
        if not line:
            continue
        if _is_title(line):
            close()
            section, bullets, statements = line, [], []
            continue
        if section is None:
            continue  # the introduction
        body = line.removeprefix("-").strip()
        statements += [m.group(1).strip() for m in _STATEMENT.finditer(body)]
        explanation = _SPLIT.split(body, maxsplit=1)[0].strip()
        if explanation and not explanation.startswith(("NEW RULE", "CLARIFIED RULE")):
            bullets.append(explanation)
    close()
    if not points:
        raise BuildError(f"{source}: no 'NEW RULE:' or 'CLARIFIED RULE:' statements found")
    return points


# --- tying statements to the rules they explain -------------------------------------------------------

LINK_MINIMUM = 0.3  # cosine similarity (0-1) below which a statement is tied to no rule
CONTEXT_WEIGHT = 0.4  # how much a parent's words count beside the rule's own
_WORD = re.compile(r"[a-z][a-z0-9']+")
_SECTION_KIND = re.compile(r"^(?:vendetta addition|vendetta support|rules update)\s*:\s*", re.IGNORECASE)
_NAMES_A_RULE = re.compile(
    r"^(?P<name>.+?)(?<!\s)\s+(?:(?P<kind>keyword|action|state)\s+)?(?:added|aligned)\.?$", re.IGNORECASE
)
_CHAPTER_OF_KIND = {"keyword": "8", "action": "4"}
# Words a statement and a rule share without sharing a subject: the question words of every search, and the words
# of the patch notes themselves ("clarified", "added", "new rule").
_STOP = STOP_WORDS | frozenset(
    [
        "added",
        "all",
        "any",
        "clarified",
        "each",
        "made",
        "may",
        "more",
        "new",
        "other",
        "rule",
        "rules",
        "same",
        "such",
    ]
)


@dataclass(frozen=True)
class LinkCandidate:
    """A changed rule a statement may explain: its number, title (a heading's), words, and its parent's words."""

    number: str
    title: str | None
    words: str
    context: str = ""


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _terms(text: str) -> list[str]:
    words = _WORD.findall(text.casefold().replace("’", "'"))
    return [_stem(w) for w in words if w not in _STOP]


def _named_heading(statement: str, candidates: list[LinkCandidate]) -> tuple[bool, str | None]:
    """(whether the statement only names something, the heading it names): "Empower keyword added" -> 827."""
    named = _NAMES_A_RULE.match(statement)
    if named is None or len(named.group("name").split()) > 5:
        return False, None
    name = _WORD.findall(named.group("name").casefold())
    chapter = _CHAPTER_OF_KIND.get((named.group("kind") or "").casefold())
    for candidate in candidates:
        titled = candidate.title is not None and _WORD.findall(candidate.title.casefold()) == name
        if titled and (chapter is None or candidate.number.startswith(chapter)):
            return True, candidate.number
    return True, None


def link_points(points: list[PatchPoint], candidates: list[LinkCandidate]) -> dict[int, str]:
    """For each statement (by index), the changed rule it explains: a heading it names ("Flow keyword added"), else
    the rule closest in words (TF-IDF cosine, its parent's words counting less), where any is close enough. A short
    statement that names no heading ("New replacement effects added") is tied to nothing: too vague to place."""
    docs = {c.number: Counter(_terms(c.words)) for c in candidates}
    contexts = {c.number: Counter(_terms(c.context)) for c in candidates}
    frequency: Counter[str] = Counter()
    for counts in docs.values():
        frequency.update(counts.keys())
    total = max(1, len(docs))

    def weights(counts: Counter[str], scale: float = 1.0) -> dict[str, float]:
        return {
            t: scale * (1 + math.log(c)) * math.log(1 + total / (1 + frequency[t])) for t, c in counts.items()
        }

    vectors: dict[str, dict[str, float]] = {}
    for number, counts in docs.items():
        vector = weights(contexts[number], CONTEXT_WEIGHT)
        for term, weight in weights(counts).items():
            vector[term] = vector.get(term, 0.0) + weight
        vectors[number] = vector
    norms = {n: math.sqrt(sum(w * w for w in v.values())) or 1.0 for n, v in vectors.items()}
    links: dict[int, str] = {}
    for i, point in enumerate(points):
        statement = point.statement.split(":", 1)[-1].strip()
        vague, heading = _named_heading(statement, candidates)
        if heading is not None:
            links[i] = heading
        if vague:
            continue
        query = weights(Counter(_terms(f"{_SECTION_KIND.sub('', point.section)} {statement}")))
        size = math.sqrt(sum(w * w for w in query.values())) or 1.0
        best, best_score = None, 0.0
        for number, vector in vectors.items():
            score = sum(w * vector.get(t, 0.0) for t, w in query.items()) / (size * norms[number])
            if score > best_score:
                best, best_score = number, score
        if best is not None and best_score >= LINK_MINIMUM:
            links[i] = best
    return links
