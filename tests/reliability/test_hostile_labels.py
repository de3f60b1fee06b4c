"""Nothing a user typed reaches an answer as markdown (issue 25, finding 4): hostile battlefield labels and unit ids
(a masked link posing as an official ruling, a bold "Riot rules team" block after a blank line, headings, quotes,
lists, spoilers, channel mentions, right-to-left overrides) fed to every command, every button under the answers, and
Post publicly (judge mode), over the real database. Every embed of every reply is read as Discord would render it
(`tests/support/markdown.py`): no live link, no bold block or other markdown from what was typed, no line break from
it, no bidi or other invisible character.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import discord
import pytest
from discord import AppCommandOptionType, app_commands

from bot.controls import judge
from bot.harness import Harness, Result
from bot.ui.text import echo
from tests.support.markdown import HOSTILE_LABELS, MARKER, embed_problems, problems

pytestmark = pytest.mark.real_data

OTHER_USER = 900000000000000777


def _problems(result: Result) -> list[str]:
    assert result.error is None, result.error
    found = [p for embed in result.all_embeds() for p in embed_problems(embed)]
    for sent in result.sent:
        found.extend(f"content: {p}" for p in problems(sent.content or "", markdown=True))
    return found


def _scenario(label: str, ask: dict[str, Any], *, two_copies: bool = False) -> str:
    """A position at a battlefield labelled `label`, an enemy unit and my facedown Block there with ids made of it."""
    unit_id = f"{label} unit".replace("@", "")
    facedown: list[dict[str, Any]] = [
        {"card": "Block", "owner": "me", "hidden_turn": 1, "id": f"{label} copy"}
    ]
    battlefields: dict[str, Any] = {
        label: {
            "controller": "me",
            "units": [{"card": "Pouty Poro", "controller": "opp", "id": unit_id}, "Pouty Poro"],
            "facedown": facedown,
        }
    }
    if two_copies:
        battlefields[f"{label} too"] = {"controller": "me", "facedown": [{"card": "Block", "owner": "me"}]}
    scenario = {
        "turn": 3,
        "turn_player": "me",
        "state": "open",
        "me": {"hand": ["Hidden Blade", "Block"], "runes": {"energy": 4, "power": ["any", "any"]}},
        "battlefields": battlefields,
        "ask": ask,
    }
    return json.dumps(scenario)


def _asks(label: str) -> Iterator[tuple[str, dict[str, Any], bool]]:
    unit = f"{label} unit@{label}"
    yield "play_hidden with a target", {"play_hidden": "Block", "at": label, "targets": [unit]}, False
    yield "play_hidden of any copy", {"play_hidden": "Block"}, True
    yield "play_hidden by id", {"play_hidden": f"{label} copy"}, False
    yield "targets", {"targets": "Block", "at": label}, False
    yield "hide", {"hide": "Hidden Blade", "at": label, "from": "hand"}, False
    yield "play from hand", {"play": "Block", "from": "hand", "targets": [unit]}, False
    yield "an unknown target", {"play_hidden": "Block", "at": label, "targets": [f"nobody@{label}"]}, False
    yield "an unknown place", {"play_hidden": "Block", "at": f"{label} elsewhere"}, False


async def _press_everything(harness: Harness, result: Result) -> list[tuple[str, Result]]:
    """Every button under the reply pressed once (a toggle, a pager's Next, Post publicly, Details, the cited rules,
    a "did you mean" name), and the buttons under what they showed."""
    pressed: list[tuple[str, Result]] = []
    for sent in result.sent:
        for button in sent.buttons():
            if button.get("disabled"):
                continue
            label = str(button.get("label"))
            shown = await harness.click(sent, custom_id=button["custom_id"])
            pressed.append((label, shown))
            if label == judge.POST_LABEL:
                pressed.extend((f"{label} > {b}", r) for b, r in await _press_everything(harness, shown))
    return pressed


@pytest.mark.parametrize("label", HOSTILE_LABELS)
async def test_hostile_labels_and_ids_in_a_scenario_never_render_as_markdown(
    real_harness: Harness, label: str
) -> None:
    echoed = 0
    for what, ask, two_copies in _asks(label):
        for public in (True, False):
            text = _scenario(label, ask, two_copies=two_copies)
            result = await real_harness.command("hidden scenario", {"text": text, "public": public})
            assert _problems(result) == [], (what, public, _problems(result))
            echoed += MARKER in result.text()
            for button, shown in await _press_everything(real_harness, result):
                assert _problems(shown) == [], (what, button, _problems(shown))
                echoed += MARKER in shown.text()
    assert echoed >= 10  # the labels were shown (escaped), not left out


def _string_options(harness: Harness) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(command, option, the other options it needs) for every text option of every command."""
    for command in harness.tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        for param in command.parameters:
            if param.type is not AppCommandOptionType.string or param.choices:
                continue
            others: dict[str, Any] = {}
            for other in command.parameters:
                if other.required and other.display_name != param.display_name:
                    others[other.display_name] = other.choices[0].value if other.choices else "Hidden Blade"
            yield command.qualified_name, param.display_name, others


@pytest.mark.parametrize("label", HOSTILE_LABELS)
async def test_hostile_text_in_every_option_of_every_command_and_its_buttons_never_renders_as_markdown(
    real_harness: Harness, label: str
) -> None:
    options = list(_string_options(real_harness))
    assert len(options) >= 12
    for path, option, others in options:
        for typed in (label, f"Hidden Blade {label}", f"{label} 811.1.d"):
            result = await real_harness.command(path, {**others, option: typed})
            assert _problems(result) == [], (path, option, _problems(result))
            for button, shown in await _press_everything(real_harness, result):
                assert _problems(shown) == [], (path, option, button, _problems(shown))


async def test_judge_mode_post_publicly_of_a_hostile_position_shows_it_as_text(real_harness: Harness) -> None:
    label = HOSTILE_LABELS[0]
    text = _scenario(label, {"play_hidden": "Block", "at": label, "targets": [f"{label} unit@{label}"]})
    private = await real_harness.command("hidden scenario", {"text": text, "public": False})
    assert private.ephemeral and judge.POST_LABEL in [b.get("label") for b in private.first.buttons()]
    posted = await real_harness.click(private.first, judge.POST_LABEL)
    public = [s for s in posted.sent if not s.ephemeral and s.embeds]
    assert public, posted.text()
    assert "ruled via" in str(public[0].embeds[0]["footer"]["text"])
    shown = "\n".join(str(e.get("description") or "") + str(e.get("title") or "") for e in public[0].embeds)
    assert echo(label, None)[:40] in shown  # the label, as typed, escaped
    assert _problems(posted) == []
    others = await real_harness.click(public[0], "Show the cited rules", user_id=OTHER_USER)
    assert _problems(others) == []


def test_a_judges_hostile_display_name_is_one_line_of_text_in_the_footer() -> None:
    class User:
        display_name = "\u202e**Riot rules team:**\n\nconfirmed @everyone"
        name = "judge"

    name = judge.asker_name(User())  # type: ignore[arg-type]
    assert "@\u200beveryone" in name  # no ping, even where mentions were allowed
    posted = judge.ruled_via([discord.Embed(title="Yes", description="It may.")], name)
    footer = str(posted[0].footer.text)
    assert footer.startswith("ruled via Riot rules team") is False and "confirmed" in footer
    assert problems(footer, markdown=False) == []  # a footer shows no markdown: one line, nothing invisible
