"""The look-up commands of `python -m cardsdb`: card, keyword, rulings, search (rule and changes: cli_rules).

Each handler prints readable text (citing rule numbers) or, with --json, one JSON object, and returns 0.
Not found and bad input raise a CardsDBError; cardsdb.cli prints its one line and exits 2.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from cardsdb import paths
from cardsdb.build.importers.printings import loose_wording
from cardsdb.build.importers.text import from_article_symbols, readable
from cardsdb.build.rule_diff import render_diff, word_diff
from cardsdb.cli import currency_words
from cardsdb.cli.rules import rule_dict, rule_line
from cardsdb.cli.search_words import hint_text
from cardsdb.engine.reading.display import reading_data, reading_lines
from cardsdb.errors import NotFound
from cardsdb.models import CURRENT_RULES_VERSION, Card, CardMatch, Errata, KeywordInfo, Legality, Rule, Ruling
from cardsdb.project.provenance import ruling_label, superseded_line
from cardsdb.query import CardsDB, SearchResult, currency
from cardsdb.rule_versions import Citation, cite, cite_citation, cited_numbers, v14_counterpart
from cardsdb.search.name_index import close_names

CLI_SEARCH_LIMIT = 100
NAME_SEPARATOR = " · "  # between card names, which may hold commas themselves


def _open(args: argparse.Namespace) -> CardsDB:
    return CardsDB.open(paths.db_path(override=getattr(args, "db", None)), check_pages=True)


def _query(args: argparse.Namespace) -> str:
    words: Sequence[str] = args.query if isinstance(args.query, list) else [str(args.query)]
    return " ".join(words).strip()


def _print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# --- card ------------------------------------------------------------------------------------------------
def card_dict(card: Card) -> dict[str, Any]:
    return {
        "name": card.name,
        "id": card.id,
        "types": list(card.types),
        "supertypes": list(card.supertypes),
        "domains": list(card.domains),
        "energy": card.energy,
        "power": card.power,
        "might": card.might,
        "tags": list(card.tags),
        "keywords": [str(k) for k in card.keywords],
        "rarity": card.rarity,
        "text": card.text,
        "text_source": card.text_source,
        "text_date": card.text_date,
        "printings": [asdict(p) for p in card.printings],
        "older_wordings": [asdict(o) for o in card.older_wordings],
        "partial": card.partial,
        "not_yet_known": list(card.unknown),
        "type_doubt": card.type_doubt,
        "notes": list(card.notes),
    }


def _printing_label(code: str, rarity: str | None, variant: str | None) -> str:
    details = ", ".join(d for d in (rarity, variant) if d)
    return f"{code} ({details})" if details else code


def legality_line(legality: Legality) -> str:
    if not legality.formats:
        return "Legality: not known (no ban list)"
    verdicts = " · ".join(
        f"{currency_words.format_name(f)} {status}" for f, status in legality.formats.items()
    )
    when = legality.newest_list
    return f"Legality: {verdicts}" + (f" (ban lists of {when})" if when else "")


def _stats(card: Card) -> str:
    parts = [
        f"{value} {label}"
        for value, label in ((card.energy, "energy"), (card.power, "power"), (card.might, "might"))
        if value is not None
    ]
    return ", ".join(parts)


def card_line(card: Card) -> str:
    kind = " ".join([*card.supertypes, *card.types])
    details = [d for d in (kind, " / ".join(card.domains), _stats(card)) if d]
    return f"{card.name} — {' · '.join(details)}" if details else card.name


def errata_line(erratum: Errata, card: Card) -> str:
    """An erratum as one entry: its date and article, its words old -> new (`[-old-] {+new+}`, as `git diff
    --word-diff` writes them), then whether the card's text above is its wording or a newer one."""
    when = ", ".join(x for x in (erratum.date, erratum.source_title) if x)
    head = f"Errata ({when}):" if when else "Errata:"
    new = readable(from_article_symbols(erratum.new_text, card.domains))
    if erratum.old_text:
        old = readable(from_article_symbols(erratum.old_text, card.domains))
        line = f"{head} {render_diff(word_diff(old, new))}"
    else:
        line = f"{head} now: {new}"
    if loose_wording(erratum.new_text) == loose_wording(card.text_raw):
        line += "\n  (the text above includes it)"
    elif card.text_date and erratum.date and card.text_date > erratum.date:
        line += f"\n  (the text above is a newer wording, of {card.text_date})"
    return line


def _card_text(
    match: CardMatch, query: str, errata: Sequence[Errata], legality: Legality, gaps: str | None
) -> str:
    card = match.card
    lines = [card_line(card)]
    if card.tags:
        lines.append(f"Tags: {', '.join(card.tags)}")
    if card.text:
        lines.append(card.text)
    if card.printings:
        lines.append(
            "Printings: "
            + ", ".join(_printing_label(p.public_code, p.rarity, p.variant) for p in card.printings)
        )
    lines.append(legality_line(legality))
    if card.type_doubt:
        lines.append(f"Type in doubt: {card.type_doubt}")
    if card.not_yet_known:
        lines.append(f"Partly known: {card.not_yet_known}")
    elif card.partial:
        lines.append("Partly known: newer than the card data; what is not shown here is not known yet.")
    lines += [f"Note: {n}" for n in card.notes]
    lines += [errata_line(e, card) for e in errata]
    if gaps:
        lines.append(gaps)
    if match.match == "fuzzy":
        lines.append(f'(closest match for "{query}", score {match.score:.0f})')
    if match.alternatives:
        # Names hold commas ("Vi, Destructive"): a list of them is separated by " · ".
        lines.append(f"Other cards it may mean: {NAME_SEPARATOR.join(match.alternatives)}")
    return "\n".join(lines)


def cmd_card(args: argparse.Namespace) -> int:
    query = _query(args)
    with _open(args) as db:
        match = db.find_card(query)
        if match is None:
            close = db.suggest_cards(query)
            hint = f" Did you mean: {NAME_SEPARATOR.join(close)}?" if close else ""
            raise NotFound(f'no card matches "{query}".{hint}')
        errata = db.errata_for(match.card.name)
        legality = db.legality(match.card.name)
        meta = db.meta()
        reading = db.reading(match.card)
        if getattr(args, "reading", False) and not args.json:
            print("\n".join(reading_lines(reading)))
            return 0
        if args.json:
            data = {
                "name": match.card.name,
                "id": match.card.id,
                "match": match.match,
                "score": match.score,
                "alternatives": list(match.alternatives),
                **{k: v for k, v in card_dict(match.card).items() if k not in ("name", "id")},
                "errata": [asdict(e) for e in errata],
                "legality": dict(legality.formats),
                "legality_as_of": legality.newest_list,
                "data_as_of": meta.get("cards_updated_at") or None,
                "lacks": list(currency.lacks(meta)),
                "reading": reading_data(reading),
            }
            _print_json(data)
        else:
            gaps = currency_words.gaps_line(currency.lacks(meta))
            print(_card_text(match, query, errata, legality, gaps))
    return 0


# --- keyword ---------------------------------------------------------------------------------------------
def ruling_dict(
    ruling: Ruling, citations: Sequence[Citation] = (), related: Sequence[Rule] = ()
) -> dict[str, Any]:
    data = asdict(ruling)
    data["rules"] = list(ruling.rules)
    data["cards"] = list(ruling.cards)
    data["cited"] = [
        {
            "number": c.number,
            "version": c.version,
            "mark": cite_citation(c),
            "found": c.found,
            # a current number the data lacks: v1.4's rule the data pairs it with, shown in its place, marked
            "v14_wording": v14_counterpart(c.number)
            if not c.found and c.version == CURRENT_RULES_VERSION
            else None,
        }
        for c in citations
    ]
    data["related"] = [
        {"number": r.number, "version": r.version, "doc": r.doc, "mark": cite(r.number, r.version, r.doc)}
        for r in related
    ]
    return data


def _ruling_text(ruling: Ruling, citations: Sequence[Citation], related: Sequence[Rule] = ()) -> str:
    rules = f" — rules {cited_numbers(citations)}" if citations else ""
    if related and not citations:
        marks = ", ".join(cite(r.number, r.version, r.doc) for r in related)
        rules = f" — related rule {marks} (not cited by the source)"
    head = f"[{ruling_label(ruling)}{', ' + ruling.date if ruling.date else ''}{rules}]"
    credit = f"\nCredit: {ruling.credit} ({ruling.url})" if ruling.credit else ""
    superseded = superseded_line(ruling)
    first = f"[{superseded}]\n" if superseded else ""
    if ruling.is_topic:
        return f"{first}{ruling.question}\n{ruling.answer}\n{head}{credit}"
    return f"{first}Q: {ruling.question}\nA: {ruling.answer}\n{head}{credit}"


def _keyword_text(info: KeywordInfo, db: CardsDB) -> str:
    lines = [info.name]
    if info.kind == "token":
        lines.append(f"Not a keyword: a word printed in brackets in card text ([{info.name}]).")
    if info.reminder:
        lines.append(f"Reminder: {info.reminder}")
    if info.rules:
        lines.append("Rules:")
        lines += [f"  {rule_line(r)}" for r in info.rules]
    lines.append(
        f"Cards with {info.name} ({len(info.cards_with)}): {NAME_SEPARATOR.join(info.cards_with) or 'none'}"
    )
    if info.cards_referring:
        lines.append(
            f"Cards that refer to {info.name} ({len(info.cards_referring)}): "
            + NAME_SEPARATOR.join(info.cards_referring)
        )
    for ruling in info.rulings:
        lines += ["", _ruling_text(ruling, db.ruling_citations(ruling))]
    return "\n".join(lines)


def cmd_keyword(args: argparse.Namespace) -> int:
    query = _query(args)
    with _open(args) as db:
        resolved = db.resolve_keyword(query)
        info = db.keyword(resolved[0]) if resolved else None
        if info is None:
            raise NotFound(f'no keyword "{query}".', close_names(db.keyword_names(), query))
        exact = bool(resolved and resolved[1])
        if args.json:
            _print_json(
                {
                    "name": info.name,
                    "kind": info.kind,
                    "match": "exact" if exact else "fuzzy",
                    "reminder": info.reminder,
                    "rules": [rule_dict(r) for r in info.rules],
                    "cards_with": list(info.cards_with),
                    "cards_referring": list(info.cards_referring),
                    "rulings": [ruling_dict(r, db.ruling_citations(r)) for r in info.rulings],
                }
            )
        else:
            print(_keyword_text(info, db) + ("" if exact else f'\n(closest keyword for "{query}")'))
    return 0


# --- rulings ---------------------------------------------------------------------------------------------
def cmd_rulings(args: argparse.Namespace) -> int:
    query = _query(args)
    with _open(args) as db:
        found = db.rulings(query)
        if not found:
            raise NotFound(f'no rulings match "{query}".', db.suggest_cards(query))
        related = [() if r.rules else db.ruling_links(r) for r in found]
        if args.json:
            _print_json(
                {
                    "query": query,
                    "rulings": [
                        ruling_dict(r, db.ruling_citations(r), k) for r, k in zip(found, related, strict=True)
                    ],
                }
            )
        else:
            print(
                "\n\n".join(
                    _ruling_text(r, db.ruling_citations(r), k) for r, k in zip(found, related, strict=True)
                )
            )
    return 0


# --- search ----------------------------------------------------------------------------------------------
def _search_text(result: SearchResult) -> str:
    lines = [f"{result.total} card{'s' if result.total != 1 else ''} match."]
    lines += [f"  {card_line(c)}" for c in result.cards]
    if result.total > len(result.cards):
        lines.append(f"  ... and {result.total - len(result.cards)} more")
    return "\n".join(lines)


def cmd_search(args: argparse.Namespace) -> int:
    query = _query(args)
    with _open(args) as db:
        result = db.search(query, limit=CLI_SEARCH_LIMIT)
        if result.total == 0:
            hint = db.search_hint(query)
            raise NotFound(f'no cards match "{query}".' + (f" ({hint_text(hint)})" if hint else ""))
        if args.json:
            _print_json(
                {"query": query, "total": result.total, "cards": [card_dict(c) for c in result.cards]}
            )
        else:
            print(_search_text(result))
    return 0
