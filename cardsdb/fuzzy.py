"""Card names as people type them: an in-memory index for fuzzy lookup and autocomplete.

Every name is stored under a few keys, all in `names.normalize()` form: the name itself, the name without
small words ("the", "of", ...), for "Teemo, Scout" also "scout teemo", and for a Legend its champion
before and after ("teemo swift scout"). A champion alone ("teemo") is a weak key: it finds that champion's
cards but never outscores a real match. Queries are scored against the keys with edit distance that counts
a swap as one edit, the same on the words run together (`bfsword`), a prefix score and a word-order-free
score; the best key of each name counts.
"""

from __future__ import annotations

import bisect
import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from cardsdb.names import drop_small_words, fold, normalize

_STARTER_SUFFIX = " starter"


@dataclass(frozen=True)
class NameSpec:
    """What the index needs to know of a card to make its keys."""

    name: str
    champion: str | None = None  # a Legend's champion ("Teemo" for "Swift Scout")


@dataclass(frozen=True)
class Scored:
    name: str
    score: float  # 0-100


def _keys(spec: NameSpec) -> tuple[list[str], list[str]]:
    """(strong keys, weak keys) of a name, normalized."""
    full = normalize(spec.name)
    strong = [full, drop_small_words(full)]
    weak: list[str] = []
    if full.endswith(_STARTER_SUFFIX):
        strong.append(full.removesuffix(_STARTER_SUFFIX))
    if ", " in spec.name:
        champion, title = (normalize(part) for part in spec.name.split(", ", 1))
        strong += [f"{title} {champion}", drop_small_words(f"{title} {champion}")]
        weak.append(champion)
    if spec.champion:
        champion = normalize(spec.champion)
        base = strong[-1] if full.endswith(_STARTER_SUFFIX) else full
        strong += [f"{champion} {base}", f"{base} {champion}"]
        weak.append(champion)
    return list(dict.fromkeys(k for k in strong if k)), [k for k in dict.fromkeys(weak) if k not in strong]


class NameIndex:
    """Card names, searchable in about a millisecond."""

    def __init__(self, specs: Iterable[NameSpec]) -> None:
        by_name = {s.name: s for s in specs}
        self.names: list[str] = sorted(by_name, key=str.casefold)
        self._folded = {fold(n): n for n in self.names}
        self._normalized: dict[str, str] = {}
        for n in self.names:
            self._normalized.setdefault(normalize(n), n)
        self._keys: list[str] = []
        self._compact: list[str] = []
        self._owner: list[int] = []
        self._weak: list[bool] = []
        self._primary: list[bool] = []
        for position, name in enumerate(self.names):
            strong, weak = _keys(by_name[name])
            for key, is_weak in [(k, False) for k in strong] + [(k, True) for k in weak]:
                self._primary.append(key == strong[0])
                self._keys.append(key)
                self._compact.append(key.replace(" ", ""))
                self._owner.append(position)
                self._weak.append(is_weak)
        self._by_initial: dict[str, list[int]] = {}
        for index, key in enumerate(self._compact):
            self._by_initial.setdefault(key[:1], []).append(index)
        # Autocomplete looks prefixes up by bisection in sorted lists (name run together; each later word onwards
        # of the name), so its cost hardly grows with the pool: a scan of every name grew linearly.
        compact_entries: list[tuple[str, int]] = []
        suffix_entries: list[tuple[str, int]] = []
        for position, name in enumerate(self.names):
            words = normalize(name).split()
            compact_entries.append(("".join(words), position))
            suffix_entries.extend((" ".join(words[i:]), position) for i in range(1, len(words)))
        compact_entries.sort()
        suffix_entries.sort()
        self._compact_sorted = [k for k, _ in compact_entries]
        self._compact_position = [p for _, p in compact_entries]
        self._suffix_sorted = [k for k, _ in suffix_entries]
        self._suffix_position = [p for _, p in suffix_entries]

    def __len__(self) -> int:
        return len(self.names)

    def exact(self, text: str) -> str | None:
        """The name equal to text, ignoring case, accents, punctuation and `&`/`and`."""
        return self._folded.get(fold(text.strip())) or self._normalized.get(normalize(text))

    def match(self, text: str, limit: int = 5) -> list[Scored]:
        """Names that text may mean, best first, one entry per name, each with a 0-100 score."""
        query = normalize(text)
        if not query:
            return []
        compact = query.replace(" ", "")
        best: dict[int, float] = {}

        def offer(index: int, score: float) -> None:
            if self._weak[index]:
                score = min(score, 90.0) - 5.0
            elif not self._primary[index]:
                score -= 0.5  # at a tie, the name as printed beats another card's alias
            owner = self._owner[index]
            if score > best.get(owner, 0.0):
                best[owner] = score

        cutoff = 50.0
        for _, score, index in process.extract(
            query, self._keys, scorer=OSA.normalized_similarity, limit=None, score_cutoff=cutoff / 100
        ):
            offer(index, score * 100)
        for _, score, index in process.extract(
            compact, self._compact, scorer=OSA.normalized_similarity, limit=None, score_cutoff=cutoff / 100
        ):
            offer(index, score * 99)
        for _, score, index in process.extract(
            query, self._keys, scorer=fuzz.token_sort_ratio, limit=None, score_cutoff=cutoff
        ):
            offer(index, score * 0.95)
        if len(compact) >= 3:
            # Only keys with the same first letter: typing starts right far more often than not.
            for index in self._by_initial.get(compact[0], ()):
                key = self._compact[index]
                if key.startswith(compact):
                    # A prefix scores below a full match, more the more of the name it covers, and more
                    # when it is the start of the printed name, word for word.
                    bonus = 1.5 * self._primary[index] + 2.0 * self._keys[index].startswith(query)
                    offer(index, 84.0 + bonus + 10.0 * len(compact) / len(key))
                elif len(compact) >= 5 and len(key) > len(compact):
                    similarity = OSA.normalized_similarity(compact, key[: len(compact)])
                    if similarity >= 0.75:
                        offer(index, 80.0 * similarity + 5.0 * len(compact) / len(key))
        ranked = sorted(best.items(), key=lambda item: (-item[1], len(self.names[item[0]]), item[0]))
        return [Scored(self.names[i], round(s, 1)) for i, s in ranked[:limit]]

    def best(self, text: str, minimum: float = 60.0) -> str | None:
        """The single best name, or None when nothing scores at least `minimum`."""
        exact = self.exact(text)
        if exact:
            return exact
        found = self.match(text, limit=1)
        return found[0].name if found and found[0].score >= minimum else None

    def complete(self, text: str, limit: int = 25) -> list[str]:
        """Autocomplete: names starting with text first (alphabetical), then fuzzy matches."""
        query = normalize(text)
        if not query:
            return self.names[:limit]
        # Names whose compact form starts with the compact query (this covers the name starting with the query),
        # then names with a later word starting the query; each group in name order.
        starts = set(_prefixed(self._compact_sorted, self._compact_position, query.replace(" ", "")))
        first = heapq.nsmallest(limit, starts)
        if len(first) < limit:
            later = set(_prefixed(self._suffix_sorted, self._suffix_position, query)) - starts
            first += heapq.nsmallest(limit - len(first), later)
        chosen = [self.names[i] for i in first]
        if len(chosen) < limit:
            for scored in self.match(text, limit=limit):
                if scored.score >= 55.0 and scored.name not in chosen:
                    chosen.append(scored.name)
        return chosen[:limit]


def _prefixed(keys: list[str], positions: list[int], prefix: str) -> list[int]:
    """The positions of the sorted `keys` that start with prefix (a slice found by bisection)."""
    low = bisect.bisect_left(keys, prefix)
    high = bisect.bisect_left(keys, prefix + "\uffff", low)
    return positions[low:high]


def close_names(candidates: Sequence[str], text: str, limit: int = 3, minimum: float = 60.0) -> list[str]:
    """A few of `candidates` close to text (for small lists: keywords, types, domains)."""
    query = normalize(text)
    keyed = {normalize(c): c for c in candidates}
    found = process.extract(query, list(keyed), scorer=fuzz.WRatio, limit=limit, score_cutoff=minimum)
    return [keyed[choice] for choice, _, _ in found]
