"""The targeting-phrase parser: a card's text -> the choices it makes when played, as choice specs.

What is chosen (unit, gear, battlefield, a card in hand), whose (friendly, enemy, any), where (at a battlefield,
here, at the same battlefield, at another / a different location, in a base, in hand), how many (a, two, up to N,
any number) and filters (another, with N Might or less, attacking, exhausted), and what the choice is for (a
spell's effect or a play effect). Per-card corrections live in `overrides.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

from cardsdb.engine.cardtext import abilities, keyword_number, printed_keywords, source_text
from cardsdb.models import Card

What = Literal["unit", "gear", "battlefield", "unit_card"]
Whose = Literal["any", "friendly", "enemy"]
Where = Literal[
    "anywhere",  # no location in the text: a unit anywhere on the board
    "battlefield",  # "at a battlefield", "from a battlefield"
    "here",  # the source permanent's location
    "same_battlefield",  # "at the same battlefield" (every unit of the sentence together)
    "other_location",  # "at another location": not the source's location
    "different_location",  # "at a different location": not the first choice's (or the source's) location
    "base",  # "in a base"
    "hand",  # "from hand" / "in your hand"
    "opponent_hand",  # "from it" after an opponent reveals their hand
]
Purpose = Literal["spell", "play_effect", "unit_destination"]

# Where a choice's own text puts it somewhere the hidden battlefield can never be (rule 811.1.d.4).
EXEMPT_WHERE: dict[str, str] = {
    "other_location": "its own text asks for a unit at another location",
    "different_location": "its own text asks for a unit at a different location",
    "base": "its own text asks for something in a base",
    "hand": "it is chosen from a hand, not at a battlefield",
    "opponent_hand": "it is chosen from a revealed hand, not at a battlefield",
}


@dataclass(frozen=True)
class ChoiceSpec:
    phrase: str  # "a unit at a battlefield"
    what: What
    whose: Whose = "any"
    where: Where = "anywhere"
    min_count: int = 1
    max_count: int | None = 1  # None: any number
    optional: bool = False
    filters: tuple[
        str, ...
    ] = ()  # "another", "attacking", "exhausted", "ready", "buffed", "might<=3", "might>=5"
    group: tuple[str, ...] = ()  # "same_battlefield", "total_might<=4"
    purpose: Purpose = "spell"
    trigger: str = ""  # play-effect condition after "When you play me": "from face down on your turn"
    sentence: str = ""

    @property
    def exempt(self) -> str | None:
        """Why the hidden restriction does not apply to this choice (rule 811.1.d.4), or None."""
        return EXEMPT_WHERE.get(self.where)

    @property
    def count(self) -> str:
        if self.max_count is None:
            return "0+"
        if self.min_count == self.max_count:
            return str(self.max_count)
        return f"{self.min_count}-{self.max_count}"


@dataclass(frozen=True)
class UnitPlay:
    """A unit the card makes you play: it enters at the hidden battlefield when played from facedown (811.1.d.5)."""

    text: str
    token: bool
    here: bool
    purpose: Purpose = "spell"
    trigger: str = ""
    # The unit enters at a battlefield the card chooses (Bone Skewer: "they play that unit to that battlefield"): the
    # choice's own restriction (811.1.d.2) puts it there, not 811.1.d.5, which speaks of units *you* play.
    at_chosen_battlefield: bool = False


@dataclass(frozen=True)
class AdditionalCost:
    text: str
    optional: bool
    power: int = 0
    energy: int = 0
    keyword: str | None = None
    # One entry per power: the domain that must pay it ("fury"), or "any" (a power of any domain).
    power_domains: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardChoices:
    """Everything about a card that playing it from facedown restricts or leaves alone."""

    card: str
    choices: tuple[ChoiceSpec, ...] = ()
    unit_plays: tuple[UnitPlay, ...] = ()
    gear_tokens: tuple[str, ...] = ()
    costs: tuple[AdditionalCost, ...] = ()
    other_choices: tuple[
        str, ...
    ] = ()  # choices of abilities other than play effects: never restricted (811.2)
    hand_only: tuple[str, ...] = ()  # "If you played this from your hand, draw 1."
    facedown_only: tuple[str, ...] = ()  # "If you played me from facedown, recycle me."
    override: str | None = None  # why the parser's reading was corrected, when it was
    unreadable: str | None = None  # set when the engine cannot read the text (a partial card without text)


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_DET = r"(?P<det>\b(?:another|an|a|two|three|up to (?:one|two|three|four|\d+)|any number of))"
_ADJ = r"(?P<adj>(?:(?:friendly|enemy|attacking|defending|exhausted|ready|buffed|other)\s+)*)"
_NOUN = r"(?P<noun>units?|gears?|battlefields?)\b"
_TAIL_PARTS = (
    r"you control",
    r"you don't control",
    r"an opponent controls",
    r"at a battlefield",
    r"at the same battlefield",
    r"at another location",
    r"at a different location",
    r"here",
    r"in a base",
    r"in your base",
    r"from a battlefield",
    r"from (?:your )?hand",
    r"from it",
    r"with total Might \d+ or (?:less|more)",
    r"with \d+ Might or (?:less|more)",
    r"with Might \d+ or (?:less|more)",
)
_TAIL = r"(?P<tail>(?:,?\s+(?:" + "|".join(_TAIL_PARTS) + r"))*)"
PHRASE = re.compile(_DET + r"\s+" + _ADJ + _NOUN + _TAIL, re.IGNORECASE)
_TOKEN_PLAY = re.compile(
    r"\bplay (?:a|an|one|two|three|four) [^.]*?\b(?P<kind>unit|gear) tokens?\b[^.]*", re.IGNORECASE
)
# "When you play me", and play triggers worded from the card's side: "When I defend or I'm played from [Hidden]".
_PLAY_EFFECT = re.compile(
    r"^When(?:ever)? (?:[^,]*?\bor )?(?:you play (?:me|this)|I'm played|I am played)(?P<cond>[^,]*),\s*(?P<body>.+)$",
    re.IGNORECASE,
)
_FROM_FACEDOWN_SENTENCE = re.compile(
    r"If you played (?:me|this) from (?:face ?down|face-down|\[?Hidden\]?)\b[^.]*\.", re.IGNORECASE
)
_FROM_HIDDEN = re.compile(r"\bfrom (?:\[Hidden\]|Hidden|facedown|face-down)", re.IGNORECASE)
_OPTIONAL_COST = re.compile(r"you may (?:pay )?(?P<cost>.+?) as an additional cost", re.IGNORECASE)
_MANDATORY_COST = re.compile(r"as an additional cost to play (?:me|this), (?P<cost>[^.]+)", re.IGNORECASE)


def _split_sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!])\s+", text) if s.strip()]


def _count(det: str) -> tuple[int, int | None]:
    det = det.casefold()
    if det in ("a", "an", "another"):
        return 1, 1
    if det in _NUMBER_WORDS:
        return _NUMBER_WORDS[det], _NUMBER_WORDS[det]
    if det.startswith("up to"):
        word = det.split()[-1]
        return 0, _NUMBER_WORDS.get(word, int(word) if word.isdigit() else 1)
    return 0, None  # any number of


def _what(noun: str) -> What:
    noun = noun.casefold().rstrip("s")
    if noun == "gear":
        return "gear"
    if noun == "battlefield":
        return "battlefield"
    return "unit"


def parse_sentence(sentence: str, purpose: Purpose, trigger: str = "") -> list[ChoiceSpec]:
    """The choices one sentence of instructions makes."""
    body = _TOKEN_PLAY.sub("", sentence)
    specs: list[ChoiceSpec] = []
    for match in PHRASE.finditer(body):
        det, adj, noun, tail = (
            match.group("det"),
            match.group("adj"),
            match.group("noun"),
            match.group("tail"),
        )
        lower_tail = tail.casefold()
        adjectives = adj.casefold().split()
        whose: Whose = "any"
        if "friendly" in adjectives or "you control" in lower_tail:
            whose = "friendly"
        if "enemy" in adjectives or "you don't control" in lower_tail or "an opponent controls" in lower_tail:
            whose = "enemy"
        where: Where = "anywhere"
        if "at a battlefield" in lower_tail or "from a battlefield" in lower_tail:
            where = "battlefield"
        if re.search(r"\bhere\b", lower_tail):
            where = "here"
        if "at the same battlefield" in lower_tail:
            where = "same_battlefield"
        if "at another location" in lower_tail:
            where = "other_location"
        if "at a different location" in lower_tail:
            where = "different_location"
        if "in a base" in lower_tail or "in your base" in lower_tail:
            where = "base"
        if "hand" in lower_tail:
            where = "hand"
        if "from it" in lower_tail:
            where = "opponent_hand"
        filters = [a for a in adjectives if a in ("attacking", "defending", "exhausted", "ready", "buffed")]
        if det.casefold() in ("another",) or "other" in adjectives:
            filters.append("another")
        group: list[str] = []
        for might in re.finditer(
            r"with (total )?(?:Might )?(\d+)(?: Might)? or (less|more)", tail, re.IGNORECASE
        ):
            op = "<=" if might.group(3).casefold() == "less" else ">="
            name = "total_might" if might.group(1) else "might"
            (group if might.group(1) else filters).append(f"{name}{op}{might.group(2)}")
        lo, hi = _count(det)
        # "any number of units at a battlefield": the units are all at one battlefield (v1.3 355.11; the Origins
        # FAQ on Fox-Fire: "any number of units at a single battlefield").
        if (
            noun.casefold().endswith("s")
            and where == "battlefield"
            and "at a battlefield" in lower_tail
            and (hi is None or hi > 1)
        ):
            group.append("one_battlefield")
        before = body[: match.start()].casefold()
        optional = lo == 0 or "you may" in before
        what = _what(noun)
        if where in ("hand", "opponent_hand") and what == "unit":
            what = "unit_card"
        phrase = re.sub(r"\s+", " ", match.group(0)).strip().rstrip(",")
        specs.append(
            ChoiceSpec(
                phrase=phrase,
                what=what,
                whose=whose,
                where=where,
                min_count=lo,
                max_count=hi,
                optional=optional,
                filters=tuple(filters),
                group=tuple(group),
                purpose=purpose,
                trigger=trigger,
                sentence=sentence,
            )
        )
    # "Stun a friendly unit and an enemy unit at the same battlefield": every unit of the sentence is together.
    if any(s.where == "same_battlefield" for s in specs):
        specs = [
            replace(s, where="same_battlefield", group=(*s.group, "same_battlefield"))
            if s.what == "unit" and s.where in ("anywhere", "same_battlefield")
            else s
            for s in specs
        ]
    return specs


def _unit_plays(sentence: str, purpose: Purpose, trigger: str) -> tuple[list[UnitPlay], list[str]]:
    units: list[UnitPlay] = []
    gear: list[str] = []
    for match in _TOKEN_PLAY.finditer(sentence):
        text = match.group(0).strip()
        if match.group("kind").casefold() == "gear":
            gear.append(text)
        else:
            units.append(
                UnitPlay(
                    text=text,
                    token=True,
                    here=bool(re.search(r"\bhere\b", text, re.IGNORECASE)),
                    purpose=purpose,
                    trigger=trigger,
                )
            )
    return units, gear


_POWER = re.compile(
    r"\[(?P<symbol>A|Fury|Calm|Mind|Body|Chaos|Order|C)\]|\b(?P<word>Fury|Calm|Mind|Body|Chaos|Order|any)\b(?= power)|\b(?P<bare>Fury|Calm|Mind|Body|Chaos|Order)\b",
    re.IGNORECASE,
)
# [C] is a power of the card's own domain; read without the card, it is taken as any domain.
_SYMBOL_DOMAIN = {"a": "any", "c": "any"}


def _power_domains(cost: str) -> tuple[str, ...]:
    """The power a cost asks for, one entry per power: its domain, or "any"."""
    domains: list[str] = []
    for match in _POWER.finditer(cost):
        word = (match.group("symbol") or match.group("word") or match.group("bare")).casefold()
        domains.append(_SYMBOL_DOMAIN.get(word, word) if match.group("symbol") else word)
    return tuple(domains)


def _power_count(cost: str) -> int:
    return len(_power_domains(cost))


def _energy_count(cost: str) -> int:
    return sum(int(n) for n in re.findall(r"\[(\d+)\]", cost))


def parse_card(card: Card) -> CardChoices:
    """Read a card's text into its choices (the parser alone; `overrides.choices_for` applies corrections)."""
    if card.partial and not (card.text_raw or card.text).strip():
        return CardChoices(
            card=card.name, unreadable=f"{card.name} is known only from the seeds, without its text"
        )
    spell = card.is_type("Spell")
    choices: list[ChoiceSpec] = []
    unit_plays: list[UnitPlay] = []
    gear_tokens: list[str] = []
    costs: list[AdditionalCost] = []
    other: list[str] = []
    hand_only: list[str] = []
    raw = source_text(card)
    if "accelerate" in printed_keywords(card):
        # v1.3 805.1.a.1-2: a single-domain unit's Accelerate power must be of its domain; otherwise any domain.
        domains = [d.casefold() for d in card.domains]
        accelerate_domain = domains[0] if len(domains) == 1 else "any"
        costs.append(
            AdditionalCost(
                "Accelerate: pay [1] and one power to have it enter ready",
                True,
                1,
                1,
                "Accelerate",
                (accelerate_domain,),
            )
        )
    # Reminder text in parentheses restates a keyword (Accelerate's cost): it is not a second cost.
    rules_text = re.sub(r"\([^)]*\)", "", raw)
    for optional in _OPTIONAL_COST.finditer(rules_text):
        cost = optional.group("cost")
        if "accelerate" in optional.group(0).casefold() or "[1] and 1 Power" in cost:
            continue
        costs.append(
            AdditionalCost(
                optional.group(0), True, _power_count(cost), _energy_count(cost), None, _power_domains(cost)
            )
        )
    for mandatory in _MANDATORY_COST.finditer(rules_text):
        if "you may" not in mandatory.group(0).casefold():
            cost = mandatory.group("cost")
            costs.append(
                AdditionalCost(
                    mandatory.group(0),
                    False,
                    _power_count(cost),
                    _energy_count(cost),
                    None,
                    _power_domains(cost),
                )
            )
    for ability in abilities(card):
        if ability.keywords_only:
            continue
        text = ability.text
        if re.match(r"^If you played this from your hand", text, re.IGNORECASE):
            hand_only.append(text)
            continue
        if "as an additional cost" in text.casefold():
            continue
        if spell:
            for sentence in _split_sentences(text):
                choices.extend(parse_sentence(sentence, "spell"))
                units, gear = _unit_plays(sentence, "spell", "")
                unit_plays.extend(units)
                gear_tokens.extend(gear)
            continue
        play = _PLAY_EFFECT.match(text)
        if play:
            trigger = _FROM_HIDDEN.sub("from face down", play.group("cond").strip())
            for sentence in _split_sentences(play.group("body")):
                choices.extend(parse_sentence(sentence, "play_effect", trigger))
                units, gear = _unit_plays(sentence, "play_effect", trigger)
                unit_plays.extend(units)
                gear_tokens.extend(gear)
            continue
        # Trigger conditions and replacement conditions name no target (v1.3 355.10.c): read only what follows.
        text = re.sub(
            r"^(?:Once each turn, )?(?:When|Whenever|If|While|At)\b[^,]*,\s*", "", text, flags=re.IGNORECASE
        )
        for sentence in _split_sentences(text):
            other.extend(spec.phrase for spec in parse_sentence(sentence, "spell"))
    return CardChoices(
        card=card.name,
        choices=tuple(choices),
        unit_plays=tuple(unit_plays),
        gear_tokens=tuple(gear_tokens),
        costs=tuple(costs),
        other_choices=tuple(other),
        hand_only=tuple(hand_only),
        facedown_only=tuple(m.group(0).strip() for m in _FROM_FACEDOWN_SENTENCE.finditer(raw)),
    )


def deflect_value(card: Card) -> int:
    return keyword_number(card, "Deflect")


@dataclass(frozen=True)
class HideGrants:
    """Other ways to pay for hiding that cards grant: Swift Scout's energy, Guerilla Warfare's "ignoring costs"."""

    energy: int | None = None  # "You may pay [1] to hide a card with Hidden instead of [A]"
    free: bool = False  # "You can hide cards ignoring costs this turn"
    sources: tuple[str, ...] = field(default=())


def hide_grants(cards: tuple[Card, ...]) -> HideGrants:
    energy: int | None = None
    free = False
    sources: list[str] = []
    for card in cards:
        text = source_text(card)
        match = re.search(r"pay \[(\d+)\] to hide a card with \[?Hidden\]? instead of", text, re.IGNORECASE)
        if match:
            energy = int(match.group(1)) if energy is None else min(energy, int(match.group(1)))
            sources.append(card.name)
        if re.search(r"hide cards ignoring costs", text, re.IGNORECASE):
            free = True
            sources.append(card.name)
    return HideGrants(energy=energy, free=free, sources=tuple(sources))


def facedown_capacity_bonus(card: Card | None) -> int:
    """Bandle Tree: "You may hide an additional card here." raises the facedown zone's limit by one."""
    if card is None:
        return 0
    return len(re.findall(r"hide an additional card here", source_text(card), re.IGNORECASE))
