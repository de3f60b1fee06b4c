"""The saved answer state as types (`bot.answer_state`): every row the bot has saved still loads (states live 90 days
in SQLite or PostgreSQL), to the same JSON it was saved as, so that a key derived from it stays the key; a value of
the wrong type reads as absent, as it always did; and a row saved in the old shape, pressed on a bot started afresh
over the store, answers."""

from __future__ import annotations

import ast
import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.answer_state import (
    ANSWER_KIND,
    QUESTIONS,
    AnswerState,
    ChangesState,
    DeckState,
    QuickState,
    RuleState,
    ScenarioState,
    SearchState,
    SuggestState,
)
from bot.database import DatabaseHandle
from bot.factory import create_bot
from bot.harness import Harness, Sent
from bot.settings import Settings
from bot.store import SavedState
from bot.ui.persistent import PersistentView
from tests.support.bot_harness_fixtures import FakeCards
from tests.support.engine_cards import CARDS
from tests.support.store_fixtures import StoreMaker

ASKER = 111

# Rows as the bot before these types saved them (`Store.save` writes sorted keys), one of each shape.
QUICK_ROW = (
    '{"card":"Hidden Blade","code":"rb1.AJwc","note":null,"options":{"your_turn":false},"private":false,'
    '"q":"hide","root":"MuCphj7l5pvo","rules":["811.1.b","422.2"]}'
)
QUICK_BEFORE_ROOT_ROW = (  # before issue 25: no "root" (the builder replaced the state)
    '{"card":"Hidden Blade","code":null,"note":"Matched \\u201chiden blade\\u201d to Hidden Blade.","options":{},'
    '"private":true,"q":"play","rules":[]}'
)
SCENARIO_ROW = '{"private":false,"q":"scenario","rules":["811.6"],"text":"rb1.2H2i"}'
RULE_ROW = '{"doc":"tournament","private":true,"q":"rule","query":"702.2","rules":[],"version":null}'
DECK_ROW = (
    '{"code":null,"format":"2v2","list":"1 Jinx, Rebel","on":"2026-12-01","private":false,"q":"deck",'
    '"rules":["TR 402.1","103.2.b (v1.4)"]}'
)
CARD_ROW = '{"private":false,"rules":["811.1"]}'  # a /card answer's buttons need only its citations

ROWS: list[tuple[str, AnswerState]] = [
    (
        QUICK_ROW,
        AnswerState(
            QuickState("hide", "Hidden Blade", {"your_turn": False}, code="rb1.AJwc"),
            ("811.1.b", "422.2"),
            root="MuCphj7l5pvo",
        ),
    ),
    (
        QUICK_BEFORE_ROOT_ROW,
        AnswerState(
            QuickState("play", "Hidden Blade", note="Matched “hiden blade” to Hidden Blade."), private=True
        ),
    ),
    (SCENARIO_ROW, AnswerState(ScenarioState("rb1.2H2i"), ("811.6",))),
    (RULE_ROW, AnswerState(RuleState("702.2", doc="tournament"), private=True)),
    (
        DECK_ROW,
        AnswerState(
            DeckState("1 Jinx, Rebel", None, "2v2", date(2026, 12, 1)), ("TR 402.1", "103.2.b (v1.4)")
        ),
    ),
    (CARD_ROW, AnswerState(None, ("811.1",))),
]


def saved_text(payload: dict[str, Any]) -> str:
    """The text `Store.save` keeps and derives a key from."""
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), allow_nan=False)


@pytest.mark.parametrize(("row", "expected"), ROWS, ids=[r[1].question.__class__.__name__ for r in ROWS])
def test_an_answer_row_of_the_old_shape_loads_to_its_type_and_saves_as_the_same_text(
    row: str, expected: AnswerState
) -> None:
    loaded = AnswerState.from_json(json.loads(row))
    assert loaded == expected
    assert saved_text(loaded.to_json()) == row


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ('{"query":"kw:hidden"}', SearchState("kw:hidden")),
        ('{"from":"v1.3","to":"current","under":null}', ChangesState("v1.3", "current")),
        ('{"from":"v1.3","to":"v1.4","under":"811"}', ChangesState("v1.3", "v1.4", "811")),
        ('{"names":["Hidden Blade","Jinx, Rebel"]}', SuggestState(("Hidden Blade", "Jinx, Rebel"))),
    ],
)
def test_a_pager_or_suggestion_row_loads_to_its_type_and_saves_as_the_same_text(
    row: str, expected: SearchState | ChangesState | SuggestState
) -> None:
    loaded = type(expected).from_json(json.loads(row))
    assert loaded == expected
    assert saved_text(loaded.to_json()) == row


def test_values_of_the_wrong_type_read_as_absent_as_they_always_did() -> None:
    odd = AnswerState.from_json(
        {
            "q": "hide",
            "card": None,
            "options": ["x"],
            "note": 3,
            "code": 4,
            "rules": None,
            "root": 5,
            "private": 1,
        }
    )
    assert odd == AnswerState(QuickState("hide", ""), private=True)
    assert AnswerState.from_json({"q": "nothing we answer", "rules": [811]}) == AnswerState(None, ("811",))
    deck = AnswerState.from_json({"q": "deck", "list": "", "code": 7, "format": None, "on": "yesterday"})
    assert deck.question == DeckState(None, None, None, None)
    assert AnswerState.from_json({"q": "rule", "query": None, "doc": "", "version": 3}).question == RuleState(
        "", None, "3"
    )
    assert ChangesState.from_json({"under": ""}) == ChangesState("None", "None", None)


def test_details_is_there_for_a_quick_answer_and_a_deck_check_only() -> None:
    shown = {type(state.question): state.has_details for _, state in ROWS}
    assert shown == {
        QuickState: True,
        DeckState: True,
        ScenarioState: False,
        RuleState: False,
        type(None): False,
    }


QUICK_STATES = st.builds(
    QuickState,
    st.sampled_from(QUESTIONS),
    st.text(max_size=20),
    st.dictionaries(st.sampled_from(["your_turn", "showdown", "from_"]), st.booleans() | st.text(max_size=5)),
    st.none() | st.text(max_size=20),
    st.none() | st.text(max_size=20),
)
QUESTION_STATES = (
    QUICK_STATES
    | st.builds(ScenarioState, st.text(max_size=20))
    | st.builds(
        RuleState, st.text(max_size=20), st.none() | st.text(min_size=1), st.none() | st.text(min_size=1)
    )
    | st.builds(
        DeckState,
        st.none() | st.text(min_size=1),
        st.none() | st.text(min_size=1),
        st.none() | st.sampled_from(["constructed", "2v2"]),
        st.none() | st.dates(),
    )
)


@settings(max_examples=200, deadline=None)
@given(
    question=st.none() | QUESTION_STATES,
    rules=st.lists(st.text(max_size=12), max_size=4).map(tuple),
    private=st.booleans(),
    root=st.none() | st.text(min_size=12, max_size=12),
)
def test_a_saved_state_reads_back_as_itself(
    question: Any, rules: tuple[str, ...], private: bool, root: str | None
) -> None:
    state = AnswerState(question, rules, private, root)
    assert AnswerState.from_json(json.loads(json.dumps(state.to_json()))) == state


# --- an old-shape row pressed on a bot started afresh over the store ---


def message_with(sent: Sent, view: PersistentView) -> Sent:
    """`sent` as a bot before these types posted it: its controls carry the key of a row saved in the old shape."""
    return Sent(sent.kind, {**sent.message, "components": view.to_components()})


def key_in(sent: Sent, label: str) -> str:
    custom_id = next(str(b["custom_id"]) for b in sent.buttons() if b.get("label") == label)
    return custom_id.split(":")[2]


@pytest.mark.restart
async def test_an_old_shape_row_answers_details_post_publicly_and_the_builder_on_a_new_bot(
    make_store: StoreMaker,
) -> None:
    from bot.controls.answer import controls

    store = await make_store()
    row = json.loads(QUICK_BEFORE_ROOT_ROW) | {"q": "hide", "note": None}  # saved before "root" existed
    key = await store.save(ANSWER_KIND, row, ASKER)
    view = controls(key, AnswerState.from_json(row))
    assert view is not None
    harness = await Harness.start(
        create_bot(
            Settings(), DatabaseHandle(FakeCards(cards=CARDS)), sharded=False, store=await make_store()
        )
    )
    asked = await harness.command("hidden hide", {"card": "Hidden Blade", "public": False}, user_id=ASKER)
    posted = message_with(asked.first, view)
    details = await harness.click(posted, "Details", user_id=ASKER + 1)
    assert details.ephemeral and "Scenario code" in details.text()
    public = await harness.click(posted, "Post publicly", user_id=ASKER)
    channel = [s for s in public.sent if s.kind != "edit"]
    assert [s.ephemeral for s in channel] == [False] and public.error is None
    assert channel[0].embeds[0]["title"] == asked.embeds[0]["title"]  # the same question answered again
    toggled = await harness.click(posted, "Showdown: no", user_id=ASKER)
    assert toggled.embeds[0]["title"].startswith("No") and toggled.error is None
    changed = await store.load(key_in(toggled.first, "Showdown: yes"), ANSWER_KIND)
    assert isinstance(changed, SavedState)
    state = AnswerState.from_json(changed.payload)
    assert state.root == key and state.private
    assert state.question == QuickState("hide", "Hidden Blade", {"showdown": True}, code=state.question.code)


def test_no_module_but_answer_state_reads_a_saved_payload_by_key() -> None:
    # `payload.get("q")`, `state.payload["rules"]`: saved state is read through its type, in one place
    root = Path(__file__).resolve().parents[2] / "bot"
    skipped = {
        root / "answer_state.py",
        root / "harness.py",
    }  # the harness's payloads are Discord's, not saved state
    found = []
    for path in sorted(root.rglob("*.py")):
        if path in skipped or "store" in path.relative_to(root).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            target = node.value if isinstance(node, ast.Subscript) else None
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get"
            ):
                target = node.func.value
            name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
            if name in ("payload", "extras") and not _interaction_extras(target):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    assert found == []


def _interaction_extras(target: ast.expr | None) -> bool:
    """`interaction.extras`: discord.py's per-interaction dict, not a reply's extras."""
    return isinstance(target, ast.Attribute) and getattr(target.value, "id", None) == "interaction"
