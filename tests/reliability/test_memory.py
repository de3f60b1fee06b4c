"""Memory does not grow with the words people type (issue 25, finding 3). Before: `text_rank.stem` kept every word it
was ever given, and a question was read whole, so 1,500 /rule autocompletes of 1,000 random words left 1.41 M entries
and grew the process from 73 to 253 MB, linearly. Now a question is read to its first words and rule numbers
(`cardsdb/search/bounds.py`) and every cache has a size.
"""

from __future__ import annotations

import gc
import string
from pathlib import Path

import pytest

from cardsdb.query import CardsDB
from cardsdb.search import text_rank

TYPED_WORDS = 1_000_000
WORDS_PER_QUERY = 1_000  # what fits in one option (about 6,000 characters)
FLAT_BOUND_MB = (
    16.0  # the process may grow at most this much over the last four fifths (before: about 100 MB)
)
_STATUS = Path("/proc/self/status")


def _distinct_words(count: int) -> list[str]:
    """`count` made-up words, none alike: "qa", "qb", ... "qzz"."""
    letters = string.ascii_lowercase
    out = []
    for n in range(count):
        word = ["q"]
        while True:
            word.append(letters[n % 26])
            n //= 26
            if not n:
                break
        out.append("".join(word))
    return out


def _resident_mb() -> float:
    """The process's resident memory (what `ps` shows), after a collection."""
    gc.collect()
    line = next(line for line in _STATUS.read_text().splitlines() if line.startswith("VmRSS:"))
    return int(line.split()[1]) / 1024


@pytest.mark.skipif(not _STATUS.is_file(), reason="resident memory is read from /proc (Linux)")
def test_a_million_distinct_typed_words_leave_memory_flat(fixture_cards: CardsDB) -> None:
    fixture_cards.warm()
    words = _distinct_words(TYPED_WORDS)
    queries = [" ".join(words[i : i + WORDS_PER_QUERY]) for i in range(0, TYPED_WORDS, WORDS_PER_QUERY)]
    asks = (fixture_cards.autocomplete_rules, fixture_cards.search_rules, fixture_cards.rulings)
    fifth = len(queries) // 5
    held = 0.0
    for i, query in enumerate(queries):  # /rule autocomplete, /rule and /ruling, in turn
        if i == fifth:
            held = _resident_mb()  # every cache full by now
        asks[i % 3](query)
    for word in words:  # and every word straight into the stemmer, as if each had been read
        text_rank.stem(word)
    grown = _resident_mb() - held
    assert grown < FLAT_BOUND_MB, f"{grown:.1f} MB more after {TYPED_WORDS:,} typed words"
    assert text_rank.stem.cache_info().currsize <= text_rank.STEM_CACHE
