"""The keywords table (each keyword the project knows, with its reminder text and how many cards have it) and which
card has which keyword (`card_keywords`)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from cardsdb.build.importers import text as cardtext
from cardsdb.models import Card
from cardsdb.project.keywords import KnownToken

Row = dict[str, Any]


def keyword_rows(cards: Sequence[Card], known: Sequence[KnownToken]) -> tuple[list[Row], list[Row]]:
    card_keywords: list[Row] = []
    counts: dict[str, int] = {}
    reminders: dict[str, str] = {}
    plain: dict[str, str] = {}
    for card in cards:
        values: dict[str, list[str]] = {}
        for k in card.keywords:
            values.setdefault(k.name, [])
            if k.value:
                values[k.name].append(k.value)
        for name, vals in values.items():
            card_keywords.append({"card_id": card.id, "keyword": name, "value": ", ".join(vals) or None})
            if not card.partial:  # cards known only from the seeds stay out of the data counts
                counts[name] = counts.get(name, 0) + 1
            printed = cardtext.general_reminder(card.text_raw, name)
            if printed and (name not in reminders or not vals):
                reminders.setdefault(name, printed)
                if not vals:  # the plain keyword's reminder ([Assault] rather than [Assault 3]) wins
                    plain.setdefault(name, printed)
    keywords = [
        {
            "name": t.name,
            "kind": t.kind,
            "rule": t.rule,
            "reminder": plain.get(t.name) or reminders.get(t.name) or t.meaning,
            "card_count": counts.get(t.name, 0),
            "also": json.dumps(list(t.also)),
        }
        for t in known
    ]
    return keywords, card_keywords
