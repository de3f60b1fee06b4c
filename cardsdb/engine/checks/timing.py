"""When a card may be played: as a Reaction (a hidden card from the turn after it was hidden, 811.6; a card with
Reaction, Quick-Draw (v1.4 819.1.d), or Ambush played to a battlefield where you control units (v1.4 822.1.b)), or at
its normal timing from hand (811.3: Action, or your turn in a neutral open state). While a chain is open (a Closed
State) only a card with Reaction may be played (v1.4 309.1.a, 358.4)."""

from __future__ import annotations

from cardsdb.engine.board.placement import places
from cardsdb.engine.position.objects import Position
from cardsdb.engine.reading.cardtext import printed_keywords
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Check
from cardsdb.engine.verdict.codes import CheckCode
from cardsdb.models import Card

REACTION_RULES = (r.GAINS_REACTION, r.REACTION_NOT_PUBLIC, r.V14_REACTION_TIMING, r.V14_PRIORITY)
CLOSED_STATE_RULES = (r.V14_CLOSED_STATE_REACTION, r.V14_TIMING_PERMISSION)


def reaction_window(position: Position) -> str | None:
    """When a Reaction may be played now, in words; None when it may not: on the opponent's turn only while a chain
    is open or a showdown is under way (outside those, only the turn player has priority)."""
    state = "a chain is open" if position.closed else "no chain is open"
    if position.turn_player == "me":
        return f"it is your turn ({state})"
    if position.closed or position.showdown:
        showdown = (
            f"a showdown is under way at {position.showdown}"
            if position.showdown
            else "no showdown is under way"
        )
        return f"on your opponent's turn, {state} and {showdown}"
    return None


NO_REACTION_WINDOW = (
    "on your opponent's turn with no chain open and no showdown there is no moment to play a Reaction: only the "
    "turn player may act then"
)


def _closed(position: Position) -> tuple[str, ...]:
    """The rules of a Closed State, cited where a chain is open: only Reactions are played then."""
    return CLOSED_STATE_RULES if position.closed else ()


def reaction_timing(position: Position) -> Check:
    """A facedown card with Hidden has Reaction from the turn after it was hidden (811.6)."""
    window = reaction_window(position)
    rules = REACTION_RULES + _closed(position)
    if window is not None:
        return Check(True, CheckCode.REACTION_TIMING, rules, f"It has Reaction now: {window}.")
    return Check(False, CheckCode.NO_REACTION_TIMING, rules, f"It has Reaction, but {NO_REACTION_WINDOW}.")


def _check(ok: bool, rules: tuple[str, ...], because: str) -> Check:
    return Check(ok, CheckCode.NORMAL_TIMING if ok else CheckCode.NOT_NORMAL_TIMING, rules, because)


def _reaction(card: Card, position: Position, how: str, rules: tuple[str, ...]) -> Check:
    window = reaction_window(position)
    because = f"It may be played: {window}." if window else f"But {NO_REACTION_WINDOW}."
    all_rules = (r.PLAYED_FROM_HAND, *rules, r.V14_REACTION_TIMING, r.V14_PRIORITY, *_closed(position))
    return _check(window is not None, all_rules, f"{card.name} {how}. {because}")


def _ambush(card: Card, position: Position, to: str | None) -> Check | None:
    """Ambush (v1.4 822.1.b): Reaction while being played to a battlefield where you control units (and the
    permission to be played there). None when it gives no Reaction here."""
    ambush = [p for p in places(card, position) if p.ok and r.V14_AMBUSH in p.rules]
    if to is not None:
        ambush = [p for p in ambush if p.location == to]
    if not ambush:
        return None
    where = " or ".join(p.location for p in ambush)
    how = f"has Ambush: it has Reaction as it is played to {where}, a battlefield where you control units"
    check = _reaction(card, position, how, (r.V14_AMBUSH,))
    return check if check.ok else None


def _action_or_default(card: Card, position: Position, keywords: frozenset[str]) -> Check:
    mine = position.turn_player == "me"
    closed_rules = _closed(position)
    if "action" in keywords:
        if not position.closed and (mine or position.showdown is not None):
            because = (
                f"{card.name} has Action: it may be played on your turn or in a showdown, in an open state."
            )
            return _check(True, (r.PLAYED_FROM_HAND, r.V14_ACTION_TIMING), because)
        when = (
            "while a chain is open: only cards with Reaction can be played then."
            if position.closed
            else "on your opponent's turn outside a showdown."
        )
        because = f"{card.name} has Action but not Reaction: it can't be played {when}"
        return _check(False, (r.PLAYED_FROM_HAND, r.V14_ACTION_TIMING, *closed_rules), because)
    ok = mine and not position.closed and position.showdown is None
    because = (
        "It is your turn, with no chain and no showdown: its normal timing."
        if ok
        else f"{card.name} has neither Action nor Reaction: it is played only on your turn with no chain open and "
        "no showdown."
    )
    return _check(ok, (r.PLAYED_FROM_HAND, r.V14_NEUTRAL_OPEN_DEFAULT, *closed_rules), because)


def normal_timing(card: Card, position: Position, to: str | None = None) -> Check:
    """Played from hand, at its normal timing (811.3); `to`: where a unit is played (Ambush depends on it)."""
    keywords = printed_keywords(card)
    if "reaction" in keywords:
        return _reaction(card, position, "has Reaction", ())
    if "quick-draw" in keywords:
        return _reaction(card, position, "has Quick-Draw, and so Reaction", (r.V14_QUICK_DRAW,))
    plain = _action_or_default(card, position, keywords)
    if plain.ok or "ambush" not in keywords or not card.is_type("Unit"):
        return plain
    ambush = _ambush(card, position, to)
    if ambush is not None:
        return ambush
    because = (
        f"{plain.because} Its Ambush gives it Reaction only as it is played to a battlefield where you control units, "
        f"and {'your base' if to.endswith('.base') else to} is not one."
        if to is not None
        else f"{plain.because} Its Ambush gives it Reaction only as it is played to a battlefield where you control "
        "units, and there is none."
    )
    return _check(False, (*plain.rules, r.V14_AMBUSH), because)
