"""What a scenario's `expect` asks of the engine's answer: shared by the seed claims (cardsdb/project/data/claims.yaml) and the
judges' regression scenarios (tests/scenarios/*.yaml)."""

from __future__ import annotations

from typing import Any

from cardsdb.engine import Answer

EXPECT_KEYS = frozenset(
    {"legal", "failed", "refused", "cites", "choices", "effects_cite", "copy", "error", "undecided_has"}
)
CHOICE_KEYS = frozenset({"restricted_to", "legal_has", "legal_lacks", "unpayable_has", "ok", "for"})


def assert_expected(answer: Answer, expect: dict[str, Any], context: str) -> None:
    context = f"{context}: {answer.summary}"
    assert answer.legal is expect["legal"], context
    assert {c.code for c in answer.failed} == set(expect.get("failed", [])), context
    assert {c.code for c in answer.cautions} == set(expect.get("refused", [])), context
    missing = set(expect.get("cites", [])) - set(answer.citations)
    assert not missing, f"{context} (does not cite {sorted(missing)})"
    effect_rules = {n for e in answer.effects for n in e.rules}
    missing_effects = set(expect.get("effects_cite", [])) - effect_rules
    assert not missing_effects, f"{context} (effects do not cite {sorted(missing_effects)})"
    if "copy" in expect:
        assert answer.copy == expect["copy"], context
    for words in expect.get("undecided_has", []):
        assert any(words in u for u in answer.undecided), f"{context} (undecided lacks {words!r})"
    wanted_choices = expect.get("choices", [])
    assert len(answer.choices) >= len(wanted_choices), (
        f"{context}: choices {[c.choice for c in answer.choices]}"
    )
    for got, wanted in zip(answer.choices, wanted_choices, strict=False):
        _assert_choice(got, wanted, context)


def _assert_choice(got: Any, wanted: dict[str, Any], context: str) -> None:
    where = f"{context}: {got.choice}"
    if "restricted_to" in wanted:
        assert got.restricted_to == wanted["restricted_to"], where
    if "ok" in wanted:
        assert got.ok is wanted["ok"], where
    if "for" in wanted:
        assert got.purpose == wanted["for"], where
    for target in wanted.get("legal_has", []):
        assert target in got, f"{where}: {target} should be legal ({got.legal})"
    for target in wanted.get("legal_lacks", []):
        assert target not in got, f"{where}: {target} should not be legal"
    unpaid = {e.target for e in got.unpayable}
    for target in wanted.get("unpayable_has", []):
        assert target in unpaid, f"{where}: {target} should be unpayable ({sorted(unpaid)})"
