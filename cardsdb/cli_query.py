"""The look-up commands of `python -m cardsdb`: card, rule, keyword, rulings, search.

Each handler prints readable text (citing rule numbers) or, with --json, one JSON object, and returns 0.
Not found and bad input raise a CardsDBError; cardsdb.cli prints its one line and exits 2.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from cardsdb import paths, rule_numbers
from cardsdb.errors import NotFound
from cardsdb.fuzzy import close_names
from cardsdb.models import CURRENT_RULES_VERSION, Card, CardMatch, KeywordInfo, Rule, RuleView, Ruling
from cardsdb.query import CardsDB, SearchResult

CLI_SEARCH_LIMIT = 100
NAME_SEPARATOR = " · "  # between card names, which may hold commas themselves


def _open(args: argparse.Namespace) -> CardsDB:
    return CardsDB.open(paths.db_path(override=getattr(args, "db", None)))


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
        "printings": [asdict(p) for p in card.printings],
        "older_wordings": [asdict(o) for o in card.older_wordings],
        "partial": card.partial,
        "notes": list(card.notes),
    }


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


def _card_text(match: CardMatch, query: str, errata: Sequence[str], banned: bool) -> str:
    card = match.card
    lines = [card_line(card)]
    if card.tags:
        lines.append(f"Tags: {', '.join(card.tags)}")
    if card.text:
        lines.append(card.text)
    if card.printings:
        lines.append(
            "Printings: "
            + ", ".join(
                f"{p.public_code} ({p.rarity})" if p.rarity else p.public_code for p in card.printings
            )
        )
    if card.partial:
        lines.append("Known only from the seed documents: the text may be incomplete.")
    lines += [f"Note: {n}" for n in card.notes]
    lines += [f"Errata: {e}" for e in errata]
    if banned:
        lines.append("Banned.")
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
        banned = db.is_banned(match.card.name)
        if args.json:
            data = {
                "name": match.card.name,
                "id": match.card.id,
                "match": match.match,
                "score": match.score,
                "alternatives": list(match.alternatives),
                **{k: v for k, v in card_dict(match.card).items() if k not in ("name", "id")},
                "errata": [asdict(e) for e in errata],
                "banned": banned,
            }
            _print_json(data)
        else:
            print(_card_text(match, query, [e.new_text for e in errata], banned))
    return 0


# --- rule ------------------------------------------------------------------------------------------------
def rule_dict(rule: Rule) -> dict[str, Any]:
    return {
        "number": rule.number,
        "version": rule.version,
        "kind": rule.kind,
        "title": rule.title,
        "text": rule.text,
        "wording": rule.wording,
    }


def rule_line(rule: Rule) -> str:
    stamp = "" if rule.is_current else " (v1.3)"
    body = rule.title if rule.kind in ("heading", "chapter") and rule.title else rule.text
    return f"{rule.number}{stamp} {body}"


def view_dict(view: RuleView) -> dict[str, Any]:
    rule = view.rule
    return {
        **rule_dict(rule),
        "stamp": rule.stamp,
        "seed_sentence": rule.seed_sentence,
        "counterpart": rule.counterpart,
        "parents": [rule_dict(p) for p in view.parents],
        "children": [rule_dict(c) for c in view.children],
        "moved": list(view.moved),
        "notes": list(view.notes),
    }


def _view_text(view: RuleView) -> str:
    rule = view.rule
    label = f"v1.3 {rule.number}" if not rule.is_current else rule.number
    wording = "" if rule.wording == "official" else ", summary wording"
    lines = [f"Rule {label} ({rule.stamp}{wording})"]
    if rule.title:
        lines.append(rule.title)
    if rule.text and rule.text != rule.title:
        lines.append(rule.text)
    if view.parents:
        lines.append(
            "Under: " + " > ".join(rule_line(p) if p.kind != "rule" else p.number for p in view.parents)
        )
    if view.children:
        lines.append("Sub-rules:")
        lines += [f"  {rule_line(c)}" for c in view.children]
    lines += [f"Moved: {m}" for m in view.moved]
    lines += [f"Note: {n}" for n in view.notes]
    return "\n".join(lines)


def cmd_rule(args: argparse.Namespace) -> int:
    query = _query(args)
    with _open(args) as db:
        view = db.rule(query)
        if view is None:
            what = "no rule numbered" if rule_numbers.looks_like_number(query) else "no rule matches"
            raise NotFound(f'{what} "{query}".', db.suggest_rules(query))
        also = [] if rule_numbers.looks_like_number(query) else db.rules_also_matching(query, view.rule)
        if args.json:
            _print_json({**view_dict(view), **({"also": [rule_dict(r) for r in also]} if also else {})})
        else:
            print(_view_text(view) + "".join(f"\nAlso matching: {rule_line(r)}" for r in also))
    return 0


# --- keyword ---------------------------------------------------------------------------------------------
def ruling_dict(ruling: Ruling) -> dict[str, Any]:
    data = asdict(ruling)
    data["rules"] = list(ruling.rules)
    data["cards"] = list(ruling.cards)
    return data


def _ruling_text(ruling: Ruling) -> str:
    source = "community" if ruling.source == "community" else ruling.source
    rules = f" — rules {', '.join(ruling.rules)} ({_numbering(ruling.rules_version)})" if ruling.rules else ""
    head = f"[{source}: {ruling.source_title}{', ' + ruling.date if ruling.date else ''}{rules}]"
    credit = f"\nCredit: {ruling.credit} ({ruling.url})" if ruling.credit else ""
    return f"Q: {ruling.question}\nA: {ruling.answer}\n{head}{credit}"


def _numbering(version: str | None) -> str:
    """The version a ruling's rule numbers are numbered in: "current", "v1.3", "before v1.3"."""
    if not version or version == CURRENT_RULES_VERSION:
        return "current"
    bare = version.removeprefix("pre-").removeprefix("v")
    return f"before v{bare}" if version.startswith("pre-") else f"v{bare}"


def _keyword_text(info: KeywordInfo) -> str:
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
        lines += ["", _ruling_text(ruling)]
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
                    "rulings": [ruling_dict(r) for r in info.rulings],
                }
            )
        else:
            print(_keyword_text(info) + ("" if exact else f'\n(closest keyword for "{query}")'))
    return 0


# --- rulings ---------------------------------------------------------------------------------------------
def cmd_rulings(args: argparse.Namespace) -> int:
    query = _query(args)
    with _open(args) as db:
        found = db.rulings(query)
        if not found:
            raise NotFound(f'no rulings match "{query}".', db.suggest_cards(query))
        if args.json:
            _print_json({"query": query, "rulings": [ruling_dict(r) for r in found]})
        else:
            print("\n\n".join(_ruling_text(r) for r in found))
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
            raise NotFound(f'no cards match "{query}".' + (f" ({hint})" if hint else ""))
        if args.json:
            _print_json(
                {"query": query, "total": result.total, "cards": [card_dict(c) for c in result.cards]}
            )
        else:
            print(_search_text(result))
    return 0
