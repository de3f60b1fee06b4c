"""Plain data objects shared by the query layer, the engine and the bot.

Nothing here touches SQLite or Discord: the query layer builds these from rows, the engine reasons over
them, the bot renders them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

CURRENT_RULES_VERSION = "2026-10-09"
"""The Core Rules the project follows: updated October 9, 2026 (Radiance patch notes effective October 16)."""

V14_RULES_VERSION = "v1.4"
V14_RULES_DATE = "2026-07-16"
V13_RULES_VERSION = "v1.3"
V13_RULES_DATE = "2026-03-30"
OLDER_THAN_V13 = "pre-v1.3"  # the numbering of rulings older than v1.3, which the data does not hold
CORE_VERSIONS: tuple[str, ...] = (CURRENT_RULES_VERSION, V14_RULES_VERSION, V13_RULES_VERSION)  # newest first

CORE_DOC = "core"
TOURNAMENT_DOC = "tournament"
TOURNAMENT_RULES_VERSION = "2026-07-16"  # the Tournament Rules "Last Updated 7/16/2026"

Wording = Literal["official", "summary"]
Verdict = Literal["Yes", "No", "Depends"]


def verdict_of(legal: bool | None) -> Verdict:
    """The verdict word of an answer that is legal (True), not (False) or undecided (None): the engine's and the deck
    check's alike."""
    return "No" if legal is False else "Depends" if legal is None else "Yes"


@dataclass(frozen=True)
class KeywordValue:
    """A keyword as printed on a card: ``[Shield 3]`` -> KeywordValue("Shield", "3")."""

    name: str
    value: str | None = None

    def __str__(self) -> str:
        return f"{self.name} {self.value}" if self.value else self.name


@dataclass(frozen=True)
class OlderWording:
    """An older wording of the card's rules text (not just other reminder text): as a printing or a source has it."""

    printing_id: str
    set_id: str
    text: str
    source: str = ""  # where this wording is found, in player words: "the official card gallery"
    date: str | None = None  # that source's date, when it has one


@dataclass(frozen=True)
class Printing:
    id: str  # e.g. "ogn-213-298"
    set_id: str  # OGN, OGS, SFD, UNL, VEN; promos OPP, PR, JDG
    set_name: str
    collector_number: str
    public_code: str  # e.g. "OGN-213/298"
    rarity: str | None
    image_url: str | None
    artist: str | None = None
    variant: str | None = (
        None  # "Alternate Art", "Signature", "Overnumbered", "Metal", ...; None for the plain printing
    )


UNKNOWN_WORDS = {
    "text": "its text",
    "type": "its type",
    "cost": "its cost",
    "might": "its Might",
    "domains": "its domain",
    "tags": "its tags",
    "set": "its set and number",
}
"""What of a card known in part may be unknown (`Card.unknown`), in the order and words players read."""


@dataclass(frozen=True)
class Card:
    """One card name, as the rules see it (the text of its latest printing)."""

    id: str  # a stable slug of the name: "hidden-blade"
    name: str
    types: tuple[str, ...]  # "Unit", "Spell", "Gear", "Battlefield", "Legend", "Rune"
    supertypes: tuple[str, ...] = ()  # "Champion", "Signature", "Token", ...
    domains: tuple[str, ...] = ()
    energy: int | None = None
    power: int | None = None
    might: int | None = None
    tags: tuple[str, ...] = ()
    keywords: tuple[KeywordValue, ...] = ()
    text: str = ""  # readable: symbol tokens turned into words, e.g. "(Hide now for any power ...)"
    text_raw: str = ""  # as printed in the data, with ":rb_...:" tokens
    rarity: str | None = None
    printings: tuple[Printing, ...] = ()
    older_wordings: tuple[OlderWording, ...] = ()
    partial: bool = (
        False  # its text is not known in full (a seed card; a Radiance card no source gives the text of)
    )
    notes: tuple[str, ...] = ()
    text_source: str | None = None  # where the current wording comes from, in player words: "Radiance errata"
    text_date: str | None = None  # the date of that wording
    unknown: tuple[str, ...] = ()  # what is not known yet of a card known in part: keys of UNKNOWN_WORDS
    type_doubt: str | None = (
        None  # why its type is in doubt (none given, or one its card can't have), player words
    )

    def has_keyword(self, name: str) -> bool:
        wanted = name.casefold()
        return any(k.name.casefold() == wanted for k in self.keywords)

    def keyword_value(self, name: str) -> str | None:
        wanted = name.casefold()
        for k in self.keywords:
            if k.name.casefold() == wanted:
                return k.value
        return None

    def is_type(self, card_type: str) -> bool:
        wanted = card_type.casefold()
        return any(t.casefold() == wanted for t in self.types)

    @property
    def is_permanent(self) -> bool:
        return self.is_type("Unit") or self.is_type("Gear")

    def knows(self, what: str) -> bool:
        """Whether this of the card is known: "text", "type", "cost", "might", "domains", "tags", "set"."""
        return what not in self.unknown

    @property
    def not_yet_known(self) -> str | None:
        """What is not known yet, in one line for players: "Not known yet: its text, its Might and its domain."."""
        words = [UNKNOWN_WORDS[k] for k in UNKNOWN_WORDS if k in self.unknown]
        if not words:
            return None
        listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
        return f"Not known yet: {listed}."


class CardSource(Protocol):
    """What the engine needs from the card database: names in, plain cards out."""

    def get_card(self, name: str) -> Card | None:
        """The card with exactly this name (case-insensitive), or None."""
        ...

    def suggest_cards(self, name: str, limit: int = 3) -> Sequence[str]:
        """Close card names for a name that was not found, best first."""
        ...


@dataclass(frozen=True)
class Rule:
    number: str  # "811.1.d.2"
    version: str  # one of CORE_VERSIONS, or TOURNAMENT_RULES_VERSION
    kind: str  # "chapter" | "heading" | "rule"
    text: str
    wording: Wording = "official"
    title: str | None = None  # for headings: "Hide"
    seed_sentence: str | None = None  # the seed sentence a current-rules row was taken from
    counterpart: str | None = None  # current row: its v1.4 (else v1.3) number; older row: its current number
    parent: str | None = None
    doc: str = CORE_DOC  # "core" | "tournament"
    superseded: bool = False  # an older row whose number the current rules use for another rule
    source: str | None = (
        None  # a current rule's source line: "Core Rules 2026-10-09, as quoted on Riot's ..."
    )

    @property
    def is_current(self) -> bool:
        """A rule of the current Core Rules (or of the Tournament Rules, which the data holds in one version)."""
        if self.doc == TOURNAMENT_DOC:
            return True
        return self.version == CURRENT_RULES_VERSION

    @property
    def stamp(self) -> str:
        if self.doc == TOURNAMENT_DOC:
            return f"Tournament Rules, {self.version}"
        return (
            f"current, {CURRENT_RULES_VERSION}"
            if self.version == CURRENT_RULES_VERSION
            else f"as of {self.version}"
        )


@dataclass(frozen=True)
class RuleVersion:
    """What one version of the rules says under a number; `same_rule` is False where it was another rule then."""

    version: str
    text: str
    title: str | None = None
    wording: Wording = "official"
    same_rule: bool = True


@dataclass(frozen=True)
class PatchNote:
    """A point of the official patch notes that explains a change between two versions."""

    source: str  # "Vendetta patch notes"
    section: str  # "Hidden Targeting"
    statement: str  # "CLARIFIED RULE: The restriction on targets ..."
    why: str  # the section's explanation
    from_version: str
    to_version: str


@dataclass(frozen=True)
class Rewording:
    """The same rule's text in an older version, where it differs from the text shown."""

    from_version: str
    from_number: str
    old: str
    new: str


RuleNoteKind = Literal[
    "renumbered",  # `number` (of `version`) is `to` in a newer version
    "now",  # `number` (of `version`) is `to` in the current rules
    "moved_here",  # `number` of `versions` (`title` then) is `to` now: a current rule's moves
    "tournament_update_missing",  # the Tournament Rules of `version`; a newer update's text is not in the data
    "worded_differently_now",  # the current rules word `number` differently
    "older_text",  # `version`'s text; the current rules may word it differently
    "older_text_dated",  # `version`'s text, dated (what the current rules do with its number is said beside it)
    "current_number",  # the current rules (v1.5) number this rule `to` (a pair the data shows)
    "number_reused",  # the current rules (v1.5) use `number` for another rule, `to` of v1.4 (a pair the data shows)
    "newer_worded_differently",  # `version` (newer) words it differently under `number`
    "later_other_rule",  # `version` uses `number` for another rule
    "later_lacks",  # `version` no longer has the rule
    "changed_in_place",  # the current rules changed `number` in its place
    "superseded",  # `number` is `title` in the current rules (`then_title` in `version`): not a current rule
    "see_older",  # for `title` as of `version`, see `number`
    "was_numbered",  # what the current rules number `to` was `number` of `version`
    "also_tournament",  # a number typed alone: the Tournament Rules (of `version`) also have `number`, `title`
]


@dataclass(frozen=True)
class RuleNote:
    """A fact about a rule's number across versions (a move, a newer wording, another rule under its number), worded by
    the renderers (`cardsdb/cli/rule_words.py` `note_text`). `to`: the (number, version) it points to."""

    kind: RuleNoteKind
    number: str
    version: str
    to: tuple[tuple[str, str], ...] = ()
    title: str | None = None
    then_title: str | None = None
    versions: tuple[str, ...] = ()


@dataclass(frozen=True)
class RuleView:
    """A rule looked up by number, with its neighbourhood and history."""

    rule: Rule
    parents: tuple[Rule, ...] = ()  # outermost first
    children: tuple[Rule, ...] = ()
    moved: tuple[RuleNote, ...] = ()  # where its number went: "421 (v1.3, v1.4), Hide, is 422 now."
    notes: tuple[
        RuleNote, ...
    ] = ()  # e.g. "In the current rules 422 is Hide; this is v1.4's 422 Discard, ..."
    versions: tuple[RuleVersion, ...] = ()  # every version that has this number, newest first
    lineage: tuple[Rule, ...] = ()  # the same rule in the other versions (under any number), newest first
    now: tuple[str, ...] = ()  # for an older rule: its number(s) in the current rules, where known
    changed: Rewording | None = None  # what changed since the next older version that has the rule
    patch_notes: tuple[PatchNote, ...] = ()
    # Set when this is v1.4's wording standing in for a current rule whose text is not public: the current number.
    stands_in_for: str | None = None
    # The rulings in force citing it or one of its sub-rules, official first (`Rulings.rulings_on`; a Core Rule's).
    rulings: tuple[Ruling, ...] = ()


UNSURE_SHOWN = 3  # the rules an answer shows alike where no rule is clearly ahead (`RuleMatches.closest`)


@dataclass(frozen=True)
class RuleMatches:
    """The rules best answering words, best first, and whether the first is clearly ahead of the others: when it is
    not, an answer says it is not sure and shows the first few alike."""

    rules: tuple[Rule, ...]
    confident: bool
    read_as: str | None = None  # the words as read, where a misspelt word was read as the word meant
    ruling: Ruling | None = None  # the FAQ answer or ruling asking the words (`Rulings.answering_ruling`)

    @property
    def closest(self) -> tuple[Rule, ...]:
        """The rules an answer shows alike, each whole enough to read, where the first is not clearly ahead; none
        where it is (the first is then shown as the answer)."""
        return () if self.confident else self.rules[:UNSURE_SHOWN]

    @property
    def also(self) -> tuple[Rule, ...]:
        """The rules an answer lists by their first line: after the best match, or after the closest few."""
        return self.rules[1:] if self.confident else self.rules[UNSURE_SHOWN:]


@dataclass(frozen=True)
class RulingMatches:
    """The rulings answering a query, best first; `read_as`: the words as read, where the query was asked as words
    and a misspelt word was read as the word meant (never for a rule number or a card's name); `confident`: whether
    the first is sure to answer (`question_confidence.ruling_confident`; always, for a rule number or a card's name,
    whose rulings are the ones citing or naming it)."""

    rulings: tuple[Ruling, ...]
    read_as: str | None = None
    confident: bool = True
    # For a rule number or a card: how many rulings cite or name it, those shown among them.
    total: int | None = None


@dataclass(frozen=True)
class RuleLookup:
    """A rule query read once as a number or as words (`CardsDB.look_up_rule`). A number: `view` is the rule, None
    when no rule has it (`found` holds it alone). Words: `found`, the rules best first and whether the first clearly
    leads, ranked once (`view` None: the caller shows the first with `rule_view` when it shows one)."""

    by_number: bool
    found: RuleMatches
    view: RuleView | None = None


@dataclass(frozen=True)
class RuleChange:
    """One rule added, removed, reworded or moved between two versions (matched by wording, not by number)."""

    number: str  # the number in `to_version`; for removed and moved, the number in `from_version`
    change: Literal["added", "removed", "reworded", "moved"]
    old: str | None  # the text in `from_version`
    new: str | None  # the text in `to_version`
    moved_to: str | None  # for moved: the number in `to_version`
    from_version: str
    to_version: str
    title: str | None = None  # the heading's title, for a heading
    wording: Wording = "official"  # of the new text: the current rules may be a summary
    doc: str = CORE_DOC
    patch_notes: tuple[PatchNote, ...] = ()


@dataclass(frozen=True)
class Supersession:
    """The erratum that changed a card's text after a ruling on that text: the ruling no longer answers for the card
    as it reads now."""

    erratum_date: str
    erratum_source: str
    card_name: str


@dataclass(frozen=True)
class Ruling:
    id: str
    question: str
    answer: str
    source: str  # "official" | "community" | "seed"
    source_title: str
    date: str | None
    url: str | None
    rules: tuple[str, ...] = ()
    rules_version: str | None = None
    cards: tuple[str, ...] = ()
    credit: str | None = None  # shown with the ruling where its licence asks for attribution
    kind: str = (
        "question"  # or "topic": `question` is a heading (an FAQ's clarification), never shown as a question
    )
    superseded: Supersession | None = None  # an erratum after this ruling changed the text it rules on

    @property
    def is_topic(self) -> bool:
        return self.kind == "topic"


@dataclass(frozen=True)
class Errata:
    card_name: str
    new_text: str
    old_text: str | None
    source_title: str
    date: str | None
    url: str | None


@dataclass(frozen=True)
class Legality:
    """A card in each format of the newest ban lists: format -> "legal" or "banned" ("constructed", "2v2").

    A format without a ban list in the database is absent (not known), never "legal". `as_of` is the date of the
    list each format's verdict comes from."""

    formats: dict[str, str] = field(default_factory=dict)
    as_of: dict[str, str] = field(default_factory=dict)

    @property
    def newest_list(self) -> str | None:
        return max(self.as_of.values()) if self.as_of else None

    def banned_in(self) -> tuple[str, ...]:
        return tuple(f for f, status in self.formats.items() if status == "banned")


@dataclass(frozen=True)
class BannedCards:
    """One format's ban list: the names of the cards on it and the date it was published ("" when not known)."""

    format: str
    as_of: str
    names: frozenset[str]


@dataclass(frozen=True)
class KeywordInfo:
    name: str
    rules: tuple[Rule, ...] = ()
    reminder: str | None = None
    cards_with: tuple[str, ...] = ()
    cards_referring: tuple[str, ...] = ()
    rulings: tuple[Ruling, ...] = ()
    seed_only: tuple[str, ...] = ()  # cards known only from the seeds that have it, kept out of the counts
    kind: str = "keyword"  # "keyword", or "token": a bracketed word of card text that is no keyword ([Stun])
    text_unknown: tuple[str, ...] = ()  # main deck cards whose text is not known yet: any may have it


@dataclass(frozen=True)
class CardMatch:
    card: Card
    match: Literal["exact", "fuzzy"]
    score: float
    alternatives: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class ChangeList:
    """What changed between two versions of a rules document, under one rule or everywhere."""

    from_version: str
    to_version: str
    changes: tuple[RuleChange, ...]
    under: str | None = None
    doc: str = CORE_DOC
    partial: bool = False  # the newer version is the current rules, known only where the seeds give them
    # patch-note statements tied to no rule (listed when `under` is None)
    unplaced_notes: tuple[PatchNote, ...] = ()
    under_version: str | None = None  # the newer of the two versions that has `under`, to mark it with


@dataclass(frozen=True)
class BothValuesHint:
    """A search that asked one field for two values (`d:order d:chaos`): a card must have both. `either`: the term
    that asks for either (`d:order,chaos`)."""

    first: str
    second: str
    either: str


@dataclass(frozen=True)
class NearestValueHint:
    """A search for a tag or a name word no card has (`field`: tag | name), with the nearest search terms."""

    field: Literal["tag", "name"]
    value: str
    nearest: tuple[str, ...]


SearchHint = BothValuesHint | NearestValueHint
"""Why a search that found nothing may have, as data (`CardsDB.search_hint`); worded by `cardsdb/cli/search_words.py`."""
