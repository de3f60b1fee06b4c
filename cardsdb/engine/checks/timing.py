"""When a card may be played: as a Reaction (a hidden card from the turn after it was hidden, 811.6; a card with
Reaction, Quick-Draw (v1.4 819.1.d), or Ambush played to a battlefield where you control units (v1.4 822.1.b)), or at
its normal timing from hand (811.3: Action, or your turn in a neutral open state). While a chain is open (a Closed
State) only a card with Reaction may be played (v1.4 309.1.a, 358.4)."""

from __future__ import annotations

from cardsdb.engine.board.placement import ambush_here
from cardsdb.engine.position.objects import Position, Traits
from cardsdb.engine.reading.effects import PlayRule
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Check, Undecided
from cardsdb.engine.verdict.codes import CheckCode, UndecidedCode
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


def _ambush(card: Card, position: Position, to: str | None) -> Check | Undecided | None:
    """Ambush (v1.4 822.1.b): Reaction while being played to a battlefield where you control units (and the
    permission to be played there). None when it gives no Reaction here."""
    labels = [to] if to is not None else [bf.label for bf in position.battlefields]
    found = [(label, a) for label in labels if (a := ambush_here(card, position, label, "me")) is not None]
    surely = [label for label, (ok, _) in found if ok]
    if surely:
        where = " or ".join(surely)
        how = f"has Ambush: it has Reaction as it is played to {where}, a battlefield where you control units"
        check = _reaction(card, position, how, (r.V14_AMBUSH,))
        return check if check.ok else None
    if found and reaction_window(position) is not None:
        because = f"{card.name} may have Reaction as it is played to {found[0][0]}: {found[0][1][1]}."
        return Undecided(UndecidedCode.TEXT_NOT_READ, (r.PLAYED_FROM_HAND, r.V14_AMBUSH), because)
    return None


def _action_or_default(card: Card, position: Position, action: bool | None) -> Check:
    mine = position.turn_player == "me"
    closed_rules = _closed(position)
    if action:
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


def _given(traits: Traits, keyword: str) -> str:
    """ "" for a printed keyword; " (Jax, Unmatched gives it)" for one another card gives."""
    how = traits.given(keyword)
    return (
        f" ({how.source} gives it)" if how is not None and how.source and how.source != "the position" else ""
    )


def _maybe(card: Card, position: Position, traits: Traits, plain: Check) -> Undecided | None:
    """Reaction, Quick-Draw or Action a card gives it on a condition the position does not settle, where that would
    let it be played now."""
    for keyword, words in (
        ("reaction", "Reaction"),
        ("quick-draw", "Quick-Draw, and so Reaction"),
        ("action", "Action"),
    ):
        how = next((k for k in traits.maybe if k.name == keyword), None)
        if how is None:
            continue
        allowed = (
            reaction_window(position) is not None
            if keyword != "action"
            else (not position.closed and (position.turn_player == "me" or position.showdown is not None))
        )
        if allowed:
            because = (
                f"{plain.because} But {how.source} gives it {words} if {how.condition}, which the position does not "
                "settle: then it could be played now."
            )
            return Undecided(UndecidedCode.TEXT_NOT_READ, (*plain.rules, r.V14_REACTION_TIMING), because)
    return None


def normal_timing(card: Card, position: Position, to: str | None, traits: Traits) -> Check | Undecided:
    """Played from hand, at its normal timing (811.3), with the keywords it has now (`traits`: printed and given by
    other cards); `to`: where a unit is played (Ambush depends on it)."""
    if traits.has("reaction"):
        return _reaction(card, position, f"has Reaction{_given(traits, 'reaction')}", ())
    if traits.has("quick-draw"):
        how = f"has Quick-Draw{_given(traits, 'quick-draw')}, and so Reaction"
        return _reaction(card, position, how, (r.V14_QUICK_DRAW,))
    plain = _action_or_default(card, position, traits.has("action"))
    if plain.ok:
        return plain
    ambushes = card.is_type("Unit") and (traits.has("ambush") is not False or _ambush_verb(card, position))
    ambush = _ambush(card, position, to) if ambushes else None
    if ambush is not None:
        return ambush
    maybe = _maybe(card, position, traits, plain)
    if maybe is not None:
        return maybe
    if not ambushes:
        return plain
    because = (
        f"{plain.because} Its Ambush gives it Reaction only as it is played to a battlefield where you control units, "
        f"and {'your base' if to.endswith('.base') else to} is not one."
        if to is not None
        else f"{plain.because} Its Ambush gives it Reaction only as it is played to a battlefield where you control "
        "units, and there is none."
    )
    return _check(False, (*plain.rules, r.V14_AMBUSH), because)


def _ambush_verb(card: Card, position: Position) -> bool:
    """ "I can [Ambush] to a battlefield where there are enemy units" (Rengar): Ambush's permissions as a verb."""
    return any(
        rule.kind in ("ambush_where_enemies", "ambush_where_killed")
        for rule in position.reading(card).effects(PlayRule)
        if rule.itself
    )
