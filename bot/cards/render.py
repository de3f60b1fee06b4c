"""The card embed: what a player reads at a glance, and for a card with Hidden what playing it from facedown restricts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot.ui import limits
from bot.ui.render import COLOR_INFO, add_field, cited_list, diff_markdown, domain_color, rules_list
from bot.ui.symbols import Symbols
from cardsdb.build.importers.printings import loose_wording
from cardsdb.build.importers.text import from_article_symbols, reminder_text
from cardsdb.cli.currency_words import format_name
from cardsdb.engine import HiddenProfile
from cardsdb.engine.verdict.answer import cited
from cardsdb.models import CURRENT_RULES_VERSION, Card, Errata, Legality, Printing

OLDER_WORDINGS_SHOWN = 2
ERRATUM_DIFF_CHARS = 900  # an erratum's old -> new words, at most


def cost_line(card: Card, symbols: Symbols) -> str:
    """ "2 energy + 1 Order power", with custom emoji where configured."""
    parts: list[str] = []
    if card.energy is not None:
        parts.append(
            symbols.token(f"rb_energy_{card.energy}") if card.energy <= 12 else f"{card.energy} energy"
        )
    if card.power:
        if len(card.domains) == 1:
            one = symbols.emoji.get(f"rb_rune_{card.domains[0].casefold()}")
            label = f"{one}" if one else f"{card.domains[0]} power"
            parts.append(f"{card.power} {label}" if not one else " ".join([one] * card.power))
        else:
            parts.append(f"{card.power} power")
    return " + ".join(parts)


def type_line(card: Card, symbols: Symbols) -> str:
    kinds = " ".join([*card.supertypes, *card.types]) or "Card"
    if card.type_doubt:
        kinds += " (type in doubt)" if card.types else " (type not known)"
    domains = ", ".join(symbols.domain(d) for d in card.domains)
    return f"{kinds} · {domains}" if domains else kinds


def card_text(card: Card, symbols: Symbols) -> str:
    return symbols.render(card.text_raw) if card.text_raw else card.text


def facedown_lines(profile: HiddenProfile) -> list[str]:
    """The "From facedown" section, from the engine's Hidden profile of the card (`card_profile(card)`)."""
    lines: list[str] = []
    for choice in profile.choices:
        if choice.unsettled:
            lines.append(
                f"• Choose {choice.choice}: not sure it must be the battlefield where it was hidden: {choice.unsettled} "
                f"({cited_list(choice.cited)})."
            )
            continue
        where = "only at the battlefield where it was hidden" if choice.restricted else "not restricted"
        lines.append(f"• Choose {choice.choice}: {where}, since {choice.why} ({cited_list(choice.cited)}).")
    if profile.destination:
        lines.append(f"• Goes to {profile.destination} ({cited_list(cited(profile.destination_rules))}).")
    for entry in profile.unit_entries:
        played = (
            entry.text[:1].upper() + entry.text[1:]
        )  # a clause of the card's text: "they play that unit ..."
        lines.append(f"• {played}: {entry.enters} ({cited_list(entry.cited)}).")
    free_rules = cited_list(cited(profile.unrestricted_rules))
    lines.extend(
        f"• {other}: works as normal, not restricted ({free_rules})." for other in profile.unrestricted
    )
    payment_rules = cited_list(cited(profile.payment_rules))
    lines.extend(
        f"• {payment[:1].upper() + payment[1:]}: paid as its play effect resolves, as normal; ignoring the base cost "
        f"does not cover it ({payment_rules})."
        for payment in profile.payments
    )
    if profile.cost_from_facedown:
        lines.append(f"• Cost: {profile.cost_from_facedown} ({cited_list(cited(profile.cost_rules))}).")
    lines.extend(f"• {note}" for note in profile.notes)
    if profile.undecided:
        lines.append(f"• Not decided by the engine: {profile.undecided}")
    return lines


def legality_text(legality: Legality) -> str:
    """ "Constructed: **Banned** · 2v2 Constructed: Legal\n*Ban lists of 2026-09-18*"."""
    parts = [
        f"{format_name(f)}: **Banned**" if status == "banned" else f"{format_name(f)}: Legal"
        for f, status in legality.formats.items()
    ]
    when = legality.newest_list
    return " · ".join(parts) + (f"\n*Ban lists of {when}*" if when else "")


def older_wording_text(card: Card, symbols: Symbols) -> str:
    """The older wordings (the newest first, a few), each with where and when it was printed so."""
    lines = []
    for wording in card.older_wordings[:OLDER_WORDINGS_SHOWN]:
        where = ", ".join(x for x in (wording.source, wording.date) if x) or wording.set_id
        lines.append(f"*{where} ({wording.set_id}):* {symbols.render(wording.text)}")
    more = len(card.older_wordings) - OLDER_WORDINGS_SHOWN
    if more > 0:
        lines.append(f"*and {more} more*")
    return "\n".join(lines)


def errata_text(item: Errata, card: Card, symbols: Symbols) -> str:
    """The erratum as old -> new (its words struck through and inserted), then whether the card's text above is
    its wording or a newer one, then where it was published."""
    new = _article_text(item.new_text, card, symbols)
    change = (
        diff_markdown(_article_text(item.old_text, card, symbols), new, ERRATUM_DIFF_CHARS)
        if item.old_text
        else f"Now: {new}"
    )
    lines = [change]
    if loose_wording(item.new_text) == loose_wording(card.text_raw):
        lines.append("The text above includes it.")
    elif card.text_date and item.date and card.text_date > item.date:
        lines.append(f"The text above is a newer wording ({card.text_date}).")
    lines.append(f"*{item.source_title}*")
    return "\n".join(lines)


def _article_text(text: str, card: Card, symbols: Symbols) -> str:
    """An erratum's text (`[A]`, `[C]` for the card's own domain, or symbol tokens) in words or emoji."""
    return symbols.render(from_article_symbols(text, card.domains))


def shown_printing(card: Card) -> Printing | None:
    """The printing a card answer shows: the first in release order that has an image, else the first."""
    return next((p for p in card.printings if p.image_url), card.printings[0] if card.printings else None)


def card_embeds(
    card: Card,
    *,
    symbols: Symbols | None = None,
    keyword_reminders: Mapping[str, tuple[str | None, Sequence[str]]] | None = None,
    errata: Sequence[Errata] = (),
    legality: Legality | None = None,
    facedown: HiddenProfile | None = None,
    match_note: str | None = None,
    image: bool = False,
    gaps: str | None = None,
) -> list[discord.Embed]:
    """The card; `keyword_reminders` maps a keyword to (reminder, rule numbers); `facedown` is the engine's profile;
    `image` shows the full card image instead of a thumbnail; `gaps` is one line on what the data could not check."""
    symbols = symbols or Symbols()
    reminders = keyword_reminders or {}
    embed = _card_head(card, symbols, match_note)
    _add_stats(embed, card, symbols, reminders)
    if legality is not None and legality.formats:
        add_field(embed, "Legality", legality_text(legality))
    if facedown is not None:
        lines = [symbols.render(line) for line in facedown_lines(facedown)]
        add_field(embed, "From facedown", "\n".join(lines) or "No choices to restrict.")
    _add_notes(embed, card, symbols, errata, gaps)
    cites_rules = facedown is not None or any(numbers for _, numbers in reminders.values())
    _add_footer(embed, card, cites_rules=cites_rules, image=image)
    return [embed]


def _card_head(card: Card, symbols: Symbols, match_note: str | None) -> discord.Embed:
    """The embed in the card's domain colour: its name, how it was matched, its type line and its text."""
    colour = (domain_color(card.domains[0]) if card.domains else None) or COLOR_INFO
    title = card.name + (" (partly known)" if card.partial or card.unknown else "")
    embed = discord.Embed(title=limits.fit(title, limits.EMBED_TITLE), colour=colour)
    head = [f"**{type_line(card, symbols)}**"]
    if match_note:
        head.insert(
            0, match_note
        )  # markdown already: the lookup's note, italic, with the other names in bold
    text = card_text(card, symbols)
    description = "\n".join(head) + ("\n\n" + text if text else "")
    embed.description = limits.fit(description, limits.EMBED_DESCRIPTION, marker=limits.CONTINUED)
    return embed


def _add_stats(
    embed: discord.Embed,
    card: Card,
    symbols: Symbols,
    keyword_reminders: Mapping[str, tuple[str | None, Sequence[str]]],
) -> None:
    """Cost, might, tags, and each keyword with its reminder and rule."""
    cost = cost_line(card, symbols)
    if cost:
        embed.add_field(name="Cost", value=cost, inline=True)
    if card.might is not None:
        embed.add_field(name="Might", value=str(card.might), inline=True)
    if card.tags:
        embed.add_field(name="Tags", value=limits.fit(", ".join(card.tags), limits.FIELD_VALUE), inline=True)
    if card.keywords:
        lines = []
        for kw in card.keywords:
            reminder, numbers = keyword_reminders.get(kw.name, (None, ()))
            line = f"**{kw}**"
            # A reminder the card prints is in its text above, in its own domain and values: not said twice.
            if reminder and not reminder_text(card.text_raw, kw.name):
                line += f": {symbols.render(reminder)}"
            if numbers:
                line += f" ({rules_list(numbers)})"
            lines.append(line)
        add_field(embed, "Keywords", "\n".join(lines))


def _add_notes(
    embed: discord.Embed, card: Card, symbols: Symbols, errata: Sequence[Errata], gaps: str | None
) -> None:
    """Errata, older wording, the card's notes, what is not known of a partly known card, what was not checked."""
    for item in errata:
        when = f" ({item.date})" if item.date else ""
        add_field(embed, f"Errata{when}", errata_text(item, card, symbols))
    if card.older_wordings:
        add_field(embed, "Older wording", older_wording_text(card, symbols))
    for note in dict.fromkeys(card.notes):
        add_field(embed, "Note", note)
    if card.type_doubt:
        add_field(embed, "Type in doubt", f"{card.type_doubt} Rulings that rest on its type are left open.")
    if card.not_yet_known:
        add_field(embed, "Partly known", card.not_yet_known)
    elif card.partial:
        add_field(
            embed,
            "Partly known",
            "This card is newer than the card data: what is not shown here is not known yet.",
        )
    if gaps:
        add_field(embed, "Not checked", gaps)


def _add_footer(embed: discord.Embed, card: Card, *, cites_rules: bool, image: bool) -> None:
    """The printing shown (set, code, rarity), the wording's date, the rules version numbers are in; its image."""
    printing = shown_printing(card)
    stamp = (
        f"Rule numbers: current Core Rules ({CURRENT_RULES_VERSION}) unless marked with their version"
        if cites_rules
        else ""
    )
    wording = f"Text as of {card.text_date}" if card.text_date else ""
    if printing is not None:
        set_line = f"{printing.set_name} · {printing.public_code}"
        if printing.rarity:
            set_line += f" · {printing.rarity}"
        footer = " · ".join(p for p in (set_line, wording, stamp) if p)
        embed.set_footer(text=limits.fit(footer, limits.FOOTER_TEXT))
        if printing.image_url and image:
            embed.set_image(url=printing.image_url)
        elif printing.image_url:
            embed.set_thumbnail(url=printing.image_url)
    elif stamp or wording:
        embed.set_footer(text=limits.fit(" · ".join(p for p in (wording, stamp) if p), limits.FOOTER_TEXT))
