"""Rules and rulings ranked for a question in a player's words: what `/rule` and `/ruling` show first.

Read once from the read-only database (`QuestionRanker.load`), then answered in memory:

- Without a document asked for, the Core Rules and the Tournament Rules are ranked together; a question naming
  tournament procedure (a judge, a penalty, a round, game 2, a sideboard, a decklist: the thesaurus's `tournament`
  words) is asked of the Tournament Rules first, any other of the Core Rules first.
- A rule is scored on its text (examples count less), its title, and the headings above it (811.1.b is under
  "Hidden"; `cardsdb.search.rule_context`), with the thesaurus's words (`cardsdb.search.text_rank`). A rule that holds more of the
  question's words, the rare ones weighing more, comes first; the words common in the rules that say little in a
  question ("back", "card") weigh less, and the words of the texts of the cards it names a little
  (`cardsdb.search.question_cards`).
- The rulings whose question and answer match the words well lend their weight to the rules they cite (numbered in
  their own version, found under any number in the version shown: a FAQ citing v1.3 421.4 points at the current
  422.4), and, less, to the rules the build linked them to by their words (`cardsdb.build.ruling_links`); a ruling citing
  rules that match well is lifted the same way. A ruling narrowly about a card or a keyword (its page's, or a card its
  question names) that the words do not name lends half its weight, unless another matching ruling points at the same
  rule: what rulings on several topics agree on is the general rule.
- The questions players ask (cardsdb/project/data/asked/, table `asked_questions`) that match the words best lend
  their weight to the rules answering them: the project's index of the words players use for each rule, where the
  rule's own text holds few of them ("do i get my energy and runes back" for 425.1.c: countering refunds no cost).
- A rule number written in the words (`does 811.1.d apply to gear`) puts that rule first, and the rulings citing it.
- Then what each rule is and what the question asks (`cardsdb.search.rule_reading`): a definition or a keyword's effect
  before boilerplate (more so for "what does ... mean"), the general rule before a special case the question does not
  name (a keyword's section, a mode of play, one kind of token), a rule saying what may or must be done for "can I ...",
  one stating a number for "how many" (how long, how much), the rules under a heading the question names, and a little
  those under a heading whose title's words the question types ("heal": 418 Heal); the newest version first, a heading
  and a sub-rule a little after.

Only rows a word search may show are ranked: each rule in its newest form (`latest`: where the current rules gave
its number to another rule, the older form is still shown, marked with its version), or every row of a version when
one is asked for. A row the project added only so that a cited rule has its parent (the overlay's `scaffold` rows)
is found by its title alone.
"""

from __future__ import annotations

import heapq
import logging
import math
import re
import sqlite3
from collections import OrderedDict
from collections.abc import Callable, Container, Iterable, Sequence
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import Any

from cardsdb import rule_numbers
from cardsdb.models import (
    CORE_DOC,
    CURRENT_RULES_VERSION,
    TOURNAMENT_DOC,
    Rule,
    Ruling,
)
from cardsdb.project.vocabulary import load_vocabulary
from cardsdb.schema import rule_from_row, ruling_from_row
from cardsdb.search import rule_reading
from cardsdb.search.bounds import question_words
from cardsdb.search.chatter import question_asked
from cardsdb.search.encoder import Vector, model_identity
from cardsdb.search.language import Language, by_first, holds_phrase, load_language, question_stems
from cardsdb.search.likeness import Likeness, asked_stems
from cardsdb.search.meaning import (
    ASKED,
    ENCODER,
    RULE,
    RULING,
    RULING_QUESTION,
    Centroids,
    Meanings,
    MeaningWeights,
    Near,
    centroid_shares,
    cited_lifts,
    meaning_lifts,
    near_asked,
    near_rules,
    votes,
)
from cardsdb.search.pacing import paced
from cardsdb.search.question_cards import CARD_TEXT_IMPORTANCE, CardTexts, card_rows
from cardsdb.search.question_confidence import (
    RULE_CANDIDATES,
    RULING_SIMILAR,
    SURE_SPREAD,
    SURE_VOTERS,
    confident,
    ruling_asks,
    ruling_asks_as_typed,
    ruling_confident,
)
from cardsdb.search.rule_context import RuleContext, split_examples
from cardsdb.search.spelling import EVERY_WORD, Spelling, installed_english_words, is_form
from cardsdb.search.text_rank import Analyzer, Concept, FieldSpec, Scores, TextIndex, asked_about, stem, words

Rows = Callable[..., Sequence[Any]]  # runs one SQL statement (with parameters), returns its rows
SetKey = tuple[
    str | None, str | None
]  # (document, version); document None: both documents, as words are asked

# The fields of a rule and of a ruling, in the order their texts are given to the index.
RULE_FIELDS = (
    FieldSpec(weight=1.0, b=0.75),  # the rule's text, without its examples
    FieldSpec(weight=1.5, b=0.3),  # its title (a heading's name)
    FieldSpec(weight=0.3, b=0.5),  # its examples
    FieldSpec(weight=0.4, b=0.3),  # its parent's title or text
    FieldSpec(weight=0.3, b=0.3),  # the titles (or short texts) of the rules above that
    FieldSpec(weight=0.3, b=0.5),  # the words of its older forms (a player quoting v1.4 finds today's rule)
)
RULING_FIELDS = (
    FieldSpec(weight=2.5, b=0.5),  # the question
    FieldSpec(weight=1.0, b=0.75),  # the answer
    FieldSpec(weight=0.5, b=0.0),  # where it comes from ("Cards: Hidden Blade") and the cards it names
)

COVERAGE_POWER = 1.0  # how much holding every concept of the question matters against matching one well
RELEVANCE_FLOOR = 0.05  # a document scoring under this share of the best is not relevant
RULING_EVIDENCE = 0.8  # how much a well-matching ruling lifts the rules it cites
LINK_EVIDENCE = 0.3  # how much it lifts the rules the build linked it to by its words
# How much the rules /rule ranks for the same words (their share of the best's score) lift the rulings citing them;
# where /rule is sure of its rule (`question_confidence`), the rulings citing it come first.
RULE_SUPPORT = 0.3
QUESTION_BASE = 0.3  # a ruling whose question holds none of the words keeps this share of its relevance
EVIDENCE_RULINGS = 5  # the best rulings whose citations count
# The questions players ask (cardsdb/project/data/asked/): the best ASKED_MATCHES matching the words each lend ASKED_EVIDENCE times how
# well they match to the rule answering them, added up (two pointing at one rule agree). Set on the tuning half and the
# written sets together (0.4-0.8, one to five matches, the best match alone or added up): more weight made the written
# sets' answers surer and put the tuning half's siblings first.
ASKED_EVIDENCE = 0.5
ASKED_MATCHES = 2
ASKED_FLOOR = 0.2  # an asked question lends weight only when it matches at least this well
EVIDENCE_FLOOR = 0.05  # a ruling lends weight only when it matches at least this well
SUPPORT_FLOOR = 0.2  # the rules a ruling matching at least this well cites are supported (for confidence)
NARROW_EVIDENCE = 0.5  # the share a ruling on a card or keyword the words do not name lends, alone
# A ruling on a card or keyword the words do not name, as an answer in /ruling: this times its score. Weighed on the
# development sets (1.0 to 0.4): the widest gain losing nothing (top-1 73 -> 74, top-3 98 -> 99 of 267); a general
# ruling comes before one on a card that shares more words ("target died before my spell resolved, does it fizzle":
# the general ruling on illegal targets, no longer Baited Hook's).
NARROW_RULING = 0.8
NAMED_RULE = 2.0  # a rule whose number the words write
NAMED_RULE_CHILD = 0.4  # one under it
CURRENT_PRIOR = 1.1  # the current rules (2026-10-09) before older versions' rows
HEADING_PRIOR = 0.75  # a heading or chapter row: its rules say more than its name
DEPTH_PRIOR = 0.94  # each level below a top-level rule: a rule before its sub-rules, which narrow it
SUPERSEDED_PRIOR = 0.85  # an older rule whose number the current rules gave to another rule
QUANTITY_PRIOR = 1.25  # a rule stating a number, for a question asking how many
# and more, one whose number counts what the question asks how many of ("how many points do I need to win": 194.3,
# "The Victory Score is 8 points", before 323.1, "1. If a player has points greater than or equal to the Victory
# Score"). Weighed 1.0 to 1.5 on the development sets: 1.1 and 1.2 put that question right (tuning half 66 -> 67 of
# 77) and change no other first answer; 1.3 loses one of the written sets, and 1.2 puts "If there are fewer than 2
# runes ..." among the first three for "how many runes in a rune deck": a number in a condition counts nothing asked.
QUANTITY_COUNTED = 1.1
# A rule defining a term or stating what a keyword does (a term defined before a colon: one the question names).
DEFINES_PRIOR = 1.3
DEFINES_ASKED = (
    1.7  # the same, for a question asking what a term is or does (1.5 until meaning was compared: the
)
# questions nearest in meaning to "what does X do" may ask what kind of keyword X is; 1.7 changes no set's figures)
# A rule saying what kind of keyword a keyword is, for a question asking what it is or does but not its kind: "what
# does tank do" is not answered by "Tank is a Passive Ability keyword." (asked questions of that rule, "what kind of
# keyword is tank", are near such questions in meaning: their votes and centroid lift it past the rule that says what
# the keyword does unless this lowers it).
KIND_UNASKED = 0.4
# A rule opening by saying what its subject is ("The Rune Pool is a conceptual collection ..."), for a question asking
# only what that term is ("what is the rune pool": `rule_reading.term_asked`). Weighed 1.3, 1.5 and 1.7 on 35 such
# questions written for it (the development sets hold none): at 1.3 "what is the rune pool", "the chain" and
# "priority" lead with their rule saying what it is, and "what is mighty" keeps 708 ("A Unit 'is Mighty' as long as
# ...") before 707 ("Mighty is a description that applies to some units"), which 1.5 put first.
SUBJECT_ASKED = 1.3
PERMISSION_PRIOR = 1.2  # a rule saying what may or must be done, for a question asking whether it may
NAMED_HEADING = 1.1  # a rule under a heading whose title's words the question holds ("heal": 418 Heal)
NAMED_SECTION = 1.3  # a rule under the heading a question's words name ("what is a showdown": Showdowns)
BOILERPLATE_PRIOR = (
    0.55  # a keyword's formatting, stacking, characteristic: unless the question asks about it
)
SPECIAL_CASE_PRIOR = 0.5  # a keyword's section or a special mode of play the question does not name
NAMED_MODE = 1.3  # a rule for the mode of play the question's own words name ("a 2v2 game": 489 2v2)
TOURNAMENT_ASKED = 1.6  # a Tournament Rule, for a question naming tournament procedure
TOURNAMENT_UNASKED = 0.45  # a Tournament Rule, for any other question
ASKED_EXACTLY = 3.0  # a ruling whose question is the words typed
COMPLETE = 0.999  # a ruling holding this share of the words holds them all
FEW_WORDS = 3  # words of at most so many concepts are searched for rulings holding them all, when some do
RULING_CUTOFF = 0.25  # rulings scoring under this share of the best are left out
OFFICIAL_TIER = 0.7  # among rulings scoring at least this share of the best, official answers come first
PRIOR_POOL = 100  # the best-scoring rules the priors reorder
CACHED_QUESTIONS = 8  # the last words asked, with what was worked out (/rule asks twice: best, then also)

_HOW_MANY = re.compile(r"\bhow\s+(?:many|much|long|often)\b|\bmaximum\b|\bminimum\b", re.IGNORECASE)
# A rule stating a number: digits, or a number word from two ("one or more", "one of" state none).
_STATES_NUMBER = re.compile(r"\b\d+\b|\b(?:" + "|".join(rule_reading.NUMBERS.split()) + r")\b", re.I)
# A list item's number at the start of a rule's text ("1. If a player has points ...", 323.1): it counts nothing.
_LIST_ITEM = re.compile(r"^\s*\d{1,2}\.\s")

log = logging.getLogger(__name__)


def states_number(text: str) -> bool:
    """Whether a rule's text states a number (a quantity, a limit): digits or a number word from two, not the number
    of a list item it opens with nor a rule number it refers to ("See rule 416.")."""
    return bool(_STATES_NUMBER.search(rule_reading.without_references(_LIST_ITEM.sub("", text, count=1))))


# A rule number inside words: one with a dot (811.1.d, 103.2.b), or any after "rule" or "CR" (rule 422). A bare "3"
# is a count.
_NUMBER_IN_WORDS = re.compile(
    r"\b(?:rule|cr)\s*(\d{1,3}(?:\.[0-9a-z]+)*)\b|(?<![\w.])(\d{1,3}(?:\.[0-9a-z]+)+)\b", re.IGNORECASE
)


WAIT, WHEN_READY, OFF = (
    "wait",
    "when ready",
    "off",
)  # when a ranker compares meanings (QuestionRanker.meaning)
# Meaning's lift beside the words' evidence (cardsdb.search.meaning), chosen on folds over the rules
# (tools/encoder/folds.py, docs/questions.md): among the weightings within 10 of the best on the folds asking unseen
# phrasings of rules the index holds, and no worse than words alone on the folds leaving whole rules out, the one the
# development sets preferred (within 2 of 267 of their best, the folds deciding). First with the base model on five
# folds (votes 1.0, rule text 0.6); then the centroids on folds 1 and 2, each asked of a model tuned as shipped but
# without that fold's questions: unseen phrasings 109 and 138 of 300 (best 115 and 142; the weights before, 106 and
# 124), whole rules out 66 and 72 (words alone 61 and 63; before, 71 and 81).
MEANING = MeaningWeights(
    vote=0.6, rule=0.6, floor=0.4, voters=5, spread=0.03, centroid=2.0, centroid_spread=0.1
)
# The ruling nearest in meaning to the words is lifted RULING_MEANING, one less near less, down to nothing at
# RULING_MEANING_FLOOR. Set on the tuning half and the written sets (rulings are not in the folds): /ruling top-1
# 33 -> 37 of 77 and 29 -> 29 of 190 at 0.1; at 0.2, 39 and 26.
RULING_MEANING = 0.1
RULING_MEANING_FLOOR = 0.3
RULING_NEIGHBOURS = 10  # the rulings nearest in meaning that are lifted
# A ruling whose question and answer are less near in meaning to the words than this has its score times its nearness
# over it: words shared by a ruling meaning something else ("can I move several units at once": a ruling on two units
# dying "at once", 0.14 near; "what happens when I have to draw and my deck is empty": an erratum on playing cards
# from the deck, -0.02) no longer put it before one asking the question in other words. Weighed on the development
# sets, /ruling top-1 of 267 (74 before): 0.3 and 0.4, 76; 0.5, 79; 0.6, 79; every ruling times its nearness (no
# floor), 81, which also reorders rulings near in meaning by differences the encoder does not resolve ("can i play a
# hidden card on my opponents turn" then led with "Can I play a card from Hidden on the turn I hid it? No.", before
# "When can I play a card I hid? From the next turn on, including your opponent's very next turn"). At 0.5, the
# nearness under which the small talk and gibberish were to every asked question (`MEANING_ALONE_NEAREST`).
RULING_NEAR = 0.5
# The rulings nearest in meaning to the words lift the rules they cite (`meaning.cited_lifts`), for /rule as the
# rulings matching the words do: RULING_VOTE for the nearest, from nothing at RULING_VOTE_FLOOR, the RULING_VOTERS
# nearest. Chosen on folds 1 and 2 (each asked of a model tuned without its questions; the rulings are no fold's) and
# the development sets: of the weightings no worse on any of them (0.2 to 1.0, floors 0.4 to 0.7, 3 to 10 rulings),
# the one the folds gained most with: right first 109 -> 112 and 137 -> 137 of 300 unseen phrasings, 66 -> 68 and
# 72 -> 77 whole rules out; the development sets 213 -> 213 of 267. `tools/encoder/folds.py` scores it.
RULING_VOTE = 0.6
RULING_VOTE_FLOOR = 0.5
RULING_VOTERS = 5
# Where no word of a question is in any rule, ruling or asked question, meaning alone answers only if some asked
# question is at least this near: gibberish and small talk ("asdkjh qwe zzz", "hello", "lol") were 0.28 to 0.49
# from every asked question, the development sets' questions (all of them with words the index holds) 0.535 and
# nearer. Farther, the nearest questions' votes are noise, and "No rule matches" is the honest answer.
MEANING_ALONE_NEAREST = 0.5


@dataclass(frozen=True)
class MeaningSignal:
    """What meaning said of words: how near the nearest asked question is, and each rule's share of the votes that
    decide "sure" (`question_confidence.SURE_VOTERS`)."""

    nearest: float
    votes: dict[int, float]
    words_first: int | None = None  # the rule the words alone put first (position)
    centroids: dict[int, float] = field(default_factory=dict)  # each rule's share of the nearest centroids


@dataclass(frozen=True)
class RankedRuling:
    ruling: Ruling
    score: float
    complete: bool  # the ruling holds every concept of the words (or asks them word for word)
    asked_exactly: bool = False  # its question is the words, word for word
    cites_sure_rule: bool = False  # it cites the rule /rule is sure of (`QuestionRanker.sure_rule`)
    question_similarity: float | None = None  # how near in meaning its question alone is to the words
    beyond: float = 0.0  # how much narrower a question it asks (`Likeness.beyond`)

    @property
    def confident(self) -> bool:
        """Sure to answer the words (`question_confidence.ruling_confident`)."""
        return ruling_confident(
            asked_exactly=self.asked_exactly,
            cites_sure_rule=self.cites_sure_rule,
            similarity=self.question_similarity,
            beyond=self.beyond,
        )

    @property
    def asks_the_words(self) -> bool:
        """Its question asks what the words ask (`question_confidence.ruling_asks`)."""
        return ruling_asks(
            asked_exactly=self.asked_exactly, similarity=self.question_similarity, beyond=self.beyond
        )


@dataclass(frozen=True)
class RankedRule:
    rule: Rule
    score: float
    supported: bool = False  # a ruling matching the words cites it: the FAQs agree with the rule's own words
    agrees: bool | None = (
        None  # meaning compared: the words alone put it first too (None: words alone ranked)
    )
    votes: float = 0.0  # its share of the votes of the asked questions nearest in meaning
    centroid: float = 0.0  # its share of the nearest centroids of the rules' asked questions
    titled: bool = False  # a heading the words name by its title ("hide": 422 Hide): what they look up
    numbered: bool = False  # a rule the words write the number of ("what does 702.12 say"): what they look up


@dataclass
class _RuleSet:
    """The rules one search may show, with their index and what is known of each before a question."""

    rules: list[Rule]
    index: TextIndex
    prior: list[float]  # each rule's prior: version, heading, superseded
    numbered: list[bool]  # the rule's text (without its examples) states a number
    counts: list[frozenset[str]]  # the stems of what its numbers count (rule_reading.counted)
    reading: list[str]  # rule_reading.DEFINES, BOILERPLATE, KIND_OF_KEYWORD or ""
    terms: list[frozenset[str]]  # the stems of the term a rule defines before a colon, if it does
    heads: list[str]  # the stem of the word naming what that term is, its last ("Base Costs" -> cost)
    subjects: list[frozenset[str]]  # the stems of the subject a rule opens by saying what it is, if it does
    openings: list[frozenset[str]]  # the stems of the subject it opens with, "Killing is ...", if it does
    permits: list[bool]  # the rule says what may, can, must or can't be done
    special: list[rule_reading.SpecialCase | None]  # the special case the rule is part of
    sections: list[frozenset[str]]  # the title keys of the headings the rule stands under (and its own)
    heading_titles: list[frozenset[str]]  # the stems of each title of a heading, once each
    headings: list[
        frozenset[int]
    ]  # for each rule, the headings it stands under (positions in heading_titles)
    # a rule number -> positions: the Core Rules', or the Tournament Rules' where no Core Rule has it (as a number
    # typed alone finds it)
    by_number: dict[str, list[int]]
    cited: list[list[int]]  # for each ruling, the positions of the rules it cites
    linked: list[list[int]]  # for each ruling, the positions of the rules the build linked it to
    answering: list[
        list[int]
    ]  # for each asked question, the positions of the rule answering it (none for a version)
    lineages: list[str]  # each rule's lineage (the same rule in every version)
    vectors: Vector | None  # each rule's meaning (cardsdb.search.meaning), where the database has them
    centroids: Centroids | None  # the mean meaning of each rule's asked questions, where they were compared


@dataclass
class _Asked:
    """Words asked, and what was worked out for them so far."""

    words: str
    concepts: list[Concept]
    tournament: bool  # the words name tournament procedure
    rule_concepts: list[Concept]  # the concepts, and those of the texts of the cards the words name
    unwrapped: str  # the words typed, what asks nothing taken off (`chatter`), before misspelt words are read as meant
    rules: dict[SetKey, list[tuple[int, float]]] = field(default_factory=dict)  # ranked (position, score)
    supported: dict[SetKey, frozenset[int]] = field(default_factory=dict)  # the rules a matching ruling cites
    relevance: dict[SetKey, dict[int, float]] = field(default_factory=dict)
    ruling_scores: Scores | None = None
    ruling_relevance: dict[int, float] | None = None
    asked_relevance: dict[int, float] | None = None
    rulings: list[RankedRuling] | None = None
    vector: Vector | None = None  # the words' meaning, once encoded
    ruling_similarity: Vector | None = None  # how near each ruling is in meaning, once compared
    question_similarity: Vector | None = None  # how near each ruling's question alone is, once compared
    encoded: bool = False  # whether encoding was tried
    meaning: dict[SetKey, MeaningSignal] = field(default_factory=dict)  # what meaning said, for confidence
    numbered: dict[SetKey, dict[int, float]] = field(
        default_factory=dict
    )  # the rules whose numbers it writes


class QuestionRanker:
    """Rules (per document and version) and rulings, indexed for words."""

    def __init__(
        self,
        rows: Rows,
        analyzer: Analyzer,
        language: Language | None = None,
        *,
        bounded: bool = True,
        meaning: str = WAIT,
    ) -> None:
        self._rows = rows
        self._bounded = bounded  # words read as a user's (the first words only, bounds.py) or whole
        # WAIT: load the encoder when first needed (the command line, the tests); WHEN_READY: compare words alone until
        # the warm-up has loaded it (the bot: an answer never waits for the model); OFF: words alone (the build's links)
        self.meaning = meaning
        self.analyzer = analyzer
        self._tournament_words = by_first(language.tournament if language else ())
        self._all: list[sqlite3.Row] = list(rows("SELECT * FROM rules"))
        # the tables read where present (a database built before them is read as before)
        self._tables = {str(r[0]) for r in rows("SELECT name FROM sqlite_master WHERE type = 'table'")}
        self._where = RuleContext(self._all)
        self._labels = rule_reading.labels(str(r["text"] or "") for r in self._all if r["latest"])
        self._sets: dict[SetKey, _RuleSet] = {}
        self.rulings_list = [
            ruling_from_row(r) for r in paced(rows("SELECT * FROM rulings ORDER BY date DESC, id"))
        ]
        self._ruling_index = TextIndex(RULING_FIELDS, analyzer).build(
            (r.question, r.answer, " ".join([r.source_title, *r.cards])) for r in self.rulings_list
        )
        self._question_index = TextIndex((FieldSpec(1.0, 0.5),), analyzer).build(
            (r.question,) for r in self.rulings_list
        )
        self._asked_exactly = {_plain(r.question): i for i, r in reversed(list(enumerate(self.rulings_list)))}
        self._cited_lineages = self._citations()
        self._topics = [ruling_topics(r, analyzer) for r in paced(self.rulings_list)]
        self._linked_lineages = self._links()
        self._asked_ids, self._asked_questions = self._questions_asked()
        compared = "meanings" in self._tables and meaning != OFF and self._made_by_this_model()
        asked_meanings = Meanings.read(rows, ASKED) if compared else None
        self._asked_vectors = asked_meanings.aligned(self._asked_ids) if asked_meanings else None
        del asked_meanings  # float32 copies of the rows compared are kept, not the stored float16
        ruling_meanings = Meanings.read(rows, RULING) if compared else None
        self._ruling_vectors = (
            ruling_meanings.aligned([r.id for r in self.rulings_list]) if ruling_meanings else None
        )
        del ruling_meanings
        question_meanings = Meanings.read(rows, RULING_QUESTION) if compared else None
        self._ruling_question_vectors = (
            question_meanings.aligned([r.id for r in self.rulings_list]) if question_meanings else None
        )
        del question_meanings
        # the rules' are kept as stored: each set of rules takes its own rows of them (`_make_set`)
        self._meanings = Meanings.read(rows, RULE) if compared else None
        self._asked_index = TextIndex((FieldSpec(1.0, 0.5),), analyzer).build(
            (q,) for q, _ in paced(self._asked_questions)
        )
        self._recent: OrderedDict[str, _Asked] = OrderedDict()
        self._ruling_likeness: Likeness | None = None  # the rulings' questions, by their words (`_beyond`)
        self._cards: CardTexts | None = None
        self._spelling: Spelling | None = None

    @classmethod
    def load(cls, rows: Rows, *, bounded: bool = True, meaning: str = WAIT) -> QuestionRanker:
        """`bounded`: read the first words of a question only, as of every question a user types (the build reads a
        ruling's whole text). `meaning`: WAIT, WHEN_READY or OFF (see `__init__`)."""
        language = load_language()
        return cls(
            rows,
            Analyzer(language.entries, language.damped),
            language,
            bounded=bounded,
            meaning=meaning,
        )

    # --- the rows a search may show -----------------------------------------------------------------
    def rule_set(self, doc: str | None, version: str | None) -> _RuleSet:
        key = (doc, version)
        if key not in self._sets:
            self._sets[key] = self._make_set(doc, version)
        return self._sets[key]

    def shown_rows(self, doc: str | None, version: str | None) -> list[sqlite3.Row]:
        """The rows a word search may show: the one place this is decided (the ranker ranks them, `CardsDB` finds
        headings by title among them). Each rule in its newest form (`latest`), or every row of the version asked."""
        if version:
            return [r for r in paced(self._all) if r["doc"] == doc and r["version"] == version]
        return [r for r in paced(self._all) if (doc is None or r["doc"] == doc) and r["latest"]]

    def _make_set(self, doc: str | None, version: str | None) -> _RuleSet:
        shown = sorted(self.shown_rows(doc, version), key=lambda r: (r["doc"], str(r["sort_key"] or "")))
        by_number: dict[str, list[int]] = {}
        by_lineage: dict[str, list[int]] = {}
        title_at: dict[frozenset[str], int] = {}  # each heading title's stems -> its position, in order
        headings = [
            frozenset(title_at.setdefault(t, len(title_at)) for t in self._heading_stems(r))
            for r in paced(shown)
        ]
        older = {} if version else self._older_words()
        other_numbers: dict[str, list[int]] = {}
        for i, r in enumerate(shown):
            (by_number if r["doc"] == CORE_DOC else other_numbers).setdefault(str(r["number"]), []).append(i)
            by_lineage.setdefault(_lineage(r), []).append(i)
        # a Tournament Rule's number where no Core Rule has it
        for number, positions in other_numbers.items():
            by_number.setdefault(number, positions)
        # a version asked for is ranked on its own words (the questions players ask lift the newest rules only)
        answering = [] if version else [_positions((line,), by_lineage) for _, line in self._asked_questions]
        vectors = (
            self._meanings.aligned([str(r["key"]) for r in shown]) if self._meanings and not version else None
        )
        own = [split_examples(str(r["text"] or ""))[0] for r in paced(shown)]  # each rule's text, no examples
        numbered = [states_number(t) for t in paced(own)]
        opened = [rule_reading.opening(t) for t in paced(own)]
        terms = [rule_reading.defined_term(t) for t in paced(own)]
        return _RuleSet(
            rules=[rule_from_row(r) for r in paced(shown)],
            index=TextIndex(RULE_FIELDS, self.analyzer).build(
                (*self._where.fields(r), older.get(_lineage(r), "")) for r in paced(shown)
            ),
            prior=[_prior(r) for r in paced(shown)],
            numbered=numbered,
            counts=[
                rule_reading.counted(t) if n else frozenset()
                for t, n in zip(paced(own), numbered, strict=True)
            ],
            reading=[self._reading(r) for r in paced(shown)],
            terms=terms,
            heads=[
                rule_reading.defined_head(t) if term else ""
                for t, term in zip(paced(own), terms, strict=True)
            ],
            subjects=[stems if says_what else frozenset() for stems, says_what in opened],
            openings=[stems for stems, _ in opened],
            special=[self._where.special_case(r) for r in paced(shown)],
            sections=[self._where.headings_above(r) for r in paced(shown)],
            heading_titles=list(title_at),
            headings=headings,
            permits=[rule_reading.states_permission(t) for t in paced(own)],
            by_number=by_number,
            cited=[_positions(lineages, by_lineage) for lineages in self._cited_lineages],
            linked=[_positions(lineages, by_lineage) for lineages in self._linked_lineages],
            answering=answering,
            lineages=[_lineage(r) for r in shown],
            vectors=vectors,
            centroids=Centroids.of(self._asked_vectors, answering, vectors)
            if self._asked_vectors is not None and not version
            else None,
        )

    def _older_words(self) -> dict[str, str]:
        """For each rule the current rules changed, the texts its older forms had that it no longer has (without
        examples): the words a player reading the older document quotes, which should find the rule as it stands now.
        (Between older versions the words changed without the rule changing: their rows are ranked as they are.)"""
        newest = {
            _lineage(r): str(r["text"] or "")
            for r in paced(self._all)
            if r["latest"] and r["version"] == CURRENT_RULES_VERSION
        }
        older: dict[str, list[str]] = {}
        for r in paced(self._all):
            text = split_examples(str(r["text"] or ""))[0]
            line = _lineage(r)
            if (
                line in newest
                and not r["latest"]
                and text
                and text not in newest[line]
                and text not in older.get(line, ())
            ):
                older.setdefault(line, []).append(text)
        return {line: " ".join(texts) for line, texts in older.items()}

    def _heading_stems(self, row: sqlite3.Row) -> tuple[frozenset[str], ...]:
        found = (frozenset(self.analyzer.stems(t)) for t in self._where.heading_titles(row))
        return tuple(dict.fromkeys(h for h in found if h))

    def _reading(self, row: sqlite3.Row) -> str:
        """What a rule is (`rule_reading.reading`); a rule listed under "X is functionally short for the following:"
        is part of that definition."""
        found = rule_reading.reading(split_examples(str(row["text"] or ""))[0], self._labels)
        parent_number = rule_numbers.parent_of(str(row["number"]))
        if found or parent_number is None:
            return found
        parent = self._where.context(row, parent_number)
        if parent is not None and rule_reading.lists_definition(str(parent["text"] or "")):
            return rule_reading.DEFINES
        return found

    def _citations(self) -> list[list[str]]:
        """For each ruling, the lineages of the rules it cites, each read in the version the ruling numbers it."""
        lineage = {(r["version"], r["number"]): _lineage(r) for r in paced(self._all) if r["doc"] == CORE_DOC}
        by_id: dict[str, list[str]] = {}
        for r in self._rows("SELECT ruling_id, number, version FROM ruling_rules"):
            found = lineage.get((r["version"], r["number"]))
            if found is not None:
                by_id.setdefault(str(r["ruling_id"]), []).append(found)
        return [list(dict.fromkeys(by_id.get(r.id, []))) for r in self.rulings_list]

    def _links(self) -> list[list[str]]:
        """For each ruling, the lineages of the rules the build linked it to by its words (none in a database built
        before the links were)."""
        if "ruling_links" not in self._tables:
            return [[] for _ in self.rulings_list]
        lineage = {(r["doc"], r["version"], r["number"]): _lineage(r) for r in paced(self._all)}
        by_id: dict[str, list[str]] = {}
        for r in self._rows(
            "SELECT ruling_id, doc, version, number FROM ruling_links ORDER BY ruling_id, rank"
        ):
            found = lineage.get((r["doc"], r["version"], r["number"]))
            if found is not None:
                by_id.setdefault(str(r["ruling_id"]), []).append(found)
        return [list(dict.fromkeys(by_id.get(r.id, []))) for r in self.rulings_list]

    def _made_by_this_model(self) -> bool:
        """Whether the stored vectors were made by the model this program encodes questions with: vectors of two
        models are not comparable, so a database built by another (or before the model was recorded) is read by words
        alone until it is built again."""
        made_by = None
        if "meta" in self._tables:
            found = list(self._rows("SELECT value FROM meta WHERE key = 'meaning_model'"))
            made_by = str(found[0][0]) if found else None
        if made_by == model_identity():
            return True
        log.warning("the database's meanings were made by another model: words alone until it is built again")
        return False

    def _questions_asked(self) -> tuple[list[str], list[tuple[str, str]]]:
        """The ids of the questions players ask, and each question with the lineage of the rule answering it (none in
        a database built before they were)."""
        if "asked_questions" not in self._tables:
            return [], []
        lineage = {(r["doc"], r["version"], r["number"]): _lineage(r) for r in paced(self._all)}
        found = [
            (str(r["id"]), str(r["question"]), lineage.get((r["doc"], r["version"], r["number"])))
            for r in self._rows("SELECT id, question, doc, version, number FROM asked_questions ORDER BY id")
        ]
        kept = [(i, question, rule) for i, question, rule in found if rule is not None]
        return [i for i, _, _ in kept], [(question, rule) for _, question, rule in kept]

    # --- what was asked --------------------------------------------------------------------------------
    def names_tournament(self, words: str) -> bool:
        """Whether the words name tournament procedure (the thesaurus's `tournament` words)."""
        return self._asked(words).tournament

    def forget_asked(self) -> None:
        """Forget what was worked out for the last words asked, their meaning too (the benchmark times questions
        asked afresh)."""
        self._recent.clear()
        ENCODER.forget()

    def _asked(self, words: str, typing: TextIndex | None = None) -> _Asked:
        """What was worked out for the words (`typing`: the last word is still being typed, completed from that
        index's words)."""
        if self._bounded:
            words = question_words(words)  # the first words and rule numbers only (bounds.py)
        key = f"{words}\x00typing{id(typing)}" if typing is not None else words
        found = self._recent.get(key)
        if found is None:
            unwrapped = question_asked(words, typing=typing is not None) if self._bounded else words
            words = self._read_as_meant(unwrapped, typing is not None)
            concepts = self.analyzer.typing(words, typing) if typing else self.analyzer.concepts(words)
            found = self._recent[key] = _Asked(
                words,
                concepts,
                holds_phrase(question_stems(words), self._tournament_words),
                [*concepts, *self._card_concepts(words, concepts)],
                unwrapped,
            )
            while len(self._recent) > CACHED_QUESTIONS:
                self._recent.popitem(last=False)
        else:
            self._recent.move_to_end(key)
        return found

    def _read_as_meant(self, words: str, typing: bool) -> str:
        """The words with each misspelt word read as the word meant, but for a last word still being typed (`typing`
        and no space after it: it is completed, not corrected); as typed for a text no user typed (the build's
        rulings) and by the bot's ranker until the warm-up has made the known words."""
        if not self._bounded or (self._spelling is None and self.meaning == WHEN_READY):
            return words
        head, space, last = words.rpartition(" ") if typing and not words.endswith(" ") else (words, "", "")
        return self.spelling.corrected(head) + space + last

    def read_as(self, words: str) -> str | None:
        """The words as the ranker read them, where a misspelt word was read as the word meant ("can i hide a card"
        for "can i hdie a crad", and for "hey guys, can i hdie a crad?": what asks nothing is not said to be misread,
        `chatter`); None where every word was read as typed."""
        asked = self._asked(words)
        return asked.words.strip() if asked.words != asked.unwrapped else None

    @property
    def spelling(self) -> Spelling:
        """The words the rules, the questions players ask, the rulings, the cards and the thesaurus use, to read a
        misspelt word of a question as the word meant (`cardsdb.search.spelling`). Made at the first question, or in
        the warm-up: the bot's ranker (WHEN_READY) reads words as typed until then. Without the English words (an
        install older than the dependency), every word is read as typed: a word unknown to the texts may be English."""
        if self._spelling is None:
            texts = [f"{r['title'] or ''} {r['text'] or ''}" for r in paced(self._all)]
            texts += [question for question, _ in self._asked_questions]
            texts += [f"{r.question} {r.answer} {' '.join(r.cards)}" for r in self.rulings_list]
            texts += [f"{name} {text}" for name, text in card_rows(self._rows)]
            texts += [" ".join(group.words) for group in load_vocabulary().entries]
            rules = self.rule_set(None, None).index
            english: Container[str] | None = installed_english_words()
            if english is None:
                log.warning("pyspellchecker is not installed: every word of a question is read as typed")
                english = EVERY_WORD

            def is_word(word: str) -> bool:  # English, or a form of a word the rules or the questions use
                found = stem(word)
                return word in english or (
                    is_form(word, found)
                    and (
                        rules.idf(found) > 0 or self._asked_index.idf(found) > 0 or self.analyzer.knows(found)
                    )
                )

            self._spelling = Spelling.of(texts, is_word)
        return self._spelling

    def _card_concepts(self, words: str, concepts: Sequence[Concept]) -> list[Concept]:
        """The concepts of the texts of the cards the words name, each counting little, those the words hold left
        out."""
        if self._cards is None:
            index = self.rule_set(None, None).index
            self._cards = CardTexts(
                card_rows(self._rows), lambda w: index.idf(stem(w)) > 0 or self.analyzer.knows(stem(w))
            )
        found: dict[str, Concept] = {}
        have = {s for c in concepts for s in c.alternatives}
        for text in self._cards.named_in(words):
            for c in self.analyzer.concepts(text):
                if c.typed not in have and c.typed not in found:
                    found[c.typed] = Concept(c.typed, c.alternatives, c.importance * CARD_TEXT_IMPORTANCE)
        return list(found.values())

    def _rule_relevance(self, asked: _Asked, key: SetKey) -> dict[int, float]:
        if key not in asked.relevance:
            asked.relevance[key] = _relevance(self.rule_set(*key).index.score(asked.rule_concepts))
        return asked.relevance[key]

    def _ruling_relevance(self, asked: _Asked) -> dict[int, float]:
        """How well each ruling matches the words: its question and answer, and how much of the words its question
        itself holds (a ruling asking what the words ask comes first)."""
        if asked.ruling_relevance is None:
            asked.ruling_scores = self._ruling_index.score(asked.concepts)
            relevance = _relevance(asked.ruling_scores)
            in_question = self._question_index.score(asked.concepts)
            for i in relevance:
                relevance[i] *= QUESTION_BASE + (1 - QUESTION_BASE) * in_question.share(i)
            asked.ruling_relevance = relevance
        return asked.ruling_relevance

    def _asked_relevance(self, asked: _Asked) -> dict[int, float]:
        """How well each question players ask matches the words."""
        if asked.asked_relevance is None:
            asked.asked_relevance = _relevance(self._asked_index.score(asked.concepts))
        return asked.asked_relevance

    # --- rules -----------------------------------------------------------------------------------------
    def rules(
        self,
        words: str,
        *,
        doc: str | None = None,
        version: str | None = None,
        limit: int = 10,
        typing: bool = False,
    ) -> list[Rule]:
        """The rules best answering the words, best first (`doc` None: both documents; `typing`: the last word is
        still being typed)."""
        return [
            r.rule for r in self.ranked_rules(words, doc=doc, version=version, limit=limit, typing=typing)
        ]

    def ranked_rules(
        self,
        words: str,
        *,
        doc: str | None = None,
        version: str | None = None,
        limit: int = 10,
        typing: bool = False,
    ) -> list[RankedRule]:
        """`rules`, each with its score."""
        key = (doc, version)
        shown = self.rule_set(doc, version)
        asked = self._asked(words, shown.index if typing else None)
        ranked = asked.rules.get(key)
        if ranked is None:
            ranked = asked.rules[key] = self._rank_rules(asked, key)
        supported = asked.supported.get(key, frozenset())
        meaning = asked.meaning.get(key)
        numbered = {i for i, lift in self._numbered(asked, key).items() if lift == NAMED_RULE}
        return [
            RankedRule(
                shown.rules[i],
                score,
                i in supported,
                None if meaning is None else meaning.words_first == i,
                0.0 if meaning is None else meaning.votes.get(i, 0.0),
                0.0 if meaning is None else meaning.centroids.get(i, 0.0),
                numbered=i in numbered,
            )
            for i, score in ranked[:limit]
        ]

    def _rank_rules(self, asked: _Asked, key: SetKey) -> list[tuple[int, float]]:
        shown = self.rule_set(*key)
        words = self.word_evidence(asked, key)
        final = dict(words)
        lifts = self._meaning_evidence(asked, key)
        meaning = asked.meaning.get(key)
        if not words and (meaning is None or meaning.nearest < MEANING_ALONE_NEAREST):
            return []
        for i, lift in lifts.items():
            final[i] = final.get(i, 0.0) + lift
        pool = [i for i, _ in heapq.nlargest(PRIOR_POOL, final.items(), key=itemgetter(1))]
        fit = self._fit(asked, key)
        factors = {i: shown.prior[i] * fit.factor(shown, i) for i in pool}
        if meaning is not None:  # which rule the words alone put first: meaning agreeing with them is surer
            said = [i for i in pool if words.get(i, 0.0) > 0]
            alone = max(said, key=lambda i: (words[i] * factors[i], -i), default=None)
            asked.meaning[key] = replace(meaning, words_first=alone)
        return sorted(
            ((i, final[i] * factors[i]) for i in pool if final[i] * factors[i] > 0),
            key=lambda p: (-p[1], p[0]),
        )

    def word_evidence(self, asked: _Asked, key: SetKey) -> dict[int, float]:
        """Each rule's evidence from the words, before what each rule is counts: its own words, the rulings and the
        questions players ask matching the words, a number the words write."""
        final = dict(self._rule_relevance(asked, key))
        if key[1] is None:
            for i, lift in self._ruling_evidence(asked, key).items():
                final[i] = final.get(i, 0.0) + lift
            for i, lift in self._asked_evidence(asked, key).items():
                final[i] = final.get(i, 0.0) + lift
        for i, lift in self._numbered(asked, key).items():
            final[i] = final.get(i, 0.0) + lift
        return final

    def _numbered(self, asked: _Asked, key: SetKey) -> dict[int, float]:
        """The rules whose numbers the words write, and those under them (`_named`), read once for the words."""
        if key not in asked.numbered:
            asked.numbered[key] = _named(asked.words, self.rule_set(*key))
        return asked.numbered[key]

    def _fit(self, asked: _Asked, key: SetKey) -> _Fit:
        """What the words ask, to weigh what each rule is against (`_Fit`). They ask about the Tournament Rules
        where they name tournament procedure or write a number only those rules have ("what does 702.12 say": TR
        702.12, Drawing Extra Cards)."""
        shown = self.rule_set(*key)
        tournament = asked.tournament or any(
            shown.rules[p].doc == TOURNAMENT_DOC for p in self._numbered(asked, key)
        )
        return _Fit(asked, both=key[0] is None, tournament=tournament)

    def fit_factors(self, asked: _Asked, key: SetKey, positions: Iterable[int]) -> dict[int, float]:
        """What each rule is, against what the words ask (`_Fit`), times its prior: what a rule's evidence is
        multiplied by."""
        shown = self.rule_set(*key)
        fit = self._fit(asked, key)
        return {i: shown.prior[i] * fit.factor(shown, i) for i in positions}

    def _ruling_evidence(self, asked: _Asked, key: SetKey) -> dict[int, float]:
        """How much the rulings matching the words point at each rule they cite, or were linked to; the rules they
        cite are noted as supported. A ruling about a card or a keyword the words do not name lends less, unless
        another matching ruling points at the same rule: what rulings on several topics share is general."""
        shown = self.rule_set(*key)
        relevance = self._ruling_relevance(asked)
        lifted: dict[int, float] = {}
        narrow_lifted: dict[int, float] = {}
        pointing: dict[int, int] = {}
        supported: set[int] = set()
        typed = _typed(asked)
        for i in heapq.nlargest(EVIDENCE_RULINGS, relevance, key=relevance.__getitem__):
            if relevance[i] < EVIDENCE_FLOOR:
                continue
            if relevance[i] >= SUPPORT_FLOOR:
                supported.update(shown.cited[i])
            narrow = self._narrow(i, typed)
            for position in {*shown.cited[i], *shown.linked[i]}:
                pointing[position] = pointing.get(position, 0) + 1
            for weight, positions in ((RULING_EVIDENCE, shown.cited[i]), (LINK_EVIDENCE, shown.linked[i])):
                lift = weight * relevance[i] / math.sqrt(len(positions)) if positions else 0.0
                for position in positions:
                    lifted[position] = max(lifted.get(position, 0.0), lift)
                    if not narrow:
                        narrow_lifted[position] = max(narrow_lifted.get(position, 0.0), lift)
        asked.supported[key] = frozenset(supported)
        return {
            p: lift if pointing[p] > 1 else max(narrow_lifted.get(p, 0.0), NARROW_EVIDENCE * lift)
            for p, lift in lifted.items()
        }

    def _narrow(self, ruling: int, typed: frozenset[str]) -> bool:
        """Whether a ruling is narrowly about a card or keyword (`ruling_topics`) that the words (`typed`: their
        stems, `_typed`) do not name."""
        topics = self._topics[ruling]
        return bool(topics) and not any(t <= typed for t in topics)

    def _vector(self, asked: _Asked) -> Vector | None:
        """The words' meaning: None while the encoder is not loaded and this ranker does not wait for it."""
        if not asked.encoded and self.meaning != OFF:
            asked.encoded = True
            encoder = ENCODER.load() if self.meaning == WAIT else ENCODER.ready()
            if encoder is not None and asked.words.strip():
                asked.vector = ENCODER.vector(encoder, asked.words)
        return asked.vector

    def _meaning_evidence(self, asked: _Asked, key: SetKey) -> dict[int, float]:
        """How much the meaning of the words lifts each rule (`cardsdb.search.meaning`): the rules the asked
        questions nearest in meaning answer, and the rules whose own text is near. None for a version asked, a
        database without meanings, or before the encoder is loaded (words alone)."""
        shown = self.rule_set(*key)
        if key[1] is not None or self._asked_vectors is None or (vector := self._vector(asked)) is None:
            return {}
        near = near_asked(self._asked_vectors @ vector, shown.answering, max(MEANING.voters, SURE_VOTERS))
        rules = near_rules(shown.vectors @ vector) if shown.vectors is not None else []
        centroids = shown.centroids.near(vector) if shown.centroids is not None else []
        asked.meaning[key] = MeaningSignal(
            near[0][0] if near else 0.0,
            votes(near, SURE_VOTERS, SURE_SPREAD),
            centroids=centroid_shares(centroids, MEANING.centroid_spread),
        )
        lifts = meaning_lifts(near, rules, MEANING, centroids)
        similarity = self._ruling_similarity(asked)  # kept on `asked`: /ruling compares the same rulings
        for p, lift in self._cited_lifts(similarity, key).items():
            lifts[p] = lifts.get(p, 0.0) + lift
        return lifts

    def cited_by_meaning(self, vector: Vector, key: SetKey) -> dict[int, float]:
        """How much the rulings nearest in meaning to the words (`vector`) lift the rules they cite
        (`meaning.cited_lifts`): a ruling asking what the player asks in other words points at its rule."""
        return self._cited_lifts(
            self._ruling_vectors @ vector if self._ruling_vectors is not None else None, key
        )

    def _cited_lifts(self, similarity: Vector | None, key: SetKey) -> dict[int, float]:
        return cited_lifts(self._near_rulings(similarity, key), RULING_VOTE, RULING_VOTE_FLOOR)

    def near_rulings(self, vector: Vector, key: SetKey, count: int = RULING_VOTERS) -> Near:
        """The rulings nearest in meaning to the words, nearest first: each one's similarity and the positions of the
        rules it cites. Empty without the rulings' meanings."""
        similarity = self._ruling_vectors @ vector if self._ruling_vectors is not None else None
        return self._near_rulings(similarity, key, count)

    def _near_rulings(self, similarity: Vector | None, key: SetKey, count: int = RULING_VOTERS) -> Near:
        if similarity is None:
            return []
        cited = self.rule_set(*key).cited
        return [(s, cited[i]) for s, (i,) in near_rules(similarity, count)]

    def _ruling_similarity(self, asked: _Asked) -> Vector | None:
        """How near in meaning each ruling (its question and answer) is to the words; None without meanings."""
        if asked.ruling_similarity is None and self._ruling_vectors is not None:
            vector = self._vector(asked)
            if vector is not None:
                asked.ruling_similarity = self._ruling_vectors @ vector
        return asked.ruling_similarity

    def _question_similarity(self, asked: _Asked) -> Vector | None:
        """How near in meaning each ruling's question alone is to the words (zero for an FAQ heading standing as
        one); None without those meanings."""
        if asked.question_similarity is None and self._ruling_question_vectors is not None:
            vector = self._vector(asked)
            if vector is not None:
                asked.question_similarity = self._ruling_question_vectors @ vector
        return asked.question_similarity

    def _ruling_meaning(self, asked: _Asked) -> dict[int, float]:
        """How much the meaning of the words lifts each ruling: the rulings whose question and answer are nearest,
        from `RULING_MEANING_FLOOR` (nothing) to the nearest's (`RULING_MEANING`)."""
        similarity = self._ruling_similarity(asked)
        if similarity is None:
            return {}
        near = near_rules(similarity, RULING_NEIGHBOURS)
        weights = MeaningWeights(vote=0.0, rule=RULING_MEANING, floor=RULING_MEANING_FLOOR)
        return meaning_lifts([], near, weights)

    def _asked_evidence(self, asked: _Asked, key: SetKey) -> dict[int, float]:
        """How much the questions players ask that match the words best point at the rules answering them: what each
        lends added up, so that two pointing at one rule count more than one."""
        shown = self.rule_set(*key)
        relevance = self._asked_relevance(asked)
        lifted: dict[int, float] = {}
        for i in heapq.nlargest(ASKED_MATCHES, relevance, key=relevance.__getitem__):
            if relevance[i] < ASKED_FLOOR:
                continue
            for position in shown.answering[i]:
                lifted[position] = lifted.get(position, 0.0) + ASKED_EVIDENCE * relevance[i]
        return lifted

    # --- rulings ---------------------------------------------------------------------------------------
    def rulings(self, words: str, limit: int = 10) -> list[RankedRuling]:
        """The rulings best answering the words, best first: well-matching official answers before community ones."""
        asked = self._asked(words)
        if asked.rulings is None:
            asked.rulings = self._rank_rulings(asked)
        return asked.rulings[:limit]

    def _rule_shares(self, asked: _Asked) -> dict[int, float]:
        """Each rule's share of the best rule's score, as `/rule` ranks them for the same words (words, the questions
        players ask, meaning, what each rule is): a ruling citing the rule that answers is lifted most."""
        key: SetKey = (None, None)
        ranked = asked.rules.get(key)
        if ranked is None:
            ranked = asked.rules[key] = self._rank_rules(asked, key)
        best = ranked[0][1] if ranked else 0.0
        return {i: score / best for i, score in ranked} if best > 0 else {}

    def sure_rule(self, words: str) -> int | None:
        """The position of the rule /rule is sure answers the words (`question_confidence.confident`) and a ruling
        matching the words cites, among both documents' newest rules; None otherwise. The rulings citing it come first
        in /ruling: without a ruling matching the words behind it, a rule sure by meaning alone would put rulings that
        only cite it ahead of one that matches every word."""
        ranked = self.ranked_rules(words, limit=RULE_CANDIDATES)
        if not ranked or not ranked[0].supported or not ranked_confident(ranked):
            return None
        asked = self._asked(words)
        return asked.rules[(None, None)][0][0]

    def _rank_rulings(self, asked: _Asked) -> list[RankedRuling]:
        final = dict(self._ruling_relevance(asked))
        for i, lift in self._ruling_meaning(asked).items():
            final[i] = final.get(i, 0.0) + lift
        both = self.rule_set(None, None)
        rule_relevance = self._rule_shares(asked)
        named = self._numbered(asked, (None, None))
        for i, cited in enumerate(both.cited):
            if not cited:
                continue
            support = max(rule_relevance.get(p, 0.0) for p in cited)
            if i in final and support:
                final[i] += RULE_SUPPORT * support
            lift = max(named.get(p, 0.0) for p in cited) if named else 0.0
            if lift:
                final[i] = final.get(i, 0.0) + lift
        typed = _typed(asked)
        for i in final:
            if self._narrow(i, typed):
                final[i] *= NARROW_RULING
        nearness = self._ruling_similarity(asked)
        if nearness is not None:  # a ruling sharing words but little meaning answers another question
            for i in final:
                final[i] *= min(1.0, max(float(nearness[i]), 0.0) / RULING_NEAR)
        exact = self._asked_exactly.get(_plain(asked.words))
        best = max(final.values(), default=0.0)
        if exact is not None:
            final[exact] = final.get(exact, 0.0) + ASKED_EXACTLY
        scores = asked.ruling_scores
        holding_all = {i for i in final if i == exact or (scores is not None and scores.share(i) >= COMPLETE)}
        # A ruling's question typed word for word, or a few words (as in a search box), find the rulings holding
        # them all; other words, a question, find the best matches, whole or partial.
        few = exact is not None or len(asked.concepts) <= FEW_WORDS
        kept = (few and list(holding_all)) or [i for i in final if final[i] >= RULING_CUTOFF * best]

        sure = self.sure_rule(asked.words)
        answering = {i for i in kept if sure is not None and sure in both.cited[i]}

        similarity = self._question_similarity(asked)
        near = {i: float(similarity[i]) if similarity is not None else None for i in kept}

        def as_typed(i: int) -> bool:  # the words, or as good: first, before those citing the sure rule
            return ruling_asks_as_typed(asked_exactly=i == exact, similarity=near[i])

        def order(i: int) -> tuple[bool, bool, bool, bool, float, int]:
            leading = final[i] >= OFFICIAL_TIER * best
            tier = (not leading, leading and self.rulings_list[i].source == "community")
            return (not as_typed(i), i not in answering, *tier, -final[i], i)

        narrower = self._narrower(asked.words)

        def beyond(i: int) -> float:  # only where its question is near enough to ask the words
            found = near[i]
            return narrower(i) if found is not None and found >= RULING_SIMILAR else 0.0

        return [
            RankedRuling(
                self.rulings_list[i],
                final[i],
                i in holding_all,
                asked_exactly=i == exact,
                cites_sure_rule=i in answering,
                question_similarity=near[i],
                beyond=beyond(i),
            )
            for i in sorted(kept, key=order)
        ]

    @property
    def ruling_likeness(self) -> Likeness:
        """The rulings' questions by their words, made once (`CardsDB.warm` makes it before the first question): how
        much narrower a question each asks than the words (`_narrower`)."""
        if self._ruling_likeness is None:
            self._ruling_likeness = Likeness(r.question for r in self.rulings_list)
        return self._ruling_likeness

    def _narrower(self, words: str) -> Callable[[int], float]:
        """How much narrower a question each ruling's asks than the words (`Likeness.beyond`), its words weighed by
        their rarity among the rulings' questions; the words read once."""
        likeness, asked = self.ruling_likeness, asked_stems(words)
        return lambda ruling: likeness.beyond(asked, likeness.stems[ruling])


class _Fit:
    """How well what each rule is fits what a question asks: its reading, its special case, its document."""

    def __init__(self, asked: _Asked, *, both: bool, tournament: bool) -> None:
        self._asked_stems = rule_reading.asked_stems(asked.rule_concepts)
        self._typed_stems = rule_reading.typed_stems(asked.concepts)
        self._named: frozenset[int] | None = None  # worked out for the one rule set a _Fit is used with
        self._boilerplate_asked = rule_reading.asks_boilerplate(asked.concepts)
        self._quantity = bool(_HOW_MANY.search(asked.words))
        self._counted = rule_reading.counted_asked(asked.words)
        self._permission = rule_reading.asks_permission(asked.words)
        asks_definition = rule_reading.asks_definition(asked.words)
        self._defines = DEFINES_ASKED if asks_definition else DEFINES_PRIOR
        self._kind_unasked = asks_definition and not rule_reading.asks_kind(asked.words)
        self._term = rule_reading.term_asked(asked.words)
        self._tournament = tournament
        self._both = both
        named = asked_about(asked.words)
        self._section = rule_reading.title_key(named) if named else ""

    def _named_headings(self, shown: _RuleSet) -> frozenset[int]:
        """The headings whose titles' words the question types (positions in `shown.heading_titles`)."""
        if self._named is None:
            typed = self._typed_stems
            self._named = frozenset(n for n, title in enumerate(shown.heading_titles) if title <= typed)
        return self._named

    def _defines_another(self, shown: _RuleSet, i: int) -> bool:
        """Whether a rule defines another term than the one the question asks only what it is: "Killing is the
        action of a Permanent going to the trash" does not say what a unit is."""
        opening = shown.openings[i]
        return bool(self._term) and bool(opening) and opening.isdisjoint(self._term)

    def _names_another(self, shown: _RuleSet, i: int) -> bool:
        """Whether a rule's term holds the one the question asks only what it is but names another thing by its
        last word: "Base Costs: ..." holds "base" and says what a cost is, not what the base is."""
        head = shown.heads[i]
        return bool(self._term) and bool(head) and self._term <= shown.terms[i] and head not in self._term

    def factor(self, shown: _RuleSet, i: int) -> float:
        factor = QUANTITY_PRIOR if self._quantity and shown.numbered[i] else 1.0
        if self._counted and self._counted in shown.counts[i]:  # "how many points": "8 points"
            factor *= QUANTITY_COUNTED
        reading = shown.reading[i]
        if reading == rule_reading.DEFINES:
            term = shown.terms[i]
            if (
                (not term or not term.isdisjoint(self._asked_stems))
                and not self._defines_another(shown, i)
                and not self._names_another(shown, i)
            ):
                factor *= self._defines
        elif reading == rule_reading.BOILERPLATE and not self._boilerplate_asked:
            factor *= BOILERPLATE_PRIOR
        elif reading == rule_reading.KIND_OF_KEYWORD and self._kind_unasked:
            factor *= KIND_UNASKED
        elif self._term and shown.subjects[i] == self._term:
            factor *= SUBJECT_ASKED  # "what is the rune pool": "The Rune Pool is a conceptual collection ..."
        if self._section and self._section in shown.sections[i]:
            factor *= NAMED_SECTION
        if not self._named_headings(shown).isdisjoint(shown.headings[i]):
            factor *= NAMED_HEADING
        if self._permission and shown.permits[i]:
            factor *= PERMISSION_PRIOR
        special = shown.special[i]
        if special is not None and not special.general and not special.named_by(self._asked_stems):
            factor *= SPECIAL_CASE_PRIOR
        elif special is not None and special.mode and special.named_by(self._typed_stems):
            factor *= NAMED_MODE
        if self._both and shown.rules[i].doc == TOURNAMENT_DOC:
            factor *= TOURNAMENT_ASKED if self._tournament else TOURNAMENT_UNASKED
        return factor


_TOPIC_TITLE = re.compile(r"(?:Cards|Mechanics):\s*(.+)$")


def ruling_topics(ruling: Ruling, analyzer: Analyzer) -> tuple[frozenset[str], ...]:
    """What a ruling is narrowly about, each as the stems that name it: the card or keyword its source's page is
    about ("Riftbound FAQ, Cards: Call to Battle"), and the cards its question names (a champion by the name before
    its comma). Empty for a ruling about the rules in general."""
    named = [m.group(1) for m in [_TOPIC_TITLE.search(ruling.source_title)] if m]
    asked = f" {' '.join(words(ruling.question))} "
    for card in ruling.cards:
        short = " ".join(words(card.partition(",")[0]))
        if short and f" {short} " in asked:
            named.append(card.partition(",")[0])
    found = (frozenset(analyzer.stems(name)) for name in named)
    return tuple(dict.fromkeys(t for t in found if t))


def _typed(asked: _Asked) -> frozenset[str]:
    """The stems of the words as typed and of what each may also be read as."""
    return frozenset(s for c in asked.concepts for s in (c.typed, *c.alternatives))


def _relevance(found: Scores) -> dict[int, float]:
    """Each matching document's score as a share of the best, times how much of the question it holds; those scoring
    under `RELEVANCE_FLOOR` of the best are left out (they hold too little of the words to be shown)."""
    best = max(found.score.values(), default=0.0)
    if best <= 0 or found.total <= 0:
        return {}
    held, total, floor = found.held, found.total, RELEVANCE_FLOOR * best
    return {
        i: (value / best) * (held[i] / total) ** COVERAGE_POWER
        for i, value in found.score.items()
        if value >= floor
    }


def _positions(lineages: Sequence[str], by_lineage: dict[str, list[int]]) -> list[int]:
    return [p for lineage in lineages for p in by_lineage.get(lineage, ())]


def ranked_confident(ranked: Sequence[RankedRule]) -> bool:
    """Whether /rule is sure of the first of these rules (best first): `question_confidence.confident` on what the
    ranking knows of it; a heading the words name by its title, or a rule whose number they write, is what they
    look up."""
    first = ranked[0] if ranked else None
    if first is None:
        return False
    return (
        first.titled
        or first.numbered
        or confident([r.score for r in ranked], votes=None if first.agrees is None else first.votes)
    )


def _lineage(row: sqlite3.Row) -> str:
    return str(row["lineage"] or row["key"])


def _prior(row: sqlite3.Row) -> float:
    """How likely a rule is to be what words ask about, before reading it: the current rules first, a heading or a
    chapter (or a rule whose text is only its title) less, an older rule whose number the current rules gave to
    another less."""
    prior = CURRENT_PRIOR if row["version"] == CURRENT_RULES_VERSION and row["doc"] == CORE_DOC else 1.0
    if (row["kind"] in ("heading", "chapter") or _only_its_title(row)) and not _VALUE_TITLE.match(
        str(row["title"] or "")
    ):
        prior *= HEADING_PRIOR
    if row["superseded"] and row["version"] != CURRENT_RULES_VERSION:
        prior *= SUPERSEDED_PRIOR
    return prior * DEPTH_PRIOR ** str(row["number"]).count(".")


# A heading whose title states a value ("Victory Score: 11", "Battlefield Count: 3" in each mode of play): it says all
# its rule says, and is no less an answer than a rule.
_VALUE_TITLE = re.compile(r"^[A-Za-z][A-Za-z ]*:\s*\d+$")


def _only_its_title(row: sqlite3.Row) -> bool:
    """Whether a rule's whole text is its title ("Remedies:", "Round Structures:"): a heading of the rules under it."""
    title = str(row["title"] or "").strip()
    return bool(title) and str(row["text"] or "").strip().removesuffix(":").strip() == title


def _named(words: str, shown: _RuleSet) -> dict[int, float]:
    """The rules whose numbers the words write, and those under them (`_RuleSet.by_number`: a Tournament Rule's
    number where no Core Rule has it)."""
    lifted: dict[int, float] = {}
    for match in _NUMBER_IN_WORDS.finditer(words):
        ref = rule_numbers.parse_rule_ref(match.group(1) or match.group(2))
        if ref is None:
            continue
        prefix = ref.number + "."
        for number, positions in shown.by_number.items():
            lift = (
                NAMED_RULE if number == ref.number else NAMED_RULE_CHILD if number.startswith(prefix) else 0.0
            )
            for position in positions if lift else ():
                lifted[position] = max(lifted.get(position, 0.0), lift)
    return lifted


def _plain(text: str) -> str:
    """Text as compared with a ruling's question typed word for word."""
    return " ".join(words(text))


__all__ = ["QuestionRanker", "RankedRule", "RankedRuling"]
