"""Card text: symbol tokens in words, bracketed tokens, keywords with values, reminder text."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping

from cardsdb.models import KeywordValue
from cardsdb.project.keywords import KnownToken
from cardsdb.text.domains import domain_symbols
from cardsdb.text.reminders import without_reminders

SYMBOL = re.compile(r":rb_([a-z]+)(?:_([a-z0-9]+))?:")
_SYMBOL_RUN = re.compile(r"(?::rb_[a-z]+(?:_[a-z0-9]+)?:)+")
BRACKETED = re.compile(r"\[([^\[\]]+)\]")
# A line opens with bracketed tokens ("[Assault 2], [Shield 2] ", "[Level 6][>] ").
_LEADING_TOKENS = re.compile(r"^(?:\[[^\[\]]+\][\s,]*)+")
_TOKEN_VALUE = re.compile(r"^(.*?)(?:(?<!\s)\s+(\d+|X))?$")


def symbol_words(token: str, count: int = 1) -> str:
    """One symbol token (without colons) in words, a power symbol printed `count` times side by side counted:
    rb_energy_2 -> "2 energy", rb_rune_fury -> "1 Fury power", rb_rune_rainbow (x2) -> "2 power of any domain"."""
    name, _, arg = token.removeprefix("rb_").partition("_")
    if name == "energy" and arg:
        return f"{arg} energy"
    if name == "rune" and arg == "rainbow":
        return f"{count} power of any domain"
    if (
        name == "rune" and arg == "domain"
    ):  # an erratum's [C] on a card of several domains, a general reminder
        return f"{count} power of the card's domain"
    if name == "rune" and arg:
        return f"{count} {arg.capitalize()} power"
    if name == "might":
        return "Might"
    if name == "exhaust":
        return "exhaust"
    return f"{name} {arg}".strip()


def counted_symbols(tokens: Iterable[str]) -> list[tuple[str, int]]:
    """Symbols printed side by side, the same power symbol repeated counted once: [(token, count), ...]."""
    counted: list[tuple[str, int]] = []
    for token in tokens:
        if counted and counted[-1][0] == token and token.startswith("rb_rune_"):
            counted[-1] = (token, counted[-1][1] + 1)
        else:
            counted.append((token, 1))
    return counted


def readable(text_raw: str) -> str:
    """`:rb_energy_1::rb_rune_fury:` -> `1 energy + 1 Fury power`; `:rb_might:` -> `Might`: symbols side by side
    are one cost; a symbol that names a domain is the domain (`cardsdb.text.domains.domain_symbols`)."""

    def run(match: re.Match[str]) -> str:
        tokens = [m.group(0)[1:-1] for m in SYMBOL.finditer(match.group(0))]
        words = " + ".join(symbol_words(token, n) for token, n in counted_symbols(tokens))
        return opening_capital(words, match)

    return _SYMBOL_RUN.sub(run, domain_symbols(text_raw))


def opening_capital(words: str, match: re.Match[str]) -> str:
    """Words replacing a match, capitalised where the match opens a line ("Exhaust: draw 1")."""
    opens = match.start() == 0 or match.string[match.start() - 1] == "\n"
    return words[:1].upper() + words[1:] if opens else words


def split_token(token: str) -> KeywordValue:
    """`Shield 3` -> ("Shield", "3"); `Hidden` -> ("Hidden", None)."""
    match = _TOKEN_VALUE.match(token.strip())
    assert match is not None  # the pattern matches any text
    return KeywordValue(match.group(1), match.group(2))


def bracketed_tokens(text_raw: str) -> list[KeywordValue]:
    """Every bracketed token in the text, in order, with its value split off."""
    return [split_token(t) for t in BRACKETED.findall(text_raw)]


def unknown_tokens(text_raw: str, known: Iterable[KnownToken]) -> list[str]:
    names = {t.name for t in known}
    return [str(t) for t in bracketed_tokens(text_raw) if t.name not in names]


def _keyword_names(known: Iterable[KnownToken]) -> dict[str, KnownToken]:
    return {t.name.casefold(): t for t in known if t.kind == "keyword"}


def extract_keywords(text_raw: str, known: Iterable[KnownToken]) -> tuple[KeywordValue, ...]:
    """The keywords a card has: those that open a line of its text, as printed (value included).

    Bracketed keywords inside a sentence ("a card with [Hidden]") refer to the keyword; the card does not have
    it. A line that opens with a keyword's bare name and its reminder ("Hidden (Hide now ...)", Windsinger)
    counts too.
    """
    keywords = _keyword_names(known)
    found: list[KeywordValue] = []
    for line in text_raw.splitlines():
        line = line.strip()
        lead = _LEADING_TOKENS.match(line)
        if lead:
            for token in BRACKETED.findall(lead.group(0)):
                value = split_token(token)
                if value.name.casefold() in keywords:
                    found.append(KeywordValue(keywords[value.name.casefold()].name, value.value))
            continue
        bare = re.match(r"^([A-Za-z-]+)(?:\s+(\d+))?\s*\(", line)
        if bare and bare.group(1).casefold() in keywords:
            found.append(KeywordValue(keywords[bare.group(1).casefold()].name, bare.group(2)))
    unique: list[KeywordValue] = []
    for k in found:
        if k not in unique:
            unique.append(k)
    return tuple(unique)


def wording(text_raw: str) -> str:
    """The text as compared between printings: reminder text removed, spacing normalised."""
    return " ".join(without_reminders(text_raw).split())


def keyword_reminders(text_raw: str) -> dict[str, str]:
    """`[Shield 3] (+3 Might while defending)` -> {"Shield 3": "(+3 Might while defending)"}."""
    found: dict[str, str] = {}
    for match in re.finditer(r"\[([^\[\]]+)\]\s*(\([^()]*\))", text_raw):
        found.setdefault(match.group(1), match.group(2))
    bare = re.match(r"^([A-Z][A-Za-z-]+)\s*(\([^()]*\))", text_raw)
    if bare:
        found.setdefault(bare.group(1), bare.group(2))
    return found


def add_reminders(text_raw: str, reminders: Mapping[str, str]) -> str:
    """Put back the reminder of a line-opening keyword that a printing dropped (some alternate arts)."""
    lines = []
    for line in text_raw.split("\n"):
        lead = _LEADING_TOKENS.match(line)
        if lead and "(" not in line[lead.end() : lead.end() + 1]:
            tokens = BRACKETED.findall(lead.group(0))
            if len(tokens) == 1 and tokens[0] in reminders:
                rest = line[lead.end() :]
                line = f"[{tokens[0]}] {reminders[tokens[0]]}" + (f" {rest}" if rest.strip() else "")
        lines.append(line)
    return "\n".join(lines)


def replace_reminders(text_raw: str, reminders: Mapping[str, str]) -> str:
    """Each bracketed keyword's printed reminder replaced by the one given for it (`{"Reaction": "(Play ...)"}`)."""
    if not reminders:
        return text_raw

    def swap(match: re.Match[str]) -> str:
        new = reminders.get(match.group(1))
        return f"[{match.group(1)}]{match.group(2)}{new}" if new else match.group(0)

    return re.sub(r"\[([^\[\]]+)\](\s*)(\([^()]*\))", swap, text_raw)


def reminder_letters(reminder: str) -> str:
    """A reminder reduced to its letters, symbols left out: a printing's and an erratum's compare equal."""
    return re.sub(r"[^a-z0-9]+", "", _SYMBOL_RUN.sub(" ", BRACKETED.sub(" ", reminder)).casefold())


_DOMAIN_RUNE = re.compile(r":rb_rune_(?!rainbow:)[a-z]+:")


def general_reminder(text_raw: str, keyword: str) -> str | None:
    """The keyword's reminder as printed on this card, readable, with the card's own domain said in general (its
    [C] is the card's domain, v1.4 805.1.a.1): "1 energy + a power of the card's domain", for /keyword."""
    for token, reminder in keyword_reminders(text_raw).items():
        if split_token(token).name.casefold() == keyword.casefold():
            return readable(_DOMAIN_RUNE.sub(":rb_rune_domain:", reminder[1:-1])).strip()
    return None


def reminder_text(text_raw: str, keyword: str) -> str | None:
    """The readable reminder printed after a keyword, without parentheses."""
    for token, reminder in keyword_reminders(text_raw).items():
        if split_token(token).name.casefold() == keyword.casefold():
            return readable(reminder[1:-1]).strip()
    return None


_TYPOGRAPHY = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2014": "-", "\u2013": "-"}
)
_SPACES = re.compile(r"\s+")


@functools.lru_cache(maxsize=16384)  # the same texts are compared many times over in a build
def comparable(text_raw: str) -> str:
    """The text as compared between sources: no reminder text, dashes and quotes of one kind, no spaces, no case.

    The gallery of 2026-07 prints "[Legion] — " where that of 2026-03 printed "[Legion] - ", and RiftCodex runs a
    list's items together: neither is another wording.
    """
    return _SPACES.sub("", without_reminders(text_raw).translate(_TYPOGRAPHY)).casefold()


_ARTICLE_SYMBOL = re.compile(r"\[(A|C|M|S|E|T|\d+)\]")


def from_article_symbols(text: str, domains: Iterable[str]) -> str:
    """An errata article's text in the cards' symbol tokens: `[A]` any power, `[C]` a power of the card's domain,
    `[M]`/`[S]` Might, `[E]`/`[T]` exhaust, `[2]` energy. Keywords in brackets (`[Hidden]`) stay as they are."""
    own = [d.casefold() for d in domains]

    def token(match: re.Match[str]) -> str:
        symbol = match.group(1)
        if symbol.isdigit():
            return f":rb_energy_{symbol}:"
        if symbol == "A":
            return ":rb_rune_rainbow:"
        if symbol == "C":
            return f":rb_rune_{own[0]}:" if len(own) == 1 else ":rb_rune_domain:"
        return ":rb_might:" if symbol in "MS" else ":rb_exhaust:"

    return _ARTICLE_SYMBOL.sub(token, text)
