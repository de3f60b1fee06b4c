"""Scenario text -> (Position, Ask): safe YAML reading and validation with one clear line per mistake.

Guards: at most 20,000 characters, no YAML anchors or aliases, nesting at most 8 levels, at most 4,000 YAML events.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import yaml

from cardsdb.engine.position import (
    BASES,
    Battlefield,
    BoardObject,
    FacedownCard,
    Player,
    Position,
    Runes,
    Side,
)
from cardsdb.engine.verdict import AskKind
from cardsdb.errors import CardsDBError
from cardsdb.models import Card, CardSource

MAX_CHARS = 20_000
MAX_DEPTH = 8
MAX_EVENTS = 4_000
DOMAINS = ("fury", "calm", "mind", "body", "chaos", "order", "any")
_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ScenarioError(CardsDBError):
    """A scenario that can't be read: `str(error)` names the field and what is wrong."""

    def __init__(self, message: str, field_name: str | None = None) -> None:
        self.field = field_name
        super().__init__(f"{field_name}: {message}" if field_name else message)


def _short(value: object, limit: int = 60) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def load_text(text: str) -> object:
    """Parse scenario text safely (YAML; JSON is YAML too)."""
    if len(text) > MAX_CHARS:
        raise ScenarioError(f"the scenario is {len(text):,} characters long; the limit is {MAX_CHARS:,}")
    if not text.strip():
        raise ScenarioError("the scenario is empty")
    try:
        depth = 0
        for count, event in enumerate(yaml.parse(text, Loader=_LOADER)):
            if count > MAX_EVENTS:
                raise ScenarioError(f"the scenario has too many items (more than {MAX_EVENTS:,})")
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise ScenarioError(
                    "YAML anchors and aliases (& and *) are not accepted; write each value out"
                )
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise ScenarioError(f"the scenario is nested more than {MAX_DEPTH} levels deep")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
        return yaml.load(text, Loader=_LOADER)
    except yaml.YAMLError as error:
        where = ""
        mark = getattr(error, "problem_mark", None)
        if mark is not None:
            where = f" (line {mark.line + 1}, column {mark.column + 1})"
        problem = getattr(error, "problem", None) or "it could not be parsed"
        raise ScenarioError(f"not a valid scenario: {problem}{where}; write it as YAML or JSON") from None


@dataclass(frozen=True)
class TargetRef:
    text: str
    location: str
    obj: BoardObject | None = None
    battlefield: str | None = None
    hand_card: Card | None = None


@dataclass(frozen=True)
class Ask:
    kind: AskKind
    card: Card | None = None
    at: str | None = None
    from_: str | None = None  # hand | champion_zone | elsewhere (hide, play, targets)
    pay: str = "rune"  # rune | energy | none (hide)
    targets: tuple[TargetRef, ...] | None = None
    to: str | None = None  # play / targets from hand: where the permanent is played
    optional_costs: bool = False
    source_left_board: bool = False
    facedown: FacedownCard | None = None  # play_hidden: the facedown card asked about


@dataclass(frozen=True)
class Scenario:
    position: Position
    ask: Ask
    assumptions: tuple[str, ...] = field(default=())


_TOP_KEYS = ("turn", "turn_player", "state", "showdown", "chain", "me", "opp", "battlefields", "ask")
_PLAYER_KEYS = ("legend", "hand", "champion_zone", "trash", "runes", "base", "played_this_turn")
_UNIT_KEYS = (
    "card",
    "controller",
    "id",
    "might",
    "exhausted",
    "attacking",
    "defending",
    "buffed",
    "keywords",
)
_GEAR_KEYS = ("card", "controller", "id", "attached_to", "keywords")
_FACEDOWN_KEYS = ("card", "owner", "hidden_turn")
_BATTLEFIELD_KEYS = ("controller", "units", "gear", "facedown")
_ASK_KINDS: tuple[AskKind, ...] = ("hide", "play_hidden", "play", "targets", "cleanup")
_ASK_KEYS = ("at", "from", "pay", "targets", "to", "optional_costs", "source_left_board", *_ASK_KINDS)


def _suggest(word: str, options: Sequence[str]) -> str:
    close = difflib.get_close_matches(word, list(options), n=3, cutoff=0.6)
    return f" Did you mean: {', '.join(close)}?" if close else ""


def _keys(mapping: Mapping[Any, Any], allowed: Sequence[str], where: str) -> None:
    for key in mapping:
        if not isinstance(key, str) or key not in allowed:
            raise ScenarioError(
                f"unknown key '{_short(key)}' (expected one of: {', '.join(allowed)}).{_suggest(str(key), allowed)}",
                where,
            )


def _mapping(value: object, where: str) -> Mapping[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise ScenarioError(f"expected a mapping ({{key: value}}), got {type(value).__name__}", where)
    return cast(Mapping[str, Any], value)


def _list(value: object, where: str) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        raise ScenarioError(f"expected a list, got {type(value).__name__}", where)
    return value


def _side(value: object, where: str, *, allow_none: bool = False) -> Side | None:
    if value is None and allow_none:
        return None
    if value in ("me", "opp"):
        return value
    allowed = "me, opp or null" if allow_none else "me or opp"
    raise ScenarioError(f"'{_short(value)}' is not a player (expected {allowed})", where)


def _int(value: object, where: str, *, minimum: int = 0, maximum: int = 10_000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
        raise ScenarioError(
            f"expected a whole number from {minimum} to {maximum:,}, got '{_short(value)}'", where
        )
    return value


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise ScenarioError(f"expected true or false, got '{_short(value)}'", where)
    return value


class _Builder:
    def __init__(self, cards: CardSource) -> None:
        self.cards = cards
        self.cache: dict[str, Card] = {}

    def card(self, name: object, where: str) -> Card:
        if not isinstance(name, str) or not name.strip():
            raise ScenarioError(f"expected a card name, got '{_short(name)}'", where)
        key = name.strip().casefold()
        if key in self.cache:
            return self.cache[key]
        if len(name) > 200:
            raise ScenarioError(f"unknown card '{_short(name)}'", where)
        found = self.cards.get_card(name.strip())
        if found is None:
            suggestions = list(self.cards.suggest_cards(name.strip(), 3))
            hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
            prefix = name.strip().casefold() + ","
            if any(s.casefold().startswith(prefix) for s in suggestions):
                hint += (
                    ' A name that contains a comma must be quoted inside [...] and {...}: ["Teemo, Scout"].'
                )
            raise ScenarioError(f"unknown card '{_short(name)}'.{hint}", where)
        self.cache[key] = found
        return found

    def cards_list(self, value: object, where: str) -> tuple[Card, ...]:
        return tuple(self.card(item, f"{where}[{i}]") for i, item in enumerate(_list(value, where)))

    def player(self, value: object, where: str) -> tuple[Player, list[Mapping[str, Any] | str], list[Any]]:
        data = _mapping(value, where)
        _keys(data, _PLAYER_KEYS, where)
        hand: tuple[Card, ...] | None = None
        hand_count: int | None = None
        if "hand" in data:
            if isinstance(data["hand"], int) and not isinstance(data["hand"], bool):
                hand_count = _int(data["hand"], f"{where}.hand")
            else:
                hand = self.cards_list(data["hand"], f"{where}.hand")
                hand_count = len(hand)
        runes: Runes | None = None
        if data.get("runes") is not None:
            runes_data = _mapping(data["runes"], f"{where}.runes")
            _keys(runes_data, ("energy", "power"), f"{where}.runes")
            energy = _int(runes_data.get("energy", 0), f"{where}.runes.energy")
            power_value = runes_data.get("power", [])
            if isinstance(power_value, int) and not isinstance(power_value, bool):
                power = ("any",) * _int(power_value, f"{where}.runes.power", maximum=99)
            else:
                power_list: list[str] = []
                for i, domain in enumerate(_list(power_value, f"{where}.runes.power")):
                    word = str(domain).casefold()
                    word = "any" if word in ("rainbow", "a") else word
                    if word not in DOMAINS:
                        raise ScenarioError(
                            f"'{_short(domain)}' is not a domain (expected one of: {', '.join(DOMAINS)})",
                            f"{where}.runes.power[{i}]",
                        )
                    power_list.append(word)
                power = tuple(power_list)
            runes = Runes(energy=energy, power=power)
        legend = self.card(data["legend"], f"{where}.legend") if data.get("legend") else None
        base = _mapping(data.get("base"), f"{where}.base")
        _keys(base, ("units", "gear"), f"{where}.base")
        player = Player(
            legend=legend,
            hand=hand,
            hand_count=hand_count,
            champion_zone=self.cards_list(data["champion_zone"], f"{where}.champion_zone")
            if "champion_zone" in data
            else None,
            trash=self.cards_list(data.get("trash"), f"{where}.trash"),
            runes=runes,
            played_this_turn=self.cards_list(data.get("played_this_turn"), f"{where}.played_this_turn"),
        )
        return (
            player,
            _list(base.get("units"), f"{where}.base.units"),
            _list(base.get("gear"), f"{where}.base.gear"),
        )

    def board_object(self, entry: object, kind: str, location: str, default: Side, where: str) -> BoardObject:
        if isinstance(entry, str):
            entry = {"card": entry}
        data = _mapping(entry, where)
        _keys(data, _UNIT_KEYS if kind == "unit" else _GEAR_KEYS, where)
        if "card" not in data:
            raise ScenarioError("missing 'card'", where)
        card = self.card(data["card"], f"{where}.card")
        wanted = "Unit" if kind == "unit" else "Gear"
        if not card.is_type(wanted):
            raise ScenarioError(f"{card.name} is a {'/'.join(card.types) or 'card'}, not a {kind}", where)
        controller = _side(data.get("controller", default), f"{where}.controller")
        assert controller is not None
        ident = data.get("id")
        if ident is not None and (not isinstance(ident, str) or not ident.strip() or "@" in ident):
            raise ScenarioError(f"an id is a name without '@', got '{_short(ident)}'", f"{where}.id")
        keywords = tuple(str(k) for k in _list(data.get("keywords"), f"{where}.keywords"))
        might = data.get("might")
        return BoardObject(
            card=card,
            kind=cast(Any, kind),
            controller=controller,
            location=location,
            id=ident,
            might=None if might is None else _int(might, f"{where}.might"),
            exhausted=_bool(data.get("exhausted", False), f"{where}.exhausted"),
            attacking=_bool(data.get("attacking", False), f"{where}.attacking"),
            defending=_bool(data.get("defending", False), f"{where}.defending"),
            buffed=_bool(data.get("buffed", False), f"{where}.buffed"),
            attached_to=str(data["attached_to"]) if data.get("attached_to") is not None else None,
            extra_keywords=keywords,
        )


def _label(value: object, labels: Sequence[str], where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ScenarioError(f"expected a battlefield label, got '{_short(value)}'", where)
    if value in labels:
        return value
    for label in labels:
        if label.casefold() == value.strip().casefold():
            return label
    known = ", ".join(labels) if labels else "none are given under 'battlefields'"
    raise ScenarioError(
        f"unknown battlefield '{_short(value)}' (battlefields: {known}).{_suggest(value, labels)}", where
    )


def _resolve_target(
    text: object,
    position: Position,
    builder: _Builder,
    where: str,
    source: BoardObject | None = None,
) -> TargetRef:
    """`source`: the permanent being played, on the board where it enters (its own play effect may choose it)."""
    if not isinstance(text, str) or not text.strip():
        raise ScenarioError(f"expected a target written NAME@LOCATION, got '{_short(text)}'", where)
    labels = [bf.label for bf in position.battlefields]
    if "@" not in text:
        label = _label(text, labels, where)  # a battlefield chosen as a target
        return TargetRef(text=label, location=label, battlefield=label)
    name, _, location = text.rpartition("@")
    name, location = name.strip(), location.strip()
    if location in ("me.hand", "opp.hand"):
        card = builder.card(name, where)
        return TargetRef(text=f"{card.name}@{location}", location=location, hand_card=card)
    if location not in BASES:
        location = _label(location, labels, where)
    matches = [o for o in position.objects_at(location) if name.casefold() in ((o.id or "").casefold(),)]
    if not matches:
        matches = [o for o in position.objects_at(location) if o.card.name.casefold() == name.casefold()]
    if (
        not matches
        and source is not None
        and source.location == location
        and source.card.name.casefold() == name.casefold()
    ):
        return TargetRef(text=source.label, location=location, obj=source)
    if not matches:
        here = ", ".join(o.name for o in position.objects_at(location)) or "nothing"
        raise ScenarioError(f"no unit or gear '{_short(name)}' at {location} (there: {here})", where)
    if len(matches) > 1:
        raise ScenarioError(f"two objects named '{_short(name)}' at {location}: give them ids", where)
    obj = matches[0]
    return TargetRef(text=obj.label, location=location, obj=obj)


def build(data: object, cards: CardSource) -> Scenario:
    """Validate a parsed scenario and build the position and the question."""
    top = _mapping(data, "scenario")
    if not isinstance(data, Mapping):
        raise ScenarioError("a scenario is a mapping with a position and one 'ask'")
    _keys(top, _TOP_KEYS, "scenario")
    builder = _Builder(cards)
    assumptions: list[str] = []
    turn = _int(top.get("turn", 1), "turn", minimum=1)
    turn_player = _side(top.get("turn_player", "me"), "turn_player")
    assert turn_player is not None
    state = top.get("state", "open")
    if state not in ("open", "closed"):
        raise ScenarioError(f"'{_short(state)}' is not a state (expected open or closed)", "state")
    chain = tuple(str(c) for c in _list(top.get("chain"), "chain"))
    objects: list[BoardObject] = []
    players: dict[Side, Player] = {}
    for side in ("me", "opp"):
        player, units, gear = builder.player(top.get(side), side)
        players[side] = player
        for i, unit in enumerate(units):
            objects.append(
                builder.board_object(unit, "unit", f"{side}.base", side, f"{side}.base.units[{i}]")
            )
        for i, item in enumerate(gear):
            objects.append(builder.board_object(item, "gear", f"{side}.base", side, f"{side}.base.gear[{i}]"))
    battlefields: list[Battlefield] = []
    for label, value in _mapping(top.get("battlefields"), "battlefields").items():
        where = f"battlefields.{_short(label)}"
        if not isinstance(label, str) or not label.strip() or "@" in label or label in BASES:
            raise ScenarioError("a battlefield label is a name without '@'", where)
        bf_data = _mapping(value, where)
        _keys(bf_data, _BATTLEFIELD_KEYS, where)
        named = cards.get_card(label)
        bf_card = named if named is not None and named.is_type("Battlefield") else None
        for i, unit in enumerate(_list(bf_data.get("units"), f"{where}.units")):
            objects.append(builder.board_object(unit, "unit", label, "me", f"{where}.units[{i}]"))
        for i, item in enumerate(_list(bf_data.get("gear"), f"{where}.gear")):
            objects.append(builder.board_object(item, "gear", label, "me", f"{where}.gear[{i}]"))
        facedown: list[FacedownCard] = []
        for i, entry in enumerate(_list(bf_data.get("facedown"), f"{where}.facedown")):
            fd_where = f"{where}.facedown[{i}]"
            fd = _mapping({"card": entry} if isinstance(entry, str) else entry, fd_where)
            _keys(fd, _FACEDOWN_KEYS, fd_where)
            if "card" not in fd:
                raise ScenarioError("missing 'card'", fd_where)
            owner = _side(fd.get("owner", "me"), f"{fd_where}.owner")
            assert owner is not None
            hidden_turn = fd.get("hidden_turn")
            facedown.append(
                FacedownCard(
                    card=builder.card(fd["card"], f"{fd_where}.card"),
                    owner=owner,
                    location=label,
                    hidden_turn=None
                    if hidden_turn is None
                    else _int(hidden_turn, f"{fd_where}.hidden_turn", minimum=1),
                )
            )
        controller = _side(bf_data.get("controller"), f"{where}.controller", allow_none=True)
        battlefields.append(
            Battlefield(label=label, card=bf_card, controller=controller, facedown=tuple(facedown))
        )
    labels = [bf.label for bf in battlefields]
    showdown = top.get("showdown")
    if showdown is not None:
        showdown = _label(showdown, labels, "showdown")
    ids = [o.id for o in objects if o.id]
    if len(ids) != len(set(ids)):
        raise ScenarioError("two units or gear share an id; ids must be unique")
    position = Position(
        turn=turn,
        turn_player=turn_player,
        state=cast(Any, state),
        showdown=showdown,
        chain=chain,
        me=players["me"],
        opp=players["opp"],
        battlefields=tuple(battlefields),
        objects=tuple(objects),
    )
    ask = _build_ask(top.get("ask"), position, builder, labels)
    return Scenario(position=position, ask=ask, assumptions=tuple(assumptions))


def _build_ask(value: object, position: Position, builder: _Builder, labels: list[str]) -> Ask:
    if value is None:
        raise ScenarioError(
            "missing: a scenario asks exactly one question (hide, play_hidden, play, targets or cleanup)",
            "ask",
        )
    data = _mapping(value, "ask")
    _keys(data, _ASK_KEYS, "ask")
    kinds = [k for k in _ASK_KINDS if k in data]
    if "targets" in kinds and len(kinds) > 1:
        kinds.remove("targets")  # with play_hidden / play, "targets" lists the chosen targets
    if len(kinds) != 1:
        raise ScenarioError(
            f"ask exactly one of hide, play_hidden, play, targets, cleanup (got {len(kinds)})", "ask"
        )
    kind = kinds[0]
    if kind == "cleanup":
        return Ask(kind="cleanup")
    card = builder.card(data[kind], f"ask.{kind}")
    at = _label(data["at"], labels, "ask.at") if data.get("at") is not None else None
    from_ = data.get("from")
    if from_ is not None and from_ not in ("hand", "champion_zone", "elsewhere", "trash", "base", "facedown"):
        raise ScenarioError(f"'{_short(from_)}' is not a zone (expected hand or champion_zone)", "ask.from")
    pay = data.get("pay", "rune")
    if pay not in ("rune", "energy", "none"):
        raise ScenarioError(f"'{_short(pay)}' is not a way to pay (expected rune, energy or none)", "ask.pay")
    to_value = data.get("to")
    # A unit played normally may go to its controller's base (v1.3 355.2.a) as well as to a battlefield.
    to = (
        "me.base"
        if isinstance(to_value, str) and to_value.strip().casefold() == "me.base"
        else _label(to_value, labels, "ask.to")
        if to_value is not None
        else None
    )
    if kind == "hide" and at is None:
        if len(labels) != 1:
            raise ScenarioError("missing: the battlefield to hide at (at: LABEL)", "ask.at")
        at = labels[0]
    facedown: FacedownCard | None = None
    if kind == "play_hidden":
        holding = [
            fd
            for bf in position.battlefields
            for fd in bf.facedown
            if fd.card.name == card.name and (at is None or bf.label == at)
        ]
        if not holding:
            place = at or "any battlefield"
            raise ScenarioError(
                f"there is no facedown {card.name} at {place} (add it under facedown)", "ask.at"
            )
        if len(holding) > 1 and at is None:
            raise ScenarioError(
                f"{card.name} is facedown at more than one battlefield: say which (at: LABEL)", "ask.at"
            )
        facedown = holding[0]
        at = facedown.location
    if kind == "targets" and at is None and from_ is None:
        raise ScenarioError("say where it is played from: at: LABEL (from facedown) or from: hand", "ask")
    targets: tuple[TargetRef, ...] | None = None
    if "targets" in data and kind != "targets":
        if kind not in ("play_hidden", "play"):
            raise ScenarioError("targets go with play_hidden or play", "ask.targets")
        entering = at if kind == "play_hidden" else to
        source = (
            BoardObject(
                card=card,
                kind="unit" if card.is_type("Unit") else "gear",
                controller="me",
                location=entering,
            )
            if card.is_permanent and entering is not None
            else None
        )
        targets = tuple(
            _resolve_target(t, position, builder, f"ask.targets[{i}]", source)
            for i, t in enumerate(_list(data["targets"], "ask.targets"))
        )
    return Ask(
        kind=kind,
        card=card,
        at=at,
        from_=from_,
        pay=pay,
        targets=targets,
        to=to,
        optional_costs=_bool(data.get("optional_costs", False), "ask.optional_costs"),
        source_left_board=_bool(data.get("source_left_board", False), "ask.source_left_board"),
        facedown=facedown,
    )


def parse(scenario: str | Mapping[str, object], cards: CardSource) -> Scenario:
    data: object = load_text(scenario) if isinstance(scenario, str) else scenario
    return build(data, cards)
