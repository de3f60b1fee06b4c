"""The checks a play's choices make: each target named (legal, illegal, missing, left over, together with the others),
or, with none named, whether every required choice can be made at all (811.1.d, 355.6; v1.4 355.8, 355.11)."""

from __future__ import annotations

from cardsdb.engine.board.costs import deflect_due, deflect_ignored, maybe_deflect
from cardsdb.engine.choices.play_context import Assignment, Play, Resolution
from cardsdb.engine.position.objects import BoardObject, location_of
from cardsdb.engine.position.scenario_ask import TargetRef
from cardsdb.engine.reading.constraints import OneBattlefield, SameBattlefield, TotalMight
from cardsdb.engine.reading.specs import ChoiceSpec
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import Check, Choice, Effect, Undecided
from cardsdb.engine.verdict.codes import CheckCode, EffectCode, UndecidedCode


def _leftover(play: Play, target: TargetRef, choices: list[Choice]) -> Check:
    # A target left over after an "any number" / "up to" choice stopped at it: say why that choice refused it.
    refused = next((e for c in reversed(choices) for e in c.excluded if e.target == target.text), None)
    if refused is not None:
        return Check(
            False,
            CheckCode.ILLEGAL_TARGET,
            refused.rules,
            play.refused(target.words, refused.because),
            play.blocking,
        )
    because = f"{target.words}: the card makes no further choice."
    return Check(False, CheckCode.ILLEGAL_TARGET, (r.V14_TARGET_RESTRICTIONS,), because, play.blocking)


def _missing(play: Play, choice: Choice, spec: ChoiceSpec, given: int) -> Check:
    need = f"{spec.min_count} target{'s' if spec.min_count != 1 else ''}"
    because = f'"{choice.choice}" needs {need}; {given} {"was" if given == 1 else "were"} given.'
    return Check(False, CheckCode.MISSING_TARGET, (r.V14_ALL_TARGETS_CHOSEN,), because, play.blocking)


def _named(play: Play, choice: Choice, target: TargetRef, out: Resolution) -> Check | None:
    unsure = next((e for e in choice.open_targets if e.target == target.text), None)
    if unsure is not None:
        whose = "it" if play.blocking else "its play effect"
        because = f"Whether {whose} can choose {target.words} is open: {unsure.because}."
        if play.blocking:
            out.undecided.append(Undecided(UndecidedCode.OPEN_TARGET, unsure.rules, because))
        else:
            out.effects.append(Effect(EffectCode.TARGET_OPEN, unsure.rules, because))
        return None
    if target.text not in choice.legal:
        reason = next((e for e in choice.excluded if e.target == target.text), None)
        because = reason.because if reason else f'it is not one of the choices for "{choice.choice}"'
        rules = reason.rules if reason else choice.rules
        return Check(
            False, CheckCode.ILLEGAL_TARGET, rules, play.refused(target.words, because), play.blocking
        )
    if target.obj is not None and target.obj.controller != play.ctx.acting:
        if maybe_deflect(target.obj) and not deflect_ignored(target.obj, play.position, play.card):
            out.maybe_deflect.extend(maybe_deflect(target.obj))
        if play.blocking:
            out.spell_deflect += deflect_due(target.obj, play.position, play.card)
        else:
            out.effect_deflect += deflect_due(target.obj, play.position, play.card)
    because = f'{target.words} is a legal choice for "{choice.choice}".'
    return Check(True, CheckCode.TARGETS_LEGAL, choice.rules, because, play.blocking)


def group_violations(
    play: Play, specs: list[ChoiceSpec], choices: list[Choice], assignment: Assignment
) -> list[Check]:
    """The targets of a choice, or of a sentence, that must meet a requirement together (v1.4 355.11)."""
    checks: list[Check] = []
    rules = (r.V14_TARGET_RESTRICTIONS, r.V14_GROUP_TARGETS)
    together: list[BoardObject] = []
    for i, (spec, choice) in enumerate(zip(specs, choices, strict=True)):
        chosen = [t.obj for t in assignment.taken.get(i, ()) if t.obj is not None and t.text in choice.legal]
        if spec.together:
            together.extend(chosen)
        for grp in spec.group:
            if isinstance(grp, OneBattlefield | TotalMight) and (clause := grp.violation(chosen)):
                because = f'For "{spec.phrase}", {clause}.'
                checks.append(Check(False, CheckCode.ILLEGAL_TARGET, rules, because, play.blocking))
    clause = SameBattlefield().violation(together)
    if clause is not None:
        checks.append(
            Check(False, CheckCode.ILLEGAL_TARGET, (r.V14_TARGET_RESTRICTIONS,), clause, play.blocking)
        )
    return checks


def target_checks(play: Play, specs: list[ChoiceSpec], assignment: Assignment, out: Resolution) -> None:
    """One check per target named, and the checks of what was left over, missing or not together."""
    out.checks.extend(_leftover(play, t, out.choices) for t in assignment.leftover)
    out.checks.extend(_missing(play, out.choices[i], specs[i], given) for i, given in assignment.short)
    for i, targets in assignment.taken.items():
        out.checks.extend(c for t in targets if (c := _named(play, out.choices[i], t, out)) is not None)
    named = [t.obj for targets in assignment.taken.values() for t in targets if t.obj is not None]
    if any(deflect_ignored(o, play.position, None) for o in named):
        out.spell_deflect = out.effect_deflect = (
            0  # it chooses something where Deflect is ignored: all of it (766)
        )
    out.checks.extend(group_violations(play, specs, out.choices, assignment))


def _jointly_possible(specs: list[ChoiceSpec], choices: list[Choice]) -> bool:
    """'A friendly unit and an enemy unit at the same battlefield': one battlefield must offer every required one."""
    together = [c for s, c in zip(specs, choices, strict=True) if s.together and not s.optional]
    if len(together) < 2:
        return True
    places: set[str] | None = None
    for choice in together:
        here = {location_of(label) for label in choice.payable}
        places = here if places is None else places & here
    return bool(places)


def _cheapest_deflect(play: Play, specs: list[ChoiceSpec], choices: list[Choice]) -> int:
    """The least Deflect the required choices add together, each taking its cheapest payable targets."""
    objects = {o.label: o for o in play.position.objects}
    total = 0
    for spec, choice in zip(specs, choices, strict=True):
        if spec.optional or spec.min_count == 0:
            continue
        costs = sorted(
            deflect_due(o, play.position, play.card)
            if (o := objects.get(label)) is not None and o.controller != play.ctx.acting
            else 0
            for label in choice.payable
        )
        total += sum(costs[: spec.min_count])
    return total


def _no_targets(play: Play, blocked: Choice) -> Check:
    hidden_at = play.ctx.hidden_at
    if blocked.legal and not blocked.payable:
        unpaid = ", ".join(e.what.words for e in blocked.unpayable)
        rules = (r.CHOICES_RESTRICTED, r.NO_VALID_TARGETS, r.V14_DEFLECT)
        because = (
            f'Every legal target for "{blocked.choice}" has Deflect you can\'t pay ({unpaid}): a spell with no legal, '
            "payable target can't be played."
        )
        return Check(False, CheckCode.NO_PAYABLE_TARGETS, rules, because)
    if not play.ctx.from_facedown:
        because = f'Nothing can be chosen for "{blocked.choice}": a spell needs legal targets to be played.'
        return Check(False, CheckCode.NO_LEGAL_TARGETS, (r.NO_VALID_TARGETS,), because)
    because = (
        f'Nothing at {hidden_at} can be chosen for "{blocked.choice}": a spell with no legal target there can\'t be '
        "played from facedown."
        if blocked.restricted_to
        else f'Nothing can be chosen for "{blocked.choice}" (its own text puts it elsewhere than {hidden_at}, but '
        "no unit qualifies): a spell with no legal target can't be played from facedown."
    )
    return Check(False, CheckCode.NO_LEGAL_TARGETS, (r.CHOICES_RESTRICTED, r.NO_VALID_TARGETS), because)


def _joint_deflect(play: Play, specs: list[ChoiceSpec], choices: list[Choice]) -> Check | None:
    extra = _cheapest_deflect(play, specs, choices)
    bill = play.bill.plus(any_power=extra)
    if not extra or play.runes is None or bill.paid_by(play.runes):
        return None
    rules = (r.CHOICES_RESTRICTED, r.NO_VALID_TARGETS, r.V14_DEFLECT)
    because = (
        f"Its required choices can only be made with targets whose Deflect adds {extra} power: {bill.words} in "
        "all, more than you have ready. A spell with no legal, payable targets can't be played."
    )
    return Check(False, CheckCode.NO_PAYABLE_TARGETS, rules, because)


def availability_checks(play: Play, specs: list[ChoiceSpec], choices: list[Choice]) -> list[Check]:
    """With no target named: can every required choice be made here, with targets whose Deflect can be paid?"""
    if not specs:
        return []
    blocked = [c for c in choices if c.ok is False] or (
        [] if _jointly_possible(specs, choices) else choices[:1]
    )
    if play.card.is_permanent:
        if not play.ctx.from_facedown:
            return []
        kind = "unit" if play.card.is_type("Unit") else "gear"
        finds = "has a legal target" if not blocked and all(c.payable for c in choices) else "finds nothing"
        because = (
            f"{play.card.name} is a {kind}: it can be played even when its play effect has no legal target (here it "
            f"{finds})."
        )
        return [Check(True, CheckCode.NO_TARGETS_NEEDED, (r.CHOICES_RESTRICTED,), because)]
    if blocked:
        return [_no_targets(play, blocked[0])]
    joint = _joint_deflect(play, specs, choices)
    if joint is not None:
        return [joint]
    if not play.ctx.from_facedown or any(c.ok is None for c in choices):
        return []
    because = f"Every choice it must make has a legal target at {play.ctx.hidden_at}."
    return [Check(True, CheckCode.HAS_LEGAL_TARGETS, (r.CHOICES_RESTRICTED,), because)]


def open_choices(play: Play, choices: list[Choice]) -> list[Undecided]:
    """A spell's required choice that can be made only with targets the engine can't settle: the play is undecided."""
    if not play.blocking:
        return []
    return [
        Undecided(
            UndecidedCode.OPEN_CHOICE,
            (*c.rules, *(n for e in c.open_targets[:1] for n in e.rules)),
            c.because or "",
        )
        for c in choices
        if c.ok is None
    ]
