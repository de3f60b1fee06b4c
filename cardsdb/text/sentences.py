"""Sentences of card text: a text breaks at each line and after each sentence's end (. ! ?, or a reminder's `.)`, and
the space after it), never inside a quoted ability ("give it \"[A][A]: Ready me.\"" is one sentence)."""

from __future__ import annotations

import re

_PIECES = re.compile(r"(\"|\n|(?:(?<=[.!?])|(?<=[.!?]\)))\s+)")
_NO_WORDS = ".;, "


def sentences(text: str) -> list[str]:
    """The sentences of a text, each stripped, none empty. Punctuation alone is no sentence: a line read without its
    reminder ("[Disarm] (...).") may leave its full stop alone."""
    found: list[str] = []
    current = ""
    quoted = False
    for piece in _PIECES.split(text):
        if piece == '"':
            quoted = not quoted
            current += piece
        elif not piece.strip() and piece and not quoted:
            found.append(current)
            current = ""
        else:
            current += piece
    found.append(current)
    return [s.strip() for s in found if s.strip(_NO_WORDS)]
