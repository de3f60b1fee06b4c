"""A `DeckVerdict` as embeds, the verdict first. The answer at a glance (`deck_embed`): the title begins with Yes, No
or Depends; then every problem (or what could not be decided) in one sentence each with its rule numbers, what was
assumed, and the deck's summary. Details (`details_embeds`): every check made, and the deck as it was read. Players
read words only: problem and check codes stay in the JSON."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.ui import limits
from bot.ui.render import COLOR_DEPENDS, COLOR_INFO, COLOR_NO, COLOR_YES, add_field
from bot.ui.text import echo
from cardsdb.deck.deck import SECTION_TITLES
from cardsdb.deck.deck_list import Section
from cardsdb.deck.rules import marked
from cardsdb.deck.verdict import DeckCheck, DeckVerdict, Finding
from cardsdb.rule_versions import Citation

_COLOURS = {"Yes": COLOR_YES, "No": COLOR_NO, "Depends": COLOR_DEPENDS}
ANSWER_BUDGET = 3000
"""The answer at a glance, at most (characters as Discord counts an embed): every problem fits in most decks; the rest
are counted and shown in Details."""
LINES_PER_CHECK = 12  # problems listed under one check in Details; the rest are counted

CHECK_TITLES = {
    "cards_known": "Every line a card",
    "legend": "Champion Legend",
    "other_legends": "Other legends",
    "chosen_champion": "Chosen champion",
    "main_deck_size": "Main deck size",
    "copies": "Copies",
    "domain_identity": "Domain identity",
    "signatures": "Signature cards",
    "banned": "Banned cards",
    "sets": "Legal sets",
    "runes": "Rune deck",
    "battlefields": "Battlefields",
    "sideboard": "Sideboard",
    "tokens": "Tokens",
    "sections": "Sections",
    "card_texts": "Card texts about deck building",
    "teammates": "2v2 teammates",
}


def _safe(text: str) -> str:
    """A sentence that may quote what was pasted: as typed, never markdown (`bot.ui.text.echo`)."""
    return echo(text, limit=None)


def _rules(rules: Sequence[Citation]) -> str:
    marks = [marked(c) for c in rules]
    return ("rule " if len(marks) == 1 else "rules ") + ", ".join(marks) if marks else ""


def sentence(text: str, rules: Sequence[Citation]) -> str:
    """ "The main deck has 39 cards; it needs exactly 40 (rules 103.2 (v1.4), TR 402.1)."."""
    text = _safe(text)
    cited = _rules(rules)
    if not cited:
        return text
    return f"{text.rstrip('.')} ({cited})."


def finding_line(finding: Finding) -> str:
    return f"• {sentence(finding.text, finding.rules)}"


def title(verdict: DeckVerdict) -> str:
    return limits.fit(f"{verdict.verdict}: {verdict.sentence}", limits.EMBED_TITLE)


def footer(verdict: DeckVerdict, card_data: str | None) -> str:
    parts = ["Deck rules: Core Rules v1.4 (2026-07-16), Tournament Rules (TR) 2026-07-16"]
    if verdict.ban_list_as_of:
        parts.append(f"ban list {verdict.ban_list_as_of}")
    parts.append(f"checked {verdict.checked_on}")
    if card_data:
        parts.append(f"card data {card_data}")
    return limits.fit(" · ".join(parts), limits.FOOTER_TEXT)


def summary_text(verdict: DeckVerdict) -> str:
    summary = verdict.summary
    legend = f"**{_safe(summary.legend)}**" if summary.legend else "none"
    if summary.domains:
        legend += f" ({', '.join(summary.domains)})"
    champion = f"**{_safe(summary.champion)}**" if summary.champion else "none"
    counts = summary.sections
    main = f"Main deck {summary.main_deck_size}" + (
        f" ({counts['main']} + the champion)" if summary.champion else " (no chosen champion)"
    )
    rest = [f"{SECTION_TITLES[s]} {counts[s]}" for s in ("battlefields", "runes", "sideboard")]
    if counts["extra_legends"]:
        rest.append(f"Extra legends {counts['extra_legends']}")
    return f"Legend: {legend} · Champion: {champion}\n{main} · " + " · ".join(rest)


def _all_pass(verdict: DeckVerdict) -> str:
    made = [c for c in verdict.checks if c.made]
    main = list(dict.fromkeys(c.rules[0] for c in made if c.rules))
    return sentence(f"All {len(made)} checks pass", main)


def _lines_within(lines: Sequence[str], room: int) -> str:
    """As many whole lines as fit `room`, then how many more there are."""
    shown: list[str] = []
    for i, line in enumerate(lines):
        more = len(lines) - i
        tail = f"\n({more} more in Details.)" if more else ""
        if len("\n".join([*shown, line])) + len(tail) > room and shown:
            return "\n".join(shown) + f"\n({more} more in Details.)"
        shown.append(line)
    return "\n".join(shown)


def deck_embed(verdict: DeckVerdict, *, card_data: str | None = None) -> discord.Embed:
    """The answer at a glance; fits `ANSWER_BUDGET`."""
    embed = discord.Embed(title=title(verdict), colour=_COLOURS[verdict.verdict])
    embed.set_footer(text=footer(verdict, card_data))
    add_field(embed, "Deck", summary_text(verdict))
    tail: list[str] = []
    if verdict.assumed:
        tail.append(limits.fit(f"**Assumed:** {_safe('; '.join(verdict.assumed))}.", 500))
    tail.extend(_safe(note) for note in verdict.notes)
    if verdict.legal is False:
        lines = [finding_line(f) for f in verdict.problems]
    elif verdict.legal is None:
        lines = [finding_line(f) for f in verdict.undecided]
    else:
        lines = [_all_pass(verdict)]
    room = ANSWER_BUDGET - limits.embed_size(embed.to_dict()) - len("\n".join(tail)) - 2
    body = _lines_within(lines, min(room, limits.EMBED_DESCRIPTION - 600))
    embed.description = limits.fit("\n".join([body, *tail]), limits.EMBED_DESCRIPTION)
    return embed


def _check_value(check: DeckCheck) -> str:
    if check.ok is True:
        head = f"✅ {sentence(check.because, check.rules)}"
    elif not check.made:
        head = f"➖ Not checked: {sentence(check.because.removeprefix('Not checked: '), check.rules)}"
    elif check.ok is None:
        head = f"❔ Not decided. {sentence(check.because, check.rules)}"
    else:
        head = f"❌ {sentence(check.because, check.rules)}"
    items = [finding_line(f) for f in (*check.problems, *check.undecided)]
    shown = items[:LINES_PER_CHECK]
    if len(items) > len(shown):
        shown.append(f"… and {len(items) - len(shown)} more.")
    return limits.fit("\n".join([head, *shown]), limits.FIELD_VALUE)


def _deck_lines(verdict: DeckVerdict) -> str:
    by_section: dict[Section, list[str]] = {}
    for item in verdict.summary.listing:
        shown = _safe(item.card) if item.known else f"“{_safe(item.card)}” (no such card)"
        by_section.setdefault(item.section, []).append(f"{item.count} {shown}")
    parts = [f"**{SECTION_TITLES[s]}**: " + ", ".join(names) for s, names in by_section.items()]
    return "\n".join(parts)


def details_embeds(verdict: DeckVerdict, *, card_data: str | None = None) -> list[discord.Embed]:
    """Every check made (one field each), then the deck as it was read, its code, what was assumed."""
    checks = discord.Embed(title=title(verdict), colour=_COLOURS[verdict.verdict])
    for check in verdict.checks:
        add_field(checks, CHECK_TITLES.get(check.code, check.code), _check_value(check))
    deck = discord.Embed(title="The deck as read", colour=COLOR_INFO)
    parts = [summary_text(verdict)]
    if verdict.summary.listing:
        parts.append(_deck_lines(verdict))
    if verdict.assumed:
        parts.append("**Assumed:**\n" + "\n".join(f"• {_safe(a)}" for a in verdict.assumed))
    if verdict.code:
        parts.append(f"**Deck code** (`/deck check code:` checks it again):\n`{verdict.code}`")
    deck.description = limits.fit("\n\n".join(parts), limits.EMBED_DESCRIPTION)
    deck.set_footer(text=footer(verdict, card_data))
    return [checks, deck]
