"""The look-up commands of `python -m cardsdb`: card, keyword, rulings, search (rule and changes: cli_rules).

Each handler asks `cardsdb.service.answers` (the one answer the HTTP API and the MCP server give too) and prints it
as readable text (citing rule numbers) or, with --json, its JSON, and returns 0. Not found and bad input raise a
CardsDBError; cardsdb.cli prints its one line and exits 2.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from cardsdb import paths
from cardsdb.build.importers.printings import loose_wording
from cardsdb.build.importers.text import from_article_symbols, readable
from cardsdb.build.rule_diff import render_diff, word_diff
from cardsdb.cli import currency_words
from cardsdb.cli.rules import rule_line, ruling_text
from cardsdb.engine import reading_lines
from cardsdb.models import Card, Errata, Legality
from cardsdb.query import CardsDB
from cardsdb.service.answers import (
    NAME_SEPARATOR,
    CardAnswer,
    KeywordAnswer,
    RulingsAnswer,
    SearchAnswer,
    card_answer,
    keyword_answer,
    rulings_answer,
    search_answer,
)


def _open(args: argparse.Namespace) -> CardsDB:
    return CardsDB.open(paths.db_path(override=getattr(args, "db", None)), check_pages=True)


def _query(args: argparse.Namespace) -> str:
    words: Sequence[str] = args.query if isinstance(args.query, list) else [str(args.query)]
    return " ".join(words).strip()


def _print_json(data: object) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=2))


# --- card ------------------------------------------------------------------------------------------------
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


def card_text(answer: CardAnswer) -> str:
    match, query, card = answer.match, answer.query, answer.match.card
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
    lines.append(legality_line(answer.legality))
    if card.type_doubt:
        lines.append(f"Type in doubt: {card.type_doubt}")
    if card.not_yet_known:
        lines.append(f"Partly known: {card.not_yet_known}")
    elif card.partial:
        lines.append("Partly known: newer than the card data; what is not shown here is not known yet.")
    lines += [f"Note: {n}" for n in card.notes]
    lines += [errata_line(e, card) for e in answer.errata]
    gaps = currency_words.gaps_line(answer.lacks)
    if gaps:
        lines.append(gaps)
    if match.match == "fuzzy":
        lines.append(f'(closest match for "{query}", score {match.score:.0f})')
    if match.alternatives:
        # Names hold commas ("Vi, Destructive"): a list of them is separated by " · ".
        lines.append(f"Other cards it may mean: {NAME_SEPARATOR.join(match.alternatives)}")
    return "\n".join(lines)


def cmd_card(args: argparse.Namespace) -> int:
    with _open(args) as db:
        answer = card_answer(db, _query(args))
        if getattr(args, "reading", False) and not args.json:
            print("\n".join(reading_lines(answer.reading)))
            return 0
        if args.json:
            _print_json(answer.to_json())
        else:
            print(card_text(answer))
    return 0


# --- keyword ---------------------------------------------------------------------------------------------
def keyword_text(answer: KeywordAnswer) -> str:
    info = answer.info
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
    for ruling, citations in zip(info.rulings, answer.citations, strict=True):
        lines += ["", ruling_text(ruling, citations)]
    text = "\n".join(lines)
    return text if answer.exact else f'{text}\n(closest keyword for "{answer.query}")'


def cmd_keyword(args: argparse.Namespace) -> int:
    with _open(args) as db:
        answer = keyword_answer(db, _query(args))
        if args.json:
            _print_json(answer.to_json())
        else:
            print(keyword_text(answer))
    return 0


# --- rulings ---------------------------------------------------------------------------------------------
NOT_SURE_RULINGS = "Not sure: no FAQ answer or ruling clearly answers these words. The closest, best first:"


def rulings_text(answer: RulingsAnswer) -> str:
    read_as = [f"Read as: {answer.read_as}"] if answer.read_as else []
    unsure = [] if answer.confident else [NOT_SURE_RULINGS]
    found = (ruling_text(f.ruling, f.citations, f.related) for f in answer.found)
    return "\n\n".join([*read_as, *unsure, *found])


def cmd_rulings(args: argparse.Namespace) -> int:
    with _open(args) as db:
        answer = rulings_answer(db, _query(args))
        if args.json:
            _print_json(answer.to_json())
        else:
            print(rulings_text(answer))
    return 0


# --- search ----------------------------------------------------------------------------------------------
def search_text(answer: SearchAnswer) -> str:
    result = answer.result
    lines = [f"{result.total} card{'s' if result.total != 1 else ''} match."]
    lines += [f"  {card_line(c)}" for c in result.cards]
    if result.total > len(result.cards):
        lines.append(f"  ... and {result.total - len(result.cards)} more")
    return "\n".join(lines)


def cmd_search(args: argparse.Namespace) -> int:
    with _open(args) as db:
        answer = search_answer(db, _query(args))
        if args.json:
            _print_json(answer.to_json())
        else:
            print(search_text(answer))
    return 0
