"""The vocabulary every layer shares (cardsdb/models.py): the verdict word of an answer, decided in one place."""

from __future__ import annotations

from cardsdb.models import verdict_of


def test_the_verdict_word_of_legal_not_legal_and_undecided() -> None:
    assert [verdict_of(True), verdict_of(False), verdict_of(None)] == ["Yes", "No", "Depends"]
