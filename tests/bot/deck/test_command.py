"""/deck check as a server sees it, through the interaction harness over the real data: the verdict first (Yes, No,
Depends), every problem with its rules, the deck's summary; Details with every check; the cited rules; the form
for a pasted list; public or private like the other answers; bad input answered privately in one line. (The
command line: tests/cardsdb/cli/test_deck.py.)"""

from __future__ import annotations

import pytest

from bot.controls import judge
from bot.controls.buttons import CITED_LABEL
from bot.deck.render import CHECK_TITLES
from bot.harness import Harness
from cardsdb.deck import check_list, encode_list
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import assert_fits, details
from tests.support.deck_lists import BAD, JINX

pytestmark = pytest.mark.real_data  # every test here reads ../shared


async def test_a_legal_deck_answers_yes_with_the_decks_summary(real_harness: Harness) -> None:
    result = await real_harness.command("deck check", {"list": JINX})
    assert result.error is None and result.user_error is None
    first = result.embeds[0]
    assert first["title"] == "Yes: this deck is legal in Constructed."
    assert "All 14 checks pass (rules 103.1 (v1.4)" in first["description"]
    summary = next(f for f in first["fields"] if f["name"] == "Deck")["value"]
    assert "**Jinx, Loose Cannon** (Fury, Chaos)" in summary and "**Jinx, Rebel**" in summary
    assert "Main deck 40 (39 + the champion)" in summary
    assert "ban list 2026-09-18" in first["footer"]["text"]
    assert [b["label"] for b in result.first.buttons()] == ["Details", CITED_LABEL]
    assert_fits(result)


async def test_a_deck_with_problems_answers_no_and_names_each_with_its_rules(real_harness: Harness) -> None:
    result = await real_harness.command("deck check", {"list": BAD})
    first = result.embeds[0]
    assert first["title"] == "No: this deck is not legal in Constructed: 4 problems."
    description = first["description"]
    for sentence in (
        "• Called Shot is banned in Constructed (ban list of 2026-09-18) (rules 103.2.e (v1.4), TR 601.2.d).",
        "• The rune deck has 11 runes; it needs exactly 12 (rules 103.3.a (v1.4), TR 402.1).",
        "• The deck has 2 battlefields; it needs exactly 3 (rules 103.4.a (v1.4), TR 402.1).",
    ):
        assert sentence in description
    assert "Order Rune is Order" in description
    assert_fits(result)


async def test_details_show_every_check_made_and_the_deck_as_read(
    real_harness: Harness, real_cards: CardsDB
) -> None:
    result = await real_harness.command("deck check", {"list": BAD})
    shown = await details(real_harness, result)
    fields = [f["name"] for e in shown.all_embeds() for f in e.get("fields") or ()]
    assert fields == [CHECK_TITLES[c.code] for c in check_list(BAD, real_cards).checks]
    text = shown.text()
    assert "❌" in text and "✅" in text
    assert "The deck as read" in text and "**Runes**: 6 Fury Rune, 5 Order Rune" in text
    assert "Deck code" in text
    assert_fits(shown)


async def test_show_the_cited_rules_gives_their_text_in_their_versions(real_harness: Harness) -> None:
    result = await real_harness.command("deck check", {"list": BAD})
    shown = await real_harness.click(result.first, CITED_LABEL)
    text = shown.text()
    assert "Subject to card legality of the Format being played." in text  # 103.2.e of v1.4
    assert (
        "If a card is banned in a specific format, that card may not be included in a deck." in text
    )  # TR 601.2.d
    assert shown.ephemeral


async def test_without_a_list_or_code_a_form_opens_and_its_paste_is_answered(real_harness: Harness) -> None:
    opened = await real_harness.command("deck check", {"format": "2v2"})
    assert opened.modal is not None and opened.modal["title"] == "Check a deck"
    answered = await real_harness.submit_modal(opened, {"Deck list (or a deck code)": JINX})
    assert answered.error is None and answered.user_error is None
    assert answered.embeds[0]["title"] == "Yes: this deck is legal in 2v2 Constructed."
    assert "489.4.a (v1.4)" in answered.embeds[0]["description"]  # what 2v2 changes, said once
    assert_fits(answered)


async def test_a_deck_code_is_answered_like_its_list(real_harness: Harness, real_cards: CardsDB) -> None:
    code = encode_list(JINX, real_cards)
    result = await real_harness.command("deck check", {"code": code})
    assert result.embeds[0]["title"].startswith("Yes")
    pasted = await real_harness.command(
        "deck check", {"list": code}
    )  # a code pasted as the list is read as a code
    assert pasted.embeds[0]["title"].startswith("Yes")


@pytest.mark.parametrize(
    ("options", "line"),
    [
        ({"code": "CYAAEAYBAIAAABAJAEAQCAAABUAAAAYAACMAEAA"}, "the deck code ends too early"),
        ({"code": "not a code!"}, "is not a base32 letter"),
        # control characters are dropped where the option enters (cardsdb.search.typed): nothing is left to check
        ({"list": "\x00\x01\x02\x03\x04\x05"}, "Give a deck list"),
        ({"list": "hello there"}, "no line names a card"),
        ({"list": "3 Jinx, Rebel\n" * 400}, "lines; a deck list has at most about 70"),
        ({"list": JINX, "code": "CMAA"}, "not both"),
    ],
)
async def test_bad_input_is_answered_privately_in_one_line(
    real_harness: Harness, options: dict[str, str], line: str
) -> None:
    result = await real_harness.command("deck check", options)
    assert result.error is None and result.user_error is not None
    assert result.ephemeral
    assert line in result.text()
    assert_fits(result)


async def test_many_unknown_lines_fit_discords_limits(real_harness: Harness) -> None:
    junk = "Main Deck\n" + "\n".join(f"3 Zorblax Quuxifier {i}" for i in range(140))
    result = await real_harness.command("deck check", {"list": junk})
    assert result.embeds[0]["title"].startswith("No:")
    assert "more in Details." in result.embeds[0]["description"]
    assert_fits(result)
    assert_fits(await details(real_harness, result))


async def test_private_answer_with_post_publicly_as_the_other_answers(real_harness: Harness) -> None:
    private = await real_harness.command("deck check", {"list": BAD, "public": False})
    assert private.ephemeral
    assert judge.POST_LABEL in [b["label"] for b in private.first.buttons()]
    posted = await real_harness.click(private.first, judge.POST_LABEL)
    public = posted.sent[1]
    assert not public.ephemeral
    assert public.embeds[0]["title"] == private.embeds[0]["title"]
    assert public.embeds[0]["footer"]["text"].startswith("ruled via ")


async def test_a_paste_that_is_no_deck_list_says_how_to_write_one_without_marks(
    real_harness: Harness,
) -> None:
    """The line is the deck check's plain text, shown as typed: it quotes its examples, never with markdown that
    would show as backslashes and backticks."""
    result = await real_harness.command("deck check", {"list": "hello world"})
    shown = result.embeds[0]["description"]
    assert "(“3 Jinx, Rebel” or “OGN-202”)" in shown
    assert "`" not in shown and "\\" not in shown
