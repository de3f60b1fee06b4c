"""One play of a card in a position, and what resolving its choices finds: the types the play modules share."""

from __future__ import annotations

from dataclasses import dataclass, field

from cardsdb.engine.board.costs import Bill
from cardsdb.engine.choices.targeting import PlayContext
from cardsdb.engine.position.objects import Position, Runes
from cardsdb.engine.position.scenario_ask import TargetRef
from cardsdb.engine.reading.specs import CardChoices
from cardsdb.engine.verdict.answer import Check, Choice, Effect, Undecided
from cardsdb.models import Card


@dataclass(frozen=True)
class Play:
    """One way of playing a card in a position: from facedown (ctx.hidden_at) or from hand."""

    card: Card
    parsed: CardChoices
    position: Position
    ctx: PlayContext
    targets: tuple[TargetRef, ...] | None
    bill: Bill  # what the play costs before Deflect: a target's Deflect is added to it
    runes: Runes | None  # None: not listed, so taken to be ready
    optional_costs: bool = False  # the asker chose to pay the card's optional additional costs

    @property
    def blocking(self) -> bool:
        """Whether a choice that can't be made blocks the play: for a spell only (811.1.d)."""
        return not self.card.is_permanent

    def refused(self, target: str, because: str) -> str:
        if self.blocking:
            return f"{target} can't be chosen: {because}."
        return f"Its play effect can't choose {target}: {because}."


@dataclass
class Resolution:
    choices: list[Choice] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    undecided: list[Undecided] = field(default_factory=list)
    spell_deflect: int = 0  # power that Deflect adds to the card's cost, for the targets named
    effect_deflect: int = 0  # ... to a permanent's play effect (its own ability: it does not block the play)
    maybe_deflect: list[str] = field(default_factory=list)  # Deflect a named target may have: why, for each


@dataclass
class Assignment:
    taken: dict[int, list[TargetRef]] = field(default_factory=dict)  # the targets named for each choice
    short: list[tuple[int, int]] = field(default_factory=list)  # (choice, how many given) for too few given
    leftover: list[TargetRef] = field(default_factory=list)
    first_location: str | None = None
