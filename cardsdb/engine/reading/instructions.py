"""The instruction reader: one sentence of instructions -> the choices it makes, the units it plays, and every other
object it mentions accounted for, or named as what the engine could not read.

An object a sentence mentions is chosen when the sentence is played (a target, v1.4 355.7, 355.10) unless the rules
say otherwise, and each exception is a general rule of the card language:
- it is in a condition, a trigger's condition or a replacement ("If it was an enemy unit, ...", 355.10.c);
- it is a cost within the instruction ("you may kill another friendly unit here to draw 1", 355.10.c.1);
- another player chooses it ("They move a unit they control", "Each player kills one of their units", 355.10.e);
- it is where something moves or is played ("to a battlefield you control", "to a location where ...", 355.4, 355.10.b);
- it is made by the instruction ("play a 3 Might Sprite unit token");
- it is chosen as the instruction resolves, among cards it reveals ("from among them", 355.17);
- it is named, not chosen ("name a spell").
A player ("choose an opponent") is chosen too, and in a game of two there is always one to choose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from cardsdb.engine.reading.constraints import SameBattlefield, SameController, SameLocation
from cardsdb.engine.reading.phrases import DET, Phrase, read_phrase, something
from cardsdb.engine.reading.specs import ChoiceSpec, Conditional, Enters, PlayTrigger, Purpose, UnitPlay

_MENTION_START = re.compile(rf"\b{DET}\s|\bsomething\b", re.IGNORECASE)
# "one of your other units here", "one of its Equipment": a choice among those
_ONE_OF = re.compile(
    r"\bone of (?P<whose>your|their|its|his|her) (?P<rest>(?:other )?(?:units?|gear|Equipment)(?: here)?)\b",
    re.IGNORECASE,
)
_VERBS = (
    r"stun|deal|draw|give|move|ready|play|buff|heal|channel|empower|disempower|score|gain|return|kill|banish|recall|"
    r"attach|predict|add|look|discard|recycle|exhaust|counter|take|double|prevent|reveal|destroy|put|spend"
)
# "[do X] to [do Y]": X is a cost within the instruction (v1.4 355.10.c.1).
_COST_TO = re.compile(
    rf"\b(?:you may |may |must )?(?P<cost>(?:pay|spend|kill|exhaust|discard|recycle|banish|return|disempower|detach)\b"
    rf"[^.;]*?)\s+to\s+(?={_VERBS}\b)",
    re.IGNORECASE,
)
_TOKEN_PLAY = re.compile(
    r"\bplays? (?:a|an|one|two|three|four|five) [^.]*?\b(?P<kind>unit|gear) tokens?\b[^.;]*?(?=(?:\. |\.$|;|, then|, and|$))",
    re.IGNORECASE,
)
_UNIT_REPLAY = re.compile(
    r"\b(?:its owner|they) plays? (?:it|that unit) to (?P<dest>the same location|that battlefield|any battlefield)[^.]*",
    re.IGNORECASE,
)
# A unit played from a zone by this instruction: "Play a unit from your trash", "you may play a unit from your hand".
_UNIT_FROM_ZONE = re.compile(
    r"\bplay (?:a|an|up to one) (?:[\w-]+ )*?units? (?:card )?(?=(?:\w+ ){0,6}?from)", re.IGNORECASE
)
# Clauses another player acts in: their mentions are theirs to choose (v1.4 355.10.e).
_OTHER_SUBJECT = re.compile(
    r"(?:^|[.;,]\s*|\bthen\s+|\band\s+)(?P<who>they|each (?:other )?player|each opponent|its controller|their owners?"
    r"|its owner|the defender|an opponent|starting with the next player, each (?:other )?player)\b"
    r"[^.;]*?(?=\band you\b|,\s*you\b|[.;]|$)",
    re.IGNORECASE,
)
_DESTINATION = re.compile(r"\b(?:to|into|onto)\s+$", re.IGNORECASE)
# Runes channelled come from the rune deck: they are made, not chosen on the board.
_CHANNEL = re.compile(r"\bchannels?\s+$", re.IGNORECASE)
_RESOLUTION = re.compile(r"until you reveal\s+$|\bname\s+$", re.IGNORECASE)
_RESOLVED_AFTER = re.compile(r"^\s*(?:from among them|revealed this way)", re.IGNORECASE)
_DO_THIS = re.compile(r"^(?:Then,? )?if (?P<cond>.+?), do this:\s*", re.IGNORECASE)
_LEADING_IF = re.compile(
    r"^(?:Then,? )?(?:if|when|whenever|unless|while|as long as)\b(?P<cond>[^,]*),\s*", re.IGNORECASE
)
_TRAILING_IF = re.compile(r"(?<!\s)\s+(?:if|unless|while)\b(?P<cond>[^.]*)\.?$", re.IGNORECASE)
# "to a location where there's a unit with the same controller": what the destination must hold (v1.4 355.10.b).
_WHERE_CLAUSE = re.compile(r"\bwhere\b[^.;]*", re.IGNORECASE)
_DELAYED = re.compile(r"\b(?:when|whenever|the next time)\b[^,]*,", re.IGNORECASE)
_KNOWN_CONDITIONS = (
    (re.compile(r"you played (?:this|me) from your hand", re.IGNORECASE), "from_hand"),
    (
        re.compile(
            r"(?:(?:I was|it was) played|you played (?:this|me)) from (?:face ?down|face-down|\[?Hidden\]?)",
            re.I,
        ),
        "from_facedown",
    ),
    (re.compile(r"it's not your turn|it is not your turn", re.IGNORECASE), "not_your_turn"),
    (re.compile(r"it's your turn|it is your turn", re.IGNORECASE), "your_turn"),
)


# The words an instruction's clause starts with in the card language: its verbs, and the subjects of what other players
# or objects do. A clause led by another word is an instruction the engine does not know ("Show Off a unit").
KNOWN_LEADS = frozenset(
    [
        "give",
        "draw",
        "draws",
        "play",
        "choose",
        "deal",
        "move",
        "kill",
        "ready",
        "buff",
        "buffs",
        "return",
        "pay",
        "add",
        "banish",
        "recycle",
        "recycles",
        "stun",
        "discard",
        "discarded",
        "exhaust",
        "gain",
        "reveal",
        "channel",
        "look",
        "counter",
        "empower",
        "disempower",
        "use",
        "put",
        "attach",
        "detach",
        "unattach",
        "spend",
        "predict",
        "burn",
        "take",
        "double",
        "score",
        "prevent",
        "replace",
        "increase",
        "reduce",
        "name",
        "lose",
        "heal",
        "make",
        "activate",
        "repeat",
        "swap",
        "recall",
        "ignore",
        "they",
        "you",
        "each",
        "its",
        "it",
        "the",
        "this",
        "that",
        "those",
        "otherwise",
        "do",
        "for",
        "starting",
        "if",
        "then",
        "an",
        "a",
        "opponents",
        "friendly",
        "enemy",
        "units",
        "unit",
        "gear",
        "spell",
        "we",
        "your",
        "their",
        "i",
        "me",
        "my",
        "when",
        "whenever",
        "at",
    ]
)
_LEAD = re.compile(
    r"(?<!\s)\s*(?:(?:you may|may|then|and|also|instead)\b,?\s*)*(?P<word>[A-Za-z'-]+)", re.IGNORECASE
)


@dataclass
class InstructionReading:
    """What one sentence of instructions does that the engine's questions depend on."""

    text: str
    specs: list[ChoiceSpec] = field(default_factory=list)
    unit_plays: list[UnitPlay] = field(default_factory=list)
    gear_tokens: list[str] = field(default_factory=list)
    players: list[str] = field(
        default_factory=list
    )  # "an opponent": a player it chooses (always one in a game of two)
    accounted: list[str] = field(
        default_factory=list
    )  # other objects it mentions, and why they are not chosen
    unread: list[str] = field(default_factory=list)  # what it could not read
    conditional: Conditional | None = (
        None  # a condition the play decides ("If you played this from your hand")
    )
    condition: str = ""  # a condition it can't decide ("if you paid the additional cost")

    @property
    def read(self) -> bool:
        return not self.unread

    @property
    def words(self) -> str:
        """What it was read as, for the coverage report."""
        parts = [f"chooses {s.phrase}" for s in self.specs]
        parts += [f"chooses {p}" for p in self.players]
        parts += [f"plays {u.text}" for u in self.unit_plays] + [f"plays {g}" for g in self.gear_tokens]
        parts += self.accounted
        if self.conditional:
            parts.insert(0, f"only {self.conditional.when.replace('_', ' ')}")
        elif self.condition:
            parts.insert(0, f"if {self.condition}")
        return "; ".join(parts) or "makes no choice"


_CLAUSES = re.compile(r",\s*(?:and )?then\s+|;\s*", re.IGNORECASE)


def _known(text: str) -> str | None:
    return next((when for pattern, when in _KNOWN_CONDITIONS if pattern.search(text)), None)


@dataclass(frozen=True)
class _Clause:
    """One clause of a sentence, without its conditions: `gate` is a leading condition its choices wait on ("If you
    paid the additional cost, choose ..."); a trailing one ("Counter a spell unless ...") conditions only the effect."""

    text: str
    gate: str = ""


def _clauses(text: str, reading: InstructionReading) -> list[_Clause]:
    """The sentence's clauses without their conditions (v1.4 355.10.c: what a condition mentions is not chosen). A
    condition the play decides ("if I was played from face down") belongs to its clause only: "give a friendly unit +3
    Might this turn, then recycle me if I was played from face down" chooses its unit however it was played."""
    kept: list[_Clause] = []
    clauses = _CLAUSES.split(text)
    for clause in clauses:
        when = _known(clause)
        if when is not None and len(clauses) > 1:
            reading.conditional = Conditional(clause.strip().rstrip("."), when)
            continue
        if when is not None:
            reading.conditional = Conditional(text, when)
        gate = ""
        if (
            do_this := _DO_THIS.match(clause)
        ) is not None:  # "Then if you revealed a Bird, Cat, ..., do this: ..."
            gate, clause = do_this.group("cond").strip(), clause[do_this.end() :]
        while (lead := _LEADING_IF.match(clause)) is not None:
            gate = gate or lead.group("cond").strip()
            clause = clause[lead.end() :]
        trail = _TRAILING_IF.search(clause)
        if trail:
            reading.condition = reading.condition or trail.group("cond").strip()
            clause = clause[: trail.start()]
        reading.condition = reading.condition or gate
        kept.append(_Clause(clause, gate))
    return kept


def _spans(pattern: re.Pattern[str], text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in pattern.finditer(text)]


def _inside(pos: int, spans: list[tuple[int, int]]) -> bool:
    return any(a <= pos < b for a, b in spans)


def _plays(text: str, purpose: Purpose, reading: InstructionReading) -> list[tuple[int, int]]:
    """Units and gear tokens the instruction plays; their words are accounted for."""
    spans: list[tuple[int, int]] = []
    for match in _TOKEN_PLAY.finditer(text):
        words = match.group(0).strip()
        if match.group("kind").casefold() == "gear":
            reading.gear_tokens.append(words)
        else:
            theirs = _inside(match.start(), _spans(_OTHER_SUBJECT, text)) or re.match(r"(?i)they|each", words)
            here = bool(re.search(r"\bhere\b", words, re.IGNORECASE))
            enters: Enters = "opponent_plays" if theirs else "hidden_battlefield"
            reading.unit_plays.append(UnitPlay(words, token=True, here=here, purpose=purpose, enters=enters))
        spans.append((match.start(), match.end()))
    for match in _UNIT_REPLAY.finditer(text):
        dest = match.group("dest").casefold()
        enters = "same_location" if dest == "the same location" else "chosen_battlefield"
        if dest == "any battlefield":
            enters = "hidden_battlefield"
        reading.unit_plays.append(UnitPlay(match.group(0).strip(), False, False, purpose, enters))
        spans.append((match.start(), match.end()))
    for match in _UNIT_FROM_ZONE.finditer(text):
        reading.unit_plays.append(
            UnitPlay(text[match.start() :].split(",")[0].rstrip("."), False, False, purpose)
        )
    return spans


def _mentions(text: str) -> list[Phrase]:
    """Every object the text mentions, left to right, a phrase inside another's words counted once."""
    found: list[Phrase] = []
    end = 0
    for start in (m.start() for m in _MENTION_START.finditer(text)):
        if start < end:
            continue
        phrase = (
            something(text, start)
            if text[start:].casefold().startswith("something")
            else read_phrase(text, start)
        )
        if phrase is not None:
            found.append(phrase)
            end = phrase.end
    for match in _ONE_OF.finditer(text):
        if not any(p.start <= match.start() < p.end for p in found):
            found.extend(_one_of(match))
    return sorted(found, key=lambda p: p.start)


def _one_of(match: re.Match[str]) -> list[Phrase]:
    """ "one of your other units here" is "another unit you control here"; "one of their units", theirs."""
    rest = re.sub(r"\bunits\b", "unit", match.group("rest"))
    inner = read_phrase(f"a {rest}", 0)
    if inner is None or inner.spec is None:
        return []
    whose_word = match.group("whose").casefold()
    whose = "friendly" if whose_word == "your" else inner.spec.whose
    unread = ("of its",) if whose_word == "its" else ()
    spec = replace(inner.spec, phrase=match.group(0), whose=whose, unread=unread)
    return [Phrase(match.start(), match.end(), match.group(0), spec, "unit", unread, whose_word == "their")]


def _account(phrase: Phrase, text: str, spans: dict[str, list[tuple[int, int]]]) -> str | None:
    """Why a mentioned object is not chosen by the player of this card, or None when it is."""
    before = text[: phrase.start]
    if _inside(phrase.start, spans["play"]) or _CHANNEL.search(before):
        return f"{phrase.text}: made by the instruction"
    if _inside(phrase.start, spans["cost"]):
        return f"{phrase.text}: part of a cost, not a target (355.10.c.1)"
    if _inside(phrase.start, spans["where"]):
        return f"{phrase.text}: what a place must hold, not a target (355.10.b)"
    if _inside(phrase.start, spans["delayed"]):
        return f"{phrase.text}: chosen when its delayed trigger does (355.5.b)"
    if phrase.other_player or _inside(phrase.start, spans["other"]):
        return f"{phrase.text}: another player chooses it (355.10.e)"
    if _DESTINATION.search(before) and phrase.noun in ("battlefield", "location", "base"):
        return f"{phrase.text}: where it goes, not a target (355.4, 355.10.b)"
    if _RESOLUTION.search(before) or _RESOLVED_AFTER.match(text[phrase.end :]):
        return f"{phrase.text}: chosen as it resolves, among cards it reveals (355.17)"
    return None


def _merge_or(text: str, specs: list[tuple[Phrase, ChoiceSpec]]) -> list[tuple[Phrase, ChoiceSpec]]:
    """ "a unit at a battlefield or a gear": one choice whose target may be either."""
    merged: list[tuple[Phrase, ChoiceSpec]] = []
    for phrase, spec in specs:
        if merged and re.fullmatch(r",?(?<!\s)\s+or\s+", text[merged[-1][0].end : phrase.start]):
            first_phrase, first = merged[-1]
            joined = f"{first.phrase} or {spec.phrase}"
            kinds = (*first.kinds, *spec.kinds)
            merged[-1] = (
                Phrase(first_phrase.start, phrase.end, joined, None, first_phrase.noun),
                replace(first, phrase=joined, alternatives=tuple(replace(k, phrase=joined) for k in kinds)),
            )
            continue
        merged.append((phrase, spec))
    return merged


def _together(specs: list[ChoiceSpec]) -> list[ChoiceSpec]:
    """Group rules that speak of every target of the sentence: "at the same battlefield", "with the same controller",
    "at its location"."""
    if any(s.where == "same_battlefield" for s in specs):
        specs = [
            replace(s, where="same_battlefield", group=(*s.group, SameBattlefield()))
            if s.what == "unit" and s.where in ("anywhere", "same_battlefield")
            else s
            for s in specs
        ]
    if any(isinstance(g, SameController) for s in specs for g in s.group):
        specs = [
            s
            if any(isinstance(g, SameController) for g in s.group)
            else replace(s, group=(*s.group, SameController()))
            for s in specs
        ]
    for i, spec in enumerate(specs):
        if spec.where == "its_location" and i > 0:
            specs[i] = replace(spec, group=(*spec.group, SameLocation()))
            specs[i - 1] = replace(specs[i - 1], group=(*specs[i - 1].group, SameLocation()))
    return specs


def _clause_specs(
    clause: _Clause, purpose: Purpose, trigger: PlayTrigger | None, reading: InstructionReading, context: str
) -> list[tuple[Phrase, ChoiceSpec]]:
    body = clause.text
    spans = {
        "play": _plays(body, purpose, reading),
        "cost": [(m.start("cost"), m.end("cost")) for m in _COST_TO.finditer(body)],
        "delayed": [(m.start(), len(body)) for m in _DELAYED.finditer(body)],
        "other": _spans(_OTHER_SUBJECT, body),
        "where": _spans(_WHERE_CLAUSE, body),
    }
    lead = _LEAD.match(body)
    if lead is not None and lead.group("word").casefold() not in KNOWN_LEADS:
        reading.unread.append(f"an instruction the engine does not know ('{lead.group('word')}')")
    revealed = bool(re.search(r"reveals? their hand", f"{context} {body}", re.IGNORECASE))
    chosen: list[tuple[Phrase, ChoiceSpec]] = []
    for phrase in _mentions(body):
        why = _account(phrase, body, spans) or _from_it(phrase, revealed)
        if why is not None:
            reading.accounted.append(why)
        elif phrase.player:
            reading.players.append(phrase.text)
        elif phrase.spec is None:
            reading.unread.append(f"'{phrase.text}'")
        else:
            spec = replace(phrase.spec, purpose=purpose, trigger=trigger, condition=clause.gate)
            before = re.split(r"[.;]|,\s*then\b", body[: phrase.start])[-1]
            if re.search(r"\bmay\b", before, re.IGNORECASE):  # "you may return another unit ...": optional
                spec = replace(spec, optional=True)
            chosen.append((phrase, spec))
            reading.unread.extend(f"'{u}' in '{phrase.text}'" for u in phrase.unread)
    return _merge_or(body, chosen)


def _from_it(phrase: Phrase, revealed: bool) -> str | None:
    """ "from it": the hand an opponent revealed, or else the object the sentence spoke of ("detach an Equipment from
    it"), whose own the choice is."""
    if (
        phrase.spec is None
        or phrase.spec.where != "opponent_hand"
        or revealed
        or "from it" not in phrase.text
    ):
        return None
    return f"{phrase.text}: one of the earlier target's own (it is chosen with it)"


def read_instruction(
    sentence: str, purpose: Purpose, trigger: PlayTrigger | None = None, context: str = ""
) -> InstructionReading:
    """Read one sentence of instructions (a spell's, or the body of a play effect or another ability). `context`: the
    sentences before it in its ability ("They reveal their hand." before "Choose a card from it.")."""
    reading = InstructionReading(sentence)
    specs: list[ChoiceSpec] = []
    for clause in _clauses(sentence, reading):
        specs.extend(spec for _, spec in _clause_specs(clause, purpose, trigger, reading, context))
    reading.specs = _together(specs)
    return reading
