"""May this card be hidden here now? Every condition of 811.1.b, each a check with its rule numbers."""

from __future__ import annotations

from cardsdb.engine import citations as r
from cardsdb.engine.cardtext import has_hidden
from cardsdb.engine.choices import facedown_capacity_bonus, hide_grants
from cardsdb.engine.position import Position
from cardsdb.engine.scenario import Ask
from cardsdb.engine.verdict import Answer, Check, Effect
from cardsdb.models import Card


def _zone(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> tuple[bool, str]:
    me = position.me
    in_hand = me.hand is not None and any(c.name == card.name for c in me.hand)
    in_champion_zone = any(c.name == card.name for c in me.champion_zone or ())
    wanted = ask.from_
    if wanted is None:
        if in_hand:
            wanted = "hand"
        elif in_champion_zone:
            wanted = "champion_zone"
        elif any(c.name == card.name for c in me.trash):
            return (
                False,
                f"{card.name} is in your trash: a card is hidden from your hand or your Champion Zone.",
            )
        elif any(o.card.name == card.name and o.controller == "me" for o in position.objects):
            return (
                False,
                f"{card.name} is on the board: a card is hidden from your hand or your Champion Zone.",
            )
        elif me.hand is None:
            assumptions.append(f"Your hand is not listed, so {card.name} is taken to be in it.")
            return True, f"{card.name} is in your hand (assumed: your hand is not listed)."
        else:
            return False, f"{card.name} is not in your hand or your Champion Zone."
    if wanted == "hand":
        if me.hand is not None and not in_hand:
            return False, f"{card.name} is not in your hand."
        return True, f"{card.name} is in your hand."
    if wanted == "champion_zone":
        if me.champion_zone is None:
            assumptions.append(f"Your Champion Zone is not listed, so {card.name} is taken to be in it.")
            return True, f"{card.name} is in your Champion Zone (assumed: it is not listed)."
        if not in_champion_zone:
            return False, f"{card.name} is not in your Champion Zone."
        return True, f"{card.name} is in your Champion Zone."
    return (
        False,
        f"A card is hidden from your hand or your Champion Zone, not from {wanted.replace('_', ' ')}.",
    )


def _payment(position: Position, ask: Ask, assumptions: list[str]) -> tuple[bool, str]:
    me = position.me
    granting = tuple(c for c in (me.legend, *me.played_this_turn) if c is not None) + tuple(
        o.card for o in position.objects if o.controller == "me"
    )
    grants = hide_grants(granting)
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


def hide_checks(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> list[Check]:
    """Every condition for hiding `card` at `ask.at`, passed or failed."""
    label = ask.at or ""
    bf = position.battlefield(label)
    checks: list[Check] = []
    hidden = has_hidden(card)
    checks.append(
        Check(True, "has_hidden", (r.HIDDEN, r.HIDDEN_DEFINITION), f"{card.name} has Hidden.")
        if hidden
        else Check(False, "no_hidden", (r.HIDDEN, r.HIDDEN_DEFINITION), f"{card.name} doesn't have Hidden.")
    )
    ok, because = _zone(card, position, ask, assumptions)
    checks.append(
        Check(ok, "in_hand_or_champion_zone" if ok else "wrong_zone", (r.HIDDEN_DEFINITION,), because)
    )
    mine = position.turn_player == "me"
    checks.append(
        Check(
            mine,
            "your_turn" if mine else "not_your_turn",
            (r.HIDDEN_DEFINITION, r.HIDE_IS_DISCRETIONARY),
            "It is your turn." if mine else "It is not your turn: you hide cards only on your own turn.",
        )
    )
    closed = position.closed
    checks.append(
        Check(
            not closed,
            "open_state" if not closed else "chain_open",
            (r.HIDDEN_DEFINITION, r.HIDE_IS_DISCRETIONARY, r.V13_CLOSED_STATE),
            "No chain is open (an open state)."
            if not closed
            else "A chain is open (a closed state): hiding needs an open state.",
        )
    )
    showdown = position.showdown
    checks.append(
        Check(
            showdown is None,
            "no_showdown" if showdown is None else "in_showdown",
            (r.HIDE_ACTION, r.HIDE_IS_DISCRETIONARY, r.V13_DISCRETIONARY_NEUTRAL_OPEN, r.V13_SHOWDOWN_STATE),
            "No showdown is under way."
            if showdown is None
            else f"A showdown is under way at {showdown}: hiding is a Discretionary Action, not allowed in a showdown.",
        )
    )
    controls = bf is not None and bf.controller == "me"
    holder = "nobody" if bf is None or bf.controller is None else "your opponent"
    checks.append(
        Check(
            controls,
            "controls_battlefield" if controls else "battlefield_not_controlled",
            (r.HIDDEN_DEFINITION, r.FACEDOWN_ZONE_NEEDS_CONTROL),
            f"You control {label}." if controls else f"You don't control {label} ({holder} does).",
        )
    )
    capacity = 1 + facedown_capacity_bonus(bf.card if bf else None)
    there = len(bf.facedown) if bf else 0
    free = there < capacity
    zone_rules: tuple[str, ...] = (r.HIDDEN_DEFINITION, r.FACEDOWN_ZONE_ONE_CARD)
    if capacity > 1:
        zone_rules = (*zone_rules, r.V13_FACEDOWN_LIMIT_CAN_CHANGE)
    limit_words = (
        "one facedown card"
        if capacity == 1
        else f"{capacity} facedown cards ({label} allows an additional one)"
    )
    checks.append(
        Check(
            free,
            "facedown_zone_free" if free else "facedown_zone_full",
            zone_rules,
            f"{label} holds {there} facedown card{'s' if there != 1 else ''}; it may hold {limit_words}."
            if free
            else f"{label} already holds {there} facedown card{'s' if there != 1 else ''}; it may hold {limit_words}.",
        )
    )
    ok, because = _payment(position, ask, assumptions)
    checks.append(Check(ok, "can_pay" if ok else "cannot_pay", (r.HIDDEN_DEFINITION,), because))
    return checks


def hide_effects(card: Card, position: Position, label: str) -> list[Effect]:
    return [
        Effect(
            (r.HIDE_IS_NOT_PLAY,),
            "Hiding is not playing: \"when you play\" abilities don't trigger and it doesn't count for Legion.",
        ),
        Effect(
            (r.HIDE_OPENS_NO_CHAIN,),
            "Hiding opens no chain, so there is nothing for your opponent to react to.",
        ),
        Effect(
            (r.HIDDEN_DEFINITION, r.GAINS_REACTION),
            f"From turn {position.turn + 1} on, on any player's turn, it has Reaction: it can be played from facedown, "
            f"ignoring its base cost, whenever a Reaction can be played; not on turn {position.turn}, when it was hidden.",
        ),
        Effect(
            (r.FACEDOWN_NO_CHARACTERISTICS, r.FACEDOWN_PRIVATE, r.FACEDOWN_IS_NOT_HIDDEN),
            "While facedown it shows no name, cost or keywords to other effects, and it doesn't count as a card with Hidden.",
        ),
        Effect(
            (r.FACEDOWN_REMOVED_ON_LOSS, r.CLEANUP_TRASHES_FACEDOWN),
            f"If you lose control of {label}, the next cleanup puts {card.name} in your trash.",
        ),
    ]


def answer_hide(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> Answer:
    label = ask.at or ""
    checks = hide_checks(card, position, ask, assumptions)
    undecided: tuple[str, ...] = ()
    if card.partial and not has_hidden(card):
        # Known only partly from the seeds: not knowing it has Hidden is not knowing it lacks it.
        checks = [c for c in checks if c.code != "no_hidden"]
        undecided = (
            f"{card.name} is known only partly (from the seed documents): whether it has Hidden is not known, and "
            "only a card with Hidden can be hidden (811.1, 811.1.b).",
        )
    failed = [c for c in checks if not c.ok]
    legal: bool | None = not failed
    if failed:
        summary = f"No: you can't hide {card.name} at {label}: " + " ".join(c.because for c in failed)
    elif undecided:
        legal = None
        summary = f"Depends: whether you can hide {card.name} at {label} depends on its text. " + " ".join(
            undecided
        )
    else:
        summary = f"Yes: you can hide {card.name} at {label} now."
    return Answer(
        ask="hide",
        legal=legal,
        undecided=undecided,
        summary=summary,
        checks=tuple(checks),
        effects=tuple(hide_effects(card, position, label)),
        card=card.name,
        at=label,
        assumptions=tuple(assumptions),
    )
