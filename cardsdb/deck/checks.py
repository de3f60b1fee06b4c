"""The checks of the deck's shape, one function each: the legend, other legends, the chosen champion, the main deck's
size, the rune deck, the battlefields, the sideboard, tokens and cards in the wrong section. Each returns a typed
`DeckCheck` holding every problem it found (never only the first) and what it could not decide.

The checks of the cards themselves (copies, domains, signatures, bans, sets, texts) are in `checks_cards.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardsdb.deck import cards as facts
from cardsdb.deck import rules as r
from cardsdb.deck.context import Context
from cardsdb.deck.deck import SECTION_WORDS, Entry
from cardsdb.deck.verdict import DeckCheck, Finding
from cardsdb.models import Card
from cardsdb.rule_versions import Citation

MAIN_DECK_SIZE = 40  # TR 402.1, 601.1.b (the Core Rules' 103.2: at least 40)
RUNE_DECK_SIZE = 12  # 103.3.a, TR 402.1
BATTLEFIELD_COUNT = 3  # TR 402.1; 489.4.a in 2v2
SIDEBOARD_MOST = 10  # TR 601.1.c.1


def partly_known(card: Card, what: str, rules: Sequence[Citation]) -> Finding:
    """The one way a card known only in part leaves a check undecided; `what` says what is not known."""
    return Finding(
        "card_partly_known",
        tuple(rules),
        f"{card.name} is known only in part: {what}.",
        (card.name,),
    )


def _names(entries: Sequence[Entry]) -> str:
    names = list(dict.fromkeys(e.name for e in entries))
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]}"


def check_legend(ctx: Context) -> DeckCheck:
    rules = (r.ONE_LEGEND, r.TR_DECK_SIZE)
    slot = ctx.deck.in_section("legend")
    problems: list[Finding] = []
    undecided: list[Finding] = []
    for entry in slot:
        if facts.partial(entry.card) and not entry.card.types:
            undecided.append(partly_known(entry.card, "whether it is a legend is not known", rules))
        elif not entry.card.is_type("Legend"):
            problems.append(
                Finding(
                    "not_a_legend",
                    (r.ONE_LEGEND,),
                    f"{entry.name} is in the legend slot but is {facts.kind_of(entry.card)}, not a legend.",
                    (entry.name,),
                )
            )
    legend = ctx.legend
    typed_there = any(u.section == "legend" for u in ctx.deck.unresolved)
    if legend is None and not slot and not typed_there:
        problems.append(
            Finding("legend_missing", rules, "The deck has no Champion Legend; it needs exactly one.")
        )
    if legend is not None and legend.count > 1:
        problems.append(
            Finding(
                "legend_count",
                rules,
                f"{legend.count} copies of {legend.name} in the legend slot; a deck has exactly 1 Champion Legend.",
                (legend.name,),
            )
        )
    because = "Exactly one Champion Legend" + (f": {legend.name}." if legend else ".")
    return DeckCheck("legend", rules, because, tuple(problems), tuple(undecided))


def _other_legends(ctx: Context) -> list[Entry]:
    legend = ctx.legend
    slot = [e for e in ctx.deck.in_section("legend") if e is not legend and e.card.is_type("Legend")]
    return [*slot, *ctx.deck.in_section("extra_legends")]


def check_other_legends(ctx: Context) -> DeckCheck | None:
    """Legends besides the Champion Legend: a problem unless a card's text lets the deck name them (Neeko), and then
    as that text says: how many, each a legend, no two with one name. None when the deck names none."""
    others = _other_legends(ctx)
    allowed = ctx.extra_legend_permissions()
    if not others and not allowed:
        return None
    rules = (r.ONE_LEGEND, r.TR_DECK_SIZE)
    problems = [
        Finding(
            "not_a_legend",
            (r.ONE_LEGEND,),
            f"{e.name} is among {SECTION_WORDS[e.section]} but is {facts.kind_of(e.card)}, not a legend.",
            (e.name,),
        )
        for e in others
        if e.card.types and not e.card.is_type("Legend")
    ]
    legends = [e for e in others if e.card.is_type("Legend")]
    count = sum(e.count for e in legends)
    main = ctx.legend.name if ctx.legend else "its Champion Legend"
    if not allowed:
        if legends:
            problems.append(
                Finding(
                    "legend_count",
                    rules,
                    f"The deck names {facts.counted(count, 'legend')} besides {main} ({_names(legends)}); a deck has exactly 1 "
                    "Champion Legend, and no card in it allows more.",
                    tuple(dict.fromkeys(e.name for e in legends)),
                )
            )
        because = "No legend besides the Champion Legend, unless a card's text allows it (no card here does)."
        return DeckCheck("other_legends", rules, because, tuple(problems))
    grant = max(allowed, key=lambda p: p.most)
    wording = f"up to {grant.most}" if grant.up_to else f"exactly {grant.most}"
    if count > grant.most or (not grant.up_to and count != grant.most):
        problems.append(
            Finding(
                "legend_count",
                rules,
                f"The deck names {facts.counted(count, 'legend')} besides {main}; {grant.source}'s text allows {wording}.",
                tuple(dict.fromkeys(e.name for e in legends)),
            )
        )
    problems.extend(_same_names(legends, ctx.legend, grant.source))
    because = (
        f"{grant.source}'s text lets the deck name {wording} legends besides {main}, none with the same name."
    )
    return DeckCheck("other_legends", rules, because, tuple(problems))


def _same_names(legends: Sequence[Entry], main: Entry | None, source: str) -> list[Finding]:
    seen: dict[str, int] = {main.name: 1} if main else {}
    for entry in legends:
        seen[entry.name] = seen.get(entry.name, 0) + entry.count
    return [
        Finding(
            "legend_duplicate",
            (r.ONE_LEGEND,),
            f"{name} is named {n} times among the legends; {source}'s legends must all have different names.",
            (name,),
        )
        for name, n in seen.items()
        if n > 1
    ]


def check_champion(ctx: Context) -> DeckCheck:
    rules = (r.CHOSEN_CHAMPION, r.CHAMPION_MATCHES_LEGEND)
    chosen = ctx.deck.in_section("champion")
    tags = ctx.tags
    tag_words = f"tagged {tags[0]}" if tags else "whose champion tag matches the legend's"
    if not chosen:
        if any(u.section == "champion" for u in ctx.deck.unresolved):
            because = "Not checked: the chosen champion's line names no card in the card data."
            return DeckCheck("chosen_champion", rules, because, made=False)
        text = (
            f"The deck has no chosen champion; it needs a champion unit {tag_words}."
            if ctx.deck.champion_section or ctx.legend is None
            else f"No chosen champion was named, and the main deck has no champion unit {tag_words} to take as it."
        )
        because = f"A chosen champion: a champion unit {tag_words}."
        return DeckCheck("chosen_champion", rules, because, (Finding("champion_missing", rules, text),))
    problems: list[Finding] = []
    count = sum(e.count for e in chosen)
    if count > 1:
        problems.append(
            Finding(
                "champion_count",
                (r.CHOSEN_CHAMPION,),
                f"The Champion section holds {count} cards ({_names(chosen)}); it holds the one chosen champion.",
                tuple(dict.fromkeys(e.name for e in chosen)),
            )
        )
    card = chosen[0].card
    undecided: list[Finding] = []
    problems.extend(_champion_kind(card))
    if not problems and facts.partial(card):
        undecided.append(partly_known(card, "whether it is a champion unit is not known", rules))
    elif not problems:
        found, doubt = _champion_tag(ctx, card)
        problems.extend(found)
        undecided.extend(doubt)
    because = f"A chosen champion: a champion unit {tag_words} (here {card.name})."
    return DeckCheck("chosen_champion", rules, because, tuple(problems), tuple(undecided))


def _champion_kind(card: Card) -> list[Finding]:
    if facts.is_champion_unit(card) or facts.partial(card):
        return []
    rules: tuple[Citation, ...]
    if facts.is_signature(card) and card.is_type("Unit"):
        why, rules = (
            "a signature unit, not a champion unit",
            (r.CHAMPION_MATCHES_LEGEND, r.SIGNATURE_IS_NOT_CHAMPION),
        )
    elif any(s.casefold() == "champion" for s in card.supertypes):
        why, rules = (
            f"{facts.kind_of(card)}, not a champion unit",
            (r.CHAMPION_MATCHES_LEGEND, r.CHAMPION_IS_A_UNIT),
        )
    else:
        why, rules = f"{facts.kind_of(card)}, not a champion unit", (r.CHAMPION_MATCHES_LEGEND,)
    text = f"{card.name} can't be the chosen champion: it is {why}."
    return [Finding("not_a_champion_unit", rules, text, (card.name,))]


def _champion_tag(ctx: Context, card: Card) -> tuple[list[Finding], list[Finding]]:
    legend = ctx.legend_card
    if legend is None:
        return [], []
    tags = ctx.tags
    if tags is None:
        doubt = Finding(
            "champion_tag_unknown",
            (r.CHAMPION_MATCHES_LEGEND,),
            f"Which of {legend.name}'s tags ({', '.join(legend.tags) or 'none'}) names its champion is not known.",
            (legend.name,),
        )
        return [], [doubt]
    if facts.has_tag(card, tags):
        return [], []
    own = facts.domain_words(card.tags) if card.tags else "nothing"
    text = f"{card.name} is tagged {own}; the legend {legend.name}'s champion tag is {tags[0]}."
    return [
        Finding("champion_tag_mismatch", (r.CHAMPION_MATCHES_LEGEND,), text, (card.name, legend.name))
    ], []


def check_main_deck_size(ctx: Context) -> DeckCheck:
    rules = (r.MAIN_DECK, r.TR_DECK_SIZE, r.TR_EXACTLY_40)
    size = ctx.deck.count("main", "champion")
    because = (
        f"A main deck of exactly {MAIN_DECK_SIZE} cards at an event, the chosen champion included; the Core Rules "
        f"ask at least {MAIN_DECK_SIZE}. It has {size}."
    )
    if size == MAIN_DECK_SIZE:
        return DeckCheck("main_deck_size", rules, because)
    text = f"The main deck has {facts.counted(size, 'card')}; it needs exactly {MAIN_DECK_SIZE}, the chosen champion included."
    return DeckCheck("main_deck_size", rules, because, (Finding("main_deck_size", rules, text),))


def check_runes(ctx: Context) -> DeckCheck:
    rules = (r.RUNE_DECK, r.TWELVE_RUNES, r.RUNES_OF_IDENTITY, r.TR_DECK_SIZE)
    size = ctx.deck.count("runes")
    problems: list[Finding] = []
    undecided: list[Finding] = []
    if size != RUNE_DECK_SIZE:
        text = f"The rune deck has {facts.counted(size, 'rune')}; it needs exactly {RUNE_DECK_SIZE}."
        problems.append(Finding("rune_deck_size", (r.TWELVE_RUNES, r.TR_DECK_SIZE), text))
    identity = ctx.identity
    for entry in ctx.deck.in_section("runes"):
        domains = facts.domains_of(entry.card)
        if not entry.card.is_type("Rune"):
            continue  # a card that is no rune here is the sections check's
        if domains is None:
            undecided.append(partly_known(entry.card, "its domain is not known", (r.RUNES_OF_IDENTITY,)))
        elif identity is not None and not domains <= identity:
            text = (
                f"{entry.name} is {facts.domain_words(domains)}; the runes must be of the legend's domains "
                f"({facts.domain_words(_legend_domains(ctx))})."
            )
            problems.append(Finding("rune_domain", (r.RUNES_OF_IDENTITY,), text, (entry.name,)))
    because = (
        f"Exactly {RUNE_DECK_SIZE} runes"
        + (
            f", each of the legend's domains ({facts.domain_words(_legend_domains(ctx))})"
            if identity is not None
            else ""
        )
        + f". It has {size}."
    )
    return DeckCheck("runes", rules, because, tuple(problems), tuple(undecided))


def _legend_domains(ctx: Context) -> tuple[str, ...]:
    legend = ctx.legend_card
    return tuple(d for d in legend.domains if d.casefold() != facts.NO_DOMAIN.casefold()) if legend else ()


def check_battlefields(ctx: Context) -> DeckCheck:
    rules: tuple[Citation, ...] = (
        r.BATTLEFIELDS,
        r.BATTLEFIELD_COUNT_BY_MODE,
        r.BATTLEFIELD_IDENTITY,
        r.BATTLEFIELD_NAMES_UNIQUE,
        r.TR_DECK_SIZE,
    )
    if ctx.format == "2v2":
        rules = (*rules, r.TWO_V_TWO_BATTLEFIELDS)
    size = ctx.deck.count("battlefields")
    problems: list[Finding] = []
    if size != BATTLEFIELD_COUNT:
        text = f"The deck has {facts.counted(size, 'battlefield')}; it needs exactly {BATTLEFIELD_COUNT}."
        count_rules = (r.BATTLEFIELD_COUNT_BY_MODE, r.TR_DECK_SIZE) + (
            (r.TWO_V_TWO_BATTLEFIELDS,) if ctx.format == "2v2" else ()
        )
        problems.append(Finding("battlefield_count", count_rules, text))
    for name, count in ctx.totals("battlefields").items():
        if count > 1:
            text = f"{count} copies of {name}; each of the deck's battlefields needs a different name."
            problems.append(
                Finding("battlefield_duplicate", (r.BATTLEFIELD_NAMES_UNIQUE, r.TR_DECK_SIZE), text, (name,))
            )
    because = (
        f"Exactly {BATTLEFIELD_COUNT} battlefields, each with its own name (their domains are checked with the other "
        f"cards'). It has {size}."
    )
    return DeckCheck("battlefields", rules, because, tuple(problems))


def check_sideboard(ctx: Context) -> DeckCheck:
    rules = (r.TR_SIDEBOARD_SIZE, r.TR_SIDEBOARD_CARDS)
    size = ctx.deck.count("sideboard")
    problems: list[Finding] = []
    undecided: list[Finding] = []
    if size > SIDEBOARD_MOST:
        text = f"The sideboard has {facts.counted(size, 'card')}; it may have at most {SIDEBOARD_MOST}."
        problems.append(Finding("sideboard_size", (r.TR_SIDEBOARD_SIZE,), text))
    for card in ctx.deck.cards("sideboard"):
        if not card.types:
            undecided.append(partly_known(card, "its card type is not known", (r.TR_SIDEBOARD_CARDS,)))
        elif not facts.is_main_deck_card(card) and not facts.is_token(card):
            text = f"{card.name} is {facts.kind_of(card)}: a sideboard holds only cards a main deck may hold."
            problems.append(
                Finding("sideboard_invalid_card", (r.TR_SIDEBOARD_CARDS, r.MAIN_DECK), text, (card.name,))
            )
    because = (
        f"A sideboard of at most {SIDEBOARD_MOST} cards, each one a main deck may hold (their domains and signature "
        f"tags are checked with the main deck's). It has {size}."
    )
    return DeckCheck("sideboard", rules, because, tuple(problems), tuple(undecided))


def check_tokens(ctx: Context) -> DeckCheck:
    rules = (r.TOKENS_ARE_NOT_CARDS, r.TOKENS_ONLY_ON_BOARD)
    problems = [
        Finding(
            "token_card",
            rules,
            f"{card.name} is a token: tokens are not cards and can't be in a deck.",
            (card.name,),
        )
        for card in ctx.deck.cards()
        if facts.is_token(card)
    ]
    return DeckCheck("tokens", rules, "No token in any section.", tuple(problems))


_BELONGS = {
    "Rune": ("the rune deck", r.RUNE_DECK),
    "Battlefield": ("the battlefields", r.BATTLEFIELDS),
    "Legend": ("the legend slot", r.ONE_LEGEND),
}


def _misplaced(entry: Entry) -> Finding | None:
    card = entry.card
    if entry.section == "main":
        if facts.is_main_deck_card(card) or facts.is_token(card):
            return None
        kind = next((k for k in _BELONGS if card.is_type(k)), None)
        where, rule = _BELONGS[kind] if kind else ("no section", r.MAIN_DECK)
        text = f"{card.name} is in the main deck but is {facts.kind_of(card)}: it belongs in {where}."
        return Finding("wrong_section", (r.MAIN_DECK, rule), text, (card.name,))
    wanted = {"runes": ("Rune", r.TWELVE_RUNES), "battlefields": ("Battlefield", r.BATTLEFIELDS)}.get(
        entry.section
    )
    if wanted is None or card.is_type(wanted[0]) or facts.is_token(card):
        return None
    text = f"{card.name} is in {SECTION_WORDS[entry.section]} but is {facts.kind_of(card)}."
    return Finding("wrong_section", (wanted[1],), text, (card.name,))


def check_sections(ctx: Context) -> DeckCheck:
    """A card the list put under a heading it does not belong to (a rune in the main deck, a unit among the
    battlefields). A deck code is one list whose sections come from the cards' types: nothing to find there."""
    rules = (r.MAIN_DECK, r.RUNE_DECK, r.BATTLEFIELDS)
    problems: list[Finding] = []
    undecided: list[Finding] = []
    for entry in ctx.deck.in_section("main", "runes", "battlefields"):
        if not entry.listed:
            continue
        if not entry.card.types:
            undecided.append(
                partly_known(entry.card, "its card type, so whether it belongs there, is not known", rules)
            )
        elif (found := _misplaced(entry)) is not None:
            problems.append(found)
    because = (
        "Each card in the section of its type."
        if ctx.deck.source == "list"
        else "A deck code is one list: each card was placed in the section of its type."
    )
    return DeckCheck("sections", rules, because, tuple(problems), tuple(undecided))


def check_teammates(ctx: Context) -> DeckCheck | None:
    """2v2: what only both teammates' decks can show, said rather than checked."""
    if ctx.format != "2v2":
        return None
    rules = (r.TEAMMATES_LEGENDS, r.TEAMMATES_BATTLEFIELDS, r.TR_TWO_V_TWO)
    because = (
        "Teammates may not use the same Champion Legend or the same battlefields: that needs both decks, so it is "
        "checked at the table, not here."
    )
    return DeckCheck("teammates", rules, because, made=False)
