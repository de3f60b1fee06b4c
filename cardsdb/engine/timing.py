"""When a card may be played: as a Reaction (a hidden card from the turn after it was hidden, 811.6), or at its normal
timing from hand (811.3: Action, Reaction, or your turn in a neutral open state)."""

from __future__ import annotations

from cardsdb.engine import citations as r
from cardsdb.engine.cardtext import printed_keywords
from cardsdb.engine.position import Position
from cardsdb.engine.verdict import Check
from cardsdb.models import Card

REACTION_RULES = (r.GAINS_REACTION, r.REACTION_NOT_PUBLIC, r.V14_REACTION_TIMING, r.V14_PRIORITY)


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


def reaction_timing(position: Position) -> Check:
    """A facedown card with Hidden has Reaction from the turn after it was hidden (811.6)."""
    window = reaction_window(position)
    if window is not None:
        return Check(True, "reaction_timing", REACTION_RULES, f"It has Reaction now: {window}.")
    return Check(False, "no_reaction_timing", REACTION_RULES, f"It has Reaction, but {NO_REACTION_WINDOW}.")


def _check(ok: bool, rules: tuple[str, ...], because: str) -> Check:
    return Check(ok, "normal_timing" if ok else "not_normal_timing", rules, because)


def normal_timing(card: Card, position: Position) -> Check:
    """Played from hand, at its normal timing (811.3)."""
    keywords = printed_keywords(card)
    mine = position.turn_player == "me"
    if "reaction" in keywords:
        window = reaction_window(position)
        because = f"It may be played: {window}." if window else f"But {NO_REACTION_WINDOW}."
        rules = (r.PLAYED_FROM_HAND, r.V14_REACTION_TIMING, r.V14_PRIORITY)
        return _check(window is not None, rules, f"{card.name} has Reaction. {because}")
    if "action" in keywords:
        if not position.closed and (mine or position.showdown is not None):
            because = (
                f"{card.name} has Action: it may be played on your turn or in a showdown, in an open state."
            )
            return _check(True, (r.PLAYED_FROM_HAND, r.V14_ACTION_TIMING), because)
        when = "while a chain is open." if position.closed else "on your opponent's turn outside a showdown."
        because = f"{card.name} has Action but not Reaction: it can't be played {when}"
        return _check(False, (r.PLAYED_FROM_HAND, r.V14_ACTION_TIMING), because)
    ok = mine and not position.closed and position.showdown is None
    because = (
        "It is your turn, with no chain and no showdown: its normal timing."
        if ok
        else f"{card.name} has neither Action nor Reaction: it is played only on your turn with no chain open and "
        "no showdown."
    )
    return _check(ok, (r.PLAYED_FROM_HAND, r.V14_NEUTRAL_OPEN_DEFAULT), because)
