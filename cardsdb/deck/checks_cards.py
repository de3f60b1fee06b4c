"""The checks of the cards themselves, one function each: every line a card, copies, domain identity, signature
cards, bans, sets, and card texts about deck building that are not read. Rules come from the data: the legend's
domains and tag, the cards' supertypes, tags and texts, the format's ban list with its date."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import date

from cardsdb.deck import cards as facts
from cardsdb.deck import rules as r
from cardsdb.deck.checks import partly_known
from cardsdb.deck.context import Context
from cardsdb.deck.formats import FORMAT_TITLES, KNOWN_SETS, PROMO_SETS, SetRelease, set_name
from cardsdb.deck.verdict import DeckCheck, Finding
from cardsdb.models import Card
from cardsdb.rule_versions import Citation

COPY_LIMIT = 3  # 103.2.b
SIGNATURE_MOST = 3  # 103.2.d.1


def check_cards_known(ctx: Context) -> DeckCheck:
    problems: list[Finding] = []
    undecided: list[Finding] = []
    for item in ctx.deck.unresolved:
        if item.missing_set:
            text = (
                f"{item.typed} is a card of {set_name(item.missing_set)}, which the card data does not hold yet: "
                "it could not be checked."
            )
            undecided.append(Finding("card_not_in_data", (), text, (item.typed,)))
            continue
        if ctx.deck.source == "code":
            text = f"{item.typed} is in the deck code but no card in the card data has that code."
        else:
            text = f"{item.origin[:1].upper()}{item.origin[1:]}: no card is named “{item.typed}”."
        if item.suggestions:
            text = text.rstrip(".") + f"; did you mean {_either(item.suggestions)}?"
        problems.append(Finding("unknown_card", (), text, (item.typed,)))
    given = len(ctx.deck.entries) + len(ctx.deck.unresolved)
    because = f"Every line names a card in the card data: {len(ctx.deck.entries)} of {given} do."
    return DeckCheck("cards_known", (), because, tuple(problems), tuple(undecided))


def _either(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" or {names[-1]}"


def _limit(ctx: Context, card: Card) -> tuple[int | None, str | None, bool]:
    """(most copies allowed, None for any number; the card whose text says so, if one does; from Unique)."""
    granted = ctx.copy_limits(card)
    unique = next((g for g in granted if g.unique), None)
    if unique is not None:
        return 1, unique.source, True
    if granted:
        most = None if any(g.limit is None for g in granted) else max(g.limit or 0 for g in granted)
        return most, granted[0].source, False
    return COPY_LIMIT, None, False


def check_copies(ctx: Context) -> DeckCheck:
    rules = (
        r.COPY_LIMIT,
        r.CHAMPION_COUNTS_IN_COPIES,
        r.NAMES_DIFFER,
        r.TR_COPIES_WITH_SIDEBOARD,
        r.TR_SIDEBOARD_COPIES,
    )
    totals = ctx.totals("main", "champion", "sideboard")
    side = ctx.totals("sideboard")
    champion = ctx.deck.champion
    problems: list[Finding] = []
    undecided: list[Finding] = []
    notes: list[str] = []
    for name, total in totals.items():
        card = ctx.card(name)
        most, source, unique = _limit(ctx, card)
        if source and not unique:
            notes.append(
                f"{source}'s text allows "
                + ("any number of" if most is None else f"{most}")
                + f" copies of {name}."
            )
        if card.partial and total > 1 and source is None:
            undecided.append(
                partly_known(
                    card, "whether its text changes how many copies a deck may have is not known", rules[:1]
                )
            )
            continue
        if most is None or total <= most:
            continue
        where = [
            w
            for w, ok in (
                ("the chosen champion included", champion is not None and champion.name == name),
                ("main deck and sideboard together", name in side),
            )
            if ok
        ]
        cited: list[Citation] = [r.UNIQUE] if unique else [r.COPY_LIMIT]
        if champion is not None and champion.name == name:
            cited.append(r.CHAMPION_COUNTS_IN_COPIES)
        if name in side:
            cited += [r.TR_COPIES_WITH_SIDEBOARD, r.TR_SIDEBOARD_COPIES]
        detail = f" ({'; '.join(where)})" if where else ""
        why = f" ({name} has Unique)" if unique else ""
        text = f"{total} copies of {name}{detail}; at most {most}{why}."
        problems.append(Finding("too_many_copies", tuple(cited), text, (name,)))
    because = " ".join(
        [
            f"At most {COPY_LIMIT} copies of each named card, the chosen champion and the sideboard included.",
            *notes,
        ]
    )
    return DeckCheck("copies", rules, because, tuple(problems), tuple(undecided))


def _identity_finding(
    card: Card, domains: frozenset[str], identity: tuple[str, ...], battlefield: bool
) -> Finding:
    legend_words = facts.domain_words(identity)
    if len(domains) > 1:
        text = (
            f"{card.name} is {facts.domain_words(tuple(d for d in card.domains if d in domains))}: a card with several "
            f"domains needs all of them in the legend's ({legend_words})."
        )
        rules: tuple[Citation, ...] = (r.ABIDE_BY_IDENTITY, r.SEVERAL_DOMAINS_CARD)
    else:
        text = f"{card.name} is {facts.domain_words(domains)}, outside the legend's domains ({legend_words})."
        rules = (r.ABIDE_BY_IDENTITY, r.ONE_DOMAIN_CARD)
    return Finding(
        "domain_identity",
        rules + ((r.BATTLEFIELD_IDENTITY,) if battlefield else (r.MAIN_SUBJECT_TO_IDENTITY,)),
        text,
        (card.name,),
    )


def check_domains(ctx: Context) -> DeckCheck:
    rules = (
        r.DOMAIN_IDENTITY,
        r.ABIDE_BY_IDENTITY,
        r.IDENTITY_FROM_LEGEND,
        r.ONE_DOMAIN_CARD,
        r.SEVERAL_DOMAINS_CARD,
        r.IRRESPECTIVE_OF_DOMAINS,
        r.MAIN_SUBJECT_TO_IDENTITY,
        r.BATTLEFIELD_IDENTITY,
    )
    legend = ctx.legend_card
    if legend is None:
        return DeckCheck(
            "domain_identity",
            rules,
            "Not checked: the deck has no Champion Legend to give it a domain identity.",
            made=False,
        )
    identity = ctx.identity
    if identity is None:
        doubt = partly_known(
            legend, "its domains, so the deck's domain identity, are not known", (r.IDENTITY_FROM_LEGEND,)
        )
        return DeckCheck(
            "domain_identity", rules, "The legend's domains give the deck its identity.", undecided=(doubt,)
        )
    shown = tuple(d for d in legend.domains if d in identity)
    problems: list[Finding] = []
    undecided: list[Finding] = []
    for card in ctx.deck.cards("main", "champion", "sideboard", "battlefields"):
        if facts.is_token(card) or card.is_type("Rune") or card.is_type("Legend"):
            continue  # the tokens and sections checks'; a rune's domain is the runes check's
        domains = facts.domains_of(card)
        if domains is None:
            undecided.append(partly_known(card, "its domains are not known", (r.ABIDE_BY_IDENTITY,)))
        elif not domains <= identity:
            problems.append(_identity_finding(card, domains, shown, card.is_type("Battlefield")))
    others = (
        "a text about deck building is not read (see the card texts)"
        if any(ctx.unread())
        else "no card's text here lets others in whatever their domains"
    )
    because = f"Every card within the legend's domains ({facts.domain_words(shown)}); a card with no domain fits any; {others}."
    return DeckCheck("domain_identity", rules, because, tuple(problems), tuple(undecided))


def check_signatures(ctx: Context) -> DeckCheck:
    rules = (r.SIGNATURES, r.SIGNATURE_TOTAL, r.SIGNATURE_TAG)
    in_main = [e for e in ctx.deck.in_section("main", "champion") if facts.is_signature(e.card)]
    total = sum(e.count for e in in_main)
    problems: list[Finding] = []
    undecided = [
        partly_known(card, "whether it is a Signature card is not known", (r.SIGNATURES,))
        for card in ctx.deck.cards("main", "champion", "sideboard")
        if card.partial and not card.supertypes
    ]
    if total > SIGNATURE_MOST:
        names = tuple(dict.fromkeys(e.name for e in in_main))
        text = f"The main deck has {total} Signature cards ({', '.join(names)}); at most {SIGNATURE_MOST} in all."
        problems.append(Finding("signature_count", (r.SIGNATURES, r.SIGNATURE_TOTAL), text, names))
    tags, legend = ctx.tags, ctx.legend_card
    for card in ctx.deck.cards("main", "champion", "sideboard"):
        if not facts.is_signature(card) or legend is None or tags is None or facts.has_tag(card, tags):
            continue
        own = facts.domain_words(card.tags) if card.tags else "no champion"
        text = f"{card.name} is a Signature card of {own}; every Signature card must carry the legend's tag, {tags[0]}."
        problems.append(Finding("signature_tag_mismatch", (r.SIGNATURE_TAG,), text, (card.name,)))
    tag = f", each tagged {tags[0]}" if tags else ""
    because = f"At most {SIGNATURE_MOST} Signature cards in all{tag}. The main deck has {total}."
    return DeckCheck("signatures", rules, because, tuple(problems), tuple(undecided))


def check_bans(ctx: Context) -> DeckCheck:
    rules = (r.FORMAT_LEGALITY, r.TR_BANNED)
    title = FORMAT_TITLES[ctx.format]
    if ctx.ban_list is None:
        doubt = Finding(
            "no_ban_list", rules, f"The card data holds no ban list for {title}: bans were not checked."
        )
        return DeckCheck("banned", rules, f"The {title} ban list is checked here.", undecided=(doubt,))
    dated = f"ban list of {ctx.ban_list.as_of}" if ctx.ban_list.as_of else "ban list"
    problems = [
        Finding("banned", rules, f"{card.name} is banned in {title} ({dated}).", (card.name,))
        for card in ctx.deck.cards()
        if card.name in ctx.ban_list.names
    ]
    return DeckCheck("banned", rules, f"No card on the {title} {dated}.", tuple(problems))


def _release_words(release: SetRelease) -> str:
    return f"{release.name}, released {release.released.isoformat()}" if release.released else release.name


@functools.lru_cache(maxsize=1024)
def _set_status(sets: tuple[str, ...], on: date) -> tuple[str, SetRelease | None, tuple[str, ...]]:
    """What a card printed in `sets` is on a date: ("legal" | "later" (legal through a set the rules predate) |
    "unknown" (a set this check does not know) | "promo" (promotional printings only) | "not_legal" | "none" (no
    printing), the set that decides, the sets to name)."""
    if not sets:
        return "none", None, ()
    known = [KNOWN_SETS[s] for s in sets if s in KNOWN_SETS]
    legal = [s for s in known if s.released is None or s.released <= on]
    if any(s.in_rules for s in legal):
        return "legal", None, ()
    if legal:
        return "later", legal[0], ()
    unknown = tuple(s for s in sets if s not in KNOWN_SETS and s not in PROMO_SETS and s != "ARC")
    if unknown:
        return "unknown", None, unknown
    if known:
        return "not_legal", known[0], ()
    if all(s in PROMO_SETS for s in sets):
        return "promo", None, ()
    return "not_legal", None, sets


def _set_finding(ctx: Context, card: Card) -> tuple[Finding | None, Finding | None, SetRelease | None]:
    """(a problem, a doubt, the later set the card is legal through) for one card."""
    sets = tuple(dict.fromkeys(p.set_id.upper() for p in card.printings if p.set_id))
    status, release, named = _set_status(sets, ctx.on)
    if status == "legal":
        return None, None, None
    if status == "later":
        return None, None, release
    if status == "none":
        return None, partly_known(card, "its set is not known", (r.TR_LEGAL_SETS,)), None
    if status == "unknown":
        text = f"{card.name} is printed in {', '.join(named)}, a set this check does not know."
        return None, Finding("set_unknown", (r.TR_LEGAL_SETS,), text, (card.name,)), None
    if status == "promo":
        text = f"{card.name} is known only from promotional printings, whose name no legal set is known to print."
        return None, Finding("set_unknown", (r.TR_LEGAL_SETS,), text, (card.name,)), None
    if release is not None:
        text = (
            f"{card.name} is from {release.name}, legal from its release on {release.released}; the check is as "
            f"of {ctx.on}."
        )
    else:
        where = ", ".join(set_name(s) for s in named)
        text = f"{card.name} is printed only in {where}, not a set of {FORMAT_TITLES[ctx.format]}."
    return Finding("set_not_legal", (r.TR_LEGAL_SETS, r.TR_STANDARD_SETS), text, (card.name,)), None, None


def check_sets(ctx: Context) -> tuple[DeckCheck, tuple[str, ...]]:
    """Cards from sets legal in the format on the check's date, and what was assumed of sets newer than the rules."""
    rules = (r.FORMAT_LEGALITY, r.TR_LEGAL_SETS, r.TR_STANDARD_SETS)
    problems: list[Finding] = []
    undecided: list[Finding] = []
    later: dict[str, SetRelease] = {}
    for card in ctx.deck.cards():
        if facts.is_token(card):
            continue
        problem, doubt, through = _set_finding(ctx, card)
        problems += [problem] if problem else []
        undecided += [doubt] if doubt else []
        if through is not None:
            later[through.code] = through
    assumed = tuple(
        f"{_release_words(s)}, is taken as legal from its release: the Tournament Rules of 2026-07-16 predate it"
        for s in later.values()
    )
    because = f"Every card from a set legal in {FORMAT_TITLES[ctx.format]} on {ctx.on}, the Tournament Rules' Standard."
    return DeckCheck("sets", rules, because, tuple(problems), tuple(undecided)), assumed


def check_card_texts(ctx: Context) -> DeckCheck | None:
    """Sentences of the cards' texts about deck building that the check does not read: what they change is not known."""
    unread = list(ctx.unread())
    if not unread:
        return None
    undecided = tuple(
        Finding(
            "card_text_not_read",
            (),
            f"{u.source}'s text changes deck building in a way this check does not read: “{u.sentence}”",
            (u.source,),
        )
        for u in unread
    )
    return DeckCheck("card_texts", (), "Card texts about deck building are read.", undecided=undecided)
