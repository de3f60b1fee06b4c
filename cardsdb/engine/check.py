"""`check(scenario, cards) -> Answer`: the one entry point; `can_hide` / `can_play_hidden` wrap it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from cardsdb.engine.board.characteristics import settle
from cardsdb.engine.checks.cleanup import answer_cleanup
from cardsdb.engine.checks.hide import answer_hide, never_hidden
from cardsdb.engine.checks.play import answer_from_facedown, answer_from_hand
from cardsdb.engine.position.objects import Position
from cardsdb.engine.position.scenario import Scenario, parse
from cardsdb.engine.position.scenario_ask import Ask
from cardsdb.engine.position.source import CardSource
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Answer, AskKind, Undecided
from cardsdb.engine.verdict.codes import UndecidedCode
from cardsdb.models import Card

Handler = Callable[[Card, Position, Ask, list[str]], Answer]


def _targets(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> Answer:
    """The checks of play_hidden (or of play from hand), plus the choices: the same answer, asked as targets."""
    answer = answer_from_facedown if ask.from_facedown else answer_from_hand
    return answer(card, position, ask, assumptions)


HANDLERS: dict[AskKind, Handler] = {
    "hide": answer_hide,
    "play_hidden": answer_from_facedown,
    "play": answer_from_hand,
    "targets": _targets,
}
"""What answers each question about a card (the cleanup asks about no card)."""


def answer(scenario: Scenario) -> Answer:
    ask = scenario.ask
    position = settle(scenario.position)  # what every card on the board has now, decided once
    ask = _settled_targets(ask, scenario.position, position)
    if ask.kind == "cleanup" or ask.card is None:
        return answer_cleanup(position)
    if ask.kind == "hide" or ask.from_facedown:
        never = never_hidden(ask.card, ask)
        if never is not None:
            return never
    assumptions = list(scenario.assumptions)
    if ask.card.partial:
        assumptions.append(
            f"{ask.card.name} is a newer card known only in part: its text here may be incomplete."
        )
    found = HANDLERS[ask.kind](ask.card, position, ask, assumptions)
    return type_in_doubt(found, ask.card) if ask.card.type_doubt else found


def _settled_targets(ask: Ask, before: Position, after: Position) -> Ask:
    """The targets the ask names, as the settled position holds them (with what they have now)."""
    if not ask.targets or after is before:
        return ask
    now = {id(old): new for old, new in zip(before.objects, after.objects, strict=True)}
    targets = tuple(
        replace(t, obj=now.get(id(t.obj), t.obj)) if t.obj is not None else t for t in ask.targets
    )
    return replace(ask, targets=targets)


def type_in_doubt(answer: Answer, card: Card) -> Answer:
    """A card whose type the sources give wrongly or not at all: whether and how it is played, hidden or chosen
    depends on its type (133.4.a.2 of v1.4: units and gear are permanents, spells are not), so nothing is decided."""
    because = (
        f"{card.name}'s type is in doubt. {card.type_doubt} How a card is played depends on its type, so nothing "
        "is decided on it until its type is known."
    )
    doubt = Undecided(UndecidedCode.TYPE_UNKNOWN, (r.V14_PERMANENT_TYPES,), because, decisive=True)
    return replace(answer, undecided_items=(doubt, *answer.undecided_items))


def check(scenario: str | Mapping[str, object], cards: CardSource) -> Answer:
    """Answer a scenario (YAML/JSON text or an already-parsed mapping). Raises ScenarioError for bad input."""
    return answer(parse(scenario, cards))


def can_hide(scenario: str | Mapping[str, object], cards: CardSource) -> bool:
    return check(scenario, cards).legal is True


def can_play_hidden(scenario: str | Mapping[str, object], cards: CardSource) -> bool:
    return check(scenario, cards).legal is True
