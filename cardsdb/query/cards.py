"""Cards by name: exact (any alias, a variant suffix), fuzzy with alternatives, by initials, a champion's cards by its
name alone, as they begin; a card's errata and legality; a printing by its code, the sets the data holds and a
format's ban list (the deck check's `DeckCards`). Names are matched in memory (`cardsdb.search.name_index`),
loaded once; a built Card is kept (the file is read-only)."""

from __future__ import annotations

import re
import sqlite3
from collections import OrderedDict
from collections.abc import Sequence

from cardsdb.models import BannedCards, Card, CardMatch, Errata, Legality, Printing
from cardsdb.names import normalize
from cardsdb.query.base import Reader
from cardsdb.schema import card_from_rows, json_list
from cardsdb.search.name_index import NameIndex, NameSpec
from cardsdb.search.pacing import paced
from cardsdb.sets import set_order_sql

FIND_MINIMUM = 65.0  # below this a fuzzy match is not plausible
ALTERNATIVE_MARGIN = 12.0  # runners-up within this many points of the best are offered
NEAR_FAMILY_BELOW = 85.0  # a misspelt champion's name counts only when no card matches at least this well
INITIALS_SCORE = 70.0  # the score reported for a card found by its initials ("mf")
FAMILY_ALTERNATIVES = 9  # a champion's other cards offered for its name alone (the real pool has at most 7)
CARD_CACHE_SIZE = 2048  # built Card objects kept, most recently used (the real pool has under 1,000 names)
_SET_ORDER = set_order_sql("set_id")


class Cards:
    """Cards by name or printing code, their errata and legality, and the ban lists."""

    def __init__(self, reader: Reader) -> None:
        self._reader = reader
        self._names: NameIndex | None = None
        self._card_cache: OrderedDict[str, Card] = OrderedDict()
        self._codes: dict[tuple[str, str, int, str], tuple[str, str]] | None = (
            None  # printing code -> card, id
        )
        self._ban_lists: dict[str, BannedCards | None] = {}

    @property
    def names(self) -> NameIndex:
        """All card names and their aliases, loaded once."""
        if self._names is None:
            rows = [
                (str(r["name"]), json_list(r["types"]), json_list(r["supertypes"]), json_list(r["tags"]))
                for r in self._reader.rows("SELECT name, types, supertypes, tags FROM cards")
            ]
            aliases: dict[str, list[str]] = {}
            for r in self._reader.rows(
                "SELECT c.name, a.alias FROM card_aliases a JOIN cards c ON c.id = a.card_id"
            ):
                aliases.setdefault(str(r["name"]), []).append(str(r["alias"]))
            champions = _champion_tags(rows)
            specs = []
            for name, types, supertypes, tags in paced(rows):
                champion = tags[0] if "Legend" in types and len(tags) == 1 else None
                if champion and normalize(name).startswith(normalize(champion) + " "):
                    champion = None  # "Teemo, Swift Scout" names its champion already
                # A champion's units, Legends and Signature cards carry its name among their tags.
                rank = 1 if "Legend" in types else 2 if "Signature" in supertypes else 0
                family = None
                if rank or "Champion" in supertypes:
                    family = next((t for t in tags if normalize(t) in champions), None)
                specs.append(NameSpec(name, champion, family, rank, tuple(aliases.get(name, ()))))
            self._names = NameIndex(specs)
        return self._names

    def _card(self, row: sqlite3.Row) -> Card:
        printings = self._reader.rows(
            f"SELECT * FROM printings WHERE card_id = ? ORDER BY {_SET_ORDER}, id", [row["id"]]
        )
        keywords = self._reader.rows(
            "SELECT keyword, value FROM card_keywords WHERE card_id = ?", [row["id"]]
        )
        return card_from_rows(row, printings, keywords)

    def card_by_name(self, name: str) -> Card | None:
        """The card of a name as the index spells it (`names.exact`, a search's page), built once."""
        # Cards are immutable and the file is read-only: a built Card is kept (it costs three queries to make).
        cached = self._card_cache.get(name)
        if cached is not None:
            self._card_cache.move_to_end(name)
            return cached
        # COLLATE NOCASE lets SQLite use idx_cards_name; the second test keeps the match exact.
        rows = self._reader.rows(
            "SELECT * FROM cards WHERE name = ? COLLATE NOCASE AND name = ?", [name, name]
        )
        card = self._card(rows[0]) if rows else None
        if card is not None:
            self._card_cache[name] = card
            if len(self._card_cache) > CARD_CACHE_SIZE:
                self._card_cache.popitem(last=False)
        return card

    def clear_cache(self) -> None:
        """Forget the cards built so far (the benchmark times lookups with and without them)."""
        self._card_cache.clear()

    def get_card(self, name: str) -> Card | None:
        """The card with exactly this name, ignoring case (and punctuation, as names.normalize() does)."""
        exact = self.names.exact(name)
        return self.card_by_name(exact) if exact else None

    def suggest_cards(self, name: str, limit: int = 3) -> list[str]:
        """Close names for a name that was not found, best first."""
        return [s.name for s in self.names.match(name, limit=limit) if s.score >= 55.0]

    def find_card(self, query: str) -> CardMatch | None:
        """The card people mean by query: exact (a name, an alias or a printing's code), else the best fuzzy match with
        close runners-up; None if nothing is plausible."""
        exact = self.names.exact(query)
        found = self.names.match(query, limit=6)
        if exact:
            card = self.card_by_name(exact)
            if card is not None:
                return CardMatch(card, "exact", 100.0, ())
        coded = self.printing(query) if _code_key(query) is not None else None
        if coded is not None:  # a printing's code names its card: "RAD-159", "ogn-202/298", "VEN-R01"
            return CardMatch(coded[0], "exact", 100.0, ())
        if not found or found[0].score < FIND_MINIMUM:
            initials = self.names.by_initials(query)  # "mf": Miss Fortune's cards
            card = self.card_by_name(initials[0]) if initials else None
            if card is None:
                return None
            return CardMatch(card, "fuzzy", INITIALS_SCORE, tuple(initials[1 : FAMILY_ALTERNATIVES + 1]))
        best = found[0]
        family = self.names.family(query)
        if not family and best.score < NEAR_FAMILY_BELOW:
            family = self.names.family(query, near=True)  # "yasou"; not "Ornn's", which starts Ornn's Forge
        if family:
            # A champion's name alone ("jinx", "yasou"): the best of its cards (at a tie, units first), and all the
            # others as alternatives.
            scores = {s.name: s.score for s in found}
            name = max(family, key=lambda n: (scores.get(n, 0.0), -family.index(n)))
            card = self.card_by_name(name)
            alternatives = tuple(n for n in family if n != name)[:FAMILY_ALTERNATIVES]
            return CardMatch(card, "fuzzy", best.score, alternatives) if card is not None else None
        card = self.card_by_name(best.name)
        if card is None:
            return None
        alternatives = tuple(
            s.name for s in found[1:5] if s.score >= max(best.score - ALTERNATIVE_MARGIN, FIND_MINIMUM)
        )
        return CardMatch(card, "fuzzy", best.score, alternatives)

    def cards_starting(self, text: str, limit: int = 25) -> list[str]:
        """The cards whose name, or a word in it, begins with text ("ez": Ezreal's cards), in name order."""
        return self.names.starting(text, limit)

    def autocomplete_cards(self, text: str, limit: int = 25) -> list[str]:
        """At most `limit` (<= 25) names: prefix matches first, then fuzzy (the bot fits them to Discord's limits)."""
        return self.names.complete(text, limit=min(limit, 25))

    def errata_for(self, card_name: str) -> list[Errata]:
        if not self._reader.has("errata"):
            return []
        card = self.get_card(card_name)
        ident, name = (card.id, card.name) if card else ("", card_name)
        rows = self._reader.rows(
            "SELECT * FROM errata WHERE card_id = ? OR card_name = ? COLLATE NOCASE ORDER BY date",
            [ident, name],
        )
        return [
            Errata(
                r["card_name"],
                r["new_text"] or "",
                r["old_text"],
                r["source_title"] or "",
                r["date"],
                r["url"],
            )
            for r in rows
        ]

    def legality(self, name: str) -> Legality:
        """The card in each format of the newest ban lists ("legal" or "banned"); a format without a list is absent."""
        card = self.get_card(name)
        if card is None or not self._reader.has("ban_lists"):
            return Legality()
        lists = {
            str(r["format"]): str(r["as_of"] or "")
            for r in self._reader.rows("SELECT format, as_of FROM ban_lists ORDER BY rowid")
        }
        banned = {
            str(r["format"])
            for r in self._reader.rows("SELECT format FROM bans WHERE card_id = ?", [card.id])
        }
        return Legality(
            formats={f: "banned" if f in banned else "legal" for f in lists},
            as_of={f: d for f, d in lists.items() if d},
        )

    def printing(self, code: str) -> tuple[Card, Printing] | None:
        """The card and printing of a printing's code as players write it: `OGN-202`, `ogn-202/298`, `OGN-027a`,
        `OGN-299s` or `OGN-299*` (signed), `VEN-R01`, `VEN-SP1`; None when no printing has it."""
        key = _code_key(code)
        if key is None:
            return None
        if self._codes is None:
            self._codes = {}
            for r in self._reader.rows(
                "SELECT p.id, p.public_code, c.name FROM printings p JOIN cards c ON c.id = p.card_id"
            ):
                found = _code_key(str(r["public_code"] or ""))
                if found is not None:
                    self._codes.setdefault(found, (str(r["name"]), str(r["id"])))
        hit = self._codes.get(key)
        card = self.card_by_name(hit[0]) if hit else None
        printing = next((p for p in card.printings if hit and p.id == hit[1]), None) if card else None
        return (card, printing) if card is not None and printing is not None else None

    def card_sets(self) -> frozenset[str]:
        """The sets the card data holds printings of ("OGN", "VEN", ...)."""
        if self._codes is None:
            self.printing("OGN-001")  # builds the code index
        return frozenset(key[0] for key in self._codes or {})

    def ban_list(self, format_name: str) -> BannedCards | None:
        """A format's ban list ("constructed", "2v2") with its date; None when the database holds none for it."""
        if format_name not in self._ban_lists:
            found: BannedCards | None = None
            if self._reader.has("ban_lists"):
                rows = self._reader.rows("SELECT as_of FROM ban_lists WHERE format = ?", [format_name])
                if rows:
                    names = self._reader.rows(
                        "SELECT c.name FROM bans b JOIN cards c ON c.id = b.card_id WHERE b.format = ?",
                        [format_name],
                    )
                    found = BannedCards(
                        format_name, str(rows[0]["as_of"] or ""), frozenset(str(r[0]) for r in names)
                    )
            self._ban_lists[format_name] = found  # the file is read-only: a list never changes
        return self._ban_lists[format_name]


def _champion_tags(rows: Sequence[tuple[str, list[str], list[str], list[str]]]) -> set[str]:
    """The tags that name a champion (normalized): the tag of a Champion unit that its name starts with or ends
    in ("Teemo" for "Teemo, Scout", "Master Yi" for "Yi, Honed")."""
    found: set[str] = set()
    for name, _, supertypes, tags in rows:
        if "Champion" not in supertypes or ", " not in name:
            continue
        head = normalize(name.split(", ", 1)[0])
        for tag in map(normalize, tags):
            if tag == head or tag.endswith(f" {head}") or head.endswith(f" {tag}"):
                found.add(tag)
    return found


_PRINTING_CODE = re.compile(r"^\s*([A-Za-z]{2,4})-(R|SP|T)?0*(\d{1,4})([a-z*]?)(?:/\d+)?\s*$", re.IGNORECASE)


def _code_key(code: str) -> tuple[str, str, int, str] | None:
    """A printing code in the parts that identify it: ("OGN", "", 202, "a"); a signed `s` is written `*`."""
    match = _PRINTING_CODE.match(code)
    if not match:
        return None
    set_id, prefix, number, variant = match.groups()
    variant = variant.lower()
    return set_id.upper(), (prefix or "").upper(), int(number), "*" if variant == "s" else variant
