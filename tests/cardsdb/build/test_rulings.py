"""The build's newer rulings: a transcribed official FAQ and riftboundfaq.com pages beside the fixture data, their rule
numbers kept with their version (resolved only against that version's rules), linked to the cards they name, counted
per source in the build report."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from cardsdb.build.importers.faqs import NameMatcher
from cardsdb.build.importers.riftboundfaq import CREDIT
from cardsdb.build.importers.ruling_entries import RulingEntry
from cardsdb.build.pipeline import build_database
from cardsdb.build.rules import RuleSets
from cardsdb.build.rulings import resolve_citations, ruling_rows
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import harness_for
from tests.support.paths import FIXTURE_DATA

FIXTURE = FIXTURE_DATA

FAQ = """# Fixture Rules FAQ (Riot, published 2026-08-14)

> Source page: https://example.invalid/fixture-faq/

## 1. Can Teemo, Swift Scout hide a Hidden Blade on my opponent's turn?

No. Hiding is done on your own turn.

Relevant Rules: 421.1., 811.1.b.

## 2. Does Swift Scout's ability care about Tideturner?

Only while it is facedown.
"""

PAGE = """---
title: "Hidden Blade"
createdAt: "2026-07-02"
reviewedCoreRulesVersion: "1.4"
authors:
- "A. Judge"
---

## Does Hidden Blade's controller draw if the unit moved to base? [#moved-to-base]

No: the unit is no longer a legal target.<Rule number="811.1.d.2" />
"""


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("rulings-data") / "data"
    shutil.copytree(FIXTURE, folder)
    (folder / "rules-2026-07").mkdir(exist_ok=True)
    (folder / "rules-2026-07" / "faq-fixture-2026-08-14.md").write_text(FAQ, encoding="utf-8")
    page = folder / "community" / "riftboundfaq" / "content" / "(rulings)" / "cards" / "hidden-blade.mdx"
    page.parent.mkdir(parents=True)
    page.write_text(PAGE, encoding="utf-8")
    (page.parent / "meta.json").write_text(json.dumps({"title": "Cards"}), encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def built(data: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    path = tmp_path_factory.mktemp("rulings-db") / "riftbound.sqlite3"
    return path, build_database(data, path)


def test_the_report_counts_rulings_per_source(built: tuple[Path, object]) -> None:
    path, report = built
    by_source = report.rulings_by_source  # type: ignore[attr-defined]
    assert by_source["official"]["Fixture Rules FAQ"] == 2
    assert by_source["community"]["riftboundfaq.com"] == 1
    assert by_source["seed"]["seed claims"] == report.counts["seed_claims"] > 0  # type: ignore[attr-defined]
    assert sum(n for group in by_source.values() for n in group.values()) == report.counts["rulings"]  # type: ignore[attr-defined]
    summary = report.summary()  # type: ignore[attr-defined]
    assert "official: " in summary and "Fixture Rules FAQ 2" in summary and "riftboundfaq.com 1" in summary
    meta = CardsDB.open(path).meta()
    assert json.loads(meta["rulings_by_source"]) == by_source
    assert json.loads(meta["rulings_as_of"]) == {
        "faq-fixture-2026-08-14": "2026-08-14",
        "riftboundfaq.com": "2026-07-02",
    }


def test_v1_4_citations_are_kept_with_their_version_and_not_warned_while_v1_4_is_not_loaded(
    built: tuple[Path, object],
) -> None:
    path, report = built
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "SELECT ruling_id, number, version, resolves FROM ruling_rules WHERE version = 'v1.4' ORDER BY 1, 2"
        ).fetchall()
    assert rows == [
        ("faq-fixture-2026-08-14-001", "421.1", "v1.4", 0),
        ("faq-fixture-2026-08-14-001", "811.1.b", "v1.4", 0),
        ("riftboundfaq/cards/hidden-blade#moved-to-base", "811.1.d.2", "v1.4", 0),
    ]
    assert not any("cites" in w and "v1.4" in w for w in report.warnings)  # type: ignore[attr-defined]


def test_rulings_are_found_by_card_and_words_with_credit_and_link(built: tuple[Path, object]) -> None:
    db = CardsDB.open(built[0])
    by_card = db.rulings("Hidden Blade", limit=100)
    ids = [r.id for r in by_card]
    assert "faq-fixture-2026-08-14-001" in ids and "riftboundfaq/cards/hidden-blade#moved-to-base" in ids
    assert ids.index("faq-fixture-2026-08-14-001") < ids.index(
        "riftboundfaq/cards/hidden-blade#moved-to-base"
    )
    community = next(r for r in by_card if r.source == "community")
    assert community.credit == f"{CREDIT}, by A. Judge"
    assert community.url == "https://www.riftboundfaq.com/cards/hidden-blade#moved-to-base"
    assert db.rulings("legal target moved to base")[0].id == "riftboundfaq/cards/hidden-blade#moved-to-base"


def test_a_legend_is_linked_by_champion_and_title_and_by_its_title_alone(built: tuple[Path, object]) -> None:
    with sqlite3.connect(built[0]) as conn:
        links = conn.execute(
            "SELECT ruling_id, card_id FROM ruling_cards WHERE ruling_id LIKE 'faq-fixture%'"
        ).fetchall()
    assert sorted(links) == [
        ("faq-fixture-2026-08-14-001", "hidden-blade"),
        ("faq-fixture-2026-08-14-001", "teemo-swift-scout"),
        ("faq-fixture-2026-08-14-002", "teemo-swift-scout"),
        ("faq-fixture-2026-08-14-002", "tideturner"),
    ]


def _entry(rules: tuple[str, ...], version: str, answer: str = "Yes.") -> RulingEntry:
    return RulingEntry(
        "r1", "Q?", answer, "official", "doc", "Doc", "Doc", "2026-08-14", None, rules, version
    )


def test_a_legend_named_by_its_title_alone_is_linked_through_its_alias() -> None:
    matcher = NameMatcher(
        ["Jayce, Defender of Tomorrow", "Gangplank, Naval"],
        aliases={"Defender of Tomorrow": "Jayce, Defender of Tomorrow"},
    )
    ids = {"jayce defender of tomorrow": "jayce-defender-of-tomorrow", "gangplank naval": "gangplank-naval"}
    text = "Defender of Tomorrow’s ability is not Naval’s."
    rulings, _, links = ruling_rows([_entry((), "v1.4", text)], matcher=matcher, card_ids=ids)
    assert links == [{"ruling_id": "r1", "card_id": "jayce-defender-of-tomorrow"}]
    assert json.loads(rulings[0]["cards"]) == ["Jayce, Defender of Tomorrow"]


async def test_a_rulings_v1_4_numbers_are_not_looked_up_as_current_rules(built: tuple[Path, object]) -> None:
    harness = await harness_for(CardsDB.open(built[0]))
    asked = "Does Hidden Blade's controller draw if the unit moved to base?"  # its question: it alone answers
    result = await harness.command("ruling", {"query": asked})
    assert "811.1.d.2 (v1.4; not in our copy)" in result.text()  # this build has no v1.4 rules
    assert not any(b.get("label") == "Show the cited rules" for s in result.sent for b in s.buttons())


def test_citations_resolve_against_their_own_version_once_it_is_loaded() -> None:
    sets = RuleSets({"v1.4": frozenset({"811.1.d.2"}), "v1.3": frozenset({"421.1"})})
    rows = [
        {"ruling_id": "r1", "number": "811.1.d.2", "version": "v1.4", "resolves": 0},
        {"ruling_id": "r1", "number": "811.1.d.5", "version": "v1.4", "resolves": 0},
        {"ruling_id": "r2", "number": "421.1", "version": "v1.3", "resolves": 0},
        {
            "ruling_id": "r3",
            "number": "811.9",
            "version": "2026-10-09",
            "resolves": 0,
        },  # not loaded: no warning
    ]
    warnings: list[str] = []
    resolve_citations(rows, sets, warnings)
    assert [r["resolves"] for r in rows] == [1, 0, 1, 0]
    assert warnings == ["ruling r1 cites 811.1.d.5 (v1.4), which that version lacks"]


# --- rulings an erratum superseded ------------------------------------------------------------------------------
HERD_ERRATUM = {
    "id": "radiance-1",
    "card_id": "elnuk-herd",
    "card_name": "Elnuk Herd",
    "old_text": "When you play me, give another friendly unit +3 :rb_might: this turn, then recycle me.",
    "new_text": "When you play me, give a friendly unit +3 :rb_might: this turn, then recycle me.",
    "date": "2026-10-09",
}


def _ruling(
    id_: str, question: str, answer: str, date: str = "2026-10-01", url: str | None = None
) -> dict[str, str | None]:
    return {"id": id_, "question": question, "answer": answer, "date": date, "url": url}


def _superseded(*rulings: dict[str, str | None]) -> dict[str, str]:
    from cardsdb.build.rulings import superseded_rulings

    links = [{"ruling_id": r["id"], "card_id": "elnuk-herd"} for r in rulings]
    return superseded_rulings(rulings, links, [HERD_ERRATUM])


def test_a_ruling_quoting_the_old_text_an_later_erratum_changed_is_superseded_by_it() -> None:
    ruling = _ruling(
        "r1", "What if Elnuk Herd has no other friendly unit there?", 'It is not "another friendly unit".'
    )
    assert _superseded(ruling) == {"r1": "radiance-1"}


def test_a_ruling_on_the_cards_own_page_is_about_the_card() -> None:
    ruling = _ruling(
        "r2",
        "What if there is nothing to buff?",
        'Its play effect needs "another friendly unit".',
        url="https://www.riftboundfaq.com/cards/elnuk-herd#none",
    )
    assert _superseded(ruling) == {"r2": "radiance-1"}


def test_rulings_that_stand_after_the_erratum() -> None:
    stands = [
        # made on or after the erratum's day
        _ruling("after", "Elnuk Herd alone?", 'Not "another friendly unit".', date="2026-10-09"),
        # written knowing the erratum: it says the new words, or speaks of the errata
        _ruling(
            "new-words",
            "Elnuk Herd alone?",
            'Once "another friendly unit", now it can give a friendly unit +3.',
        ),
        _ruling("errata", "Elnuk Herd alone?", 'The errata aside, "another friendly unit" ...'),
        # the old words not quoted, or words the erratum kept
        _ruling("unquoted", "Elnuk Herd alone?", "It gives another friendly unit +3 Might."),
        _ruling("kept", "Elnuk Herd alone?", 'It says "then recycle me".'),
        # not about the card: it names the Herd only in passing
        _ruling("passing", "Can a Poro be chosen?", 'Elnuk Herd chooses "another friendly unit" too.'),
        # no date: nothing to compare
        _ruling("undated", "Elnuk Herd alone?", 'Not "another friendly unit".', date=""),
    ]
    assert _superseded(*stands) == {}
