"""One user cannot make the bot work without end (issue 25, findings 5 and 6): autocomplete and button presses each have
a per-user budget of their own, apart from the commands' cooldown (bot/cooldowns.py); repeated toggles of one answer
keep a saved state per position they visit, not per toggle; unexpected errors are kept in a bounded ring; answers are
computed off the event loop's thread.

Before issue 25: 40 of 40 pager presses by one user were accepted, each running the search again; 2,000 builder
toggles wrote 2,000 saved states kept 90 days; every unexpected error was kept for the life of the process.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.cooldowns import AUTOCOMPLETE_RATE, PRESS_RATE, Cooldowns, user_limits
from bot.database import DatabaseHandle
from bot.errors import KEPT_ERRORS
from bot.factory import BotTree, create_bot
from bot.harness import Harness
from bot.hidden import answers as hidden_answers
from bot.settings import Settings
from bot.store.sqlite import SqliteStore
from tests.support.bot_harness_fixtures import FakeCards
from tests.support.engine_cards import CARDS

ASKER = 900000000000000010
SLOW_DOWN = "Slow down"


@dataclass
class Clock:
    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


async def _limited(store: SqliteStore | None = None) -> tuple[Harness, Clock]:
    """A bot over hand-made cards with every per-user limit on, as `python -m bot` runs it, on a fake clock."""
    bot = create_bot(
        Settings(cooldown_rate=5, cooldown_per=10.0),
        DatabaseHandle(FakeCards(cards=CARDS)),
        sharded=False,
        store=store,
    )
    clock = Clock()
    services = bot.services
    for bucket in (services.cooldowns, services.autocompletes, services.presses):
        bucket.clock = clock
    return await Harness.start(bot), clock


async def test_autocomplete_over_its_budget_gets_no_suggestions_and_does_no_work() -> None:
    harness, clock = await _limited()
    looked_up: list[str] = []
    db = harness.bot.services.db.get()
    real = db.autocomplete_cards
    db.autocomplete_cards = lambda text, limit=25: looked_up.append(text) or real(text, limit)  # type: ignore[method-assign]
    budget = AUTOCOMPLETE_RATE[0]
    results = [await harness.autocomplete("card", {"name": "hid"}, "name") for _ in range(budget + 20)]
    assert all(r.choices for r in results[:budget])
    assert [r.choices for r in results[budget:]] == [[]] * 20
    assert len(looked_up) == budget  # the refused ones looked nothing up
    clock.now += AUTOCOMPLETE_RATE[1]  # the bucket refills
    assert (await harness.autocomplete("card", {"name": "hid"}, "name")).choices


async def test_40_pager_presses_by_one_user_run_the_search_only_within_the_budget(
    sqlite_store: SqliteStore,
) -> None:
    harness, _ = await _limited(sqlite_store)
    searched: list[str] = []
    db = harness.bot.services.db.get()
    real = db.search
    db.search = lambda query, limit=10, offset=0: searched.append(query) or real(query, limit, offset)  # type: ignore[method-assign]
    result = await harness.command("search", {"query": "blade"})
    searched.clear()
    pressed = [await harness.click(result.first, "Next") for _ in range(40)]
    accepted = [p for p in pressed if SLOW_DOWN not in p.text()]
    assert len(accepted) == PRESS_RATE[0] and len(searched) == PRESS_RATE[0]
    refused = pressed[PRESS_RATE[0] :]
    assert all(p.ephemeral and p.error is None and p.text().count("\n") <= 1 for p in refused)


async def test_autocomplete_and_presses_spend_none_of_the_commands_budget(sqlite_store: SqliteStore) -> None:
    harness, _ = await _limited(sqlite_store)
    asked = await harness.command("hidden play", {"card": "Hidden Blade"})
    for _ in range(50):
        await harness.autocomplete("card", {"name": "hid"}, "name")
    for _ in range(12):
        await harness.click(asked.first, "Show the cited rules")
    answered = [
        await harness.command("card", {"name": "Hidden Blade"}) for _ in range(4)
    ]  # 1 + 4 = the 5 of 10 s
    assert all(r.user_error is None for r in answered), [r.text() for r in answered]
    assert "Slow down" in (await harness.command("card", {"name": "Hidden Blade"})).text()


def test_cooldown_off_turns_every_per_user_limit_off() -> None:
    limits = user_limits(0, 10.0)
    assert not (limits.commands.enabled or limits.autocomplete.enabled or limits.presses.enabled)
    limits = user_limits(5, 10.0)
    assert (limits.autocomplete.rate, limits.presses.rate) == (AUTOCOMPLETE_RATE[0], PRESS_RATE[0])


def _saved_states(path: Path) -> int:
    with sqlite3.connect(path) as connection:
        return int(connection.execute("SELECT COUNT(*) FROM saved_state").fetchone()[0])


async def test_repeated_builder_toggles_of_one_answer_keep_a_saved_state_per_position_not_per_toggle(
    tmp_path: Path,
) -> None:
    path = tmp_path / "settings.sqlite3"
    harness = await Harness.start(
        create_bot(Settings(), DatabaseHandle(FakeCards(cards=CARDS)), sharded=False, store=SqliteStore(path))
    )
    asked = await harness.command("hidden play", {"card": "Hidden Blade"})
    before = _saved_states(path)
    message = asked.first
    for _ in range(200):
        label = next(str(b["label"]) for b in message.buttons() if str(b["label"]).startswith("Your turn"))
        pressed = await harness.click(message, label)
        assert pressed.error is None and pressed.user_error is None, pressed.text()
        message = pressed.sent[0]
    # the answer's first state, and one for each of the two positions the toggle goes between (before: 201)
    assert before == 1 and _saved_states(path) == 3
    for shown in (message, asked.first):  # the state each message shows is there, the first one's too
        pressed = await harness.click(shown, "Details", user_id=ASKER + 1)
        assert pressed.error is None and "Checks" in pressed.text()


async def test_a_copy_posted_publicly_keeps_its_buttons_when_the_private_answer_is_toggled(
    sqlite_store: SqliteStore,
) -> None:
    harness = await Harness.start(
        create_bot(Settings(), DatabaseHandle(FakeCards(cards=CARDS)), sharded=False, store=sqlite_store)
    )
    private = await harness.command("hidden play", {"card": "Hidden Blade", "public": False})
    posted = await harness.click(private.first, "Post publicly")
    public = next(s for s in posted.sent if not s.ephemeral and s.embeds)
    private_now = next(s for s in posted.sent if s.kind == "edit" or s.ephemeral)
    label = next(str(b["label"]) for b in private_now.buttons() if str(b["label"]).startswith("Your turn"))
    toggled = await harness.click(private_now, label)
    assert toggled.error is None
    shown = await harness.click(public, "Details", user_id=ASKER + 1)
    assert shown.error is None and shown.user_error is None and "Checks" in shown.text(), shown.text()


def test_unexpected_errors_are_kept_in_a_ring_of_the_last_few() -> None:
    tree = create_bot(Settings(), DatabaseHandle(None), sharded=False).tree
    assert isinstance(tree, BotTree)
    for i in range(1000):
        tree.record_unexpected(SimpleNamespace(id=i), RuntimeError(f"bug {i}"))  # type: ignore[arg-type]
    assert len(tree.unexpected) == KEPT_ERRORS
    assert min(tree.unexpected) == 1000 - KEPT_ERRORS and str(tree.unexpected[999]) == "bug 999"


async def test_answers_are_computed_off_the_event_loops_thread(
    fake_harness: Harness, monkeypatch: Any
) -> None:
    seen: list[threading.Thread] = []
    real = hidden_answers.engine_check

    def recording(scenario: Any, cards: Any) -> Any:
        seen.append(threading.current_thread())
        return real(scenario, cards)

    monkeypatch.setattr(hidden_answers, "engine_check", recording)
    await fake_harness.command("hidden play", {"card": "Hidden Blade"})
    assert seen and threading.main_thread() not in seen


async def test_the_loop_answers_others_while_one_answer_is_computed(
    fake_harness: Harness, monkeypatch: Any
) -> None:
    started, released = threading.Event(), threading.Event()
    real = hidden_answers.engine_check

    def slow(scenario: Any, cards: Any) -> Any:
        started.set()
        released.wait(
            600
        )  # an answer that takes long, in its thread: until the other is answered (events, no clock)
        return real(scenario, cards)

    monkeypatch.setattr(hidden_answers, "engine_check", slow)
    waiting = asyncio.create_task(fake_harness.command("hidden play", {"card": "Hidden Blade"}))
    assert await asyncio.to_thread(started.wait, 600)
    try:
        helped = await fake_harness.command(
            "help", {}, user_id=ASKER + 2
        )  # no database: answered on the loop
        assert helped.sent and not waiting.done()  # answered while the other was still being computed
    finally:
        released.set()
    assert (await waiting).error is None


def test_a_bucket_per_kind_never_spends_anothers() -> None:
    clock = Clock()
    limits = user_limits(5, 10.0)
    for bucket in (limits.commands, limits.autocomplete, limits.presses):
        bucket.clock = clock
    assert all(limits.presses.allow(1) for _ in range(PRESS_RATE[0]))
    assert not limits.presses.allow(1)
    assert limits.commands.allow(1) and limits.autocomplete.allow(1)
    assert isinstance(limits.commands, Cooldowns)
