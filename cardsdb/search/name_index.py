"""Card names as people type them: an in-memory index for fuzzy lookup and autocomplete.

Every name is stored under a few keys, all in `names.normalize()` form: the name itself, the name without
small words ("the", "of", ...), for "Teemo, Scout" also "scout teemo", and for a Legend its champion
before and after ("teemo swift scout"). A champion alone ("teemo") is a weak key: it finds that champion's
cards but never outscores a real match. Queries are scored against the keys with edit distance that counts
a swap as one edit, the same on the words run together (`bfsword`), a prefix score and a word-order-free
score; the best key of each name counts.

Only a bounded set of keys is scored, so that lookups stay near flat as the pool grows: the keys that share the
most character trigrams with the query (`CANDIDATES` of them), plus the keys the query is a prefix of (found by
bisection). Scoring every key grew linearly with the pool: 8 ms at 16 times the real one.
"""

from __future__ import annotations

import bisect
import heapq
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import itemgetter

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from cardsdb.names import drop_small_words, fold, normalize, split_variant
from cardsdb.search.pacing import paced

_STARTER_SUFFIX = " starter"
CANDIDATES = 96  # keys scored per query: the most trigrams shared with it
PREFIX_CANDIDATES = 100  # keys the query is a prefix of, at most (in key order)
POSTINGS_BUDGET = 1000  # trigram postings read per query, at most (rarest trigrams first)


@dataclass(frozen=True)
class NameSpec:
    """What the index needs to know of a card to make its keys."""

    name: str
    champion: str | None = None  # a Legend's champion ("Teemo" for "Swift Scout")
    family: str | None = None  # the champion the card belongs to (its units, Legends, Signature cards)
    family_rank: int = 0  # its place among that champion's cards: 0 a unit, 1 a Legend, 2 a Signature card
    aliases: tuple[str, ...] = ()  # other spellings: "Swift Scout", "Teemo - Swift Scout (Signature)"


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
    # An alias is a key when it is another name, not only this one with a variant or the champion first or after.
    covered = {k.replace(" ", "") for k in strong}
    for alias in spec.aliases:
        key = normalize(split_variant(alias)[0])
        if key and key.replace(" ", "") not in covered:
            strong.append(key)
            covered.add(key.replace(" ", ""))
    return list(dict.fromkeys(k for k in strong if k)), [k for k in dict.fromkeys(weak) if k not in strong]


class NameIndex:
    """Card names, searchable in about a millisecond."""

    def __init__(self, specs: Iterable[NameSpec]) -> None:
        by_name = {s.name: s for s in specs}
        self.names: list[str] = sorted(by_name, key=str.casefold)
        self._folded = {fold(n): n for n in self.names}
        families: dict[str, list[NameSpec]] = {}
        for spec in by_name.values():
            if spec.family:
                families.setdefault(normalize(spec.family).replace(" ", ""), []).append(spec)
        # Initials as chat shortens a champion of two words or more: "mf" for Miss Fortune, "tf" for Twisted Fate.
        self._initials: dict[str, list[str]] = {}
        for spec in by_name.values():
            words = normalize(spec.family or "").split()
            if len(words) >= 2:
                self._initials.setdefault("".join(w[0] for w in words), []).append(spec.family or "")
        self._families = {
            key: [s.name for s in sorted(specs, key=lambda s: (s.family_rank, s.name.casefold()))]
            for key, specs in families.items()
        }
        self._normalized: dict[str, str] = {}
        for n in paced(self.names):
            self._normalized.setdefault(normalize(n), n)
        # Aliases after every name: a card's own name always beats another card's alias.
        for spec in by_name.values():
            for alias in spec.aliases:
                self._normalized.setdefault(normalize(alias), spec.name)
        self._keys: list[str] = []
        self._compact: list[str] = []
        self._owner: list[int] = []
        self._weak: list[bool] = []
        self._primary: list[bool] = []
        for position, name in paced(enumerate(self.names)):
            strong, weak = _keys(by_name[name])
            for key, is_weak in [(k, False) for k in strong] + [(k, True) for k in weak]:
                self._primary.append(key == strong[0])
                self._keys.append(key)
                self._compact.append(key.replace(" ", ""))
                self._owner.append(position)
                self._weak.append(is_weak)
        # Trigrams of each compact key, padded ("^hi", "hid", ..., "de$"): gram -> the keys that have it.
        self._grams: dict[str, list[int]] = {}
        for index, key in paced(enumerate(self._compact)):
            for gram in _trigrams(key):
                self._grams.setdefault(gram, []).append(index)
        keyed = sorted((key, index) for index, key in enumerate(self._compact))
        self._keys_sorted = [k for k, _ in keyed]
        self._keys_position = [i for _, i in keyed]
        # Autocomplete looks prefixes up by bisection in sorted lists (name run together; each later word onwards
        # of the name), so its cost hardly grows with the pool: a scan of every name grew linearly.
        compact_entries: list[tuple[str, int]] = []
        suffix_entries: list[tuple[str, int]] = []
        for position, name in paced(enumerate(self.names)):
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
        """The name equal to text, ignoring case, accents, punctuation and `&`/`and`; or the name an alias (another
        spelling: "Swift Scout", "Teemo - Swift Scout") stands for; a variant suffix ("(Signature)") is ignored."""
        found = self._folded.get(fold(text.strip())) or self._normalized.get(normalize(text))
        if found is None:
            base, variant = split_variant(text)
            if variant:
                found = self._normalized.get(normalize(base))
        return found

    def family(self, text: str, *, near: bool = False) -> list[str]:
        """The cards of the champion text names ("jinx", "Master Yi"): units, then Legends, then Signature cards;
        [] when text is not a champion's name. `near` also takes a misspelt name of one champion ("yasou")."""
        key = normalize(text).replace(" ", "")
        found = self._families.get(key)
        if found is None and near and len(key) >= 4:
            close = closest_name(self._families, key, minimum=80.0, compared=True)
            found = self._families.get(close) if close else None
        return list(found or ())

    def by_initials(self, text: str) -> list[str]:
        """The cards of the champion whose initials text is ("mf" -> Miss Fortune's cards, as family() orders them)."""
        query = normalize(text)
        if not (2 <= len(query) <= 4 and query.isalpha()):
            return []
        champions = dict.fromkeys(self._initials.get(query, ()))
        return [name for champion in champions for name in self.family(champion)]

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

        chosen = self._candidates(compact)
        keys = [self._keys[i] for i in chosen]
        compacts = [self._compact[i] for i in chosen]
        cutoff = 50.0
        for _, score, at in process.extract(
            query, keys, scorer=OSA.normalized_similarity, limit=None, score_cutoff=cutoff / 100
        ):
            offer(chosen[at], score * 100)
        for _, score, at in process.extract(
            compact, compacts, scorer=OSA.normalized_similarity, limit=None, score_cutoff=cutoff / 100
        ):
            offer(chosen[at], score * 99)
        for _, score, at in process.extract(
            query, keys, scorer=fuzz.token_sort_ratio, limit=None, score_cutoff=cutoff
        ):
            offer(chosen[at], score * 0.95)
        if len(compact) >= 3:
            for index in chosen:
                key = self._compact[index]
                if key.startswith(compact):
                    # A prefix scores below a full match, more the more of the name it covers, and more
                    # when it is the start of the printed name, word for word.
                    bonus = 1.5 * self._primary[index] + 2.0 * self._keys[index].startswith(query)
                    offer(index, 84.0 + bonus + 10.0 * len(compact) / len(key))
                elif len(compact) >= 5 and len(key) > len(compact) and key[0] == compact[0]:
                    # Typing starts right far more often than not: a mistyped prefix only with the same first letter.
                    # Against the key's start as long as the query, and one letter longer or shorter (a letter
                    # dropped or doubled: "hiden" is the start of "hiddenblade").
                    similarity = max(
                        OSA.normalized_similarity(compact, key[:length])
                        for length in (len(compact) - 1, len(compact), len(compact) + 1)
                        if length < len(key)
                    )
                    if similarity >= 0.75:
                        offer(index, 80.0 * similarity + 5.0 * len(compact) / len(key))
        ranked = sorted(best.items(), key=lambda item: (-item[1], len(self.names[item[0]]), item[0]))
        return [Scored(self.names[i], round(s, 1)) for i, s in ranked[:limit]]

    def _candidates(self, compact: str) -> list[int]:
        """The keys worth scoring for a compact query: those it starts (when it has 3 or more characters), then
        the keys sharing the most trigrams with it, nearer lengths first at a tie; at most a bounded number."""
        chosen: list[int] = []
        if len(compact) >= 3:
            chosen = _prefixed(self._keys_sorted, self._keys_position, compact)[:PREFIX_CANDIDATES]
        # Rarest trigrams first, until the postings read reach a budget: the rare ones tell names apart, and
        # the cost no longer grows with the pool (at least one trigram is always read).
        postings = sorted((self._grams[g] for g in _trigrams(compact) if g in self._grams), key=len)
        shared: Counter[int] = Counter()
        read = 0
        for posting in postings:
            if read and read + len(posting) > POSTINGS_BUDGET:
                break
            shared.update(posting)
            read += len(posting)
        if not shared:
            return chosen
        size = len(compact)
        compact_keys = self._compact
        top = sorted(shared.items(), key=itemgetter(1), reverse=True)[: CANDIDATES * 2]
        top.sort(key=lambda item: item[1] * 256 - abs(len(compact_keys[item[0]]) - size), reverse=True)
        ranked = top[:CANDIDATES]
        seen = set(chosen)
        chosen += [index for index, _ in ranked if index not in seen]
        return chosen

    def best(self, text: str, minimum: float = 60.0) -> str | None:
        """The single best name, or None when nothing scores at least `minimum`."""
        exact = self.exact(text)
        if exact:
            return exact
        found = self.match(text, limit=1)
        return found[0].name if found and found[0].score >= minimum else None

    def starting(self, text: str, limit: int = 25) -> list[str]:
        """Names that begin with text, then names with a later word that begins so ("yi": "Yi, Honed", then "Master
        Yi, Tempered"); each group in name order, at most `limit`."""
        query = normalize(text)
        if not query:
            return []
        # Names whose compact form starts with the compact query (this covers the name starting with the query),
        # then names with a later word starting the query.
        starts = set(_prefixed(self._compact_sorted, self._compact_position, query.replace(" ", "")))
        first = heapq.nsmallest(limit, starts)
        if len(first) < limit:
            later = set(_prefixed(self._suffix_sorted, self._suffix_position, query)) - starts
            first += heapq.nsmallest(limit - len(first), later)
        return [self.names[i] for i in first]

    def complete(self, text: str, limit: int = 25) -> list[str]:
        """Autocomplete: names starting with text first (alphabetical), then fuzzy matches."""
        if not normalize(text):
            return self.names[:limit]
        chosen = self.starting(text, limit)
        if len(chosen) < limit:
            for scored in self.match(text, limit=limit):
                if scored.score >= 55.0 and scored.name not in chosen:
                    chosen.append(scored.name)
        if len(chosen) < limit:
            chosen += [n for n in self.by_initials(text) if n not in chosen]
        return chosen[:limit]


def _trigrams(compact: str) -> set[str]:
    padded = f"^{compact}$"
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def _prefixed(keys: list[str], positions: list[int], prefix: str) -> list[int]:
    """The positions of the sorted `keys` that start with prefix (a slice found by bisection)."""
    low = bisect.bisect_left(keys, prefix)
    high = bisect.bisect_left(keys, prefix + "\uffff", low)
    return positions[low:high]


def closest_name(
    candidates: Iterable[str],
    text: str,
    minimum: float = 75.0,
    margin: float = 5.0,
    *,
    compared: bool = False,
) -> str | None:
    """The one candidate text surely means (for small lists: keywords), ignoring case, spaces and punctuation;
    a misspelling or the start of a name counts; None when nothing is close or two are about as close.
    `compared`: the candidates are already in the form compared (normalized, without spaces): a deck list of misspelt
    names asks this of every champion's name once per line, and normalizing them was half a deck check's work."""
    query = normalize(text).replace(" ", "")
    if not query:
        return None
    scored = []
    for candidate in candidates:
        key = candidate if compared else normalize(candidate).replace(" ", "")
        score = OSA.normalized_similarity(query, key) * 100
        if len(query) >= 3 and key.startswith(query):
            score = max(score, 90.0)
        scored.append((score, candidate))
    scored.sort(key=lambda item: -item[0])
    if not scored or scored[0][0] < minimum:
        return None
    if len(scored) > 1 and scored[1][0] > scored[0][0] - margin:
        return None
    return scored[0][1]


def close_names(candidates: Sequence[str], text: str, limit: int = 3, minimum: float = 60.0) -> list[str]:
    """A few of `candidates` close to text (for small lists: keywords, types, domains)."""
    query = normalize(text)
    keyed = {normalize(c): c for c in candidates}
    found = process.extract(query, list(keyed), scorer=fuzz.WRatio, limit=limit, score_cutoff=minimum)
    return [keyed[choice] for choice, _, _ in found]
