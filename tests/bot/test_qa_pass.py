"""What a server sees, over the real data (skips without it): a seed question asked word for word finds its answer
first; a misspelt card name in /hidden says which card was taken, also after a builder toggle; choices whose
candidates the position leaves out, optional choices, and the effects of an action that is not allowed read right;
errors quote what was typed without rendering it as markdown."""

from __future__ import annotations

from typing import Any

import pytest

from cardsdb.project.claims import load_claims
from tests.support.bot_harness_fixtures import assert_fits, details

pytestmark = pytest.mark.real_data  # every test here reads ../shared


def field(result: Any, name: str) -> str:
    for embed in result.embeds:
        for f in embed.get("fields") or ():
            if f["name"] == name:
                return str(f["value"])
    raise AssertionError(
        f"no field {name!r} in {[f['name'] for e in result.embeds for f in e.get('fields') or ()]}"
    )


async def test_every_seed_question_asked_with_ruling_answers_with_itself_first(real_harness: Any) -> None:
    missed = []
    for claim in load_claims():
        result = await real_harness.command("ruling", {"query": claim.question})
        first = result.embeds[1]["title"]  # embed 0 is the heading "Rulings for ..."
        if not first.startswith(f"Q: {claim.question}"[:250]):
            missed.append(f"{claim.question!r} -> {first!r}")
        assert_fits(result)
    assert missed == []


async def test_ruling_how_do_i_hide_a_card_answers_with_the_current_seed_first(real_harness: Any) -> None:
    # The Origins FAQ answer ("from your hand") ranked first before; the seed's answer is the current one.
    result = await real_harness.command("ruling", {"query": "How do I hide a card?"})
    first = result.embeds[1]
    assert first["title"] == "Q: How do I hide a card?"
    assert "while no chain is open" in first["description"]
    # labelled by its real source: the statement of Riot's keyword page, and where on it
    assert "Riot's Hidden keyword page, How Hidden works" in " ".join(f["value"] for f in first["fields"])


@pytest.mark.parametrize(
    ("path", "typed", "taken"),
    [
        ("hidden targets", "Teemo", "Teemo, Scout"),
        ("hidden hide", "Tideturnr", "Tideturner"),
        ("hidden play", "hiden blad", "Hidden Blade"),
    ],
)
async def test_hidden_answers_say_which_card_a_misspelt_name_was_taken_to_be(
    real_harness: Any, path: str, typed: str, taken: str
) -> None:
    result = await real_harness.command(path, {"card": typed})
    assert taken in result.embeds[0]["title"]
    assert f"Closest match for “{typed}”" in result.embeds[0]["description"]


async def test_the_builder_keeps_the_closest_match_note_when_the_position_changes(real_harness: Any) -> None:
    first = await real_harness.command("hidden hide", {"card": "Tideturnr"})
    toggled = await real_harness.click(first.first, "Your turn: yes")
    assert toggled.embeds[0]["title"].startswith("No")
    assert "Closest match for “Tideturnr”" in toggled.embeds[0]["description"]


async def test_a_hidden_answer_for_an_exact_name_has_no_match_note(real_harness: Any) -> None:
    result = await real_harness.command("hidden targets", {"card": "Tideturner"})
    assert "Closest match" not in (result.embeds[0].get("description") or "")


async def test_811_1_d_5_here_to_help_hand_choice_is_not_listed_rather_than_none(real_harness: Any) -> None:
    result = await details(
        real_harness, await real_harness.command("hidden targets", {"card": "Here to Help"})
    )
    hand = field(result, "Choice: a unit from your hand")
    assert "Legal: none listed (the position shows no candidates)" in hand
    assert "Legal: none\n" not in hand + "\n"
    assert "Optional: it may choose none." in hand
    battlefield = field(result, "Choice: a battlefield you control to play that unit to")
    assert "Legal: Your Battlefield" in battlefield and "811.1.d.5" in battlefield
    assert_fits(result)


async def test_a_required_choice_is_not_marked_optional(real_harness: Any) -> None:
    quick = await real_harness.command("hidden targets", {"card": "Facebreaker"})
    assert 'It chooses "a friendly unit"' in quick.text()
    assert "Optional" not in field(await details(real_harness, quick), "Choice: a friendly unit")


async def test_811_1_no_hidden_answer_states_its_effects_as_hypothetical(real_harness: Any) -> None:
    result = await details(real_harness, await real_harness.command("hidden play", {"card": "Jinx, Rebel"}))
    assert result.embeds[0]["title"].startswith("No")
    names = [f["name"] for f in result.embeds[0]["fields"]]
    assert "Effects, were it allowed" in names and "Effects" not in names
    allowed = await details(real_harness, await real_harness.command("hidden play", {"card": "Hidden Blade"}))
    assert "Effects" in [f["name"] for f in allowed.embeds[0]["fields"]]


async def test_a_search_error_quotes_markdown_as_typed(real_harness: Any) -> None:
    result = await real_harness.command("search", {"query": "t:**x**"})
    assert result.ephemeral
    description = result.embeds[0]["description"]
    assert "\\*\\*x\\*\\*" in description and "**x**" not in description.replace("\\*", "")


async def test_a_scenario_error_quotes_a_card_name_as_typed(real_harness: Any) -> None:
    text = "me: {hand: [__Hidden__]}\nbattlefields: {X: {controller: me}}\nask: {hide: __Hidden__, at: X}"
    result = await real_harness.command("hidden scenario", {"text": text})
    assert result.ephemeral
    assert "\\_\\_Hidden\\_\\_" in result.embeds[0]["description"]


async def test_811_1_b_a_no_title_is_the_answer_alone_and_the_reasons_follow(real_harness: Any) -> None:
    options = {"card": "Hidden Blade", "your_turn": False, "chain_open": True, "facedown_there": True}
    result = await real_harness.command("hidden hide", options)
    first = result.embeds[0]
    assert first["title"] == "No: you can't hide Hidden Blade at Your Battlefield."
    # at a glance: the first two reasons, each with its rules; the third is counted and shown in Details
    why = first["description"].split("\n")[0]
    assert why.startswith("It is not your turn") and "(rules 811.1.b, 422.2)" in why
    assert "A chain is open" in why and why.endswith("(1 more in Details.)")
    full = await details(real_harness, result)
    why = full.embeds[0]["description"].split("\n")[0]
    assert why.startswith("**Why:** It is not your turn")
    assert "A chain is open" in why and "already holds 1 facedown card" in why
    assert_fits(result)


async def test_a_yes_title_keeps_the_whole_summary(real_harness: Any) -> None:
    result = await real_harness.command("hidden play", {"card": "Hidden Blade"})
    # at a glance the title is the verdict's sentence; the restriction follows it, with its rules
    assert result.embeds[0]["title"] == "Yes: you can play Hidden Blade from facedown at Your Battlefield."
    assert "only at Your Battlefield, where it was hidden" in result.embeds[0]["description"]
    full = await details(real_harness, result)
    title = full.embeds[0]["title"]
    assert title == (
        "Yes: you can play Hidden Blade from facedown at Your Battlefield. "
        "Its choices are restricted to Your Battlefield."
    )
    assert "**Why:**" not in (full.embeds[0].get("description") or "")


async def test_811_1_d_4_card_from_facedown_lines_read_for_choices_from_a_hand(real_harness: Any) -> None:
    result = await real_harness.command("card", {"name": "Bone Skewer"})
    facedown = field(result, "From facedown")
    hand_line = next(line for line in facedown.split("\n") if "revealed hand:" in line)
    assert "not restricted, since it is chosen from a revealed hand, not at a battlefield (rules" in hand_line
    assert "never satisfy" not in hand_line
    assert (
        "• They play that unit to that battlefield: that unit enters" in facedown
    )  # a sentence, capitalised
    tideturner = field(await real_harness.command("card", {"name": "Tideturner"}), "From facedown")
    assert "another location, which its battlefield can never satisfy" in tideturner
