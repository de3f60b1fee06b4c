"""Full-text search input made harmless.

User text never reaches an FTS5 MATCH as syntax: it is cut into words (letters and digits) and each word is
put in double quotes, so `AND`, `NEAR(`, `*`, `"` and `'; DROP TABLE` are only words or nothing at all.
"""

from __future__ import annotations

import re

from cardsdb.search.text_rank import STOP_WORDS

_WORD = re.compile(r"\w+", re.UNICODE)


def fts_words(text: str) -> list[str]:
    """The searchable words of text: "Jace's 'NEAR(' x*" -> ["Jace", "s", "NEAR", "x"]."""
    return _WORD.findall(text)


def fts_query(
    text: str, *, any_word: bool = False, prefix_last: bool = False, skip_common: bool = False
) -> str | None:
    """An FTS5 query matching every word of text (or any word), or None when text has no words.

    prefix_last makes the last word a prefix (for autocomplete): "hidd" matches "hidden". skip_common leaves out the
    question words every answer holds ("what is a chain": `text_rank.STOP_WORDS`) when other words remain.
    """
    words = _kept(text, skip_common)
    if not words:
        return None
    quoted = [f'"{w}"' for w in words]
    if prefix_last:
        quoted[-1] += " *"
    return (" OR " if any_word else " ").join(quoted)


def _kept(text: str, skip_common: bool) -> list[str]:
    words = fts_words(text)
    if skip_common:
        words = [w for w in words if w.casefold() not in STOP_WORDS] or words
    return words
