"""`bot.ui.text.echo`: the one function every echo of user text goes through (issue 25, finding 4)."""

from __future__ import annotations

import pytest

from bot.ui.text import echo, one_line, safe_line, strip_unsafe
from tests.support.cpu import cpu_ms
from tests.support.markdown import HOSTILE_LABELS, live_links, problems


@pytest.mark.parametrize("typed", HOSTILE_LABELS)
def test_a_hostile_label_echoed_renders_as_the_text_typed_and_nothing_else(typed: str) -> None:
    assert problems(typed, markdown=True)  # as typed, it would render as a link, bold, a heading...
    shown = echo(typed, limit=None)
    assert problems(shown, markdown=True) == []
    assert "\n" not in shown and "\r" not in shown


def test_what_discord_shows_of_an_echo_is_what_was_typed_on_one_line() -> None:
    typed = "[OFFICIAL](https://evil.example/x)\n\n**Riot** <@123456789012345678> #1 ~x~ |y| `z` \\ _w_"
    shown = echo(typed, limit=None)
    unescaped = "".join(ch for i, ch in enumerate(shown) if ch != "\\" or (i and shown[i - 1] == "\\"))
    assert " ".join(typed.split()) == unescaped.replace("\u200b", "")
    assert live_links(shown) == []


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("# Heading", "\\# Heading"),
        ("> quote", "\\> quote"),
        ("-# small", "\\-# small"),
        ("- item", "\\- item"),
        ("1. item", "1\\. item"),
        ("811.1.d", "811.1.d"),
        ("Targon's Peak", "Targon's Peak"),
        ("see https://riftbound.example/x", "see https\\://riftbound.example/x"),
        ("@everyone", "@\u200beveryone"),
    ],
)
def test_line_starts_links_and_mentions(typed: str, shown: str) -> None:
    assert echo(typed) == shown


def test_invisible_and_bidi_characters_are_dropped_and_line_breaks_become_spaces() -> None:
    typed = "a\u202eb\u2066c\u200fd\u200ee\x00f\x1bg\u2028h\u2029i\r\nj\tk\u200dl"
    assert strip_unsafe(typed) == "abcdefg h i  j k\u200dl"
    assert one_line(typed) == "abcdefg h i j k\u200dl"


def test_an_echo_is_shortened_to_its_limit() -> None:
    assert echo("x" * 500) == "x" * 99 + "…"
    assert len(echo("x" * 500, limit=None)) == 500


def test_echo_is_linear_where_discords_escape_markdown_is_not() -> None:
    # discord.utils.escape_markdown took 2.3 s on this (its masked-link pattern backtracks); echo reads each
    # character once. A generous bound on CPU, not a benchmark: quadratic work here takes seconds.
    typed = "[a](" * 1500
    cpu, shown = cpu_ms(lambda: echo(typed, limit=None))
    assert cpu < 100, cpu
    assert live_links(shown) == []


def test_an_error_line_keeps_its_own_markdown_and_loses_open_fences() -> None:
    assert safe_line("Give a scenario (see `/help`).") == "Give a scenario (see `/help`)."
    assert "```" not in safe_line("a ```` b")
