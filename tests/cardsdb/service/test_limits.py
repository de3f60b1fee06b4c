"""What a caller may send: a text within its cap, in one line when it is not; each client's token bucket."""

from __future__ import annotations

import pytest

from cardsdb.errors import BadInput
from cardsdb.service import limits
from cardsdb.service.limits import RateLimit, parse_rate, retry_after, typed_value


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_client_asks_its_burst_then_one_each_interval() -> None:
    clock = Clock()
    rate = RateLimit(3, 6.0, clock=clock)
    assert [rate.wait("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert rate.wait("a") == pytest.approx(2.0)  # one question every 2 s
    assert rate.wait("b") == 0.0  # another client has its own bucket
    clock.now += 2.0
    assert rate.wait("a") == 0.0
    assert rate.wait("a") > 0


def test_a_refused_question_spends_nothing() -> None:
    clock = Clock()
    rate = RateLimit(1, 10.0, clock=clock)
    rate.wait("a")
    for _ in range(50):
        assert rate.wait("a") > 0
    clock.now += 10.0
    assert rate.wait("a") == 0.0


def test_rate_zero_is_no_limit() -> None:
    rate = RateLimit(0, 10.0)
    assert all(rate.wait("a") == 0.0 for _ in range(1000))


def test_the_buckets_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_CLIENTS", 50)
    clock = Clock()
    rate = RateLimit(2, 10.0, clock=clock)
    for n in range(500):
        rate.wait(f"client-{n}")
        clock.now += 0.01
    assert len(rate._buckets) <= 50


def test_retry_after_is_whole_seconds_at_least_one() -> None:
    assert (retry_after(0.01), retry_after(1.0), retry_after(1.2)) == (1, 1, 2)


def test_parse_rate_reads_a_rate_or_off_and_refuses_the_rest() -> None:
    assert parse_rate(None) == limits.DEFAULT_RATE
    assert parse_rate("5/2") == (5, 2.0)
    assert parse_rate("off")[0] == 0
    for bad in ("x", "5/0", "-1/10", "5/99999"):
        with pytest.raises(BadInput, match="--rate must look like"):
            parse_rate(bad)


def test_a_value_is_made_ready_as_the_bot_makes_an_option_ready() -> None:
    assert typed_value("  hidden\u00a0\u00a0\tblade\u200b \n", "name") == "hidden blade"
    assert typed_value("vi\u3164destructive", "name") == "vi destructive"  # a filler letter is a space
    assert typed_value("z" + "\u0301" * 50, "q") == "z\u0301\u0301"  # zalgo: two marks a letter at most
    assert typed_value(None, "doc", required=False) is None
    assert typed_value(" \u200b ", "doc", required=False) is None


def test_a_paste_keeps_its_lines_and_their_indentation() -> None:
    position = "me:\n  hand: [Hidden   Blade]\t\n\n\n\nask:\n  hide: Hidden Blade\n"
    assert typed_value(position, "scenario", limits.MAX_PASTE, lines=True) == (
        "me:\n  hand: [Hidden Blade]\n\nask:\n  hide: Hidden Blade"
    )


def test_a_value_missing_or_over_its_limit_is_one_line() -> None:
    with pytest.raises(BadInput, match=r"^q is missing: give it a value$"):
        typed_value("  \u200b", "q")
    with pytest.raises(BadInput, match=r"^the name is longer than the 200 characters accepted$"):
        typed_value("x" * 201, "the name", limits.MAX_NAME)
    assert typed_value("x" + " " * 1000 + "y", "q") == "x y"  # what folds within the limit is read
