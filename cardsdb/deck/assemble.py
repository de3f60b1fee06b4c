"""From a parsed deck list or a decoded deck code to a `Deck`: each line or code looked up, each card placed in its
section, the chosen champion found. Names are resolved as `/card` resolves them (aliases, forgiving spelling): a
misspelt name that plainly means one card is read as it and said so in `assumed`; one that could mean several, or
nothing, stays unresolved with suggestions. A printing code of a set the card data does not hold yet (Radiance) is
not known, not wrong."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from cardsdb.deck import cards as facts
from cardsdb.deck.cards import DeckCards
from cardsdb.deck.codes import DeckCode
from cardsdb.deck.deck import Deck, Entry, Unresolved
from cardsdb.deck.deck_list import DeckList, DeckListError, ListLine, Section
from cardsdb.models import Card, Printing

CONFIDENT = 85.0  # a fuzzy match at least this good, with no close runner-up, is taken as the card meant
MAX_NAME_WORDS = 8  # the longest card name a glued run of names is split into, in words
MAX_GLUED_WORDS = 40  # a longer run of words is not split: it is not a few names written without counts
# Names looked up to split one list's runs: a real list needs a few dozen; a line of 6,000 characters of 40-word runs
# of one card's name needed 8,000 (120 ms of CPU: issue 25). Runs met after it is spent stay one name each.
MAX_GLUED_LOOKUPS = 1_000

_SECTION_KINDS: dict[Section, Callable[[Card], bool]] = {
    "legend": lambda c: c.is_type("Legend"),
    "champion": facts.is_champion_unit,
    "battlefields": lambda c: c.is_type("Battlefield"),
    "runes": lambda c: c.is_type("Rune"),
}


def section_by_type(card: Card) -> Section:
    for kind, section in (("Legend", "legend"), ("Rune", "runes"), ("Battlefield", "battlefields")):
        if card.is_type(kind):
            return section  # type: ignore[return-value]  # one of the literals above
    return "main"


def _resolve_name(
    cards: DeckCards, name: str, section: Section | None
) -> tuple[Card | None, str | None, list[str]]:
    """(the card, a note when the name was not exact, suggestions when no card was taken)."""
    card = cards.get_card(name)
    if card is not None:
        return card, None, []
    match = cards.find_card(name)
    if match is None:
        return None, None, list(cards.suggest_cards(name, 3))
    candidates = [match.card.name, *match.alternatives]
    fits = _SECTION_KINDS.get(section) if section else None
    if fits is not None:
        fitting = [c for c in (cards.get_card(n) for n in candidates) if c is not None and fits(c)]
        if len(fitting) == 1:
            return fitting[0], f"read “{name}” as {fitting[0].name}", []
    if match.score >= CONFIDENT and not match.alternatives:
        return match.card, f"read “{name}” as {match.card.name}", []
    return None, None, candidates[:3]


def _missing_set(cards: DeckCards, code: str) -> str | None:
    prefix = code.split("-", 1)[0].upper()
    return prefix if prefix and prefix not in cards.card_sets() else None


def _origin(line: ListLine, one_line: bool) -> str:
    return f"“{line.text}”" if one_line else f"line {line.number} (“{line.text}”)"


def _look_up(cards: DeckCards, line: ListLine) -> tuple[Card | None, Printing | None, str | None, list[str]]:
    if line.code is not None:
        found = cards.printing(line.code)
        return (found[0], found[1], None, []) if found else (None, None, None, [])
    card, note, suggestions = _resolve_name(cards, line.name or "", line.section)
    return card, None, note, suggestions


@dataclass
class Lookups:
    """What is left of a list's MAX_GLUED_LOOKUPS."""

    left: int = MAX_GLUED_LOOKUPS


def glued_names(cards: DeckCards, name: str, lookups: Lookups | None = None) -> list[Card] | None:
    """The cards a run of names written without counts holds, when it is exactly such a run: a list pasted on one line
    loses the breaks between names without counts (`Battlefields: Zaun Warrens Grove of the God-Willow ...`). Only
    exact names (ignoring case and punctuation), the longest name first at each word; None when the run is not one,
    or when `lookups` (the list's, shared by its runs) runs out before it is read."""
    lookups = lookups or Lookups()
    words = name.split()
    if not 2 <= len(words) <= MAX_GLUED_WORDS:
        return None
    # ends[i]: the cards of words[:i] split into whole names (fewest names), or None when they do not split
    ends: list[list[Card] | None] = [[], *([None] * len(words))]
    for start in range(len(words)):
        before = ends[start]
        if before is None:
            continue
        for end in range(min(len(words), start + MAX_NAME_WORDS), start, -1):
            split = ends[end]
            if split is not None and len(split) <= len(before) + 1:
                continue
            if lookups.left <= 0:
                return None
            lookups.left -= 1
            card = cards.get_card(" ".join(words[start:end]))
            if card is not None:
                ends[end] = [*before, card]
    found = ends[-1]
    return found if found is not None and len(found) >= 2 else None


def _split_glued(parsed: DeckList, cards: DeckCards) -> tuple[list[ListLine], list[str]]:
    """The list's lines, a one-line list's runs of names without counts split into one line a name."""
    if not parsed.one_line:
        return list(parsed.lines), []
    lines: list[ListLine] = []
    assumed: list[str] = []
    lookups = Lookups()
    for line in parsed.lines:
        run = (
            glued_names(cards, line.name, lookups)
            if line.name and cards.get_card(line.name) is None
            else None
        )
        if run is None:
            lines.append(line)
            continue
        assumed.append(f"read “{line.name}” as {len(run)} cards: " + "; ".join(c.name for c in run))
        for index, card in enumerate(run):
            lines.append(replace(line, text=card.name, name=card.name, count=line.count if index == 0 else 1))
    return lines, assumed


def from_list(parsed: DeckList, cards: DeckCards) -> Deck:
    entries: list[Entry] = []
    unresolved: list[Unresolved] = []
    lines, assumed = _split_glued(parsed, cards)
    for line in lines:
        origin = _origin(line, parsed.one_line)
        card, printing, note, suggestions = _look_up(cards, line)
        if note:
            assumed.append(note)
        if card is None:
            typed = line.code or line.name or line.text
            missing = _missing_set(cards, line.code) if line.code else None
            unresolved.append(
                Unresolved(origin, typed, line.count, line.section or "main", tuple(suggestions), missing)
            )
            continue
        section = line.section or section_by_type(card)
        entries.append(Entry(card, line.count, section, origin, line.section is not None, printing))
    if not entries and not parsed.headings:
        raise DeckListError(
            "that is not a deck list: no line names a card. Write one card a line (“3 Jinx, Rebel” or “OGN-202”) "
            "under headings like “Legend:”, “Main Deck:”, “Battlefields:”, “Runes:”"
        )
    placed = sum(1 for line in lines if line.section is None)
    if placed and not parsed.headings:
        assumed.append("the list has no section headings: each card was placed by its type")
    elif placed:
        assumed.append(f"{placed} line(s) before the first heading were placed by their type")
    deck = Deck(tuple(entries), tuple(unresolved), tuple(assumed), "list", "champion" in parsed.headings)
    return assume_champion(deck)


def from_code(code: DeckCode, cards: DeckCards) -> Deck:
    entries: list[Entry] = []
    unresolved: list[Unresolved] = []
    given: list[tuple[str, int, Section | None]] = [(c.code, c.count, None) for c in code.main]
    given += [(c.code, c.count, "sideboard") for c in code.sideboard]
    given += [(c, 1, "extra_legends") for c in code.extra_legends]
    for printed, count, section in given:
        found = cards.printing(printed)
        if found is None:
            where: Section = section or "main"
            unresolved.append(Unresolved(printed, printed, count, where, (), _missing_set(cards, printed)))
            continue
        placed: Section = section or section_by_type(found[0])
        entries.append(Entry(found[0], count, placed, printed, section is not None, found[1]))
    deck = Deck(tuple(entries), tuple(unresolved), (), "code", code.champion is not None)
    if code.champion is None:
        return assume_champion(deck)
    return _code_champion(deck, code.champion, cards)


def _code_champion(deck: Deck, printed: str, cards: DeckCards) -> Deck:
    """A code's chosen champion is one of its main list's copies: one copy moves to the Champion section."""
    found = cards.printing(printed)
    if found is None:
        missing = _missing_set(cards, printed)
        item = Unresolved(printed, printed, 1, "champion", (), missing)
        return replace(deck, unresolved=(*deck.unresolved, item))
    card = found[0]
    entries = list(deck.entries)
    index = next((i for i, e in enumerate(entries) if e.section == "main" and e.card.name == card.name), None)
    champion = Entry(card, 1, "champion", printed, True, found[1])
    if index is None:
        return replace(deck, entries=(*entries, champion))
    entries[index] = replace(entries[index], count=entries[index].count - 1)
    entries.insert(index, champion)
    return replace(deck, entries=tuple(e for e in entries if e.count > 0))


def assume_champion(deck: Deck) -> Deck:
    """Without a place for the chosen champion, the first champion unit of the main deck whose tag matches the
    legend's is taken as it, and `assumed` says so (an assumption, not a doubt)."""
    legend = deck.legend
    if deck.champion is not None or deck.champion_section or legend is None:
        return deck
    tags = facts.champion_tags(legend.card)
    if not tags:
        return deck
    entries = list(deck.entries)
    for i, entry in enumerate(entries):
        if entry.section == "main" and facts.is_champion_unit(entry.card) and facts.has_tag(entry.card, tags):
            entries[i] = replace(entry, count=entry.count - 1)
            entries.insert(i, replace(entry, count=1, section="champion", listed=False))
            note = f"the chosen champion was not named: took {entry.name}, the first champion unit tagged {tags[0]}"
            return replace(
                deck, entries=tuple(e for e in entries if e.count > 0), assumed=(*deck.assumed, note)
            )
    return deck
