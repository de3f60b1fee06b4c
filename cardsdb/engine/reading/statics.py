"""Static abilities: one sentence -> what it does while its card is on the board (or in a battlefield's text), read
into small types, or said to have no bearing on playing, choosing or paying, or not understood (with what it may
bear on).

Read: Might given to units (v1.4 710: units are evaluated at their current Might), keywords given to units (Deflect's
cost, v1.4 809), "can't be chosen" (v1.4 758), Deflect ignored (v1.4 766: Heisho), where units can and can't be
played ("Units can't be played here"; v1.4 054.1: can't beats can), where the card itself may be played, the card's own
timing ("I can't be played on your first, second, or third turns"), cost changes (`cost_changes.py`), hiding
(`choices.py`). Conditions the position settles (at a battlefield, buffed, in combat, alone, Empowered, Level with
`xp`) are decided there; the others leave the effect open.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from cardsdb.engine.reading.cost_reading import cost_words, read_cost
from cardsdb.engine.reading.effects import (
    ALWAYS,
    BOARD,
    PLAYED_FROM,
    ZONES,
    Aspect,
    Condition,
    ConditionKind,
    HideGrant,
    IgnoreDeflect,
    KeywordGrant,
    MightStatic,
    NoReveal,
    PerCount,
    PlayRule,
    PlayRuleKind,
    Scope,
    Side,
    StaticEffect,
    TagGrant,
    Untargetable,
    Zone,
    both,
)


@dataclass(frozen=True)
class StaticReading:
    read_as: str = ""
    unread: str = ""
    pattern: str = ""
    effects: tuple[StaticEffect, ...] = field(default=())

    @property
    def read(self) -> bool:
        return not self.unread


_TAG_LIST = r"(?P<taglist>(?:[A-Z][\w']+, )*[A-Z][\w']+,? and [A-Z][\w']+)"
_SUBJECTS: tuple[tuple[str, Scope], ...] = (
    (r"I", Scope(itself=True)),
    (r"Units here with \[?(?P<kw>Tank|Temporary)\]?", Scope(here=True)),
    (rf"{_TAG_LIST} units here", Scope(here=True)),
    (r"Units here", Scope(here=True)),
    (
        r"Other buffed friendly units (?:at my battlefield|here)",
        Scope(here=True, side="friendly", other=True, statuses=("buffed",)),
    ),
    (r"Other friendly units here|Your other units here", Scope(here=True, side="friendly", other=True)),
    (r"Other friendly units", Scope(side="friendly", other=True)),
    (r"Friendly buffed units", Scope(side="friendly", statuses=("buffed",))),
    (r"Friendly units", Scope(side="friendly")),
    (r"Your units here", Scope(here=True, side="friendly")),
    (r"Your token units", Scope(side="friendly", statuses=("token",))),
    (r"Your units that are Empowered", Scope(side="friendly", statuses=("empowered",))),
    (r"Your units", Scope(side="friendly")),
    (r"Your Equipment", Scope(side="friendly", tags=("Equipment",), kinds=("gear",))),
    (r"Your gear", Scope(side="friendly", kinds=("gear",))),
    (r"Your gear with (?P<gkw>[A-Z][\w-]+)", Scope(side="friendly", kinds=("gear",))),
    (r"[Yy]our spells", Scope(side="friendly", kinds=("spell",))),
    (r"Stunned enemy units here", Scope(here=True, side="enemy", statuses=("stunned",))),
    (r"Your (?P<tag>[A-Z][\w']*?(?: [A-Z][\w']*?)?)s", Scope(side="friendly")),
    (
        r"they",
        Scope(side="friendly"),
    ),  # "If I'm Empowered, they have +2 Might instead." (Rage Amplifier's units)
)
_CONDITIONS: tuple[tuple[str, ConditionKind], ...] = (
    (r"I'm at a battlefield", "at_battlefield"),
    (r"I'm buffed", "buffed"),
    (r"I'm Mighty", "mighty"),
    (r"I'm in combat", "in_combat"),
    (r"I'm Empowered", "empowered"),
    (r"I'm attacking or defending alone", "in_combat_alone"),
    (r"I'm attacking with another unit", "attacking_with_another"),
    (r"you have another unit here", "another_here"),
    (r"there's a stunned enemy unit here", "stunned_enemy_here"),
    (r"you control this battlefield", "controls_battlefield"),
    (r"I'm in a showdown", "in_showdown"),
)
_MIGHT = re.compile(
    r"^(?:(?P<cond>(?:While|If) [^,]+), )?(?P<subject>[A-Za-z' ,]+?) (?:have|has|get|gets) (?:an additional )?"
    r"(?P<sign>[+-])(?P<n>\d+) Might(?P<rest>.*?)\.?$"
)
_KEYWORDS = re.compile(
    r"^(?:(?P<cond>(?:While|If) [^,]+), )?(?P<subject>[A-Za-z' ,]+?) (?:have|has|gain|gains|each have|get) "
    r"(?P<kws>(?:\[?(?:Deflect|Ganking|Shield|Tank|Assault|Vision|Quick-Draw|Weaponmaster|Accelerate|Backline|Reaction"
    r"|Action|Ambush)\]?"
    r"(?: \d+)?(?:, and |, | and )?)+)(?P<rest>.*?)\.?$"
)


def condition_of(words: str) -> Condition:
    """A condition in words -> its kind ("I'm at a battlefield" -> at_battlefield); unknown ones are open."""
    text = re.sub(r"^(?:While|If)\s+", "", words.strip(), flags=re.IGNORECASE)
    for pattern, kind in _CONDITIONS:
        if re.fullmatch(pattern, text, re.IGNORECASE):
            return Condition(kind, words)
    return Condition("open", words)


_COUNTS: tuple[tuple[str, PerCount], ...] = (
    (r"other unit you control here with my name", "same_name_here"),
    (r"token unit you control", "token_unit_you_control"),
    (r"friendly gear", "friendly_gear"),
    (r"of your units with \[?Temporary\]? at my battlefield", "temporary_unit_here"),
    (r"buffed friendly unit at my battlefield", "buffed_unit_here"),
    (r"card in your trash", "card_in_trash"),
    (r"point you have", "point_you_have"),
)


def per_code(per: str) -> PerCount:
    """What "for each ..." counts, as a code the board counts ("uncounted": the engine can't count it)."""
    return next((code for pattern, code in _COUNTS if re.fullmatch(pattern, per, re.IGNORECASE)), "uncounted")


def line_condition(condition: str) -> Condition:
    """The condition a line waits on ("Empowered", "Level 6", "Legion")."""
    if not condition:
        return ALWAYS
    name, _, value = condition.partition(" ")
    if name.casefold() == "empowered":
        return Condition("empowered", "it is Empowered")
    if name.casefold() == "level" and value.isdigit():
        return Condition("level", f"Level {value} (you have {value} XP or more)", int(value))
    if name.casefold() == "legion":
        return Condition("legion", "Legion (you've played another card this turn)")
    return Condition("open", condition)


_CHOICE_CONDITIONS: tuple[tuple[str, ConditionKind], ...] = (
    (r"you paid (?:the|my) additional cost", "paid_additional"),
    (r"it(?:'s| is) your turn", "your_turn"),
    (r"it(?:'s| is) not your turn", "not_your_turn"),
)


def choice_condition(words: str) -> Condition:
    """The condition an instruction's choice waits on, as a code ("if you paid the additional cost"; a line's
    [Legion], [Level 6], [Empowered]); words it does not know stay open."""
    if not words:
        return ALWAYS
    found = line_condition(words)
    if found.kind != "open":
        return found
    text = re.sub(r"^if\s+", "", words.strip(), flags=re.IGNORECASE)
    found_kind = (k for pattern, k in _CHOICE_CONDITIONS if re.fullmatch(pattern, text, re.IGNORECASE))
    kind: ConditionKind = next(found_kind, "open")
    return Condition(kind, words)


def _scope(subject: str) -> Scope | None:
    for pattern, scope in _SUBJECTS:
        match = re.fullmatch(pattern, subject)
        if match is None:
            continue
        groups = match.groupdict()
        if groups.get("taglist"):
            tags = tuple(
                t.strip()
                for t in re.split(r",\s*(?:and\s+)?|(?<![\s,])\s+and\s+", groups["taglist"])
                if t.strip()
            )
            return Scope(here=True, tags=tags)
        if groups.get("tag"):
            return Scope(side="friendly", tags=(groups["tag"],))
        if groups.get("kw"):
            return Scope(here=True, keyword=groups["kw"].casefold())
        if groups.get("gkw"):
            return replace(scope, keyword=groups["gkw"].casefold())
        return scope
    return None


_PER = re.compile(r"^ for each (?P<per>.+)$")


# "While a unit here is defending alone, it has -2 Might": the condition names the unit it speaks of.
_IT_SUBJECTS: tuple[tuple[str, Scope], ...] = (
    (r"While a unit here is defending alone", Scope(here=True, statuses=("defending_alone",))),
    (r"While a friendly unit defends alone", Scope(side="friendly", statuses=("defending_alone",))),
)
_KEYWORD_NAMES = (
    r"(?:Deflect|Ganking|Shield|Tank|Assault|Vision|Quick-Draw|Weaponmaster|Accelerate|Backline)(?: \d+)?"
)
# What may follow "I have +2 Might and ...": keywords it also gives, or what has no bearing on playing or choosing.
_AND_REST = re.compile(
    rf"^and (?P<kws>\[?{_KEYWORD_NAMES}\]?)$|^and (?:enter ready|can't be dealt damage.*)$"
)


def _subject(match: re.Match[str]) -> Scope | None:
    cond_words = match.group("cond") or ""
    if match.group("subject").casefold() == "it":
        return next((sc for pattern, sc in _IT_SUBJECTS if re.fullmatch(pattern, cond_words)), None)
    subject = match.group("subject")
    return _scope(subject[:1].upper() + subject[1:])


def _might_rest(rest: str, cond: Condition) -> tuple[str, Condition, tuple[str, ...], str]:
    """What follows "+N Might": (what is counted, the condition, keywords also given, what is not read)."""
    rest = re.sub(r"^here\b\s*", "", rest)
    while_ = re.match(r"^while (?P<c>.+)$", rest)
    if while_:
        return "", both(cond, condition_of(while_.group("c"))), (), ""
    per = _PER.match(" " + rest) if rest else None
    if per is not None:
        return per.group("per"), cond, (), ""
    also = _AND_REST.match(rest)
    if also is not None:
        return "", cond, (also.group("kws").strip("[]"),) if also.group("kws") else (), ""
    return "", cond, (), rest


_INCREASED_BY = re.compile(
    r"^My Might is increased by (?P<per>the number of cards in your trash|your points)\.?$"
)


def _might(text: str, condition: Condition) -> StaticReading | None:
    increased = _INCREASED_BY.match(text)
    if increased is not None:  # Dr. Mundo, Expert; Draven, Showboat
        per = "card in your trash" if "trash" in increased.group("per") else "point you have"
        effect = MightStatic(1, Scope(itself=True), condition, per_code(per))
        return StaticReading(read_as=f"Might: +1 for each {per} (710 (v1.4))", effects=(effect,))
    match = _MIGHT.match(text)
    if match is None:
        return None
    scope = _subject(match)
    if scope is None:
        return StaticReading(
            unread=f"whose Might it changes ('{match.group('subject')}')", pattern="might: subject"
        )
    it = match.group("subject").casefold() == "it"
    cond = both(condition, condition_of(match.group("cond")) if match.group("cond") and not it else ALWAYS)
    rest = match.group("rest").strip()
    minimum = None
    if (floor := re.search(r",? to a minimum of (\d+) Might", rest)) is not None:
        minimum, rest = int(floor.group(1)), (rest[: floor.start()] + rest[floor.end() :]).strip()
    if rest.startswith("here"):
        scope = replace(scope, here=True)
    if rest == "instead" or rest.endswith(" instead"):
        return StaticReading(unread="a Might that replaces another", pattern="might: instead")
    per, cond, keywords, unread = _might_rest(rest, cond)
    if unread:
        return StaticReading(unread=f"what '{unread}' changes", pattern="might: condition")
    amount = int(match.group("n")) * (1 if match.group("sign") == "+" else -1)
    effects: list[StaticEffect] = [MightStatic(amount, scope, cond, per_code(per) if per else "", minimum)]
    if keywords:
        effects.append(KeywordGrant(keywords, scope, cond))
    words = f"Might: {match.group('sign')}{match.group('n')} (710 (v1.4))" + (
        f", and {keywords[0]}" if keywords else ""
    )
    return StaticReading(read_as=words, effects=tuple(effects))


# Keywords that speak of playing the card: given to "your gear" or "your spells", they reach the cards as they are
# played (from hand, from facedown, on the chain), or they would say nothing ("Your gear with [Deploy] have [Action]").
_PLAYING = frozenset({"action", "reaction", "quick-draw", "ambush", "accelerate", "hidden"})


def _zones(keywords: tuple[str, ...], scope: Scope, *, everywhere: bool) -> tuple[Zone, ...]:
    """Where a keyword grant reaches: every zone ("everywhere"); a spell where it is played from; a card given a
    keyword of playing, where it is played from and on the board; else the board (Forge's AffectedZone)."""
    if everywhere:
        return ZONES
    if "spell" in scope.kinds:
        return PLAYED_FROM
    if {k.split()[0].casefold() for k in keywords} & _PLAYING:
        return (*BOARD, *PLAYED_FROM)
    return BOARD


def _keyword_grant(text: str, condition: Condition) -> StaticReading | None:
    match = _KEYWORDS.match(text)
    if match is None:
        return None
    subject = match.group("subject")
    scope = _scope(subject[:1].upper() + subject[1:])
    rest = match.group("rest").strip()
    everywhere = rest == "everywhere" or subject.endswith(" everywhere")
    if everywhere:
        scope, rest = _scope(re.sub(r" everywhere$", "", subject[:1].upper() + subject[1:])), ""
    cond = both(condition, condition_of(match.group("cond")) if match.group("cond") else ALWAYS)
    while_ = re.match(r"^while (?P<c>.+)$", rest)
    if while_:
        cond, rest = both(cond, condition_of(while_.group("c"))), ""
    if scope is None or rest not in ("", "if they didn't already", "here", "this turn"):
        if not re.search(r"Deflect|Quick-Draw|Reaction|Action|Ambush", match.group("kws")):
            return StaticReading(
                read_as="gives keywords of combat or movement (no bearing on playing or choosing)"
            )
        return StaticReading(unread="whom it gives keywords", pattern="keywords: subject")
    if rest == "here":
        scope = replace(scope, here=True)
    keywords = tuple(
        k.strip("[] ")
        for k in re.split(r",\s*(?:and\s+)?|(?<![\s,])\s+and\s+", match.group("kws"))
        if k.strip("[] ")
    )
    grant = KeywordGrant(keywords, scope, cond, _zones(keywords, scope, everywhere=everywhere))
    where = " everywhere" if everywhere else " as they are played" if grant.zones != BOARD else ""
    return StaticReading(read_as=f"gives {', '.join(keywords)}{where}", effects=(grant,))


_UNTARGETABLE_SELF = re.compile(
    r"^I can't be chosen by enemy spells and abilities(?P<unless> unless I'm in combat)?\.?$", re.IGNORECASE
)
_UNTARGETABLE_SMALLER = re.compile(
    r"^Your units here with less Might than me can't be chosen by enemy spells and abilities\.?$",
    re.IGNORECASE,
)


def _untargetable(text: str, condition: Condition) -> StaticReading | None:
    if (own := _UNTARGETABLE_SELF.match(text)) is not None:
        effect = Untargetable(Scope(itself=True), condition, unless_combat=bool(own.group("unless")))
        return StaticReading(read_as="can't be chosen by enemy spells and abilities (758)", effects=(effect,))
    if _UNTARGETABLE_SMALLER.match(text):
        effect = Untargetable(Scope(here=True, side="friendly"), condition, smaller=True)
        return StaticReading(
            read_as="smaller units of yours here can't be chosen by enemies (758)", effects=(effect,)
        )
    return None


# (pattern, kind, about the card itself, whose units)
_PLAY_RULES: tuple[tuple[str, PlayRuleKind, bool, Side], ...] = (
    (r"Units can't be played here", "no_units_here", False, "any"),
    (
        r"While I'm at a battlefield, opponents can only play units to their base",
        "opponents_units_to_base",
        False,
        "enemy",
    ),
    (r"(?:You may play me|I can be played) to an open battlefield", "may_play_to_open", True, "friendly"),
    (r"Friendly units (?:may|can) be played to open battlefields", "may_play_to_open", False, "friendly"),
    (r"You may play me to an occupied enemy battlefield", "may_play_to_occupied_enemy", True, "friendly"),
    (
        r"I can be played to an occupied battlefield if an enemy unit is alone there",
        "may_play_to_occupied_if_alone",
        True,
        "friendly",
    ),
    (
        r"Friendly units can be played to an occupied battlefield if an enemy unit is alone there",
        "may_play_to_occupied_if_alone",
        False,
        "friendly",
    ),
    (r"I can be played to a battlefield you're attacking", "may_play_where_attacking", True, "friendly"),
    (r"Play me only to a battlefield you conquered this turn", "only_where_conquered", True, "friendly"),
    (r"I can't be played on your first, second, or third turns", "not_on_early_turns", True, "friendly"),
    (
        r"I can Ambush to a battlefield where there are enemy units, even if you don't have units there",
        "ambush_where_enemies",
        True,
        "friendly",
    ),
    (
        r"You may Ambush me to its battlefield, even if you don't have other units there",
        "ambush_where_killed",
        True,
        "friendly",
    ),
    (
        r"While I'm at a battlefield, opponents can't play spells with that name",
        "no_spells_named",
        False,
        "enemy",
    ),
)
_PLAY_RULE_WORDS: dict[PlayRuleKind, str] = {
    "no_units_here": "units can't be played here (054.1: can't beats can)",
    "opponents_units_to_base": "while it is at a battlefield, opponents play units only to their base",
    "may_play_to_open": "may be played to an open battlefield",
    "may_play_to_occupied_enemy": "may be played to an occupied enemy battlefield",
    "may_play_to_occupied_if_alone": "may be played to an occupied battlefield where an enemy unit is alone",
    "may_play_where_attacking": "may be played to a battlefield you're attacking",
    "only_where_conquered": "may be played only to a battlefield you conquered this turn",
    "not_on_early_turns": "can't be played on your first three turns",
    "ambush_where_enemies": "may Ambush to a battlefield where there are enemy units",
    "ambush_where_killed": "may Ambush to the battlefield of the unit killed for its cost",
    "no_spells_named": "while it is at a battlefield, opponents can't play spells with the name chosen",
}


def _play_rule(text: str, condition: Condition) -> StaticReading | None:
    for pattern, kind, itself, side in _PLAY_RULES:
        if re.fullmatch(pattern + r"\.?", text, re.IGNORECASE):
            rule = PlayRule(kind, side, itself, condition)
            return StaticReading(
                read_as=f"where or when it is played: {_PLAY_RULE_WORDS[kind]}", effects=(rule,)
            )
    return None


_IGNORE_DEFLECT_HERE = re.compile(
    r"^Players ignore \[?Deflect\]? while paying for spells and abilities choosing something here\.?$",
    re.IGNORECASE,
)
# Hiding and revealing, read into what the hide and play checks apply.
_HIDING: tuple[tuple[str, str], ...] = (
    (r"You may hide an additional card here", "room"),
    (r"You may pay \[(?P<n>\d+)\] to hide a card with \[?Hidden\]? instead of \[A\]", "energy"),
    (r"You can hide cards ignoring costs this turn", "free"),
    (r"Your opponents' \[?Hidden\]? cards can't be revealed here", "no_reveal"),
)
_HIDING_WORDS = {
    "room": "hiding: one more facedown card here (107.3.b.1)",
    "energy": "hiding: energy instead of power (811.1.b)",
    "free": "hiding ignoring costs this turn (811.1.b)",
    "no_reveal": "an opponent's facedown card can't be revealed here (open, 422.4)",
}


def read_hiding(text: str) -> StaticReading | None:
    """A sentence about hiding or revealing: another way to pay, room for another card, no reveal here."""
    for pattern, kind in _HIDING:
        match = re.fullmatch(pattern + r"\.?", text, re.IGNORECASE)
        if match is None:
            continue
        effect: StaticEffect
        if kind == "energy":
            effect = HideGrant(energy=int(match.group("n")))
        elif kind == "no_reveal":
            effect = NoReveal()
        else:
            effect = HideGrant(room=1) if kind == "room" else HideGrant(free=True)
        return StaticReading(read_as=_HIDING_WORDS[kind], effects=(effect,))
    return None


_IGNORE_DEFLECT_OWN = re.compile(r"^Ignore \[?Deflect\]? while paying this spell's costs?\.?$", re.IGNORECASE)
_NO_BEARING: tuple[str, ...] = (
    r"combat damage|ignore \[?Tank\]?|can't be dealt damage|don't take damage|prevent all damage|Bonus Damage",
    r"\bscore\b|\bpoints?\b|Victory Score|win the game",
    r"\benters? (?:ready|exhausted)\b|\bI enter ready\b",
    r"\bcan't move\b|\bcan move\b|move multiple units",
    r"Your deck can have|no more than one buff|any number of buffs|can be Empowered up to|can't be readied",
    r"trigger an additional time|don't trigger|are also conquer effects",
    r"\bwould die\b|^Heal (?:me|that unit)|recall ALL units",
    r"Skip your Draw Phase|\bchannel\b|Track gained XP|^Some cards|Use my abilities only|abilities of all friendly",
    r"reveal cards from a deck|^Then reveal those cards|look at or reveal me|As I'm revealed|becomes a copy|copy that unit",
    r"(?-i:\bADD\b)|^Spend this Energy only|have \"\[E\]|can't be countered|would stun me|would give - Might",
    r"You may play (?:cards|me) from your trash|you may play me for \[A\]",
    r"have (?:Assault|\[Assault\]) equal to|I have Assault equal|each give Assault|each have Assault",
    r"Increase the points|can't score here",
    r"played from anywhere other than a player's hand have \[?Accelerate\]?",
    r"your spells have \[?Repeat\]?",
    r"Any player may pay .+ as an additional cost to play a Dragon|If they do, they play it to this battlefield",
    r"when you play a spell, if you spent",
    r"\bdamage\b|enough to kill",
    r"\bwould go to\b|banish it instead|an additional copy of it instead",
    r"can't ready enemy",
    r"^As you play this, name a tag|^As this is attached to a unit|^You may recycle it",
    r"^This ability(?:'s)? (?:Energy )?costs?\b",
    r"I have (?:\[?Shield\]?|\[?Assault\]?)(?: \d+)? (?:while|equal)",
)
_NO_BEARING_RE = re.compile("|".join(f"(?:{p})" for p in _NO_BEARING), re.IGNORECASE)


def _applied(text: str) -> StaticReading | None:
    if _IGNORE_DEFLECT_HERE.match(text):
        return StaticReading(
            read_as="Deflect is ignored for choices here (766 (v1.4))", effects=(IgnoreDeflect(),)
        )
    if _IGNORE_DEFLECT_OWN.match(text):
        return StaticReading(
            read_as="its cost ignores Deflect (766 (v1.4))", effects=(IgnoreDeflect(here=False),)
        )
    return read_hiding(text)


_COST_WORDS = re.compile(
    r"\bcosts?\b|reduce[sd]? (?:my|its|the) (?:Energy )?cost|Energy costs? (?:for|are|is)", re.IGNORECASE
)


# Cost sentences about something else than playing a card from hand or from facedown: an activated ability's cost,
# spells played from the trash.
_NOT_A_PLAY = re.compile(
    r"^This ability(?:'s)? (?:Energy )?costs?\b|\byou play from your trash\b", re.IGNORECASE
)


def _cost(text: str, condition: Condition, before: Scope | None) -> StaticReading | None:
    changes = read_cost(text, condition, before)
    if changes is None:
        return None
    words = "; ".join(cost_words(c) for c in changes)
    rules = "356.3 (v1.4)" if all(c.more for c in changes) else "356.4 (v1.4)"
    return StaticReading(read_as=f"a cost change ({rules}): {words}", effects=changes)


def read_static(text: str, line_cond: str, before: Scope | None = None) -> StaticReading:
    """One sentence of a static ability (or a replacement effect): what it does, or why the engine can't say.
    `before`: whom the card's cost sentence before this one reached ("they cost [1][A] more instead")."""
    condition = line_condition(line_cond)
    tag = re.fullmatch(r"I am an? (?P<tag>[A-Z][\w'-]*)\.?", text)
    if tag is not None:
        grant = TagGrant(tag.group("tag"), Scope(itself=True))
        return StaticReading(read_as=f"it is a {tag.group('tag')} (a tag)", effects=(grant,))
    for reader in (_untargetable, _play_rule, _keyword_grant, _might):
        found = reader(text, condition)
        if found is not None:
            return found
    if _NOT_A_PLAY.search(text):
        return StaticReading(
            read_as="no bearing on playing, choosing or paying (an ability's cost, or a play from the trash)"
        )
    applied = _applied(text) or (_cost(text, condition, before) if _COST_WORDS.search(text) else None)
    if applied is not None:
        return applied
    if re.search(r"Any player may pay .+ as an additional cost to play a Dragon", text):
        return StaticReading(
            read_as="an optional additional cost for Dragons (no bearing on whether they can be played)"
        )
    if _NO_BEARING_RE.search(text) and not _COST_WORDS.search(text):
        return StaticReading(read_as="no bearing on playing, choosing or paying")
    if _COST_WORDS.search(text):
        own = re.search(r"\b(?:I cost|my cost|[Tt]his costs|this spell's cost|This spell's)\b", text)
        way = (
            "less" if re.search(r"\bless\b|reduce|ignore this spell's cost", text, re.IGNORECASE) else "more"
        )
        what = "its own cost" if own else "other cards' costs"
        return StaticReading(
            unread=f"a change to {what} the engine does not apply", pattern=f"cost: {what} {way}"
        )
    if _NO_BEARING_RE.search(text):
        return StaticReading(read_as="no bearing on playing, choosing or paying")
    return StaticReading(unread="a static ability the engine does not read")


_ASPECT_WORDS: tuple[tuple[str, Aspect], ...] = (
    (r"\bcosts?\b|\bpay\b|reduce[sd]? (?:my|its) cost", "cost"),
    (r"\bReaction\b|\bAction\b|any time|\bthis turn\b.*\bplay\b", "timing"),
    (r"\bplay(?:ed)?\b[^.]*\bto\b|\bplayed here\b|\bAmbush\b", "place"),
    (r"\bcan't play\b|can't be played|\bonly play\b|\bmay play\b|\bcan be played\b", "permission"),
    (r"\bchosen\b|\bchoose\b|\btarget", "targeting"),
    (r"\bMight\b", "might"),
    (
        r"\b(?:have|has|gain|get)s?\b[^.]*\b(?:Deflect|Mech|Equipment|Bird|Cat|Dog|Poro|Dragon)\b|\bI am a\b|\bgain that tag\b",
        "keywords",
    ),
)


def guess_aspects(text: str) -> frozenset[Aspect]:
    """What a sentence the engine does not read may bear on, judged by its words."""
    return frozenset(aspect for pattern, aspect in _ASPECT_WORDS if re.search(pattern, text, re.IGNORECASE))
