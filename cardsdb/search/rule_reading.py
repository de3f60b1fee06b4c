"""What a rule is, read from its own words and its place: what `/rule` should lead with for a question.

- A rule that defines a term or states what a keyword does ("Burning is the act of moving cards from the top of a
  player's Main Deck to their trash"; Vision "is functionally short for 'When this is played, predict.'"; the
  Tournament Rules' "Warning: An indication that an error occurred") answers "what is", "what does it do" and most
  questions about the term: it comes before rules that only share its words. A rule opening by saying what its
  subject is ("The Rune Pool is a conceptual collection ...") answers a question asking only what that term is
  ("what is the rune pool").
- Boilerplate repeated under every keyword (how it is formatted, that several instances stack or are redundant, that
  having it is a characteristic, where it is present) comes after, unless the question asks about that.
- A special case (a keyword's section, a mode of play other than the duel the rules are written for: 2v2, free for
  all) does not outrank the general rule unless the question names it; a mode of play the question's own words name
  comes first.

Nothing here reads the database: the ranker (`cardsdb.search.question_rank`) gives each rule's text and headings.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardsdb.names import normalize
from cardsdb.search.pacing import paced
from cardsdb.search.text_rank import STOP_WORDS, Concept, stem, words

DEFINES = "defines"
BOILERPLATE = "boilerplate"
KIND_OF_KEYWORD = "kind of keyword"  # "Tank is a Passive Ability keyword.": what kind it is, not what it does

# Read in lower case.
_DEFINES = re.compile(
    r"\bis functionally short for\b"
    r"|\b(?:is|are) (?:the )?(?:act|action|process|mechanism|concept) (?:of|in which|by which)\b"
    r"|\bis (?:defined as|shorthand for|when)\b"
    r"|\brefers to\b"
)
# A term and its definition: "Conquer: A player gains Control of a Battlefield ...", "Warning: An indication ...";
# a tournament error and its penalty: "Drawing Extra Cards [Warning]: A player draws more cards than ...".
_TERM = re.compile(
    r"^(?!Examples?:|Remedies:|Reminder:|Step \d)([A-Z][\w'’ ()-]{0,60}?)(?: \[[\w ]+\])?: [A-Z]"
)
# What kind of keyword a keyword is ("Deathknell is a Triggered Ability keyword."): said of every keyword, it
# defines none.
_KIND_OF_KEYWORD = re.compile(r"\bis an? (?:[\w-]+ ){0,3}keyword\b")
_BOILERPLATE = re.compile(
    r"\bis formatted as\b|\bthis action is formatted\b"
    r"|\bis a characteristic of\b|\bwhether or not an? \w+ has\b"
    r"|\bmultiple instances of\b|\binstances of \w+ (?:are|is) redundant\b|\bare redundant\b"
    r"|\beach instance of\b|\btrigger separately\b|\bby an additional source\b"
    r"|\bis referenced in the functional text\b|\bis referred to as the\b|\bif x is omitted\b"
    r"|^[\w' -]+ (?:is|are|can be) (?:normally |usually )?present on (?:(?!\b(?:for|until|when|while|if|unless)\b)[\w ,-])+\.?$"
    r"|\breferenc\w*able characteristic\b|\bis one of its characteristics\b|\bare a characteristic of\b"
    r"|^examples?:"  # an example standing as a rule of its own (TR 702.14.a.1.a)
)
# Words of a question that ask about what boilerplate says: the format, the value, several instances, checking it.
_BOILERPLATE_WORDS = """
    format formatted written value x multiple several instances instance stack stacks stacking twice double
    redundant characteristic characteristics check checked reference referenced together combine combined
    cumulative sources
"""
BOILERPLATE_ASKED = frozenset(stem(w) for w in _BOILERPLATE_WORDS.split())
# A mode of play named in a heading's title ("2v2 (Magma Chamber)", "FFA3 (Skirmish)"); the duel (1v1) is what the
# rules are written for.
_MODE = re.compile(r"\b(?:\dv\d|ffa\d?)\b", re.IGNORECASE)
_DUEL = re.compile(r"\b1v1\b", re.IGNORECASE)
_PARENTHESIS = re.compile(r"\(([^()]*)\)")  # innermost: `[^)]*` would scan to the end from each "("


def reading(text: str, labels: frozenset[str] = frozenset()) -> str:
    """`DEFINES`, `BOILERPLATE` or "" for a rule's text (without its examples). `labels`: the words before a colon
    that several rules begin with ("Setup:", "Format:" in each mode of play): a field of a list, not a term defined."""
    text = " ".join(text.split())
    low = text.lower()
    if _BOILERPLATE.search(low):
        return BOILERPLATE
    if _KIND_OF_KEYWORD.search(low):
        return KIND_OF_KEYWORD
    term = _TERM.match(text)
    if _DEFINES.search(low) or (term and term.group(1) not in labels):
        return DEFINES
    return ""


# A rule whose text opens by saying what its subject is ("The Rune Pool is a conceptual collection ...", "A Showdown is
# a Window of Opportunity ...", "The Chain is a Non-Board Zone ...") or what it is for ("Energy is used to pay ...",
# "The term face up is used to describe ..."): it answers "what is the rune pool". Read in lower case. What kind of
# keyword a keyword is ("Tank is a Passive Ability keyword.") is read before this.
_SUBJECT_IS = re.compile(
    r"^(?:the |an? )?(?:term )?([a-z][\w'’-]*(?: [a-z][\w'’-]*){0,3}) (?:is|are) (an? |the |used (?:to|for) )?"
)
# How a question asking only what a term is begins ("what is the rune pool", "what's a showdown?"), as words
# (`text_rank.words`: "what's" is "whats"); the term follows, after one article.
_WHAT_IS = (("what", "is"), ("what", "are"), ("whats",), ("define",))
_ARTICLES = frozenset({"a", "an", "the"})
TERM_WORDS = 4  # the most words a term asked so has: more is a question about the term, not what it is
# Words that make the words after "what is" a question about a term, not the term: "what is the penalty for slow
# play", "what is the difference between ...".
_ABOUT = "for of between in on with to at from about when if after before during while than"
_ABOUT_WORDS = frozenset(_ABOUT.split())


def opening(text: str) -> tuple[frozenset[str], bool]:
    """The stems of the subject a rule's text opens with ("Killing is the action of ..." -> kill; empty where it
    opens otherwise), and whether it opens by saying what that subject is ("The Rune Pool is a ...")."""
    found = _SUBJECT_IS.match(" ".join(text.split()).lower())
    return (frozenset(), False) if found is None else (_stems(found.group(1)), bool(found.group(2)))


def subject_defined(text: str) -> frozenset[str]:
    """The stems of the subject a rule's text opens by saying what it is ("The Rune Pool is a ..." -> rune, pool);
    empty for any other rule."""
    stems, says_what = opening(text)
    return stems if says_what else frozenset()


def subject(text: str) -> frozenset[str]:
    """The stems of the subject a rule's text opens with, saying what it is, is like or does ("Killing is the action
    of ..." -> kill; "A Recall is when ..." -> recall); empty where it opens otherwise."""
    return opening(text)[0]


def _stems(phrase: str) -> frozenset[str]:
    return frozenset(stem(w) for w in words(phrase) if w not in STOP_WORDS)


def term_asked(question: str) -> frozenset[str]:
    """The stems of the term a question asks only what it is ("what is the rune pool" -> rune, pool); empty for
    any other question."""
    typed = words(question.lower().replace("what’s", "what is").replace("what's", "what is"))
    opening = next((o for o in _WHAT_IS if tuple(typed[: len(o)]) == o), None)
    if opening is None:
        return frozenset()
    term = typed[len(opening) :]
    term = term[1:] if term and term[0] in _ARTICLES else term
    if not term or len(term) > TERM_WORDS or not _ABOUT_WORDS.isdisjoint(term):
        return frozenset()
    return frozenset(stem(w) for w in term if w not in STOP_WORDS)


# The number words a rule states a quantity with (`question_rank.states_number` reads them too: "one" states none)
NUMBERS = "two three four five six seven eight nine ten eleven twelve"
_NUMBER_WORDS = frozenset(NUMBERS.split())
COUNTED_AFTER = 2  # the words after a number that may say what it counts ("three (3) Battlefields")


def counted(text: str) -> frozenset[str]:
    """The stems of what a rule's numbers count: the words just after each number it states ("The Victory Score is 8
    points" -> point; "Each player provides three (3) Battlefields" -> battlefield), or a heading's title where it
    states a value ("Battlefield Count: 3" -> battlefield, count). A list item's number it opens with ("1. If a
    player has points ...") and a rule number it refers to ("See rule 416. Recycle ...") count nothing."""
    label, colon, value = text.partition(":")
    if colon and _is_number(value.strip().rstrip(".")):  # a heading stating a value: "Battlefield Count: 3"
        return _stems(label)
    plain = without_references(text).lstrip()
    typed = words(plain)
    if typed and typed[0].isdigit() and plain[len(typed[0]) :].startswith("."):
        typed = typed[1:]
    return frozenset(
        stem(w)
        for i, n in enumerate(typed)
        if _is_number(n)
        for w in typed[i + 1 : i + 1 + COUNTED_AFTER]
        if w not in STOP_WORDS and not w.isdigit()
    )


_REFERENCE = re.compile(r"\b(?:see\s+)?rules?\s+\d+(?:\.[0-9a-z]+)*\.?|\b\d{1,3}(?:\.[0-9a-z]+)+\b", re.I)
_DIGIT = re.compile(r"\d")


def without_references(text: str) -> str:
    """A rule's text without the rule numbers it refers to ("See rule 416. Recycle ...", "702.17"): they count
    nothing. (Most rules hold no digit: looking for one first halves what the ranker's load spends on this.)"""
    return _REFERENCE.sub(" ", text) if _DIGIT.search(text) else text


def _is_number(word: str) -> bool:
    return word.isdigit() or word.lower() in _NUMBER_WORDS


def counted_asked(question: str) -> str:
    """The stem of what a question asks how many of ("how many points do I need to win" -> point); "" for none."""
    typed = words(question)
    for i in range(len(typed) - 2):
        if typed[i] == "how" and typed[i + 1] in ("many", "much") and typed[i + 2] not in STOP_WORDS:
            return stem(typed[i + 2])
    return ""


def defined_term(text: str) -> frozenset[str]:
    """The stems of the term a rule defines before a colon ("Drawing Extra Cards [Warning]: ..." -> draw, extra,
    card); empty for any other rule. Such a definition answers the questions that name its term."""
    return frozenset(stem(w) for w in _term_words(text))


def defined_head(text: str) -> str:
    """The stem of the word that names what a rule's term before a colon is, its last ("Base Costs: ..." -> cost);
    empty for any other rule. "Base Costs" are costs: the definition does not say what a base is."""
    named = _term_words(text)
    return stem(named[-1]) if named else ""


def _term_words(text: str) -> list[str]:
    """The words of the term a rule defines before a colon, stop words left out; none for any other rule."""
    found = _TERM.match(" ".join(text.split()))
    return [w for w in words(found.group(1)) if w not in STOP_WORDS] if found else []


def labels(texts: Iterable[str]) -> frozenset[str]:
    """The words before a colon that more than one rule begins with ("Setup:", "Format:", "First Turn Process:")."""
    found = Counter(m.group(1) for t in paced(texts) if (m := _TERM.match(" ".join(t.split()))))
    return frozenset(term for term, n in found.items() if n > 1)


# A rule saying what a player may, can, must or can't do, or what only some can.
_PERMISSION = re.compile(r"\b(?:may|can|cannot|can't|must|only|unable|allowed|required)\b")  # in lower case
# A question asking whether something is allowed or required.
_ASKS_PERMISSION = re.compile(
    r"^\s*(?:can|could|may|must|do i have to|does it have to|do you have to|do we have to|am i allowed|"
    r"is it allowed|are (?:you|we) allowed|is it legal|is that allowed|am i required)\b"
    r"|\b(?:allowed to|able to|have to|required to|legal to)\b",
    re.IGNORECASE,
)
# A question asking what a term means.
_ASKS_DEFINITION = re.compile(
    r"^\s*(?:what(?:'s| is| are| does| do)|whats|define|meaning of)\b.*?"
    r"(?:\bmean\b|\bmeans\b|\bdo\b|\bdoes\b|$)|\bbasically\b|\bmeaning\b|\bdefinition\b",
    re.IGNORECASE,
)


_LISTS_DEFINITION = re.compile(r"\bis functionally short for the following:?\s*$")


def lists_definition(text: str) -> bool:
    """Whether a rule defines a keyword by the rules listed under it ("Action is functionally short for the
    following:")."""
    return bool(_LISTS_DEFINITION.search(" ".join(text.split()).lower()))


def states_permission(text: str) -> bool:
    """Whether a rule's text says what may, can, must or can't be done."""
    return bool(_PERMISSION.search(text.lower()))


def asks_permission(question: str) -> bool:
    """Whether a question asks if something may or must be done ("can I ...", "do I have to ...")."""
    return bool(_ASKS_PERMISSION.search(question))


# Words of a question that ask what kind of thing a term is ("what kind of keyword is tank", "is deathknell a
# triggered ability"), not what it does. Read in lower case.
_ASKS_KIND = re.compile(r"\b(?:kind|kinds|type|types|sort|categor\w*|passive|triggered|static|activated)\b")


def asks_kind(question: str) -> bool:
    """Whether a question asks what kind of thing a term is."""
    return bool(_ASKS_KIND.search(question.lower()))


def asks_definition(question: str) -> bool:
    """Whether a question asks what a term is or does ("what does mighty mean", "is vision basically scry")."""
    return bool(_ASKS_DEFINITION.search(question))


def asks_boilerplate(concepts: Sequence[Concept]) -> bool:
    """Whether a question asks what boilerplate says (how a keyword is written, several instances of it...)."""
    return any(c.typed in BOILERPLATE_ASKED for c in concepts)


@dataclass(frozen=True)
class SpecialCase:
    """A section for a special case, and the names that ask for it (each a set of stems that must all be asked)."""

    title: str
    names: tuple[frozenset[str], ...]
    mode: bool = False  # a mode of play (2v2, FFA3 ...), not a keyword's section or a token
    general: bool = False  # a duel's mode, which the rules are written for: never lowered

    def named_by(self, asked: frozenset[str]) -> bool:
        return any(name <= asked for name in self.names)


def special_case(title: str | None, *, keyword_chapter: bool) -> SpecialCase | None:
    """The special case a heading opens: a keyword's section (`keyword_chapter`: the heading is in the Keywords
    chapter), or a mode of play (the duel's are `general`: the rules are written for them). None for a general
    heading."""
    if not title:
        return None
    if not keyword_chapter and not _MODE.search(title):
        return None
    general = not keyword_chapter and bool(_DUEL.search(title))
    # a duel's mode is named by "1v1" alone: its other name ("Match") is a word of every tournament question
    parts = [_PARENTHESIS.sub(" ", title), *([] if general else _PARENTHESIS.findall(title))]
    names = tuple(frozenset(stem(w) for w in words(p)) for p in parts if words(p))
    return SpecialCase(title, names, mode=not keyword_chapter, general=general) if names else None


# A rule for a mode of play other than the duel, said in its own words ("In Modes of Play with teammates, ...").
_MODE_IN_TEXT = re.compile(
    r"^(?:reminder: )?in (?:modes of play|games|team events|2v2) with (?:teammates|teams|more than two players)"
    r"|^in 2v2\b|^in team events\b",
    re.IGNORECASE,
)
_MODE_NAMES = (
    frozenset({"teammat"}),
    frozenset({"team"}),
    frozenset({"2v2"}),
    frozenset({"multiplayer"}),
    frozenset({"ffa"}),
)


def mode_in_text(text: str) -> SpecialCase | None:
    """The special case a rule opens by naming a mode of play with teammates or more than two players; None for
    any other rule."""
    if not _MODE_IN_TEXT.search(" ".join(text.split())):
        return None
    return SpecialCase("modes of play with teams or more players", _MODE_NAMES, mode=True)


# A rule defining one kind of token some cards create ("A 0 [M] Shadow Clone token is a domainless unit token ...").
_TOKEN_DEFINED = re.compile(
    r"^(?:an?|the) (?:\d+ \[m\] )?(?P<name>[\w' -]+?) (?:(?:unit|gear|battlefield) )?token\b[^.]*? is an? ",
    re.IGNORECASE,
)


def token_in_text(text: str) -> SpecialCase | None:
    """The special case a rule defining one kind of token is: named by the token's name ("shadow clone")."""
    found = _TOKEN_DEFINED.match(" ".join(text.split()))
    if found is None:
        return None
    name = frozenset(stem(w) for w in words(found.group("name")) if w not in _TOKEN_WORDS)
    return SpecialCase(f"{found.group('name')} token", (name,)) if name else None


_TOKEN_WORDS = frozenset({"unit", "gear", "battlefield", "with", "temporary"})

# A competition's structure other than the Swiss rounds most of a competition is played in, said in a rule's first
# sentence ("Single elimination matches use untimed rounds ...", TR 408.4; "during playoff matches", TR 407.2.a).
_STRUCTURES = ("single elimination", "playoff")
# What names such matches in a question, as stems ("single elimination" holds "elimination", "playoffs" "playoff")
_STRUCTURE_NAMES = tuple(_stems(name) for name in ("elimination", "playoff", "top cut", "top 8", "top eight"))


def structure_in_text(text: str) -> SpecialCase | None:
    """The special case a rule for single elimination or playoff matches is, by its first sentence: named by those
    words or "top cut", "top 8". None for any other rule."""
    first = " ".join(text.split()).lower().split(". ", 1)[0]
    if not any(s in first for s in _STRUCTURES):
        return None
    return SpecialCase("single elimination or playoff matches", _STRUCTURE_NAMES, mode=True)


@functools.lru_cache(maxsize=4096)
def title_key(title: str) -> str:
    """A heading's title as compared with words typed: "The Chain" -> "chain", "Facedown Zones" -> "facedownzone"."""
    key = normalize(title).removeprefix("the ").replace(" ", "")
    return key[:-1] if key.endswith("s") and len(key) > 3 else key


def asked_stems(concepts: Iterable[Concept]) -> frozenset[str]:
    """Every stem a question's concepts stand for: the words typed and the words the thesaurus gives for them."""
    return frozenset(s for c in concepts for term in (c.typed, *c.alternatives) for s in term.split())


def typed_stems(concepts: Iterable[Concept]) -> frozenset[str]:
    """The stems a question's concepts hold as typed: its own words, and the rules' words of a thesaurus phrase it
    holds ("run out": remaining, sufficient, empty), not the other words the thesaurus lends a word."""
    return frozenset(
        s for c in concepts for term, weight in c.alternatives.items() if weight >= 1.0 for s in term.split()
    )


__all__ = [
    "BOILERPLATE",
    "DEFINES",
    "KIND_OF_KEYWORD",
    "NUMBERS",
    "SpecialCase",
    "asked_stems",
    "asks_boilerplate",
    "asks_definition",
    "asks_kind",
    "asks_permission",
    "counted",
    "counted_asked",
    "defined_head",
    "defined_term",
    "opening",
    "reading",
    "special_case",
    "states_permission",
    "structure_in_text",
    "subject",
    "subject_defined",
    "term_asked",
    "title_key",
    "token_in_text",
    "typed_stems",
]
