"""/help: what the bot does and how to ask it, and the search syntax in one field."""

from __future__ import annotations

import calendar
import re
from collections.abc import Mapping

import discord

from bot.ui.render import COLOR_INFO

SEARCH_SYNTAX = (
    "`kw:hidden` keyword · `t:spell` type or supertype (`t:legend`, `t:champion`, `t:token`, `t:battlefield`) · "
    "`d:order` domain, or its colour (`d:red`) · `tag:yordle` · `set:sfd` set code or name · `r:rare` rarity · "
    '`o:"kill a unit"` card text · bare words or `name:blade`: the name · `e<=2` energy (also `cost`), `p>=1` power, '
    "`m>3` might, with `= < <= > >=` (`e:2` means `e=2`) · `-t:spell` leaves out.\n"
    "Every term must hold; `d:order,chaos` is either value; `kw:hidden OR kw:deflect` is either side. "
    'Quote a value with spaces: `tag:"bandle city"`. Case does not matter.'
)


_DATE = re.compile(r"^(\d{4})-(\d{2})(?:-(\d{2}))?")


def plain_date(value: str | None) -> str | None:
    """ "2026-10-09" -> "9 October 2026", "2026-10" -> "October 2026"; None for anything else."""
    found = _DATE.match(value or "")
    if found is None or not 1 <= int(found.group(2)) <= 12:
        return None
    month = f"{calendar.month_name[int(found.group(2))]} {found.group(1)}"
    return f"{int(found.group(3))} {month}" if found.group(3) else month


def data_words(meta: Mapping[str, str] | None) -> str:
    """What the answers rest on, in plain words: the card data's date and the rules' versions (no codes, no files)."""
    if meta is None:
        return "The card database is not available right now, so its dates cannot be shown."
    parts: list[str] = []
    for key, words in (
        ("cards_updated_at", "Cards as of {}"),
        ("rules_current_version", "Core Rules of {} (the current rules)"),
        ("rules_tournament_date", "Tournament Rules of {}"),
        ("faqs_updated_at", "FAQs as of {}"),
        ("legality_as_of", "ban lists as of {}"),
    ):
        date = plain_date(meta.get(key))
        if date is not None:
            parts.append(words.format(date))
    return " · ".join(parts) if parts else "The dates of the card data are not known."


def help_embeds(meta: Mapping[str, str] | None = None) -> list[discord.Embed]:
    """The help, with the dates of the data the answers rest on (`meta`, the database's; None when it is down)."""
    embed = discord.Embed(
        title="Riftbound rules bot",
        description=(
            "Cards, Core Rules, FAQ rulings, and a rules engine for **Hidden** that answers *may I?* "
            "with Yes or No and the rule numbers. It states rules; it does not replace a judge at an event."
        ),
        colour=COLOR_INFO,
    )
    embed.add_field(
        name="/card name",
        value=(
            "A card: cost, type, text, set; for Hidden cards what playing from facedown restricts. Typos are "
            "forgiven; a champion's name alone (`jinx`) shows one of its cards and names the others."
        ),
        inline=False,
    )
    embed.add_field(
        name="/keyword name", value="A keyword's rules, reminder text, FAQ and cards.", inline=False
    )
    embed.add_field(
        name="/rule query",
        value=(
            "A rule by number (`811.1.d`, `811.1b`, `CR 422.2`; `v1.4 421` for an older numbering) or words "
            "(`facedown zone`, `can I chump block with a stunned unit`), from the newest version that has it "
            "(`version:` asks for one), with parents, sub-rules, where it moved and what changed. Words search the "
            "Core Rules and the Tournament Rules together (`TR 702.2`); `doc:` narrows to one, and a number without "
            "it is a Core Rules number. When no rule clearly answers, it says so and shows the closest three. "
            "A number of an older version is marked with it: `312.2 (v1.4)`."
        ),
        inline=False,
    )
    embed.add_field(
        name="/changes from to under",
        value="What changed between two Core Rules versions (`v1.3` → `v1.4`): rules added, removed, reworded "
        "(the difference marked) and moved, with the patch notes that explain them; `under:811` for one section.",
        inline=False,
    )
    embed.add_field(
        name="/ruling query",
        value="FAQ answers and rulings by words, card name or rule number (either numbering).",
        inline=False,
    )
    embed.add_field(name="/search query", value=SEARCH_SYNTAX, inline=False)
    embed.add_field(
        name="/hidden hide · play · targets · scenario",
        value=(
            "May this card be hidden now? Played from facedown now? What may it choose? Options set the position "
            "(your turn, chain open, showdown ...); the answer gives the verdict, why and what was assumed; its "
            "Details show every check, the position and its scenario code. For an exact board, `/hidden scenario` takes a scenario in YAML or a code (a form opens without one)."
        ),
        inline=False,
    )
    embed.add_field(
        name="/deck check list · code · format",
        value=(
            "Is this deck legal in Constructed (or `format:2v2`)? Paste a list (without `list:` a form opens for "
            "one with lines; on one line, give counts: `1 Jinx, Loose Cannon 3 Get Excited! …`) or give a deck "
            "code. The answer: Yes, No or Depends, every problem with its rule numbers, the deck's summary; its "
            "Details show every check."
        ),
        inline=False,
    )
    embed.add_field(
        name="[[Card Name]]", value="In any message (up to 3 per message), answers like /card.", inline=False
    )
    embed.add_field(name="The data behind the answers", value=data_words(meta), inline=False)
    embed.set_footer(text="Card text and rules are Riot Games' material. Unofficial fan project.")
    return [embed]
