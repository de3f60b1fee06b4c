"""Rules, rulings and keywords: official wording quoted as such, summaries labelled, every number shown."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.ui import limits
from bot.ui.render import COLOR_INFO, COLOR_SUPERSEDED, add_field, diff_markdown, rule_mark, text_embeds
from bot.ui.symbols import Symbols
from cardsdb.cli.rule_words import (
    RULINGS_LISTED,
    notes_text,
    rulings_count_line,
    rulings_heading,
    rulings_pointer,
)
from cardsdb.models import TOURNAMENT_DOC, KeywordInfo, PatchNote, Rule, RuleView, Ruling
from cardsdb.project.provenance import ruling_credits, ruling_label, superseded_line
from cardsdb.rule_versions import DOC_TITLES, Citation, cite, cited_numbers

SUMMARY_LABEL = "Summary (our wording, not the official text)"
TOPIC_LABELS = {"official": "clarification", "community": "ruling"}


def rule_heading(rule: Rule) -> str:
    """ "Rule 811.6", "Rule 133.6 (v1.4)", "TR 702.2" (the Tournament Rules), with the title of a heading."""
    title = rule_mark(rule) if rule.doc == TOURNAMENT_DOC else f"Rule {rule_mark(rule)}"
    return f"{title} · {rule.title}" if rule.title else title


def _is_bare_heading(rule: Rule) -> bool:
    """A heading whose text is its title alone ("Hide"): nothing to quote or summarise."""
    return rule.kind in ("heading", "chapter") and bool(rule.title) and rule.text.strip() in ("", rule.title)


def rule_text(rule: Rule) -> str:
    """The rule's text, with a summary labelled so that it is never passed off as official wording."""
    text = rule.text.strip() or (rule.title or "")
    if _is_bare_heading(rule):
        return f"*Heading of section {rule.number}.*"
    if rule.wording == "summary":
        return f"*{SUMMARY_LABEL}:* {text}"
    return text


def _one_line(rule: Rule, width: int = 160) -> str:
    label = rule.title or rule.text
    summary = " (summary)" if rule.wording == "summary" and not _is_bare_heading(rule) else ""
    return f"**{rule_mark(rule)}**{summary} {limits.fit(' '.join(label.split()), width)}"


def _same_words(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def patch_note_line(note: PatchNote, width: int = 400) -> str:
    return limits.fit(f"*{note.source}, {note.section}:* {note.statement}", width)


def rule_embeds(
    view: RuleView,
    *,
    query_note: str | None = None,
    also: Sequence[Rule] = (),
    ruling_below: Ruling | None = None,
) -> list[discord.Embed]:
    """A rule with its parents, sub-rules, moves, what changed since the version before, the other versions'
    text under its number, the patch notes that explain it and the rulings citing it (`view.rulings`, the first few
    and where to read them all); `also` lists other rules the words matched. Every
    number is marked with its version where that is not the current Core Rules. `ruling_below`: a ruling the answer
    shows whole after the rule, marked so where the rule's rulings list it."""
    rule = view.rule
    body = stand_in_text(view) if view.stands_in_for else rule_text(rule)
    if query_note:
        body = f"*{query_note}*\n\n{body}"
    heading = f"Rule {view.stands_in_for}" if view.stands_in_for else rule_heading(rule)
    embeds = text_embeds(heading, body)
    first = embeds[0]
    if view.parents:
        add_field(first, "Part of", "\n".join(_one_line(p, 120) for p in view.parents))
    if view.children:
        add_field(first, "Sub-rules", "\n".join(_one_line(c, 160) for c in view.children))
    if view.moved:
        add_field(first, "Moved", "\n".join(f"• {m}" for m in notes_text(view.moved)))
    if view.changed is not None:
        was = view.changed
        add_field(
            first,
            f"What changed since {cite(was.from_number, was.from_version)}",
            diff_markdown(was.old, was.new, limits.FIELD_VALUE),
        )
    official = _official_text(view)
    # Each wording once: another version's text is left out where it is the rule's own or its official text.
    shown = [t for t in (rule.title or rule.text, official.text if official else None) if t]
    others = [
        f"**{v.version}**{'' if v.same_rule else ' (another rule under this number)'}: "
        + limits.fit(" ".join((v.title or v.text).split()), 300)
        for v in view.versions
        if v.version != rule.version
        and not (v.same_rule and any(_same_words(v.title or v.text, t) for t in shown))
    ]
    if others:
        add_field(first, f"Under {rule.number} in other versions", "\n".join(others))
    if official is not None:
        add_field(
            first, f"Official text, {rule_mark(official)}", limits.fit(official.text, limits.FIELD_VALUE)
        )
    if view.patch_notes:
        add_field(first, "Patch notes", "\n".join(f"• {patch_note_line(n)}" for n in view.patch_notes))
    if view.notes:
        add_field(first, "Note", "\n".join(f"• {n}" for n in notes_text(view.notes)))
    if rule.seed_sentence and rule.wording == "summary":
        add_field(first, "The source's words", f"> {rule.seed_sentence}")
    if view.rulings:
        add_field(first, rulings_heading(view), _rulings_lines(view, ruling_below))
    if also:
        add_field(first, "Also matching", "\n".join(_one_line(r, 120) for r in also))
    embeds[-1].set_footer(text=rule_footer(rule))
    return embeds


def _rulings_lines(view: RuleView, below: Ruling | None = None) -> str:
    """The first rulings' questions with their sources (the community's credit first, as a keyword's list has it;
    the one shown whole below said to be), and the command that shows them all whole."""
    rule = view.rule
    listed = view.rulings[:RULINGS_LISTED]
    credits = _credit_lines(listed)
    lines = [
        f"• {limits.fit(ruling_title(r), 160)} — {ruling_source(r)}"
        + (" (shown below)" if below is not None and r.id == below.id else "")
        for r in listed
    ]
    pointer = rulings_pointer(view, _ruling_command(rule), RULINGS_SHOWN)
    return "\n".join([*credits, *lines, pointer])


def _ruling_command(rule: Rule) -> str:
    """The command that shows the rulings citing a rule: "`/ruling query:464.2.c.3 (v1.4)`"."""
    return f"`/ruling query:{cite(rule.number, rule.version)}`"


def _credit_lines(rulings: Sequence[Ruling]) -> list[str]:
    """The community's credits for a list of rulings, first: a long list is cut at the field's end."""
    return [f"*Community rulings: {c}*" for c in ruling_credits(rulings)]


RULINGS_SHOWN = 8  # rulings /ruling shows, best first
UNSURE_TEXT = 300  # characters of each rule's text in a "not sure" answer
RULING_ANSWER_SHOWN = (
    400  # characters of a ruling's answer said first in a "not sure" answer (whole below it)
)


def rule_unsure_embeds(
    query: str,
    closest: Sequence[RuleView],
    *,
    also: Sequence[Rule] = (),
    read_as: str | None = None,
    ruling: Ruling | None = None,
) -> list[discord.Embed]:
    """Words no rule clearly answers: the closest rules alike (`RuleMatches.closest`, as views), each with its
    number, its text and how many rulings cite it (`/ruling` with its number shows them), none as the answer.
    `read_as`: a line saying how misspelt words were read, first; `ruling`: the ruling that answers the words
    (`RuleMatches.ruling`, shown whole after these), its answer said first, in its source's words."""
    embed = discord.Embed(
        title=limits.fit(f"Not sure which rule answers “{query}”", limits.EMBED_TITLE), colour=COLOR_INFO
    )
    answered = (
        f"**{ruling_source(ruling)}:** {limits.fit(' '.join(ruling.answer.split()), RULING_ANSWER_SHOWN)}"
        if ruling is not None
        else None
    )
    why = (
        "No rule clearly answers these words; the ruling below does."
        if ruling is not None
        else "No rule matches these words clearly better than the others."
    )
    shown = (
        f"{why} The {len(closest)} closest, best first: read each, or ask with other words or a rule number."
    )
    embed.description = limits.fit(
        "\n\n".join(filter(None, [read_as, answered, shown])), limits.EMBED_DESCRIPTION
    )
    for view in closest:
        rule = view.rule
        rulings = rulings_count_line(view, _ruling_command(rule))
        add_field(
            embed,
            limits.fit(rule_heading(rule), limits.FIELD_NAME),
            "\n".join(filter(None, [limits.fit(rule_text(rule), UNSURE_TEXT), rulings])),
        )
    if also:
        add_field(embed, "Also matching", "\n".join(_one_line(r, 120) for r in also))
    embed.set_footer(text=" · ".join(dict.fromkeys(rule_footer(v.rule) for v in closest)))
    return [embed]


def _official_text(view: RuleView) -> Rule | None:
    """For a rule in our words, the newest official wording of the same rule, unless it is only a heading's title."""
    if view.rule.wording != "summary":
        return None
    official = next((r for r in view.lineage if r.wording == "official"), None)
    if official is None or (_is_bare_heading(official) and _is_bare_heading(view.rule)):
        return None
    return official


def rule_footer(rule: Rule) -> str:
    """Where the rule comes from: its source line ("Core Rules 2026-10-09, as quoted on Riot's Hidden keyword
    page"), else its document and version ("Core Rules: as of v1.4", "Tournament Rules, 2026-07-16")."""
    if rule.source:
        return rule.source
    return rule.stamp if rule.doc == TOURNAMENT_DOC else f"{DOC_TITLES[rule.doc]}: {rule.stamp}"


def cited_rules_embeds(views: Sequence[RuleView], missing: Sequence[str] = ()) -> list[discord.Embed]:
    """The full text of the rules an answer cites, one field each."""
    embed = discord.Embed(title="The rules cited", colour=COLOR_INFO)
    for view in views:
        rule = view.rule
        if view.stands_in_for:
            add_field(embed, f"{cite(view.stands_in_for)} · v1.4's wording", stand_in_text(view))
        else:
            add_field(embed, f"{rule_mark(rule)} · {rule.stamp}", rule_text(rule))
    for number in missing:
        embed.add_field(name=number, value=MISSING_RULE, inline=False)
    return [embed]


MISSING_RULE = (
    "Not in the rules the data holds: the current rules are public only in part, and no source pairs this number "
    "with a v1.4 rule."
)


def stand_in_text(view: RuleView) -> str:
    """A current rule whose text is not public, shown by v1.4's corresponding rule, marked as v1.4's wording."""
    return (
        f"*The current text of this rule is not public; this is v1.4's wording, numbered {rule_mark(view.rule)} "
        f"there.*\n{rule_text(view.rule)}"
    )


def _ruling_rules(ruling: Ruling, citations: Sequence[Citation] | None) -> str:
    """ "rules 811.1.b, 312.2 (v1.4)": the numbers with the version each is numbered in."""
    if citations is None:
        citations = [Citation(n, ruling.rules_version or "") for n in ruling.rules]
    if not citations:
        return ""
    return ("rule " if len(citations) == 1 else "rules ") + cited_numbers(citations)


def ruling_source(ruling: Ruling) -> str:
    """ "Official: Riftbound Origins FAQ", "Riot's Hidden keyword page, How Hidden works" (`cardsdb.project.provenance`)."""
    return ruling_label(ruling)


def ruling_title(ruling: Ruling) -> str:
    """ "Q: How do I hide a card?"; a topic (an FAQ's clarification under a heading) is no question: "Legion
    (clarification)"."""
    words = " ".join(ruling.question.split())
    return f"{words} ({TOPIC_LABELS.get(ruling.source, 'ruling')})" if ruling.is_topic else f"Q: {words}"


RELATED_NOTE = "Not cited by the source: the rule its words discuss."


def ruling_embed(
    ruling: Ruling, citations: Sequence[Citation] | None = None, related: Sequence[Rule] = ()
) -> discord.Embed:
    """One ruling; `citations` (CardsDB.ruling_citations) say which version each cited number is in; `related`, for
    a ruling that cites none, the rules its words discuss (CardsDB.ruling_links), shown apart from its citations."""
    superseded = superseded_line(ruling)
    answer = f"**{superseded}**\n\n{ruling.answer.strip()}" if superseded else ruling.answer.strip()
    embed = discord.Embed(
        title=limits.fit(ruling_title(ruling), limits.EMBED_TITLE),
        description=limits.fit(answer, limits.EMBED_DESCRIPTION, marker=limits.CONTINUED),
        colour=COLOR_SUPERSEDED if superseded else COLOR_INFO,
        url=ruling.url or None,
    )
    if len(ruling_title(ruling)) > limits.EMBED_TITLE:
        add_field(embed, "Full question", ruling.question)
    embed.add_field(name="Source", value=limits.fit(ruling_source(ruling), limits.FIELD_VALUE), inline=True)
    if ruling.date:
        embed.add_field(name="Date", value=ruling.date, inline=True)
    if ruling.rules:
        add_field(embed, "Rules", _ruling_rules(ruling, citations), inline=True)
    elif related:
        lines = [_one_line(rule, 200) for rule in related]
        add_field(
            embed,
            "Related rule" if len(related) == 1 else "Related rules",
            "\n".join([*lines, f"*{RELATED_NOTE}*"]),
        )
    if ruling.url:
        embed.add_field(name="Link", value=limits.fit(ruling.url, limits.FIELD_VALUE), inline=False)
    if ruling.credit:
        embed.add_field(name="Credit", value=limits.fit(ruling.credit, limits.FIELD_VALUE), inline=False)
    return embed


def ruling_answer_embed(
    query: str,
    ruling: Ruling,
    citations: Sequence[Citation] | None = None,
    related: Sequence[Rule] = (),
    *,
    rule_shown: bool,
) -> discord.Embed:
    """The ruling sure to answer words asked of /rule (`RuleMatches.ruling`), said to be so, after the rule it rests
    on (`rule_shown`), or after the closest rules when no rule is sure to answer."""
    embed = ruling_embed(ruling, citations, related)
    lead = (
        f"A ruling answering these words, {'citing' if ruling.rules else 'on'} the rule above."
        if rule_shown
        else f"The ruling that answers “{query}”."
    )
    embed.description = limits.fit(
        f"*{lead}*\n\n{embed.description or ''}", limits.EMBED_DESCRIPTION, marker=limits.CONTINUED
    )
    return embed


def rulings_embeds(
    query: str,
    rulings: Sequence[Ruling],
    citations: Sequence[Sequence[Citation]] | None = None,
    related: Sequence[Sequence[Rule]] | None = None,
    *,
    read_as: str | None = None,
    confident: bool = True,
    total: int | None = None,
) -> list[discord.Embed]:
    """`read_as`: a line saying how misspelt words were read, first. Not `confident`: no ruling is sure to answer
    the words, so the title says so and the rulings are the closest, none as the answer. `total`: how many match in
    all (a rule number's or a card's), where more may than are shown."""
    if confident:
        title = f"Rulings for “{query}”"
        counted = (
            "1 matching answer."
            if len(rulings) == 1
            else f"{total} matching answers; the first {len(rulings)}, best first."
            if total is not None and total > len(rulings)
            else f"{len(rulings)} matching answers, best first."
        )
    else:
        title = f"Not sure a ruling answers “{query}”"
        closest = (
            "The closest one: read it"
            if len(rulings) == 1
            else f"The {len(rulings)} closest, best first: read each"
        )
        counted = (
            f"No FAQ answer or ruling clearly answers these words. {closest}, or try `/rule` with the same words for "
            "the rule itself."
        )
    head = discord.Embed(
        title=limits.fit(title, limits.EMBED_TITLE),
        description=limits.fit(" ".join(filter(None, [read_as, counted])), limits.EMBED_DESCRIPTION),
        colour=COLOR_INFO,
    )
    cited = list(citations) if citations is not None else [None] * len(rulings)
    linked = list(related) if related is not None else [()] * len(rulings)
    return [head, *(ruling_embed(r, c, k) for r, c, k in zip(rulings, cited, linked, strict=True))]


def keyword_embeds(
    info: KeywordInfo,
    symbols: Symbols | None = None,
    *,
    match_note: str | None = None,
    citations: Sequence[Sequence[Citation]] | None = None,
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
        newer = "a newer card" if len(info.seed_only) == 1 else "newer cards"
        have += f" (plus {', '.join(info.seed_only)}, {newer} known only in part)"
    if info.kind != "token":
        parts.append(f"{have}; {care}.")
    embed.description = limits.fit("\n\n".join(parts), limits.EMBED_DESCRIPTION)
    for rule in info.rules:
        title = f" {rule.title}" if rule.kind in ("heading", "chapter") and rule.title else ""
        add_field(embed, limits.fit(f"{rule_mark(rule)}{title}", limits.FIELD_NAME), rule_text(rule))
    if info.rulings:
        cited = list(citations) if citations is not None else [None] * len(info.rulings)
        lines = [
            " ".join(
                part
                for part in (
                    f"• {' '.join(r.question.split())}"
                    + (" (clarification)" if r.is_topic and r.source == "official" else ""),
                    f"({_ruling_rules(r, c)})" if r.rules else "",
                    "(community, not official)" if r.source == "community" else "",
                    "(superseded by an erratum)" if r.superseded else "",
                )
                if part
            )
            for r, c in zip(info.rulings, cited, strict=True)
        ]
        add_field(embed, "FAQ", "\n".join([*_credit_lines(info.rulings), *lines]))
    # " · " between names: names hold commas ("Leona, Determined").
    if info.cards_with:
        add_field(embed, "Cards with it", limits.fit(" · ".join(info.cards_with), 1000))
    if info.cards_referring:
        title = "Cards that use it" if info.kind == "token" else "Cards that care"
        add_field(embed, title, limits.fit(" · ".join(info.cards_referring), 1000))
    if info.text_unknown:
        add_field(
            embed,
            f"Not counted: {len(info.text_unknown)} newer cards whose text is not known yet",
            limits.fit(" · ".join(info.text_unknown), 1000),
        )
    return [embed]
