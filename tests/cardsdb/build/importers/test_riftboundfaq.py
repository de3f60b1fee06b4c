"""riftboundfaq.com's MDX pages as community rulings: split the way the pages are written, reduced to player text (no
tag or component ever shown), credited and linked to their own page; malformed pages are left out with a warning."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardsdb.build.importers.riftboundfaq import CREDIT, mdx_text, parse_site
from cardsdb.errors import BuildError

CARD_PAGE = """---
title: "Test Breach"
createdAt: "2026-07-11"
reviewedCoreRulesVersion: "1.4"
authors:
- "A. Judge"
---

## Can Test Breach banish a unit elsewhere if played from Hidden? [#hidden-targeting]

No, it must choose a unit at that battlefield.

Choices are restricted to the battlefield where it was hidden.<Rule number="811.1.d" />
Banishment is a non-board zone,<Rule number="056.1" /> and it becomes a new object.<Rule number="124" /><Rule number="124.1" />
Effects such as <Card name="Stupefy" />'s no longer apply, and an <Empowered /> unit loses it.

### Resolution Sequence [#sequence]

1. Banish the unit.<Rule number="358.3.a" />
It is now a new object.
2. Replay it with <Assault value={2} /> and <QuickDraw />.

<Callout type="idea" title="Example">
	<Card name="Lacerate" /> costs <Energy value={2} /><Order /> and <Energy value={1} /><Universal />.
	See [how play works](/general-rules/playing-cards#play-definition).
</Callout>

### Does it trigger again? [#triggers-again]

Yes.<Rule number="383.4.e" />
"""

MECHANIC_PAGE = """---
title: "Flow"
createdAt: "2026-08-01"
reviewedCoreRulesVersion: "1.4"
---

## When can I play a spell using Flow? [#play-timing]

Only when its timing allows.<Rule number="829.1.b" />
"""


def _write(folder: Path, relative: str, text: str) -> None:
    path = folder / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    root = tmp_path / "riftboundfaq"
    _write(root, "content/meta.json", json.dumps({"pages": ["(rulings)"]}))
    _write(
        root, "content/(rulings)/meta.json", json.dumps({"title": "Rulings", "pages": ["cards", "mechanics"]})
    )
    _write(
        root,
        "content/(rulings)/index.mdx",
        '---\ntitle: "About this site"\n---\n\n## Using this FAQ [#using]\n\nHello.\n',
    )
    _write(root, "content/(rulings)/cards/meta.json", json.dumps({"title": "Cards", "pages": ["..."]}))
    _write(root, "content/(rulings)/cards/test-breach.mdx", CARD_PAGE)
    _write(root, "content/(rulings)/mechanics/meta.json", json.dumps({"title": "Mechanics"}))
    _write(root, "content/(rulings)/mechanics/flow.mdx", MECHANIC_PAGE)
    return root


def test_each_question_heading_is_a_ruling_linked_to_its_page_and_anchor(site: Path) -> None:
    parsed = parse_site(site)
    assert parsed.pages == 2 and parsed.warnings == []
    assert [e.id for e in parsed.entries] == [
        "riftboundfaq/cards/test-breach#hidden-targeting",
        "riftboundfaq/cards/test-breach#triggers-again",
        "riftboundfaq/mechanics/flow#play-timing",
    ]
    first = parsed.entries[0]
    assert first.url == "https://www.riftboundfaq.com/cards/test-breach#hidden-targeting"
    assert first.source == "community" and first.collection == "riftboundfaq.com"
    assert first.source_title == "Riftbound FAQ, Cards: Test Breach"
    assert (
        first.credit == f"{CREDIT}, by A. Judge"
        and CREDIT == "Riftbound FAQ (riftboundfaq.com), CC BY-SA 4.0"
    )
    assert first.date == "2026-07-11" and first.rules_version == "v1.4"
    assert (
        parsed.entries[2].credit == CREDIT
        and parsed.entries[2].source_title == "Riftbound FAQ, Mechanics: Flow"
    )


def test_citations_become_words_before_the_punctuation_and_are_recorded(site: Path) -> None:
    first = parse_site(site).entries[0]
    assert first.rules == ("811.1.d", "056.1", "124", "124.1", "358.3.a")
    assert "restricted to the battlefield where it was hidden (v1.4 rule 811.1.d)." in first.answer
    assert (
        "a non-board zone (v1.4 rule 056.1), and it becomes a new object (v1.4 rules 124, 124.1)."
        in first.answer
    )


def test_components_callouts_links_and_soft_wraps_read_as_text(site: Path) -> None:
    first = parse_site(site).entries[0]
    paragraphs = first.answer.split("\n\n")
    assert paragraphs[0] == "No, it must choose a unit at that battlefield."
    assert "Effects such as Stupefy's no longer apply, and an Empowered unit loses it." in paragraphs[1]
    assert "**Resolution Sequence**" in paragraphs
    assert "1. Banish the unit (v1.4 rule 358.3.a). It is now a new object." in first.answer
    assert "2. Replay it with Assault 2 and Quick-Draw." in first.answer
    assert paragraphs[-1] == (
        "**Example:** Lacerate costs 2 energy + 1 Order power and 1 energy + 1 power of any domain. See "
        "[how play works](https://www.riftboundfaq.com/general-rules/playing-cards#play-definition)."
    )
    assert not re.search(r"[<>{}]", first.answer)


def test_a_third_level_question_is_its_own_ruling_and_a_sequence_heading_is_not(site: Path) -> None:
    entries = parse_site(site).entries
    assert [e.question for e in entries[:2]] == [
        "Can Test Breach banish a unit elsewhere if played from Hidden?",
        "Does it trigger again?",
    ]
    assert entries[1].answer == "Yes (v1.4 rule 383.4.e)."


def test_cards_named_are_the_page_card_and_the_card_components(site: Path) -> None:
    first, _, flow = parse_site(site).entries
    assert first.cards == ("Test Breach", "Stupefy", "Lacerate")
    assert flow.cards == ()  # a mechanics page is about no one card


def test_the_index_page_is_not_a_ruling(site: Path) -> None:
    assert all("Using this FAQ" not in e.question for e in parse_site(site).entries)


@pytest.mark.parametrize(
    ("page", "warning"),
    [
        ("## Q? [#q]\n\nNo front matter.\n", "no front matter"),
        ("---\ntitle: [unclosed\n---\n\n## Q? [#q]\n\nA.\n", "not valid YAML"),
        (
            '---\ncreatedAt: "2026-07-01"\nreviewedCoreRulesVersion: "1.4"\n---\n\n## Q? [#q]\n\nA.\n',
            "no title",
        ),
        ('---\ntitle: "X"\n---\n\n## Q? [#q]\n\nA.\n', "no reviewedCoreRulesVersion"),
        (
            '---\ntitle: "X"\nreviewedCoreRulesVersion: "1.4"\n---\n\n## Q? [#q]\n\n<Callout type="warn">Never closed.\n',
            "still holds markup",
        ),
        (
            '---\ntitle: "X"\nreviewedCoreRulesVersion: "1.4"\n---\n\n## Q? [#q]\n\n## Next? [#n]\n\nA.\n',
            "has no answer",
        ),
    ],
)
def test_a_malformed_page_or_ruling_is_left_out_with_one_warning(site: Path, page: str, warning: str) -> None:
    _write(site, "content/(rulings)/cards/broken.mdx", page)
    parsed = parse_site(site)
    assert (
        len(parsed.warnings) == 1 and warning in parsed.warnings[0] and "cards/broken" in parsed.warnings[0]
    )
    assert all(not re.search(r"</?[A-Z]", e.answer) for e in parsed.entries)
    assert len([e for e in parsed.entries if "test-breach" in e.id or "flow" in e.id]) == 3


def test_a_page_that_is_not_utf8_is_left_out(site: Path) -> None:
    (site / "content/(rulings)/cards/bytes.mdx").write_bytes(b'---\ntitle: "\xff"\n---\n')
    assert "not UTF-8" in parse_site(site).warnings[0]


def test_a_folder_without_rulings_fails_the_build_with_one_line(tmp_path: Path) -> None:
    with pytest.raises(BuildError, match="no content/ folder"):
        parse_site(tmp_path)
    _write(
        tmp_path,
        "content/(rulings)/cards/empty.mdx",
        '---\ntitle: "X"\nreviewedCoreRulesVersion: "1.4"\n---\n\nProse.\n',
    )
    with pytest.raises(BuildError, match="no rulings found"):
        parse_site(tmp_path)


def test_an_unknown_component_reads_as_its_name_and_an_unknown_pair_as_its_content() -> None:
    text, rules, cards = mdx_text(
        'A <Frobnicate /> and <Badge color="red">shiny</Badge> thing.', version="v1.4"
    )
    assert text == "A Frobnicate and shiny thing." and rules == () and cards == ()


OLDER_PAGE = """---
title: "Replacement Effects"
createdAt: "2026-07-22"
crdVersion: "1.4"
authors:
- name: "A. Judge"
  url: "https://example.org/judge"
---

## Does a replacement effect stop the rest of a spell? [#partial]

No.<Rule number="370.1" />
"""


def test_a_page_giving_its_rules_version_as_crdversion_is_read_and_authors_may_be_name_and_url(
    site: Path,
) -> None:
    _write(site, "content/(rulings)/general-rules/replacement-effects.mdx", OLDER_PAGE)
    parsed = parse_site(site)
    assert parsed.warnings == []
    entry = next(e for e in parsed.entries if e.id.endswith("#partial"))
    assert entry.rules_version == "v1.4" and entry.rules == ("370.1",)
    assert entry.credit == f"{CREDIT}, by A. Judge"  # the author's name, never the mapping around it


def test_a_page_without_any_rules_version_is_left_out_naming_both_fields(site: Path) -> None:
    _write(site, "content/(rulings)/cards/no-version.mdx", OLDER_PAGE.replace('crdVersion: "1.4"\n', ""))
    warnings = parse_site(site).warnings
    assert warnings == [
        "riftboundfaq cards/no-version.mdx: no reviewedCoreRulesVersion or crdVersion, so its rule numbers have "
        "no version; left out"
    ]
