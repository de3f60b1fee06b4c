"""/hidden hide, /hidden play and /hidden targets for every Hidden card of the real data (and Elnuk Herd), through the
command tree: with the contract's defaults and with each option flipped, the verdict follows from the options (the
check that fails is the one the option turns off, and the quick answer says why), the quick answer fits 1,200
characters and reads in words only (no check code, no `id@place`), its Details show the option and the whole answer,
the position builder's toggle or menu gives the same answer as the option, and `/hidden scenario text:<code the
Details show>` replays it. Skips without the real data."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.hidden.builder import HIDE_TOGGLES, OPTION_LABELS, PLAY_TOGGLES, QuickOptions
from bot.hidden.render import QUICK_LIMIT
from bot.ui import limits
from cardsdb.engine import check
from cardsdb.engine.position.validate import zone_problem
from cardsdb.query import CardsDB
from tests.support.bot_harness_fixtures import details
from tests.support.player_text import problems as text_problems
from tests.support.printed import printed_with_hidden

pytestmark = pytest.mark.real_data  # every test here reads ../shared

# option -> (flipped value, the check code that must then fail; None: the answer must stay the default's)
HIDE_FLIPS: dict[str, tuple[Any, str | None]] = {
    "your_turn": (False, "not_your_turn"),
    "chain_open": (True, "chain_open"),
    "showdown": (True, "in_showdown"),
    "control_battlefield": (False, "battlefield_not_controlled"),
    "facedown_there": (True, "facedown_zone_full"),
    "can_pay": (False, "cannot_pay"),
}
HIDE_ZONES: dict[str, str | None] = {"champion_zone": None, "elsewhere": "wrong_zone"}
PLAY_FLIPS: dict[str, tuple[Any, str | None]] = {
    "hidden_this_turn": (True, "hidden_this_turn"),
    "your_turn": (True, None),  # on your own turn, in an open state, a Reaction may be played
    "chain_open": (True, None),  # a Reaction may be played while a chain is open
    "control_battlefield": (False, "battlefield_lost"),
}
CODE = re.compile(r"`(rb1\.[A-Za-z0-9_\-]+)`")


@pytest.fixture(scope="module")
def hidden_names(real_cards: CardsDB, real_data_dir: Path) -> list[str]:
    names = [c.name for c in real_cards.search("kw:hidden", limit=100).cards]
    # Counted apart from the build: the 2026-07 gallery's names and the Radiance catalog's with a line that opens
    # with Hidden (42, Elnuk Herd among them).
    assert set(names) == printed_with_hidden(real_data_dir), names
    return names


def title(result: Any) -> str:
    return str(result.embeds[0].get("title") or "")


def verdict(result: Any) -> str:
    return title(result).split(":", 1)[0]


def failed_codes(real_cards: CardsDB, question: str, card: str, options: dict[str, Any]) -> set[str]:
    """The codes of the checks the engine fails on the quick question's position (the embeds show no codes)."""
    given = {"from_" if k == "from" else k: v for k, v in options.items()}
    found = real_cards.get_card(card)
    assert found is not None, card
    scenario = QuickOptions.of(question, given).scenario(found)  # type: ignore[arg-type]
    return {c.code for c in check(scenario, real_cards).failed}


def quick_size(result: Any) -> int:
    """The first message's size as Discord counts it: each embed's text plus the message content."""
    first = result.first
    return sum(limits.embed_size(e) for e in first.embeds) + len(first.content or "")


def quick_problems(result: Any) -> list[str]:
    """A quick answer over 1,200 characters, or with anything players must not read."""
    found = text_problems(result.text())
    if quick_size(result) > QUICK_LIMIT:
        found.append(f"{quick_size(result)} characters, over {QUICK_LIMIT}")
    return found


async def replays(real_harness: Any, result: Any, shown: Any = None) -> list[str]:
    """Problems of the Details (`shown`, else pressed now): anything players must not read, no scenario code shown,
    or a code that replays to another verdict."""
    shown = shown or await details(real_harness, result)
    found = CODE.search(shown.text())
    if found is None:
        return ["no scenario code shown"]
    replay = await real_harness.command("hidden scenario", {"text": found.group(1)})
    wrong = [] if verdict(replay) == verdict(result) else [f"the code replays to {title(replay)!r}"]
    return wrong + [f"details: {p}" for p in text_problems(shown.text()) + shown.problems()]


async def through_builder(real_harness: Any, question: str, answer: Any, option: str, value: Any) -> Any:
    """Set `option` to `value` with the builder under `answer` (asked with the defaults). Its controls keep the
    position they show, so one answer serves every flip."""
    if option == "from":
        return await real_harness.select(answer.first, [value])
    toggles = dict(HIDE_TOGGLES if question == "hide" else PLAY_TOGGLES)
    label = next(b["label"] for b in answer.first.buttons() if b["label"].startswith(toggles[option] + ":"))
    return await real_harness.click(answer.first, label)


def shown_set(option: str, value: Any) -> str:
    """How the Details' "Position assumed" says the asker set an option: "Chain open: yes (you set it)"."""
    words = {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) else value
    words = {"champion_zone": "your champion zone", "hand": "your hand"}.get(words, words)
    return f"{OPTION_LABELS['from_' if option == 'from' else option]}: {words} (you set it)"


async def sweep(
    real_harness: Any, real_cards: CardsDB, question: str, card: str, flips: dict[str, tuple[Any, str | None]]
) -> list[str]:
    problems: list[str] = []
    default = await real_harness.command(f"hidden {question}", {"card": card})
    if verdict(default) != "Yes":
        problems.append(f"{card}: the favourable default position answers {title(default)!r}")
    problems += [f"{card} default: {p}" for p in default.problems() + quick_problems(default)]
    problems += [f"{card} default: {p}" for p in await replays(real_harness, default)]
    for option, (value, fails) in flips.items():
        problems += await flipped(real_harness, real_cards, question, card, option, value, fails, default)
    return problems


async def flipped(
    real_harness: Any,
    real_cards: CardsDB,
    question: str,
    card: str,
    option: str,
    value: Any,
    fails: str | None,
    default: Any,
) -> list[str]:
    where = f"{card} {option}:{value}"
    problems: list[str] = []
    asked = await real_harness.command(f"hidden {question}", {"card": card, option: value})
    failed = failed_codes(real_cards, question, card, {option: value})
    if fails is None and title(asked) != title(default):
        problems.append(f"{where}: {title(asked)!r}, not the default's answer")
    if fails is not None and (verdict(asked) != "No" or fails not in failed):
        problems.append(f"{where}: {title(asked)!r}, failed {sorted(failed)}, not {fails}")
    shown = await details(real_harness, asked)
    if shown_set(option, value) not in shown.text():
        problems.append(f"{where}: the position assumed does not show the option")
    toggled = await through_builder(real_harness, question, default, option, value)
    if title(toggled) != title(asked) or toggled.embeds[0].get("description") != asked.embeds[0].get(
        "description"
    ):
        problems.append(f"{where}: the builder answers {title(toggled)!r}, the option {title(asked)!r}")
    problems += [f"{where}: {p}" for p in asked.problems() + quick_problems(asked) + quick_problems(toggled)]
    return problems + [f"{where}: {p}" for p in await replays(real_harness, asked, shown)]


async def test_811_1_b_hide_verdicts_follow_the_options_for_every_hidden_card(
    real_harness: Any, hidden_names: list[str], real_cards: CardsDB
) -> None:
    problems: list[str] = []
    champion_units = {
        n for n in hidden_names if (c := real_cards.get_card(n)) and zone_problem(c, "champion_zone") is None
    }
    assert {"Teemo, Scout", "Evelynn, Entrancing"} <= champion_units and "Hidden Blade" not in champion_units
    for card in hidden_names:
        problems += await sweep(real_harness, real_cards, "hide", card, HIDE_FLIPS)
        default = await real_harness.command("hidden hide", {"card": card})
        for zone, fails in HIDE_ZONES.items():
            # Only a champion unit is ever in the Champion Zone (v1.4 103.2.a.2, 108.3.b): any other card asked
            # from there can't be hidden from there.
            if zone == "champion_zone" and card not in champion_units:
                fails = "wrong_zone"
            problems += await flipped(real_harness, real_cards, "hide", card, "from", zone, fails, default)
    assert problems == []


async def test_811_6_play_from_facedown_verdicts_follow_the_options_for_every_hidden_card(
    real_harness: Any, hidden_names: list[str], real_cards: CardsDB
) -> None:
    problems: list[str] = []
    for card in hidden_names:
        problems += await sweep(real_harness, real_cards, "play", card, PLAY_FLIPS)
    assert problems == []


async def test_811_1_d_targets_answer_for_every_hidden_card_fits_and_replays(
    real_harness: Any, hidden_names: list[str]
) -> None:
    problems: list[str] = []
    for card in hidden_names:
        result = await real_harness.command("hidden targets", {"card": card})
        if verdict(result) not in ("Yes", "No", "Depends"):
            problems.append(f"{card}: title {title(result)!r}")
        problems += [f"{card}: {p}" for p in result.problems() + quick_problems(result)]
        problems += [f"{card}: {p}" for p in await replays(real_harness, result)]
    assert problems == []
