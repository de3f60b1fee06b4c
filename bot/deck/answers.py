"""/deck check: from the options to a reply. The deck check (`cardsdb.deck`) decides; this module only asks it and
renders its verdict. A reply's `state` lets Details and Post publicly answer the same question again."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from bot.deck import render
from bot.errors import UserError
from bot.services import Services
from bot.ui.reply import Reply
from cardsdb.deck import DeckVerdict, check_code, check_list, parse_format
from cardsdb.deck.codes import looks_like_code
from cardsdb.deck.rules import marked

DECK_QUESTION = "deck"
MAX_LIST_OPTION = 6000  # a slash command's text option holds at most 6,000 characters; the form 4,000


def _question(list_text: str | None, code: str | None) -> tuple[str | None, str | None]:
    """(the list, the code) asked about: a code pasted where the list goes is read as a code."""
    text = (list_text or "").strip() or None
    given = (code or "").strip() or None
    if text is None and given is None:
        raise UserError(
            "Give a deck list (`list:`) or a deck code (`code:`); `/deck check` with neither opens a form to paste "
            "a list."
        )
    if text is not None and given is not None:
        raise UserError("Give a deck list or a deck code, not both.")
    if text is not None and looks_like_code(text):
        return None, text
    return text, given


def verdict_for(
    services: Services,
    list_text: str | None,
    code: str | None,
    format_name: str | None,
    on: date | None = None,
) -> DeckVerdict:
    text, given = _question(list_text, code)
    cards = services.cards()
    if given is not None:
        return check_code(given, cards, format_name, on=on)
    return check_list(text or "", cards, format_name, on=on)


def deck_reply(
    services: Services,
    *,
    list_text: str | None = None,
    code: str | None = None,
    format_name: str | None = None,
    on: date | None = None,
) -> Reply:
    """The verdict at a glance: every problem with its rules, what was assumed, the deck's summary."""
    fmt = parse_format(format_name)
    verdict = verdict_for(services, list_text, code, fmt, on)
    embed = render.deck_embed(verdict, card_data=services.meta().get("cards_updated_at"))
    text, given = _question(list_text, code)
    state = {
        "q": DECK_QUESTION,
        "list": text,
        "code": given,
        "format": fmt,
        "on": verdict.checked_on.isoformat(),
    }
    return Reply([embed], citations=_citations(verdict), state=state, extras={"verdict": verdict})


def _citations(verdict: DeckVerdict) -> tuple[str, ...]:
    """The numbers "Show the cited rules" looks up, each in its version: "103.2.b (v1.4)", "TR 402.1"."""
    return tuple(marked(c) for c in verdict.cited)


def _on(state: Mapping[str, Any]) -> date | None:
    try:
        return date.fromisoformat(str(state.get("on")))
    except ValueError:
        return None


def _text(value: object) -> str | None:
    return str(value) if isinstance(value, str) and value else None


def deck_again(services: Services, state: Mapping[str, Any]) -> Reply:
    """The same question answered again (Post publicly), on the date it was first asked."""
    return deck_reply(
        services,
        list_text=_text(state.get("list")),
        code=_text(state.get("code")),
        format_name=_text(state.get("format")),
        on=_on(state),
    )


def deck_details_reply(services: Services, state: Mapping[str, Any]) -> Reply:
    """Details: every check made and the deck as it was read, on the date the question was first asked."""
    verdict = verdict_for(
        services, _text(state.get("list")), _text(state.get("code")), _text(state.get("format")), _on(state)
    )
    embeds = render.details_embeds(verdict, card_data=services.meta().get("cards_updated_at"))
    return Reply(embeds, citations=_citations(verdict), extras={"verdict": verdict})
