"""Rules, rulings and keywords: official wording quoted as such, summaries labelled, every number shown."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot import limits
from bot.render.common import COLOR_INFO, add_field, rules_list, text_embeds
from bot.symbols import Symbols
from cardsdb.models import CURRENT_RULES_VERSION, KeywordInfo, Rule, RuleView, Ruling

SUMMARY_LABEL = "Summary (our wording, not the official text)"


def rule_heading(rule: Rule) -> str:
    title = f"Rule {rule.number}" if rule.is_current else f"Rule {rule.number} (v{rule.version})"
    return f"{title} · {rule.title}" if rule.title else title


def rule_text(rule: Rule) -> str:
    """The rule's text, with a summary labelled so that it is never passed off as official wording."""
    text = rule.text.strip() or (rule.title or "")
    if rule.kind == "heading" and rule.title and text == rule.title.strip():
        return f"*Heading of section {rule.number}.*"
    if rule.wording == "summary":
        return f"*{SUMMARY_LABEL}:* {text}"
    return text


def _one_line(rule: Rule, width: int = 160) -> str:
    label = rule.title or rule.text
    mark = " (summary)" if rule.wording == "summary" else ""
    return f"**{rule.number}**{mark} {limits.fit(' '.join(label.split()), width)}"


def rule_embeds(
    view: RuleView, *, query_note: str | None = None, also: Sequence[Rule] = ()
) -> list[discord.Embed]:
    """A rule with its parents, sub-rules and moves; `also` lists other rules the words matched, each stamped."""
    rule = view.rule
    body = rule_text(rule)
    if query_note:
        body = f"*{query_note}*\n\n{body}"
    embeds = text_embeds(rule_heading(rule), body)
    first = embeds[0]
    # The version of the rule shown names its lists; a line from the other version says so on the line.
    suffix = "" if rule.is_current else f" (as of v{rule.version})"

    def line(other: Rule, width: int) -> str:
        return _one_line(other, width) + ("" if other.version == rule.version else f" ({other.stamp})")

    if view.parents:
        add_field(first, f"Part of{suffix}", "\n".join(line(p, 120) for p in view.parents))
    if view.children:
        add_field(first, f"Sub-rules{suffix}", "\n".join(line(c, 160) for c in view.children))
    if rule.counterpart:
        other = "v1.3" if rule.is_current else "the current rules"
        first.add_field(
            name="Other version", value=f"This rule is {rule.counterpart} in {other}.", inline=False
        )
    if view.moved:
        add_field(first, "Moved", "\n".join(f"• {m}" for m in view.moved))
    if view.notes:
        add_field(first, "Note", "\n".join(f"• {n}" for n in view.notes))
    if rule.seed_sentence and rule.wording == "summary":
        add_field(first, "Source sentence", f"> {rule.seed_sentence}")
    if also:
        add_field(first, "Also matching", "\n".join(f"{_one_line(r, 120)} ({r.stamp})" for r in also))
    embeds[-1].set_footer(text=f"Core Rules: {rule.stamp}")
    return embeds


def rule_list_embed(title: str, rules: Sequence[Rule]) -> discord.Embed:
    embed = discord.Embed(title=limits.fit(title, limits.EMBED_TITLE), colour=COLOR_INFO)
    lines = [f"{_one_line(r)} ({r.stamp})" for r in rules]
    embed.description = limits.fit("\n".join(lines), limits.EMBED_DESCRIPTION)
    return embed


def cited_rules_embeds(views: Sequence[RuleView], missing: Sequence[str] = ()) -> list[discord.Embed]:
    """The full text of the rules an answer cites, one field each."""
    embed = discord.Embed(title="The rules cited", colour=COLOR_INFO)
    for view in views:
        rule = view.rule
        add_field(embed, f"{rule.number} ({rule.stamp})", rule_text(rule))
    for number in missing:
        embed.add_field(name=number, value="Not found in the rules table.", inline=False)
    return [embed]


def ruling_numbering(version: str | None) -> str:
    """How a ruling's rule numbers are numbered: "current rules, 2026-10-09", "as numbered in v1.3", ..."""
    if not version or version == CURRENT_RULES_VERSION:
        return f"current rules, {CURRENT_RULES_VERSION}"
    bare = version.removeprefix("pre-").removeprefix("v")  # v1.3 is stored as "1.3", v1.4 as "v1.4"
    if version.startswith("pre-"):
        return f"as numbered before v{bare}"
    return f"as numbered in v{bare}"


def _ruling_rules(ruling: Ruling) -> str:
    """ "rules 811.1.b, 811.6 (current rules, 2026-10-09)": the numbers with the version they are numbered in."""
    return f"{rules_list(ruling.rules)} ({ruling_numbering(ruling.rules_version)})" if ruling.rules else ""


def ruling_source(ruling: Ruling) -> str:
    kind = {
        "official": "Official",
        "community": "Community (not official)",
        "seed": "From the seed documents",
    }.get(ruling.source, ruling.source.capitalize())
    return f"{kind}: {ruling.source_title}" if ruling.source_title else kind


def ruling_embed(ruling: Ruling) -> discord.Embed:
    embed = discord.Embed(
        title=limits.fit(f"Q: {' '.join(ruling.question.split())}", limits.EMBED_TITLE),
        description=limits.fit(ruling.answer.strip(), limits.EMBED_DESCRIPTION, marker=limits.CONTINUED),
        colour=COLOR_INFO,
        url=ruling.url or None,
    )
    if len(ruling.question) > limits.EMBED_TITLE - 3:
        add_field(embed, "Full question", ruling.question)
    embed.add_field(name="Source", value=limits.fit(ruling_source(ruling), limits.FIELD_VALUE), inline=True)
    if ruling.date:
        embed.add_field(name="Date", value=ruling.date, inline=True)
    if ruling.rules:
        add_field(embed, "Rules", _ruling_rules(ruling), inline=True)
    if ruling.url:
        embed.add_field(name="Link", value=limits.fit(ruling.url, limits.FIELD_VALUE), inline=False)
    if ruling.credit:
        embed.add_field(name="Credit", value=limits.fit(ruling.credit, limits.FIELD_VALUE), inline=False)
    return embed


def rulings_embeds(query: str, rulings: Sequence[Ruling]) -> list[discord.Embed]:
    head = discord.Embed(
        title=limits.fit(f"Rulings for “{query}”", limits.EMBED_TITLE),
        description=f"{len(rulings)} matching answer{'s' if len(rulings) != 1 else ''}, best first.",
        colour=COLOR_INFO,
    )
    return [head, *(ruling_embed(r) for r in rulings)]


def keyword_embeds(
    info: KeywordInfo, symbols: Symbols | None = None, *, match_note: str | None = None
) -> list[discord.Embed]:
    """A keyword (or a bracketed token like [Stun]); `match_note` says when the name typed was not exact."""
    symbols = symbols or Symbols()
    embed = discord.Embed(title=limits.fit(info.name, limits.EMBED_TITLE), colour=COLOR_INFO)
    parts = [f"*{match_note}*"] if match_note else []
    if info.kind == "token":
        used = (
            "1 card uses it"
            if len(info.cards_referring) == 1
            else f"{len(info.cards_referring)} cards use it"
        )
        parts.append(f"Not a keyword: a word printed in brackets in card text ([{info.name}]). {used}.")
    if info.reminder:
        parts.append(
            f"*{'Meaning' if info.kind == 'token' else 'Reminder text'}:* {symbols.render(info.reminder)}"
        )
    have = "1 card has it" if len(info.cards_with) == 1 else f"{len(info.cards_with)} cards have it"
    care = (
        "1 cares about it" if len(info.cards_referring) == 1 else f"{len(info.cards_referring)} care about it"
    )
    if info.seed_only:
        have += f" (plus {', '.join(info.seed_only)}, known only from the seed documents)"
    if info.kind != "token":
        parts.append(f"{have}; {care}.")
    embed.description = limits.fit("\n\n".join(parts), limits.EMBED_DESCRIPTION)
    for rule in info.rules:
        title = f" {rule.title}" if rule.kind in ("heading", "chapter") and rule.title else ""
        add_field(
            embed, limits.fit(f"{rule.number}{title} ({rule.stamp})", limits.FIELD_NAME), rule_text(rule)
        )
    if info.rulings:
        lines = [
            " ".join(
                part
                for part in (
                    f"• {' '.join(r.question.split())}",
                    f"({_ruling_rules(r)})" if r.rules else "",
                    "(community, not official)" if r.source == "community" else "",
                )
                if part
            )
            for r in info.rulings
        ]
        # The credit first: a long list is cut at the field's end.
        credits = [
            f"*Community rulings: {c}*" for c in dict.fromkeys(r.credit for r in info.rulings if r.credit)
        ]
        add_field(embed, "FAQ", "\n".join([*credits, *lines]))
    # " · " between names: names hold commas ("Leona, Determined").
    if info.cards_with:
        add_field(embed, "Cards with it", limits.fit(" · ".join(info.cards_with), 1000))
    if info.cards_referring:
        title = "Cards that use it" if info.kind == "token" else "Cards that care"
        add_field(embed, title, limits.fit(" · ".join(info.cards_referring), 1000))
    return [embed]
