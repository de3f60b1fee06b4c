"""The position builder under /hidden hide and /hidden play, through the interaction harness: each toggle or menu choice
re-asks the engine and edits the message in place; only the asker may change it; it expires. The expected verdicts
come from the engine on the position `cardsdb.engine.quick` builds, never from the view."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.answer_state import AnswerState, QuickState
from bot.controls import judge
from bot.controls.answer import OptionToggle, PostPubliclyButton, ZoneSelect, controls
from bot.controls.buttons import CitedRulesButton, DetailsButton
from bot.database import DatabaseHandle
from bot.factory import create_bot
from bot.harness import Harness, HarnessError, Result, Sent
from bot.settings import Settings
from bot.store.sqlite import SqliteStore
from bot.ui import limits
from cardsdb.engine import check
from cardsdb.engine.quick import hide_scenario, play_scenario
from tests.support.bot_harness_fixtures import FakeCards, assert_fits, details
from tests.support.engine_cards import CARDS

OTHER_USER = 900000000000000778
SOURCE = FakeCards(cards=CARDS)


@pytest.fixture
async def builder_harness(tmp_path: Path) -> Harness:
    store = SqliteStore(tmp_path / "settings.sqlite3")
    bot = create_bot(Settings(), DatabaseHandle(SOURCE), sharded=False, store=store)
    return await Harness.start(bot)


def labels(sent: Sent) -> list[str]:
    return [str(b.get("label")) for b in sent.buttons()]


def word(legal: bool | None) -> str:
    return {True: "Yes", False: "No", None: "Depends"}[legal]


def failed_codes(scenario: dict[str, Any]) -> set[str]:
    return {c.code for c in check(scenario, SOURCE).failed}


def checks_text(result: Result) -> str:
    return next(f["value"] for f in result.embeds[0].get("fields") or () if f["name"] == "Checks")


def keys(sent: Sent) -> set[str]:
    """The store keys the message's controls carry."""
    items = [c for row in sent.components for c in row["components"]]
    return {str(c["custom_id"]).split(":")[2] for c in items}


def reason_of(scenario: dict[str, Any]) -> list[str]:
    """What the engine says is wrong with the position: each failed check's words."""
    return [c.because for c in check(scenario, SOURCE).failed]


@pytest.mark.parametrize(
    ("press", "option"),
    [
        ("Your turn: yes", {"your_turn": False}),
        ("Chain open: no", {"chain_open": True}),
        ("Showdown: no", {"showdown": True}),
        ("You control the battlefield: yes", {"control_battlefield": False}),
        ("Facedown card already there: no", {"facedown_there": True}),
        ("Can pay 1 power: yes", {"can_pay": False}),
    ],
)
async def test_each_hide_toggle_asks_the_engine_again_and_edits_in_place(
    builder_harness: Harness, press: str, option: dict[str, Any]
) -> None:
    asked = await builder_harness.command("hidden hide", {"card": "Hidden Blade"})
    assert asked.embeds[0]["title"].startswith("Yes")
    changed = await builder_harness.click(asked.first, press)
    assert [s.kind for s in changed.sent] == ["edit"]
    assert int(changed.first.message["id"]) == int(asked.first.message["id"])
    expected = check(hide_scenario("Hidden Blade", **option), SOURCE)
    assert changed.embeds[0]["title"].startswith(word(expected.legal))
    for because in reason_of(hide_scenario("Hidden Blade", **option)):
        assert because.rstrip(".") in changed.embeds[0]["description"]
    # a NEW state: every control of the edited message carries one new key; the old message keeps its own
    assert len(keys(changed.first)) == 1 and keys(changed.first) != keys(asked.first)
    name = next(iter(option))
    label = press.rsplit(":", 1)[0]
    shown = await details(builder_harness, changed)
    assert f"{label}: {'yes' if option[name] else 'no'} (you set it)" in shown.text()
    flipped = label + (": no" if press.endswith("yes") else ": yes")
    assert flipped in labels(changed.first)
    assert_fits(changed)


async def test_toggling_twice_returns_to_the_first_verdict(builder_harness: Harness) -> None:
    asked = await builder_harness.command("hidden hide", {"card": "Hidden Blade", "chain_open": True})
    assert asked.embeds[0]["title"].startswith("No")
    closed = await builder_harness.click(asked.first, "Chain open: yes")
    fresh = await builder_harness.command("hidden hide", {"card": "Hidden Blade"})
    assert closed.embeds[0]["title"] == fresh.embeds[0]["title"]
    assert closed.embeds[0]["title"].startswith("Yes")
    reopened = await builder_harness.click(closed.first, "Chain open: no")
    assert reopened.embeds[0] == asked.embeds[0]
    assert checks_text(await details(builder_harness, reopened)) == checks_text(
        await details(builder_harness, asked)
    )


async def test_an_earlier_message_keeps_answering_for_the_position_it_shows(builder_harness: Harness) -> None:
    # state is never changed in place: after a toggle, the first message's buttons still mean the first position
    asked = await builder_harness.command("hidden hide", {"card": "Hidden Blade"})
    await builder_harness.click(asked.first, "Chain open: no")
    again = await builder_harness.click(
        asked.first, "Showdown: no"
    )  # pressed on the first message, not the edited one
    expected = check(hide_scenario("Hidden Blade", showdown=True), SOURCE)
    assert again.embeds[0]["title"].startswith(word(expected.legal))
    assert "Chain open: no" in labels(again.first)


async def test_the_zone_menu_moves_the_card(builder_harness: Harness) -> None:
    asked = await builder_harness.command("hidden hide", {"card": "Hidden Blade"})
    menu = next(c for row in asked.first.components for c in row["components"] if c["type"] == 3)
    assert [o["value"] for o in menu["options"]] == ["hand", "champion_zone", "elsewhere"]
    assert [o["value"] for o in menu["options"] if o.get("default")] == ["hand"]
    moved = await builder_harness.select(asked.first, ["elsewhere"])
    expected = hide_scenario("Hidden Blade", from_="elsewhere")
    assert moved.embeds[0]["title"].startswith(word(check(expected, SOURCE).legal))
    assert "A card is hidden from your hand or your Champion Zone" in moved.embeds[0]["description"]
    assert "the card not in hand or champion zone" in moved.embeds[0]["description"]
    menu = next(c for row in moved.first.components for c in row["components"] if c["type"] == 3)
    assert [o["value"] for o in menu["options"] if o.get("default")] == ["elsewhere"]


async def test_play_toggles_and_an_implied_option(builder_harness: Harness) -> None:
    asked = await builder_harness.command("hidden play", {"card": "Hidden Blade"})
    assert labels(asked.first)[:2] == ["Details", "Show the cited rules"]
    hidden_now = await builder_harness.click(asked.first, "Hidden this turn: no")
    expected = check(play_scenario("Hidden Blade", hidden_this_turn=True), SOURCE)
    assert hidden_now.embeds[0]["title"].startswith(word(expected.legal))
    assert "was hidden this turn" in hidden_now.embeds[0]["description"]
    # hidden this turn puts it on your turn (quick's position): the toggle shows that and cannot be pressed
    implied = next(b for b in hidden_now.first.buttons() if str(b["label"]).startswith("Your turn"))
    assert implied["label"] == "Your turn: yes (implied)" and implied.get("disabled") is True
    with pytest.raises(HarnessError, match="disabled"):
        await builder_harness.click(hidden_now.first, "Your turn: yes (implied)")


async def test_someone_else_cannot_change_the_position(builder_harness: Harness) -> None:
    asked = await builder_harness.command("hidden hide", {"card": "Hidden Blade"})
    refused = await builder_harness.click(asked.first, "Your turn: yes", user_id=OTHER_USER)
    assert [s.kind for s in refused.sent] == ["response"] and refused.ephemeral
    assert refused.embeds[0]["description"] == judge.ONLY_THE_ASKER
    menu_refused = await builder_harness.select(asked.first, ["elsewhere"], user_id=OTHER_USER)
    assert menu_refused.ephemeral and judge.ONLY_THE_ASKER in menu_refused.text()
    # anyone may read the details, privately
    shown = await details(builder_harness, asked, user_id=OTHER_USER)
    assert shown.embeds[0]["title"].startswith("Yes") and "Your turn: yes (default)" in shown.text()
    # the asker's next press still starts from the unchanged position
    mine = await builder_harness.click(asked.first, "Your turn: yes")
    shown = await details(builder_harness, mine)
    assert "Your turn: no (you set it)" in shown.text()
    assert "Where the card is: your hand (default)" in shown.text()


async def test_a_private_answer_can_be_changed_then_posted_as_it_now_stands(builder_harness: Harness) -> None:
    asked = await builder_harness.command("hidden hide", {"card": "Hidden Blade", "public": False})
    posted_first = await builder_harness.click(asked.first, judge.POST_LABEL)
    assert judge.POSTED_LABEL in labels(posted_first.sent[0])
    changed = await builder_harness.click(posted_first.sent[0], "Showdown: no")
    assert judge.POST_LABEL in labels(changed.first)  # a new position may be posted again
    posted = await builder_harness.click(changed.first, judge.POST_LABEL)
    public = posted.sent[1]
    assert not public.ephemeral
    assert public.embeds[0]["title"] == changed.embeds[0]["title"]
    assert public.embeds[0]["title"].startswith("No")
    # the post has the buttons anyone may press, not the asker's builder
    assert labels(public) == ["Details", "Show the cited rules"]


async def test_the_controls_fit_discords_component_limits(builder_harness: Harness) -> None:
    for path in ("hidden hide", "hidden play"):
        asked = await builder_harness.command(path, {"card": "Hidden Blade", "public": False})
        rows = asked.first.components
        assert 1 <= len(rows) <= limits.ACTION_ROWS
        for row in rows:
            assert len(row["components"]) <= limits.BUTTONS_PER_ROW
            for item in row["components"]:
                assert len(item["custom_id"]) <= limits.CUSTOM_ID
                assert re.fullmatch(r"rb:[a-z]+:[A-Za-z0-9_-]{12}:[A-Za-z0-9_.-]+", item["custom_id"])
                assert len(str(item.get("label") or "")) <= limits.BUTTON_LABEL
        assert_fits(asked)


async def test_the_builder_never_times_out_and_its_controls_stay_registered(builder_harness: Harness) -> None:
    # a persistent view: discord.py would drop a timed-out view's dynamic items for the whole bot
    asked = await builder_harness.command("hidden hide", {"card": "Hidden Blade", "public": False})
    pressed = await builder_harness.click(asked.first, "Your turn: yes")
    again = await builder_harness.click(pressed.first, "Your turn: no")
    assert again.embeds[0]["title"].startswith("Yes")
    view = controls("K" * 12, AnswerState(QuickState("hide", "Hidden Blade"), ("811.1.b",), private=True))
    assert view is not None and view.timeout is None
    registered = builder_harness.bot._connection._view_store._dynamic_items  # type: ignore[attr-defined]
    for item in (OptionToggle, ZoneSelect, PostPubliclyButton, DetailsButton, CitedRulesButton):
        assert item.__discord_ui_compiled_template__ in registered
