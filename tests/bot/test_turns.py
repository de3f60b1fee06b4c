"""Answers come first (bot.turns): a refresh's warm-up steps aside at its pause points while an answer is in flight,
an answer waits for the warm-up's current step only, and under constant load the warm-up still ends."""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

import discord
import discord.ext.test as dpytest
import pytest

import bot.turns
from bot.database import DatabaseHandle
from bot.factory import create_bot
from bot.harness import Harness, Result
from bot.settings import Settings
from bot.store.sqlite import SqliteStore
from bot.turns import Turns
from cardsdb.search.pacing import pause
from tests.support.bot_harness_fixtures import FakeCards

WAIT_S = (
    10.0  # the longest a test waits for a thread that should go on (a failure, never a pass, takes this long)
)


class Warm:
    """A warm-up of `steps` steps in its own thread, each ended by a pause point, recording what ran in which order;
    `hold` keeps it inside step 0 until `release`."""

    def __init__(self, turns: Turns, log: list[str], steps: int = 3, *, hold: bool = False) -> None:
        self.log = log
        self.in_step = threading.Event()
        self.go_on = threading.Event()
        if not hold:
            self.go_on.set()

        def run() -> None:
            with turns.warming():
                for step in range(steps):
                    self.log.append(f"step {step}")
                    self.in_step.set()
                    assert self.go_on.wait(WAIT_S)
                    pause()
                self.log.append("warm")

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        assert self.in_step.wait(WAIT_S)

    def release(self) -> None:
        self.go_on.set()

    def join(self) -> None:
        self.thread.join(WAIT_S)
        assert not self.thread.is_alive()


def _in_thread(call: Callable[[], object]) -> threading.Thread:
    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    return thread


def test_an_answer_waits_for_the_warm_ups_current_step_then_goes_first() -> None:
    turns, log = Turns(), []
    warm = Warm(turns, log, hold=True)
    answered = threading.Event()
    answer = _in_thread(lambda: turns.answer(lambda: (log.append("answer"), answered.set())))
    assert not answered.wait(0.05)  # the warm-up is in the middle of step 0: the answer waits for it
    assert turns.in_flight == 1
    warm.release()
    assert answered.wait(WAIT_S)
    answer.join(WAIT_S)
    warm.join()
    assert log == ["step 0", "answer", "step 1", "step 2", "warm"]  # before the warm-up's next step
    assert turns.in_flight == 0


def test_the_warm_up_waits_while_an_interaction_is_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.turns, "MAX_GIVE_WAY_S", WAIT_S)
    turns, log = Turns(), []
    with turns.answering():
        warm = Warm(turns, log)
        warm.thread.join(0.05)
        assert log == ["step 0"] and warm.thread.is_alive()  # at its first pause point, waiting
        log.append("replied")
    warm.join()
    assert log == ["step 0", "replied", "step 1", "step 2", "warm"]


def test_under_constant_load_the_warm_up_still_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers without pause (or one stuck on Discord's API) do not hold a refresh back for ever."""
    monkeypatch.setattr(bot.turns, "MAX_GIVE_WAY_S", 0.01)
    turns, log = Turns(), []
    with turns.answering():
        warm = Warm(turns, log, steps=20)
        warm.join()
    assert log[-1] == "warm"


def test_without_a_warm_up_an_answer_runs_at_once_and_what_it_raises_is_raised() -> None:
    turns = Turns()
    assert turns.answer(lambda: turns.in_flight) == 1
    with pytest.raises(ValueError, match="a bug"):
        turns.answer(lambda: (_ for _ in ()).throw(ValueError("a bug")))
    assert turns.in_flight == 0
    log: list[str] = []
    Warm(turns, log).join()  # the failed answer gave its turn back
    assert log[-1] == "warm"


def test_answering_ends_whatever_the_answer_raises() -> None:
    turns = Turns()
    with pytest.raises(RuntimeError), turns.answering():
        assert turns.in_flight == 1
        raise RuntimeError("Discord is down")
    assert turns.in_flight == 0


# --- every way an interaction reaches the bot marks it in flight before its answer's work starts ---


@pytest.fixture
def seen_in_flight(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """For each answer run in the answering thread, how many interactions were in flight when it was handed over."""
    seen: list[int] = []
    answer = bot.turns.TURNS.answer

    def recording(call: Callable[[], object]) -> object:
        seen.append(bot.turns.TURNS.in_flight)
        return answer(call)

    monkeypatch.setattr(bot.turns.TURNS, "answer", recording)
    return seen


async def test_commands_autocomplete_buttons_and_forms_are_in_flight_while_answered(
    seen_in_flight: list[int], tmp_path: Path
) -> None:
    harness = await Harness.start(
        create_bot(
            Settings(),
            DatabaseHandle(FakeCards(extra_cards=30)),
            sharded=False,
            store=SqliteStore(tmp_path / "settings.sqlite3"),
        )
    )
    kinds: dict[str, list[int]] = {}

    async def each(kind: str, interaction: Awaitable[Result]) -> Result:
        before = len(seen_in_flight)
        result = await interaction
        assert result.error is None, result.text()
        kinds[kind] = seen_in_flight[before:]
        return result

    await each("command", harness.command("card", {"name": "Pouty Poro"}))
    await each("autocomplete", harness.autocomplete("rule", {"query": "hidden"}, "query"))
    searched = await each("search", harness.command("search", {"query": "type:unit"}))
    await each("button", harness.click(searched.first, "Next"))
    opened = await harness.command("hidden scenario")
    field = opened.modal["components"][0]["components"][0]["custom_id"]
    await each("form", harness.submit_modal(opened, {field: "ask: {cleanup: true}"}))
    assert all(kinds.values()), kinds  # each handed work to the answering thread
    assert {kind: min(counts) for kind, counts in kinds.items()} == dict.fromkeys(kinds, 1), kinds
    assert bot.turns.TURNS.in_flight == 0


async def test_a_card_named_in_a_message_is_in_flight_while_answered(seen_in_flight: list[int]) -> None:
    client = create_bot(
        Settings(), DatabaseHandle(FakeCards()), sharded=False, intents_override=discord.Intents.all()
    )
    await client._async_setup_hook()
    await client.setup_hook()
    dpytest.configure(client)
    try:
        await dpytest.message("is [[Pouty Poro]] any good?")
        assert dpytest.get_message().embeds[0].title == "Pouty Poro"
    finally:
        await dpytest.empty_queue()
    assert seen_in_flight == [1] and bot.turns.TURNS.in_flight == 0
