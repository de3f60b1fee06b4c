"""What changed between two versions of a rules document, matched by wording and not by number alone.

`match_rules(old, new)` pairs each rule of the older version with the same rule in the newer one:
1. the same number and the same words (spacing, case and the numbers inside "See rule N" aside);
2. the same words under another number (a renumbered rule);
3. then, best pairs first, a close wording under the same number (reworded) or a very close one under another
   number (moved, perhaps reworded too).
What is left is removed (older) or added (newer). `word_diff` marks what changed inside one rule's text.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Literal

from rapidfuzz import fuzz, process

from cardsdb.rule_numbers import sort_key

SAME_NUMBER_MINIMUM = 60.0  # a rule kept its number but was reworded at least this close (0-100)
MOVED_MINIMUM = 85.0  # a rule under another number counts as moved only this close
SAME_NUMBER_BONUS = 5.0  # between two equally close candidates, the one under the same number wins
CONTEXT_WORDS = 6  # unchanged words kept around each change in a compact diff

_EXAMPLE = re.compile(r"(?<!\s)\s+Example:.*$", re.DOTALL)
_REFERENCE = re.compile(r"\bsee rule \d{3}(?:\.[0-9a-z]+)*\.?", re.IGNORECASE)
_TOKEN = re.compile(r"\S+")

Op = Literal["same", "del", "ins"]


@dataclass(frozen=True)
class Pair:
    old: str
    new: str

    @property
    def moved(self) -> bool:
        return self.old != self.new


@dataclass(frozen=True)
class Matching:
    pairs: tuple[Pair, ...]  # in the newer version's order
    removed: tuple[str, ...]  # older numbers with no counterpart, in order
    added: tuple[str, ...]  # newer numbers with no counterpart, in order


def comparable(text: str) -> str:
    """The words of a rule as compared across versions: case, spacing and cross-reference numbers aside."""
    text = _REFERENCE.sub("see rule #", text.casefold())
    text = re.sub(r"(?<!\s)\s+([,.;:!?)\]])", r"\1", text)
    text = re.sub(r"([(\[])\s+", r"\1", text)
    return " ".join(text.replace("•", "*").split())


def without_examples(text: str) -> str:
    """A rule's text without its examples: the seeds quote the current rules without them."""
    return _EXAMPLE.sub("", text)


def same_words(old: str, new: str) -> bool:
    return comparable(old) == comparable(new)


def match_rules(old: Mapping[str, str], new: Mapping[str, str]) -> Matching:
    """Pair the rules of two versions (number -> text, in document order)."""
    old_key = {n: comparable(t) for n, t in old.items()}
    new_key = {n: comparable(t) for n, t in new.items()}
    paired: dict[str, str] = {n: n for n in old if n in new and old_key[n] == new_key[n]}
    taken = set(paired.values())

    # The same words under another number; where several rules say the same, in document order.
    by_words: dict[str, list[str]] = defaultdict(list)
    for n in new:
        if n not in taken:
            by_words[new_key[n]].append(n)
    for n in old:
        if n in paired:
            continue
        candidates = by_words.get(old_key[n])
        if candidates:
            paired[n] = candidates.pop(0)
            taken.add(paired[n])

    left_old = [n for n in old if n not in paired]
    left_new = [n for n in new if n not in taken]
    if left_old and left_new:
        # process.extract, not cdist: cdist returns a numpy matrix, and numpy is not a dependency of this project.
        new_keys = [new_key[n] for n in left_new]
        candidates_found: list[tuple[float, str, str]] = []
        for a in left_old:
            for _, score, j in process.extract(
                old_key[a], new_keys, scorer=fuzz.ratio, score_cutoff=SAME_NUMBER_MINIMUM, limit=None
            ):
                b = left_new[j]
                if a == b:
                    candidates_found.append((score + SAME_NUMBER_BONUS, a, b))
                elif score >= MOVED_MINIMUM:
                    candidates_found.append((score, a, b))
        candidates_found.sort(key=lambda c: (-c[0], sort_key(c[1])))
        for _, a, b in candidates_found:
            if a in paired or b in taken:
                continue
            paired[a] = b
            taken.add(b)

    order = {n: i for i, n in enumerate(new)}
    pairs = tuple(sorted((Pair(a, b) for a, b in paired.items()), key=lambda p: order[p.new]))
    return Matching(
        pairs=pairs,
        removed=tuple(n for n in old if n not in paired),
        added=tuple(n for n in new if n not in taken),
    )


@dataclass(frozen=True)
class Piece:
    op: Op
    text: str


def word_diff(old: str, new: str, *, context: int | None = CONTEXT_WORDS) -> list[Piece]:
    """The words of `new` against `old`: unchanged runs, deleted and inserted words. With `context`, an unchanged run
    longer than twice that keeps only `context` words each side of a change, "…" between."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    pieces: list[Piece] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            pieces.append(Piece("same", " ".join(a[i1:i2])))
            continue
        if tag in ("delete", "replace"):
            pieces.append(Piece("del", " ".join(a[i1:i2])))
        if tag in ("insert", "replace"):
            pieces.append(Piece("ins", " ".join(b[j1:j2])))
    return _compact(pieces, context) if context is not None else pieces


def _compact(pieces: Sequence[Piece], context: int) -> list[Piece]:
    out: list[Piece] = []
    for i, piece in enumerate(pieces):
        words = piece.text.split()
        if piece.op != "same" or len(words) <= 2 * context:
            out.append(piece)
            continue
        first, last = i == 0, i == len(pieces) - 1
        head = [] if first else words[:context]
        tail = [] if last else words[-context:]
        text = " ".join([*head, "…", *tail]).strip()
        out.append(Piece("same", text))
    return out


def render_diff(pieces: Sequence[Piece], *, deleted: str = "[-{}-]", inserted: str = "{+{}+}") -> str:
    """The pieces as one line, deleted and inserted words put in the given frames at "{}" (the command line's
    default: `[-old-]{+new+}`, as `git diff --word-diff` writes them)."""
    parts = []
    for piece in pieces:
        if piece.op == "same":
            parts.append(piece.text)
        elif piece.op == "del":
            parts.append(deleted.replace("{}", piece.text))
        else:
            parts.append(inserted.replace("{}", piece.text))
    return " ".join(p for p in parts if p)
