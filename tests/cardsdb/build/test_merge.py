"""Card names and sets, printings of several sources merged into cards, and which wording is current."""

from __future__ import annotations

from cardsdb.build.cards import cards_from_sources
from cardsdb.build.importers.errata import ErratumEntry
from cardsdb.build.importers.printings import RawPrinting
from cardsdb.build.merge import CardSourceData, group_cards, merge_printings
from cardsdb.names import canonical_name, champion_names, split_variant, variant_from_code
from cardsdb.project.keywords import load_keywords
from cardsdb.sets import is_promo, newest_first_rank, set_order_sql, set_rank

KNOWN = load_keywords()


def _printing(pid: str, name: str, text: str = "Draw 1.", **fields: object) -> RawPrinting:
    values: dict[str, object] = {
        "id": pid,
        "name": split_variant(name)[0],
        "set_id": pid.split("-")[0].upper(),
        "set_name": pid.split("-")[0].upper(),
        "collector_number": "1",
        "public_code": pid.upper(),
        "rarity": "Rare",
        "image_url": f"https://img.invalid/{pid}.png",
        "text_raw": text,
        "types": ("Unit",),
        "written": name,
        "variant": split_variant(name)[1],
    }
    values.update(fields)
    return RawPrinting(**values)  # type: ignore[arg-type]


def _source(key: str, date: str | None, *printings: RawPrinting, label: str = "a source") -> CardSourceData:
    return CardSourceData(key, label, date, printings)


# --- names and sets ---------------------------------------------------------------------------------------
def test_variant_suffixes_belong_to_the_printing() -> None:
    assert split_variant("Teemo - Swift Scout (Signature)") == ("Teemo - Swift Scout", "Signature")
    assert split_variant("Annie - Dark Child (metal)") == ("Annie - Dark Child", "Metal")
    assert split_variant("Wuju Bladesman - Starter") == ("Wuju Bladesman", "Starter")
    assert split_variant("Recruit (NX)") == ("Recruit (NX)", None)  # a name, not a variant
    assert split_variant("  Hidden   Blade ") == ("Hidden Blade", None)


def test_variant_from_the_code() -> None:
    assert variant_from_code("OGN-027a/298") == "Alternate Art"
    assert variant_from_code("OGN-299*/298") == "Signature"
    assert variant_from_code("OGN-299/298") == "Overnumbered"
    assert variant_from_code("OGN-027/298") is None
    assert variant_from_code("VEN-R01") is None and variant_from_code("VEN-SP1/006") is None


def test_canonical_names() -> None:
    champions = champion_names([("Teemo - Swift Scout", True), ("Kennen, Keeper of Balance", True)])
    assert champions == {"teemo", "kennen"}
    assert canonical_name("Teemo - Swift Scout", is_legend=True, tags=(), champions=champions) == (
        "Teemo, Swift Scout",
        "Teemo",
    )
    # a legend by its title alone takes its champion from its tags; "Yordle" is no champion
    assert canonical_name(
        "Heart of the Tempest", is_legend=True, tags=("Yordle", "Kennen"), champions=champions
    )[0] == ("Kennen, Heart of the Tempest")
    assert canonical_name(
        "Yordle, Kennen - Heart of the Tempest", is_legend=True, tags=(), champions=champions
    ) == ("Kennen, Heart of the Tempest", "Kennen")
    assert canonical_name("Hidden Blade", is_legend=False, tags=("Teemo",), champions=champions) == (
        "Hidden Blade",
        None,
    )


def test_release_order_with_vendetta_and_promos() -> None:
    assert [s for s in sorted(["PR", "VEN", "OGN", "OPP", "UNL", "RAD", "SFD", "OGS"], key=set_rank)] == [
        "OGN",
        "OGS",
        "SFD",
        "UNL",
        "VEN",
        "RAD",  # a set newer than the list: after the known ones, before the promos
        "OPP",
        "PR",
    ]
    assert is_promo("opp") and not is_promo("VEN")
    # a source's wording is that of its latest set; a promo reprint's only when nothing else prints the card
    assert newest_first_rank("VEN") > newest_first_rank("OGN") > newest_first_rank("OPP")
    assert "WHEN 'VEN' THEN 4" in set_order_sql("p.set_id")


# --- merging ----------------------------------------------------------------------------------------------
def test_a_printing_of_two_sources_takes_each_field_from_the_newest_that_has_it() -> None:
    gallery = _printing("ven-001-166", "Spiderling", power=None, lacks=frozenset({"power", "artist"}))
    codex = _printing("ven-001-166", "Spiderling", power=1, artist="An Artist", image_url=None)
    (merged,) = merge_printings(
        [_source("riftcodex", "2026-07-21", codex), _source("gallery", "2026-07-25", gallery)]
    )
    assert merged.record.power == 1 and merged.record.artist == "An Artist"
    assert merged.record.image_url == "https://img.invalid/ven-001-166.png"  # the gallery's, newest
    assert [t.source for t in merged.texts] == ["gallery", "riftcodex"]


def test_names_of_one_printing_make_one_card_and_the_others_aliases() -> None:
    gallery = _source(
        "gallery",
        "2026-07-25",
        _printing("ogn-263-298", "Swift Scout", types=("Legend",), tags=("Teemo",)),
        _printing("ogs-010-024", "Yi, Honed", supertypes=("Champion",)),
    )
    codex = _source(
        "riftcodex",
        "2026-07-21",
        _printing("ogn-263-298", "Teemo - Swift Scout", types=("Legend",), tags=("Teemo",)),
        _printing("opp-263-298", "Teemo - Swift Scout (Metal)", types=("Legend",), tags=("Teemo",)),
        _printing("ogs-010-024", "Master Yi - Honed", supertypes=("Champion",)),
        _printing(
            "opp-010-024", "Master Yi - Honed", supertypes=("Champion",)
        ),  # a promo only RiftCodex names
    )
    warnings: list[str] = []
    groups = {g.name: g for g in group_cards(merge_printings([gallery, codex]), warnings=warnings)}
    assert set(groups) == {"Teemo, Swift Scout", "Yi, Honed"}
    assert set(groups["Teemo, Swift Scout"].aliases) >= {"Swift Scout", "Teemo - Swift Scout (Metal)"}
    assert [p.id for p in groups["Yi, Honed"].printings] == ["ogs-010-024", "opp-010-024"]
    assert "Master Yi - Honed" in groups["Yi, Honed"].aliases
    assert warnings == []


def test_a_name_two_cards_are_written_under_finds_neither() -> None:
    source = _source(
        "gallery",
        "2026-07-25",
        _printing("ogn-001-298", "Card One", written="Twin"),
        _printing("ogn-002-298", "Card Two", written="Twin"),
    )
    warnings: list[str] = []
    groups = group_cards(merge_printings([source]), warnings=warnings)
    assert all("Twin" not in g.aliases for g in groups)
    assert warnings == ["the name 'Twin' is written for two cards; it finds neither"]


# --- which wording is current -----------------------------------------------------------------------------
def test_the_newest_dated_wording_wins_and_the_older_one_stays_visible() -> None:
    old = _source(
        "cards.json",
        "2026-03-28",
        _printing("ogn-005-298", "Disintegrate", "Deal 3. If this kills it, do this: draw 1."),
    )
    new = _source(
        "gallery",
        "2026-07-25",
        _printing("ogn-005-298", "Disintegrate", "Deal 3. If this kills it, draw 1."),
        label="the gallery",
    )
    ((card, _),) = cards_from_sources([old, new], KNOWN, warnings=[])
    assert card.text_raw == "Deal 3. If this kills it, draw 1." and card.text_date == "2026-07-25"
    assert [(w.source, w.date, w.text) for w in card.older_wordings] == [
        ("a source", "2026-03-28", "Deal 3. If this kills it, do this: draw 1.")
    ]


def test_dashes_quotes_and_spacing_are_no_other_wording() -> None:
    old = _source(
        "cards.json",
        "2026-03-28",
        _printing("ogn-001-298", "Duo", "[Legion] - Draw 1. It's \u201cfree\u201d."),
    )
    new = _source(
        "gallery", "2026-07-25", _printing("ogn-001-298", "Duo", '[Legion] \u2014 Draw 1.  It\u2019s "free".')
    )
    ((card, _),) = cards_from_sources([old, new], KNOWN, warnings=[])
    assert card.older_wordings == ()


def test_a_text_cut_off_after_its_first_ability_is_no_wording() -> None:
    full = "[Equip] :rb_rune_body: (:rb_rune_body:: Attach this to a unit you control.)\n\nWhen I hold, score 1 point."
    cut = "[Equip] :rb_rune_body: (:rb_rune_body:: Attach this to a unit you control.)"
    old = _source("cards.json", "2026-03-28", _printing("sfd-115-221", "Trinity Force", full))
    new = _source("gallery", "2026-07-25", _printing("sfd-115-221", "Trinity Force", cut))
    ((card, _),) = cards_from_sources([old, new], KNOWN, warnings=[])
    assert card.text_raw == full and card.text_date == "2026-03-28" and card.older_wordings == ()


def test_an_erratum_after_every_source_gives_the_text_in_card_symbols() -> None:
    source = _source(
        "gallery", "2026-07-25", _printing("ogn-001-298", "Last Caress", "Old words.", domains=("Chaos",))
    )
    erratum = ErratumEntry(
        "e",
        "Last Caress",
        "[Reaction] Pay [1][C]: +1 [M].",
        "Old words.",
        "radiance",
        "Radiance errata",
        "2026-10-09",
        None,
    )
    ((card, _),) = cards_from_sources([source], KNOWN, errata=[erratum], warnings=[])
    assert card.text_raw == "[Reaction] Pay :rb_energy_1::rb_rune_chaos:: +1 :rb_might:."
    assert (card.text_source, card.text_date) == ("Radiance errata", "2026-10-09")
    assert card.older_wordings == ()  # "Old words." is the erratum's old text: the erratum shows it
