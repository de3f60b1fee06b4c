"""The card search syntax: `kw:hidden t:spell d:order e<=2 o:"kill a unit" -tag:yordle blade`.

Every term must hold; `d:order,chaos` (or `d:order|chaos`) is either value; `kw:hidden OR kw:deflect` is
either side (a lower-case `or` counts only between two prefixed terms: "fight or flight" stays a name).
Parsing is separate from matching: `parse()` turns a query into `Term`s (or raises QuerySyntaxError naming the
bad term); `to_sql()` says what the terms mean as a WHERE clause over the `cards` table (`?` parameters only). That
SQL is the reference: `CardsDB.search` runs the same meaning over an in-memory index (`cardsdb.search.card_index`), and
the tests hold the two equal. The full syntax is in docs/search-syntax.md.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cardsdb.errors import QuerySyntaxError
from cardsdb.names import normalize
from cardsdb.text.domains import DOMAIN_COLOURS

# prefix -> field; several spellings per field
TEXT_FIELDS: dict[str, str] = {
    "kw": "keyword",
    "keyword": "keyword",
    "keywords": "keyword",
    "t": "type",
    "type": "type",
    "types": "type",
    "d": "domain",
    "domain": "domain",
    "domains": "domain",
    "o": "text",
    "text": "text",
    "tag": "tag",
    "tags": "tag",
    "set": "set",
    "s": "set",
    "r": "rarity",
    "rarity": "rarity",
    "name": "name",
    "n": "name",
}
NUMBER_FIELDS: dict[str, str] = {
    "e": "energy",
    "energy": "energy",
    "c": "energy",
    "cost": "energy",
    "p": "power",
    "power": "power",
    "m": "might",
    "might": "might",
}
KNOWN_PREFIXES = "kw: t: d: o: tag: set: r: name: e (or cost) p m (with = < <= > >=)"
MAX_TERMS = 30
"""Terms of one search at most (a real search has a handful); a longer one is refused in one line."""
MAX_VALUES = 12
"""Values of one term at most (`d:order,chaos` has two); more are refused in one line."""
# Fields whose value may list alternatives: `d:order,chaos`.
LIST_FIELDS = frozenset({"keyword", "type", "domain", "tag", "set", "rarity"})
# The domain of each colour (cardsdb/text/domains.py): `d:red` is Fury.
DOMAIN_OF_COLOUR = {colour: domain for domain, colour in DOMAIN_COLOURS.items()}

_TOKEN = re.compile(
    r"""\s*(?:
        (?P<neg>-)?
        (?:(?P<key>[A-Za-z]+)(?P<op><=|>=|=|<|>|:))?
        (?:"(?P<quoted>[^"]*)"|(?P<bare>[^\s"]+))?
    )""",
    re.VERBOSE,
)


@dataclass(frozen=True)
class Term:
    field: str  # "keyword", "type", ..., "energy", ..., or "name" for bare words
    value: str
    op: str = ":"  # for numbers: = < <= > >=
    negated: bool = False
    source: str = ""  # the term as typed, for messages
    group: int = 0  # terms of one group must all hold; any one group may (groups are split by OR)

    @property
    def choices(self) -> tuple[str, ...]:
        """The values the term accepts: `d:order,chaos` -> ("order", "chaos"); one value for most terms."""
        if self.field not in LIST_FIELDS:
            return (self.value,)
        parts = tuple(p.strip() for p in re.split(r"[,|]", self.value) if p.strip())
        return parts or (self.value,)


def _tokens(query: str) -> list[tuple[bool, str | None, str | None, str | None, str]]:
    """(negated, key, op, value, as typed) for each term; raises on an unclosed quote."""
    if query.count('"') % 2:
        raise QuerySyntaxError(f"unclosed quote in search: {query.strip()}")
    found = []
    position = 0
    while position < len(query):
        match = _TOKEN.match(query, position)
        if match is None or match.end() == position:
            raise QuerySyntaxError(f"cannot read the search from here: {query[position:].strip()}")
        position = match.end()
        typed = match.group(0).strip()
        if not typed:
            continue
        value = match.group("quoted") if match.group("quoted") is not None else match.group("bare")
        found.append((bool(match.group("neg")), match.group("key"), match.group("op"), value, typed))
    return found


def _is_or(typed: str, key: str | None) -> bool:
    return key is None and typed.casefold() == "or"


def parse(query: str) -> list[Term]:
    """The terms of a search query. Raises QuerySyntaxError with one line naming the bad term."""
    tokens = _tokens(query)
    _bounded(tokens)
    terms: list[Term] = []
    group = 0
    for position, (negated, key, op, value, typed) in enumerate(tokens):
        if not negated and _is_or(typed, key):
            before = tokens[position - 1] if position else None
            after = tokens[position + 1] if position + 1 < len(tokens) else None
            # "OR" always splits; "or" only between prefixed terms, so that a name like "Fight or Flight" stays whole.
            if before is not None and after is not None and (typed == "OR" or (before[1] and after[1])):
                if _is_or(before[4], before[1]) or _is_or(after[4], after[1]):
                    raise QuerySyntaxError(f"two ORs in a row in search: {query.strip()}")
                group += 1
                continue
            if typed == "OR":
                raise QuerySyntaxError(f"OR needs a term on each side: {query.strip()}")
        terms.append(_term(negated, key, op, value, typed, group))
    if not terms:
        raise QuerySyntaxError("empty search: try kw:hidden t:spell d:order e<=2 o:kill")
    return terms


def _bounded(tokens: Sequence[tuple[bool, str | None, str | None, str | None, str]]) -> None:
    """Refuse a search of more than MAX_TERMS terms, or a term of more than MAX_VALUES values, before any matching."""
    if len(tokens) > MAX_TERMS:
        raise QuerySyntaxError(
            f"the search has {len(tokens):,} terms; at most {MAX_TERMS} are accepted (try fewer, or a prefix like kw:)"
        )
    for _, _, _, value, typed in tokens:
        values = len(re.findall(r"[,|]", value or "")) + 1
        if values > MAX_VALUES:
            shown = typed if len(typed) <= 40 else typed[:39] + "…"
            raise QuerySyntaxError(
                f"{shown} lists {values:,} values; at most {MAX_VALUES} are accepted in one term"
            )


def _term(negated: bool, key: str | None, op: str | None, value: str | None, typed: str, group: int) -> Term:
    if key is None:
        if value is None or not value.strip():
            raise QuerySyntaxError(f"nothing to search for after '-': {typed}")
        return Term("name", value.strip(), ":", negated, typed, group)
    prefix = key.casefold()
    if prefix in NUMBER_FIELDS:
        field = NUMBER_FIELDS[prefix]
        if value is None or not re.fullmatch(r"\d{1,3}", value.strip()):
            raise QuerySyntaxError(f"{field} needs a number: {typed}")
        return Term(field, value.strip(), "=" if op == ":" else str(op), negated, typed, group)
    if prefix in TEXT_FIELDS:
        field = TEXT_FIELDS[prefix]
        if op != ":":
            raise QuerySyntaxError(f"{prefix}: takes a word, not a comparison: {typed}")
        if value is None or not value.strip():
            raise QuerySyntaxError(f"{prefix}: needs a value: {typed}")
        text = value.strip()
        if field == "domain":
            text = ",".join(DOMAIN_OF_COLOUR.get(v.casefold(), v) for v in Term(field, text).choices)
        return Term(field, text, ":", negated, typed, group)
    if op == ":":
        close = difflib.get_close_matches(prefix, [*TEXT_FIELDS, *NUMBER_FIELDS], n=1, cutoff=0.6)
        hint = f"did you mean {close[0]}:? " if close else ""
        raise QuerySyntaxError(f"unknown search prefix '{key}:' in {typed}; {hint}known: {KNOWN_PREFIXES}")
    # a word with a comparison sign in it ("x<3") that is no known stat
    raise QuerySyntaxError(f"unknown stat '{key}' in {typed}; compare e, p or m (energy, power, might)")


def escape_like(text: str) -> str:
    """Text to match literally in a LIKE pattern written with ESCAPE '\\'."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _json_has(column: str) -> str:
    return f"EXISTS (SELECT 1 FROM json_each(cards.{column}) WHERE json_each.value = ? COLLATE NOCASE)"


def _condition(term: Term) -> tuple[str, list[object]]:
    if len(term.choices) > 1:
        parts = [_one_condition(replace(term, value=choice)) for choice in term.choices]
        return "(" + " OR ".join(sql for sql, _ in parts) + ")", [v for _, values in parts for v in values]
    return _one_condition(term)


def _one_condition(term: Term) -> tuple[str, list[object]]:
    value = term.value
    if term.field in ("energy", "power", "might"):
        return f"cards.{term.field} {term.op} ?", [int(value)]
    if term.field == "keyword":
        return (
            "EXISTS (SELECT 1 FROM card_keywords ck WHERE ck.card_id = cards.id AND ck.keyword = ? COLLATE NOCASE)",
            [value],
        )
    if term.field == "type":
        return f"({_json_has('types')} OR {_json_has('supertypes')})", [value, value]
    if term.field == "domain":
        return _json_has("domains"), [value]
    if term.field == "tag":
        return _json_has("tags"), [value]
    if term.field == "rarity":
        return (
            "(cards.rarity = ? COLLATE NOCASE OR EXISTS (SELECT 1 FROM printings pr "
            "WHERE pr.card_id = cards.id AND pr.rarity = ? COLLATE NOCASE))",
            [value, value],
        )
    if term.field == "set":
        return (
            "EXISTS (SELECT 1 FROM printings ps WHERE ps.card_id = cards.id "
            "AND (ps.set_id = ? COLLATE NOCASE OR ps.set_name = ? COLLATE NOCASE))",
            [value, value],
        )
    if term.field == "text":
        return "cards.text LIKE ? ESCAPE '\\'", [f"%{escape_like(value)}%"]
    # name: compared in normalized form, so punctuation and case do not matter; another spelling of the name counts.
    # A term with nothing left so (a word in another script, punctuation) is in no name.
    if not normalize(value):
        return "0", []
    like = f"%{escape_like(normalize(value))}%"
    return (
        "((' ' || cards.name_norm || ' ') LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 FROM card_aliases ca "
        "WHERE ca.card_id = cards.id AND (' ' || ca.alias_norm || ' ') LIKE ? ESCAPE '\\'))",
        [like, like],
    )


def to_sql(terms: Sequence[Term]) -> tuple[str, list[object]]:
    """A WHERE clause (without the keyword) over `cards` and its parameters: every term of a group holds, for
    any one group."""
    groups: dict[int, tuple[list[str], list[object]]] = {}
    for term in terms:
        clauses, params = groups.setdefault(term.group, ([], []))
        sql, values = _condition(term)
        # A negated stat also matches cards without that stat: `-e>2` includes runes.
        clauses.append(f"NOT COALESCE(({sql}), 0)" if term.negated else f"({sql})")
        params.extend(values)
    if not groups:
        return "1", []
    if len(groups) == 1:
        clauses, params = next(iter(groups.values()))
        return " AND ".join(clauses), params
    where = " OR ".join("(" + " AND ".join(clauses) + ")" for clauses, _ in groups.values())
    return where, [v for _, params in groups.values() for v in params]
