"""A card's choices as it is played: what each may choose here, the targets named for them, and what that decides.

811.1.d: a spell whose required choice has no legal, payable target can't be played; a unit or gear is played anyway,
and each choice of its play effect carries its own verdict (a check that does not block says what it can't choose).
A target whose Deflect can't be paid is legal but unpayable: it does not meet a required choice.
"""

from __future__ import annotations

from dataclasses import replace

from cardsdb.engine.board.conditions import holds
from cardsdb.engine.board.costs import Bill, deflect_due, deflect_ignored, have_words, maybe_deflect
from cardsdb.engine.board.speakers import Source
from cardsdb.engine.choices.play_context import Assignment, Play, Resolution
from cardsdb.engine.choices.target_checks import availability_checks, open_choices, target_checks
from cardsdb.engine.choices.targeting import PlayContext, enough_targets, evaluate
from cardsdb.engine.position.objects import BoardObject
from cardsdb.engine.position.scenario_ask import TargetRef
from cardsdb.engine.reading.effects import Condition
from cardsdb.engine.reading.specs import ChoiceSpec
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Choice, Effect, Excluded, Undecided
from cardsdb.engine.verdict.codes import EffectCode, UndecidedCode


def _not_triggered(spec: ChoiceSpec, play: Play) -> str | None:
    """Why a play effect's condition is not met, or None when it triggers."""
    trigger, ctx = spec.trigger, play.ctx
    if trigger is None:
        return None
    if trigger.from_facedown and not ctx.from_facedown:
        return "it is played from hand, not from face down"
    if trigger.on_your_turn and play.position.turn_player != ctx.acting:
        return "it is not your turn"
    if trigger.to_battlefield and ctx.source_location is not None and ctx.source_location.endswith(".base"):
        return "it is played to a base"
    return None


def condition_holds(condition: Condition, play: Play) -> bool | None:
    """Whether an instruction's condition holds for this play (`board/conditions.py` decides the conditions of the
    position; the play decides whether its optional cost was paid); None where the position can't tell."""
    if condition.kind == "paid_additional":
        return play.optional_costs and any(c.optional for c in play.parsed.costs)
    itself = Source(play.card, play.position.reading(play.card), play.ctx.source_location, play.ctx.acting)
    return holds(condition, itself, play.position, from_hand=not play.ctx.from_facedown)


def _active(play: Play) -> tuple[list[ChoiceSpec], list[Effect], list[ChoiceSpec]]:
    """The choices this play makes, notes on those it doesn't, and those whose condition the position can't tell."""
    specs: list[ChoiceSpec] = []
    notes: dict[str, Effect] = {}
    unsure: list[ChoiceSpec] = []
    for spec in play.parsed.choices:
        why = _not_triggered(spec, play)
        held = condition_holds(spec.when, play)
        if why is None and held is True and spec.instead and specs:
            specs.pop()  # "..., choose any enemy unit at a battlefield instead": it replaces the choice before it
        if why is None and held is not False:
            specs.append(spec)
            if held is None:
                unsure.append(spec)
        elif why is not None and spec.trigger is not None:
            text = f'Its play effect ("When you play me {spec.trigger.text}") does not trigger: {why}.'
            notes.setdefault(text, Effect(EffectCode.NOT_TRIGGERED, (r.OTHER_ABILITIES_NORMAL,), text))
        else:
            text = f'"{spec.phrase}" is chosen only if {spec.condition}, and here that is not so.'
            notes.setdefault(text, Effect(EffectCode.CONDITION_NOT_MET, (r.OTHER_ABILITIES_NORMAL,), text))
    return specs, list(notes.values()), unsure


def _take(spec: ChoiceSpec, choice: Choice, pending: list[TargetRef]) -> list[TargetRef]:
    """The targets this choice takes, in order: "up to N" and "any number" stop at the first it refuses."""
    wanted = 1 if spec.max_count == 1 else (spec.max_count or len(pending))
    got: list[TargetRef] = []
    while pending and len(got) < wanted:
        if len(got) >= spec.min_count and pending[0].text not in choice.legal:
            break
        got.append(pending.pop(0))
    return got


def _restricted_place(spec: ChoiceSpec, ctx: PlayContext) -> str | None:
    """Where a restricted choice's target is, before any is named: the hidden battlefield."""
    if ctx.hidden_at is not None and spec.exempt is None and spec.what != "unit_card":
        return ctx.hidden_at
    return None


def _evaluate(play: Play, specs: list[ChoiceSpec]) -> tuple[list[Choice], Assignment]:
    # "Another unit ... at a different location" is measured from the first choice's target; a choice that is itself
    # "at a different location" and comes first is measured from the card's own location instead.
    choices: list[Choice] = []
    pending = list(play.targets) if play.targets else None  # none named: the choices are listed, not checked
    out = Assignment()
    for i, spec in enumerate(specs):
        first = out.first_location if spec.where == "different_location" else None
        choice = evaluate(spec, play.position, play.ctx, first)
        choices.append(choice)
        if pending is None:
            out.first_location = out.first_location or _restricted_place(spec, play.ctx)
            continue
        got = out.taken[i] = _take(spec, choice, pending)
        if len(got) < spec.min_count and not spec.optional:
            out.short.append((i, len(got)))
        if got and out.first_location is None and spec.where != "different_location":
            out.first_location = got[-1].location
    for i, spec in enumerate(specs):
        if spec.where == "different_location" and out.first_location is not None:
            choices[i] = evaluate(spec, play.position, play.ctx, out.first_location)
    out.leftover = pending or []
    return choices, out


def _maybe_unpaid(play: Play, obj: BoardObject, bill: Bill) -> bool:
    """A Deflect the unit may have (a condition the position does not settle) that the ready runes could not pay."""
    if not maybe_deflect(obj) or play.runes is None or deflect_ignored(obj, play.position, play.card):
        return False
    return not bill.plus(any_power=1).paid_by(play.runes)


def _unpayable(play: Play, choice: Choice) -> tuple[tuple[Excluded, ...], tuple[Excluded, ...]]:
    """The legal targets whose Deflect the ready runes can't pay on top of the play's cost, and those whose Deflect a
    card gives on a condition the position does not settle, where that Deflect would not be paid (open)."""
    if play.runes is None:
        return (), ()
    rules = (
        r.ADDITIONAL_COSTS_STILL_APPLY if play.ctx.from_facedown else r.PLAYED_FROM_HAND,
        r.V14_DEFLECT,
        r.V14_MANDATORY_ADDITIONAL_COST,
    )
    objects = {o.label: o for o in play.position.objects}
    unpaid: list[Excluded] = []
    unsure: list[Excluded] = []
    for target in choice.legal_targets:
        obj = objects.get(target.label)
        if obj is None or obj.controller == play.ctx.acting:
            continue
        extra = deflect_due(obj, play.position, play.card)
        bill = play.bill.plus(any_power=extra)
        if extra and not bill.paid_by(play.runes):
            total = "" if play.bill.empty else f", {bill.words} in all"
            because = (
                f"choosing it costs {extra} more power of any domain (Deflect){total}; you have "
                f"{have_words(play.runes)} ready"
            )
            unpaid.append(Excluded(target, rules, because))
        elif _maybe_unpaid(play, obj, bill):
            because = f"{'; '.join(maybe_deflect(obj))}, and then choosing it costs 1 more power you don't have ready"
            unsure.append(Excluded(target, rules, because))
    return tuple(unpaid), tuple(unsure)


def _cannot_choose(play: Play, choice: Choice) -> str:
    what = "Its play effect can't choose" if not play.blocking else "It can't choose"
    if choice.legal:
        return f'{what} "{choice.choice}": every legal target has Deflect you can\'t pay.'
    where = f" at {choice.restricted_to}" if choice.restricted_to else ""
    return f'{what} "{choice.choice}": nothing{where} qualifies.'


def _depends(play: Play, choice: Choice, spec: ChoiceSpec, unsure: list[ChoiceSpec]) -> str:
    """What a choice that may or may not be made here depends on."""
    what = "Its play effect's choice" if not play.blocking else "Its choice"
    reasons = [f"{e.what.words}: {e.because}" for e in choice.open_targets[:2]]
    if spec in unsure:
        reasons.append(f"it is made only if {spec.condition}, which the position does not settle")
    if choice.note and not reasons:
        reasons.append(choice.note)
    return f'{what} "{choice.choice}" can be made only with targets the engine can\'t settle: {"; ".join(reasons)}.'


def _judge_choices(
    play: Play, specs: list[ChoiceSpec], choices: list[Choice], unsure: list[ChoiceSpec]
) -> list[Choice]:
    """Each choice with its unpayable targets and its own verdict: can it be made here (None: it depends)?"""
    judged: list[Choice] = []
    for spec, choice in zip(specs, choices, strict=True):
        unpaid, unsure_deflect = _unpayable(play, choice)
        if unsure_deflect:
            moved = {e.target for e in unsure_deflect}
            kept = tuple(t for t in choice.legal_targets if t.label not in moved)
            choice = replace(choice, legal_targets=kept, open_targets=(*choice.open_targets, *unsure_deflect))
        choice = replace(choice, unpayable=unpaid)
        enough = enough_targets(spec, choice.payable, len(choice.open_targets))
        if enough is False and spec in unsure:
            enough = None
        if enough is False:
            choice = replace(choice, ok=False, because=_cannot_choose(play, choice))
        elif enough is None:
            choice = replace(choice, ok=None, because=_depends(play, choice, spec, unsure))
        judged.append(choice)
    return judged


def _unread_choices(play: Play) -> tuple[list[Choice], list[Undecided]]:
    """Sentences of what it does when played that the engine does not read: a spell's make the play undecided; a
    permanent's play effect gets a choice whose verdict is open (the permanent is played all the same)."""
    if not play.parsed.unread_spell and not play.parsed.unread_play_effect:
        return [], []
    rules = (r.CHOICES_RESTRICTED,) if play.ctx.from_facedown else (r.PLAYED_FROM_HAND,)
    if play.blocking:
        undecided = [
            Undecided(
                UndecidedCode.UNREAD_TEXT,
                rules,
                f'Its text "{text}" is not fully understood: whether it makes a choice with a legal target here, which '
                "decides whether it can be played, the engine can't say.",
            )
            for text in play.parsed.unread_spell
        ]
        return [], undecided
    choices = [
        Choice(
            choice=text.split(" (not read: ")[0],
            restricted_to=play.ctx.hidden_at,
            rules=rules,
            legal_targets=(),
            purpose="play_effect",
            ok=None,
            because=f'Its play effect "{text.split(" (not read: ")[0]}" is not fully understood: what it may choose '
            "here the engine can't say (the permanent is played all the same).",
        )
        for text in play.parsed.unread_play_effect
    ]
    return choices, []


def resolve(play: Play) -> Resolution:
    if play.parsed.unreadable:
        why = f"{play.parsed.unreadable}: its choices can't be read, so its targets can't be decided."
        return Resolution(undecided=[Undecided(UndecidedCode.UNREADABLE_TEXT, (), why)])
    specs, effects, unsure = _active(play)
    choices, assignment = _evaluate(play, specs)
    choices = _judge_choices(play, specs, choices, unsure)
    unread, undecided = _unread_choices(play)
    out = Resolution(choices=[*choices, *unread], effects=effects, undecided=undecided)
    if play.targets:
        target_checks(play, specs, assignment, out)
    else:
        out.checks.extend(availability_checks(play, specs, choices))
        out.undecided.extend(open_choices(play, choices))
    return out
