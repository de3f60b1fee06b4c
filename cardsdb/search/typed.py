"""What users type, made ready once, where it enters (a slash command's options and autocomplete, a form, a message, a
command line, an HTTP request), before anything parses it.

Every run of spaces of any kind (the no-break space, tabs, the ideographic space, ...) becomes one space; characters that
carry no meaning here are dropped (controls, bidi and other invisible format characters; the zero-width joiner of emoji
is kept, once); letters that only look blank (the Hangul filler U+3164, the Braille blank U+2800, ...) count as spaces;
a letter keeps at most `MAX_MARKS` combining marks (zalgo text stacks dozens); and the text is cut to a limit of its
kind. A paste keeps its line breaks (one blank line at most in a row) and its indentation, and is never cut. Linear
in the text: one pass over its characters, no regular expression; of a line, at most `READ_FACTOR` times its limit
is read at all.
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 200
"""A card, keyword or symbol name (the longest card name has under 60 characters)."""
QUERY_LIMIT = 500
"""A question, a search or a rule number with words around it (a question's first 40 words are read)."""
PASTE_LIMIT = 6_000
"""A pasted deck list or scenario (or a scenario's code): Discord's longest option."""
CODE_LIMIT = 1_000
"""A deck code: a 60-card deck's is about 150 characters."""

MAX_MARKS = 2
"""Combining marks kept on one letter: enough for any language's accents, not for zalgo."""
READ_FACTOR = 4
"""Characters read at most, as a multiple of the limit: what is beyond could only be cut off."""

_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e")
_LINE_BREAKS = frozenset("\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029")
_JOINER = "\u200d"


def typed_line(text: str, limit: int = QUERY_LIMIT) -> str:
    """One line as typed, ready to parse: spaces folded (line breaks are spaces too), nothing invisible, no zalgo,
    at most `limit` characters. Leading spaces go; one trailing space stays where there was any (autocomplete reads a
    last word without one as still being typed)."""
    cleaned = _clean(text[: limit * READ_FACTOR], keep_lines=False)
    trailing = cleaned[-1:] == " "
    folded = " ".join(cleaned.split())
    if trailing and folded:
        folded += " "
    return folded[:limit]


def typed_lines(text: str) -> str:
    """A paste as typed, ready to parse: its lines kept (`\\n`), each line's indentation kept (YAML reads it) and
    the spaces after it folded, at most one blank line in a row, nothing invisible, no zalgo. Never cut: a paste cut
    short would mean something else, so its parser refuses one too long, saying how long (Discord sends at most
    `PASTE_LIMIT` characters)."""
    cleaned = _clean(text.replace("\r\n", "\n"), keep_lines=True)
    lines: list[str] = []
    for raw in cleaned.split("\n"):
        words = raw.split()
        line = raw[: len(raw) - len(raw.lstrip())] + " ".join(words) if words else ""
        if line or (lines and lines[-1]):
            lines.append(line)
    return "\n".join(lines).strip("\n")


def visible(text: str) -> str:
    """Text as shown: controls and format characters dropped, blank letters and line breaks as spaces, at most
    `MAX_MARKS` combining marks on a letter. What was typed is made so where it enters; anything else shown
    publicly (a name from the data, a label) is made so where it is shown (`bot.ui.text`)."""
    return _clean(text, keep_lines=False)


def _clean(text: str, *, keep_lines: bool) -> str:
    """Controls and format characters dropped, blank letters and line breaks as spaces (or `\\n`), marks capped."""
    if text.isascii() and text.isprintable():
        return text
    out: list[str] = []
    marks = 0
    for ch in text:
        if ch in _LINE_BREAKS:
            out.append("\n" if keep_lines else " ")
            marks = 0
            continue
        category = unicodedata.category(ch)
        if category in ("Mn", "Me"):
            marks += 1
            if marks <= MAX_MARKS and out and not out[-1].isspace():
                out.append(ch)
            continue
        marks = 0
        if ch == _JOINER:
            if out and out[-1] != _JOINER:
                out.append(ch)
        elif category in ("Cc", "Cf", "Cs", "Co", "Cn") and ch != "\t":
            continue
        elif ch in _BLANK_LETTERS or category in ("Zs", "Zl", "Zp") or ch == "\t":
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)
