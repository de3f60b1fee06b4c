"""The seed claims (`claims.yaml`): every statement of the two seed documents, written once, with the scenarios an
engine can decide and their expected answers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from cardsdb.engine.verdict.answer import ASK_KINDS
from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.files import (
    CITED_NUMBER,
    CLAIM_SOURCES,
    RULE_NUMBER,
    ClaimSource,
    Entry,
    entries,
    read_yaml,
)

CLAIMS_FILE = "claims.yaml"


EXPECT_KEYS: frozenset[str] = frozenset({"legal", "failed", "refused", "cites", "choices", "effects_cite"})
CHOICE_EXPECT_KEYS: frozenset[str] = frozenset({"restricted_to", "legal_has", "legal_lacks"})
ASKS: frozenset[str] = frozenset(ASK_KINDS)


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


def _scenario(file: str, claim_id: str, index: int, item: object) -> ClaimScenario:
    label = f"claim {claim_id}, scenario #{index + 1}"
    entry = Entry(file, label, item)
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
    for entry in entries(path, data, "claims", "claim", "id"):
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
