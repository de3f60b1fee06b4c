"""What playing a card does or does not do, each with its rules: where it and the units it plays go (811.1.d.1,
811.1.d.5), what opens and what is ignored (811.1.c.3, 356.1.b), what works as normal (811.2), and Deflect's price."""

from __future__ import annotations

from functools import lru_cache

from cardsdb.engine.board.costs import cost_unknown, deflect, deflect_ignored
from cardsdb.engine.board.placement import forbidden
from cardsdb.engine.position.objects import Position
from cardsdb.engine.reading.effects import NoReveal
from cardsdb.engine.reading.specs import CardChoices, UnitPlay
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Choice, Effect, Undecided
from cardsdb.engine.verdict.codes import EffectCode, UndecidedCode
from cardsdb.models import Card


def _printed_cost(card: Card) -> str:
    if cost_unknown(card):
        return "not known for this card"
    return f"{card.energy or 0} energy, {card.power or 0} power"


def _what(play: UnitPlay) -> str:
    return "unit token" if play.token else "unit"


def _unit_entry(play: UnitPlay, bf: str, ban: tuple[str, tuple[str, ...]] | None) -> Effect:
    if play.enters == "opponent_plays":
        text = (
            f'Your opponent plays the unit ("{play.text}"): it enters where they play it, as normal; 811.1.d.5 puts '
            "only the units you play at that battlefield."
        )
        return Effect(EffectCode.OPPONENT_PLAYS_UNIT, (r.UNITS_PLAYED_THERE, r.OTHER_ABILITIES_NORMAL), text)
    if ban is not None and play.enters == "hidden_battlefield":
        text = (
            f'The unit it plays ("{play.text}") is not played at {bf}: {ban[0]}, and can\'t beats can. 811.1.d.5 '
            "says it must be played there; where it goes instead, or whether it is played at all, the rules don't say."
        )
        return Effect(EffectCode.UNIT_NOT_ENTERING_THERE, (r.UNITS_PLAYED_THERE, *ban[1]), text)
    if play.enters == "chosen_battlefield":
        return Effect(
            EffectCode.UNIT_ENTERS_WHERE_CHOSEN,
            (r.SPELL_TARGETS_THERE,),
            f'The unit ("{play.text}") enters at the battlefield it chose, which must be {bf}.',
        )
    if play.enters == "same_location":
        text = f'The unit ("{play.text}") enters where the unit it chose was, which must be {bf}.'
        return Effect(EffectCode.UNIT_ENTERS_WHERE_CHOSEN, (r.SPELL_TARGETS_THERE,), text)
    return Effect(
        EffectCode.UNIT_ENTERS_THERE,
        (r.UNITS_PLAYED_THERE,),
        f'The {_what(play)} it plays ("{play.text}") enters at {bf}.',
    )


def _permanent_there(card: Card, parsed: CardChoices, bf: str) -> list[Effect]:
    if card.is_type("Unit"):
        return [
            Effect(EffectCode.PLAYED_THERE, (r.PERMANENT_PLAYED_THERE,), f"{card.name} is played to {bf}.")
        ]
    if not card.is_type("Gear"):
        return []
    attach = " (its play effect attaches it to a unit you control there)" if parsed.attaches_on_play else ""
    return [
        Effect(
            EffectCode.GEAR_PLAYED_THERE,
            (r.PERMANENT_PLAYED_THERE, r.GEAR_PLAYED_THERE),
            f"{card.name} is played to {bf}, although gear is normally played to base.",
        ),
        Effect(
            EffectCode.GEAR_RECALLED_LATER,
            (r.GEAR_RECALLED_AT_CLEANUP,),
            f"If it isn't attached to a unit{attach}, the next cleanup recalls it to your base.",
        ),
    ]


def _gear_tokens(parsed: CardChoices) -> list[Effect]:
    return [
        Effect(
            EffectCode.GEAR_TOKEN_TO_BASE,
            (r.OTHER_ABILITIES_NORMAL,),
            f'"{token}": a gear token, not a unit, so it is played as normal (to your base).',
        )
        for token in parsed.gear_tokens
    ]


def facedown_placement(
    card: Card, parsed: CardChoices, bf: str, position: Position
) -> tuple[list[Effect], list[Undecided]]:
    """A hidden permanent is played to its battlefield, gear too; units it plays enter there. A battlefield where units
    can't be played (v1.4 054.1: can't beats can) takes none: a hidden unit is played there only if able (811.1.d.1),
    and where it goes instead the seeds don't say."""
    ban = forbidden(position, bf, "me")
    undecided: list[Undecided] = []
    if card.is_type("Unit") and ban is not None:
        rules = (r.PERMANENT_PLAYED_THERE, *ban[1])
        effects = [
            Effect(
                EffectCode.NOT_PLAYED_THERE,
                rules,
                f"{card.name} is not played to {bf}: {ban[0]}, and can't beats can.",
            )
        ]
        because = (
            f"{card.name} must be played to {bf}, where it was hidden, only if able (811.1.d.1), and it is not able: "
            f"{ban[0]}. Where it is played instead (your base or a battlefield you control, as normal?) the rules "
            "don't say: ask the head judge."
        )
        undecided.append(Undecided(UndecidedCode.DESTINATION_OPEN, rules, because))
    else:
        effects = _permanent_there(card, parsed, bf)
    effects.extend(_unit_entry(play, bf, ban) for play in parsed.unit_plays)
    return effects + _gear_tokens(parsed), undecided


def hand_placement(card: Card, parsed: CardChoices, to: str | None = None) -> list[Effect]:
    effects: list[Effect] = []
    if card.is_type("Unit") and to is not None:
        where = "your base" if to == "me.base" else to
        effects.append(
            Effect(
                EffectCode.PLAYED_TO,
                (r.PLAYED_FROM_HAND, r.V14_UNIT_LOCATIONS),
                f"{card.name} is played to {where}.",
            )
        )
    elif card.is_type("Unit"):
        text = f"{card.name} is played to your base or a battlefield you control, as normal."
        effects.append(Effect(EffectCode.PLAYED_AS_NORMAL, (r.PLAYED_FROM_HAND, r.V14_UNIT_LOCATIONS), text))
    elif card.is_type("Gear"):
        effects.append(
            Effect(
                EffectCode.PLAYED_AS_NORMAL,
                (r.PLAYED_FROM_HAND,),
                f"{card.name} is a gear: it is played to your base, as normal.",
            )
        )
    for play in parsed.unit_plays:
        if play.enters == "opponent_plays":
            code = EffectCode.OPPONENT_PLAYS_UNIT
            text = f'Your opponent plays the unit ("{play.text}"): it enters where they play it, as normal.'
        else:
            code = EffectCode.UNIT_ENTERS_AS_NORMAL
            text = f'The {_what(play)} it plays ("{play.text}") enters where it normally would.'
        effects.append(Effect(code, (r.PLAYED_FROM_HAND,), text))
    return effects + _gear_tokens(parsed)


OPENS_CHAIN = Effect(
    EffectCode.OPENS_CHAIN,
    (r.PLAY_FROM_FACEDOWN_OPENS_CHAIN,),
    'Playing it from facedown is a play: it opens a chain, and "when you play" abilities trigger.',
)
REVEALED = Effect(
    EffectCode.REVEALED,
    (r.FACEDOWN_REVEALED_ON_ZONE_CHANGE,),
    "It is revealed as it leaves the facedown zone.",
)
"""What playing any facedown card does, Hidden or not."""


def facedown_play(card: Card, parsed: CardChoices) -> list[Effect]:
    """What playing a card with Hidden from facedown does: a play that opens a chain, for 0, additional costs still
    due, revealed."""
    costs = f" ({'; '.join(c.text for c in parsed.costs)})" if parsed.costs else ""
    return [
        OPENS_CHAIN,
        Effect(
            EffectCode.BASE_COST_IGNORED,
            (r.HIDDEN_DEFINITION, r.IGNORE_BASE_COST),
            f"Its base cost ({_printed_cost(card)}) is ignored: it costs 0.",
        ),
        Effect(
            EffectCode.ADDITIONAL_COSTS_APPLY,
            (r.ADDITIONAL_COSTS_STILL_APPLY,),
            _additional_costs(parsed, costs),
        ),
        REVEALED,
    ]


def _additional_costs(parsed: CardChoices, costs: str) -> str:
    """What still costs something from facedown: Deflect only for a card that may choose an enemy unit."""
    deflect = "Deflect on an enemy unit it chooses, and " if parsed.may_choose_enemy_units else ""
    return (
        f"Additional costs still apply: {deflect}optional additional costs if you choose to pay them{costs}."
    )


def _conditional_effects(parsed: CardChoices, position: Position | None) -> list[Effect]:
    """Instructions whose condition the play decides: "if it's not your turn, give me [Temporary]"."""
    effects: list[Effect] = []
    for conditional in parsed.conditionals:
        if position is None or conditional.when not in ("your_turn", "not_your_turn"):
            continue
        yours = position.turn_player == "me"
        holds = yours if conditional.when == "your_turn" else not yours
        state = "it is your turn" if yours else "it is not your turn"
        verdict = "applies" if holds else "does nothing"
        code = EffectCode.APPLIES if holds else EffectCode.DOES_NOTHING
        # one that applies changes the card in play (Momentary Companion is Temporary): worth saying at a glance
        effects.append(
            Effect(
                code,
                (r.OTHER_ABILITIES_NORMAL,),
                f'"{conditional.text.rstrip(".")}" {verdict}: {state}.',
                quick=holds,
            )
        )
    return effects


def _plain_effects(parsed: CardChoices, at: str | None) -> tuple[Effect, ...]:
    """A hidden spell's instructions that choose nothing work as normal (811.2), reaching beyond its battlefield."""
    return _reaching(parsed.plain, at) if at is not None and parsed.plain else ()


@lru_cache(maxsize=4096)
def _reaching(plain: tuple[str, ...], at: str) -> tuple[Effect, ...]:
    return tuple(
        Effect(
            EffectCode.WORKS_AS_NORMAL,
            (r.OTHER_ABILITIES_NORMAL,),
            f'"{text}" chooses nothing: it works as normal, for every card it speaks of, not only at {at}.',
            quick=True,
        )
        for text in plain
    )


def works_as_normal(
    parsed: CardChoices, *, from_facedown: bool, position: Position | None = None, at: str | None = None
) -> list[Effect]:
    """Abilities other than its choices (811.2): "if you played this from your hand" and the like, payments, the
    instructions that choose nothing."""
    where = "from facedown, not from your hand" if from_facedown else "from your hand, not from facedown"
    rule = r.OTHER_ABILITIES_NORMAL if from_facedown else r.PLAYED_FROM_HAND
    dead = parsed.hand_only if from_facedown else parsed.facedown_only
    effects = [
        Effect(EffectCode.DOES_NOTHING, (rule,), f'"{text}" does nothing: it was played {where}.')
        for text in dead
    ]
    if from_facedown:
        effects.extend(
            Effect(
                EffectCode.APPLIES,
                (r.OTHER_ABILITIES_NORMAL,),
                f'"{text}" applies: it was played from facedown.',
            )
            for text in parsed.facedown_only
        )
    effects.extend(_conditional_effects(parsed, position))
    effects.extend(_plain_effects(parsed, at if from_facedown else None))
    effects.extend(
        Effect(
            EffectCode.PAID_AS_IT_RESOLVES,
            (r.OTHER_ABILITIES_NORMAL, r.IGNORE_BASE_COST),
            f'"{text}": paid as its play effect resolves, as normal; ignoring the base cost does not cover it.',
        )
        for text in parsed.effect_payments
    )
    return effects


def deflect_notes(choices: list[Choice], position: Position, card: Card | None = None) -> list[Effect]:
    by_label = {o.label: o for o in position.objects}
    notes: list[Effect] = []
    for choice in choices:
        for label in choice.legal:
            obj = by_label.get(label)
            if obj is None or obj.controller == "me" or not deflect(obj):
                continue
            ignored = deflect_ignored(obj, position, card)
            if ignored is not None:
                text = f"Choosing {obj.words} costs nothing more: it has Deflect, but {ignored}."
                notes.append(
                    Effect(EffectCode.DEFLECT_IGNORED, (r.V14_DEFLECT, r.V14_IGNORED_INACTIVE), text)
                )
                continue
            text = f"Choosing {obj.words} costs {deflect(obj)} more power of any domain (Deflect)."
            notes.append(
                Effect(EffectCode.DEFLECT_COSTS, (r.ADDITIONAL_COSTS_STILL_APPLY, r.V14_DEFLECT), text)
            )
    return notes


def no_reveal_here(position: Position, label: str) -> tuple[list[Effect], list[Undecided]]:
    """An enemy permanent at the battlefield saying your Hidden cards can't be revealed there (Noxus Saboteur).

    Playing a card from facedown reveals it (422.4), which such text forbids, yet a facedown card is not a card with
    Hidden (811.5.a), so the text may not reach it: the rules leave this open, and the answer says so.
    """
    effects: list[Effect] = []
    undecided: list[Undecided] = []
    rules = (r.FACEDOWN_REVEALED_ON_ZONE_CHANGE, r.FACEDOWN_IS_NOT_HIDDEN)
    for obj in position.objects_at(label):
        if obj.controller == "me" or not position.reading(obj.card).effects(NoReveal):
            continue
        because = (
            f"{obj.card.name} (your opponent's, at {label}) says your Hidden cards can't be revealed there. Playing a "
            "card from facedown reveals it (422.4), so if that text reaches your facedown card you can't play it "
            "there; but a facedown card is not a card with Hidden (811.5.a), so the text may not reach it. The rules "
            "don't settle which: ask the head judge."
        )
        undecided.append(Undecided(UndecidedCode.REVEAL_FORBIDDEN_HERE, rules, because))
        text = (
            f"{obj.card.name} at {label}: your Hidden cards can't be revealed there; whether that stops playing a "
            "facedown card is open."
        )
        effects.append(Effect(EffectCode.REVEAL_MAY_BE_FORBIDDEN, rules, text))
    return effects, undecided
