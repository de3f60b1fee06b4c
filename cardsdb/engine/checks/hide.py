"""May this card be hidden here now? Every condition of 811.1.b, each a check with its rule numbers."""

from __future__ import annotations

from dataclasses import dataclass

from cardsdb.engine.position.objects import Position, facedown_capacity
from cardsdb.engine.position.scenario_ask import Ask
from cardsdb.engine.position.validate import zone_problem
from cardsdb.engine.reading.effects import HideGrant
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Answer, Check, Effect, Undecided
from cardsdb.engine.verdict.codes import CheckCode, EffectCode, UndecidedCode
from cardsdb.models import Card

_ZONE_RULES: tuple[str, ...] = (r.HIDDEN_DEFINITION,)
_CHAMPION_ZONE_RULES: tuple[str, ...] = (r.HIDDEN_DEFINITION, r.V14_CHAMPION_ZONE, r.V14_CHOSEN_CHAMPION)


def _found_zone(card: Card, position: Position, assumptions: list[str]) -> tuple[str | None, str]:
    """Where the card is when the ask does not say: (its zone, or None and why it can't be hidden from there)."""
    me = position.me
    if me.hand is not None and any(c.name == card.name for c in me.hand):
        return "hand", ""
    if any(c.name == card.name for c in me.champion_zone or ()):
        return "champion_zone", ""
    if any(c.name == card.name for c in me.trash):
        return None, f"{card.name} is in your trash: a card is hidden from your hand or your Champion Zone."
    if any(o.card.name == card.name and o.controller == "me" for o in position.objects):
        return None, f"{card.name} is on the board: a card is hidden from your hand or your Champion Zone."
    if me.hand is None:
        assumptions.append(f"Your hand is not listed, so {card.name} is taken to be in it.")
        return "hand", " (assumed: your hand is not listed)"
    return None, f"{card.name} is not in your hand or your Champion Zone."


def _in(card: Card, cards: tuple[Card, ...] | None) -> bool | None:
    return None if cards is None else any(c.name == card.name for c in cards)


def _zone_check(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> Check:
    """From your hand or your Champion Zone (811.1.b); only a champion unit is in the Champion Zone."""
    zone, note = (ask.from_, "") if ask.from_ is not None else _found_zone(card, position, assumptions)
    rules = _ZONE_RULES
    if zone == "hand":
        ok = _in(card, position.me.hand) is not False
        because = f"{card.name} is in your hand{note}." if ok else f"{card.name} is not in your hand."
    elif zone == "champion_zone":
        ok, because = _champion_zone(card, position, assumptions)
        rules = _CHAMPION_ZONE_RULES if zone_problem(card, "champion_zone") else rules
    else:
        ok = False
        because = (
            note
            or f"A card is hidden from your hand or your Champion Zone, not from {str(zone).replace('_', ' ')}."
        )
    return Check(ok, CheckCode.IN_HAND_OR_CHAMPION_ZONE if ok else CheckCode.WRONG_ZONE, rules, because)


def _champion_zone(card: Card, position: Position, assumptions: list[str]) -> tuple[bool, str]:
    problem = zone_problem(card, "champion_zone")
    if problem is not None:
        return False, f"{problem}."
    listed = _in(card, position.me.champion_zone)
    if listed is None:
        assumptions.append(f"Your Champion Zone is not listed, so {card.name} is taken to be in it.")
        return True, f"{card.name} is in your Champion Zone (assumed: it is not listed)."
    return listed, f"{card.name} is {'' if listed else 'not '}in your Champion Zone."


@dataclass(frozen=True)
class HideGrants:
    """Other ways to pay for hiding that your cards grant: Swift Scout's energy, Guerilla Warfare's "ignoring
    costs" (a spell played this turn)."""

    energy: int | None = None
    free: bool = False
    sources: tuple[str, ...] = ()


def hide_grants(cards: tuple[Card, ...], position: Position) -> HideGrants:
    energies = [
        (card.name, g.energy) for card in cards for g in position.reading(card).effects(HideGrant) if g.energy
    ]
    free = [card.name for card in cards if any(g.free for g in position.reading(card).effects(HideGrant))]
    return HideGrants(
        energy=min((e for _, e in energies if e is not None), default=None),
        free=bool(free),
        sources=tuple(dict.fromkeys([*(name for name, _ in energies), *free])),
    )


def _payment(position: Position, ask: Ask, assumptions: list[str]) -> tuple[bool, str]:
    me = position.me
    granting = tuple(c for c in (me.legend, *me.played_this_turn) if c is not None) + tuple(
        o.card for o in position.objects if o.controller == "me"
    )
    grants = hide_grants(granting, position)
    runes = me.runes
    if ask.pay == "none":
        if grants.free:
            return True, f"You may hide ignoring costs this turn ({', '.join(grants.sources)})."
        return False, "Nothing lets you hide ignoring costs: hiding costs one power of any domain."
    if ask.pay == "energy":
        if grants.energy is None:
            return (
                False,
                "Nothing lets you pay energy to hide (Swift Scout does): hiding costs one power of any domain.",
            )
        if runes is None:
            assumptions.append("Your runes are not listed, so the energy to hide is taken to be ready.")
            return (
                True,
                f"{', '.join(grants.sources)} lets you pay {grants.energy} energy instead (assumed ready).",
            )
        if runes.energy >= grants.energy:
            return (
                True,
                f"{', '.join(grants.sources)} lets you pay {grants.energy} energy instead, and you have it.",
            )
        return False, f"Paying with energy needs {grants.energy} energy; you have {runes.energy}."
    if runes is None:
        assumptions.append("Your runes are not listed, so one power of any domain is taken to be ready.")
        return True, "You pay one power of any domain (assumed ready: your runes are not listed)."
    if runes.power:
        return True, "You pay one power of any domain."
    if grants.free:
        return (
            True,
            f"You have no power ready, but you may hide ignoring costs ({', '.join(grants.sources)}).",
        )
    if grants.energy is not None and runes.energy >= grants.energy:
        return (
            True,
            f"You have no power ready, but {', '.join(grants.sources)} lets you pay {grants.energy} energy instead, "
            "and you have it.",
        )
    return False, "Hiding costs one power of any domain, and you have none ready."


def _timing(position: Position) -> list[Check]:
    """Your turn, an open state, no showdown: hiding is a Discretionary Action (422.2; v1.4 410.1.a)."""
    mine, closed, showdown = position.turn_player == "me", position.closed, position.showdown
    return [
        Check(
            mine,
            CheckCode.YOUR_TURN if mine else CheckCode.NOT_YOUR_TURN,
            (r.HIDDEN_DEFINITION, r.HIDE_IS_DISCRETIONARY),
            "It is your turn." if mine else "It is not your turn: you hide cards only on your own turn.",
        ),
        Check(
            not closed,
            CheckCode.OPEN_STATE if not closed else CheckCode.CHAIN_OPEN,
            (r.HIDDEN_DEFINITION, r.HIDE_IS_DISCRETIONARY, r.V14_CLOSED_STATE),
            "A chain is open (a closed state): hiding needs an open state."
            if closed
            else "No chain is open (an open state).",
        ),
        Check(
            showdown is None,
            CheckCode.NO_SHOWDOWN if showdown is None else CheckCode.IN_SHOWDOWN,
            (r.HIDE_ACTION, r.HIDE_IS_DISCRETIONARY, r.V14_DISCRETIONARY_NEUTRAL_OPEN, r.V14_SHOWDOWN_STATE),
            "No showdown is under way."
            if showdown is None
            else f"A showdown is under way at {showdown}: hiding is a Discretionary Action, not allowed in a showdown.",
        ),
    ]


def _battlefield(position: Position, label: str) -> list[Check]:
    """A battlefield you control (107.3.c) whose facedown zone has room (107.3.b; Bandle Tree: v1.4 107.3.b.1)."""
    bf = position.battlefield(label)
    controls = bf is not None and bf.controller == "me"
    holder = "nobody" if bf is None or bf.controller is None else "your opponent"
    capacity = facedown_capacity(
        position.reading(bf.card) if bf is not None and bf.card is not None else None
    )
    there = len(bf.facedown) if bf else 0
    free = there < capacity
    rules: tuple[str, ...] = (r.HIDDEN_DEFINITION, r.FACEDOWN_ZONE_ONE_CARD)
    rules += (r.V14_FACEDOWN_LIMIT_CAN_CHANGE,) if capacity > 1 else ()
    limit = (
        "one facedown card"
        if capacity == 1
        else f"{capacity} facedown cards ({label} allows an additional one)"
    )
    held = f"{there} facedown card{'s' if there != 1 else ''}"
    return [
        Check(
            controls,
            CheckCode.CONTROLS_BATTLEFIELD if controls else CheckCode.BATTLEFIELD_NOT_CONTROLLED,
            (r.HIDDEN_DEFINITION, r.FACEDOWN_ZONE_NEEDS_CONTROL),
            f"You control {label}." if controls else f"You don't control {label} ({holder} does).",
        ),
        Check(
            free,
            CheckCode.FACEDOWN_ZONE_FREE if free else CheckCode.FACEDOWN_ZONE_FULL,
            rules,
            f"{label} holds {held}; it may hold {limit}."
            if free
            else f"{label} already holds {held}; it may hold {limit}.",
        ),
    ]


def hide_checks(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> list[Check]:
    """Every condition for hiding `card` at `ask.at`, passed or failed."""
    hidden = position.reading(card).has("hidden")
    rules = (r.HIDDEN, r.HIDDEN_DEFINITION)
    checks = [
        Check(True, CheckCode.HAS_HIDDEN, rules, f"{card.name} has Hidden.")
        if hidden
        else Check(False, CheckCode.NO_HIDDEN, rules, f"{card.name} doesn't have Hidden."),
        _zone_check(card, position, ask, assumptions),
        *_timing(position),
        *_battlefield(position, ask.at or ""),
    ]
    ok, because = _payment(position, ask, assumptions)
    checks.append(
        Check(ok, CheckCode.CAN_PAY if ok else CheckCode.CANNOT_PAY, (r.HIDDEN_DEFINITION,), because)
    )
    return checks


def hide_effects(card: Card, position: Position, label: str) -> list[Effect]:
    return [
        Effect(
            EffectCode.HIDE_IS_NOT_PLAY,
            (r.HIDE_IS_NOT_PLAY,),
            "Hiding is not playing: \"when you play\" abilities don't trigger and it doesn't count for Legion.",
        ),
        Effect(
            EffectCode.HIDE_OPENS_NO_CHAIN,
            (r.HIDE_OPENS_NO_CHAIN,),
            "Hiding opens no chain, so there is nothing for your opponent to react to.",
        ),
        Effect(
            EffectCode.GAINS_REACTION_LATER,
            (r.HIDDEN_DEFINITION, r.GAINS_REACTION),
            f"From turn {position.turn + 1} on, on any player's turn, it has Reaction: it can be played from facedown, "
            f"ignoring its base cost, whenever a Reaction can be played; not on turn {position.turn}, when it was hidden.",
        ),
        Effect(
            EffectCode.FACEDOWN_SHOWS_NOTHING,
            (r.FACEDOWN_NO_CHARACTERISTICS, r.FACEDOWN_PRIVATE, r.FACEDOWN_IS_NOT_HIDDEN),
            "While facedown it shows no name, cost or keywords to other effects, and it doesn't count as a card with Hidden.",
        ),
        Effect(
            EffectCode.TRASHED_IF_CONTROL_LOST,
            (r.FACEDOWN_REMOVED_ON_LOSS, r.CLEANUP_TRASHES_FACEDOWN),
            f"If you lose control of {label}, the next cleanup puts {card.name} in your trash.",
        ),
    ]


def answer_hide(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> Answer:
    label = ask.at or ""
    checks = hide_checks(card, position, ask, assumptions)
    undecided: tuple[Undecided, ...] = ()
    if card.partial and not position.reading(card).has("hidden"):
        # Known only partly from the seeds: not knowing it has Hidden is not knowing it lacks it.
        checks = [c for c in checks if c.code != CheckCode.NO_HIDDEN]
        because = (
            f"{card.name} is a newer card known only in part: whether it has Hidden is not known, and "
            "only a card with Hidden can be hidden."
        )
        undecided = (Undecided(UndecidedCode.HIDDEN_UNKNOWN, (r.HIDDEN, r.HIDDEN_DEFINITION), because),)
    return Answer(
        ask="hide",
        action=f"hide {card.name} at {label}",
        checks=tuple(checks),
        effects=tuple(hide_effects(card, position, label)),
        undecided_items=undecided,
        card=card.name,
        at=label,
        assumptions=tuple(assumptions),
    )


def never_hidden(card: Card, ask: Ask) -> Answer | None:
    """A legend, a battlefield, a rune or a token is never in a hand nor facedown (v1.4 103.2: only units, gear and
    spells are in the Main Deck; 811.1.b: a card is hidden from your hand or your Champion Zone): asked to hide it or
    to play it from facedown, the answer is that, in one line, not a position that can't exist."""
    token = any(s.casefold() == "token" for s in card.supertypes)
    if not token and (card.is_permanent or card.is_type("Spell")):
        return None  # a card of the Main Deck (the common case, decided without building the words)
    problem = zone_problem(card, "facedown")
    if problem is None:
        return None
    kind = problem.split(": ")[0].removeprefix(f"{card.name} is ")
    because = f"{card.name} is {kind}: it is never hidden or played from facedown."
    check = Check(False, CheckCode.NEVER_HIDDEN, (r.HIDDEN_DEFINITION, r.V14_MAIN_DECK), because)
    doing = f"hide {card.name}" if ask.kind == "hide" else f"play {card.name} from facedown"
    return Answer(ask=ask.kind, action=doing, checks=(check,), card=card.name, at=ask.at)
