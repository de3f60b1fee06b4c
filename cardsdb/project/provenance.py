"""Where the project's own rules and rulings come from, in the words players read: one short source line each.

The project writes the current Core Rules and the seed statements from two documents (`shared/seeds/`): Riot's Hidden
keyword page and an article on hiding. Players read which of them a rule or a ruling comes from, never how the
project's data was made (that stays in the data files' `note` fields).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardsdb.models import CURRENT_RULES_VERSION, Ruling

KEYWORD_PAGE = "keyword-page"
ARTICLE = "article"

SEED_DOCUMENTS = {
    KEYWORD_PAGE: "Riot's Hidden keyword page",
    ARTICLE: "the article “Hiding cards and playing them from Hidden”",
}

RULING_KINDS = {"official": "Official", "community": "Community (not official)"}

PARTIAL_CHANGES = (
    f"The {CURRENT_RULES_VERSION} rules are compared only where {SEED_DOCUMENTS[KEYWORD_PAGE]} and "
    f"{SEED_DOCUMENTS[ARTICLE]} quote or summarise them, and none is listed as removed."
)
"""What a comparison with the current rules can say: they are known only as far as those two documents give them."""


def document_name(document: str) -> str:
    """ "Riot's Hidden keyword page", "the article “Hiding cards and playing them from Hidden”"."""
    return SEED_DOCUMENTS.get(document, document)


def current_rule_source(document: str, *, wording: str, scaffold: bool) -> str:
    """The source line of a current rule: "Core Rules 2026-10-09, as quoted on Riot's Hidden keyword page"; a rule
    in our own words says so (its text is shown marked as a summary)."""
    rules = f"Core Rules {CURRENT_RULES_VERSION}"
    if scaffold:
        return f"{rules}: its wording is not quoted by our sources; summary in our words"
    if wording == "official":
        where = "on" if document == KEYWORD_PAGE else "in"
        return f"{rules}, as quoted {where} {document_name(document)}"
    return f"{rules}, summarised from {document_name(document)}"


def claim_source_title(document: str, section: str, origin: str | None) -> str:
    """What a seed statement is labelled with: who said it ("Riot's Radiance patch notes ..., as quoted on its Hidden
    keyword page") where the seed quotes someone, else the seed document and its section."""
    if origin:
        return origin
    name = document_name(document)
    return f"{name[:1].upper()}{name[1:]}, {section}"


def ruling_label(ruling: Ruling) -> str:
    """ "Official: Riftbound Origins FAQ", "Community (not official): riftboundfaq.com", and a seed statement by the
    document (or the patch notes) it comes from: "Riot's Hidden keyword page, How Hidden works"."""
    kind = RULING_KINDS.get(ruling.source)
    if kind is None:
        return ruling.source_title or ruling.source.capitalize()
    return f"{kind}: {ruling.source_title}" if ruling.source_title else kind


def ruling_credits(rulings: Iterable[Ruling]) -> tuple[str, ...]:
    """The credits the rulings carry (the community's licence asks for them wherever they are shown), each once, in
    order."""
    return tuple(dict.fromkeys(r.credit for r in rulings if r.credit))


def superseded_line(ruling: Ruling) -> str | None:
    """ "Superseded: ruled on 2026-10-01, before the erratum of 2026-10-09 (Radiance errata) changed the text of Elnuk
    Herd it rules on." for a ruling an erratum superseded, else None."""
    later = ruling.superseded
    if later is None:
        return None
    made = f"ruled on {ruling.date}, " if ruling.date else ""
    source = f" ({later.erratum_source})" if later.erratum_source else ""
    return (
        f"Superseded: {made}before the erratum of {later.erratum_date}{source} changed the text of "
        f"{later.card_name} it rules on. The card's current text is what counts."
    )
