"""The probe of each kind of static effect (tests/support/sensitivity.py has what they share): a position where the
effect applies, with the question it should change, and the same position without its card. A builder returns a
`Probe`, or a line saying why no question the engine answers can show the effect (a keyword no check consults; a
keyword given only to tokens, which are never in a hand)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.reading.effects import (
    CostChange,
    HideGrant,
    IgnoreDeflect,
    KeywordGrant,
    MightStatic,
    NoReveal,
    PlayRule,
    Scope,
    StaticEffect,
    TagGrant,
    Untargetable,
)
from cardsdb.models import Card
from tests.support.sensitivity import (
    OPEN,
    THERE,
    TIMING_KEYWORDS,
    Placed,
    Pool,
    Probe,
    Scenario,
    conditions,
    count_one,
    might_spell,
    place,
    satisfy,
    target_spell,
)

Built = Probe | str


def _pair(card: Card, effect: str, side: str, pool: Pool, make: Callable[[Placed], None]) -> Probe:
    """The probe: `make` asks the question in the position with the card (its conditions made to hold) and without."""
    scenarios: list[Scenario] = []
    for present in (True, False):
        placed = place(card, side, pool, present=present)
        make(placed)
        scenarios.append(placed.scenario)
    return Probe(card.name, effect, scenarios[0], scenarios[1])


def _present(card: Card, placed: Placed) -> bool:
    return placed.entry is not None or card.name in str(placed.scenario)


def _holding(
    card: Card, effect: StaticEffect, pool: Pool, make: Callable[[Placed], None]
) -> Callable[[Placed], None]:
    """`make`, after the effect's condition is made to hold (only where the card is present)."""

    def run(placed: Placed) -> None:
        if _present(card, placed):
            for condition in conditions(effect):
                satisfy(condition, placed, pool)
        make(placed)

    return run


def _fits(card: Card, scope: Scope, reading: CardReading) -> bool:
    kinds = {"Unit": "unit", "Gear": "gear", "Spell": "spell"}
    kind = next((k for t, k in kinds.items() if card.is_type(t)), "card")
    tags = {t.casefold() for t in card.tags}
    return (
        ("card" in scope.kinds or kind in scope.kinds)
        and (not scope.tags or bool(tags & {t.casefold() for t in scope.tags}))
        and (not scope.keyword or reading.has(scope.keyword))
    )


def _in_hand(pool: Pool, scope: Scope, lacking: tuple[str, ...]) -> Card | None:
    """A card that can be in hand, in `scope`, without `lacking` keywords; a spell choosing nothing and with no text
    the engine does not read (its choice or its text could block it)."""
    return pool.find(
        lambda c: (
            not any(s.casefold() == "token" for s in c.supertypes)
            and any(c.is_type(t) for t in ("Unit", "Gear", "Spell"))
            and _fits(c, scope, pool.reading(c))
            and not any(pool.reading(c).has(k) for k in lacking)
            and not (c.is_type("Spell") and (pool.reading(c).choices.choices or pool.reading(c).unread))
        )
    )


def timing(card: Card, grant: KeywordGrant, pool: Pool) -> Built:
    """Reaction, Quick-Draw or Action given to cards in hand: played on the opponent's turn."""
    subject = _in_hand(pool, grant.scope, (*TIMING_KEYWORDS, "ambush"))
    if subject is None:
        return f"{card.name}: no card that can be in a hand is in the scope of its grant"
    action_only = all(k.split()[0].casefold() == "action" for k in grant.keywords)

    def ask(placed: Placed) -> None:
        s = placed.scenario
        s["turn_player"] = "opp"
        if action_only:
            s["showdown"] = placed.label
        else:
            s["state"] = "closed"
            s["chain"] = [{"card": "Stupefy", "controller": "opp"}]
        s["me"]["hand"] = [subject.name]
        s["ask"] = {
            "play": subject.name,
            "from": "hand",
            **({"to": "me.base"} if subject.is_type("Unit") else {}),
        }

    return _pair(
        card,
        f"gives {subject.name} {'Action' if action_only else 'Reaction'}",
        "me",
        pool,
        _holding(card, grant, pool, ask),
    )


def _subject_entry(scope: Scope, pool: Pool, side: str, might: int | None = None) -> dict[str, Any] | None:
    """A unit (or gear) in the scope, placed where the scope reaches."""
    gear = "gear" in scope.kinds and "unit" not in scope.kinds
    found = (
        pool.find(lambda c: c.is_type("Gear") and pool.quiet(c) and not pool.reading(c).keywords)
        if gear
        else pool.unit(tags=scope.tags, might=might, token="token" in scope.statuses)
    )
    if found is None:
        return None
    entry: dict[str, Any] = {"card": found.name, "controller": side, "id": "subject"}
    flags = {
        "buffed": "buffed",
        "stunned": "stunned",
        "empowered": "empowered",
        "defending_alone": "defending",
    }
    entry.update({flags[s]: True for s in scope.statuses if s in flags})
    if scope.keyword:
        entry["keywords"] = [scope.keyword.capitalize()]
    return entry


def deflect(card: Card, grant: KeywordGrant, pool: Pool) -> Built:
    """Deflect given to the opponent's units (or gear): a spell of mine choosing one, with no power to pay it."""
    kind = "gear" if "gear" in grant.scope.kinds and "unit" not in grant.scope.kinds else "unit"
    spell = target_spell(pool, kind)
    entry = _subject_entry(grant.scope, pool, "opp")
    if spell is None or entry is None:
        return f"{card.name}: no {kind} to probe its Deflect with"

    def ask(placed: Placed) -> None:
        s = placed.scenario
        s["battlefields"][placed.label]["gear" if kind == "gear" else "units"].append(dict(entry))
        s["me"]["runes"] = {"energy": 12, "power": 0}
        s["me"]["hand"] = [spell.name]
        s["ask"] = {"play": spell.name, "from": "hand", "targets": [f"subject@{placed.label}"]}

    return _pair(
        card, "gives Deflect: choosing it costs a power", "opp", pool, _holding(card, grant, pool, ask)
    )


def keyword(card: Card, grant: KeywordGrant, pool: Pool, consulted: frozenset[str]) -> Built:
    names = {k.split()[0].casefold() for k in grant.keywords}
    if names & set(TIMING_KEYWORDS):
        return timing(card, grant, pool)
    if "deflect" in names:
        return deflect(card, grant, pool)
    if names & {"weaponmaster", "ambush", "accelerate", "hidden"}:
        return played_with(card, grant, pool)
    if (via := _scope_naming(pool, names)) is not None:
        return keyword_might(card, grant, pool, via)
    unconsulted = sorted(names - consulted)
    if unconsulted == sorted(names):
        return f"{card.name}: gives {', '.join(unconsulted)}, which no check of playing, paying or choosing consults"
    return f"{card.name}: gives {', '.join(sorted(names & consulted))}, and no probe asks about it"


def played_with(card: Card, grant: KeywordGrant, pool: Pool) -> Built:
    """A keyword that adds to a card's play (Weaponmaster's choice, Accelerate's cost, Ambush's places): the card's
    choices and costs from hand, with an Equipment of mine for Weaponmaster to choose."""
    subject = _in_hand(pool, grant.scope, tuple(k.split()[0].casefold() for k in grant.keywords))
    if subject is None:
        return f"{card.name}: no card that can be in a hand is in the scope of its grant"
    gear = pool.find(lambda c: "equipment" in {t.casefold() for t in c.tags} and pool.quiet(c))

    def ask(placed: Placed) -> None:
        s = placed.scenario
        if gear is not None:
            s["me"]["base"]["gear"].append({"card": gear.name})
        s["me"]["hand"] = [subject.name]
        s["ask"] = {"targets": subject.name, "from": "hand", "optional_costs": True}

    return _pair(
        card,
        f"gives {subject.name} {', '.join(grant.keywords)}",
        "me",
        pool,
        _holding(card, grant, pool, ask),
    )


def _scope_naming(pool: Pool, names: set[str]) -> Card | None:
    """A card whose static ability reaches units with one of these keywords ("Units here with [Tank]")."""
    return pool.find(
        lambda c: (
            c.is_type("Battlefield")
            and any(e.scope.keyword in names for e in pool.reading(c).effects(MightStatic))
        )
    )


def keyword_might(card: Card, grant: KeywordGrant, pool: Pool, via: Card) -> Built:
    """A keyword another card's Might depends on (Lillia's Tank at Kinkou Temple): a unit there with the keyword now
    has more Might, and a spell choosing "a unit with N Might or less" can't choose it."""
    static = next(e for e in pool.reading(via).effects(MightStatic))
    limit = 2
    spell = might_spell(pool, limit)
    entry = _subject_entry(grant.scope, pool, "me")
    if spell is None or entry is None:
        return f"{card.name}: no unit of its scope to probe its keyword with"
    unit = pool.db.get_card(entry["card"])
    assert unit is not None and static.amount > 0
    entry["buffed"] = (unit.might or 0) < limit

    def ask(placed: Placed) -> None:
        s = placed.scenario
        s["battlefields"][via.name] = {"controller": "me", "units": [dict(entry)]}
        s["me"]["hand"] = [spell.name]
        s["ask"] = {"targets": spell.name, "from": "hand"}

    return _pair(
        card,
        f"gives {', '.join(grant.keywords)}, which {via.name} counts",
        "me",
        pool,
        _holding(card, grant, pool, ask),
    )


def _might_subject(static: MightStatic, pool: Pool, side: str) -> tuple[dict[str, Any], Card] | None:
    """A unit in the static's scope whose Might the static moves across a spell's limit, and that spell."""
    scope = static.scope
    bonus = 1 if "buffed" in scope.statuses else 0
    for limit in (3, 2):
        spell = might_spell(pool, limit)
        for buff in (0, 1):
            might = limit - bonus - buff if static.amount > 0 else limit + 1 - bonus - buff
            entry = _subject_entry(scope, pool, side, might)
            if spell is not None and entry is not None:
                return ({**entry, **({"buffed": True} if buff else {})}, spell)
    return None


def might(card: Card, static: MightStatic, pool: Pool, where: str | None = None) -> Built:
    """Might given to units (or taken): a spell choosing "a unit with N Might or less" can or can't choose it."""
    equipment = static.scope.itself
    side = "opp" if static.scope.side == "enemy" else "me"
    found = _might_subject(static, pool, side)
    if found is None:
        return f"{card.name}: no unit of its scope to probe its Might with"
    entry, spell = found

    def ask(placed: Placed) -> None:
        s = placed.scenario
        label = where or placed.label
        units = s["battlefields"].setdefault(label, {"controller": "me", "units": []})["units"]
        if equipment and placed.entry is not None:  # the Equipment's "I" is the unit it is attached to
            holder = next(u for u in s["battlefields"][placed.label]["units"] if u.get("id") == "holder")
            holder.update({k: v for k, v in entry.items() if k not in ("id", "controller")})
        else:
            units.append(dict(entry))
        if static.per and _present(card, placed):
            count_one(static.per, placed, pool)
        s["me"]["hand"] = [spell.name]
        s["ask"] = {"targets": spell.name, "from": "hand"}

    return _pair(card, f"Might {static.amount:+d}", "me", pool, _holding(card, static, pool, ask))


def _cost_subject(change: CostChange, pool: Pool) -> Card | None:
    """A card in the change's scope, in hand, choosing nothing, with enough energy for the change to matter."""
    scope = change.scope
    need = change.energy + change.floor + 1

    def fits(c: Card) -> bool:
        reading = pool.reading(c)
        return (
            _fits(c, scope, reading)
            and not any(s.casefold() == "token" for s in c.supertypes)
            and (c.energy or 0) >= need
            and not reading.choices.choices
            and not reading.unread
            and not reading.effects(CostChange)
            and (not scope.keyword or reading.has(scope.keyword))
        )

    return pool.find(lambda c: any(c.is_type(t) for t in ("Spell", "Unit", "Gear")) and fits(c))


def cost(card: Card, change: CostChange, pool: Pool) -> Built:
    """A cost increase (runes that pay the printed cost exactly) or a discount (one energy short)."""
    subject = _cost_subject(change, pool)
    if subject is None:
        return f"{card.name}: no card of its scope to probe its cost change with"
    side = "opp" if change.scope.side == "enemy" else "me"
    short = 0 if change.more else (1 if change.energy else 0)
    power_short = 0 if change.more or change.energy else 1

    def ask(placed: Placed) -> None:
        s = placed.scenario
        s["me"]["runes"] = {
            "energy": (subject.energy or 0) - short,
            "power": (subject.power or 0) - power_short,
        }
        s["me"]["hand"] = [subject.name]
        s["ask"] = {"play": subject.name, "from": "hand"}
        if subject.is_type("Unit"):
            s["ask"]["to"] = "me.base"

    way = "more" if change.more else "less"
    return _pair(card, f"{subject.name} costs {way}", side, pool, _holding(card, change, pool, ask))


def play_rule(card: Card, rule: PlayRule, pool: Pool) -> Built:
    """Where a unit of mine may be played (or a spell, for a named spell)."""
    unit = pool.unit()
    assert unit is not None
    side = "opp" if rule.kind in ("opponents_units_to_base", "no_spells_named") else "me"

    def ask(placed: Placed) -> None:
        s = placed.scenario
        to = placed.label if rule.kind == "no_units_here" else "Field A"
        if rule.kind == "may_play_to_open":
            s["battlefields"][OPEN] = {"controller": None, "units": []}
            to = OPEN
        elif rule.kind == "may_play_to_occupied_if_alone":
            s["battlefields"][THERE]["units"].append({"card": unit.name, "controller": "opp"})
            to = THERE
        if rule.kind == "no_spells_named":
            s["me"]["hand"] = ["Stupefy"]
            s["ask"] = {"play": "Stupefy", "from": "hand"}
            return
        s["me"]["hand"] = [unit.name]
        s["ask"] = {"play": unit.name, "from": "hand", "to": to}

    return _pair(card, f"play rule {rule.kind}", side, pool, _holding(card, rule, pool, ask))


def untargetable(card: Card, guard: Untargetable, pool: Pool) -> Built:
    """Units that can't be chosen by enemy spells: my spell choosing the opponent's unit."""
    spell = target_spell(pool, "unit")
    entry = _subject_entry(Scope(), pool, "opp", might=1) or _subject_entry(Scope(), pool, "opp", might=2)
    assert spell is not None and entry is not None

    def ask(placed: Placed) -> None:
        s = placed.scenario
        s["battlefields"][placed.label]["units"].append(dict(entry))
        s["me"]["hand"] = [spell.name]
        s["ask"] = {"play": spell.name, "from": "hand", "targets": [f"subject@{placed.label}"]}

    return _pair(card, "its units can't be chosen", "opp", pool, _holding(card, guard, pool, ask))


def ignore_deflect(card: Card, effect: IgnoreDeflect, pool: Pool) -> Built:
    """Deflect ignored for choices here: my spell choosing a unit with Deflect there, with no power."""
    spell = target_spell(pool, "unit")
    unit = pool.unit()
    assert spell is not None and unit is not None

    def ask(placed: Placed) -> None:
        s = placed.scenario
        enemy = {"card": unit.name, "controller": "opp", "id": "subject", "keywords": ["Deflect"]}
        s["battlefields"][placed.label]["units"].append(enemy)
        s["me"]["runes"] = {"energy": 12, "power": 0}
        s["me"]["hand"] = [spell.name]
        s["ask"] = {"play": spell.name, "from": "hand", "targets": [f"subject@{placed.label}"]}

    return _pair(card, "Deflect ignored here", "me", pool, ask)


def _hidden_card(pool: Pool) -> Card:
    """A card with Hidden that is played from facedown with nothing to decide but itself (no choice, no text left)."""
    found = pool.find(
        lambda c: (
            c.is_permanent
            and pool.reading(c).has("hidden")
            and not pool.reading(c).choices.choices
            and not pool.reading(c).unread
        )
    )
    assert found is not None
    return found


def hiding(card: Card, grant: HideGrant | NoReveal, pool: Pool) -> Built:
    """Hiding paid another way, room for another facedown card, a facedown card that can't be revealed here."""
    hidden = _hidden_card(pool)
    side = "opp" if isinstance(grant, NoReveal) else "me"

    def ask(placed: Placed) -> None:
        s = placed.scenario
        label = placed.label if side == "me" else "Field A"
        if isinstance(grant, NoReveal):
            if _present(card, placed):  # moved to the battlefield where my card is facedown
                s["battlefields"]["Field A"]["units"].append({"card": card.name, "controller": "opp"})
                s["battlefields"][THERE]["units"] = [
                    u for u in s["battlefields"][THERE]["units"] if u["card"] != card.name
                ]
            s["battlefields"]["Field A"]["facedown"] = [
                {"card": hidden.name, "owner": "me", "hidden_turn": 2}
            ]
            s["ask"] = {"play_hidden": hidden.name, "at": "Field A"}
            return
        s["me"]["hand"] = [hidden.name]
        if grant.room:
            s["battlefields"][label]["facedown"] = [{"card": hidden.name, "owner": "me", "hidden_turn": 2}]
        s["me"]["runes"] = {"energy": 1, "power": 1 if grant.room else 0}
        pay = "energy" if grant.energy else "none" if grant.free else "rune"
        s["ask"] = {"hide": hidden.name, "at": label, "pay": pay}

    return _pair(card, type(grant).__name__, side, pool, ask)


def tag(card: Card, grant: TagGrant, pool: Pool) -> Built:
    """A tag given to the unit an Equipment is attached to: a card of mine that costs less while I control one."""
    subject = pool.find(
        lambda c: any(
            e.condition.kind == "controls_tagged" and e.condition.subject == grant.tag and not e.more
            for e in pool.reading(c).effects(CostChange)
        )
    )
    if subject is None:
        return f"{card.name}: nothing in the pool asks for a {grant.tag}"

    def ask(placed: Placed) -> None:
        s = placed.scenario
        s["me"]["runes"] = {"energy": (subject.energy or 0) - 1, "power": subject.power or 0}
        s["me"]["hand"] = [subject.name]
        s["ask"] = {"play": subject.name, "from": "hand"}

    return _pair(card, f"makes its unit a {grant.tag}", "me", pool, ask)


def probe(card: Card, effect: StaticEffect, pool: Pool, consulted: frozenset[str]) -> Built:
    """The probe of one static effect of `card` that reaches other cards."""
    if isinstance(effect, KeywordGrant):
        return keyword(card, effect, pool, consulted)
    if isinstance(effect, MightStatic):
        return might(card, effect, pool)
    if isinstance(effect, CostChange):
        return cost(card, effect, pool)
    if isinstance(effect, PlayRule):
        return play_rule(card, effect, pool)
    if isinstance(effect, Untargetable):
        return untargetable(card, effect, pool)
    if isinstance(effect, IgnoreDeflect):
        return ignore_deflect(card, effect, pool)
    if isinstance(effect, HideGrant | NoReveal):
        return hiding(card, effect, pool)
    return tag(card, effect, pool)
