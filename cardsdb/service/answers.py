"""One answer per kind of question, as the command line, the HTTP API and the MCP server all give it.

Each `*_answer(db, ...)` looks the question up through `CardsDB`'s public methods and returns a typed answer, or
raises a `CardsDBError` whose line is what every door shows (`NotFound`, with its suggestions, where nothing
matches). An answer's `to_json()` is the JSON the command line prints with `--json`; the command line words the same
answer as text (`cardsdb/cli/`). The engine's and the deck check's answers are their own typed verdicts (`Answer`,
`DeckVerdict`, each with `to_dict()`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from cardsdb.cli.search_words import hint_text
from cardsdb.deck import DeckListError, DeckVerdict, check_code, check_list, parse_format
from cardsdb.deck.codes import looks_like_code
from cardsdb.engine import (
    Answer,
    CardReading,
    ScenarioError,
    check,
    is_scenario_code,
    load_scenario,
    reading_data,
    scenario_from_code,
)
from cardsdb.errors import NotFound
from cardsdb.models import (
    TOURNAMENT_DOC,
    CardMatch,
    ChangeList,
    Errata,
    KeywordInfo,
    Legality,
    Rule,
    RuleMatches,
    RuleView,
    Ruling,
)
from cardsdb.query import CardsDB, SearchResult, currency
from cardsdb.rule_versions import Citation, parse_doc, parse_version
from cardsdb.search.name_index import close_names
from cardsdb.service.shapes import card_dict, change_dict, rule_dict, ruling_brief, ruling_dict, view_dict

SEARCH_LIMIT = 100
"""Cards a search lists at most (with the total that match)."""
NAME_SEPARATOR = " · "  # between card names, which may hold commas themselves


# --- a card ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardAnswer:
    query: str
    match: CardMatch
    errata: tuple[Errata, ...]
    legality: Legality
    meta: Mapping[str, str]
    reading: CardReading  # what the engine reads of the card (`card NAME --reading`)

    @property
    def lacks(self) -> tuple[str, ...]:
        """What the database was built without (the gallery, errata, ban lists)."""
        return tuple(currency.lacks(self.meta))

    def to_json(self) -> dict[str, Any]:
        card = self.match.card
        return {
            "name": card.name,
            "id": card.id,
            "match": self.match.match,
            "score": self.match.score,
            "alternatives": list(self.match.alternatives),
            **{k: v for k, v in card_dict(card).items() if k not in ("name", "id")},
            "errata": [asdict(e) for e in self.errata],
            "legality": dict(self.legality.formats),
            "legality_as_of": self.legality.newest_list,
            "data_as_of": self.meta.get("cards_updated_at") or None,
            "lacks": list(self.lacks),
            "reading": reading_data(self.reading),
        }


def card_answer(db: CardsDB, query: str) -> CardAnswer:
    """The card a name means, typos forgiven, as `/card` finds it; NotFound with the closest names."""
    match = db.find_card(query)
    if match is None:
        raise NotFound(f'no card matches "{query}".', db.suggest_cards(query), separator=NAME_SEPARATOR)
    name = match.card.name
    return CardAnswer(
        query, match, tuple(db.errata_for(name)), db.legality(name), db.meta(), db.reading(match.card)
    )


# --- a keyword -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class KeywordAnswer:
    query: str
    info: KeywordInfo
    exact: bool
    citations: tuple[tuple[Citation, ...], ...]  # each ruling's, in order

    def to_json(self) -> dict[str, Any]:
        info = self.info
        return {
            "name": info.name,
            "kind": info.kind,
            "match": "exact" if self.exact else "fuzzy",
            "reminder": info.reminder,
            "rules": [rule_dict(r) for r in info.rules],
            "cards_with": list(info.cards_with),
            "cards_referring": list(info.cards_referring),
            "rulings": [ruling_dict(r, c) for r, c in zip(info.rulings, self.citations, strict=True)],
        }


def keyword_answer(db: CardsDB, query: str) -> KeywordAnswer:
    """A keyword (or a bracketed token) with its rules, cards and rulings; NotFound with the closest keywords."""
    resolved = db.resolve_keyword(query)
    info = db.keyword(resolved[0]) if resolved else None
    if info is None:
        raise NotFound(f'no keyword "{query}".', close_names(db.keyword_names(), query))
    citations = tuple(tuple(db.ruling_citations(r)) for r in info.rulings)
    return KeywordAnswer(query, info, bool(resolved and resolved[1]), citations)


# --- rulings ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FoundRuling:
    ruling: Ruling
    citations: tuple[Citation, ...]
    related: tuple[Rule, ...]  # for a ruling citing no rule: the rules its words discuss


@dataclass(frozen=True)
class RulingsAnswer:
    query: str
    found: tuple[FoundRuling, ...]
    read_as: str | None = None  # the words as read, where a misspelt word was read as the word meant
    confident: bool = True  # the first ruling is sure to answer (always, for a rule number or a card)

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "confident": self.confident,
            **({"read_as": self.read_as} if self.read_as else {}),
            "rulings": [ruling_dict(f.ruling, f.citations, f.related) for f in self.found],
        }


def _found_ruling(db: CardsDB, ruling: Ruling) -> FoundRuling:
    """A ruling with the rules it cites, or, citing none, the rules its words discuss."""
    return FoundRuling(
        ruling, tuple(db.ruling_citations(ruling)), () if ruling.rules else tuple(db.ruling_links(ruling))
    )


def rulings_answer(db: CardsDB, query: str) -> RulingsAnswer:
    """FAQ answers and rulings for words, a card or a rule number, credited; NotFound with the closest cards."""
    matches = db.match_rulings(query)
    if not matches.rulings:
        raise NotFound(f'no rulings match "{query}".', db.suggest_cards(query))
    return RulingsAnswer(
        query,
        tuple(_found_ruling(db, r) for r in matches.rulings),
        matches.read_as,
        matches.confident,
    )


# --- a card search ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SearchAnswer:
    query: str
    result: SearchResult

    def to_json(self) -> dict[str, Any]:
        return {
            "query": self.query,
            "total": self.result.total,
            "cards": [card_dict(c) for c in self.result.cards],
        }


def search_answer(db: CardsDB, query: str, limit: int = SEARCH_LIMIT) -> SearchAnswer:
    """Cards by the search syntax (docs/search-syntax.md), the first `limit` and the total; a query that does not
    parse raises its one line, one that matches nothing NotFound with a hint."""
    result = db.search(query, limit=limit)
    if result.total == 0:
        hint = db.search_hint(query)
        raise NotFound(f'no cards match "{query}".' + (f" ({hint_text(hint)})" if hint else ""))
    return SearchAnswer(query, result)


# --- a rule ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RuleAnswer:
    query: str
    view: RuleView  # the rule shown: the number asked, or the best match for words
    found: RuleMatches  # the rules weighed, best first, and whether the best clearly answers (`confident`)
    by_number: bool
    ruling: FoundRuling | None = None  # the ruling sure to answer the words (`RuleMatches.ruling`)
    closest: tuple[RuleView, ...] = ()  # where no rule clearly answers: the views of the rules shown alike

    def to_json(self) -> dict[str, Any]:
        """The best match's view, `confident`, the rules weighed (`candidates`, best first; for a number, that rule
        alone; where not confident, the closest few, those shown alike, each with the `rulings` citing it), `also`:
        the candidates after the first, `read_as`: the words as read, where a misspelt word was read as the word
        meant, and `ruling`: the FAQ answer or ruling sure to answer the words, where one is."""
        also = list(self.found.rules[1:])
        found = self.ruling
        rulings = [[ruling_brief(r) for r in v.rulings] for v in self.closest]
        return {
            **view_dict(self.view),
            "confident": self.found.confident,
            **({"read_as": self.found.read_as} if self.found.read_as else {}),
            "candidates": [
                {**rule_dict(r), **({"rulings": rulings[i]} if i < len(rulings) else {})}
                for i, r in enumerate(self.found.rules)
            ],
            **({"also": [rule_dict(r) for r in also]} if also else {}),
            **({"ruling": ruling_dict(found.ruling, found.citations, found.related)} if found else {}),
        }


def _where(doc: str | None, version: str | None) -> str:
    """ " in v1.3", " in the Tournament Rules", or nothing: where a number was looked for."""
    chosen = parse_doc(doc)
    if chosen == TOURNAMENT_DOC:
        return " in the Tournament Rules"
    asked = parse_version(version, chosen)
    return f" in {asked}" if asked else ""


def rule_answer(db: CardsDB, query: str, *, doc: str | None = None, version: str | None = None) -> RuleAnswer:
    """A rule by number (`811.1.b`, `TR 702.12`, `v1.4 406.5`) or a question in words, ranked; NotFound (with the
    nearest numbers) for a number no rule has; BadInput for a version or document that does not exist."""
    lookup = db.look_up_rule(query, doc=doc, version=version)
    found = lookup.found
    if lookup.by_number:
        view = lookup.view
        if view is None:
            raise NotFound(
                f'no rule numbered "{query}"{_where(doc, version)}.',
                db.suggest_rules(query, doc=doc, version=version),
            )
        closest: tuple[RuleView, ...] = ()
    else:
        if not found.rules:
            raise NotFound(f'no rule matches "{query}"{_where(doc, version)}.', [])
        closest = tuple(db.rule_view(r) for r in found.closest)
        view = closest[0] if closest else db.rule_view(found.rules[0])
    ruling = _found_ruling(db, found.ruling) if found.ruling is not None else None
    return RuleAnswer(query, view, found, lookup.by_number, ruling, closest)


# --- what changed between rules versions -----------------------------------------------------------------
@dataclass(frozen=True)
class ChangesAnswer:
    found: ChangeList

    def to_json(self) -> list[dict[str, Any]]:
        return [change_dict(c) for c in self.found.changes]


def changes_answer(
    db: CardsDB, from_version: str, to_version: str, under: str | None = None, *, doc: str | None = None
) -> ChangesAnswer:
    """Rules added, removed, reworded and moved from one version to the next, under a rule number if given."""
    return ChangesAnswer(db.changes(from_version, to_version, under, doc=doc))


# --- a position, to the engine ---------------------------------------------------------------------------
def position_answer(db: CardsDB, scenario: str | Mapping[str, object]) -> Answer:
    """The engine's answer to a position: scenario text (YAML or JSON, docs/scenario-format.md), a scenario code
    (`rb1.…`, docs/scenario-codes.md), a mapping, or either holding only `{"code": "rb1.…"}`. Raises the engine's
    one line for a position that is not one."""
    if isinstance(scenario, str):
        if is_scenario_code(scenario):
            return check(scenario_from_code(scenario), db)
        data = load_scenario(scenario)
        if not isinstance(data, Mapping):
            return check(scenario, db)  # the engine says what the text is instead of a position
        scenario = data
    if set(scenario) == {"code"}:
        code = scenario["code"]
        if not isinstance(code, str):
            raise ScenarioError("code: a scenario code is text, rb1. followed by letters and digits")
        return check(scenario_from_code(code), db)
    return check(scenario, db)


# --- a deck ----------------------------------------------------------------------------------------------
def deck_answer(
    db: CardsDB, *, list_text: str | None = None, code: str | None = None, format_name: str | None = None
) -> DeckVerdict:
    """The deck check's verdict on a pasted list or a deck code (a code pasted as the list is read as a code), in
    a format (`constructed`, the default, or `2v2`). Raises one line for bad input."""
    fmt = parse_format(format_name)
    if list_text is None and code is None:
        raise DeckListError("give a deck list or a deck code")
    if list_text is not None and code is not None:
        raise DeckListError("give a deck list or a deck code, not both")
    if list_text is not None:
        if not looks_like_code(list_text):
            return check_list(list_text, db, fmt)
        code = list_text.strip()
    return check_code(code or "", db, fmt)


# --- what is serving -------------------------------------------------------------------------------------
_RULES_DATES = (
    ("current", "rules_current_version"),
    ("v1.4", "rules_v14_date"),
    ("v1.3", "rules_v13_date"),
    ("tournament", "rules_tournament_date"),
)


def health_answer(db: CardsDB) -> dict[str, Any]:
    """What the database serving holds: the dates of its data and of each rules version, and what it lacks."""
    meta = db.meta()
    return {
        "status": "ok",
        "built_at": meta.get("built_at") or None,
        "cards_as_of": meta.get("cards_updated_at") or None,
        "legality_as_of": meta.get("legality_as_of") or None,
        "faqs_as_of": meta.get("faqs_updated_at") or None,
        "rules": {name: meta.get(key) or None for name, key in _RULES_DATES},
        "content_digest": meta.get("content_digest") or None,
        "lacks": list(currency.lacks(meta)),
    }
