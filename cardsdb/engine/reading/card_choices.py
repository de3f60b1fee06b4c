"""A card's text -> what playing it chooses and does (`parse_card`), read sentence by sentence.

The sentences come from `sentences.py` (each with its part: a spell's instruction, a play effect, another ability);
each instruction is read by `instructions.py`, whose phrase reader (`phrases.py`) knows what is chosen, whose, where,
how many and with which filters. A spell's modes ("Choose one —") are one choice whose target may be any mode's. The
choices of abilities other than play effects are listed, never restricted (811.2). Per-card corrections live in
`overrides.py`; costs in `card_costs.py`; what a sentence is read as, or why it is not, in `understanding.py`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from cardsdb.engine.reading.card_costs import additional_costs
from cardsdb.engine.reading.card_reading import Sentence
from cardsdb.engine.reading.instructions import InstructionReading, read_instruction
from cardsdb.engine.reading.sentences import card_sentences
from cardsdb.engine.reading.specs import CardChoices, ChoiceSpec, Conditional, PlayTrigger, Purpose, UnitPlay
from cardsdb.engine.reading.statics import choice_condition
from cardsdb.models import Card

# "When you play me", and play triggers worded from the card's side: "When I defend or I'm played from [Hidden]".
PLAY_EFFECT = re.compile(
    r"^When(?:ever)? (?:[^,]*?\bor )?(?:you play (?:me|this)|I'm played|I am played|this is played)(?P<cond>[^,]*),\s*"
    r"(?P<body>.+)$",
    re.IGNORECASE,
)
_FROM_HIDDEN = re.compile(r"\bfrom (?:\[Hidden\]|Hidden|facedown|face-down)", re.IGNORECASE)
EFFECT_PAYMENT = re.compile(r"\byou may pay (?:\[[^\]]+\]\s*)+to [^.]+", re.IGNORECASE)
_REACHES_BEYOND = re.compile(r"\b(?:units|gear|all|each|every)\b", re.IGNORECASE)
_ATTACHES = re.compile(r"\battach (?:it|this|me) to\b", re.IGNORECASE)
# A triggered ability's condition and an activated ability's costs name no target (v1.4 355.10.c): only what follows
# them is read as instructions.
TRIGGER_CONDITION = re.compile(
    r"^(?:Once each turn, )?(?:When(?:ever)?|At (?:the )?(?:start|end)|At start|(?:The )?(?:first|second|third) time"
    r"|Each time)\b[^,]*,\s*",
    re.IGNORECASE,
)
ACTIVATED_COSTS = re.compile(r"^[^:]*:\s*(?:(?:Reaction|Action|Legion)(?:, \w+)? —\s*)?")


def play_trigger(cond: str) -> PlayTrigger:
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


def instruction_body(sentence: Sentence, first: bool) -> tuple[str, PlayTrigger | None]:
    """The words of a sentence that are instructions, and a play effect's trigger (from its line's first sentence)."""
    text = sentence.text
    if sentence.part == "play_effect" and first:
        play = PLAY_EFFECT.match(text)
        if play:
            return play.group("body"), play_trigger(play.group("cond"))
    if sentence.part == "trigger" and first:
        return TRIGGER_CONDITION.sub("", text), None
    if sentence.part == "activated" and first:
        return ACTIVATED_COSTS.sub("", text, count=1), None
    return text, None


@dataclass
class _Reading:
    """What the sentences of a card say, gathered in order."""

    spell: bool
    choices: list[ChoiceSpec] = field(default_factory=list)
    unit_plays: list[UnitPlay] = field(default_factory=list)
    gear_tokens: list[str] = field(default_factory=list)
    other: list[str] = field(default_factory=list)
    conditionals: list[Conditional] = field(default_factory=list)
    plain: list[str] = field(default_factory=list)
    payments: list[str] = field(default_factory=list)
    unread_spell: list[str] = field(default_factory=list)
    unread_play_effect: list[str] = field(default_factory=list)
    modes: dict[int, list[tuple[Sentence, InstructionReading]]] = field(default_factory=dict)
    attaches: bool = False

    def instruction(
        self, sentence: Sentence, body: str, trigger: PlayTrigger | None, context: str = ""
    ) -> None:
        purpose: Purpose = "play_effect" if sentence.part == "play_effect" else "spell"
        read = read_instruction(body, purpose, trigger, context)
        if re.search(r"\binstead\.?$", sentence.text) and read.specs and read.specs[0].condition:
            # "If you paid the additional cost, choose any enemy unit at a battlefield instead.": it replaces the
            # choice before it when its condition holds
            read.specs = [replace(s, instead=True) for s in read.specs]
        if sentence.condition:  # "[Legion] —", "[Level 6][>]": the effect waits on it
            read.specs = [replace(s, condition=s.condition or sentence.condition) for s in read.specs]
        if read.conditional is not None:
            self.conditionals.append(read.conditional)
        if sentence.part in ("trigger", "activated") or (trigger is not None and trigger.also):
            when = f" (when {trigger.also})" if trigger is not None and trigger.also else ""
            self.other.extend(f"{s.phrase}{when}" for s in read.specs)
            if sentence.part in ("trigger", "activated"):
                return
        if sentence.item_of is not None and self.spell:
            self.modes.setdefault(sentence.item_of, []).append((sentence, read))
            return
        self._keep(sentence, read, purpose)

    def _keep(self, sentence: Sentence, read: InstructionReading, purpose: Purpose) -> None:
        self.choices.extend(read.specs)
        self.unit_plays.extend(read.unit_plays)
        self.gear_tokens.extend(read.gear_tokens)
        unread = "; ".join(read.unread)
        if unread:
            where = self.unread_spell if purpose == "spell" else self.unread_play_effect
            where.append(f"{sentence.text} (not read: {unread})")
        if purpose == "play_effect":
            self.payments.extend(m.group(0).strip() for m in EFFECT_PAYMENT.finditer(sentence.text))
            self.attaches = self.attaches or bool(_ATTACHES.search(sentence.text))
        elif not (read.specs or read.unit_plays or read.conditional or unread) and _REACHES_BEYOND.search(
            sentence.text
        ):  # it chooses nothing and speaks of several cards: beyond one battlefield
            self.plain.append(sentence.text)

    def mode_choices(self) -> None:
        """Each mode list as one choice: a target of any mode's; a mode that chooses nothing can always be taken."""
        for items in self.modes.values():
            by_line: dict[int, list[ChoiceSpec]] = {}
            for sentence, read in items:
                by_line.setdefault(sentence.line, []).extend(read.specs)
                self.unit_plays.extend(read.unit_plays)
                self.gear_tokens.extend(read.gear_tokens)
                if read.unread:
                    self.unread_spell.append(f"{sentence.text} (not read: {'; '.join(read.unread)})")
            firsts = [specs[0] for specs in by_line.values() if specs]
            if not firsts:
                continue
            several = [specs for specs in by_line.values() if len(specs) > 1]
            self.unread_spell.extend(f"a mode that makes {len(s)} choices ({s[0].phrase})" for s in several)
            free = any(not specs for specs in by_line.values())
            phrase = " or ".join(s.phrase for s in firsts) + " (one mode)"
            self.choices.append(
                replace(
                    firsts[0],
                    phrase=phrase,
                    what="mode",
                    alternatives=tuple(firsts),
                    optional=free,
                    mode_free=free,
                )
            )


def _read(card: Card) -> _Reading:
    reading = _Reading(spell=card.is_type("Spell"))
    said: dict[int, list[str]] = {}  # the sentences read so far, by line: what "it" may refer to
    trigger: PlayTrigger | None = None
    for sentence in card_sentences(card):
        if sentence.part not in ("spell", "play_effect", "trigger", "activated"):
            continue
        first = sentence.line not in said
        before = said.setdefault(sentence.line, [])
        body, found = instruction_body(sentence, first)
        trigger = found if first else trigger
        before.append(sentence.text)
        if sentence.part == "spell" and re.match(r"^Choose one\b.*—$", sentence.text):
            continue  # the header of a mode list: its modes are read below
        play_trigger_ = trigger if sentence.part == "play_effect" else None
        reading.instruction(sentence, body, play_trigger_, " ".join(before[:-1]))
    reading.mode_choices()
    return reading


def parse_card(card: Card) -> CardChoices:
    """Read a card's text into its choices (the reader alone; `overrides.choices_for` applies corrections)."""
    if card.partial and not (card.text_raw or card.text).strip():
        return CardChoices(
            card=card.name, unreadable=f"{card.name} is a newer card known only in part, without its text"
        )
    reading = _read(card)
    conditionals = tuple(reading.conditionals)
    return CardChoices(
        card=card.name,
        choices=tuple(
            replace(s, when=choice_condition(s.condition)) if s.condition else s for s in reading.choices
        ),
        unit_plays=tuple(reading.unit_plays),
        gear_tokens=tuple(reading.gear_tokens),
        costs=additional_costs(card),
        other_choices=tuple(reading.other),
        hand_only=tuple(c.text for c in conditionals if c.when == "from_hand"),
        facedown_only=tuple(c.text for c in conditionals if c.when == "from_facedown"),
        conditionals=tuple(c for c in conditionals if c.when not in ("from_hand", "from_facedown")),
        plain=tuple(reading.plain),
        effect_payments=tuple(reading.payments),
        attaches_on_play=reading.attaches,
        unread_spell=tuple(reading.unread_spell),
        unread_play_effect=tuple(reading.unread_play_effect),
    )
