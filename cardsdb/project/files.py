"""The project's own data in `cardsdb/data/`: the current-rules overlay, the seed claims and the seed cards.

These files are written by us from the seed documents (`shared/seeds/`), not taken from the card data. Each loader
validates what it reads and raises `BuildError` with one line naming the file, the entry and the field.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NoReturn, cast

import yaml

from cardsdb.engine.verdict import ASK_KINDS
from cardsdb.errors import BuildError
from cardsdb.models import V13_RULES_VERSION, V14_RULES_VERSION, Card, KeywordValue, Wording
from cardsdb.names import slug
from cardsdb.paths import PROJECT_DATA_DIR

RULES_FILE = "rules_current.yaml"
CLAIMS_FILE = "claims.yaml"
SEED_CARDS_FILE = "seed_cards.yaml"

RuleKind = Literal["chapter", "heading", "rule"]
ClaimSource = Literal["keyword-page", "article"]

RULE_KINDS: tuple[str, ...] = ("chapter", "heading", "rule")
WORDINGS: tuple[str, ...] = ("official", "summary")
CLAIM_SOURCES: tuple[str, ...] = ("keyword-page", "article")
EXPECT_KEYS: frozenset[str] = frozenset({"legal", "failed", "refused", "cites", "choices", "effects_cite"})
CHOICE_EXPECT_KEYS: frozenset[str] = frozenset({"restricted_to", "legal_has", "legal_lacks"})
ASKS: frozenset[str] = frozenset(ASK_KINDS)

# 811, 811.1, 811.1.d, 811.1.d.1, 811.1.d.1.a, 107.3.b ...
RULE_NUMBER = re.compile(r"^\d{3}(\.\d+(\.[a-z](\.\d+(\.[a-z](\.\d+)?)?)?)?)?$")
# A claim's number, with the older version it cites where it is not current: "312.2 (v1.4)".
CITED_NUMBER = re.compile(r"^\d{3}(\.\d+(\.[a-z](\.\d+(\.[a-z](\.\d+)?)?)?)?)?( \(v1\.[34]\))?$")


@dataclass(frozen=True)
class OverlayRule:
    """One row of the current Core Rules (updated October 9, 2026) as the seeds give it."""

    number: str
    kind: RuleKind
    title: str | None
    text: str
    wording: (
        Wording  # "official": the seeds quote it word for word; "summary": our statement of what they say
    )
    seed_sentence: str  # the seed sentence (or list line) the row comes from
    v13: str | None  # the same rule's number in v1.3, where there is one
    parent: str | None  # the number one level up, in the current rules
    source: str  # which seed document and section
    v14: str | None = None  # the same rule's number in v1.4, where there is one
    scaffold: bool = (
        False  # added by the project so that a cited rule has its parent; the seeds don't cite it
    )
    note: str | None = None  # for us only, never shown: how the row was made

    @property
    def document(self) -> str:
        """The seed document the row comes from: "keyword-page" or "article"."""
        return self.source.split(":", 1)[0]

    def older(self, version: str) -> str | None:
        """The same rule's number in an older version (v1.3 or v1.4), where there is one."""
        return {V13_RULES_VERSION: self.v13, V14_RULES_VERSION: self.v14}.get(version)


@dataclass(frozen=True)
class RuleMove:
    """A rule whose number changed: its number in v1.3 and/or v1.4, and its number in the current rules."""

    current: str
    note: str
    v13: str | None = None
    v14: str | None = None

    def older(self, version: str) -> str | None:
        return {V13_RULES_VERSION: self.v13, V14_RULES_VERSION: self.v14}.get(version)


@dataclass(frozen=True)
class Overlay:
    rules: tuple[OverlayRule, ...]
    moves: tuple[RuleMove, ...]
    superseded_v13: tuple[str, ...]  # v1.3 numbers the current rules reuse for something else
    superseded_v14: tuple[str, ...] = ()  # v1.4 numbers the current rules reuse for something else

    def rule(self, number: str) -> OverlayRule | None:
        for row in self.rules:
            if row.number == number:
                return row
        return None

    def numbers(self) -> frozenset[str]:
        return frozenset(row.number for row in self.rules)

    def superseded(self, version: str) -> tuple[str, ...]:
        """The numbers of an older version (v1.3 or v1.4) that the current rules use for another rule."""
        return {V13_RULES_VERSION: self.superseded_v13, V14_RULES_VERSION: self.superseded_v14}.get(
            version, ()
        )

    def moves_from(self, version: str) -> dict[str, tuple[str, ...]]:
        """Older number -> its current number(s), for the moves out of `version`."""
        found: dict[str, tuple[str, ...]] = {}
        for move in self.moves:
            old = move.older(version)
            if old is not None:
                found[old] = (*found.get(old, ()), move.current)
        return found


@dataclass(frozen=True)
class ClaimScenario:
    name: str
    scenario: dict[str, Any]  # a position plus exactly one `ask`, as in docs/scenario-format.md
    expect: dict[str, Any]  # legal, failed, refused, cites, choices, effects_cite

    @property
    def ask(self) -> str:
        """The kind of question (one of the engine's ASK_KINDS)."""
        return _ask_kinds(cast(Mapping[str, Any], self.scenario["ask"]))[0]


def _ask_kinds(ask: Mapping[str, Any]) -> list[str]:
    # `targets` names the question when it holds a card name, and is an option of play_hidden when it holds a list.
    return [
        key
        for key, value in ask.items()
        if key in ASKS and not (key == "targets" and isinstance(value, list))
    ]


@dataclass(frozen=True)
class Claim:
    id: str
    source: ClaimSource
    section: str
    question: str
    answer: str
    rules: tuple[str, ...]
    seed_sentence: str
    cards: tuple[str, ...]
    scenarios: tuple[ClaimScenario, ...]
    # who said it, where the seed quotes another document ("Riot's Radiance patch notes ..."); else the seed itself
    origin: str | None = None
    note: str | None = None  # for us only, never shown: what the project added or left out, and why


# --- reading -------------------------------------------------------------------------------------------


class _Entry:
    """Typed access to one mapping of a YAML file; every failure names the file, the entry and the field."""

    def __init__(self, file: str, label: str, data: object) -> None:
        self.file = file
        self.label = label
        if not isinstance(data, dict):
            self.fail(None, f"is a {type(data).__name__}, not a mapping")
        self.data: dict[str, Any] = cast(dict[str, Any], data)

    def fail(self, field: str | None, problem: str) -> NoReturn:
        where = f"{self.file}: {self.label}" + (f", field '{field}'" if field else "")
        raise BuildError(f"{where} {problem}")

    def has(self, field: str) -> bool:
        return field in self.data

    def text(self, field: str) -> str:
        if field not in self.data:
            self.fail(field, "is missing")
        value = self.data[field]
        if not isinstance(value, str) or not value.strip():
            self.fail(field, f"must be non-empty text, got {value!r:.60}")
        return " ".join(value.split())

    def optional_text(self, field: str) -> str | None:
        value = self.data.get(field)
        if value is None:
            return None
        return self.text(field)

    def choice(self, field: str, allowed: tuple[str, ...]) -> str:
        value = self.text(field)
        if value not in allowed:
            self.fail(field, f"must be one of {', '.join(allowed)}, got {value!r}")
        return value

    def number(self, field: str, *, optional: bool = False) -> str | None:
        value = self.data.get(field)
        if value is None and optional:
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            self.fail(field, f"must be quoted text (YAML read {value!r} as a number)")
        text = self.text(field)
        if not RULE_NUMBER.match(text):
            self.fail(field, f"is not a rule number: {text!r}")
        return text

    def texts(self, field: str, *, optional: bool = True) -> tuple[str, ...]:
        if field not in self.data or self.data[field] is None:
            if optional:
                return ()
            self.fail(field, "is missing")
        value = self.data[field]
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            self.fail(field, "must be a list of non-empty texts")
        return tuple(" ".join(v.split()) for v in value)

    def numbers(self, field: str, pattern: re.Pattern[str] = RULE_NUMBER) -> tuple[str, ...]:
        values = self.texts(field)
        for v in values:
            if not pattern.match(v):
                self.fail(field, f"holds {v!r}, which is not a rule number")
        return values

    def items(self, field: str, *, optional: bool = False) -> list[Any]:
        if field not in self.data or self.data[field] is None:
            if optional:
                return []
            self.fail(field, "is missing")
        value = self.data[field]
        if not isinstance(value, list):
            self.fail(field, "must be a list")
        return value

    def flag(self, field: str) -> bool:
        value = self.data.get(field, False)
        if not isinstance(value, bool):
            self.fail(field, f"must be true or false, got {value!r}")
        return value

    def optional_int(self, field: str) -> int | None:
        value = self.data.get(field)
        if value is None:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(field, f"must be a whole number or null, got {value!r}")
        return int(value)


def read_yaml(path: Path) -> dict[str, Any]:
    """A project data file's top-level mapping; BuildError naming the file (and the line) when it is not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise BuildError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise BuildError(f"{path.name}: is not valid YAML{where}") from None
    if not isinstance(data, dict):
        raise BuildError(f"{path.name}: must hold a mapping at the top level")
    return data


def top_list(path: Path, data: dict[str, Any], key: str) -> list[Any]:
    """`data[key]`, which must be a list."""
    value = data.get(key)
    if not isinstance(value, list):
        raise BuildError(f"{path.name}: top-level '{key}' must be a list")
    return value


def _entries(path: Path, data: dict[str, Any], key: str, what: str, name_field: str) -> Iterator[_Entry]:
    """Each entry of the top-level list `key`, labelled by its `name_field` ("claim hidden-1"), else by position."""
    for index, item in enumerate(top_list(path, data, key)):
        label = f"{what} #{index + 1}"
        if isinstance(item, dict) and isinstance(item.get(name_field), str):
            label = f"{what} {item[name_field]}"
        yield _Entry(path.name, label, item)


# --- the overlay ---------------------------------------------------------------------------------------


def load_overlay(path: Path | None = None) -> Overlay:
    """The current Core Rules overlay (rules_current.yaml): rows, number moves, superseded v1.3 numbers."""
    path = path or PROJECT_DATA_DIR / RULES_FILE
    data = read_yaml(path)
    rules: list[OverlayRule] = []
    seen: set[str] = set()
    for entry in _entries(path, data, "rules", "rule", "number"):
        number = cast(str, entry.number("number"))
        if number in seen:
            entry.fail("number", "is a duplicate")
        seen.add(number)
        kind = entry.choice("kind", RULE_KINDS)
        title = entry.optional_text("title")
        if kind != "rule" and title is None:
            entry.fail("title", f"is required for a {kind}")
        rules.append(
            OverlayRule(
                number=number,
                kind=cast(RuleKind, kind),
                title=title,
                text=entry.text("text"),
                wording=cast(Wording, entry.choice("wording", WORDINGS)),
                seed_sentence=entry.text("seed_sentence"),
                v13=entry.number("v13", optional=True),
                parent=entry.number("parent", optional=True),
                source=entry.text("source"),
                v14=entry.number("v14", optional=True),
                scaffold=entry.flag("scaffold"),
                note=entry.optional_text("note"),
            )
        )
        if rules[-1].document not in CLAIM_SOURCES:
            entry.fail("source", f"must start with one of {', '.join(CLAIM_SOURCES)}")
    for row in rules:
        if row.parent is not None and row.parent not in seen:
            raise BuildError(
                f"{path.name}: rule {row.number}, field 'parent' names {row.parent}, which is not in the file"
            )

    moves: list[RuleMove] = []
    seen_moves: set[tuple[str | None, str | None, str]] = set()
    for index, item in enumerate(top_list(path, data, "moves")):
        entry = _Entry(path.name, f"move #{index + 1}", item)
        move = RuleMove(
            current=cast(str, entry.number("current")),
            note=entry.text("note"),
            v13=entry.number("v13", optional=True),
            v14=entry.number("v14", optional=True),
        )
        if move.v13 is None and move.v14 is None:
            entry.fail("v13", "and 'v14' are both missing: a move names the rule's older number")
        if (move.v13, move.v14, move.current) in seen_moves:
            entry.fail("current", f"repeats the move to {move.current}")
        if move.current not in seen:
            entry.fail("current", f"names {move.current}, which is not in the overlay")
        seen_moves.add((move.v13, move.v14, move.current))
        moves.append(move)

    return Overlay(
        rules=tuple(rules),
        moves=tuple(moves),
        superseded_v13=_superseded(path, data, "superseded_v13", optional=False),
        superseded_v14=_superseded(path, data, "superseded_v14", optional=True),
    )


def _superseded(path: Path, data: dict[str, Any], key: str, *, optional: bool) -> tuple[str, ...]:
    if optional and key not in data:
        return ()
    found: list[str] = []
    for value in top_list(path, data, key):
        if not isinstance(value, str) or not RULE_NUMBER.match(value):
            raise BuildError(f"{path.name}: {key} holds {value!r}, which is not a quoted rule number")
        if value in found:
            raise BuildError(f"{path.name}: {key} lists {value} twice")
        found.append(value)
    return tuple(found)


# --- the claims ----------------------------------------------------------------------------------------


def _scenario(file: str, claim_id: str, index: int, item: object) -> ClaimScenario:
    label = f"claim {claim_id}, scenario #{index + 1}"
    entry = _Entry(file, label, item)
    name = entry.text("name")
    entry.label = f"claim {claim_id}, scenario '{name}'"
    scenario = entry.data.get("scenario")
    if not isinstance(scenario, dict):
        entry.fail("scenario", "must be a mapping (a position plus one ask)")
    ask = scenario.get("ask")
    if not isinstance(ask, dict):
        entry.fail("scenario", "must hold exactly one 'ask' mapping")
    kinds = _ask_kinds(ask)
    if len(kinds) != 1:
        entry.fail("scenario", f"'ask' must name exactly one question of {', '.join(sorted(ASKS))}")
    expect = entry.data.get("expect")
    if not isinstance(expect, dict):
        entry.fail("expect", "must be a mapping")
    unknown = set(expect) - EXPECT_KEYS
    if unknown:
        entry.fail("expect", f"has unknown keys: {', '.join(sorted(unknown))}")
    if "legal" not in expect or expect["legal"] not in (True, False, None):
        entry.fail("expect", "'legal' must be true, false or null")
    for key in ("failed", "refused", "cites", "effects_cite"):
        value = expect.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            entry.fail("expect", f"'{key}' must be a list of texts")
    if expect.get("legal") is True and expect.get("failed"):
        entry.fail("expect", "lists failed checks for a legal verdict")
    for v in [*expect.get("cites", []), *expect.get("effects_cite", [])]:
        if not RULE_NUMBER.match(v):
            entry.fail("expect", f"cites {v!r}, which is not a rule number")
    choices = expect.get("choices", [])
    if not isinstance(choices, list):
        entry.fail("expect", "'choices' must be a list")
    for n, choice in enumerate(choices):
        if not isinstance(choice, dict) or set(choice) - CHOICE_EXPECT_KEYS:
            entry.fail(
                "expect", f"choice #{n + 1} must be a mapping of {', '.join(sorted(CHOICE_EXPECT_KEYS))}"
            )
        for key in ("legal_has", "legal_lacks"):
            value = choice.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) and "@" in v for v in value):
                entry.fail("expect", f"choice #{n + 1} '{key}' must list targets written NAME@LOCATION")
    return ClaimScenario(name=name, scenario=scenario, expect=expect)


def load_claims(path: Path | None = None) -> tuple[Claim, ...]:
    """Every statement of the two seed documents (claims.yaml), with scenarios where an engine can decide it."""
    path = path or PROJECT_DATA_DIR / CLAIMS_FILE
    data = read_yaml(path)
    claims: list[Claim] = []
    seen: set[str] = set()
    for entry in _entries(path, data, "claims", "claim", "id"):
        claim_id = entry.text("id")
        if claim_id in seen:
            entry.fail("id", "is a duplicate")
        seen.add(claim_id)
        scenarios = tuple(
            _scenario(path.name, claim_id, n, s)
            for n, s in enumerate(entry.items("scenarios", optional=True))
        )
        names = [s.name for s in scenarios]
        if len(set(names)) != len(names):
            entry.fail("scenarios", "has two scenarios with the same name")
        claims.append(
            Claim(
                id=claim_id,
                source=cast(ClaimSource, entry.choice("source", CLAIM_SOURCES)),
                section=entry.text("section"),
                question=entry.text("question"),
                answer=entry.text("answer"),
                rules=entry.numbers("rules", CITED_NUMBER),
                seed_sentence=entry.text("seed_sentence"),
                cards=entry.texts("cards"),
                scenarios=scenarios,
                origin=entry.optional_text("origin"),
                note=entry.optional_text("note"),
            )
        )
    return tuple(claims)


# --- the seed cards ------------------------------------------------------------------------------------


def _keyword(entry: _Entry, raw: str) -> KeywordValue:
    parts = raw.split(maxsplit=1)
    if not parts:
        entry.fail("keywords", "holds an empty keyword")
    return KeywordValue(parts[0], parts[1] if len(parts) > 1 else None)


def load_seed_cards(path: Path | None = None) -> tuple[Card, ...]:
    """Cards the seeds name that the data lacks (seed_cards.yaml), each marked partial."""
    path = path or PROJECT_DATA_DIR / SEED_CARDS_FILE
    data = read_yaml(path)
    cards: list[Card] = []
    seen: set[str] = set()
    for entry in _entries(path, data, "cards", "card", "name"):
        name = entry.text("name")
        card_id = slug(name)
        if card_id in seen:
            entry.fail("name", "is a duplicate")
        seen.add(card_id)
        types = entry.texts("types", optional=False)  # may be empty: the seeds don't always give a type
        text_raw = entry.optional_text("text_raw") or ""
        cards.append(
            Card(
                id=card_id,
                name=name,
                types=types,
                supertypes=entry.texts("supertypes"),
                domains=entry.texts("domains"),
                energy=entry.optional_int("energy"),
                power=entry.optional_int("power"),
                might=entry.optional_int("might"),
                tags=entry.texts("tags"),
                keywords=tuple(_keyword(entry, k) for k in entry.texts("keywords")),
                text=entry.optional_text("text") or text_raw,
                text_raw=text_raw,
                partial=True,
                notes=entry.texts("notes"),
            )
        )
    return tuple(cards)


def internal_notes() -> tuple[str, ...]:
    """Every note the project's data keeps for us (the `note` fields of rules_current.yaml's rows and moves, of
    claims.yaml and of seed_cards.yaml): text no answer may show."""
    overlay = load_overlay()
    notes = [r.note for r in overlay.rules] + [m.note for m in overlay.moves]
    notes += [c.note for c in load_claims()]
    path = PROJECT_DATA_DIR / SEED_CARDS_FILE
    notes += [e.optional_text("note") for e in _entries(path, read_yaml(path), "cards", "card", "name")]
    return tuple(n for n in notes if n)


def load_seed_errata_notes(path: Path | None = None) -> dict[str, tuple[str, ...]]:
    """Card name -> the notes a seed card shows once an erratum gives its full text (`notes_with_errata`)."""
    path = path or PROJECT_DATA_DIR / SEED_CARDS_FILE
    data = read_yaml(path)
    return {
        entry.text("name"): entry.texts("notes_with_errata")
        for entry in _entries(path, data, "cards", "card", "name")
        if entry.texts("notes_with_errata")
    }
