"""The conditions of a play, apart from its choices and costs: a facedown card's (811.1.b, 811.6, 107.3.c-d) and a
card played from hand's (811.3)."""

from __future__ import annotations

from cardsdb.engine.board.placement import early_turn, unit_place
from cardsdb.engine.checks.timing import normal_timing, reaction_timing
from cardsdb.engine.position.objects import FacedownCard, Position, Traits
from cardsdb.engine.position.validate import zone_problem
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Check, Undecided
from cardsdb.engine.verdict.codes import CheckCode, UndecidedCode
from cardsdb.models import Card

_HIDDEN_RULES = (r.HIDDEN_DEFINITION, r.GAINS_REACTION)


def lacks_hidden(card: Card, reading: CardReading) -> bool:
    """Known not to have Hidden (a card known only partly may have it without our knowing)."""
    return not reading.has("hidden") and not card.partial


def has_hidden_check(card: Card, reading: CardReading) -> Check | Undecided:
    """Only a card with Hidden gains Reaction and may be played from facedown ignoring its base cost (811.1.b, 811.6).

    A card known only partly (from the seeds) may have Hidden without our knowing it: that is undecided, not a No.
    """
    if reading.has("hidden"):
        return Check(True, CheckCode.HAS_HIDDEN, _HIDDEN_RULES, f"{card.name} has Hidden.")
    if card.partial:
        because = (
            f"{card.name} is a newer card known only in part: whether it has Hidden is not known, and "
            "only a card with Hidden may be played from facedown this way."
        )
        return Undecided(UndecidedCode.HIDDEN_UNKNOWN, _HIDDEN_RULES, because)
    because = (
        f"{card.name} doesn't have Hidden: only a card with Hidden gains Reaction and may be played from facedown "
        "ignoring its base cost. A card put facedown by another effect follows that effect's text."
    )
    return Check(False, CheckCode.NO_HIDDEN, _HIDDEN_RULES, because)


def hidden_turn_check(
    card: Card, facedown: FacedownCard, position: Position, assumptions: list[str]
) -> Check:
    if facedown.hidden_turn is None:
        assumptions.append(
            f"No hidden_turn is given for {card.name}, so it is taken to have been hidden on an earlier turn."
        )
        because = f"{card.name} was hidden on an earlier turn (assumed: no hidden_turn given)."
        return Check(True, CheckCode.HIDDEN_BEFORE_THIS_TURN, _HIDDEN_RULES, because)
    if facedown.hidden_turn < position.turn:
        because = (
            f"{card.name} was hidden on turn {facedown.hidden_turn}, before this turn ({position.turn})."
        )
        return Check(True, CheckCode.HIDDEN_BEFORE_THIS_TURN, _HIDDEN_RULES, because)
    because = f"{card.name} was hidden this turn: it can be played only from the next turn on."
    return Check(False, CheckCode.HIDDEN_THIS_TURN, _HIDDEN_RULES, because)


def owner_check(facedown: FacedownCard) -> Check | None:
    if facedown.owner == "me":
        return None  # the pass is not listed: a card of yours is the question's premise
    because = f"The facedown card at {facedown.location} is your opponent's."
    return Check(False, CheckCode.NOT_YOUR_FACEDOWN_CARD, (r.HIDDEN_DEFINITION,), because)


def control_check(card: Card, facedown: FacedownCard, position: Position) -> Check | None:
    """Whether the card stays: a question about its owner's control (an opponent's card fails the owner check)."""
    if facedown.owner != "me":
        return None
    label = facedown.location
    bf = position.battlefield(label)
    controls = bf is not None and bf.controller == "me"
    rules = (r.FACEDOWN_ZONE_NEEDS_CONTROL, r.FACEDOWN_REMOVED_ON_LOSS, r.CLEANUP_TRASHES_FACEDOWN)
    if controls:
        return Check(
            True,
            CheckCode.STILL_CONTROLS_BATTLEFIELD,
            rules,
            f"You control {label}, so the card stays there.",
        )
    because = (
        f"You don't control {label}: the cleanup that follows the loss puts {card.name} in your trash, so there is "
        "no moment to play it."
    )
    return Check(False, CheckCode.BATTLEFIELD_LOST, rules, because)


def facedown_checks(
    card: Card, facedown: FacedownCard, position: Position, assumptions: list[str]
) -> tuple[list[Check], list[Undecided]]:
    """Every condition for playing this facedown card now, passed or failed (its choices and costs aside).

    A card without Hidden fails there, without the checks that presuppose Hidden (its turn, its Reaction)."""
    hidden = has_hidden_check(card, position.reading(card))
    owner = owner_check(facedown)
    if isinstance(hidden, Check) and not hidden.ok:
        return [hidden, *([owner] if owner else [])], []
    checks = [hidden] if isinstance(hidden, Check) else []
    undecided = [hidden] if isinstance(hidden, Undecided) else []
    turn = hidden_turn_check(card, facedown, position, assumptions)
    control = control_check(card, facedown, position)
    checks.extend(c for c in (turn, owner, control) if c is not None)
    if turn.ok:
        checks.append(reaction_timing(position))
    return checks, undecided


def _zone_check(card: Card, position: Position, zone: str, assumptions: list[str]) -> Check:
    me = position.me
    never = zone_problem(card, "hand")
    if (
        never is not None
    ):  # a legend, a battlefield, a rune, a token: never in a hand (v1.4 103.2), never assumed there
        because = f"{never.partition(':')[0]}: it is never in a hand, so it is never played from one."
        return Check(False, CheckCode.NOT_IN_HAND, (r.PLAYED_FROM_HAND, r.V14_MAIN_DECK), because)
    if zone == "hand":
        if me.hand is None:
            assumptions.append(f"Your hand is not listed, so {card.name} is taken to be in it.")
        ok = me.hand is None or any(c.name == card.name for c in me.hand)
        where = "your hand"
    elif zone == "champion_zone":
        ok = me.champion_zone is None or any(c.name == card.name for c in me.champion_zone)
        where = "your Champion Zone"
    else:
        return Check(
            False,
            CheckCode.NOT_IN_HAND,
            (r.PLAYED_FROM_HAND,),
            f"A card is played from your hand, not from {zone}.",
        )
    because = f"{card.name} is in {where}." if ok else f"{card.name} is not in {where}."
    return Check(ok, CheckCode.IN_HAND if ok else CheckCode.NOT_IN_HAND, (r.PLAYED_FROM_HAND,), because)


def destination_check(card: Card, position: Position, to: str | None) -> Check | Undecided | None:
    """Played normally, a unit goes to your base or a battlefield you control (v1.4 355.2.a), or where a card lets it
    (Ambush, v1.4 822.1.b) and no card forbids it (v1.4 054.1); a gear goes to your base."""
    if to is None or not card.is_permanent:
        return None
    if card.is_type("Gear"):
        ok = to == "me.base"
        because = f"{card.name} is a gear: played normally, it goes to your base." + (
            "" if ok else f" It can't be played to {to}."
        )
        return Check(
            ok,
            CheckCode.VALID_DESTINATION if ok else CheckCode.INVALID_DESTINATION,
            (r.PLAYED_FROM_HAND, r.GEAR_PLAYED_THERE),
            because,
        )
    place = unit_place(card, position, to)
    where = "your base" if to == "me.base" else to
    rules = (r.PLAYED_FROM_HAND, *place.rules)
    if place.ok is None:
        return Undecided(
            UndecidedCode.DESTINATION_OPEN,
            rules,
            f"Whether {card.name} may be played to {where} is open: {place.because}.",
        )
    if place.ok:
        return Check(
            True, CheckCode.VALID_DESTINATION, rules, f"{card.name} is played to {where}: {place.because}."
        )
    bf = position.battlefield(to)
    holder = "nobody" if bf is None or bf.controller is None else "your opponent"
    control = f", which you don't control ({holder} does)" if bf is not None and bf.controller != "me" else ""
    return Check(
        False,
        CheckCode.INVALID_DESTINATION,
        rules,
        f"{card.name} is played to {where}{control}: {place.because}.",
    )


def early_turn_check(card: Card, position: Position) -> Check | None:
    """ "I can't be played on your first, second, or third turns" (Ol' Poro)."""
    why = early_turn(card, position)
    if why is None:
        return None
    return Check(
        False,
        CheckCode.PLAY_FORBIDDEN,
        (r.PLAYED_FROM_HAND, r.V14_CANT_BEATS_CAN),
        f"{why[:1].upper()}{why[1:]}.",
    )


def hand_checks(
    card: Card, position: Position, zone: str, to: str | None, assumptions: list[str], traits: Traits
) -> tuple[list[Check], list[Undecided]]:
    """Played from hand for its cost, at its normal timing (811.3): where it is, when, and where it goes; `traits`:
    what the card has in hand now (its keywords, printed and given by other cards)."""
    checks = [_zone_check(card, position, zone, assumptions)]
    undecided: list[Undecided] = []
    timing = normal_timing(card, position, to, traits)
    found_all = (timing, destination_check(card, position, to), early_turn_check(card, position))
    for found in found_all:
        if isinstance(found, Check):
            checks.append(found)
        elif isinstance(found, Undecided):
            undecided.append(found)
    return checks, undecided
