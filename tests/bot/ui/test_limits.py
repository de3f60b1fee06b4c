"""The limits module: text is cut at word boundaries and says so; the checker finds every broken limit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ui import limits


def test_fit_keeps_short_text_and_marks_a_cut_at_a_word_boundary() -> None:
    assert limits.fit("short", 10) == "short"
    cut = limits.fit("alpha beta gamma delta epsilon", 20)
    assert len(cut) <= 20
    assert cut.endswith(limits.CUT)
    assert cut.removesuffix(limits.CUT).split()[-1] in {"alpha", "beta", "gamma", "delta"}


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=12), min_size=1, max_size=400),
    st.integers(30, 300),
)
def test_split_text_never_exceeds_the_limit_and_never_cuts_a_word(words: list[str], limit: int) -> None:
    text = " ".join(words)
    pieces = limits.split_text(text, limit)
    assert all(len(p) <= limit for p in pieces)
    assert " ".join(pieces).split() == text.split()


def test_message_problems_names_each_broken_limit() -> None:
    embed = {
        "title": "t" * 257,
        "description": "d" * 4097,
        "fields": [{"name": "n", "value": "v" * 1025}] + [{"name": "n", "value": "v"}] * 25,
        "footer": {"text": "f" * 2049},
    }
    problems = limits.message_problems(
        "c" * 2001, [embed] * 11, [{"components": [{"type": 2, "label": "x" * 81}] * 6}] * 6
    )
    text = "\n".join(problems)
    for needle in (
        "title",
        "description",
        "26 fields",
        "field 0 value",
        "footer",
        "content",
        "11 embeds",
        "total",
        "action rows",
        "6 components",
        "label",
    ):
        assert needle in text, needle


def test_choices_problems_flags_too_many_and_too_long() -> None:
    good = [{"name": "Hidden Blade", "value": "Hidden Blade"}]
    assert limits.choices_problems(good) == []
    bad = [{"name": "x" * 101, "value": "y"}] * 26
    problems = limits.choices_problems(bad)
    assert problems[0].startswith("26 choices")
    assert any("101 characters" in p for p in problems)


def test_an_autocomplete_label_is_fitted_by_the_bot_to_discords_100_characters() -> None:
    # the query layer gives a rule's number and whole text; the bot cuts the label, once
    long = "811.1.d " + "word " * 40
    label = limits.choice_label(long)
    assert len(label) == limits.CHOICE_NAME and label.endswith("…") and label.startswith("811.1.d word")
    assert limits.choice_label("811  Hidden\n") == "811 Hidden"
