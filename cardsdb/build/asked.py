"""The questions players ask (cardsdb/project/data/asked/) as rows of `asked_questions`, each tied to a rule the build
holds: a rule the rules read do not have (a newer version renumbered it) is left out with one warning naming them,
never pointed at another rule under its number. The same question (or nearly: `DUPLICATE_ALIKE`) asked of two rules
is counted and named in a warning: one of the two rules answers it better, and the file should say which."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardsdb.project.asked import ASKED_DIR, AskedRule
from cardsdb.search.likeness import Likeness

Row = dict[str, Any]
MISSING_SHOWN = 5  # the rules not read that the warning names
DUPLICATES_SHOWN = 5  # the questions asked of two rules that the warning names
# Two questions at least this alike (cardsdb/search/likeness.py) ask the same thing: over the asked files' pairs
# pointing at two rules, those above it differ by a light word at most ("can a tapped unit move", "can i move a tapped
# unit"); below it, pairs begin to ask different things ("what cards have quick draw", "what does quick draw do": 0.84).
DUPLICATE_ALIKE = 0.85


def asked_rows(
    asked: Sequence[AskedRule], rules: Iterable[Mapping[str, Any]], warnings: list[str]
) -> list[Row]:
    """One row per question, numbered in the files' order; the rules not among `rules` named in one warning."""
    held = {(str(r["doc"]), str(r["version"]), str(r["number"])) for r in rules}
    rows: list[Row] = []
    missing: list[str] = []
    for rule in asked:
        if (rule.doc, rule.version, rule.number) not in held:
            missing.append(rule.cited)
            continue
        rows += [
            {
                "id": len(rows) + n,
                "question": q,
                "doc": rule.doc,
                "version": rule.version,
                "number": rule.number,
            }
            for n, q in enumerate(rule.questions, 1)
        ]
    if missing:
        shown = ", ".join(missing[:MISSING_SHOWN]) + (", ..." if len(missing) > MISSING_SHOWN else "")
        warnings.append(
            f"{ASKED_DIR}/: {len(missing)} of its rules are not in the rules read ({shown}); their questions are left out"
        )
    return rows


def asked_of_two_rules(asked: Sequence[AskedRule]) -> list[tuple[str, str, str, str]]:
    """Each pair of questions, the same or nearly (`DUPLICATE_ALIKE`), asked of two different rules: (question, rule,
    question, rule), in the files' order."""
    cited = [(q, rule.cited) for rule in asked for q in rule.questions]
    likeness = Likeness(q for q, _ in cited)
    return [
        (*cited[i], *cited[j])
        for i, j, _ in likeness.alike_pairs(DUPLICATE_ALIKE)
        if cited[i][1] != cited[j][1]
    ]


def duplicates_warning(pairs: Sequence[tuple[str, str, str, str]]) -> str | None:
    """One warning counting the questions asked of two rules and naming the first few; None when there are none."""
    if not pairs:
        return None
    shown = "; ".join(
        f"{a!r} ({rule_a}) and {b!r} ({rule_b})" for a, rule_a, b, rule_b in pairs[:DUPLICATES_SHOWN]
    )
    more = ", ..." if len(pairs) > DUPLICATES_SHOWN else ""
    return f"{ASKED_DIR}/: {len(pairs)} pairs of questions ask the same thing of two different rules: {shown}{more}"


__all__ = ["DUPLICATE_ALIKE", "asked_of_two_rules", "asked_rows", "duplicates_warning"]
