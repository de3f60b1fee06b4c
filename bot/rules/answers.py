"""/rule, /changes, /ruling and /keyword: from a number or words to the embeds that answer them. No Discord I/O here."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.database import CardsLookup
from bot.errors import need
from bot.rules.changes import CHANGES_PAGE_SIZE, changes_page_embed
from bot.rules.render import (
    RULINGS_SHOWN,
    keyword_embeds,
    rule_embeds,
    rule_unsure_embeds,
    ruling_answer_embed,
    rulings_embeds,
)
from bot.services import Services
from bot.ui.render import rule_mark
from bot.ui.reply import ChangesPage, Reply
from bot.ui.text import echo
from cardsdb import rule_numbers
from cardsdb.errors import NotFound
from cardsdb.models import CURRENT_RULES_VERSION, Rule, RuleMatches, RuleView, Ruling
from cardsdb.rule_versions import Citation, cite

RULE_ALSO = 5  # other rules listed under the best match for words


def rule_reply(
    services: Services, query: str, *, doc: str | None = None, version: str | None = None
) -> Reply:
    """A rule by number or words, from the newest version that has it unless `version` asks for one; `doc`: core or
    tournament (words without it are asked of both). A version or document that doesn't exist is answered privately
    in one line (BadVersion)."""
    text = need(query, "a rule number (like 811.1.d) or some words")
    db = services.cards()
    lookup = db.look_up_rule(text, doc=doc, version=version)
    if lookup.by_number:
        view = lookup.view
        if view is None:
            where = (
                " of the Tournament Rules"
                if doc == "tournament"
                else f" in {version.strip()}"
                if version
                else ""
            )
            raise NotFound(
                f"There is no rule {echo(text)}{where} in the rules table.",  # where: a known doc or version
                db.suggest_rules(text, doc=doc, version=version),
            )
        return Reply(rule_embeds(view))
    found = lookup.found
    if not found.rules:
        raise NotFound(f"No rule matches “{echo(text)}”. Try a number like 811.1.d or other words.")
    return _words_reply(db, echo(text), found)


def _words_reply(db: CardsLookup, query: str, found: RuleMatches) -> Reply:
    """The best match for words, or the closest few alike when none clearly answers; a ruling that asks what the
    words ask (`RuleMatches.ruling`) after them, its answer said first where no rule is sure to answer."""
    read_as = f"Read as “{echo(found.read_as)}”." if found.read_as else None  # a misspelt word read as meant
    ruling = found.ruling
    if found.confident:
        # The best match, and the next ones in case the best is not what was meant.
        note = " ".join(filter(None, [f"Best match for “{query}”.", read_as]))
        view = db.rule_view(found.rules[0])
        embeds = rule_embeds(
            view, query_note=note, also=_not_shown(found.also, view)[:RULE_ALSO], ruling_below=ruling
        )
        if ruling is not None:
            embeds.append(_ruling_embed(db, query, ruling, rule_shown=True))
        return Reply(embeds)
    # No rule clearly ahead: the closest few alike, not one headline, each saying how many rulings cite it.
    closest, others = [db.rule_view(r) for r in found.closest], found.also
    if ruling is None:
        return Reply(rule_unsure_embeds(query, closest, also=others, read_as=read_as))
    # The ruling answers, in its source's words, at the head of the closest rules; whole after them.
    citations = db.ruling_citations(ruling)
    return Reply(
        [
            *rule_unsure_embeds(query, closest, also=others, read_as=read_as, ruling=ruling),
            _ruling_embed(db, query, ruling, rule_shown=False, citations=citations),
        ],
        citations=_cited([citations]),
    )


def _not_shown(rules: Sequence[Rule], view: RuleView) -> list[Rule]:
    """The rules the words also matched, but for those the answer already shows with its rule (the rule it is part
    of, its sub-rules): "194.3.a" is listed once, under 194.3's sub-rules."""
    shown = {(r.doc, r.version, r.number) for r in (view.rule, *view.parents, *view.children)}
    return [r for r in rules if (r.doc, r.version, r.number) not in shown]


def _ruling_embed(
    db: CardsLookup,
    query: str,
    ruling: Ruling,
    *,
    rule_shown: bool,
    citations: Sequence[Citation] | None = None,
) -> discord.Embed:
    cited = db.ruling_citations(ruling) if citations is None else citations
    related = () if ruling.rules else db.ruling_links(ruling)
    return ruling_answer_embed(query, ruling, cited, related, rule_shown=rule_shown)


def _cited(groups: Sequence[Sequence[Citation]]) -> tuple[str, ...]:
    """The rule numbers rulings cite (`CardsDB.ruling_citations`, a group a ruling), each once, for "Show the cited
    rules", which looks each up in the version the ruling cites it in. A current number the data lacks is kept too:
    v1.4's corresponding rule may stand in."""
    return tuple(
        dict.fromkeys(
            cite(c.number, c.version)
            for group in groups
            for c in group
            if c.found or c.version == CURRENT_RULES_VERSION
        )
    )


def changes_reply(
    services: Services, from_version: str, to_version: str, under: str | None = None, page: int = 0
) -> Reply:
    """One page of what changed between two rules versions (older first), under a rule number or everywhere."""
    found = services.cards().changes(
        need(from_version, "the older version (from)"), need(to_version, "the newer version (to)"), under
    )
    embed = changes_page_embed(found, page)
    pages = max(1, -(-len(found.changes) // CHANGES_PAGE_SIZE))
    return Reply(
        [embed],
        extras=ChangesPage(found.from_version, found.to_version, found.under, page, pages),
    )


def ruling_reply(services: Services, query: str) -> Reply:
    text = need(query, "some words, a card name or a rule number")
    db = services.cards()
    matches = db.match_rulings(text, limit=RULINGS_SHOWN)
    found = list(matches.rulings)
    if not found and rule_numbers.number_shaped(text) and rule_numbers.parse_rule_ref(text) is None:
        raise NotFound(f"No rule has the number {echo(text)}, so no ruling cites it.", db.suggest_rules(text))
    if not found:
        raise NotFound(
            f"No FAQ answer or ruling matches “{echo(text)}”. For the rule itself, try `/rule` with the same words."
        )
    cited = [db.ruling_citations(r) for r in found]
    related = [() if r.rules else db.ruling_links(r) for r in found]
    citations = _cited(cited)
    # a misspelt word read as meant
    read_as = f"Read as “{echo(matches.read_as)}”." if matches.read_as else None
    return Reply(
        rulings_embeds(
            echo(text),
            found,
            cited,
            related,
            read_as=read_as,
            confident=matches.confident,
            total=matches.total,
        ),
        citations=citations,
    )


def keyword_reply(services: Services, name: str) -> Reply:
    text = need(name, "a keyword")
    db = services.cards()
    resolved = db.resolve_keyword(text)
    info = db.keyword(resolved[0]) if resolved else None
    if info is None:
        from cardsdb.search.name_index import close_names

        raise NotFound(f"No keyword named “{echo(text)}”.", close_names(db.keyword_names(), text))
    note = None if resolved and resolved[1] else f"Closest keyword for “{echo(text)}”."
    cited = [db.ruling_citations(r) for r in info.rulings]
    return Reply(
        keyword_embeds(info, services.symbols, match_note=note, citations=cited),
        citations=tuple(rule_mark(r) for r in info.rules),
    )
