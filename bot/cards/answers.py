"""/card, /search and `[[Card Name]]`: from a name or a search to the embeds that answer it (look up, render). The
card a hidden question names is looked up here too. No Discord I/O here."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.cards.render import card_embeds
from bot.cards.search import PAGE_SIZE, search_page_embed
from bot.errors import CardNotFound, need
from bot.services import Services
from bot.ui.notices import STARTING_LOOKED_UP, more_cards_embed, not_found_embed
from bot.ui.render import marked, rule_mark
from bot.ui.reply import Reply, SearchPage, Suggestions
from bot.ui.text import echo
from cardsdb.cli import currency_words
from cardsdb.cli.search_words import hint_text
from cardsdb.engine import HiddenProfile, card_profile
from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.models import Card, SearchHint
from cardsdb.query import currency

MAX_CARD_REFS = 3
MAX_LOOKED_UP = (
    3 * MAX_CARD_REFS
)  # names of one message looked up at most (a card may be written several ways)
CARD_REF = re.compile(r"\[\[([^\[\]\n]{1,100})\]\]")
MAX_OTHER_NAMES = 8  # other cards a partial name may mean, named under the card shown


def lookup_card(services: Services, name: str) -> tuple[Card, str | None]:
    """The card for a typed name (typos forgiven) and a note when the match was not exact, naming the other cards
    it may mean: its runners-up, and the cards whose name, or a word in it, begins so ("Yi": Master Yi's too).
    A partial name that matches nothing closely raises CardNotFound with the cards that begin so ("Ez"), else with
    the closest names."""
    query = need(name, "a card name")
    db = services.cards()
    match = db.find_card(query)
    if match is not None and match.match == "exact":
        return match.card, None
    starting = list(db.cards_starting(query, limit=STARTING_LOOKED_UP))
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
            many = len(starting) >= STARTING_LOOKED_UP
            note += " and many more" if many else f" and {len(others) - MAX_OTHER_NAMES} more"
    return match.card, note


def facedown_profile(card: Card, reading: CardReading) -> HiddenProfile | None:
    """The engine's Hidden profile of the card (its choices from facedown); None for a card without Hidden."""
    if not card.has_keyword("Hidden") and "hidden" not in card.text.casefold():
        return None
    profile = card_profile(card, reading)
    return profile if profile.has_hidden else None


def card_reply(services: Services, name: str, *, image: bool = False) -> Reply:
    """The card; with `image`, the full card image of its printing instead of a thumbnail."""
    card, note = lookup_card(services, name)
    return _card_reply(services, card, note, image=image)


def _card_reply(services: Services, card: Card, note: str | None, *, image: bool = False) -> Reply:
    db = services.cards()
    reminders: dict[str, tuple[str | None, Sequence[str]]] = {}
    for kw in card.keywords:
        line = db.keyword_line(kw.name)
        if line is not None:
            # The keyword's own rule (811 for Hidden), not every sub-rule: /keyword shows those.
            reminder, rule = line
            reminders[kw.name] = (reminder, (rule_mark(rule),) if rule else ())
    facedown = facedown_profile(card, db.reading(card))
    embeds = card_embeds(
        card,
        symbols=services.symbols,
        keyword_reminders=reminders,
        errata=list(db.errata_for(card.name)),
        legality=db.legality(card.name),
        facedown=facedown,
        match_note=note,
        image=image,
        gaps=currency_words.gaps_line(currency.lacks(db.meta())),
    )
    return Reply(embeds, citations=marked(facedown.cited) if facedown else ())


def message_replies(services: Services, content: str) -> list[Reply]:
    """`[[Card Name]]` in a message: one card reply per card (at most 3), each card once however it was written
    (`[[Tideturner]] vs [[tideturnr]]`, a name and its printing's code); unknown names say so in one embed; more
    cards than that get one line saying only the first 3 are shown."""
    names: dict[str, str] = {}
    for match in CARD_REF.finditer(content):
        name = " ".join(match.group(1).split())
        if name:
            names.setdefault(name.casefold(), name)
    typed = list(names.values())
    replies: list[Reply] = []
    shown: set[str] = set()
    looked_up = 0
    for name in typed[:MAX_LOOKED_UP]:
        looked_up += 1
        try:
            card, note = lookup_card(services, name)
        except CardNotFound as missing:
            embed = not_found_embed("card", missing.query, missing.suggestions)
            replies.append(Reply([embed], extras=Suggestions(tuple(missing.suggestions))))
        else:
            if card.id in shown:
                continue
            shown.add(card.id)
            replies.append(_card_reply(services, card, note))
        if len(replies) == MAX_CARD_REFS:
            break
    named = len(replies) + len(typed) - looked_up
    if named > MAX_CARD_REFS:
        replies.append(Reply([more_cards_embed(named, MAX_CARD_REFS)]))
    return replies


def search_reply(services: Services, query: str, page: int = 0) -> Reply:
    text = need(query, "a search, like `kw:hidden t:spell`")
    size = PAGE_SIZE
    db = services.cards()
    result = db.search(text, limit=size, offset=page * size)
    total = int(result.total)
    embed = search_page_embed(
        text,
        list(result.cards),
        total=total,
        page=page,
        symbols=services.symbols,
        hint=_hint(db.search_hint(text)) if total == 0 else None,
    )
    return Reply([embed], extras=SearchPage(text, page, total))


def _hint(hint: SearchHint | None) -> str | None:
    return hint_text(hint) if hint is not None else None
