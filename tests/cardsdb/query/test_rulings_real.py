"""The newer rulings over the real data: the Vendetta FAQ (official, 2026-08-14) and riftboundfaq.com's community
rulings, found by card and words, with their source, date, credit and link; every one in player text."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from bot.harness import Harness
from cardsdb.build.importers.faq_markdown import parse_faq_markdown
from cardsdb.build.importers.riftboundfaq import CREDIT, parse_site
from cardsdb.models import CURRENT_RULES_VERSION
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import assert_fits

pytestmark = pytest.mark.real_data  # every test here reads ../shared

VENDETTA_FAQ = "rules-2026-07/faq-vendetta-2026-08-14.md"
COMMUNITY = "community/riftboundfaq"
V15_PAGES = {"cards/akali-silent", "cards/runeblade-anvil"}
MARKUP = re.compile(r"</?[A-Za-z][^>]*>|\{[^{}]*\}")


def test_the_vendetta_faq_is_one_official_ruling_a_question_of_2026_08_14_numbered_by_v1_4(
    real_data_dir: Path,
) -> None:
    path = real_data_dir / VENDETTA_FAQ
    text = path.read_text(encoding="utf-8")
    doc = parse_faq_markdown(text, file_name=path.name)
    asked = re.findall(r"(?m)^##\s+(\d+)\.\s", text)  # the FAQ numbers its questions
    assert [int(e.id[-3:]) for e in doc.entries] == [int(n) for n in asked] == list(range(1, len(asked) + 1))
    assert doc.warnings == ()
    assert {(e.source, e.date, e.rules_version) for e in doc.entries} == {("official", "2026-08-14", "v1.4")}
    assert (
        doc.url
        == "https://playriftbound.com/en-us/news/rules-and-releases/vendetta-rules-faq-and-clarifications/"
    )
    by_number = {e.id[-3:]: e for e in doc.entries}
    assert by_number["014"].rules == ("761", "761.1", "761.2", "762", "762.1", "762.2")
    assert by_number["027"].rules == ("054.2", "369.3")
    assert not any("[M]" in e.question + e.answer for e in doc.entries)


def test_rulings_temporal_breach_include_the_vendetta_faq(real_cards: CardsDB) -> None:
    found = real_cards.rulings("Temporal Breach")
    vendetta = [r for r in found if r.source_title == "Vendetta Rules FAQ and Clarifications"]
    assert {r.id for r in vendetta} >= {"faq-vendetta-2026-08-14-026", "faq-vendetta-2026-08-14-030"}
    assert all(r.source == "official" and r.date == "2026-08-14" for r in vendetta)
    assert found[0].source == "official"  # official answers before community ones


def test_every_community_ruling_is_player_text_credited_and_linked(real_data_dir: Path) -> None:
    site = parse_site(real_data_dir / COMMUNITY)
    assert site.warnings == []
    pages = [p for p in (real_data_dir / COMMUNITY / "content").rglob("*.mdx") if p.stem != "index"]
    headings = sum(
        1
        for page in pages
        for line in page.read_text(encoding="utf-8").splitlines()
        if line.startswith("## ") or (line.startswith("### ") and "?" in line)
    )
    assert len(site.entries) == headings and site.pages == len(pages)
    for entry in site.entries:
        assert not MARKUP.search(entry.question + entry.answer), entry.id
        assert entry.credit is not None and entry.credit.startswith(CREDIT)
        assert entry.url is not None and re.fullmatch(
            r"https://www\.riftboundfaq\.com/[a-z-]+/[a-z0-9-]+#[\w-]+", entry.url
        )
        assert "{'" not in entry.credit  # an author given as {name, url} is credited by name
        assert entry.source == "community"
        # each page's rules version as its front matter names it: two pages of 2026-10 were reviewed against v1.5,
        # which is the current rules (cardsdb/rule_versions.py, Core Rules v1.5): their numbers are current numbers
        page = entry.id.removeprefix("riftboundfaq/").split("#", 1)[0]
        assert entry.rules_version == (CURRENT_RULES_VERSION if page in V15_PAGES else "v1.4"), entry.id
        if page in V15_PAGES:
            assert "(rule " in entry.answer or "(rules " in entry.answer  # unmarked, as current numbers are
            assert "v1.5" not in entry.answer and "2026-10-09 rule" not in entry.answer


async def test_ruling_embed_shows_a_community_rulings_credit_and_link(real_harness: Harness) -> None:
    result = await real_harness.command("ruling", {"query": "Temporal Breach"})
    assert_fits(result)
    community = [
        e for e in result.all_embeds() if "riftboundfaq.com/cards/temporal-breach" in str(e.get("url"))
    ]
    assert community
    fields = {f["name"]: f["value"] for f in community[0]["fields"]}
    assert fields["Source"].startswith("Community (not official): Riftbound FAQ, Cards: Temporal Breach")
    assert fields["Credit"].startswith("Riftbound FAQ (riftboundfaq.com), CC BY-SA 4.0")
    assert fields["Link"] == community[0]["url"]
    assert fields["Date"] == "2026-07-11" and "(v1.4)" in fields["Rules"]
    official = [
        e
        for e in result.all_embeds()
        if any(f["value"] == "Official: Vendetta Rules FAQ and Clarifications" for f in e.get("fields") or ())
    ]
    assert official and all("Credit" not in {f["name"] for f in e["fields"]} for e in official)


def test_the_build_counts_rulings_per_source(real_cards: CardsDB, real_db: Path) -> None:
    meta = real_cards.meta()
    with sqlite3.connect(real_db) as conn:
        counted = dict(conn.execute("SELECT source, COUNT(*) FROM rulings GROUP BY source").fetchall())
    by_source = json.loads(meta["rulings_by_source"])
    assert by_source["official"]["Vendetta Rules FAQ and Clarifications"] == 34
    assert {source: sum(group.values()) for source, group in by_source.items()} == counted


async def test_ruling_elnuk_herd_shows_the_pre_erratum_community_ruling_as_superseded_never_first(
    real_cards: CardsDB, real_harness: Harness
) -> None:
    found = real_cards.rulings("Elnuk Herd")
    pre_erratum = [r for r in found if r.id == "riftboundfaq/cards/elnuk-herd#no-friendly-target"]
    assert pre_erratum and pre_erratum[0].superseded is not None
    assert (pre_erratum[0].date, pre_erratum[0].superseded.erratum_date) == ("2026-10-01", "2026-10-09")
    assert found[0].superseded is None and found[-1] == pre_erratum[0]  # current rulings first
    # the seed's ruling that the Herd may give itself +3 stands, and is current
    itself = [r for r in found if "the Herd itself included" in r.answer]
    assert itself and itself[0].superseded is None

    result = await real_harness.command("ruling", {"query": "Elnuk Herd"})
    assert_fits(result)
    embeds = [e for e in result.all_embeds() if "elnuk-herd#no-friendly-target" in str(e.get("url"))]
    assert embeds and embeds[0]["description"].startswith(
        "**Superseded: ruled on 2026-10-01, before the erratum of 2026-10-09"
    )


async def test_a_v1_5_rulings_numbers_are_current_and_v1_4_stands_in_marked(real_harness: Harness) -> None:
    """Runeblade Anvil's page was reviewed against v1.5 (the current rules): its 407.5 is never v1.4's 407.5; the
    current text is not public, so v1.4's 406.5 (the pair the data shows) is shown, marked as v1.4's wording."""
    result = await real_harness.command("ruling", {"query": "Runeblade Anvil"})
    text = result.text()
    assert "(rule 407.5)" in text and "(rules 391.4, 392)" in text
    assert "v1.5" not in text and "not in our copy" not in text
    cited = await real_harness.click(result.first, "Show the cited rules")
    fields = {f["name"]: f["value"] for f in cited.embeds[0]["fields"]}
    assert "v1.4's wording, numbered 406.5 (v1.4)" in fields["407.5 · v1.4's wording"]
    assert "execute the Ability just like a Spell" in fields["407.5 · v1.4's wording"]
    assert "391 (v1.4)" in fields["392 · v1.4's wording"]
    assert not any(name.startswith("407.5 (v1.4)") for name in fields)  # v1.4's own 407.5 is another rule


async def test_a_v1_5_number_no_source_pairs_says_so(real_harness: Harness) -> None:
    result = await real_harness.command("ruling", {"query": "Akali, Silent"})
    assert "(rule 403.2)" in result.text()
    cited = await real_harness.click(result.first, "Show the cited rules")
    fields = {f["name"]: f["value"] for f in cited.embeds[0]["fields"]}
    assert "no source pairs this number" in fields["403.2"]
    assert "Remove Attacker and Defender Designation" in fields["468.7.a · v1.4's wording"]


async def test_v1_5_is_accepted_as_the_current_version(real_harness: Harness) -> None:
    result = await real_harness.command("rule", {"query": "v1.5 422"})
    assert result.embeds[0]["title"] == "Rule 422 · Hide"
    found = await real_harness.command("ruling", {"query": "v1.4 406.5"})
    assert "Runeblade Anvil" in found.text()  # its v1.5 407.5 is v1.4's 406.5


def test_a_v1_4_rule_says_what_the_current_rules_number_it_where_a_pair_shows_it(real_cards: CardsDB) -> None:
    from cardsdb.cli.rule_words import note_text

    anvil_v14 = real_cards.rule("406.5")
    assert anvil_v14 is not None and anvil_v14.rule.version == "v1.4"
    assert "In the current rules (v1.5) this rule is 407.5." in [note_text(n) for n in anvil_v14.notes]
    other = real_cards.rule("v1.4 392")  # v1.4's 392; the current 392 is v1.4's 391
    assert other is not None and other.rule.version == "v1.4"
    said = [note_text(n) for n in other.notes]
    assert any("use 392 for another rule, 391 (v1.4) here" in n for n in said)
    assert not any("may word it differently" in n for n in said)
    unpaired = real_cards.rule("402.2")  # no source pairs it: nothing said of its current number
    assert unpaired is not None and not any("v1.5" in note_text(n) for n in unpaired.notes)


async def test_rule_by_a_renumbered_current_number_shows_v1_4s_rule_standing_in_marked(
    real_cards: CardsDB, real_harness: Harness
) -> None:
    """A bare number is a current one (Core Rules v1.5 is the current rules): `/rule 407.5`, cited by a v1.5 ruling,
    is v1.4's 406.5 standing in, marked as v1.4's wording, as the cited-rules button shows it; never "no such rule",
    and `/rule 392` never v1.4's own 392 (another rule), which `v1.4 392` still asks for."""
    for current, v14 in (("407.5", "406.5"), ("392", "391"), ("391.4", "390.4")):
        view = real_cards.rule(current)
        assert view is not None and view.stands_in_for == current
        assert (view.rule.number, view.rule.version) == (v14, "v1.4")
    result = await real_harness.command("rule", {"query": "407.5"})
    assert result.embeds[0]["title"] == "Rule 407.5"
    assert "this is v1.4's wording, numbered 406.5 (v1.4) there" in result.embeds[0]["description"]
    own = real_cards.rule("v1.4 392")
    assert own is not None and own.stands_in_for is None and own.rule.number == "392"
    unchanged = real_cards.rule("316.9.b")  # an unchanged section: v1.4's rule of the same number, as before
    assert unchanged is not None and unchanged.stands_in_for is None and unchanged.rule.number == "316.9.b"


def test_the_rulings_json_names_the_v1_4_rule_shown_for_a_v1_5_number(real_cards: CardsDB) -> None:
    from cardsdb.service.shapes import ruling_dict

    anvil = next(
        r for r in real_cards.rulings_for_card("Runeblade Anvil") if r.rules_version == CURRENT_RULES_VERSION
    )
    cited = {c["number"]: c for c in ruling_dict(anvil, real_cards.ruling_citations(anvil))["cited"]}
    assert cited["407.5"]["mark"] == "407.5" and cited["407.5"]["v14_wording"] == "406.5"
    assert cited["115.1.c"]["v14_wording"] == "115.1.c"


async def test_a_rule_lists_the_rulings_citing_it_as_ruling_with_its_number_finds_them(
    real_cards: CardsDB, real_harness: Harness
) -> None:
    # 811.1.c.2 (hiding opens no chain) as the seed numbers it; 464.2.c.3 as the community's rulings number it, in v1.4
    for number, typed in (("811.1.c.2", "811.1.c.2"), ("464.2.c.3", "464.2.c.3 (v1.4)")):
        shown = await real_harness.command("rule", {"query": number})
        assert_fits(shown)
        fields = {f["name"]: f["value"] for e in shown.all_embeds() for f in e.get("fields") or ()}
        listed = next(value for name, value in fields.items() if name.startswith("Rulings citing"))
        rulings = await real_harness.command("ruling", {"query": typed})
        found = real_cards.rulings_for_rule(typed)
        assert found and all(r.superseded is None for r in found)  # none left out: the counts agree
        assert f"({len(found)})" in next(name for name in fields if name.startswith("Rulings citing"))
        assert f"`/ruling query:{typed}`" in listed
        assert " ".join(found[0].question.split()) in listed
        head = rulings.first.embeds[0]
        assert head["title"] == f"Rulings for “{typed}”"
        assert head["description"].startswith(f"{len(found)} matching answers")
