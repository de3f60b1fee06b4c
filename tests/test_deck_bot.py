"""/deck check as a server sees it, through the interaction harness over the real data: the verdict first (Yes, No,
Depends), every problem with its rules, the deck's summary; Details with every check; the cited rules; the form
for a pasted list; public or private like the other answers; bad input answered privately in one line. And the
command line: `python -m cardsdb deck check` and `deck encode`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from bot_harness_fixtures import assert_fits, details
from deck_lists import JINX

from bot import judge
from bot.database import DatabaseHandle, open_cardsdb
from bot.deck.render import CHECK_TITLES
from bot.factory import create_bot
from bot.harness import Harness
from bot.settings import Settings
from bot.store.sqlite import SqliteStore
from bot.views import CITED_LABEL
from cardsdb.cli import main as cardsdb_main
from cardsdb.deck import check_list, encode_list
from cardsdb.query import CardsDB

BAD = (
    JINX.replace("1 Cleave", "1 Called Shot")
    .replace("6 Chaos Rune", "5 Order Rune")
    .replace("Monastery of Hirana\n", "")
)


@pytest.fixture(scope="module")
def cards(real_db: Path) -> Iterator[CardsDB]:
    with CardsDB.open(real_db) as opened:
        yield opened


@pytest.fixture
async def harness(real_db: Path, tmp_path: Path) -> Harness:
    bot = create_bot(
        Settings(),
        DatabaseHandle(open_cardsdb(real_db)),
        sharded=False,
        store=SqliteStore(tmp_path / "s.sqlite3"),
    )
    return await Harness.start(bot)


async def test_a_legal_deck_answers_yes_with_the_decks_summary(harness: Harness) -> None:
    result = await harness.command("deck check", {"list": JINX})
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


async def test_a_deck_with_problems_answers_no_and_names_each_with_its_rules(harness: Harness) -> None:
    result = await harness.command("deck check", {"list": BAD})
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


async def test_details_show_every_check_made_and_the_deck_as_read(harness: Harness, cards: CardsDB) -> None:
    result = await harness.command("deck check", {"list": BAD})
    shown = await details(harness, result)
    fields = [f["name"] for e in shown.all_embeds() for f in e.get("fields") or ()]
    assert fields == [CHECK_TITLES[c.code] for c in check_list(BAD, cards).checks]
    text = shown.text()
    assert "❌" in text and "✅" in text
    assert "The deck as read" in text and "**Runes**: 6 Fury Rune, 5 Order Rune" in text
    assert "Deck code" in text
    assert_fits(shown)


async def test_show_the_cited_rules_gives_their_text_in_their_versions(harness: Harness) -> None:
    result = await harness.command("deck check", {"list": BAD})
    shown = await harness.click(result.first, CITED_LABEL)
    text = shown.text()
    assert "Subject to card legality of the Format being played." in text  # 103.2.e of v1.4
    assert (
        "If a card is banned in a specific format, that card may not be included in a deck." in text
    )  # TR 601.2.d
    assert shown.ephemeral


async def test_without_a_list_or_code_a_form_opens_and_its_paste_is_answered(harness: Harness) -> None:
    opened = await harness.command("deck check", {"format": "2v2"})
    assert opened.modal is not None and opened.modal["title"] == "Check a deck"
    answered = await harness.submit_modal(opened, {"Deck list (or a deck code)": JINX})
    assert answered.error is None and answered.user_error is None
    assert answered.embeds[0]["title"] == "Yes: this deck is legal in 2v2 Constructed."
    assert "489.4.a (v1.4)" in answered.embeds[0]["description"]  # what 2v2 changes, said once
    assert_fits(answered)


async def test_a_deck_code_is_answered_like_its_list(harness: Harness, cards: CardsDB) -> None:
    code = encode_list(JINX, cards)
    result = await harness.command("deck check", {"code": code})
    assert result.embeds[0]["title"].startswith("Yes")
    pasted = await harness.command(
        "deck check", {"list": code}
    )  # a code pasted as the list is read as a code
    assert pasted.embeds[0]["title"].startswith("Yes")


@pytest.mark.parametrize(
    ("options", "line"),
    [
        ({"code": "CYAAEAYBAIAAABAJAEAQCAAABUAAAAYAACMAEAA"}, "the deck code ends too early"),
        ({"code": "not a code!"}, "is not a base32 letter"),
        ({"list": "\x00\x01\x02\x03\x04\x05"}, "binary data"),
        ({"list": "hello there"}, "no line names a card"),
        ({"list": "3 Jinx, Rebel\n" * 400}, "lines; a deck list has at most about 70"),
        ({"list": JINX, "code": "CMAA"}, "not both"),
    ],
)
async def test_bad_input_is_answered_privately_in_one_line(
    harness: Harness, options: dict[str, str], line: str
) -> None:
    result = await harness.command("deck check", options)
    assert result.error is None and result.user_error is not None
    assert result.ephemeral
    assert line in result.text()
    assert_fits(result)


async def test_many_unknown_lines_fit_discords_limits(harness: Harness) -> None:
    junk = "Main Deck\n" + "\n".join(f"3 Zorblax Quuxifier {i}" for i in range(200))
    result = await harness.command("deck check", {"list": junk})
    assert result.embeds[0]["title"].startswith("No:")
    assert "more in Details." in result.embeds[0]["description"]
    assert_fits(result)
    assert_fits(await details(harness, result))


async def test_private_answer_with_post_publicly_as_the_other_answers(harness: Harness) -> None:
    private = await harness.command("deck check", {"list": BAD, "public": False})
    assert private.ephemeral
    assert judge.POST_LABEL in [b["label"] for b in private.first.buttons()]
    posted = await harness.click(private.first, judge.POST_LABEL)
    public = posted.sent[1]
    assert not public.ephemeral
    assert public.embeds[0]["title"] == private.embeds[0]["title"]
    assert public.embeds[0]["footer"]["text"].startswith("ruled via ")


def test_the_command_line_checks_a_list_and_a_code(
    real_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "jinx.txt"
    listed.write_text(JINX, encoding="utf-8")
    assert cardsdb_main(["deck", "check", str(listed), "--db", str(real_db), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert {"legal", "format", "rules_version", "ban_list_as_of", "chosen_champion", "assumed", "sections",
            "main_deck_size", "problems", "undecided", "checks"} <= set(answer)  # fmt: skip
    assert answer["legal"] is True and answer["main_deck_size"] == 40
    assert answer["sections"] == {
        "legend": 1, "champion": 1, "main": 39, "battlefields": 3, "runes": 12, "sideboard": 0, "extra_legends": 0
    }  # fmt: skip
    assert cardsdb_main(["deck", "encode", str(listed), "--db", str(real_db)]) == 0
    code = capsys.readouterr().out.strip()
    assert code == answer["code"]
    assert cardsdb_main(["deck", "check", "--code", code, "--db", str(real_db)]) == 0
    assert capsys.readouterr().out.startswith("Yes: this deck is legal in Constructed.")
    bad = tmp_path / "bad.txt"
    bad.write_text(BAD, encoding="utf-8")
    assert cardsdb_main(["deck", "check", str(bad), "--db", str(real_db), "--format", "2v2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No: this deck is not legal in 2v2 Constructed: 4 problems.")
    assert (
        "  - Called Shot is banned in 2v2 Constructed (ban list of 2026-09-18) (103.2.e (v1.4), TR 601.2.d)."
        in out
    )


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["deck", "check", "--code", "CYAAEAYBAIAAABAJ"], "the deck code ends too early"),
        (["deck", "check", "/no/such/file"], "no such file"),
        (["deck", "check"], "give a deck list file"),
        (["deck", "check", "-", "--format", "limited"], "unknown format"),
        (["deck", "encode", "BINARY"], "binary data"),
    ],
)
def test_the_command_line_says_what_was_wrong_in_one_line_and_exits_2(
    real_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    if "BINARY" in argv:
        junk = tmp_path / "junk.bin"
        junk.write_bytes(bytes(range(256)) * 4)
        argv = [a if a != "BINARY" else str(junk) for a in argv]
    assert cardsdb_main([*argv, "--db", str(real_db)]) == 2
    err = capsys.readouterr().err
    assert line in err and err.count("\n") == 1
