"""Meta-test: every rule number an answer cites exists in the version it is marked with.

The answers of /rule, /keyword, /ruling and /changes (through `bot.hidden.answers`, as Discord gets them) and of the command
line (`rule`, `keyword`, `rulings`, `changes`) are made over the real data while `collecting_citations` records each
number `cite` marks; each must exist in its version of its document. Rule numbers in the titles and field names of
those embeds must all have gone through `cite`. The same holds for the engine's answers: `/hidden hide`, `/hidden play`
and `/hidden targets` and `/card` for every card with Hidden, every scenario of the seed claims, and every judges'
regression scenario (tests/scenarios/*.yaml): the numbers its `decides` names (current unless marked "(v1.4)") and
every number its answer cites, real cards over the real database. And the deck check's: every number it can cite
(`cardsdb.deck.rules.ALL`, Core Rules v1.4 and the Tournament Rules) and every number `/deck check` cites, in its
answer and its Details, for legal and illegal decks, lists and codes, in both formats.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from datetime import date
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.answer_state import DeckState
from bot.cards import answers as card_answers
from bot.database import DatabaseHandle
from bot.hidden import answers as hidden_answers
from bot.rules import answers as rule_answers
from bot.services import Services
from bot.ui.reply import ChangesPage, Reply
from cardsdb.cli.main import main
from cardsdb.engine import check
from cardsdb.models import CURRENT_RULES_VERSION, OLDER_THAN_V13, V14_RULES_VERSION, Ruling
from cardsdb.project.claims import load_claims
from cardsdb.query import CardsDB
from cardsdb.rule_versions import Citation, collecting_citations, v14_counterpart
from tests.support.deck_lists import JINX
from tests.support.scenario_files import ENTRIES, FIXTURES, decided_by

pytestmark = pytest.mark.real_data  # every test here reads ../shared

RULES = [
    "406.5",  # v1.4's; its current number 407.5 (v1.5) is said in a note
    "392",  # v1.4's; the current 392 is v1.4's 391
    "811.1.d.2.a",
    "133.6",
    "811.6",
    "811.1.d.3",
    "811.1.d.4",
    "811.5.a",
    "421",
    "422",
    "422.3",
    "v1.3 452.1",
    "323.6.a",
    "459.1",
    "107.3",
    "805",
    "hide",
    "showdown",
    "discard",
    "facedown zone",
    "what is a chain",
]
TOURNAMENT = ["702.2", "missed trigger", "700", "601.3.c.4.b"]
KEYWORDS = ["Hidden", "Stun", "Accelerate", "Deflect", "Level", "Reaction"]
RULINGS = [
    "Runeblade Anvil",  # reviewed against v1.5: current numbers
    "Akali, Silent",
    "407.5",
    "hidden",
    "422",
    "811.1.d",
    "421",
    "Control of Battlefields and Showdowns",
    "Jax, Unmatched",
    "rule 811",
]
# (a ruling may cite no rule: Jax's are about the card)
CHANGES = [
    ("v1.3", "v1.4", "811"),
    ("v1.3", "v1.4", None),
    ("v1.4", "2026-10-09", None),
    ("v1.3", "2026-10-09", None),
]
_NUMBER = re.compile(r"(?<![\w.])\d{3}(?:\.[0-9a-z]+)*(?![\w])")


# Current (v1.5) numbers the rulings reviewed against v1.5 cite and the seeds do not quote (the current rules are
# public only where Riot's Hidden keyword page quotes them), each with why it is exempt from existing in the rules table.
# "pair": v1.4's rule under the number the data pairs it with stands in for it (cardsdb/rule_versions.py, Core Rules v1.5).
_UNCHANGED = "pair: a section whose numbers v1.4 and v1.5 share (115-323, 740, 808)"
V15_EXEMPT = {
    "115.1.c": _UNCHANGED,
    "316.9.b": _UNCHANGED,
    "317.3": _UNCHANGED,
    "323.4": _UNCHANGED,
    "740.2.c": _UNCHANGED,
    "808.1.d.2": _UNCHANGED,
    "391.4": "pair: v1.4's 390.4 (runeblade-anvil reviewed against v1.4, then v1.5)",
    "392": "pair: v1.4's 391 (runeblade-anvil)",
    "407.5": "pair: v1.4's 406.5 (runeblade-anvil)",
    "466": "pair: v1.4's 464, the combat showdown step (akali-silent)",
    "467": "pair: v1.4's 465, the combat damage step",
    "468": "pair: v1.4's 466, the resolution step",
    "468.1": "pair: under 468 (v1.4's 466.1)",
    "468.2": "pair: under 468 (v1.4's 466.2)",
    "468.7": "pair: under 468 (v1.4's 466.7)",
    "468.7.a": "pair: under 468 (v1.4's 466.7.a)",
    "403.2": "no pair: between the +1 pairs 392 and 407.5, but no source pairs it; shown without a stand-in",
}


def _missing(real_cards: CardsDB, found: Sequence[Citation]) -> list[str]:
    return [
        f"{c.number} ({c.doc} {c.version})"
        for c in found
        if c.version != OLDER_THAN_V13  # the data holds no rules older than v1.3: such a mark says only that
        and not (c.version == CURRENT_RULES_VERSION and c.number in V15_EXEMPT)
        and not real_cards.rule_exists(c.number, c.version, c.doc)
        and not _stands_in(real_cards, c)
    ]


def _stands_in(real_cards: CardsDB, c: Citation) -> bool:
    """A current number the current rules' public text lacks, shown by the v1.4 rule a known pair gives it (/rule 422.3:
    v1.4's 421.3): it exists, through that pair, and the answer shows the v1.4 rule marked as v1.4's wording."""
    if c.version != CURRENT_RULES_VERSION or c.doc != "core":
        return False
    shown = real_cards.cited_rule(c.number)
    return shown is not None and shown.stands_in_for == c.number


def _v15_rulings(real_cards: CardsDB) -> list[Ruling]:
    found = {
        r.id: r for name in ("Runeblade Anvil", "Akali, Silent") for r in real_cards.rulings_for_card(name)
    }
    return [r for r in found.values() if r.source == "community" and r.rules_version == CURRENT_RULES_VERSION]


def test_v15_rulings_cite_current_numbers_exempt_only_with_a_reason(real_cards: CardsDB) -> None:
    """A ruling reviewed against Core Rules v1.5 cites current numbers: each is in the current rules, or exempt with why;
    an exempt number with a pair has v1.4's corresponding rule, and it is what "Show the cited rules" shows."""
    rulings = _v15_rulings(real_cards)
    assert len(rulings) >= 2  # akali-silent and runeblade-anvil
    cited = {c.number: c for r in rulings for c in real_cards.ruling_citations(r)}
    assert {c.version for c in cited.values()} == {CURRENT_RULES_VERSION}
    current = {n for n in cited if real_cards.rule_exists(n, CURRENT_RULES_VERSION)}
    assert set(cited) - current == set(V15_EXEMPT)  # every exemption used, none missing
    for number, why in V15_EXEMPT.items():
        shown = real_cards.cited_rule(number)
        older = v14_counterpart(number)
        if why.startswith("pair"):
            assert older is not None and real_cards.rule_exists(older, V14_RULES_VERSION), number
            assert shown is not None and shown.stands_in_for == number, number
            assert (shown.rule.number, shown.rule.version) == (older, V14_RULES_VERSION)
        else:
            assert older is None and shown is None, number
    for number in current:
        shown = real_cards.cited_rule(number)
        assert shown is not None and shown.rule.version == CURRENT_RULES_VERSION and not shown.stands_in_for


def _labels(embeds: Sequence[discord.Embed]) -> list[str]:
    """The titles and field names of embeds: where our citations stand (descriptions quote rules, with theirs)."""
    return [text for e in embeds for text in (e.title or "", *(f.name or "" for f in e.fields))]


def _replies(services: Services) -> Iterator[tuple[str, Callable[[], Reply]]]:
    for query in RULES:
        yield f"/rule {query}", lambda q=query: rule_answers.rule_reply(services, q)  # type: ignore[misc]
    for query in TOURNAMENT:
        yield (
            f"/rule doc:tournament {query}",
            lambda q=query: rule_answers.rule_reply(services, q, doc="tournament"),
        )  # type: ignore[misc]
    yield "/rule 811.6 version:v1.3", lambda: rule_answers.rule_reply(services, "811.6", version="v1.3")
    for name in KEYWORDS:
        yield f"/keyword {name}", lambda n=name: rule_answers.keyword_reply(services, n)  # type: ignore[misc]
    for query in RULINGS:
        yield f"/ruling {query}", lambda q=query: rule_answers.ruling_reply(services, q)  # type: ignore[misc]
    for old, new, under in CHANGES:
        pages = rule_answers.changes_reply(services, old, new, under).extra(ChangesPage).pages
        for page in sorted({0, 1, 2, pages // 2, pages - 1} & set(range(pages))):
            yield (
                f"/changes {old} {new} {under} page {page + 1}",
                lambda o=old, n=new, u=under, p=page: rule_answers.changes_reply(services, o, n, u, p),  # type: ignore[misc]
            )


def _engine_replies(services: Services, real_cards: CardsDB) -> Iterator[tuple[str, Callable[[], Reply]]]:
    hidden = [c.name for c in real_cards.search("kw:hidden", limit=200).cards]
    assert len(hidden) >= 39
    for name in hidden:
        yield f"/card {name}", lambda n=name: card_answers.card_reply(services, n)  # type: ignore[misc]
        yield f"/hidden hide {name}", lambda n=name: hidden_answers.hidden_hide_reply(services, n)  # type: ignore[misc]
        yield f"/hidden play {name}", lambda n=name: hidden_answers.hidden_play_reply(services, n)  # type: ignore[misc]
        yield (
            f"/hidden play {name} hidden this turn",
            lambda n=name: hidden_answers.hidden_play_reply(services, n, hidden_this_turn=True),  # type: ignore[misc]
        )
        yield f"/hidden targets {name}", lambda n=name: hidden_answers.hidden_targets_reply(services, n)  # type: ignore[misc]


def test_every_number_the_engine_cites_exists_in_its_version(real_cards: CardsDB) -> None:
    services = Services(DatabaseHandle(real_cards))
    checked = 0
    for what, make in _engine_replies(services, real_cards):
        with collecting_citations() as found:
            make()
        assert _missing(real_cards, found) == [], what
        checked += len(found)
    for claim in load_claims():
        for scenario in claim.scenarios:
            answer = check(scenario.scenario, real_cards)
            missing = [
                f"{c.number} ({c.version})"
                for c in answer.cited
                if not real_cards.rule_exists(c.number, c.version)
            ]
            assert missing == [], f"claim {claim.id}"
            checked += len(answer.cited)
    assert checked > 1000


def test_every_number_a_regression_scenario_cites_exists_in_its_version(real_cards: CardsDB) -> None:
    checked = 0
    for entry in ENTRIES:
        decided = [f"{n} ({v})" for n, v in decided_by(entry) if not real_cards.rule_exists(n, v)]
        assert decided == [], f"{entry['id']}: decides"
        checked += len(decided_by(entry))
        if "error" in entry["expect"]:
            continue  # a position that can't exist has no answer
        answer = check(entry["scenario"], real_cards if entry["cards"] == "real" else FIXTURES)
        missing = [
            f"{c.number} ({c.version})"
            for c in answer.cited
            if not real_cards.rule_exists(c.number, c.version)
        ]
        assert missing == [], entry["id"]
        checked += len(answer.cited)
    assert checked > 1000


def test_every_number_an_answer_cites_exists_in_its_version(real_cards: CardsDB) -> None:
    services = Services(DatabaseHandle(real_cards))
    checked = 0
    for what, make in _replies(services):
        with collecting_citations() as found:
            reply = make()
        assert _missing(real_cards, found) == [], what
        cited = {c.number for c in found}
        if what.startswith(("/rule", "/changes", "/keyword")):
            assert found, f"{what} cites no rule"
            unmarked = [
                n for label in _labels(reply.embeds) for n in _NUMBER.findall(label) if n not in cited
            ]
            assert unmarked == [], f"{what}: numbers shown without their version mark: {unmarked}"
        checked += len(found)
    assert checked > 300  # numbers checked in all


@pytest.mark.parametrize(
    "argv",
    [
        ["rule", "811.1.d.2.a"],
        ["rule", "133.6"],
        ["rule", "811.1.d.3"],
        ["rule", "422.3"],
        ["rule", "hide"],
        ["rule", "702.2", "--doc", "tournament"],
        ["rule", "811.6", "--version", "v1.3"],
        ["keyword", "Hidden"],
        ["rulings", "421"],
        ["rulings", "Control of Battlefields and Showdowns"],
        ["changes", "--from", "v1.3", "--to", "v1.4", "--under", "811"],
        ["changes", "--from", "v1.4", "--to", "2026-10-09"],
        ["changes", "--from", "v1.3", "--to", "2026-10-09"],
    ],
)
def test_every_number_the_command_line_cites_exists_in_its_version(
    capsys: pytest.CaptureFixture[str], real_db: Path, real_cards: CardsDB, argv: list[str]
) -> None:
    for json_flag in ([], ["--json"]):
        with collecting_citations() as found:
            code = main([argv[0], "--db", str(real_db), *argv[1:], *json_flag])
        out: Any = capsys.readouterr().out
        assert code == 0 and out
        assert found and _missing(real_cards, found) == []


def _deck_replies(services: Services, data: Path) -> Iterator[tuple[str, Callable[[], Reply]]]:
    from bot.deck.answers import deck_details_reply, deck_reply

    bad = JINX.replace("1 Cleave", "1 Called Shot").replace("6 Chaos Rune", "5 Order Rune")
    wrong = bad.replace("Champion:\nJinx, Rebel", "Champion:\nTibbers").replace(
        "1 Called Shot", "1 Sprite\n1 Fury Rune"
    )
    for name, text in (
        ("legal", JINX),
        ("bad", bad),
        ("wrong", wrong),
        ("partial", JINX.replace("1 Cleave", "1 Elnuk Herd")),
    ):
        for fmt in ("constructed", "2v2"):
            state = DeckState(text, None, fmt, date(2026, 12, 1))
            yield (
                f"/deck check {name} {fmt}",
                lambda t=text, f=fmt: deck_reply(services, list_text=t, format_name=f),
            )  # type: ignore[misc]
            yield f"/deck check {name} {fmt} details", lambda s=state: deck_details_reply(services, s)  # type: ignore[misc]
    golden = data / "deckcodes" / "golden-v6.json"
    for vector in json.loads(golden.read_text(encoding="utf-8")):
        yield f"/deck check code {vector['name']}", lambda c=vector["code"]: deck_reply(services, code=c)  # type: ignore[misc]


def test_every_number_the_deck_check_can_cite_exists_in_its_version(real_cards: CardsDB) -> None:
    from cardsdb.deck import rules

    missing = [
        f"{c.number} ({c.doc} {c.version})"
        for c in rules.ALL
        if not real_cards.rule_exists(c.number, c.version, c.doc)
    ]
    assert missing == []
    assert len(rules.ALL) >= 40


def test_every_number_a_deck_answer_cites_exists_in_its_version(
    real_cards: CardsDB, real_data_dir: Path
) -> None:
    services = Services(DatabaseHandle(real_cards))
    checked = 0
    for what, make in _deck_replies(services, real_data_dir):
        with collecting_citations() as found:
            reply = make()
        assert found, f"{what} cites no rule"
        assert _missing(real_cards, found) == [], what
        cited = {c.number for c in found}
        unmarked = [n for label in _labels(reply.embeds) for n in _NUMBER.findall(label) if n not in cited]
        assert unmarked == [], f"{what}: numbers shown without their version mark: {unmarked}"
        text = " ".join(str(e.to_dict()) for e in reply.embeds)
        bare = [n for n in _NUMBER.findall(text) if n.startswith("10") and f"{n} (v1.4)" not in text]
        assert bare == [], f"{what}: a deck rule shown without its version: {bare}"
        checked += len(found)
    assert checked > 300
