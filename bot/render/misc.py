"""Search pages, help, errors and "did you mean" answers."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import limits
from bot.render.card import cost_line, type_line
from bot.render.common import COLOR_ERROR, COLOR_INFO
from bot.symbols import Symbols
from bot.text import echo
from cardsdb.models import Card
from cardsdb.names import begins

PAGE_SIZE = 10


def search_page_embed(
    query: str,
    cards: Sequence[Card],
    *,
    total: int,
    page: int,
    page_size: int = PAGE_SIZE,
    symbols: Symbols | None = None,
    hint: str | None = None,
) -> discord.Embed:
    """One page of a search; `hint` says why an empty search may have found nothing."""
    symbols = symbols or Symbols()
    pages = max(1, -(-total // page_size))
    embed = discord.Embed(
        title=limits.fit(f"Cards matching {echo(query, 200)}", limits.EMBED_TITLE), colour=COLOR_INFO
    )
    if not cards:
        embed.description = "No card matches. Try fewer filters, e.g. `kw:hidden t:spell`."
        if hint:
            hint = echo(hint, 300)
            embed.description += f"\n{hint}" + ("" if hint.endswith(("?", ".")) else ".")
    else:
        lines = []
        for i, card in enumerate(cards, start=page * page_size + 1):
            cost = cost_line(card, symbols)
            lines.append(
                f"{i}. **{card.name}** · {type_line(card, symbols)}" + (f" · {cost}" if cost else "")
            )
        embed.description = limits.fit("\n".join(lines), limits.EMBED_DESCRIPTION)
    embed.set_footer(text=f"Page {page + 1} of {pages} · {total} card{'s' if total != 1 else ''}")
    return embed


SEARCH_SYNTAX = (
    "`kw:hidden` keyword · `t:spell` type or supertype (`t:legend`, `t:champion`, `t:token`, `t:battlefield`) · "
    "`d:order` domain, or its colour (`d:red`) · `tag:yordle` · `set:sfd` set code or name · `r:rare` rarity · "
    '`o:"kill a unit"` card text · bare words or `name:blade`: the name · `e<=2` energy (also `cost`), `p>=1` power, '
    "`m>3` might, with `= < <= > >=` (`e:2` means `e=2`) · `-t:spell` leaves out.\n"
    "Every term must hold; `d:order,chaos` is either value; `kw:hidden OR kw:deflect` is either side. "
    'Quote a value with spaces: `tag:"bandle city"`. Case does not matter.'
)


def help_embeds() -> list[discord.Embed]:
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
        name="[[Card Name]]", value="In any message (up to 3 per message), answers like /card.", inline=False
    )
    embed.set_footer(text="Card text and rules are Riot Games' material. Unofficial fan project.")
    return [embed]


def error_embed(message: str, *, title: str = "Sorry") -> discord.Embed:
    return discord.Embed(
        title=title, description=limits.fit(message, limits.EMBED_DESCRIPTION), colour=COLOR_ERROR
    )


STARTING_SHOWN = 15  # names listed for a partial name; the buttons show the first five
STARTING_LOOKED_UP = (
    26  # names looked up for a partial name: one more than is ever counted, to know there are more
)


def not_found_embed(what: str, query: str, suggestions: Sequence[str]) -> discord.Embed:
    if what == "card" and suggestions and all(begins(s, query) for s in suggestions):
        return _cards_beginning(query, suggestions)
    text = f"No {what} named **{echo(query)}**."
    if suggestions:
        text += " Did you mean: " + ", ".join(f"**{s}**" for s in suggestions) + "?"
        if what == "card":
            text += " Press a button to see one."
    return error_embed(text, title=f"Unknown {what}")


def more_cards_embed(named: int, shown: int) -> discord.Embed:
    """The line under the cards of a message that names more than are shown."""
    return discord.Embed(
        description=f"Only the first {shown} cards of a message are shown ({named} were named).",
        colour=COLOR_INFO,
    )


def _cards_beginning(query: str, names: Sequence[str]) -> discord.Embed:
    """A short or partial name ("Ez"): the cards whose name, or a word in it, begins so."""
    shown = " · ".join(f"**{n}**" for n in names[:STARTING_SHOWN])
    if len(names) >= STARTING_LOOKED_UP:
        more = " and many more"
    elif len(names) > STARTING_SHOWN:
        more = f" and {len(names) - STARTING_SHOWN} more"
    else:
        more = ""
    text = (
        f"Cards whose name, or a word in it, begins with “{echo(query)}”: {shown}{more}. "
        "Press a button to see one, or type more of the name."
    )
    return discord.Embed(
        title="Which card?", description=limits.fit(text, limits.EMBED_DESCRIPTION), colour=COLOR_INFO
    )
