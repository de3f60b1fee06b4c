"""Rulings tied to the rules they discuss, at build time: an FAQ answer or a community ruling that cites no rule
number is linked to the rule its words answer, so that `/ruling` can show the governing rule beside it.

The ruling's question and answer are ranked as a question over both rules documents (`cardsdb.search.question_rank`), in the
database just written: the first rule is linked when it is far ahead of the next. A link is the project's reading of
the words, never the source's own citation: it is stored apart from `ruling_rules` (table `ruling_links`, with the rule's version and document) and
shown as a "related rule". The links also lend a little weight to the rules when words are ranked (`LINK_EVIDENCE`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardsdb.models import Rule
from cardsdb.search.question_rank import OFF, QuestionRanker, RankedRule

LINK_TABLE = "ruling_links"
# Set on the rulings that do cite rules (riftboundfaq.com's, the seeds'), ranked as if they cited none, their rule
# numbers taken out of their words: a first rule twice the second's score, holding a fifth of the words' weight, was
# one they cite every time; at 1.5 times, 85% of the time.
LINK_LEAD = 1.4  # the first rule's score at least this many times the second's
LINK_FLOOR = 0.25  # and at least this


def link_rulings(db_path: Path) -> int:
    """Write the links of every ruling that cites no rule into the database at db_path; return how many."""
    connection = sqlite3.connect(db_path)
    connection.row_factory = sqlite3.Row
    try:

        def rows(sql: str, params: Sequence[object] = ()) -> list[Any]:
            return connection.execute(sql, params).fetchall()

        # a ruling's whole text, not words a user typed; by words alone, as the links' thresholds were set
        ranker = QuestionRanker.load(rows, bounded=False, meaning=OFF)
        links = [
            {"ruling_id": ruling.id, "rank": rank, "doc": r.doc, "version": r.version, "number": r.number}
            for ruling in ranker.rulings_list
            if not ruling.rules
            for rank, r in enumerate(
                chosen(ranker.ranked_rules(f"{ruling.question}\n{ruling.answer}", limit=2))
            )
        ]
        connection.executemany(
            f"INSERT INTO {LINK_TABLE} (ruling_id, rank, doc, version, number) "
            "VALUES (:ruling_id, :rank, :doc, :version, :number)",
            links,
        )
        connection.commit()
        return len(links)
    finally:
        connection.close()


def chosen(ranked: Sequence[RankedRule]) -> list[Rule]:
    """The rule a ruling is linked to, of those its words rank best: the first, when it is far ahead of the second
    (`LINK_LEAD`) and matches the words well enough (`LINK_FLOOR`); else none."""
    if not ranked or ranked[0].score < LINK_FLOOR:
        return []
    if len(ranked) > 1 and ranked[0].score < LINK_LEAD * ranked[1].score:
        return []
    return [ranked[0].rule]


__all__ = ["LINK_TABLE", "chosen", "link_rulings"]
