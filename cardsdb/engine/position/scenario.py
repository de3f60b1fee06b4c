"""Scenario text -> (Position, Ask): safe YAML reading and validation with one clear line per mistake.

Guards: at most 20,000 characters, no YAML anchors or aliases, nesting at most 8 levels, at most 4,000 YAML events,
no number too long to read; then the limits of `bounds.py` on the decoded data, whatever it came as (a scenario code
too). A position that can't exist is refused as well (`validate.py`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, cast

import yaml

from cardsdb.engine.position.bounds import MAX_CHARS, MAX_DEPTH, READ_DIGITS, check_bounds, number_too_long
from cardsdb.engine.position.fields import flag, keys, label_of, listing, mapping, short, side, whole
from cardsdb.engine.position.objects import (
    BASES,
    Battlefield,
    BoardObject,
    ChainItem,
    FacedownCard,
    Player,
    Position,
    Runes,
    Side,
    facedown_capacity,
)
from cardsdb.engine.position.scenario_ask import Ask, build_ask
from cardsdb.engine.position.source import CardSource
from cardsdb.engine.position.validate import (
    Ids,
    ScenarioError,
    Zone,
    check_capacity,
    check_champion_tag,
    check_hidden_turn,
    check_zone,
)
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.models import Card
from cardsdb.text.domains import DOMAINS as TEXT_DOMAINS

MAX_EVENTS = 4_000
DOMAINS = (*(d.casefold() for d in TEXT_DOMAINS), "any")  # as a position writes them
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# A plain scalar YAML would read as a whole number in base 10 (digits and underscores, a sign): one of more than
# READ_DIGITS digits is refused before Python is asked to convert it (past 4,300 digits it raises ValueError);
# shorter ones are read, and `check_bounds` refuses those over MAX_DIGITS naming their field.
_DECIMAL = re.compile(r"[-+]?[0-9][0-9_]*")


def _scan(text: str) -> None:
    """Refuse aliases, deep nesting and too many items before building anything."""
    depth = 0
    for count, event in enumerate(yaml.parse(text, Loader=_LOADER)):
        if count > MAX_EVENTS:
            raise ScenarioError(f"the scenario has too many items (more than {MAX_EVENTS:,})")
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise ScenarioError("YAML anchors and aliases (& and *) are not accepted; write each value out")
        if isinstance(event, yaml.ScalarEvent) and not event.style and _too_many_digits(event.value):
            mark = event.start_mark
            raise number_too_long(f"line {mark.line + 1}, column {mark.column + 1}" if mark else None)
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise ScenarioError(f"the scenario is nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def _too_many_digits(value: str) -> bool:
    return len(value) > READ_DIGITS and _DECIMAL.fullmatch(value) is not None


def load_text(text: str) -> object:
    """Parse scenario text safely (YAML; JSON is YAML too)."""
    if len(text) > MAX_CHARS:
        raise ScenarioError(f"the scenario is {len(text):,} characters long; the limit is {MAX_CHARS:,}")
    if not text.strip():
        raise ScenarioError("the scenario is empty")
    try:
        _scan(text)
        return yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as error:
        where = ""
        mark = getattr(error, "problem_mark", None)
        if mark is not None:
            where = f" (line {mark.line + 1}, column {mark.column + 1})"
        problem = getattr(error, "problem", None) or "it could not be parsed"
        raise ScenarioError(f"not a valid scenario: {problem}{where}; write it as YAML or JSON") from None
    except ValueError:  # a value YAML reads but cannot build: a date like 2026-13-45
        raise ScenarioError(
            "not a valid scenario: a value could not be read (a date or number?); quote text that is not a number"
        ) from None


@dataclass(frozen=True)
class Scenario:
    position: Position
    ask: Ask
    assumptions: tuple[str, ...] = field(default=())


_TOP_KEYS = ("turn", "turn_player", "state", "showdown", "chain", "me", "opp", "battlefields", "ask")
_PLAYER_KEYS = (
    "legend",
    "hand",
    "champion_zone",
    "trash",
    "runes",
    "base",
    "played_this_turn",
    "conquered_this_turn",
    "xp",
)
_PLAYED_KEYS = ("card", "to")
_UNIT_KEYS = (
    "card",
    "controller",
    "id",
    "might",
    "exhausted",
    "attacking",
    "defending",
    "buffed",
    "stunned",
    "damaged",
    "empowered",
    "keywords",
    "moved_this_turn",
)
_GEAR_KEYS = ("card", "controller", "id", "attached_to", "keywords", "exhausted", "empowered")
_CHAIN_KEYS = ("card", "ability", "controller")
_FACEDOWN_KEYS = ("card", "owner", "hidden_turn", "id")
_BATTLEFIELD_KEYS = ("controller", "units", "gear", "facedown")
_FLAGS = ("exhausted", "attacking", "defending", "buffed", "stunned", "damaged", "empowered")


def _runes(value: object, where: str) -> Runes:
    data = mapping(value, where)
    keys(data, ("energy", "power"), where)
    energy = whole(data.get("energy", 0), f"{where}.energy")
    power_value = data.get("power", [])
    if isinstance(power_value, int) and not isinstance(power_value, bool):
        return Runes(energy=energy, power=("any",) * whole(power_value, f"{where}.power", maximum=99))
    power: list[str] = []
    for i, domain in enumerate(listing(power_value, f"{where}.power")):
        word = str(domain).casefold()
        word = "any" if word in ("rainbow", "a") else word
        if word not in DOMAINS:
            raise ScenarioError(
                f"'{short(domain)}' is not a domain (expected one of: {', '.join(DOMAINS)})",
                f"{where}.power[{i}]",
            )
        power.append(word)
    return Runes(energy=energy, power=tuple(power))


class _Builder:
    def __init__(self, cards: CardSource) -> None:
        self.cards = cards
        self.cache: dict[str, Card] = {}
        self.ids = Ids()
        self.readings: dict[str, CardReading] = {}

    def known(self, card: Card) -> Card:
        """The card, with its reading kept for the position (the engine reads readings, never card text)."""
        if card.name not in self.readings:
            self.readings[card.name] = self.cards.reading(card)
        return card

    def card(self, name: object, where: str) -> Card:
        if not isinstance(name, str) or not name.strip():
            raise ScenarioError(f"expected a card name, got '{short(name)}'", where)
        key = name.strip().casefold()
        if key in self.cache:
            return self.cache[key]
        if len(name) > 200:
            raise ScenarioError(f"unknown card '{short(name)}'", where)
        found = self.cards.get_card(name.strip())
        if found is None:
            suggestions = list(self.cards.suggest_cards(name.strip(), 3))
            hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
            prefix = name.strip().casefold() + ","
            if any(s.casefold().startswith(prefix) for s in suggestions):
                hint += (
                    ' A name that contains a comma must be quoted inside [...] and {...}: ["Teemo, Scout"].'
                )
            raise ScenarioError(f"unknown card '{short(name)}'.{hint}", where)
        self.cache[key] = self.known(found)
        return found

    def in_zone(self, name: object, zone: Zone, where: str) -> Card:
        card = self.card(name, where)
        check_zone(card, zone, where)
        return card

    def cards_in(self, value: object, zone: Zone, where: str) -> tuple[Card, ...]:
        return tuple(
            self.in_zone(item, zone, f"{where}[{i}]") for i, item in enumerate(listing(value, where))
        )

    def ident(self, value: object, where: str) -> str | None:
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip() or "@" in value:
            raise ScenarioError(f"an id is a name without '@', got '{short(value)}'", where)
        self.ids.claim(value, where)
        return value

    def player(self, value: object, where: str) -> tuple[Player, list[Any], list[Any]]:
        data = mapping(value, where)
        keys(data, _PLAYER_KEYS, where)
        hand: tuple[Card, ...] | None = None
        hand_count: int | None = None
        played, played_to = self.played(data.get("played_this_turn"), f"{where}.played_this_turn")
        if "hand" in data:
            if isinstance(data["hand"], int) and not isinstance(data["hand"], bool):
                hand_count = whole(data["hand"], f"{where}.hand")
            else:
                hand = self.cards_in(data["hand"], "hand", f"{where}.hand")
                hand_count = len(hand)
        base = mapping(data.get("base"), f"{where}.base")
        keys(base, ("units", "gear"), f"{where}.base")
        legend = self.in_zone(data["legend"], "legend", f"{where}.legend") if data.get("legend") else None
        champions = (
            self.cards_in(data["champion_zone"], "champion_zone", f"{where}.champion_zone")
            if "champion_zone" in data
            else None
        )
        for i, champion in enumerate(champions or ()):
            check_champion_tag(legend, champion, f"{where}.champion_zone[{i}]")
        player = Player(
            legend=legend,
            hand=hand,
            hand_count=hand_count,
            champion_zone=champions,
            trash=self.cards_in(data.get("trash"), "trash", f"{where}.trash"),
            trash_given="trash" in data,
            runes=_runes(data["runes"], f"{where}.runes") if data.get("runes") is not None else None,
            played_this_turn=played,
            played_given="played_this_turn" in data,
            played_to=played_to,
            conquered=self.conquered(data, where),
            xp=None if data.get("xp") is None else whole(data["xp"], f"{where}.xp"),
        )
        return (
            player,
            listing(base.get("units"), f"{where}.base.units"),
            listing(base.get("gear"), f"{where}.base.gear"),
        )

    def played(self, value: object, where: str) -> tuple[tuple[Card, ...], tuple[str | None, ...]]:
        """The cards played this turn: names, or `{card: NAME, to: LABEL}` where it matters where one went."""
        cards: list[Card] = []
        places: list[str | None] = []
        for i, entry in enumerate(listing(value, where)):
            data = mapping({"card": entry} if isinstance(entry, str) else entry, f"{where}[{i}]")
            keys(data, _PLAYED_KEYS, f"{where}[{i}]")
            if "card" not in data:
                raise ScenarioError("missing 'card'", f"{where}[{i}]")
            cards.append(self.in_zone(data["card"], "played", f"{where}[{i}].card"))
            to = data.get("to")
            if to is not None and (not isinstance(to, str) or not to.strip()):
                raise ScenarioError(
                    f"expected a battlefield label or me.base, got '{short(to)}'", f"{where}[{i}].to"
                )
            places.append(to.strip() if isinstance(to, str) else None)
        return tuple(cards), tuple(places)

    def conquered(self, data: Mapping[str, Any], where: str) -> tuple[str, ...] | None:
        if "conquered_this_turn" not in data:
            return None
        named = listing(data["conquered_this_turn"], f"{where}.conquered_this_turn")
        for i, label in enumerate(named):
            if not isinstance(label, str) or not label.strip():
                raise ScenarioError(
                    f"expected a battlefield label, got '{short(label)}'", f"{where}.conquered_this_turn[{i}]"
                )
        return tuple(str(label).strip() for label in named)

    def board_object(self, entry: object, kind: str, location: str, default: Side, where: str) -> BoardObject:
        data = mapping({"card": entry} if isinstance(entry, str) else entry, where)
        keys(data, _UNIT_KEYS if kind == "unit" else _GEAR_KEYS, where)
        if "card" not in data:
            raise ScenarioError("missing 'card'", where)
        card = self.card(data["card"], f"{where}.card")
        if not card.is_type("Unit" if kind == "unit" else "Gear"):
            raise ScenarioError(f"{card.name} is a {'/'.join(card.types) or 'card'}, not a {kind}", where)
        might = data.get("might")
        flags = {n: flag(data[n], f"{where}.{n}") for n in _FLAGS if n in data}
        if "empowered" not in flags and not self.readings[card.name].has("empower"):
            flags["empowered"] = (
                False  # only a card with Empower is ever Empowered; of one, not given is not known
            )
        return BoardObject(
            card=card,
            kind=cast(Any, kind),
            controller=cast(Side, side(data.get("controller", default), f"{where}.controller")),
            location=location,
            id=self.ident(data.get("id"), f"{where}.id"),
            might=None if might is None else whole(might, f"{where}.might"),
            **cast(dict[str, Any], flags),
            attached_to=str(data["attached_to"]) if data.get("attached_to") is not None else None,
            given_keywords=tuple(str(k) for k in listing(data.get("keywords"), f"{where}.keywords")),
            reading=self.readings[card.name],
            moved=flag(data["moved_this_turn"], f"{where}.moved_this_turn")
            if "moved_this_turn" in data
            else None,
        )

    def chain_item(self, entry: object, where: str) -> ChainItem:
        """A card's name (that card), other words (an item the engine can't tell), or `{card|ability, controller}`."""
        if isinstance(entry, str):
            found = self.cards.get_card(entry.strip()) if len(entry) <= 200 else None
            return ChainItem(entry, self.known(found) if found is not None else None)
        data = mapping(entry, where)
        keys(data, _CHAIN_KEYS, where)
        controller = side(data["controller"], f"{where}.controller") if "controller" in data else None
        if "card" in data:
            card = self.card(data["card"], f"{where}.card")
            return ChainItem(card.name, card, controller)
        if "ability" in data:
            return ChainItem(str(data["ability"]), None, controller, ability=True)
        raise ScenarioError(
            "a chain item is a card's name, {card: NAME, controller: me|opp} or {ability: WORDS}", where
        )

    def facedown(self, entry: object, label: str, turn: int, where: str) -> FacedownCard:
        data = mapping({"card": entry} if isinstance(entry, str) else entry, where)
        keys(data, _FACEDOWN_KEYS, where)
        if "card" not in data:
            raise ScenarioError("missing 'card'", where)
        hidden_turn = data.get("hidden_turn")
        if hidden_turn is not None:
            hidden_turn = whole(hidden_turn, f"{where}.hidden_turn", minimum=1)
            check_hidden_turn(hidden_turn, turn, f"{where}.hidden_turn")
        return FacedownCard(
            card=self.in_zone(data["card"], "facedown", f"{where}.card"),
            owner=cast(Side, side(data.get("owner", "me"), f"{where}.owner")),
            location=label,
            hidden_turn=hidden_turn,
            id=self.ident(data.get("id"), f"{where}.id"),
        )

    def battlefield(self, label: object, value: object, turn: int, objects: list[BoardObject]) -> Battlefield:
        where = f"battlefields.{short(label)}"
        if not isinstance(label, str) or not label.strip() or "@" in label or label in BASES:
            raise ScenarioError("a battlefield label is a name without '@'", where)
        data = mapping(value, where)
        keys(data, _BATTLEFIELD_KEYS, where)
        named = self.cards.get_card(label)
        bf_card = self.known(named) if named is not None and named.is_type("Battlefield") else None
        for i, unit in enumerate(listing(data.get("units"), f"{where}.units")):
            objects.append(self.board_object(unit, "unit", label, "me", f"{where}.units[{i}]"))
        for i, item in enumerate(listing(data.get("gear"), f"{where}.gear")):
            objects.append(self.board_object(item, "gear", label, "me", f"{where}.gear[{i}]"))
        entries = listing(data.get("facedown"), f"{where}.facedown")
        facedown = tuple(
            self.facedown(e, label, turn, f"{where}.facedown[{i}]") for i, e in enumerate(entries)
        )
        room = facedown_capacity(self.readings[bf_card.name] if bf_card is not None else None)
        check_capacity(label, len(facedown), room, f"{where}.facedown")
        controller = side(data.get("controller"), f"{where}.controller", allow_none=True)
        return Battlefield(label=label, card=bf_card, controller=controller, facedown=facedown)


def _position(top: Mapping[str, Any], builder: _Builder) -> Position:
    turn = whole(top.get("turn", 1), "turn", minimum=1)
    state = top.get("state", "open")
    if state not in ("open", "closed"):
        raise ScenarioError(f"'{short(state)}' is not a state (expected open or closed)", "state")
    objects: list[BoardObject] = []
    players: dict[Side, Player] = {}
    for who in ("me", "opp"):
        player, units, gear = builder.player(top.get(who), who)
        players[who] = player
        for i, unit in enumerate(units):
            objects.append(builder.board_object(unit, "unit", f"{who}.base", who, f"{who}.base.units[{i}]"))
        for i, item in enumerate(gear):
            objects.append(builder.board_object(item, "gear", f"{who}.base", who, f"{who}.base.gear[{i}]"))
    battlefields = tuple(
        builder.battlefield(label, value, turn, objects)
        for label, value in mapping(top.get("battlefields"), "battlefields").items()
    )
    labels = [bf.label for bf in battlefields]
    showdown = top.get("showdown")
    chain = [builder.chain_item(e, f"chain[{i}]") for i, e in enumerate(listing(top.get("chain"), "chain"))]
    position = Position(
        turn=turn,
        turn_player=cast(Side, side(top.get("turn_player", "me"), "turn_player")),
        state=cast(Any, state),
        showdown=None if showdown is None else label_of(showdown, labels, "showdown"),
        chain=tuple(item.name for item in chain),
        chain_items=tuple(chain),
        me=players["me"],
        opp=players["opp"],
        battlefields=battlefields,
        objects=_told_apart(objects),
        readings=builder.readings,
    )
    return replace(position, me=_places(position, "me"), opp=_places(position, "opp"))


def _places(position: Position, who: Side) -> Player:
    """The battlefields named by the facts of the turn (conquered, where a card was played), as the position labels
    them."""
    labels = [bf.label for bf in position.battlefields]
    player = position.player(who)
    if player.conquered is None and not any(player.played_to):
        return player
    conquered = (
        None
        if player.conquered is None
        else tuple(
            label_of(label, labels, f"{who}.conquered_this_turn[{i}]")
            for i, label in enumerate(player.conquered)
        )
    )
    played_to = tuple(
        to if to is None or to in BASES else label_of(to, labels, f"{who}.played_this_turn[{i}].to")
        for i, to in enumerate(player.played_to)
    )
    return replace(player, conquered=conquered, played_to=played_to)


def _told_apart(objects: list[BoardObject]) -> tuple[BoardObject, ...]:
    """The objects, each marked when another of the same card, controller and location exists (its words add its id)."""
    seen: dict[tuple[str, str, str], int] = {}
    for obj in objects:
        key = (obj.card.name, obj.controller, obj.location)
        seen[key] = seen.get(key, 0) + 1
    return tuple(
        replace(obj, twin=True) if seen[(obj.card.name, obj.controller, obj.location)] > 1 else obj
        for obj in objects
    )


def build(data: object, cards: CardSource) -> Scenario:
    """Validate a parsed scenario and build the position and the question."""
    if not isinstance(data, Mapping):
        raise ScenarioError("a scenario is a mapping with a position and one 'ask'")
    top = mapping(data, "scenario")
    check_bounds(top)
    keys(top, _TOP_KEYS, "scenario")
    builder = _Builder(cards)
    position = _position(top, builder)
    assumptions: list[str] = []
    ask = build_ask(top.get("ask"), position, builder.card, assumptions)
    return Scenario(position=position, ask=ask, assumptions=tuple(assumptions))


def parse(scenario: str | Mapping[str, object], cards: CardSource) -> Scenario:
    data: object = load_text(scenario) if isinstance(scenario, str) else scenario
    return build(data, cards)
