"""Card text as players read it, over every card of the real data (skips without it): costs as "1 energy + 1 Fury
power", never a raw symbol or a glued number; a keyword's reminder in the card's own domain and belonging to that
keyword; errata as old -> new; each note once; every /card answer within Discord's limits."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.cards import answers as card_answers
from bot.database import DatabaseHandle
from bot.services import Services
from bot.ui import limits
from bot.ui.symbols import Symbols
from cardsdb.build.importers import text as cardtext
from cardsdb.engine import check
from cardsdb.query import CardsDB
from cardsdb.text.domains import DOMAINS

pytestmark = pytest.mark.real_data  # every test here reads ../shared

# A symbol left as a token or in brackets ("You may pay [Fury]", "[A]", ":rb_rune_fury:"), and numbers glued to
# words ("1 energy1 Fury power").
RAW_SYMBOL = re.compile(r":rb_[a-z0-9_]+:|\[(?:A|C|E|M|S|T|\d{1,2}|" + "|".join(DOMAINS) + r")\]")
GLUED = re.compile(r"(?:energy|power|Might)\d|\denergy")


@pytest.fixture(scope="module")
def services(real_cards: CardsDB) -> Services:
    return Services(DatabaseHandle(real_cards))


@pytest.fixture(scope="module")
def every_card(real_cards: CardsDB, services: Services) -> dict[str, list[dict[str, Any]]]:
    """Every card name of the data, answered as /card answers it (embeds as JSON)."""
    names = [str(r["name"]) for r in real_cards.reader.rows("SELECT name FROM cards ORDER BY name")]
    assert len(names) > 700
    replies = {}
    for name in names:
        embeds = [e.to_dict() for e in card_answers.card_reply(services, name).embeds]
        assert limits.message_problems(None, embeds, []) == [], name
        replies[name] = embeds
    return replies


def _texts(embed: dict[str, Any]) -> list[str]:
    parts = [embed.get("title") or "", embed.get("description") or ""]
    for field in embed.get("fields", []):
        parts += [field["name"], field["value"]]
    return [*parts, (embed.get("footer") or {}).get("text") or ""]


def _reply(services: Services, name: str) -> str:
    return "\n".join(t for e in card_answers.card_reply(services, name).embeds for t in _texts(e.to_dict()))


@pytest.mark.parametrize(
    ("name", "cost"),
    [
        ("Kai'Sa, Survivor", "1 energy + 1 Fury power"),
        ("Blazing Scorcher", "1 energy + 1 Fury power"),
        ("Lee Sin, Centered", "1 energy + 1 Body power"),
    ],
)
def test_a_cost_of_energy_and_power_reads_as_one_cost(services: Services, name: str, cost: str) -> None:
    text = _reply(services, name)
    assert f"You may pay {cost} as an additional cost" in text
    assert not GLUED.search(text), text


def test_a_server_emoji_shows_symbols_side_by_side(real_cards: CardsDB) -> None:
    emoji = {"rb_energy_1": "<:e1:123456789>", "rb_rune_fury": "<:fury:123456789>"}
    services = Services(DatabaseHandle(real_cards), symbols=Symbols(emoji))
    text = _reply(services, "Kai'Sa, Survivor")
    assert "You may pay <:e1:123456789><:fury:123456789> as an additional cost" in text


def test_a_domain_in_a_condition_reads_as_the_domain_not_a_payment(
    services: Services, every_card: dict[str, list[dict[str, Any]]]
) -> None:
    # Twisted Fate, Gambler: "Do one of the following based on its domain: Fury — Deal 2 ..."
    assert "\nFury — Deal 2 to an enemy unit here" in _reply(services, "Twisted Fate, Gambler")
    # no card anywhere: a power "payment" labelling a line, or repeating the domain just named
    payment_label = re.compile(r"(?m)^\d+ (?:" + "|".join(DOMAINS) + r") power —|\b(\w+) \(1 \1 power\)")
    wrong = [
        f"{name}: {text[:80]!r}"
        for name, embeds in every_card.items()
        for embed in embeds
        for text in _texts(embed)
        if payment_label.search(text)
    ]
    assert wrong == []


def test_accelerate_names_the_cards_own_domain(services: Services) -> None:
    # The [C] of a reminder is the card's domain (v1.4 805.1.a.1): a Body card never reads Fury or Chaos.
    text = _reply(services, "Lee Sin, Centered")
    assert "Body power" in text and "Fury" not in text and "Chaos" not in text
    assert "**Accelerate** (rule 805 (v1.4))" in text  # the reminder is in the text above, not said twice


def test_the_keyword_reminder_in_general_names_no_domain(real_cards: CardsDB) -> None:
    info = real_cards.keyword("Accelerate")
    assert info is not None and info.reminder is not None
    assert "power of the card's domain" in info.reminder
    assert not any(domain in info.reminder for domain in DOMAINS)


def test_resonating_strike_has_reactions_reminder_from_its_erratum(services: Services) -> None:
    embed = card_answers.card_reply(services, "Resonating Strike").embeds[0].to_dict()
    text = embed["description"]
    assert "[Reaction] (Play any time, even before spells and abilities resolve.)" in text
    assert "Play on your turn or in showdowns" not in text  # Action's reminder, as the gallery printed it
    errata = next(f["value"] for f in embed["fields"] if f["name"].startswith("Errata"))
    # old -> new: the misprinted words struck through, the erratum's in bold
    assert (
        "~~on your turn or in showdowns.)~~ **any time, even before spells and abilities resolve.)**"
        in errata
    )


def test_every_printed_reminder_belongs_to_its_keyword(real_cards: CardsDB) -> None:
    """No card prints (or shows) another keyword's reminder after a keyword: Resonating Strike's [Reaction] read
    "(Play on your turn or in showdowns.)", Action's reminder."""
    generic = {
        name: cardtext.reminder_letters(info.reminder)
        for name in real_cards.keyword_names()
        if (info := real_cards.keyword(name)) is not None and info.reminder and info.kind == "keyword"
    }
    wrong = []
    for row in real_cards.reader.rows("SELECT name, text_raw FROM cards"):
        for token, reminder in cardtext.keyword_reminders(row["text_raw"] or "").items():
            keyword = cardtext.split_token(token).name
            letters = cardtext.reminder_letters(reminder)
            others = [k for k, v in generic.items() if v == letters and k.casefold() != keyword.casefold()]
            if others:
                wrong.append(f"{row['name']}: [{token}] prints {others[0]}'s reminder")
    assert wrong == []


def test_every_card_shows_no_raw_symbol_glued_number_or_doubled_note(
    every_card: dict[str, list[dict[str, Any]]],
) -> None:
    problems = []
    for name, embeds in every_card.items():
        for embed in embeds:
            for text in _texts(embed):
                if RAW_SYMBOL.search(text) or GLUED.search(text):
                    problems.append(f"{name}: {text[:120]!r}")
            fields = [(f["name"].removesuffix(" (continued)"), f["value"]) for f in embed.get("fields", [])]
            if len(fields) != len(set(fields)):
                problems.append(f"{name}: a field twice")
            for _, value in fields:
                lines = [line for line in value.splitlines() if line.strip()]
                if len(lines) != len(set(lines)):
                    problems.append(f"{name}: a line twice in {value[:80]!r}")
    assert problems == []


def test_every_erratum_shows_its_old_and_new_words(every_card: dict[str, list[dict[str, Any]]]) -> None:
    shown = 0
    for name, embeds in every_card.items():
        for field in (f for e in embeds for f in e.get("fields", []) if f["name"].startswith("Errata")):
            value = field["value"]
            assert "~~" in value or "**" in value or value.startswith("Now: "), (name, value)
            shown += 1
    assert shown > 40


def test_no_deflect_line_where_the_card_chooses_nothing(real_cards: CardsDB) -> None:
    """Playing from facedown: Deflect is named only for a card that may choose an enemy unit."""

    def effects(name: str) -> str:
        card = real_cards.get_card(name)
        assert card is not None
        scenario = {
            "turn": 3,
            "turn_player": "opp",
            "state": "closed",
            "chain": ["Sudden Storm"],
            "me": {"runes": {"energy": 0, "power": []}},
            "battlefields": {
                "Targon's Peak": {
                    "controller": "me",
                    "units": ["Vanguard Sergeant"],
                    "facedown": [{"card": name, "owner": "me", "hidden_turn": 2}],
                }
            },
            "ask": {"play_hidden": name, "at": "Targon's Peak"},
        }
        answer = check(scenario, real_cards)
        return "\n".join(e.text for e in answer.effects)

    assert "Deflect" not in effects("Zhonya's Hourglass")
    assert "Deflect" not in effects("Spiderling")
    assert "Deflect on an enemy unit it chooses" in effects("Hidden Blade")


def test_card_embeds_hold_no_markup_a_player_would_see_raw(
    every_card: dict[str, list[dict[str, Any]]],
) -> None:
    for name, embeds in every_card.items():
        for embed in embeds:
            for text in _texts(embed):
                assert "###" not in text and "<img" not in text, name
                assert discord.utils.escape_markdown(text).count("~~") % 2 == 0, name


def test_the_command_line_shows_an_erratum_as_old_to_new(
    capsys: pytest.CaptureFixture[str], real_db: Path
) -> None:
    from cardsdb.cli.main import main

    assert main(["card", "Tideturner", "--db", str(real_db)]) == 0
    out = capsys.readouterr().out
    assert "choose a [-friendly unit.-] {+unit you control at another location.+}" in out
    assert "(the text above includes it)" in out
    assert main(["card", "Kai'Sa, Survivor", "--db", str(real_db)]) == 0
    assert "You may pay 1 energy + 1 Fury power as an additional cost" in capsys.readouterr().out
