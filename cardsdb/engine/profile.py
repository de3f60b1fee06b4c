"""A card's Hidden profile, without a position: its choices, which are restricted from facedown and why."""

from __future__ import annotations

from dataclasses import dataclass

from cardsdb.engine.choices.targeting import open_choice, restriction_rules
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.reading.specs import CardChoices, ChoiceSpec
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import cited, sorted_rules
from cardsdb.engine.verdict.citations import Citation
from cardsdb.models import Card


@dataclass(frozen=True)
class ProfileChoice:
    choice: str
    purpose: str  # spell | play_effect | unit_destination
    count: str
    optional: bool
    restricted: bool  # restricted to the hidden battlefield when played from facedown
    why: str
    rules: tuple[str, ...]
    trigger: str = ""
    unsettled: str | None = (
        None  # why the rules leave open whether it is restricted (`restricted` is then moot)
    )

    @property
    def cited(self) -> tuple[Citation, ...]:
        return cited(self.rules)

    def to_dict(self) -> dict[str, object]:
        return {
            "choice": self.choice,
            "for": self.purpose,
            "count": self.count,
            "optional": self.optional,
            "restricted": self.restricted,
            "why": self.why,
            "rules": list(self.rules),
            "trigger": self.trigger,
            "unsettled": self.unsettled,
        }


@dataclass(frozen=True)
class UnitEntry:
    """A unit the card plays, where it enters when the card was played from facedown, and the rule that says so."""

    text: str
    enters: str
    rules: tuple[str, ...]

    @property
    def cited(self) -> tuple[Citation, ...]:
        return cited(self.rules)

    def to_dict(self) -> dict[str, object]:
        return {"text": self.text, "enters": self.enters, "rules": list(self.rules)}


@dataclass(frozen=True)
class HiddenProfile:
    card: str
    has_hidden: bool
    kind: str  # Spell | Unit | Gear | ...
    choices: tuple[ProfileChoice, ...]
    destination: str | None  # where a permanent goes when played from facedown
    destination_rules: tuple[str, ...]
    units_played: tuple[str, ...]
    cost_from_facedown: str
    cost_rules: tuple[str, ...]
    unrestricted: tuple[str, ...]  # choices of other abilities: never restricted (811.2)
    notes: tuple[str, ...]
    undecided: str | None = None
    unit_entries: tuple[UnitEntry, ...] = ()
    # payments its play effect asks for as it resolves ("you may pay [2] to Stun a unit"): not a cost of playing it
    payments: tuple[str, ...] = ()

    unrestricted_rules: tuple[str, ...] = (r.OTHER_ABILITIES_NORMAL,)
    payment_rules: tuple[str, ...] = (r.OTHER_ABILITIES_NORMAL, r.IGNORE_BASE_COST)

    @property
    def restriction(self) -> str:
        """One line: what playing it from facedown restricts."""
        if self.undecided:
            return self.undecided
        restricted = [c.choice for c in self.choices if c.restricted and not c.unsettled]
        free = [c.choice for c in self.choices if not c.restricted]
        unsettled = [c.choice for c in self.choices if c.unsettled]
        parts: list[str] = []
        if restricted:
            parts.append("restricted to its battlefield: " + "; ".join(restricted))
        if free:
            parts.append("not restricted: " + "; ".join(free))
        if unsettled:
            parts.append("not settled by the rules whether restricted: " + "; ".join(unsettled))
        if not parts:
            parts.append("makes no choice when played; nothing is restricted")
        return ". ".join(parts)

    @property
    def citations(self) -> tuple[str, ...]:
        numbers = (
            [n for c in self.choices for n in c.rules]
            + list(self.destination_rules)
            + list(self.cost_rules)
            + [n for entry in self.unit_entries for n in entry.rules]
            + (list(self.unrestricted_rules) if self.unrestricted else [])
            + (list(self.payment_rules) if self.payments else [])
        )
        return sorted_rules(numbers)

    @property
    def cited(self) -> tuple[Citation, ...]:
        return cited(self.citations)

    def to_dict(self) -> dict[str, object]:
        return {
            "card": self.card,
            "has_hidden": self.has_hidden,
            "kind": self.kind,
            "choices": [c.to_dict() for c in self.choices],
            "restriction": self.restriction,
            "destination": self.destination,
            "destination_rules": list(self.destination_rules),
            "units_played": list(self.units_played),
            "cost_from_facedown": self.cost_from_facedown,
            "cost_rules": list(self.cost_rules),
            "unit_entries": [e.to_dict() for e in self.unit_entries],
            "unrestricted": list(self.unrestricted),
            "unrestricted_rules": list(self.unrestricted_rules),
            "payments": list(self.payments),
            "notes": list(self.notes),
            "undecided": self.undecided,
            "citations": list(self.citations),
        }


_ENTERS = {
    "hidden_battlefield": (
        "that unit enters at the battlefield where it was hidden",
        (r.UNITS_PLAYED_THERE,),
    ),
    "chosen_battlefield": (
        "that unit enters at the battlefield the card chose, which must be the one where it was hidden",
        (r.SPELL_TARGETS_THERE,),
    ),
    "same_location": (
        "that unit enters where the unit the card chose was, which must be the battlefield where it was hidden",
        (r.SPELL_TARGETS_THERE,),
    ),
}


def _profile_choice(spec: ChoiceSpec) -> ProfileChoice:
    if spec.exempt:
        # A hand is no location at all: "which its battlefield can never satisfy" would not parse there.
        in_hand = spec.where in ("hand", "opponent_hand")
        why = spec.exempt if in_hand else f"{spec.exempt}, which its battlefield can never satisfy"
        rules: tuple[str, ...] = (r.EACH_TARGET_ON_ITS_OWN, restriction_rules(spec)[1])
    else:
        why = _WHY[spec.purpose]
        rules = restriction_rules(spec)
    return ProfileChoice(
        choice=spec.phrase,
        purpose=spec.purpose,
        count=spec.count,
        optional=spec.optional,
        restricted=spec.exempt is None,
        why=why,
        rules=rules,
        trigger=_trigger_words(spec),
        unsettled=open_choice(spec),
    )


def _trigger_words(spec: ChoiceSpec) -> str:
    """When a play effect chooses: "from face down", "or when I attack" (the same ability on another event)."""
    if spec.trigger is None:
        return ""
    also = f"or when {spec.trigger.also}" if spec.trigger.also else ""
    return " ".join(w for w in (spec.trigger.text, also) if w)


_WHY = {
    "unit_destination": "a unit a hidden card makes you play enters at that battlefield",
    "play_effect": "a play effect of a hidden permanent chooses at the battlefield it was played to",
    "spell": "a hidden spell chooses its targets at the battlefield it was played from",
}


def _destination(card: Card) -> tuple[str | None, tuple[str, ...]]:
    if card.is_type("Gear"):
        where = "the battlefield where it was hidden (not your base); recalled to base at the next cleanup unless attached"
        return where, (r.PERMANENT_PLAYED_THERE, r.GEAR_PLAYED_THERE, r.GEAR_RECALLED_AT_CLEANUP)
    if card.is_type("Unit"):
        return "the battlefield where it was hidden", (r.PERMANENT_PLAYED_THERE,)
    return None, ()


def _cost(parsed: CardChoices) -> str:
    extra = "; ".join(c.text for c in parsed.costs)
    cost = "0: its base cost is ignored" + (f"; additional costs still apply ({extra})" if extra else "")
    if parsed.may_choose_enemy_units:
        cost += "; choosing an enemy unit with Deflect still costs its Deflect"
    return cost


def _notes(card: Card, parsed: CardChoices) -> tuple[str, ...]:
    notes: list[str] = []
    if parsed.override:
        notes.append(f"How its text reads: {parsed.override}.")
    notes.extend(f'"{text}" applies only when played from hand.' for text in parsed.hand_only)
    if not card.is_type("Spell") and not parsed.choices:
        notes.append("It has no play effect that chooses anything.")
    return tuple(notes)


def card_profile(card: Card, reading: CardReading) -> HiddenProfile:
    """The card's Hidden profile, from its reading."""
    parsed = reading.choices
    kind = next((t for t in ("Spell", "Unit", "Gear") if card.is_type(t)), "/".join(card.types) or "card")
    destination, destination_rules = _destination(card)
    return HiddenProfile(
        card=card.name,
        has_hidden=reading.has("hidden"),
        kind=kind,
        choices=tuple(_profile_choice(spec) for spec in parsed.choices),
        destination=destination,
        destination_rules=destination_rules,
        units_played=tuple(p.text for p in parsed.unit_plays),
        unit_entries=tuple(UnitEntry(p.text, *_ENTERS[p.enters]) for p in parsed.unit_plays),
        cost_from_facedown=_cost(parsed),
        cost_rules=(r.IGNORE_BASE_COST, r.ADDITIONAL_COSTS_STILL_APPLY),
        unrestricted=parsed.other_choices,
        notes=_notes(card, parsed),
        undecided=parsed.unreadable,
        payments=parsed.effect_payments,
    )


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def hidden_table_row(card: Card, reading: CardReading) -> str:
    """One row of the docs table (docs/hidden-cards.md): card, type, choices, restriction from facedown, rules."""
    profile = card_profile(card, reading)
    choices = (
        "; ".join(
            f"{c.choice} ({'not settled' if c.unsettled else 'restricted' if c.restricted else 'free'}"
            + (f", when played {c.trigger}" if c.trigger else "")
            + ")"
            for c in profile.choices
        )
        or "none"
    )
    goes = profile.destination or ("units it plays enter there" if profile.units_played else "-")
    if profile.destination and profile.units_played:
        goes += "; units it plays enter there"
    return (
        f"| {_cell(profile.card)} | {profile.kind} | {_cell(choices)} | {_cell(profile.restriction)} | {_cell(goes)} "
        f"| {', '.join(profile.citations)} |"
    )


TABLE_HEADER = (
    "| card | type | choices when played | played from facedown | where it goes | rules |\n"
    "|---|---|---|---|---|---|"
)
