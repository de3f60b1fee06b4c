"""Property tests over generated positions: no crash, verdicts agree with checks, citations and restrictions hold."""

from __future__ import annotations

from typing import Any

from engine_cards import MemoryCards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsdb.engine import ScenarioError, check, citations

CARDS = MemoryCards()
LABELS = ["Bandle Tree", "Targon's Peak", "Plain Field"]
UNITS = ["Tideturner", "Pouty Poro", "Vanguard Sergeant", "Shipyard Skulker", "Windsinger", "Sprite"]
HIDDEN = [
    "Hidden Blade",
    "Tideturner",
    "Smoke and Mirrors",
    "Stand United",
    "Windsinger",
    "Edge of Night",
    "Zhonya's Hourglass",
    "Sprite Call",
    "Here to Help",
    "Blastcone Fae",
    "Evelynn, Entrancing",
    "Pyke, Dockside Butcher",
    "Back Off",
    "Facebreaker",
    "Consult the Past",
]
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

units = st.lists(
    st.fixed_dictionaries(
        {"card": st.sampled_from(UNITS), "controller": st.sampled_from(["me", "opp"])},
        optional={"might": st.integers(0, 8), "attacking": st.booleans(), "exhausted": st.booleans()},
    ),
    max_size=4,
)
facedown = st.lists(
    st.fixed_dictionaries(
        {
            "card": st.sampled_from(HIDDEN),
            "owner": st.sampled_from(["me", "opp"]),
            "hidden_turn": st.integers(1, 5),
        }
    ),
    max_size=2,
)
battlefield = st.fixed_dictionaries(
    {"controller": st.sampled_from(["me", "opp", None]), "units": units, "facedown": facedown},
    optional={"gear": st.lists(st.sampled_from(["Zhonya's Hourglass", "Edge of Night"]), max_size=1)},
)


@st.composite
def scenarios(draw: st.DrawFn) -> dict[str, Any]:
    labels = draw(st.lists(st.sampled_from(LABELS), min_size=1, max_size=3, unique=True))
    fields = {label: draw(battlefield) for label in labels}
    card = draw(st.sampled_from(HIDDEN))
    kind = draw(st.sampled_from(["hide", "play_hidden", "targets", "play", "cleanup"]))
    at = draw(st.sampled_from(labels))
    ask: dict[str, Any] = {"cleanup": True} if kind == "cleanup" else {kind: card, "at": at}
    if kind == "play":
        ask = {"play": card, "from": "hand"}
    if kind == "play_hidden":
        fields[at]["facedown"] = [{"card": card, "owner": "me", "hidden_turn": draw(st.integers(1, 5))}]
    return {
        "turn": 5,
        "turn_player": draw(st.sampled_from(["me", "opp"])),
        "state": draw(st.sampled_from(["open", "closed"])),
        "showdown": draw(st.sampled_from([None, *labels])),
        "me": {
            "hand": draw(st.lists(st.sampled_from(HIDDEN), max_size=3)),
            "runes": {
                "energy": draw(st.integers(0, 3)),
                "power": draw(st.lists(st.sampled_from(["any", "fury"]), max_size=2)),
            },
            "base": {"units": draw(st.lists(st.sampled_from(UNITS), max_size=2))},
        },
        "battlefields": fields,
        "ask": ask,
    }


@SETTINGS
@given(scenarios())
def test_engine_properties_over_generated_positions(scenario: dict[str, Any]) -> None:
    answer = check(scenario, CARDS)
    answer.to_dict()
    # legal is false exactly when a check failed
    if answer.legal is not None:
        assert answer.legal is (not answer.failed)
    else:
        assert answer.undecided and not answer.failed
    # every cited number is one of the engine's named citations (each checked against the rules table)
    assert set(answer.citations) <= set(citations.ALL)
    # a restricted choice never offers a target outside the hidden battlefield
    for choice in answer.choices:
        if choice.restricted_to is not None:
            for target in choice.legal:
                assert target.rpartition("@")[2] == choice.restricted_to


@settings(max_examples=80, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_an_answer_or_one_clear_line(text: str) -> None:
    try:
        check(text, CARDS)
    except ScenarioError as error:
        assert "\n" not in str(error)


@settings(max_examples=40, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=10),
        lambda c: (
            st.lists(c, max_size=3)
            | st.dictionaries(
                st.sampled_from(["ask", "me", "battlefields", "hide", "at", "units", "card"]), c, max_size=3
            )
        ),
        max_leaves=12,
    )
)
def test_any_mapping_is_an_answer_or_one_clear_line(data: object) -> None:
    try:
        check(data if isinstance(data, dict) else {"ask": data}, CARDS)
    except ScenarioError as error:
        assert "\n" not in str(error)
