"""From a question to the embeds that answer it: look up, ask the engine, render. No Discord I/O here.

The cogs, the `[[card]]` listener, the buttons and `python -m bot ask` all answer through these functions.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot import render
from bot.builder import QUESTIONS, Question, quick_position
from bot.errors import CardNotFound, UserError
from bot.reply import Reply
from bot.services import Services, engine_check
from bot.text import echo
from cardsdb import currency, rule_numbers
from cardsdb.engine import Answer, Citation, HiddenProfile, card_profile
from cardsdb.errors import CardsDBError, NotFound
from cardsdb.models import Card
from cardsdb.question_confidence import RULE_CANDIDATES, UNSURE_SHOWN
from cardsdb.rule_versions import cite

log = logging.getLogger(__name__)


def marked(cited: Iterable[Citation]) -> tuple[str, ...]:
    """The engine's citations as the "Show the cited rules" button looks them up: "312.2 (v1.4)" in its version."""
    return tuple(cite(c.number, c.version) for c in cited)


MAX_CARD_REFS = 3
CARD_REF = re.compile(r"\[\[([^\[\]\n]{1,100})\]\]")
MAX_SCENARIO_CHARS = 8000
RULE_ALSO = 5  # other rules listed under the best match for words
RULINGS_SHOWN = 8  # rulings /ruling shows, best first


def _need(value: str | None, what: str) -> str:
    text = " ".join((value or "").split())
    if not text:
        raise UserError(f"Give {what}.")
    return text


MAX_OTHER_NAMES = 8  # other cards a partial name may mean, named under the card shown


def lookup_card(services: Services, name: str) -> tuple[Card, str | None]:
    """The card for a typed name (typos forgiven) and a note when the match was not exact, naming the other cards
    it may mean: its runners-up, and the cards whose name, or a word in it, begins so ("Yi": Master Yi's too).
    A partial name that matches nothing closely raises CardNotFound with the cards that begin so ("Ez"), else with
    the closest names."""
    query = _need(name, "a card name")
    db = services.cards()
    match = db.find_card(query)
    if match is not None and match.match == "exact":
        return match.card, None
    starting = list(db.cards_starting(query, limit=render.misc.STARTING_LOOKED_UP))
    if match is None and len(starting) == 1:
        card = db.get_card(starting[0])
        if card is not None:
            return card, f"*Closest match for “{echo(query)}”.*"
    if match is None:
        raise CardNotFound(query, starting or list(db.suggest_cards(query, limit=5)))
    note = f"*Closest match for “{echo(query)}”.*"
    others = [n for n in dict.fromkeys([*match.alternatives, *starting]) if n != match.card.name]
    if others:
        # Bold each name: names hold commas ("Vi, Destructive"), so a plain comma list would be ambiguous.
        note += " Other cards it may mean: " + " · ".join(f"**{n}**" for n in others[:MAX_OTHER_NAMES])
        if len(others) > MAX_OTHER_NAMES:
            many = len(starting) >= render.misc.STARTING_LOOKED_UP
            note += " and many more" if many else f" and {len(others) - MAX_OTHER_NAMES} more"
    return match.card, note


def facedown_profile(card: Card) -> HiddenProfile | None:
    """The engine's Hidden profile of the card (its choices from facedown); None for a card without Hidden."""
    if not card.has_keyword("Hidden") and "hidden" not in card.text.casefold():
        return None
    profile = card_profile(card)
    return profile if profile.has_hidden else None


def card_reply(services: Services, name: str, *, image: bool = False) -> Reply:
    """The card; with `image`, the full card image of its printing instead of a thumbnail."""
    card, note = lookup_card(services, name)
    db = services.cards()
    reminders: dict[str, tuple[str | None, Sequence[str]]] = {}
    for kw in card.keywords:
        line = db.keyword_line(kw.name)
        if line is not None:
            # The keyword's own rule (811 for Hidden), not every sub-rule: /keyword shows those.
            reminder, rule = line
            reminders[kw.name] = (reminder, (render.rule_mark(rule),) if rule else ())
    facedown = facedown_profile(card)
    embeds = render.card_embeds(
        card,
        symbols=services.symbols,
        keyword_reminders=reminders,
        errata=list(db.errata_for(card.name)),
        legality=db.legality(card.name),
        facedown=facedown,
        match_note=note,
        image=image,
        gaps=currency.gaps_line(currency.lacks(db.meta())),
    )
    return Reply(embeds, citations=marked(facedown.cited) if facedown else ())


def message_replies(services: Services, content: str) -> list[Reply]:
    """`[[Card Name]]` in a message: one card reply per name (at most 3); unknown names say so in one embed; more
    names than that get one line saying only the first 3 are shown."""
    names: dict[str, str] = {}
    for match in CARD_REF.finditer(content):
        name = " ".join(match.group(1).split())
        if name:
            names.setdefault(name.casefold(), name)
    replies: list[Reply] = []
    for name in list(names.values())[:MAX_CARD_REFS]:
        try:
            replies.append(card_reply(services, name))
        except CardNotFound as missing:
            embed = render.not_found_embed("card", missing.query, missing.suggestions)
            replies.append(Reply([embed], extras={"suggestions": list(missing.suggestions)}))
    if len(names) > MAX_CARD_REFS:
        replies.append(Reply([render.more_cards_embed(len(names), MAX_CARD_REFS)]))
    return replies


def rule_reply(
    services: Services, query: str, *, doc: str | None = None, version: str | None = None
) -> Reply:
    """A rule by number or words, from the newest version that has it unless `version` asks for one; `doc`: core or
    tournament (words without it are asked of both). A version or document that doesn't exist is answered privately
    in one line (BadVersion)."""
    text = _need(query, "a rule number (like 811.1.d) or some words")
    db = services.cards()
    if rule_numbers.looks_like_number(text):
        view = db.rule(text, doc=doc, version=version)
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
        return Reply(render.rule_embeds(view))
    found = db.match_rules(text, RULE_CANDIDATES, doc=doc, version=version)
    if not found.rules:
        raise NotFound(f"No rule matches “{echo(text)}”. Try a number like 811.1.d or other words.")
    if not found.confident:
        # No rule clearly ahead: the closest few alike, not one headline.
        closest, others = found.rules[:UNSURE_SHOWN], found.rules[UNSURE_SHOWN:]
        return Reply(render.rule_unsure_embeds(echo(text), closest, also=others))
    # Words: the best match, and the next ones in case the best is not what was meant.
    note = f"Best match for “{echo(text)}”."
    view = db.rule_view(found.rules[0])
    return Reply(render.rule_embeds(view, query_note=note, also=found.rules[1 : 1 + RULE_ALSO]))


def changes_reply(
    services: Services, from_version: str, to_version: str, under: str | None = None, page: int = 0
) -> Reply:
    """One page of what changed between two rules versions (older first), under a rule number or everywhere."""
    found = services.cards().changes(
        _need(from_version, "the older version (from)"), _need(to_version, "the newer version (to)"), under
    )
    embed = render.changes_page_embed(found, page)
    pages = max(1, -(-len(found.changes) // render.CHANGES_PAGE_SIZE))
    return Reply(
        [embed],
        extras={
            "from": found.from_version,
            "to": found.to_version,
            "under": found.under,
            "page": page,
            "pages": pages,
        },
    )


def ruling_reply(services: Services, query: str) -> Reply:
    text = _need(query, "some words, a card name or a rule number")
    db = services.cards()
    found = list(db.rulings(text, limit=RULINGS_SHOWN))
    if not found and rule_numbers.number_shaped(text) and rule_numbers.parse_rule_ref(text) is None:
        raise NotFound(f"No rule has the number {echo(text)}, so no ruling cites it.", db.suggest_rules(text))
    if not found:
        raise NotFound(
            f"No FAQ answer or ruling matches “{echo(text)}”. For the rule itself, try `/rule` with the same words."
        )
    cited = [db.ruling_citations(r) for r in found]
    related = [() if r.rules else db.ruling_links(r) for r in found]
    # The "rules cited" button looks each number up in the version the ruling cites it in.
    citations = tuple(dict.fromkeys(cite(c.number, c.version) for group in cited for c in group if c.found))
    return Reply(render.rulings_embeds(echo(text), found, cited, related), citations=citations)


def keyword_reply(services: Services, name: str) -> Reply:
    text = _need(name, "a keyword")
    db = services.cards()
    resolved = db.resolve_keyword(text)
    info = db.keyword(resolved[0]) if resolved else None
    if info is None:
        from cardsdb.fuzzy import close_names

        raise NotFound(f"No keyword named “{echo(text)}”.", close_names(db.keyword_names(), text))
    note = None if resolved and resolved[1] else f"Closest keyword for “{echo(text)}”."
    cited = [db.ruling_citations(r) for r in info.rulings]
    return Reply(
        render.keyword_embeds(info, services.symbols, match_note=note, citations=cited),
        citations=tuple(render.rule_mark(r) for r in info.rules),
    )


def search_reply(services: Services, query: str, page: int = 0) -> Reply:
    text = _need(query, "a search, like `kw:hidden t:spell`")
    size = render.misc.PAGE_SIZE
    db = services.cards()
    result = db.search(text, limit=size, offset=page * size)
    total = int(result.total)
    embed = render.search_page_embed(
        text,
        list(result.cards),
        total=total,
        page=page,
        symbols=services.symbols,
        hint=db.search_hint(text) if total == 0 else None,
    )
    return Reply([embed], extras={"query": text, "page": page, "total": total})


# ---- the Hidden engine ---------------------------------------------------------------------------------------
# /hidden hide, play and targets answer at a glance (`render.quick_embed`); their Details button, and /hidden scenario,
# give the whole answer (`render.verdict_embeds`). A quick reply's `state` is what its buttons need to answer again.


def _position_text(scenario: Mapping[str, Any]) -> str:
    from cardsdb.engine.quick import dump_scenario

    return str(dump_scenario(scenario))


def scenario_code(scenario: Mapping[str, Any]) -> str | None:
    """The position's scenario code (`rb1.…`, docs/scenario-codes.md), or None when it cannot be encoded."""
    from cardsdb import scenario_code as codes

    try:
        return codes.encode(scenario)
    except CardsDBError:
        return None


def verdict_reply(
    services: Services,
    answer: Answer,
    *,
    scenario: Mapping[str, Any] | None,
    set_by_user: Sequence[str] = (),
    card: Card | None = None,
    show_yaml: bool = True,
    match_note: str | None = None,
) -> Reply:
    """The whole answer: every check, the choices, the effects, the position and its scenario code."""
    assumed = [*set_by_user, *answer.assumptions]
    embeds = render.verdict_embeds(
        answer,
        card_data=services.meta().get("cards_updated_at"),
        position=_position_text(scenario) if scenario is not None and show_yaml else None,
        code=scenario_code(scenario) if scenario is not None else None,
        assumed=assumed,
        reasons=_reasons(card),
        match_note=match_note,
    )
    return Reply(embeds, citations=marked(answer.cited), extras={"answer": answer})


def _reasons(card: Card | None) -> dict[str, str]:
    """Why each of the card's choices is or is not restricted from facedown (the engine's profile)."""
    profile = facedown_profile(card) if card is not None else None
    return {c.choice: c.why for c in (profile.choices if profile else ()) if c.why}


def hidden_hide_reply(
    services: Services, card_name: str, *, match_note: str | None = None, **options: Any
) -> Reply:
    """`match_note`: how the name was matched, when the caller looked the card up (a button asks by exact name)."""
    return quick_reply(services, "hide", card_name, options, match_note=match_note)


def hidden_play_reply(
    services: Services, card_name: str, *, match_note: str | None = None, **options: Any
) -> Reply:
    """`match_note`: as for hidden_hide_reply."""
    return quick_reply(services, "play", card_name, options, match_note=match_note)


def hidden_targets_reply(services: Services, card_name: str, *, match_note: str | None = None) -> Reply:
    """The card played from facedown where its choices arise; the answer says which position that is."""
    return quick_reply(services, "targets", card_name, {}, match_note=match_note)


def quick_reply(
    services: Services,
    question: Question,
    card_name: str,
    options: Mapping[str, Any],
    *,
    match_note: str | None = None,
) -> Reply:
    """A quick question answered at a glance: the options turned into a position (`bot.builder`), the engine's
    verdict, why, and what was assumed in one line. Its `state` lets Details, the builder and Post publicly answer
    again."""
    card, note = lookup_card(services, card_name)
    note = match_note or note
    given = {k: v for k, v in options.items() if v is not None}
    position = quick_position(question, card, given)
    answer = engine_check(position.scenario, services.cards())
    embed = render.quick_embed(
        answer, assumed=position.assumed, match_note=note, card_data=services.meta().get("cards_updated_at")
    )
    state = {
        "q": question,
        "card": card.name,
        "options": given,
        "note": note,
        "code": scenario_code(position.scenario),
    }
    return Reply([embed], citations=marked(answer.cited), state=state, extras={"answer": answer})


def details_reply(services: Services, state: Mapping[str, Any]) -> Reply:
    """The whole answer behind a quick one (its `state`): the position its scenario code holds, every check."""
    question = state.get("q")
    if question not in QUESTIONS:
        raise UserError("That answer has no details to show.")
    card, _ = lookup_card(services, str(state.get("card") or ""))
    given = state.get("options")
    position = quick_position(question, card, given if isinstance(given, Mapping) else {})
    scenario: Mapping[str, Any] = position.scenario
    code = state.get("code")
    if isinstance(code, str):
        from cardsdb import scenario_code as codes

        scenario = codes.decode(code)
    note = state.get("note")
    return verdict_reply(
        services,
        engine_check(scenario, services.cards()),
        scenario=scenario,
        set_by_user=position.lines,
        card=card if question == "targets" else None,
        match_note=note if isinstance(note, str) else None,
    )


def scenario_reply(services: Services, text: str) -> Reply:
    """/hidden scenario: the whole answer to a pasted position or a scenario code."""
    raw = (text or "").strip()
    if not raw:
        raise UserError("Give a scenario (see `/help`), or run `/hidden scenario` without text to paste one.")
    if len(raw) > MAX_SCENARIO_CHARS:
        raise UserError(f"That scenario has {len(raw)} characters; the limit is {MAX_SCENARIO_CHARS}.")
    from cardsdb import scenario_code as codes
    from cardsdb.engine.scenario import load_text

    data = codes.decode(raw) if codes.is_code(raw) else load_text(raw)
    if not isinstance(data, Mapping):
        raise UserError("A scenario is a mapping of keys like `me:`, `battlefields:` and `ask:` (see /help).")
    answer = engine_check(data, services.cards())
    reply = verdict_reply(services, answer, scenario=data, show_yaml=False)
    reply.state = {"q": "scenario", "text": scenario_code(data) or raw}
    return reply
