"""Sweep: no notes on how the data was made reach a player, and each defect of issue 13 they showed is pinned.
command line, on the real data (skips without it).

The phrases looked for come from the data files themselves: every `note` the project keeps for us in
`cardsdb/project/data/` (rules_current.yaml's rows and moves, claims.yaml, seed_cards.yaml), sentence by sentence, plus the
words such notes are written in ("the seeds", "added by the project"). A new note in the data is swept for at once.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.cards import answers as card_answers
from bot.database import DatabaseHandle
from bot.hidden import answers as hidden_answers
from bot.rules import answers as rule_answers
from bot.services import Services
from bot.ui.reply import ChangesPage, Reply
from cardsdb.cli.main import main
from cardsdb.project.claims import load_claims
from cardsdb.project.notes import internal_notes
from cardsdb.project.overlay import load_overlay
from cardsdb.project.seed_cards import load_seed_cards
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import harness_for

# How the notes about our data are worded: none of these belongs in an answer. ("Seed 1 plays against seed 2" is
# Tournament Rules text, so a bare "seed" is not on the list.)
NOTE_WORDS = (
    "the seeds",
    "seed document",
    "seed claim",
    "from the seed",
    "project note",
    "by the project",
    "the project's",
    "corrected by hand",
    "scaffold",
)
SHORTEST_PHRASE = 24  # a note's sentence shorter than this may well be ordinary words


def _public_text() -> str:
    """What the data files give players: the current rules' text and source sentences, the claims' questions,
    answers and source sentences, the seed cards' text and notes. A note's sentence that says what they say (a
    move's note restating its rule) is not a note on how the data was made."""
    parts = [t for r in load_overlay().rules for t in (r.text, r.seed_sentence, r.title or "")]
    parts += [t for c in load_claims() for t in (c.question, c.answer, c.seed_sentence, c.origin or "")]
    parts += [t for c in load_seed_cards() for t in (c.text, *c.notes)]
    return " ".join(" ".join(parts).split()).casefold()


@functools.cache
def note_phrases() -> list[str]:
    """Every sentence of every internal note of the data files (long enough to be telling, and not also said to
    players by the data), in lower case."""
    public = _public_text()
    phrases: list[str] = []
    for note in internal_notes():
        for sentence in re.split(r"(?<=[.;])\s+", note):
            sentence = " ".join(sentence.split()).strip(" .;:()").casefold()
            if len(sentence) >= SHORTEST_PHRASE and sentence not in public and sentence not in phrases:
                phrases.append(sentence)
    return phrases


def test_the_phrases_follow_the_data_files() -> None:
    phrases = note_phrases()
    assert len(phrases) >= 30
    # each kind of note the issue found in answers is among them
    assert any("so that 811.5.a has a parent" in p for p in phrases)
    assert any("the seeds cite 422.1, 422.2 and 422.4" in p for p in phrases)
    assert any("not the heading line itself" in p for p in phrases)
    assert any("312.2 and 813.1.c.1" in p for p in phrases)


def _leaks(text: str, phrases: list[str]) -> list[str]:
    folded = " ".join(text.split()).casefold()
    return [p for p in [*NOTE_WORDS, *phrases] if p in folded]


def _embed_text(embeds: list[discord.Embed] | list[dict[str, Any]]) -> str:
    parts: list[str] = []
    for embed in embeds:
        data = embed.to_dict() if isinstance(embed, discord.Embed) else embed
        parts += [data.get("title") or "", data.get("description") or ""]
        for field in data.get("fields", []):
            parts += [field["name"], field["value"]]
        parts += [(data.get("footer") or {}).get("text") or "", (data.get("author") or {}).get("name") or ""]
    return "\n".join(parts)


def _current_numbers() -> list[str]:
    return [row.number for row in load_overlay().rules]


def _answers(services: Services, real_cards: CardsDB) -> Iterator[tuple[str, Callable[[], Reply]]]:
    """Every command's answer (through `bot.hidden.answers`, as Discord gets it) over what the data files touch."""
    for number in _current_numbers():
        yield f"/rule {number}", lambda n=number: rule_answers.rule_reply(services, n)  # type: ignore[misc]
    for number, version in [
        *(
            (n, v)
            for n in ("421", "421.2", "811.5", "811.1.d.2", "323.7", "811.5.a")
            for v in ("v1.4", "v1.3")
        ),
        ("452.1", "v1.3"),
        ("457.1", "v1.4"),
    ]:
        yield (
            f"/rule {number} {version}",
            lambda n=number, v=version: rule_answers.rule_reply(services, n, version=v),  # type: ignore[misc]
        )
    for words in ("hide", "facedown zone", "recall gear", "cleanup", "showdown"):
        yield f"/rule {words}", lambda w=words: rule_answers.rule_reply(services, w)  # type: ignore[misc]
    yield "/rule TR 202.2.a.1", lambda: rule_answers.rule_reply(services, "202.2.a.1", doc="tournament")
    for name in real_cards.keyword_names():
        yield f"/keyword {name}", lambda n=name: rule_answers.keyword_reply(services, n)  # type: ignore[misc]
    for claim in load_claims():
        yield f"/ruling {claim.question}", lambda q=claim.question: rule_answers.ruling_reply(services, q)  # type: ignore[misc]
    for query in ("Gutter Guardian", "Elnuk Herd", "811.1.b", "hidden", "Teemo"):
        yield f"/ruling {query}", lambda q=query: rule_answers.ruling_reply(services, q)  # type: ignore[misc]
    seed_names = [c.name for c in load_seed_cards()]
    hidden = [c.name for c in real_cards.search("kw:hidden", limit=100).cards]
    for name in dict.fromkeys([*seed_names, *hidden, "Kai'Sa, Survivor", "Resonating Strike", "Bone Skewer"]):
        yield f"/card {name}", lambda n=name: card_answers.card_reply(services, n)  # type: ignore[misc]
    for name in dict.fromkeys([*hidden, "Elnuk Herd"]):
        yield f"/hidden hide {name}", lambda n=name: hidden_answers.hidden_hide_reply(services, n)  # type: ignore[misc]
        yield f"/hidden play {name}", lambda n=name: hidden_answers.hidden_play_reply(services, n)  # type: ignore[misc]
        yield f"/hidden targets {name}", lambda n=name: hidden_answers.hidden_targets_reply(services, n)  # type: ignore[misc]
    # into the current rules, where the project's rows are (v1.3 -> v1.4 is official text on both sides)
    for old, new in (("v1.4", "2026-10-09"), ("v1.3", "2026-10-09")):
        pages = rule_answers.changes_reply(services, old, new, None).extra(ChangesPage).pages
        for page in range(pages):
            yield (
                f"/changes {old} {new} page {page + 1}",
                lambda o=old, n=new, p=page: rule_answers.changes_reply(services, o, n, None, p),  # type: ignore[misc]
            )
    for query in ("kw:hidden", "Elnuk", "tag:bandle", "t:spell d:order"):
        yield f"/search {query}", lambda q=query: card_answers.search_reply(services, q)  # type: ignore[misc]
    yield (
        "[[Elnuk Herd]] [[Gutter Guardian]]",
        lambda: _joined(
            card_answers.message_replies(
                services, "[[Elnuk Herd]] [[Gutter Guardian]] [[Tideturner]] [[Hidden Blade]]"
            )
        ),
    )


def _joined(replies: list[Reply]) -> Reply:
    return Reply([e for r in replies for e in r.embeds])


@pytest.mark.real_data
def test_no_answer_shows_a_note_on_how_the_data_was_made(real_cards: CardsDB) -> None:
    services = Services(DatabaseHandle(real_cards))
    phrases = note_phrases()
    leaks: list[str] = []
    asked = 0
    for what, make in _answers(services, real_cards):
        reply = make()
        found = _leaks(_embed_text(reply.embeds) + "\n" + (reply.content or ""), phrases)
        leaks += [f"{what}: {p!r}" for p in found]
        asked += 1
    assert asked > 250
    assert leaks == []


@pytest.mark.real_data
async def test_no_command_of_the_tree_shows_one(real_cards: CardsDB) -> None:
    """Every slash command once through the command tree (the cogs and their replies, /help included)."""
    harness = await harness_for(real_cards)
    phrases = note_phrases()
    asked = [
        ("card", {"name": "Elnuk Herd"}),
        ("card", {"name": "Gutter Guardian"}),
        ("rule", {"query": "811.5"}),
        ("rule", {"query": "422"}),
        ("keyword", {"name": "Hidden"}),
        ("ruling", {"query": "Gutter Guardian"}),
        ("search", {"query": "kw:hidden"}),
        ("changes", {"from": "v1.4", "to": "2026-10-09"}),
        ("hidden targets", {"card": "Tideturner"}),
        ("hidden play", {"card": "Bone Skewer"}),
        ("hidden hide", {"card": "Elnuk Herd"}),
        ("help", {}),
    ]
    for path, options in asked:
        result = await harness.command(path, options)
        assert result.error is None, path
        assert _leaks(json.dumps(result.to_json(), ensure_ascii=False), phrases) == [], path


@pytest.mark.real_data
@pytest.mark.parametrize(
    "argv",
    [
        ["card", "Elnuk Herd"],
        ["card", "Gutter Guardian"],
        ["rule", "811.5"],
        ["rule", "422.2"],
        ["keyword", "Hidden"],
        ["rulings", "Gutter Guardian"],
        ["changes", "--from", "v1.4", "--to", "2026-10-09"],
    ],
)
def test_no_command_line_answer_shows_one(
    capsys: pytest.CaptureFixture[str], real_db: Path, argv: list[str]
) -> None:
    phrases = note_phrases()
    assert main([argv[0], "--db", str(real_db), *argv[1:]]) == 0
    out = capsys.readouterr().out
    assert out and _leaks(out, phrases) == []


# --- each defect the issue found, pinned -----------------------------------------------------------------------


def _rule(real_cards: CardsDB, query: str) -> dict[str, Any]:
    return rule_answers.rule_reply(Services(DatabaseHandle(real_cards)), query).embeds[0].to_dict()


@pytest.mark.real_data
def test_a_quoted_rule_says_where_it_is_quoted(real_cards: CardsDB) -> None:
    embed = _rule(real_cards, "811.1.d.2")
    assert embed["description"].startswith("If a hidden spell chooses any targets")
    assert embed["footer"]["text"] == "Core Rules 2026-10-09, as quoted on Riot's Hidden keyword page"


@pytest.mark.real_data
def test_a_rule_in_our_words_keeps_its_summary_mark_and_says_where_from(real_cards: CardsDB) -> None:
    embed = _rule(real_cards, "422.2")
    assert embed["description"].startswith("*Summary (our wording, not the official text):* Hiding is")
    assert embed["footer"]["text"] == (
        "Core Rules 2026-10-09, summarised from the article “Hiding cards and playing them from Hidden”"
    )
    # 811.5 is known only by its place above 811.5.a: our summary, and the official text of v1.4 beside it
    embed = _rule(real_cards, "811.5")
    assert embed["description"] == (
        "*Summary (our wording, not the official text):* Whether a card has Hidden is one of its characteristics."
    )
    names = [f["name"] for f in embed["fields"]]
    assert names[:3] == ["Part of", "Sub-rules", "Official text, 811.5 (v1.4)"]
    # and then the rulings citing it
    assert [n for n in names[3:] if not n.startswith("Rulings citing this rule")] == []
    assert "not quoted" in embed["footer"]["text"]


@pytest.mark.real_data
def test_a_heading_is_its_title_alone(real_cards: CardsDB) -> None:
    embed = _rule(real_cards, "811")
    assert embed["title"] == "Rule 811 · Hidden" and embed["description"] == "*Heading of section 811.*"
    names = [f["name"] for f in embed["fields"]]
    assert "Under 811 in other versions" not in names and not any(
        n.startswith("Official text") for n in names
    )


@pytest.mark.real_data
def test_a_move_is_said_once_for_both_versions(real_cards: CardsDB) -> None:
    embed = _rule(real_cards, "422.2")
    moved = next(f["value"] for f in embed["fields"] if f["name"] == "Moved")
    assert moved == "• 421.2 (v1.3, v1.4) is 422.2 now."  # was four lines: 421 and 421.2, each version apart


@pytest.mark.real_data
def test_rulings_are_labelled_by_their_real_source(real_cards: CardsDB) -> None:
    services = Services(DatabaseHandle(real_cards))

    def source(query: str) -> str:
        embed = rule_answers.ruling_reply(services, query).embeds[1].to_dict()
        return next(f["value"] for f in embed["fields"] if f["name"] == "Source")

    # Riot's own ruling, from its Radiance patch notes, as the keyword page quotes it: not ours
    assert source("Gutter Guardian show off facedown") == (
        "Riot's Radiance patch notes (effective October 16, 2026), as quoted on its Hidden keyword page"
    )
    assert source("Can cards in the Champion Zone use their Hidden abilities?").startswith(
        "Riot's Core Rules patch notes"
    )
    assert source("Can I play a card on the turn I hid it?") == "Riot's Hidden keyword page, How Hidden works"
    assert source("If I hid a card, did I play it?") == (
        "The article “Hiding cards and playing them from Hidden”, Common mistakes"
    )


@pytest.mark.real_data
def test_keyword_hidden_names_the_newer_cards_not_counted_without_saying_how_we_know_it(
    real_cards: CardsDB,
) -> None:
    embeds = rule_answers.keyword_reply(Services(DatabaseHandle(real_cards)), "Hidden").embeds
    fields = {f["name"]: f["value"] for e in embeds for f in e.to_dict().get("fields", [])}
    (title,) = [n for n in fields if n.startswith("Not counted:")]
    assert title.endswith("newer cards whose text is not known yet") and "Riven, Deserter" in fields[title]
    assert not any(note in value for value in fields.values() for note in internal_notes())


@pytest.mark.real_data
def test_a_choice_not_restricted_is_never_said_to_choose_at_the_battlefield(real_cards: CardsDB) -> None:
    """ "(here it chooses at Your Battlefield)" beside "Not restricted" contradicted itself: a choice its own text
    puts elsewhere (Tideturner's, Smoke and Mirrors' second unit) is not restricted, and nothing says otherwise."""
    services = Services(DatabaseHandle(real_cards))
    for name in ("Tideturner", "Smoke and Mirrors", "Resonating Strike"):
        for make in (
            card_answers.card_reply,
            hidden_answers.hidden_play_reply,
            hidden_answers.hidden_targets_reply,
        ):
            text = _embed_text(make(services, name).embeds)
            assert "here it chooses" not in text and "chooses at Your Battlefield" not in text, name
        assert "not restricted" in _embed_text(card_answers.card_reply(services, name).embeds).casefold()
