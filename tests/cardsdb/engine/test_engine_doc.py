"""docs/engine.md's coverage figures are the command's own output (`python -m cardsdb engine-coverage --totals`):
generated, not typed, so that they cannot go stale."""

from __future__ import annotations

import pytest

from cardsdb.engine.coverage import coverage, render_text
from cardsdb.query import CardsDB
from tests.support.paths import ROOT


@pytest.mark.real_data
def test_the_engine_doc_gives_the_coverage_the_command_prints(real_cards: CardsDB) -> None:
    cards = [c for n in real_cards.names.names if (c := real_cards.get_card(n)) is not None]
    report = coverage((card, real_cards.reading(card)) for card in cards)
    totals = render_text(report, cards=False).splitlines()[:3]
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    assert "```\n" + "\n".join(totals) + "\n```" in doc, "regenerate the figures: " + " | ".join(totals)
