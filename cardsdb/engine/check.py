"""`check(scenario, cards) -> Answer`: the one entry point; `can_hide` / `can_play_hidden` wrap it."""

from __future__ import annotations

from collections.abc import Mapping

from cardsdb.engine.cleanup import answer_cleanup
from cardsdb.engine.hide import answer_hide
from cardsdb.engine.play import answer_play, answer_play_hidden, answer_targets
from cardsdb.engine.scenario import Scenario, parse
from cardsdb.engine.verdict import Answer
from cardsdb.models import CardSource


def answer(scenario: Scenario) -> Answer:
    ask = scenario.ask
    position = scenario.position
    assumptions = list(scenario.assumptions)
    if ask.kind == "cleanup":
        return answer_cleanup(position)
    assert ask.card is not None
    if ask.card.partial:
        assumptions.append(
            f"{ask.card.name} is known only from the seed documents: its text here is partial."
        )
    if ask.kind == "hide":
        return answer_hide(ask.card, position, ask, assumptions)
    if ask.kind == "play_hidden":
        return answer_play_hidden(ask.card, position, ask, assumptions)
    if ask.kind == "play":
        return answer_play(ask.card, position, ask, assumptions)
    return answer_targets(ask.card, position, ask, assumptions)


def check(scenario: str | Mapping[str, object], cards: CardSource) -> Answer:
    """Answer a scenario (YAML/JSON text or an already-parsed mapping). Raises ScenarioError for bad input."""
    return answer(parse(scenario, cards))


def can_hide(scenario: str | Mapping[str, object], cards: CardSource) -> bool:
    return check(scenario, cards).legal is True


def can_play_hidden(scenario: str | Mapping[str, object], cards: CardSource) -> bool:
    return check(scenario, cards).legal is True
