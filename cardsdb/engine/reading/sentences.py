"""A card's text as lines and sentences, each with the part of the card it belongs to.

A line is one ability as printed: its leading keyword tokens ("[Hidden]", "[Deflect 2]"), the condition its effect
waits on ("[Legion] —", "[Level 6][>]", "[Empowered][>]", "[Deathknell] —"), and its words without reminder text. A
line ending with "—" ("Choose one —") heads the lines after it: they are its items (modes). A sentence knows its
line and its part: a keyword line, a spell's instruction, a permanent's play effect ("When you play me, ..."), another
triggered ability, an activated ability ("[E]: ..."), an additional cost, or a static ability (everything else).
Read once per card text (`card_sentences` is cached on the text, the name and the types).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from cardsdb.engine.reading.card_reading import Part, Sentence
from cardsdb.engine.reading.cardtext import symbols_to_words
from cardsdb.models import Card
from cardsdb.text.domains import DOMAINS
from cardsdb.text.keywords import keyword_names
from cardsdb.text.reminders import without_reminders
from cardsdb.text.sentences import sentences

_SPACES = re.compile(r"[ \t]+")
# A bracketed token: a keyword ("[Deflect 2]", "[Level 6]") or an arrow ("[>]", "[>>]") that separates a condition.
_TOKEN = re.compile(r"\[(?P<name>>>?|[A-Za-z][A-Za-z' -]*?)(?: (?P<value>\d+))?\]")
_SEPARATOR = re.compile(r"^\s*(?:[—–-]\s*|,\s*)")
# Keywords whose token before "[>]" or "—" is a condition of the effect after it.
CONDITIONS = frozenset({"legion", "level", "empowered", "deathknell"})
# The keywords a line may start with ("[Hidden] When you play me, ...", "[Level 6][>] ..."), by name folded.
LINE_KEYWORDS = frozenset(name.casefold() for name in keyword_names())
# Keywords a line may consist of, printed without brackets in some sources ("Hidden", "Ganking", "Equip [Body]").
_BARE_KEYWORD = re.compile(
    r"^(?P<kw>Hidden|Action|Reaction|Ganking|Tank|Shield|Deflect|Assault|Accelerate|Vision|Equip|Backline|Temporary)"
    r"(?: (?P<value>\d+))?(?P<rest>(?:\s*\[[^\]]+\])*)\s*$"
)
# A line that is a cost, after a keyword that takes one ("[Equip] — [Order], Kill a friendly unit").
_COST_WORDS = re.compile(
    r"^(?:(?:\[[^\]]+\])+|(?:\[[^\]]+\])*\s*(?:or|/)\s*(?:\[[^\]]+\])+|Kill (?:this|a friendly unit)|Discard (?:1|a spell)"
    r"|Spend \d+ XP|Recycle \d+ cards? from your trash|\[E\]|[—–,/ ]+)+$",
    re.IGNORECASE,
)
_COST_KEYWORDS = frozenset({"equip", "repeat", "empower", "flow", "accelerate"})
_TRIGGER = re.compile(
    r"^(?:Once each turn, )?(?:When(?:ever)?|At (?:the )?(?:start|end)|At start|(?:The )?(?:first|second|third) time"
    r"|Each time)\b",
    re.IGNORECASE,
)
_PLAY_TRIGGER = re.compile(
    r"^When(?:ever)? (?:[^,]*?\bor )?(?:you play (?:me|this)|I'm played|I am played|this is played)\b",
    re.IGNORECASE,
)
_AS_PLAYED = re.compile(
    r"^As (?:you play (?:me|this)|I'm played|this is played|this is attached)\b", re.IGNORECASE
)
# An activated ability: costs, a colon, the effect ("[E]: Draw 1.", "Spend 3 XP: ...", "Kill this, [1], [E]: ...").
_ACTIVATED = re.compile(
    r"^(?:(?:\[[^\]]+\]|Kill this|Kill a friendly unit(?: or gear)?|Discard (?:1|a gear)|Spend (?:\d+ XP|my buff)"
    r"|Recycle (?:\d+|a unit) from your trash|Disempower (?:me|this)|Exhaust a unit you control|Banish this"
    r"|[A-Z][a-z]+)(?:,\s*|\s*))+:\s",
)
# The card's own additional cost (another card's "as an additional cost to play a Dragon" is a static ability).
_ADDITIONAL_COST = re.compile(
    r"\bas an additional cost(?: to play (?:me|this))?\.?$|\bas an additional cost to play (?:me|this)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Line:
    """One printed ability: its words, its leading keywords, the condition it waits on, and its place in a list."""

    text: str
    keywords: tuple[str, ...] = ()  # "Hidden", "Deflect 2", "Level 6": the line's leading tokens
    cost: str = ""  # a keyword's cost: "[1][Order][Order]" after [Empower], "Discard 1" after [Repeat] —
    condition: str = ""  # "Legion", "Level 6", "Empowered", "Deathknell": what its effect waits on
    header: bool = False  # "Choose one —": the lines after it are its items
    item_of: int | None = None  # an item's header line

    @property
    def keywords_only(self) -> bool:
        return not self.text


def _plain(text: str) -> str:
    """Keyword tokens as words ("[Stun] a unit" -> "Stun a unit"); costs keep their brackets ("[1]", "[Fury]")."""

    def word(match: re.Match[str]) -> str:
        name, value = match.group("name"), match.group("value")
        if name in (">", ">>") or name in ("A", "C", "E") or name.capitalize() in _DOMAINS:
            return match.group(0)
        return name + (f" {value}" if value else "")

    return _SPACES.sub(" ", _TOKEN.sub(word, text.replace("(here)", "here"))).strip()


_DOMAINS = frozenset(DOMAINS)


def _prefix(line: str) -> tuple[list[str], str, str]:
    """The leading keyword tokens, the condition among them, and the rest of the line."""
    tokens: list[str] = []
    conditions: list[str] = []
    rest = line
    while True:
        rest = _SEPARATOR.sub("", rest) if tokens else rest
        match = _TOKEN.match(rest)
        if match is None:
            break
        name, value = match.group("name"), match.group("value")
        after = rest[match.end() :]
        if name in (">", ">>"):
            rest = after.lstrip()
            continue
        if name.split()[0].casefold() not in LINE_KEYWORDS:
            break  # a cost ("[1]", "[Fury]") or an instruction ("[Stun] a unit", "[Predict]."), not a keyword
        token = name + (f" {value}" if value else "")
        if name.casefold() in CONDITIONS and (re.match(r"^\s*[—–-]\s", after) or after.startswith("[>]")):
            conditions.append(token)
        tokens.append(token)
        rest = after.lstrip()
    return tokens, ", ".join(conditions), rest.strip()


_LEADING_COST = re.compile(r"^[—–-]?\s*(?P<cost>(?:\[[^\]]+\])+)\.\s+(?P<rest>.+)$")


def _lines(raw: str) -> list[Line]:
    """One printed line as lines: a keyword's cost followed by a sentence about it makes two."""
    text = without_reminders(raw, asides=True).strip()
    if not text:
        return []
    bare = _BARE_KEYWORD.match(text)
    if bare:
        keyword = bare.group("kw") + (f" {bare.group('value')}" if bare.group("value") else "")
        return [Line("", (keyword,), cost=bare.group("rest").strip())]
    tokens, condition, rest = _prefix(text)
    costed = bool(tokens) and not condition and tokens[-1].split()[0].casefold() in _COST_KEYWORDS
    if costed and rest and _COST_WORDS.match(rest):
        return [Line("", tuple(tokens), cost=_SEPARATOR.sub("", rest).strip())]
    leading = _LEADING_COST.match(rest) if costed else None
    if leading:  # "[Empower] [5]. This ability costs [3] less if ...": the keyword, then a sentence about it
        return [Line("", tuple(tokens), cost=leading.group("cost")), Line(_plain(leading.group("rest")))]
    if tokens and not rest:
        return [Line("", tuple(tokens))]
    words = _plain(rest)
    return [Line(words, tuple(tokens), condition=condition, header=words.endswith(("—", ":")))]


@lru_cache(maxsize=8192)
def card_lines(raw: str) -> tuple[Line, ...]:
    """The lines of a card's text (`raw`: as stored, with symbol tokens), items tied to their header."""
    lines: list[Line] = []
    header: int | None = None
    for raw_line in symbols_to_words(raw).splitlines():
        for line in _lines(raw_line.strip()):
            if header is not None and not line.header:
                line = Line(line.text, line.keywords, line.cost, line.condition, False, header)
            lines.append(line)
            if line.header:
                header = len(lines) - 1
    return tuple(lines)


# A spell's sentence about the spell itself, not an instruction: "This costs [2] less if you control a Mech."
_SPELL_STATIC = re.compile(
    r"^(?:(?:If|While)\b[^,]*,\s*)?(?:This|I) (?:costs?|can't|spell's|ability)\b|^I cost\b|^Ignore \[?Deflect\]? while paying"
    r"|^This spell's",
    re.IGNORECASE,
)


def _part(line: Line, spell: bool) -> Part:
    text = line.text
    if "deathknell" in line.condition.casefold():
        return "trigger"
    if _PLAY_TRIGGER.match(text):
        return "play_effect"
    if _TRIGGER.match(text):
        return "trigger"
    if _AS_PLAYED.match(text):
        return "as_played"
    if _ACTIVATED.match(text):
        return "activated"
    if _ADDITIONAL_COST.search(text):
        return "additional_cost"
    return "spell" if spell else "static"


def _sentences(lines: tuple[Line, ...], spell: bool) -> tuple[Sentence, ...]:
    found: list[Sentence] = []
    for i, line in enumerate(lines):
        if line.keywords_only:
            found.append(Sentence(" ".join(line.keywords), i, "keyword", keywords=line.keywords))
            continue
        # An item takes its header's part: a spell's modes are instructions, a trigger's items its effects.
        head = lines[line.item_of] if line.item_of is not None else line
        part = _part(head, spell) if line.item_of is not None else _part(line, spell)
        if line.item_of is not None and part in ("additional_cost", "static") and spell:
            part = "spell"
        condition = head.condition if line.item_of is not None else line.condition
        for n, text in enumerate(sentences(line.text)):
            # "As an additional cost to play this, you may exhaust a friendly unit. If you do, draw 2.": the cost, then
            # what the card does.
            own = part if part != "additional_cost" or n == 0 else ("spell" if spell else "static")
            own = "static" if own == "spell" and _SPELL_STATIC.match(text) else own
            found.append(
                Sentence(text, i, own, condition=condition, item_of=line.item_of, keywords=line.keywords)
            )
    return tuple(found)


@lru_cache(maxsize=8192)
def _read(raw: str, spell: bool) -> tuple[Sentence, ...]:
    return _sentences(card_lines(raw), spell)


def card_sentences(card: Card) -> tuple[Sentence, ...]:
    """Every sentence of the card's text, with its part (read once per text)."""
    return _read(card.text_raw or card.text, card.is_type("Spell"))
