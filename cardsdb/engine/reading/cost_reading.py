"""Sentences about costs -> `CostChange`s: the card's own ("I cost [2] less if you control a Mech") and other cards'
("Your spells cost [1][A] less, to a minimum of [1]", "During showdowns here, cards with [Reaction] cost [A] more to
play"), each with whom it reaches, its amount, what it counts, its floor and its condition as a code the board
decides (v1.4 356.3, 356.4). A cost sentence read otherwise is left to the caller (not understood).
"""

from __future__ import annotations

import re

from cardsdb.engine.reading.effects import ALWAYS, Condition, CostChange, PerCount, Scope, Side, both
from cardsdb.text.domains import DOMAINS

_COST = rf"(?P<cost>(?:\[(?:\d+|A|{'|'.join(DOMAINS)})\])+)"
_SYMBOL = re.compile(r"\[(\d+|[A-Za-z]+)\]")
_FLOOR = re.compile(r"(?<!\s),?\s*to a minimum of \[(?P<floor>\d+)\]")  # a run's first space starts it
# "if you control a Mech", "while I'm at a battlefield": conditions the board decides, by their words
_CONDITIONS: tuple[tuple[str, str, str], ...] = (
    (r"you control an? (?P<tag>[A-Z][\w'-]+)", "controls_tagged", "tag"),
    (r"you control something that's Empowered", "controls_empowered", ""),
    (r"an opponent controls a stunned unit", "opponent_controls_stunned", ""),
    (r"you've played a unit or gear to a battlefield this turn", "played_to_battlefield", ""),
    (r"you've played a spell this turn", "played_spell", ""),
    (r"I'm at a battlefield", "at_battlefield", ""),
    (r"I'm in combat", "in_combat", ""),
    (r"this is Empowered|I'm Empowered", "empowered", ""),
    (r"you control this battlefield", "controls_battlefield", ""),
    (r"during showdowns here", "showdown_here", ""),
)
_PER: tuple[tuple[str, PerCount], ...] = (
    (r"card you've played this turn", "card_played_this_turn"),
    (r"gear you control", "gear_you_control"),
    (r"of your Mighty units", "mighty_unit_you_control"),
    (r"card in your trash", "card_in_trash"),
    (r"card with my name in your trash", "card_with_my_name_in_trash"),
)


def cost_condition(words: str) -> Condition:
    """ "if you control a Mech" -> Condition("controls_tagged", subject="Mech"); words it does not know: open."""
    text = re.sub(r"^(?:if|while)\s+", "", words.strip().rstrip(","), flags=re.IGNORECASE)
    for pattern, kind, group in _CONDITIONS:
        match = re.fullmatch(pattern, text, re.IGNORECASE)
        if match is not None:
            return Condition(kind, words.strip(), subject=match.group(group) if group else "")  # type: ignore[arg-type]
    return Condition("open", words.strip())


def _amount(cost: str) -> tuple[int, tuple[str, ...]]:
    energy, power = 0, []
    for symbol in _SYMBOL.findall(cost):
        if symbol.isdigit():
            energy += int(symbol)
        else:
            power.append("any" if symbol.casefold() in ("a", "c") else symbol.casefold())
    return energy, tuple(power)


# The card's own cost: "I cost [2] less", "This costs [2] less if ...", "If ..., this costs [2] less", "... instead".
_OWN = re.compile(
    r"^(?:(?P<before>(?:If|While) [^,]+), )?(?:I|[Tt]his|[Tt]his spell) costs? "
    + _COST
    + r" (?P<way>less|more)"
    r"(?P<rest>.*?)\.?$"
)
_OWN_REST = re.compile(
    r"^(?: for each (?P<per>.+?))?(?:,? to a minimum of \[(?P<floor>\d+)\])?(?: (?P<if>(?:if|while) .+?))?"
    r"(?P<instead> instead)?(?P<also> and enter ready)?$"
)


def _own(text: str, line: Condition) -> CostChange | None:
    if re.search(r"to play from anywhere other than your hand$", text.rstrip(".")):
        text = re.sub(r" to play from anywhere other than your hand", "", text)
        line = both(line, Condition("not_from_hand", "played from anywhere other than your hand"))
    match = _OWN.match(text)
    if match is None:
        return None
    rest = _OWN_REST.match((match.group("rest").strip() and " " + match.group("rest").strip()) or "")
    if rest is None:
        return None
    per: PerCount = ""
    if rest.group("per"):
        found = next((code for pattern, code in _PER if re.fullmatch(pattern, rest.group("per"))), None)
        if found is None:
            return None
        per = found
    condition = line
    for words in (match.group("before"), rest.group("if")):
        if words:
            condition = both(condition, cost_condition(words))
    energy, power = _amount(match.group("cost"))
    return CostChange(
        more=match.group("way") == "more",
        scope=Scope(itself=True, kinds=("card",)),
        energy=energy,
        power=power,
        condition=condition,
        per=per,
        floor=int(rest.group("floor") or 0),
        instead=bool(rest.group("instead")),
    )


# Other cards' costs: whose cards, of which kind, how much, on what condition.
_OTHERS: tuple[tuple[str, Side, Scope], ...] = (
    (r"(?:Your|friendly) spells", "friendly", Scope(side="friendly", kinds=("spell",))),
    (r"(?:Opponents'|enemy) spells", "enemy", Scope(side="enemy", kinds=("spell",))),
    (r"cards with Reaction", "any", Scope(keyword="reaction", kinds=("card",))),
    (r"Your (?P<tag>[A-Z][\w']*?)s'?", "friendly", Scope(side="friendly", kinds=("card",))),
)
_OTHER = re.compile(
    r"^(?:(?P<cond>(?:If|While|During) [^,]+), )?(?P<who>[A-Za-z' ]+?) (?:cost "
    + _COST
    + r" (?P<way>less|more)"
    r"|Energy costs are reduced by " + _COST.replace("<cost>", "<reduced>") + r")(?P<rest>.*?)\.?$"
)
_ENERGY_OF_SPELLS = re.compile(
    r"^(?P<cond>While [^,]+), the Energy costs for spells you play is reduced by "
    + _COST
    + r"(?P<rest>.*?)\.?$"
)


def _scope_of(who: str) -> Scope | None:
    for pattern, _, scope in _OTHERS:
        match = re.fullmatch(pattern, who)
        if match is None:
            continue
        tag = match.groupdict().get("tag")
        if tag is not None:
            return Scope(side="friendly", tags=(tag,), kinds=("card",))
        return scope
    return None


def _other(text: str, line: Condition, instead_of: Scope | None) -> list[CostChange] | None:
    """ "Your spells cost [1][A] less, to a minimum of [1].", "If this is [Empowered], they cost [1][A] more
    instead." (`instead_of`: the scope the sentence before spoke of), Vex's two changes in one sentence."""
    changes: list[CostChange] = []
    for clause in re.split(r",? and (?=enemy spells|friendly spells)", text):
        # the first clause's condition holds for the clauses after it ("While I'm in combat, A, and B")
        found = _other_clause(clause.strip(), changes[0].condition if changes else line, instead_of)
        if found is None:
            return None
        changes.append(found)
        instead_of = found.scope
    return changes


def _other_clause(text: str, line: Condition, instead_of: Scope | None) -> CostChange | None:
    they = re.match(r"^(?P<cond>If [^,]+), they cost " + _COST + r" (?P<way>more|less) instead\.?$", text)
    if they is not None:
        if instead_of is None:
            return None
        energy, power = _amount(they.group("cost"))
        condition = both(line, cost_condition(they.group("cond")))
        return CostChange(they.group("way") == "more", instead_of, energy, power, condition, instead=True)
    energy_only = _ENERGY_OF_SPELLS.match(text)
    match = energy_only or _OTHER.match(text)
    if match is None:
        return None
    scope = Scope(side="friendly", kinds=("spell",)) if energy_only else _scope_of(match.group("who"))
    if scope is None:
        return None
    rest = match.group("rest").strip()
    floor = _FLOOR.match(rest) if rest else None
    if rest and (floor is None or floor.end() != len(rest)) and rest != "to play":
        return None
    condition = both(line, cost_condition(match.group("cond"))) if match.group("cond") else line
    energy, power = _amount(match.group("cost") or match.groupdict().get("reduced") or "")
    more = not energy_only and match.group("way") == "more"
    return CostChange(more, scope, energy, power, condition, floor=int(floor.group("floor")) if floor else 0)


def read_cost(
    text: str, line: Condition = ALWAYS, before: Scope | None = None
) -> tuple[CostChange, ...] | None:
    """The cost changes of one sentence, or None when the sentence says something else (or nothing it reads).
    `before`: whom the card's previous cost sentence reached ("they" in "they cost [1][A] more instead")."""
    own = _own(text, line)
    if own is not None:
        return (own,)
    others = _other(text, line, before)
    return tuple(others) if others else None


def cost_words(change: CostChange) -> str:
    """How a cost change reads in a reading's summary: "its own cost: 2 energy less if ..."."""
    amount = " and ".join(
        part
        for part in (
            f"{change.energy} energy" if change.energy else "",
            f"{len(change.power)} power" if change.power else "",
        )
        if part
    )
    whose = "its own cost" if change.scope.itself else "other cards' costs"
    per = f" for each {change.per.replace('_', ' ')}" if change.per else ""
    floor = f", to a minimum of {change.floor}" if change.floor else ""
    when = "" if change.condition.kind == "always" else f" ({change.condition.kind.replace('_', ' ')})"
    return f"{whose}: {amount or 'nothing'} {'more' if change.more else 'less'}{per}{floor}{when}" + (
        " instead" if change.instead else ""
    )
