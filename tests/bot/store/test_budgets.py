"""The state saved behind answers is bounded (issue 30, finding 4): each answer's state is capped in bytes, each
user's answers together by `user_budget` and all of them by `total_budget`, the oldest going first. Before: each
answer kept 5.7-6.7 KB of the user's own text for 90 days, and one user at the default cooldown could write 250-290 MB
a day. Over both backends (a SQLite file, and PostgreSQL when there is one)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.answer_state import PASTE_BYTES, STATE_BYTES, AnswerState, DeckState, RuleState, bounded, stored_size
from bot.store import Gone, Store
from bot.store.base import MAX_PAYLOAD_BYTES, payload_json
from bot.store.sqlite import SqliteStore
from tests.support.store_fixtures import StoreMaker

USER = 424242424242424242
OTHER = 525252525252525252
LIST = "Legend: Jinx, Loose Cannon\nChampion: Jinx, Rebel\nMain Deck:\n" + "".join(
    f"3 Card number {i}\n" for i in range(120)
)


class _Clock:
    """One second later at every reading: every save is newer than the one before."""

    def __init__(self) -> None:
        self.now = datetime(2026, 12, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def _deck_answer(n: int) -> dict[str, object]:
    """An answer of /deck check as its buttons keep it: the longest list the cap keeps, the rules it cites."""
    listed = LIST[: PASTE_BYTES - 40] + f"\n{n}"
    state = AnswerState(
        DeckState(listed, None, "constructed", None), tuple(f"103.2.{c} (v1.4)" for c in "abcde")
    )
    return bounded(state).to_json()


def test_an_answers_state_never_keeps_more_than_its_cap() -> None:
    long_list = DeckState("3 Jinx, Rebel\n" * 2000, None, "constructed", None)
    assert stored_size(bounded(AnswerState(long_list)).to_json()) <= STATE_BYTES
    emoji = RuleState("\U0001f525" * 600)  # 600 emoji: 12 bytes each as stored
    kept = bounded(AnswerState(emoji, ("811.1.b",)))
    assert kept.question is None and kept.rules == ("811.1.b",)
    assert stored_size(kept.to_json()) <= STATE_BYTES < MAX_PAYLOAD_BYTES
    with pytest.raises(ValueError):
        payload_json({"list": "x" * MAX_PAYLOAD_BYTES})  # the store refuses more: a caller's bug


async def _one_user_answers(store: Store, answers: int) -> None:
    keys = [await store.save("answer", _deck_answer(n), USER) for n in range(answers)]
    held = await store._owner_bytes(USER)
    assert 0.8 * store.user_budget < held <= store.user_budget
    assert isinstance(await store.load(keys[-1]), Gone) is False  # the newest kept
    assert await store.load(keys[0]) is Gone.UNKNOWN  # the oldest went first
    other = await store.save("answer", _deck_answer(0), OTHER)
    assert not isinstance(await store.load(other), Gone)  # another user's answers are not theirs to push out


async def test_10000_answers_from_one_user_stay_within_the_users_budget(tmp_path: Path) -> None:
    """A SQLite file in memory-backed storage where the machine has it: the test is of the budget, not the disk."""
    folder = Path("/dev/shm") if Path("/dev/shm").is_dir() else tmp_path
    path = folder / f"budget-{uuid.uuid4().hex}.sqlite3"
    store = SqliteStore(path, clock=_Clock(), user_budget=256 * 1024)
    await store.start()
    try:
        await _one_user_answers(store, 10_000)
    finally:
        await store.close()
        for leftover in folder.glob(f"{path.name}*"):
            leftover.unlink()


async def test_a_users_oldest_answers_make_room_on_either_backend(make_store: StoreMaker) -> None:
    await _one_user_answers(await make_store(clock=_Clock(), user_budget=64 * 1024), 400)


async def test_all_answers_together_stay_within_the_stores_budget(make_store: StoreMaker) -> None:
    store: Store = await make_store(clock=_Clock(), user_budget=64 * 1024, total_budget=256 * 1024)
    users = [USER + i for i in range(20)]  # each within their own budget, together over the store's
    keys = [await store.save("answer", _deck_answer(n), users[n % 20]) for n in range(400)]
    await store.keep_total_budget()
    assert await store._owner_bytes(None) <= store.total_budget
    assert not isinstance(await store.load(keys[-1]), Gone) and await store.load(keys[0]) is Gone.UNKNOWN
