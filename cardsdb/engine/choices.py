"""The targeting-phrase parser: a card's text -> the choices it makes when played, as choice specs.

What is chosen (unit, gear, something, battlefield, a card in hand), whose (friendly, enemy, any), where (at a
battlefield, here, at the same battlefield, at another / a different location, in a base, in hand), how many (a, two,
up to N, any number) and filters (another, with N Might or less, attacking, exhausted), and what the choice is for (a
spell's effect or a play effect). Per-card corrections live in `overrides.py`; costs in `card_costs.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Literal

from cardsdb.engine.card_costs import AdditionalCost, additional_costs
from cardsdb.engine.cardtext import abilities, source_text
from cardsdb.engine.constraints import (
    STATUSES,
    Another,
    Filter,
    GroupRule,
    HasStatus,
    Might,
    OneBattlefield,
    SameBattlefield,
    TotalMight,
)
from cardsdb.models import Card

What = Literal["unit", "gear", "object", "battlefield", "unit_card"]  # object: "something" (a unit or gear)
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
Enters = Literal["hidden_battlefield", "chosen_battlefield", "same_location"]

# Where a choice's own text puts it somewhere the hidden battlefield can never be (rule 811.1.d.4).
EXEMPT_WHERE: dict[str, str] = {
    "other_location": "its own text asks for a unit at another location",
    "different_location": "its own text asks for a unit at a different location",
    "base": "its own text asks for something in a base",
    "hand": "it is chosen from a hand, not at a battlefield",
    "opponent_hand": "it is chosen from a revealed hand, not at a battlefield",
}


@dataclass(frozen=True)
class PlayTrigger:
    """When a play effect triggers: "When you play me from face down on your turn" -> from_facedown, on_your_turn."""

    text: str = ""  # the condition as worded after "When you play me" ("from face down on your turn")
    from_facedown: bool = False
    on_your_turn: bool = False
    to_battlefield: bool = False
    also: str = (
        ""  # another event the same ability triggers on ("I attack"): its choice then is not a play effect's
    )


@dataclass(frozen=True)
class ChoiceSpec:
    phrase: str  # "a unit at a battlefield"
    what: What
    whose: Whose = "any"
    where: Where = "anywhere"
    min_count: int = 1
    max_count: int | None = 1  # None: any number
    optional: bool = False
    filters: tuple[Filter, ...] = ()
    group: tuple[GroupRule, ...] = ()
    purpose: Purpose = "spell"
    trigger: PlayTrigger | None = None  # a play effect's condition; None for a spell's choice

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

    @property
    def together(self) -> bool:
        """Every unit of its sentence must be at one battlefield with the others ("at the same battlefield")."""
        return any(isinstance(g, SameBattlefield) for g in self.group)


@dataclass(frozen=True)
class UnitPlay:
    """A unit the card makes someone play, and where it enters when the card was played from facedown.

    `hidden_battlefield`: a unit you play enters at the hidden battlefield (811.1.d.5). `chosen_battlefield` (Bone
    Skewer: "they play that unit to that battlefield") and `same_location` (Temporal Breach: "its owner plays it to the
    same location"): the unit enters where the card's own choice points, which that choice's restriction (811.1.d.2)
    puts at the hidden battlefield; 811.1.d.5 speaks only of units *you* play.
    """

    text: str
    token: bool
    here: bool
    purpose: Purpose = "spell"
    enters: Enters = "hidden_battlefield"


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
    effect_payments: tuple[str, ...] = ()  # "you may pay [2] to Stun a unit": paid as its effect resolves
    attaches_on_play: bool = False  # a gear whose play effect attaches it ("attach it to a unit you control")
    override: str | None = None  # why the parser's reading was corrected, when it was
    unreadable: str | None = None  # set when the engine cannot read the text (a partial card without text)

    @property
    def may_choose_enemy_units(self) -> bool:
        """Whether a choice may pick an opponent's unit: only then can Deflect add to what the play costs."""
        return any(spec.what in ("unit", "object") and spec.whose != "friendly" for spec in self.choices)


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
# "empower something here": any game object there, a unit or a gear.
_SOMETHING = re.compile(r"\b(?P<noun>something)" + _TAIL, re.IGNORECASE)
_TOKEN_PLAY = re.compile(
    r"\bplay (?:a|an|one|two|three|four) [^.]*?\b(?P<kind>unit|gear) tokens?\b[^.]*", re.IGNORECASE
)
# A unit played by someone else or back from where it was: "its owner plays it to the same location" (Temporal
# Breach), "they play that unit to that battlefield" (Bone Skewer).
_UNIT_REPLAY = re.compile(
    r"\b(?:its owner|they) plays? (?:it|that unit) to (?P<dest>the same location|that battlefield)[^.]*",
    re.IGNORECASE,
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
_EFFECT_PAYMENT = re.compile(r"\byou may pay (?:\[[^\]]+\]\s*)+to [^.]+", re.IGNORECASE)
_ATTACHES = re.compile(r"\battach (?:it|this|me) to\b", re.IGNORECASE)
# Trigger and replacement conditions name no target (v1.3 355.10.c): only what follows them is read.
_LEADING_CONDITION = re.compile(
    r"^(?:Once each turn, )?(?:When|Whenever|If|While|At)\b[^,]*,\s*", re.IGNORECASE
)
# "I have [Shield 3] while I'm at a battlefield with ...": a condition of a static ability, not a choice.
_INNER_CONDITION = re.compile(r"\b(?:while|as long as)\b[^,.]*", re.IGNORECASE)
_MIGHT = re.compile(r"with (total )?(?:Might )?(\d+)(?: Might)? or (less|more)", re.IGNORECASE)


def _split_sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!])\s+", text) if s.strip()]


def _count(det: str) -> tuple[int, int | None]:
    det = det.casefold()
    if det in ("a", "an", "another", "something"):
        return 1, 1
    if det in _NUMBER_WORDS:
        return _NUMBER_WORDS[det], _NUMBER_WORDS[det]
    if det.startswith("up to"):
        word = det.split()[-1]
        return 0, _NUMBER_WORDS.get(word, int(word) if word.isdigit() else 1)
    return 0, None  # any number of


def _what(noun: str, where: Where) -> What:
    noun = noun.casefold().rstrip("s")
    if noun == "something":
        return "object"
    if noun == "gear":
        return "gear"
    if noun == "battlefield":
        return "battlefield"
    return "unit_card" if where in ("hand", "opponent_hand") else "unit"


def _whose(adjectives: list[str], tail: str) -> Whose:
    if "enemy" in adjectives or "you don't control" in tail or "an opponent controls" in tail:
        return "enemy"
    if "friendly" in adjectives or "you control" in tail:
        return "friendly"
    return "any"


# The first of these words in a phrase's tail says where its target is (the earlier ones win).
_WHERE_WORDS: tuple[tuple[str, Where], ...] = (
    ("from it", "opponent_hand"),
    ("hand", "hand"),
    ("in a base", "base"),
    ("in your base", "base"),
    ("at a different location", "different_location"),
    ("at another location", "other_location"),
    ("at the same battlefield", "same_battlefield"),
)


def _where(tail: str) -> Where:
    for words, where in _WHERE_WORDS:
        if words in tail:
            return where
    if re.search(r"\bhere\b", tail):
        return "here"
    if "at a battlefield" in tail or "from a battlefield" in tail:
        return "battlefield"
    return "anywhere"


def _constraints(adjectives: list[str], det: str, tail: str) -> tuple[list[Filter], list[GroupRule]]:
    filters: list[Filter] = [HasStatus(s) for a in adjectives for s in STATUSES if s == a]
    if det.casefold() == "another" or "other" in adjectives:
        filters.append(Another())
    group: list[GroupRule] = []
    for might in _MIGHT.finditer(tail):
        limit = int(might.group(2))
        if might.group(1):
            group.append(TotalMight(limit))
        else:
            filters.append(Might("<=" if might.group(3).casefold() == "less" else ">=", limit))
    return filters, group


def _spec(match: re.Match[str], body: str, purpose: Purpose, trigger: PlayTrigger | None) -> ChoiceSpec:
    groups = match.groupdict()
    det = groups.get("det") or "something"
    adjectives = (groups.get("adj") or "").casefold().split()
    noun, tail = groups["noun"], groups["tail"].casefold()
    where = _where(tail)
    filters, group = _constraints(adjectives, det, groups["tail"])
    lo, hi = _count(det)
    # "any number of units at a battlefield": the units are all at one battlefield (v1.4 355.11; the Origins FAQ on
    # Fox-Fire: "any number of units at a single battlefield").
    plural_at_a_battlefield = where == "battlefield" and "at a battlefield" in tail
    if noun.casefold().endswith("s") and plural_at_a_battlefield and (hi is None or hi > 1):
        group.append(OneBattlefield())
    return ChoiceSpec(
        phrase=re.sub(r"\s+", " ", match.group(0)).strip().rstrip(","),
        what=_what(noun, where),
        whose=_whose(adjectives, tail),
        where=where,
        min_count=lo,
        max_count=hi,
        optional=lo == 0 or "you may" in body[: match.start()].casefold(),
        filters=tuple(filters),
        group=tuple(group),
        purpose=purpose,
        trigger=trigger,
    )


def parse_sentence(sentence: str, purpose: Purpose, trigger: PlayTrigger | None = None) -> list[ChoiceSpec]:
    """The choices one sentence of instructions makes, in the order the sentence makes them."""
    body = _UNIT_REPLAY.sub("", _TOKEN_PLAY.sub("", sentence))
    matches = sorted([*PHRASE.finditer(body), *_SOMETHING.finditer(body)], key=lambda m: m.start())
    specs = [_spec(match, body, purpose, trigger) for match in matches]
    # "Stun a friendly unit and an enemy unit at the same battlefield": every unit of the sentence is together.
    if any(s.where == "same_battlefield" for s in specs):
        specs = [
            replace(s, where="same_battlefield", group=(*s.group, SameBattlefield()))
            if s.what == "unit" and s.where in ("anywhere", "same_battlefield")
            else s
            for s in specs
        ]
    return specs


def _unit_plays(sentence: str, purpose: Purpose) -> tuple[list[UnitPlay], list[str]]:
    units: list[UnitPlay] = []
    gear: list[str] = []
    for match in _TOKEN_PLAY.finditer(sentence):
        text = match.group(0).strip()
        if match.group("kind").casefold() == "gear":
            gear.append(text)
        else:
            here = bool(re.search(r"\bhere\b", text, re.IGNORECASE))
            units.append(UnitPlay(text=text, token=True, here=here, purpose=purpose))
    for match in _UNIT_REPLAY.finditer(sentence):
        same = match.group("dest").casefold() == "the same location"
        enters: Enters = "same_location" if same else "chosen_battlefield"
        units.append(
            UnitPlay(match.group(0).strip(), token=False, here=False, purpose=purpose, enters=enters)
        )
    return units, gear


def _play_trigger(cond: str) -> PlayTrigger:
    """ " from [Hidden] on your turn" -> PlayTrigger(from_facedown, on_your_turn); " or I attack" -> also="I attack"."""
    text = _FROM_HIDDEN.sub("from face down", cond.strip())
    also = ""
    other = re.match(r"^or (?P<event>.+)$", text, re.IGNORECASE)
    if other:
        also, text = other.group("event").strip(), ""
    words = text.casefold()
    return PlayTrigger(
        text=text,
        from_facedown="from face down" in words,
        on_your_turn="on your turn" in words,
        to_battlefield="to a battlefield" in words,
        also=also,
    )


@dataclass
class _Reading:
    """What the abilities of a card say, gathered line by line."""

    spell: bool
    choices: list[ChoiceSpec] = field(default_factory=list)
    unit_plays: list[UnitPlay] = field(default_factory=list)
    gear_tokens: list[str] = field(default_factory=list)
    other: list[str] = field(default_factory=list)
    hand_only: list[str] = field(default_factory=list)
    payments: list[str] = field(default_factory=list)
    attaches: bool = False

    def instructions(self, body: str, purpose: Purpose, trigger: PlayTrigger | None) -> None:
        for sentence in _split_sentences(body):
            specs = parse_sentence(sentence, purpose, trigger)
            self.choices.extend(specs)
            if trigger is not None and trigger.also:
                self.other.extend(f"{s.phrase} (when {trigger.also})" for s in specs)
            units, gear = _unit_plays(sentence, purpose)
            self.unit_plays.extend(units)
            self.gear_tokens.extend(gear)
        if purpose == "play_effect":
            self.payments.extend(m.group(0).strip() for m in _EFFECT_PAYMENT.finditer(body))
            self.attaches = self.attaches or bool(_ATTACHES.search(body))

    def ability(self, text: str) -> None:
        if re.match(r"^If you played this from your hand", text, re.IGNORECASE):
            self.hand_only.append(text)
            return
        if "as an additional cost" in text.casefold():
            return
        if self.spell:
            self.instructions(text, "spell", None)
            return
        play = _PLAY_EFFECT.match(text)
        if play:
            self.instructions(play.group("body"), "play_effect", _play_trigger(play.group("cond")))
            return
        rest = _INNER_CONDITION.sub("", _LEADING_CONDITION.sub("", text))
        for sentence in _split_sentences(rest):
            self.other.extend(spec.phrase for spec in parse_sentence(sentence, "spell"))


def parse_card(card: Card) -> CardChoices:
    """Read a card's text into its choices (the parser alone; `overrides.choices_for` applies corrections)."""
    if card.partial and not (card.text_raw or card.text).strip():
        return CardChoices(
            card=card.name, unreadable=f"{card.name} is a newer card known only in part, without its text"
        )
    reading = _Reading(spell=card.is_type("Spell"))
    for ability in abilities(card):
        if not ability.keywords_only:
            reading.ability(ability.text)
    return CardChoices(
        card=card.name,
        choices=tuple(reading.choices),
        unit_plays=tuple(reading.unit_plays),
        gear_tokens=tuple(reading.gear_tokens),
        costs=additional_costs(card),
        other_choices=tuple(reading.other),
        hand_only=tuple(reading.hand_only),
        facedown_only=tuple(m.group(0).strip() for m in _FROM_FACEDOWN_SENTENCE.finditer(source_text(card))),
        effect_payments=tuple(reading.payments),
        attaches_on_play=reading.attaches,
    )


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


def facedown_capacity(card: Card | None) -> int:
    """How many facedown cards a battlefield holds: one (107.3.b), and one more for each "You may hide an additional
    card here." (Bandle Tree; the occupancy can change, v1.4 107.3.b.1)."""
    if card is None:
        return 1
    return 1 + len(re.findall(r"hide an additional card here", source_text(card), re.IGNORECASE))
