"""A card's choices as it is played: what each may choose here, the targets named for them, and what that decides.

811.1.d: a spell whose required choice has no legal, payable target can't be played; a unit or gear is played anyway,
and each choice of its play effect carries its own verdict (a check that does not block says what it can't choose).
A target whose Deflect can't be paid is legal but unpayable: it does not meet a required choice.
"""

from __future__ import annotations

from dataclasses import replace

from cardsdb.engine import citations as r
from cardsdb.engine.costs import deflect, have_words
from cardsdb.engine.play_context import Assignment, Play, Resolution
from cardsdb.engine.play_target_checks import availability_checks, target_checks
from cardsdb.engine.scenario_ask import TargetRef
from cardsdb.engine.specs import ChoiceSpec
from cardsdb.engine.targeting import PlayContext, enough_targets, evaluate
from cardsdb.engine.verdict import Choice, Effect, Excluded, Undecided


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


def _active(play: Play) -> tuple[list[ChoiceSpec], list[Effect]]:
    specs: list[ChoiceSpec] = []
    notes: dict[str, Effect] = {}
    for spec in play.parsed.choices:
        why = _not_triggered(spec, play)
        if why is None:
            specs.append(spec)
        elif spec.trigger is not None:
            text = f'Its play effect ("When you play me {spec.trigger.text}") does not trigger: {why}.'
            notes.setdefault(text, Effect((r.OTHER_ABILITIES_NORMAL,), text))
    return specs, list(notes.values())


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


def _unpayable(play: Play, choice: Choice) -> tuple[Excluded, ...]:
    """The legal targets whose Deflect the ready runes can't pay on top of the play's cost."""
    if play.runes is None:
        return ()
    rules = (
        r.ADDITIONAL_COSTS_STILL_APPLY if play.ctx.from_facedown else r.PLAYED_FROM_HAND,
        r.V14_DEFLECT,
        r.V14_MANDATORY_ADDITIONAL_COST,
    )
    objects = {o.label: o for o in play.position.objects}
    unpaid: list[Excluded] = []
    for target in choice.legal_targets:
        obj = objects.get(target.label)
        extra = deflect(obj) if obj is not None and obj.controller != play.ctx.acting else 0
        bill = play.bill.plus(any_power=extra)
        if extra and not bill.paid_by(play.runes):
            total = "" if play.bill.empty else f", {bill.words} in all"
            because = (
                f"choosing it costs {extra} more power of any domain (Deflect){total}; you have "
                f"{have_words(play.runes)} ready"
            )
            unpaid.append(Excluded(target, rules, because))
    return tuple(unpaid)


def _cannot_choose(play: Play, choice: Choice) -> str:
    what = "Its play effect can't choose" if not play.blocking else "It can't choose"
    if choice.legal:
        return f'{what} "{choice.choice}": every legal target has Deflect you can\'t pay.'
    where = f" at {choice.restricted_to}" if choice.restricted_to else ""
    return f'{what} "{choice.choice}": nothing{where} qualifies.'


def _judge_choices(play: Play, specs: list[ChoiceSpec], choices: list[Choice]) -> list[Choice]:
    """Each choice with its unpayable targets and its own verdict: can it be made here?"""
    judged: list[Choice] = []
    for spec, choice in zip(specs, choices, strict=True):
        choice = replace(choice, unpayable=_unpayable(play, choice))
        if not enough_targets(spec, choice.payable):
            choice = replace(choice, ok=False, because=_cannot_choose(play, choice))
        judged.append(choice)
    return judged


def resolve(play: Play) -> Resolution:
    if play.parsed.unreadable:
        why = f"{play.parsed.unreadable}: its choices can't be read, so its targets can't be decided."
        return Resolution(undecided=[Undecided("unreadable_text", (), why)])
    specs, effects = _active(play)
    choices, assignment = _evaluate(play, specs)
    choices = _judge_choices(play, specs, choices)
    out = Resolution(choices=choices, effects=effects)
    if play.targets:
        target_checks(play, specs, assignment, out)
    else:
        out.checks.extend(availability_checks(play, specs, choices))
    return out
