"""The current Core Rules overlay (`rules_current.yaml`): each rule's row as the seeds give it, its numbers in v1.3
and v1.4, the rules whose number moved, and the older numbers the current rules give to another rule."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

from cardsdb.errors import BuildError
from cardsdb.models import V13_RULES_VERSION, V14_RULES_VERSION, Wording
from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.files import CLAIM_SOURCES, RULE_NUMBER, Entry, entries, read_yaml, top_list

RULES_FILE = "rules_current.yaml"

RuleKind = Literal["chapter", "heading", "rule"]

RULE_KINDS: tuple[str, ...] = ("chapter", "heading", "rule")
WORDINGS: tuple[str, ...] = ("official", "summary")


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


def load_overlay(path: Path | None = None) -> Overlay:
    """The current Core Rules overlay (rules_current.yaml): rows, number moves, superseded v1.3 numbers."""
    path = path or PROJECT_DATA_DIR / RULES_FILE
    data = read_yaml(path)
    rules: list[OverlayRule] = []
    seen: set[str] = set()
    for entry in entries(path, data, "rules", "rule", "number"):
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
        entry = Entry(path.name, f"move #{index + 1}", item)
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
