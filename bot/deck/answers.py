"""/deck check: from the options to a reply. The deck check (`cardsdb.deck`) decides; this module only asks it and
renders its verdict. A reply's `state` lets Details and Post publicly answer the same question again."""

from __future__ import annotations

from datetime import date

from bot.answer_state import DeckState, kept_paste
from bot.deck import render
from bot.errors import UserError
from bot.services import Services
from bot.ui.reply import Reply
from cardsdb.deck import DeckVerdict, check_code, check_list, parse_format
from cardsdb.deck.codes import looks_like_code
from cardsdb.deck.rules import marked

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
    kept = kept_paste(text)  # a long list is kept as its code, where it has one
    kept_code = given if given is not None or kept is not None or text is None else verdict.code
    state = DeckState(kept, kept_code, fmt, verdict.checked_on) if kept or kept_code else None
    return Reply([embed], citations=_citations(verdict), state=state)


def _citations(verdict: DeckVerdict) -> tuple[str, ...]:
    """The numbers "Show the cited rules" looks up, each in its version: "103.2.b (v1.4)", "TR 402.1"."""
    return tuple(marked(c) for c in verdict.cited)


def deck_again(services: Services, state: DeckState) -> Reply:
    """The same question answered again (Post publicly), on the date it was first asked."""
    return deck_reply(
        services, list_text=state.list_text, code=state.code, format_name=state.format_name, on=state.on
    )


def deck_details_reply(services: Services, state: DeckState) -> Reply:
    """Details: every check made and the deck as it was read, on the date the question was first asked."""
    verdict = verdict_for(services, state.list_text, state.code, state.format_name, state.on)
    embeds = render.details_embeds(verdict, card_data=services.meta().get("cards_updated_at"))
    return Reply(embeds, citations=_citations(verdict))
