"""The 2026-03 gallery importer (cards.json), and the cards one source's printings make."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from cardsdb.build.cards import cards_from_sources
from cardsdb.build.importers.errata import ErratumEntry
from cardsdb.build.importers.gallery import parse_gallery
from cardsdb.build.importers.printings import MAX_BAD_ROWS, RawPrinting, as_int
from cardsdb.build.importers.riftcodex import code_from_id
from cardsdb.build.merge import CardSourceData
from cardsdb.errors import BuildError
from cardsdb.models import Card
from cardsdb.names import variant_from_code
from cardsdb.project.keywords import load_keywords
from tests.support.paths import FIXTURE_DATA

FIXTURE = FIXTURE_DATA
KNOWN = load_keywords()


def cards_from_printings(
    printings: list[RawPrinting],
    known: object = None,
    *,
    warnings: list[str],
    errata: tuple[ErratumEntry, ...] = (),
    date: str | None = "2026-03-28",
) -> list[tuple[Card, RawPrinting]]:
    """The cards of printings from one source (the gallery of 2026-03-28 unless told)."""
    source = CardSourceData("cards.json", "the official card gallery", date, tuple(printings))
    return cards_from_sources([source], KNOWN, errata=errata, warnings=warnings)


def _fixture_cards() -> dict[str, Card]:
    warnings: list[str] = []
    printings, _ = parse_gallery(json.loads((FIXTURE / "cards.json").read_text()), warnings=warnings)
    return {card.name: card for card, _ in cards_from_printings(printings, warnings=warnings)}


def _printing(pid: str, set_id: str, text: str, name: str = "Test Card") -> RawPrinting:
    code = code_from_id(pid)
    return RawPrinting(
        id=pid,
        name=name,
        set_id=set_id,
        set_name=set_id,
        collector_number=pid.split("-")[1],
        public_code=code,
        rarity="Common",
        image_url=None,
        text_raw=text,
        types=("Unit",),
        variant=variant_from_code(code),
    )


def test_stats_are_integers_or_null() -> None:
    assert as_int("5") == 5
    assert as_int("") is None
    assert as_int(None) is None
    assert as_int(3) == 3


def test_gallery_fields() -> None:
    cards = _fixture_cards()
    blade = cards["Hidden Blade"]
    assert blade.types == ("Spell",)
    assert blade.domains == ("Order",)
    assert blade.energy is not None and blade.might is None
    assert blade.printings[0].public_code == "OGN-213/298"
    assert ":rb_rune_rainbow:" in blade.text_raw and "1 power of any domain" in blade.text
    assert cards["Bandle Tree"].types == ("Battlefield",)


def test_one_name_one_card_many_printings() -> None:
    cards = _fixture_cards()
    rows = json.loads((FIXTURE / "cards.json").read_text())["cards"]
    assert len(cards) == len({row["name"] for row in rows}) < len(rows)
    assert {p.id for p in cards["Teemo, Strategist"].printings} == {
        "ogn-121-298",
        "ogn-121a-298",
        "sfd-230-221",
        "sfd-230-star-221",
    }


def test_every_hidden_card_in_the_fixture_has_the_keyword() -> None:
    cards = _fixture_cards()
    hidden = sorted(n for n, c in cards.items() if c.has_keyword("Hidden"))
    assert hidden == sorted(
        [
            "Blastcone Fae",
            "Hidden Blade",
            "Smoke and Mirrors",
            "Sprite Call",
            "Stand United",
            "Sudden Storm",
            "Teemo, Scout",
            "Teemo, Strategist",
            "Tideturner",
            "Windsinger",
            "Zhonya's Hourglass",
        ]
    )
    assert not cards["Ember Monk"].has_keyword("Hidden")


def test_deflect_and_shield_values() -> None:
    cards = _fixture_cards()
    assert cards["Volibear, Furious"].keyword_value("Deflect") == "2"
    assert cards["Volibear, Imposing"].keyword_value("Shield") == "3"
    assert cards["Pouty Poro"].has_keyword("Deflect")


def test_text_comes_from_the_latest_set_with_reminders_from_an_older_printing() -> None:
    poro = _fixture_cards()["Pouty Poro"]
    # Unleashed prints "[Deflect]" alone; the card keeps Origins' reminder, and the UNL printing is the source.
    assert poro.text_raw.startswith("[Deflect] (Opponents must pay")
    assert poro.older_wordings == ()


def test_a_real_wording_difference_stays_visible() -> None:
    rengar = _fixture_cards()["Rengar, Trophy Hunter"]
    # The base printing (unl-120) is preferred to the alternate art (unl-120a), whose wording is shorter.
    assert "even if you don't have units there" in rengar.text_raw
    assert [w.printing_id for w in rengar.older_wordings] == ["unl-120a-219"]
    teemo = _fixture_cards()["Teemo, Strategist"]
    assert "played from [Hidden]" in teemo.text_raw  # the Spiritforged wording
    assert [w.set_id for w in teemo.older_wordings] == ["OGN"]


def test_latest_set_wins_over_collector_order() -> None:
    older = _printing("ogn-010-298", "OGN", "Deal 2 to a unit.")
    newer = _printing("sfd-005-221", "SFD", "Deal 3 to a unit.")
    alternate = _printing("sfd-005a-221", "SFD", "Deal 4 to a unit.")
    ((card, chosen),) = cards_from_printings([newer, alternate, older], KNOWN, warnings=[])
    assert chosen.id == "sfd-005-221"
    assert card.text_raw == "Deal 3 to a unit."
    assert {w.printing_id for w in card.older_wordings} == {"ogn-010-298", "sfd-005a-221"}


def test_an_erratum_newer_than_the_source_gives_the_wording() -> None:
    # Teemo, Strategist: the Origins erratum (2025-10-28) is printed on the Origins card, while a Spiritforged reprint
    # still prints the replaced wording.
    errata_text = "[Hidden] (Hide now for [A] to react with later for [0].)\n\nWhen I defend, deal 1 to an enemy unit here."
    fixed = _printing(
        "ogn-121-298",
        "OGN",
        "[Hidden] (Hide now for :rb_rune_rainbow:.)\nWhen I defend, deal 1 to an enemy unit here.",
    )
    reprint = _printing(
        "sfd-230-221",
        "SFD",
        "[Hidden]\nWhen I defend or I'm played from [Hidden], deal 1 to an enemy unit here.",
    )
    erratum = ErratumEntry(
        "e1", "Test Card", errata_text, None, "origins", "Origins errata", "2025-10-28", None
    )
    # A source older than the erratum: the erratum's wording, as the printing that prints it writes it.
    ((card, _),) = cards_from_printings([fixed, reprint], warnings=[], errata=(erratum,), date="2025-09-01")
    assert card.text_raw == fixed.text_raw
    assert (card.text_source, card.text_date) == ("Origins errata", "2025-10-28")
    assert [w.printing_id for w in card.older_wordings] == ["sfd-230-221"]
    # A source newer than the erratum: the newest dated wording is the source's (its latest set).
    ((card, _),) = cards_from_printings([fixed, reprint], warnings=[], errata=(erratum,), date="2026-03-28")
    assert "or I'm played from [Hidden]" in card.text_raw and card.text_date == "2026-03-28"
    # ... unless it prints the erratum's old text: then it is older than the erratum (it prints the card as printed).
    known_old = replace(erratum, old_text=reprint.text_raw)
    ((card, _),) = cards_from_printings([fixed, reprint], warnings=[], errata=(known_old,), date="2026-07-25")
    assert card.text_raw == fixed.text_raw and card.text_date == "2026-07-25"
    assert card.older_wordings == ()  # the erratum shows the old wording
    # An erratum newer than the source that no printing prints: its own text, in the cards' symbols.
    late = replace(erratum, new_text=errata_text.replace("deal 1", "deal 2"), date="2026-10-09")
    ((card, _),) = cards_from_printings([fixed, reprint], warnings=[], errata=(late,))
    assert card.text_raw.startswith(
        "[Hidden] (Hide now for :rb_rune_rainbow: to react with later for :rb_energy_0:.)"
    )
    assert "deal 2 to an enemy unit" in card.text_raw and card.has_keyword("Hidden")
    assert card.text_date == "2026-10-09"


def test_unknown_bracketed_token_fails_the_build() -> None:
    with pytest.raises(BuildError, match=r"\[Frobnicate\].*keywords.yaml"):
        cards_from_printings([_printing("ogn-001-298", "OGN", "[Frobnicate] Draw 1.")], KNOWN, warnings=[])


def test_a_few_bad_rows_are_skipped_with_a_warning() -> None:
    data = json.loads((FIXTURE / "cards.json").read_text())
    for row in data["cards"][:MAX_BAD_ROWS]:
        del row["abilityText"]
    warnings: list[str] = []
    printings, _ = parse_gallery(data, warnings=warnings)
    assert len(printings) == len(data["cards"]) - MAX_BAD_ROWS
    assert len(warnings) == MAX_BAD_ROWS and "abilityText" in warnings[0]


def test_many_bad_rows_mean_a_format_change() -> None:
    data = json.loads((FIXTURE / "cards.json").read_text())
    for row in data["cards"][: MAX_BAD_ROWS + 1]:
        row["kind"] = row.pop("cardTypes")
    with pytest.raises(BuildError, match="cardTypes"):
        parse_gallery(data, warnings=[])
