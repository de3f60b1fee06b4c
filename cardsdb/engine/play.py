"""Playing a card: from facedown (811.6, 811.1.d), from hand (811.3), and the targets question."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from cardsdb.engine import citations as r
from cardsdb.engine.cardtext import has_hidden, printed_keywords, source_text
from cardsdb.engine.choices import AdditionalCost, CardChoices, ChoiceSpec, deflect_value
from cardsdb.engine.overrides import choices_for
from cardsdb.engine.position import BoardObject, Position
from cardsdb.engine.scenario import Ask, ScenarioError, TargetRef
from cardsdb.engine.targeting import PlayContext, enough_targets, evaluate
from cardsdb.engine.verdict import Answer, AskKind, Check, Choice, Effect
from cardsdb.models import Card


@dataclass
class ChoiceOutcome:
    choices: list[Choice] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    effects: list[Effect] = field(default_factory=list)
    deflect_power: int = 0
    undecided: list[str] = field(default_factory=list)


def _trigger_applies(trigger: str, ctx: PlayContext, position: Position) -> tuple[bool, str]:
    words = trigger.casefold()
    if "from face down" in words and not ctx.from_facedown:
        return False, "it is played from hand, not from face down"
    if "on your turn" in words and position.turn_player != ctx.acting:
        return False, "it is not your turn"
    if (
        "to a battlefield" in words
        and ctx.source_location is not None
        and ctx.source_location.endswith(".base")
    ):
        return False, "it is played to a base"
    return True, ""


def _deflect(obj: BoardObject) -> int:
    value = deflect_value(obj.card)
    for keyword in obj.extra_keywords:
        parts = keyword.split()
        if parts and parts[0].casefold() == "deflect":
            value += int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 1
    return value


def _jointly_possible(specs: list[ChoiceSpec], choices: list[Choice]) -> bool:
    """'A friendly unit and an enemy unit at the same battlefield': one battlefield must offer every required one."""
    together = [
        (s, c)
        for s, c in zip(specs, choices, strict=True)
        if "same_battlefield" in s.group and not s.optional
    ]
    if len(together) < 2:
        return True
    locations: set[str] | None = None
    for _, choice in together:
        here = {label.rpartition("@")[2] for label in choice.legal}
        locations = here if locations is None else locations & here
    return bool(locations)


def resolve_choices(
    card: Card,
    parsed: CardChoices,
    position: Position,
    ctx: PlayContext,
    targets: tuple[TargetRef, ...] | None,
) -> ChoiceOutcome:
    out = ChoiceOutcome()
    if parsed.unreadable:
        out.undecided.append(
            f"{parsed.unreadable}: its choices can't be read, so its targets can't be decided."
        )
        return out
    specs: list[ChoiceSpec] = []
    # Where the first choice's unit is: "another unit ... at a different location" is measured from it. A choice
    # that is itself "at a different location" and comes first is measured from the card's own location instead.
    first_location: str | None = None
    pending = list(targets) if targets is not None else None
    assigned: list[tuple[ChoiceSpec, Choice, TargetRef]] = []
    short: list[tuple[ChoiceSpec, Choice, int]] = []  # required choices given fewer targets than they need
    for spec in parsed.choices:
        if spec.trigger:
            applies, why = _trigger_applies(spec.trigger, ctx, position)
            if not applies:
                out.effects.append(
                    Effect(
                        (r.OTHER_ABILITIES_NORMAL,),
                        f'Its play effect ("When you play me {spec.trigger}") does not trigger: {why}.',
                    )
                )
                continue
        choice = evaluate(spec, position, ctx, first_location if spec.where == "different_location" else None)
        specs.append(spec)
        out.choices.append(choice)
        if pending is not None:
            wanted = 1 if spec.max_count == 1 else (spec.max_count or len(pending))
            taken = 0
            while pending and taken < wanted:
                target = pending[0]
                if taken >= spec.min_count and target.text not in choice.legal:
                    break
                pending.pop(0)
                assigned.append((spec, choice, target))
                taken += 1
            if taken < spec.min_count and not spec.optional and targets:
                short.append((spec, choice, taken))
            if taken and first_location is None and spec.where != "different_location":
                first_location = assigned[-1][2].location
        elif (
            first_location is None
            and ctx.hidden_at is not None
            and spec.what == "unit"
            and spec.exempt is None
        ):
            first_location = ctx.hidden_at
    # Re-evaluate "at a different location" choices against the first chosen target, now known.
    for spec_index, spec in enumerate(specs):
        if spec.where == "different_location" and first_location is not None:
            out.choices[spec_index] = evaluate(spec, position, ctx, first_location)
    if pending:
        for target in pending:
            # A target left over after an "any number" / "up to" choice stopped at it: say why that choice refused it.
            refused = next(
                (e for c in reversed(out.choices) for e in c.excluded if e.target == target.text), None
            )
            out.checks.append(
                Check(
                    False,
                    "illegal_target",
                    refused.rules if refused else (r.V13_TARGET_RESTRICTIONS,),
                    f"{target.text} can't be chosen: {refused.because}."
                    if refused
                    else f"{target.text}: the card makes no further choice.",
                )
            )
    for spec, choice, taken in short:
        out.checks.append(
            Check(
                False,
                "missing_target",
                (r.V13_ALL_TARGETS_CHOSEN,),
                f'"{choice.choice}" needs {spec.min_count} target{"s" if spec.min_count != 1 else ""}; '
                f"{taken} {'was' if taken == 1 else 'were'} given.",
            )
        )
    same_groups: dict[str, set[str]] = {}
    for spec, choice, target in assigned:
        current = next((c for c in out.choices if c.choice == choice.choice), choice)
        if target.text in current.legal:
            out.checks.append(
                Check(
                    True,
                    "targets_legal",
                    current.rules,
                    f'{target.text} is a legal choice for "{current.choice}".',
                )
            )
            if target.obj is not None and target.obj.controller != ctx.acting:
                out.deflect_power += _deflect(target.obj)
            if "same_battlefield" in spec.group:
                same_groups.setdefault("same", set()).add(target.location)
        else:
            reason = next((e for e in current.excluded if e.target == target.text), None)
            because = reason.because if reason else f'it is not one of the choices for "{current.choice}"'
            rules = reason.rules if reason else current.rules
            out.checks.append(
                Check(False, "illegal_target", rules, f"{target.text} can't be chosen: {because}.")
            )
    for spec in {id(s): s for s, _, _ in assigned}.values():
        chosen = [t for s, c, t in assigned if s is spec and t.text in c.legal and t.obj is not None]
        if "one_battlefield" in spec.group and len({t.location for t in chosen}) > 1:
            out.checks.append(
                Check(
                    False,
                    "illegal_target",
                    (r.V13_TARGET_RESTRICTIONS, r.V13_GROUP_TARGETS),
                    f'The units chosen for "{spec.phrase}" must all be at one battlefield; they are at '
                    f"{', '.join(sorted({t.location for t in chosen}))}.",
                )
            )
        for grp in spec.group:
            limit = re.fullmatch(r"total_might<=(\d+)", grp)
            if limit is None:
                continue
            total = sum((t.obj.current_might or 0) for t in chosen if t.obj is not None)
            if total > int(limit.group(1)):
                out.checks.append(
                    Check(
                        False,
                        "illegal_target",
                        (r.V13_TARGET_RESTRICTIONS, r.V13_GROUP_TARGETS),
                        f'The units chosen for "{spec.phrase}" have a total Might of {total}, more than '
                        f"{limit.group(1)}.",
                    )
                )
    if len(same_groups.get("same", set())) > 1:
        out.checks.append(
            Check(
                False,
                "illegal_target",
                (r.V13_TARGET_RESTRICTIONS,),
                "The units chosen must be at the same battlefield.",
            )
        )
    if targets is None or not targets:
        blocked = [c for s, c in zip(specs, out.choices, strict=True) if not enough_targets(s, c)] + (
            [] if _jointly_possible(specs, out.choices) else out.choices[:1]
        )
        if card.is_type("Spell") and ctx.from_facedown:
            if blocked:
                out.checks.append(
                    Check(
                        False,
                        "no_legal_targets",
                        (r.CHOICES_RESTRICTED, r.NO_VALID_TARGETS),
                        (
                            f'Nothing at {ctx.hidden_at} can be chosen for "{blocked[0].choice}": a spell with no '
                            "legal target there can't be played from facedown."
                        )
                        if blocked[0].restricted_to
                        else (
                            f'Nothing can be chosen for "{blocked[0].choice}" (its own text puts it elsewhere than '
                            f"{ctx.hidden_at}, but no unit qualifies): a spell with no legal target can't be played "
                            "from facedown."
                        ),
                    )
                )
            elif specs:
                out.checks.append(
                    Check(
                        True,
                        "has_legal_targets",
                        (r.CHOICES_RESTRICTED,),
                        f"Every choice it must make has a legal target at {ctx.hidden_at}.",
                    )
                )
        elif card.is_type("Spell") and blocked:
            out.checks.append(
                Check(
                    False,
                    "no_legal_targets",
                    (r.NO_VALID_TARGETS,),
                    f'Nothing can be chosen for "{blocked[0].choice}": a spell needs legal targets to be played.',
                )
            )
        elif card.is_permanent and ctx.from_facedown and specs:
            finds = "finds nothing" if blocked else "chooses at " + str(ctx.hidden_at)
            out.checks.append(
                Check(
                    True,
                    "no_targets_needed",
                    (r.CHOICES_RESTRICTED,),
                    f"{card.name} is a {'unit' if card.is_type('Unit') else 'gear'}: it can be played even when its "
                    f"play effect has no legal target (here it {finds}).",
                )
            )
    return out


def _placement_effects(card: Card, parsed: CardChoices, ctx: PlayContext) -> list[Effect]:
    effects: list[Effect] = []
    bf = ctx.hidden_at
    if ctx.from_facedown and bf is not None:
        if card.is_type("Gear"):
            attach = any(
                s.purpose == "play_effect" and "attach" in s.sentence.casefold() for s in parsed.choices
            )
            effects.append(
                Effect(
                    (r.PERMANENT_PLAYED_THERE, r.GEAR_PLAYED_THERE),
                    f"{card.name} is played to {bf}, although gear is normally played to base.",
                )
            )
            effects.append(
                Effect(
                    (r.GEAR_RECALLED_AT_CLEANUP,),
                    f"If it isn't attached to a unit{' (its play effect attaches it to a unit you control there)' if attach else ''}, "
                    "the next cleanup recalls it to your base.",
                )
            )
        elif card.is_type("Unit"):
            effects.append(Effect((r.PERMANENT_PLAYED_THERE,), f"{card.name} is played to {bf}."))
        for play in parsed.unit_plays:
            if play.at_chosen_battlefield:
                effects.append(
                    Effect(
                        (r.SPELL_TARGETS_THERE,),
                        f'The unit ("{play.text}") enters at the battlefield it chose, which must be {bf}.',
                    )
                )
                continue
            effects.append(
                Effect((r.UNITS_PLAYED_THERE,), f'The unit it plays ("{play.text}") enters at {bf}.')
            )
    else:
        if card.is_type("Unit"):
            effects.append(
                Effect(
                    (r.PLAYED_FROM_HAND, r.V13_UNIT_LOCATIONS),
                    f"{card.name} is played to your base or a battlefield you control, as normal.",
                )
            )
        elif card.is_type("Gear"):
            effects.append(
                Effect((r.PLAYED_FROM_HAND,), f"{card.name} is a gear: it is played to your base, as normal.")
            )
        for play in parsed.unit_plays:
            effects.append(
                Effect(
                    (r.PLAYED_FROM_HAND,),
                    f'The unit it plays ("{play.text}") enters where it normally would.',
                )
            )
    for token in parsed.gear_tokens:
        effects.append(
            Effect(
                (r.OTHER_ABILITIES_NORMAL,),
                f'"{token}": a gear token, not a unit, so it is played as normal (to your base).',
            )
        )
    return effects


PowerNeed = frozenset[str]  # the domains that may pay one power; empty: any domain
ANY_POWER: PowerNeed = frozenset()


def _domain_need(domains: tuple[str, ...] | list[str]) -> PowerNeed:
    named = frozenset(d.casefold() for d in domains) - {"any", "colorless"}
    return named


def _payable(have: tuple[str, ...], needs: list[PowerNeed]) -> bool:
    """Whether the ready power (domains, "any" = rainbow) covers every need: a bipartite matching (Kuhn's)."""
    if len(have) < len(needs):
        return False

    def fits(rune: str, need: PowerNeed) -> bool:
        return rune == "any" or not need or rune in need

    owner: list[int | None] = [None] * len(have)  # the need each rune pays

    def assign(i: int, seen: set[int]) -> bool:
        for j, rune in enumerate(have):
            if j in seen or not fits(rune, needs[i]):
                continue
            seen.add(j)
            current = owner[j]
            if current is None or assign(current, seen):
                owner[j] = i
                return True
        return False

    return all(assign(i, set()) for i in range(len(needs)))


def _describe_power(needs: list[PowerNeed]) -> str:
    counts: dict[str, int] = {}
    for need in needs:
        word = " or ".join(sorted(d.capitalize() for d in need)) if need else "any domain"
        counts[word] = counts.get(word, 0) + 1
    return ", ".join(f"{n} power ({word})" for word, n in counts.items())


def _cost_check(
    position: Position,
    power_needs: list[PowerNeed],
    energy_needed: int,
    what: str,
    code: tuple[str, str],
    rules: tuple[str, ...],
    assumptions: list[str],
) -> Check | None:
    if not power_needs and energy_needed == 0:
        return None
    runes = position.me.runes
    need = " and ".join(
        p
        for p in (
            f"{energy_needed} energy" if energy_needed else "",
            _describe_power(power_needs) if power_needs else "",
        )
        if p
    )
    if runes is None:
        assumptions.append(f"Your runes are not listed, so {need} is taken to be ready.")
        return Check(True, code[0], rules, f"{what}: {need} (assumed ready: your runes are not listed).")
    ok = _payable(runes.power, power_needs) and runes.energy >= energy_needed
    have = f"{runes.energy} energy and {len(runes.power)} power" + (
        f" ({', '.join(runes.power)})" if runes.power else ""
    )
    return Check(ok, code[0] if ok else code[1], rules, f"{what}: {need}; you have {have} ready.")


def _cost_power(costs: list[AdditionalCost]) -> list[PowerNeed]:
    needs: list[PowerNeed] = []
    for cost in costs:
        domains = list(cost.power_domains) + ["any"] * (cost.power - len(cost.power_domains))
        needs.extend(_domain_need([d]) for d in domains[: cost.power])
    return needs


def answer_play_hidden(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> Answer:
    facedown = ask.facedown
    assert facedown is not None and ask.at is not None
    label = ask.at
    bf = position.battlefield(label)
    checks: list[Check] = []
    if facedown.hidden_turn is not None and facedown.hidden_turn > position.turn:
        raise ScenarioError(
            f"hidden_turn {facedown.hidden_turn} is after the current turn {position.turn}", "ask.at"
        )
    if facedown.hidden_turn is None:
        assumptions.append(
            f"No hidden_turn is given for {card.name}, so it is taken to have been hidden on an earlier turn."
        )
        checks.append(
            Check(
                True,
                "hidden_before_this_turn",
                (r.HIDDEN_DEFINITION, r.GAINS_REACTION),
                f"{card.name} was hidden on an earlier turn (assumed: no hidden_turn given).",
            )
        )
    elif facedown.hidden_turn < position.turn:
        checks.append(
            Check(
                True,
                "hidden_before_this_turn",
                (r.HIDDEN_DEFINITION, r.GAINS_REACTION),
                f"{card.name} was hidden on turn {facedown.hidden_turn}, before this turn ({position.turn}).",
            )
        )
    else:
        checks.append(
            Check(
                False,
                "hidden_this_turn",
                (r.HIDDEN_DEFINITION, r.GAINS_REACTION),
                f"{card.name} was hidden this turn: it can be played only from the next turn on.",
            )
        )
    if facedown.owner != "me":
        checks.append(
            Check(
                False,
                "not_your_facedown_card",
                (r.HIDDEN_DEFINITION,),
                f"The facedown card at {label} is your opponent's.",
            )
        )
    controls = bf is not None and bf.controller == "me"
    # Whether the card stays there is a question about its owner's control; for an opponent's card the check above
    # already says no.
    if facedown.owner == "me":
        checks.append(
            Check(
                controls,
                "still_controls_battlefield" if controls else "battlefield_lost",
                (r.FACEDOWN_ZONE_NEEDS_CONTROL, r.FACEDOWN_REMOVED_ON_LOSS, r.CLEANUP_TRASHES_FACEDOWN),
                f"You control {label}, so the card stays there."
                if controls
                else f"You don't control {label}: the cleanup that follows the loss puts {card.name} in your trash, "
                "so there is no moment to play it.",
            )
        )
    if checks[0].ok:
        checks.append(_reaction_timing(position))
    parsed = choices_for(card)
    ctx = PlayContext("me", label, label if card.is_permanent else None, ask.source_left_board, card)
    outcome = resolve_choices(card, parsed, position, ctx, ask.targets)
    checks.extend(outcome.checks)
    optional = [c for c in parsed.costs if c.optional] if ask.optional_costs else []
    optional_power = sum(c.power for c in optional)
    optional_energy = sum(c.energy for c in optional)
    mandatory = [c for c in parsed.costs if not c.optional]
    cost = _cost_check(
        position,
        # Deflect's power may be of any domain (v1.3 809.1.c.1); a cost that names a domain needs that domain.
        [ANY_POWER] * outcome.deflect_power + _cost_power(optional) + _cost_power(mandatory),
        optional_energy,
        "Additional cost" + (" (Deflect)" if outcome.deflect_power else ""),
        ("can_pay_additional", "cannot_pay_additional"),
        (r.HIDDEN_DEFINITION, r.IGNORE_BASE_COST, r.ADDITIONAL_COSTS_STILL_APPLY)
        + ((r.V13_DEFLECT, r.V13_MANDATORY_ADDITIONAL_COST) if outcome.deflect_power else ())
        + ((r.V13_OPTIONAL_ADDITIONAL_COST,) if optional_power or optional_energy else ()),
        assumptions,
    )
    if cost is not None:
        if not cost.ok and optional:
            without = _cost_check(
                position,
                [ANY_POWER] * outcome.deflect_power + _cost_power(mandatory),
                0,
                "",
                ("a", "b"),
                (),
                [],
            )
            if without is None or without.ok:
                cost = replace(
                    cost,
                    because=cost.because
                    + " Without the optional additional cost it can still be played (ask without optional_costs).",
                )
        checks.append(cost)
    effects = [
        Effect(
            (r.PLAY_FROM_FACEDOWN_OPENS_CHAIN,),
            'Playing it from facedown is a play: it opens a chain, and "when you play" abilities trigger.',
        ),
        Effect(
            (r.HIDDEN_DEFINITION, r.IGNORE_BASE_COST),
            f"Its base cost ({_printed_cost(card)}) is ignored: it costs 0.",
        ),
        Effect(
            (r.ADDITIONAL_COSTS_STILL_APPLY,),
            "Additional costs still apply: Deflect on an enemy unit it chooses, and optional additional costs if you choose to pay them"
            + (f" ({'; '.join(c.text for c in parsed.costs)})" if parsed.costs else "")
            + ".",
        ),
        Effect((r.FACEDOWN_REVEALED_ON_ZONE_CHANGE,), "It is revealed as it leaves the facedown zone."),
    ]
    effects.extend(_placement_effects(card, parsed, ctx))
    effects.extend(outcome.effects)
    effects.extend(_deflect_notes(outcome.choices, position))
    for text in parsed.hand_only:
        effects.append(
            Effect(
                (r.OTHER_ABILITIES_NORMAL,),
                f'"{text}" does nothing: it was played from facedown, not from your hand.',
            )
        )
    for text in parsed.facedown_only:
        effects.append(Effect((r.OTHER_ABILITIES_NORMAL,), f'"{text}" applies: it was played from facedown.'))
    effects.append(
        Effect(
            (r.OTHER_ABILITIES_NORMAL,),
            "Only its choices are restricted: its other abilities and instructions work as normal.",
        )
    )
    _hidden_permission(card, checks, outcome)
    effects.extend(_no_reveal_here(position, label, outcome))
    return _finish(
        "play_hidden",
        card,
        label,
        checks,
        outcome,
        effects,
        assumptions,
        verb="play",
        where=f"from facedown at {label}",
    )


_NO_REVEAL = re.compile(r"opponents'? \[?Hidden\]? cards can't be revealed here", re.IGNORECASE)


def _no_reveal_here(position: Position, label: str, outcome: ChoiceOutcome) -> list[Effect]:
    """An enemy permanent at the battlefield saying your Hidden cards can't be revealed there (Noxus Saboteur).

    Playing a card from facedown reveals it (422.4), which such text forbids, yet a facedown card is not a card with
    Hidden (811.5.a), so the text may not reach it: the rules leave this open, and the answer says so.
    """
    effects: list[Effect] = []
    for obj in position.objects_at(label):
        if obj.controller == "me" or not _NO_REVEAL.search(source_text(obj.card)):
            continue
        outcome.undecided.append(
            f"{obj.card.name} (your opponent's, at {label}) says your Hidden cards can't be revealed there. Playing a "
            "card from facedown reveals it (422.4), so if that text reaches your facedown card you can't play it "
            "there; but a facedown card is not a card with Hidden (811.5.a), so the text may not reach it. The rules "
            "don't settle which: ask the head judge."
        )
        effects.append(
            Effect(
                (r.FACEDOWN_REVEALED_ON_ZONE_CHANGE, r.FACEDOWN_IS_NOT_HIDDEN),
                f"{obj.card.name} at {label}: your Hidden cards can't be revealed there; whether that stops playing "
                "a facedown card is open.",
            )
        )
    return effects


def _printed_cost(card: Card) -> str:
    if card.energy is None and card.partial:
        return "not known for this card"
    return f"{card.energy or 0} energy, {card.power or 0} power"


def _reaction_timing(position: Position) -> Check:
    """A card with Reaction is played when its controller may act: any time on your turn; on the opponent's
    turn only while a chain is open or a showdown is under way (outside those, only the turn player has priority)."""
    rules = (r.GAINS_REACTION, r.REACTION_NOT_PUBLIC, r.V13_REACTION_TIMING, r.V13_PRIORITY)
    state = "a chain is open" if position.closed else "no chain is open"
    showdown = (
        f"a showdown is under way at {position.showdown}" if position.showdown else "no showdown is under way"
    )
    if position.turn_player == "me":
        return Check(True, "reaction_timing", rules, f"It has Reaction now, and it is your turn ({state}).")
    if position.closed or position.showdown:
        return Check(
            True,
            "reaction_timing",
            rules,
            f"It has Reaction now: on your opponent's turn, {state} and {showdown}.",
        )
    return Check(
        False,
        "no_reaction_timing",
        rules,
        "It has Reaction, but on your opponent's turn with no chain open and no showdown there is no moment to play "
        "a Reaction: only the turn player may act then.",
    )


def _deflect_notes(choices: list[Choice], position: Position) -> list[Effect]:
    notes: list[Effect] = []
    by_label = {o.label: o for o in position.objects}
    for choice in choices:
        for label in choice.legal:
            obj = by_label.get(label)
            if obj is not None and obj.controller != "me" and _deflect(obj):
                notes.append(
                    Effect(
                        (r.ADDITIONAL_COSTS_STILL_APPLY, r.V13_DEFLECT),
                        f"Choosing {label} costs {_deflect(obj)} more power of any domain (Deflect).",
                    )
                )
    return notes


def _finish(
    kind: AskKind,
    card: Card,
    label: str | None,
    checks: list[Check],
    outcome: ChoiceOutcome,
    effects: list[Effect],
    assumptions: list[str],
    *,
    verb: str,
    where: str,
) -> Answer:
    failed = [c for c in checks if not c.ok]
    legal: bool | None = not failed
    undecided = tuple(outcome.undecided)
    if undecided and not failed:
        legal = None
    if legal is None:
        summary = f"Depends: whether you can {verb} {card.name} {where} is not settled. " + " ".join(
            undecided
        )
    elif failed:
        summary = f"No: you can't {verb} {card.name} {where}: " + " ".join(c.because for c in failed)
    else:
        restricted = [c for c in outcome.choices if c.restricted_to]
        tail = f" Its choices are restricted to {label}." if restricted and label else ""
        summary = f"Yes: you can {verb} {card.name} {where}.{tail}"
    return Answer(
        ask=kind,
        legal=legal,
        summary=summary,
        checks=tuple(checks),
        choices=tuple(outcome.choices),
        effects=tuple(effects),
        undecided=undecided,
        card=card.name,
        at=label,
        assumptions=tuple(dict.fromkeys(assumptions)),
    )


def _normal_timing(card: Card, position: Position) -> Check:
    keywords = printed_keywords(card)
    mine = position.turn_player == "me"
    closed = position.closed
    showdown = position.showdown is not None
    if "reaction" in keywords:
        timing = _reaction_timing(position)
        return Check(
            timing.ok,
            "normal_timing" if timing.ok else "not_normal_timing",
            (r.PLAYED_FROM_HAND, *timing.rules),
            f"{card.name} has Reaction. "
            + timing.because.replace("It has Reaction now", "It").replace("It has Reaction, but", "But"),
        )
    if "action" in keywords:
        ok = not closed and (mine or showdown)
        because = (
            f"{card.name} has Action: it may be played on your turn or in a showdown, in an open state."
            if ok
            else f"{card.name} has Action but not Reaction: it can't be played "
            + ("while a chain is open." if closed else "on your opponent's turn outside a showdown.")
        )
        return Check(
            ok,
            "normal_timing" if ok else "not_normal_timing",
            (r.PLAYED_FROM_HAND, r.V13_ACTION_TIMING),
            because,
        )
    ok = mine and not closed and not showdown
    because = (
        "It is your turn, with no chain and no showdown: its normal timing."
        if ok
        else f"{card.name} has neither Action nor Reaction: it is played only on your turn with no chain open and no showdown."
    )
    return Check(
        ok,
        "normal_timing" if ok else "not_normal_timing",
        (r.PLAYED_FROM_HAND, r.V13_NEUTRAL_OPEN_DEFAULT),
        because,
    )


def answer_play(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> Answer:
    checks: list[Check] = []
    me = position.me
    zone = ask.from_ or "hand"
    if zone == "hand":
        in_hand = me.hand is None or any(c.name == card.name for c in me.hand)
        if me.hand is None:
            assumptions.append(f"Your hand is not listed, so {card.name} is taken to be in it.")
        checks.append(
            Check(
                in_hand,
                "in_hand" if in_hand else "not_in_hand",
                (r.PLAYED_FROM_HAND,),
                f"{card.name} is in your hand." if in_hand else f"{card.name} is not in your hand.",
            )
        )
    elif zone == "champion_zone":
        ok = me.champion_zone is None or any(c.name == card.name for c in me.champion_zone)
        checks.append(
            Check(
                ok,
                "in_hand" if ok else "not_in_hand",
                (r.PLAYED_FROM_HAND,),
                f"{card.name} is in your Champion Zone."
                if ok
                else f"{card.name} is not in your Champion Zone.",
            )
        )
    else:
        checks.append(
            Check(
                False,
                "not_in_hand",
                (r.PLAYED_FROM_HAND,),
                f"A card is played from your hand, not from {zone}.",
            )
        )
    checks.append(_normal_timing(card, position))
    destination = _destination_check(card, position, ask.to)
    if destination is not None:
        checks.append(destination)
    parsed = choices_for(card)
    cost_unknown = card.partial and card.energy is None and card.power is None
    ctx = PlayContext("me", None, ask.to if card.is_permanent else None, ask.source_left_board, card)
    outcome = resolve_choices(card, parsed, position, ctx, ask.targets)
    checks.extend(outcome.checks)
    optional = [c for c in parsed.costs if c.optional] if ask.optional_costs else []
    cost = _cost_check(
        position,
        # A card's power cost is paid with power of its domain (of one of its domains for a multi-domain card).
        [_domain_need(card.domains)] * (card.power or 0)
        + [ANY_POWER] * outcome.deflect_power
        + _cost_power([c for c in parsed.costs if not c.optional])
        + _cost_power(optional),
        (card.energy or 0) + sum(c.energy for c in optional),
        "Its cost" + (" with Deflect" if outcome.deflect_power else ""),
        ("can_pay_cost", "cannot_pay_cost"),
        (r.PLAYED_FROM_HAND,) + ((r.V13_DEFLECT,) if outcome.deflect_power else ()),
        assumptions,
    )
    if cost_unknown:
        # A card known only from the seeds: its cost is not known, so whether it can be paid is not either.
        outcome.undecided.append(
            f"{card.name} is known only partly (from the seed documents): its cost is not known, so whether you can "
            "pay it is not known (811.3)."
        )
    elif cost is not None:
        checks.append(cost)
    effects = [
        Effect(
            (r.PLAYED_FROM_HAND,),
            "Played from hand for its cost, at its normal timing: none of its choices is restricted.",
        )
    ]
    effects.extend(_placement_effects(card, parsed, ctx))
    effects.extend(outcome.effects)
    effects.extend(_deflect_notes(outcome.choices, position))
    for text in parsed.facedown_only:
        effects.append(
            Effect(
                (r.PLAYED_FROM_HAND,),
                f'"{text}" does nothing: it was played from your hand, not from facedown.',
            )
        )
    return _finish(
        "play", card, None, checks, outcome, effects, assumptions, verb="play", where="from your hand"
    )


def answer_targets(card: Card, position: Position, ask: Ask, assumptions: list[str]) -> Answer:
    parsed = choices_for(card)
    from_hand = ask.at is None or ask.from_ == "hand"
    label = None if from_hand else ask.at
    location = ask.to if from_hand else label
    ctx = PlayContext("me", label, location if card.is_permanent else None, ask.source_left_board, card)
    outcome = resolve_choices(card, parsed, position, ctx, None)
    effects = (
        list(_placement_effects(card, parsed, ctx))
        + outcome.effects
        + _deflect_notes(outcome.choices, position)
    )
    if not outcome.choices and not outcome.undecided:
        effects.append(Effect((r.OTHER_ABILITIES_NORMAL,), f"{card.name} makes no choice when played."))
    if from_hand:
        effects.insert(
            0, Effect((r.PLAYED_FROM_HAND,), "Played from hand: none of its choices is restricted.")
        )
    else:
        effects.insert(
            0,
            Effect(
                (r.OTHER_ABILITIES_NORMAL,),
                "Only its choices are restricted: its other abilities work as normal.",
            ),
        )
    where = "from your hand" if from_hand else f"from facedown at {label}"
    checks = list(outcome.checks)
    if not from_hand:
        _hidden_permission(card, checks, outcome)
    else:
        destination = _destination_check(card, position, ask.to)
        if destination is not None:
            checks.append(destination)
    return _finish("targets", card, label, checks, outcome, effects, assumptions, verb="play", where=where)


def _destination_check(card: Card, position: Position, to: str | None) -> Check | None:
    """Played normally, a unit goes to your base or a battlefield you control (v1.3 355.2.a), a gear to your base."""
    if to is None or not card.is_permanent:
        return None
    if card.is_type("Gear"):
        ok = to == "me.base"
        return Check(
            ok,
            "valid_destination" if ok else "invalid_destination",
            (r.PLAYED_FROM_HAND, r.GEAR_PLAYED_THERE),
            f"{card.name} is a gear: played normally, it goes to your base."
            + ("" if ok else f" It can't be played to {to}."),
        )
    bf = position.battlefield(to)
    ok = to == "me.base" or (bf is not None and bf.controller == "me")
    holder = "nobody" if bf is None or bf.controller is None else "your opponent"
    return Check(
        ok,
        "valid_destination" if ok else "invalid_destination",
        (r.PLAYED_FROM_HAND, r.V13_UNIT_LOCATIONS),
        f"{card.name} is played to {'your base' if to == 'me.base' else to}"
        + (
            ": a unit may be played to your base or a battlefield you control."
            if ok
            else f", which you don't control ({holder} does): a unit is played to your base or a battlefield you control."
        ),
    )


def _hidden_permission(card: Card, checks: list[Check], outcome: ChoiceOutcome) -> None:
    """Only a card with Hidden gains Reaction and may be played from facedown ignoring its base cost (811.1.b, 811.6).

    A card known only partly (from the seeds) may have Hidden without our knowing it: that is undecided, not a No.
    """
    rules = (r.HIDDEN_DEFINITION, r.GAINS_REACTION)
    if has_hidden(card):
        checks.insert(0, Check(True, "has_hidden", rules, f"{card.name} has Hidden."))
    elif card.partial:
        outcome.undecided.append(
            f"{card.name} is known only partly (from the seed documents): whether it has Hidden is not known, and "
            "only a card with Hidden may be played from facedown this way (811.1.b, 811.6)."
        )
    else:
        checks.insert(
            0,
            Check(
                False,
                "no_hidden",
                rules,
                f"{card.name} doesn't have Hidden: only a card with Hidden gains Reaction and may be played from "
                "facedown ignoring its base cost. A card put facedown by another effect follows that effect's text.",
            ),
        )
