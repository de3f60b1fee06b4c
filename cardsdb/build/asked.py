"""The questions players ask (cardsdb/project/data/asked.yaml) as rows of `asked_questions`, each tied to a rule the
build holds: a rule the rules read do not have (a newer version renumbered it) is left out with one warning naming
them, never pointed at another rule under its number."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardsdb.project.asked import ASKED_FILE, AskedRule

Row = dict[str, Any]
MISSING_SHOWN = 5  # the rules not read that the warning names


def asked_rows(
    asked: Sequence[AskedRule], rules: Iterable[Mapping[str, Any]], warnings: list[str]
) -> list[Row]:
    """One row per question, numbered in the file's order; the rules not among `rules` named in one warning."""
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
            f"{ASKED_FILE}: {len(missing)} of its rules are not in the rules read ({shown}); their questions are left out"
        )
    return rows


__all__ = ["asked_rows"]
