"""The phrase reader: an object a sentence mentions ("another friendly Mech", "a unit from your trash", "an enemy spell
or ability that chooses a friendly unit or gear") -> what it is, whose, where, how many, and its filters.

General rules of the card language, each with the rule that says so (Core Rules v1.4): "unit" and "gear" are on the
board, "spell" and "ability" on the chain (355.9.a.1-2); a zone named ("from your trash") puts the object there
(355.9.a); a tag is a noun or an adjective ("a Mech", "a Teemo unit"); "Equipment" is gear with that tag; "or" joins
alternatives of one choice ("a unit or gear"). What the reader does not know of a phrase is kept as unread text: the
phrase is still read as far as it goes, and a target that meets the rest is open, never legal by default.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from cardsdb.engine.reading.constraints import (
    STATUSES,
    Another,
    CostLimit,
    Domain,
    Filter,
    GroupRule,
    HasStatus,
    Might,
    OneBattlefield,
    SameController,
    SameName,
    Tagged,
    TotalMight,
    UnitsThere,
    Unread,
    WithKeyword,
)
from cardsdb.engine.reading.specs import ChoiceSpec, What, Where, Whose
from cardsdb.text.domains import DOMAINS

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
DET = (
    r"(?:another|an?|one|two|three|four|five|up to (?:one|two|three|four|five|\d+)|any number of"
    r"|each of up to (?:one|two|three|four|\d+)|any(?! (?:number|amount)\b))"
)
_DET = re.compile(rf"(?P<det>{DET})\s+", re.IGNORECASE)
_NOUN_WORDS = (
    "units",
    "unit",
    "gears",
    "gear",
    "spells",
    "spell",
    "abilities",
    "ability",
    "cards",
    "card",
    "battlefields",
    "battlefield",
    "legends",
    "legend",
    "runes",
    "rune",
    "locations",
    "location",
    "players",
    "player",
    "opponents",
    "opponent",
    "something",
    "Equipment",
    "tokens",
    "token",
)
_NOUN = re.compile(r"(?P<noun>" + "|".join(_NOUN_WORDS) + r")\b")
_ADJECTIVES = {
    "friendly",
    "enemy",
    "other",
    "attacking",
    "defending",
    "exhausted",
    "ready",
    "buffed",
    "stunned",
    "damaged",
    "equipped",
    "token",
    "non-token",
    "mighty",
    "facedown",
    "detached",
    "attached",
    "open",
    "occupied",
}
# Capitalized words that are not tags: game terms and keywords.
NOT_TAGS = frozenset(
    {
        "Might",
        "Energy",
        "Power",
        "XP",
        "Main",
        "Deck",
        "Phase",
        "Beginning",
        "Victory",
        "Score",
        "Champion",
        "Zone",
        "Bonus",
        "Damage",
        "Hidden",
        "Temporary",
        "Deflect",
        "Tank",
        "Shield",
        "Ganking",
        "Assault",
        "Action",
        "Reaction",
        "Legion",
        "Level",
        "Empowered",
        "Mighty",
        "Vision",
        "Flow",
        "Repeat",
        "Equip",
        "Quick-Draw",
        "Weaponmaster",
        "Backline",
        "Hunt",
        "Accelerate",
        "Ambush",
        "Unique",
        "Deathknell",
        "Stun",
        "Buff",
        "Predict",
        "Burn",
        "Add",
        "Draw",
        "Channel",
        "Ready",
        "Kill",
        "Deal",
        "Give",
        "Move",
        "Return",
        "Play",
        "Choose",
        "Counter",
        "Then",
        "If",
        "When",
        "Your",
        "You",
        "They",
        "Its",
        "It",
        "This",
        "That",
        "The",
        "Each",
        "Units",
        "Friendly",
        "Enemy",
        "ALL",
    }
)
_WORD = re.compile(r"(?P<word>[A-Za-z][\w'-]*)\s*")
_CAPS = re.compile(r"(?P<tag>[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*)")
# "unit or gear", "spell or ability", "gear, unit, or facedown card", "units, gear, and/or runes"
_MORE_NOUNS = re.compile(
    r"(?:,\s*|(?<![\s,])\s+)(?:(?:and/or|or)\s+)?(?P<adj>facedown\s+)?(?P<noun>units?|gears?|spells?|abilit(?:y|ies)|cards?|runes?)\b"
)
_CAP_LIST = re.compile(r"(?P<list>(?:,\s*(?:or\s+)?[A-Z][\w'-]*)+|(?<!\s)\s+or\s+[A-Z][\w'-]*)")


@dataclass
class _Parts:
    """What the reader found of one phrase, before it becomes a choice spec."""

    det: str
    adjectives: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    not_tags: list[str] = field(default_factory=list)
    domains: list[str] = field(default_factory=list)
    nouns: list[str] = field(default_factory=list)
    whose: Whose = "any"
    where: Where = "anywhere"
    filters: list[Filter] = field(default_factory=list)
    group: list[GroupRule] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    other_player: bool = False  # "a unit they control": another player chooses it (v1.4 355.10.e)


@dataclass(frozen=True)
class Phrase:
    """One mentioned object: the words it spans, and its spec (None for a player, a location or a facedown card)."""

    start: int
    end: int
    text: str
    spec: ChoiceSpec | None
    noun: str  # its (first) noun: "unit", "gear", "spell", "player", "location", "tag" ...
    unread: tuple[str, ...] = ()
    other_player: bool = False

    @property
    def player(self) -> bool:
        return self.noun in ("player", "opponent")


def _adjectives(text: str, pos: int, parts: _Parts) -> int:
    """Adjectives, tags and domains before the noun: "friendly", "enemy Fury", "non-Dragon", "Teemo", "Sand Soldier"."""
    while True:
        if _NOUN.match(text, pos):
            return pos
        word = _WORD.match(text, pos)
        if word is None:
            return pos
        w = word.group("word")
        if w.casefold() in _ADJECTIVES:
            parts.adjectives.append(w.casefold())
            pos = word.end()
            continue
        if w.startswith("non-") and w[4:5].isupper():
            parts.not_tags.append(w[4:])
            pos = word.end()
            continue
        caps = _CAPS.match(text, pos)
        if caps is None or caps.group("tag").split()[0] in NOT_TAGS:
            return pos
        tag = " ".join(w for w in caps.group("tag").split() if w not in NOT_TAGS) or caps.group("tag")
        if tag in DOMAINS:
            parts.domains.append(tag)
        else:
            parts.tags.append(tag)
        pos = caps.end()
        pos = pos + len(text[pos:]) - len(text[pos:].lstrip(" "))


def _nouns(text: str, pos: int, parts: _Parts) -> int:
    """The noun and the nouns "or" joins to it; a tag alone is a noun ("another friendly Mech", "a Bird, Cat, Dog,
    or Poro")."""
    noun = _NOUN.match(text, pos)
    if noun is None:
        if not parts.tags:
            return -1
        listed = _CAP_LIST.match(text, pos)
        if listed:
            parts.tags.extend(
                t.strip()
                for t in re.split(r",\s*(?:or\s+)?|(?<![\s,])\s+or\s+", listed.group("list"))
                if t.strip()
            )
            pos = listed.end()
        return pos
    parts.nouns.append(noun.group("noun"))
    pos = noun.end()
    while (more := _MORE_NOUNS.match(text, pos)) is not None:
        parts.nouns.append(("facedown " if more.group("adj") else "") + more.group("noun"))
        pos = more.end()
    return pos


# Tail parts: (regex, what it sets). Matched in any order after the noun; each at most once.
_TAILS: tuple[tuple[str, str], ...] = (
    (r"you don't control|an opponent controls|your opponents? controls?", "whose:enemy"),
    (r"you control|you own", "whose:friendly"),
    (r"they control", "other_player"),
    (r"at the same (?:battlefield|location)", "where:same_battlefield"),
    (r"at another location", "where:other_location"),
    (r"at a different location", "where:different_location"),
    (r"at its location", "where:its_location"),
    (r"at (?:a|your|their) base|in (?:a|your|their|its) base|in bases", "where:base"),
    (r"(?:at|from) (?:a )?battlefields?|at a battlefield", "where:battlefield"),
    (r"at my battlefield|from here|here", "where:here"),
    (r"there|at that battlefield", "where:there"),
    (r"from (?:your )?hand|in your hand", "where:hand"),
    (r"from it|from their hand", "where:opponent_hand"),
    (r"from (?:your )?trash|in your trash", "where:trash"),
    (r"from (?:any|a) trash|from trashes", "where:any_trash"),
    (r"from opponents' trashes|from (?:an opponent's|their) trash|in their trash", "where:opponent_trash"),
    (r"anywhere", "where:anywhere"),
)
_MIGHT_TAIL = re.compile(
    r"(?:each )?with (?P<total>total )?(?:Might )?(?P<n>\d+)(?: Might)? or (?P<way>less|more)"
    r"|(?:and )?(?:with )?a total Might of (?P<n2>\d+) or less",
    re.IGNORECASE,
)
_COST_TAIL = re.compile(
    r"(?:with |that costs? |costing )(?:Energy )?(?:cost )?(?:no more than \[(?P<most>\d+)\]"
    r"(?: and no more than (?P<power>(?:\[A\])+))?|\[(?P<least>\d+)\] or more)",
    re.IGNORECASE,
)
_KEYWORD_TAIL = re.compile(
    r"(?P<with>with|without) \[?(?P<kw>Temporary|Tank|Deflect|Hidden|Shield|Ganking)\]?"
)
_STATUS_CLAUSE = re.compile(
    r"that(?:'s| is) (?P<status>Empowered|stunned|exhausted|ready|attacking|defending|buffed|equipped|damaged|in combat)"
    r"(?=[,.;]|$| and | to | from )"
)
_MOVED = re.compile(r"that moved this turn(?=[,.;]|$| and | to )")
_WHERE_UNITS = re.compile(r"where (?:you have|there are) (?P<whose>enemy )?units")
_RELATIVE = re.compile(
    r"(?:that|which|who)\b[^,.;—]*|with (?:less|more) Might than (?:me|it|that unit|the chosen unit)"
    r"|in (?:combat|a showdown)|at each location|attacking here|from (?:a|your) (?:Champion Zone|Main Deck)[^,.;]*"
)


def _tail_part(text: str, pos: int, parts: _Parts) -> int:
    """One part of the phrase after its noun, or -1 when none follows."""
    lead = re.match(r",?\s+", text[pos:])
    at = pos + (lead.end() if lead else 0)
    for pattern, sets in _TAILS:
        match = re.compile(rf"(?:{pattern})\b", re.IGNORECASE).match(text, at)
        if match:
            kind, _, value = sets.partition(":")
            if kind == "whose":
                parts.whose = "enemy" if value == "enemy" else "friendly"
            elif kind == "where":
                parts.where = value  # type: ignore[assignment]
            else:
                parts.other_player = True
            return match.end()
    return _filter_part(text, at, parts)


def _filter_part(text: str, at: int, parts: _Parts) -> int:
    if (might := _MIGHT_TAIL.match(text, at)) is not None:
        if might.group("n2") or might.group("total"):
            parts.group.append(TotalMight(int(might.group("n2") or might.group("n"))))
        else:
            parts.filters.append(
                Might("<=" if might.group("way").casefold() == "less" else ">=", int(might.group("n")))
            )
        return might.end()
    if (cost := _COST_TAIL.match(text, at)) is not None:
        power = len(cost.group("power")) // 3 if cost.group("power") else None
        if cost.group("least"):
            parts.filters.append(CostLimit(energy=int(cost.group("least")), at_least=True))
        else:
            parts.filters.append(CostLimit(energy=int(cost.group("most")), power=power))
        return cost.end()
    if (kw := _KEYWORD_TAIL.match(text, at)) is not None:
        parts.filters.append(WithKeyword(kw.group("kw"), negate=kw.group("with") == "without"))
        return kw.end()
    if re.match(r"with the same controller", text[at:]):
        parts.group.append(SameController())
        return at + len("with the same controller")
    if (named := re.match(r"with (?:my|this) name", text[at:])) is not None:
        parts.filters.append(SameName())
        return at + named.end()
    if (status := _STATUS_CLAUSE.match(text, at)) is not None:
        word = status.group("status").casefold().replace(" ", "_")
        parts.filters.append(HasStatus(word))  # type: ignore[arg-type]
        return status.end()
    if (moved := _MOVED.match(text, at)) is not None:  # a fact of the turn the position may give
        parts.filters.append(HasStatus("moved"))
        return moved.end()
    if (units := _WHERE_UNITS.match(text, at)) is not None:
        parts.filters.append(
            UnitsThere("enemy" if units.group("whose") or "there are" in units.group(0) else "friendly")
        )
        return units.end()
    if (relative := _RELATIVE.match(text, at)) is not None:
        parts.unread.append(relative.group(0).strip())
        return relative.end()
    return -1


def _count(det: str) -> tuple[int, int | None]:
    det = det.casefold()
    if det in ("a", "an", "another", "any"):
        return 1, 1
    if det in _NUMBER_WORDS:
        return _NUMBER_WORDS[det], _NUMBER_WORDS[det]
    if "up to" in det:
        word = det.split()[-1]
        return 0, _NUMBER_WORDS.get(word, int(word) if word.isdigit() else 1)
    return 0, None  # any number of


_ZONE_WHERE = {"hand", "opponent_hand", "trash", "any_trash", "opponent_trash"}


def _what(noun: str, where: str) -> tuple[What, tuple[str, ...], str]:
    """What a noun is, the card types a card in a zone must have, and the where it implies."""
    base = noun.casefold().removeprefix("facedown ").rstrip("s") if noun != "abilities" else "ability"
    if where in _ZONE_WHERE:
        kind = {"unit": "Unit", "spell": "Spell", "gear": "Gear", "equipment": "Gear"}.get(base)
        if where == "hand" and base == "unit":
            return "unit_card", (), where
        return "card", ((kind,) if kind else ()), where
    table: dict[str, tuple[What, str]] = {
        "unit": ("unit", where),
        "gear": ("gear", where),
        "equipment": ("gear", where),
        "something": ("object", where),
        "battlefield": ("battlefield", where),
        "spell": ("spell", "chain"),
        "ability": ("ability", "chain"),
        "legend": ("legend", "legend_zone"),
        "rune": ("rune", "runes"),
        "tag": ("unit", where),
        "card": ("card", where),
    }
    what, at = table.get(base, ("unit", where))
    return what, (), at


def _filters(parts: _Parts) -> list[Filter]:
    found: list[Filter] = list(parts.filters)
    for adjective in parts.adjectives:
        status = next((st for st in STATUSES if st == adjective), None)
        if status is not None:
            found.append(HasStatus(status))
        elif adjective == "non-token":
            found.append(HasStatus("token", negate=True))
        elif adjective == "other":
            found.append(Another())
        elif adjective not in ("friendly", "enemy"):
            found.append(Unread(adjective))
    if parts.det.casefold() == "another":
        found.append(Another())
    tags = [t for t in parts.tags if t != "Equipment"] + (["Equipment"] if "Equipment" in parts.tags else [])
    if tags:
        found.append(Tagged(tuple(tags)))
    if parts.not_tags:
        found.append(Tagged(tuple(parts.not_tags), negate=True))
    if parts.domains:
        found.append(Domain(tuple(parts.domains)))
    found.extend(Unread(text) for text in parts.unread)
    return found


def _whose(parts: _Parts) -> Whose:
    if "enemy" in parts.adjectives:
        return "enemy"
    if "friendly" in parts.adjectives:
        return "friendly"
    return parts.whose


def _spec(text: str, parts: _Parts) -> ChoiceSpec:
    nouns = parts.nouns or ["tag"]
    if "Equipment" in nouns:
        parts.tags.append("Equipment")
    lo, hi = _count(parts.det)
    kinds: list[ChoiceSpec] = []
    for noun in nouns:
        what, card_types, where = _what(noun, parts.where)
        kinds.append(ChoiceSpec(phrase=text, what=what, where=where, card_types=card_types))  # type: ignore[arg-type]
    group = list(parts.group)
    plural = nouns[0].endswith("s") and nouns[0] not in ("something",)
    if plural and parts.where == "battlefield" and (hi is None or hi > 1) and "at a battlefield" in text:
        group.append(OneBattlefield())  # "any number of units at a battlefield": all at one (v1.4 355.11)
    first = kinds[0]
    unread = tuple(parts.unread) + tuple(
        a for a in parts.adjectives if a in ("facedown", "detached", "attached")
    )
    return ChoiceSpec(
        phrase=text,
        what=first.what,
        whose=_whose(parts),
        where=first.where,
        min_count=lo,
        max_count=hi,
        optional=lo == 0,
        filters=tuple(_filters(parts)),
        group=tuple(group),
        card_types=first.card_types,
        alternatives=tuple(replace(k, whose=_whose(parts)) for k in kinds) if len(kinds) > 1 else (),
        unread=unread,
    )


def read_phrase(text: str, start: int) -> Phrase | None:
    """The object mentioned at `start` (where its determiner is), or None when no noun follows the determiner."""
    det = _DET.match(text, start)
    if det is None:
        return None
    parts = _Parts(det=det.group("det"))
    pos = _adjectives(text, det.end(), parts)
    pos = _nouns(text, pos, parts)
    if pos < 0:
        return None
    while (after := _tail_part(text, pos, parts)) >= 0:
        pos = after
    words = re.sub(r"\s+", " ", text[start:pos]).strip().rstrip(",")
    noun = (parts.nouns[0] if parts.nouns else "tag").casefold().removeprefix("facedown ").rstrip("s")
    if noun in ("player", "opponent", "location", "token") or (
        parts.nouns and parts.nouns[0] == "facedown card"
    ):
        return Phrase(start, pos, words, None, noun, tuple(parts.unread), parts.other_player)
    spec = _spec(words, parts)
    return Phrase(start, pos, words, spec, noun, spec.unread, parts.other_player)


def something(text: str, start: int) -> Phrase | None:
    """ "empower something here": any game object, a unit or gear."""
    match = re.match(
        r"something(?P<tail>(?: (?:here|you control|else|that's exhausted|besides me))*)", text[start:]
    )
    if match is None:
        return None
    parts = _Parts(det="a", nouns=["something"])
    tail = match.group("tail")
    if "here" in tail:
        parts.where = "here"
    if "you control" in tail:
        parts.whose = "friendly"
    if "else" in tail or "besides me" in tail:
        parts.adjectives.append("other")
    if "exhausted" in tail:
        parts.adjectives.append("exhausted")
    words = text[start : start + match.end()].strip()
    return Phrase(start, start + match.end(), words, _spec(words, parts), "something")
