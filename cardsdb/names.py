"""Names: normalisation shared by the build (stored `name_norm`, card ids), the in-memory search and the query layer;
and how the sources write card names, with the one canonical name of a card.

How the sources write card names, and the one canonical name of a card.

The sources spell one card several ways: "Teemo - Swift Scout" (RiftCodex), "Swift Scout" (the card gallery names a
legend by its title alone), "Teemo, Swift Scout" (the ban lists), with variant suffixes ("(Signature)") or " - Starter".
The canonical name of a unit or legend of a champion is "Champion, Title"; every other spelling is an alias, and the
variant belongs to the printing, not to the card.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Sequence

_SMALL_WORDS = frozenset({"the", "of", "a", "an", "and"})
_NON_WORD = re.compile(r"[^0-9a-z]+")


def fold(text: str) -> str:
    """Casefold and strip accents: "Kai'Sa" -> "kai'sa"."""
    if (
        text.isascii()
    ):  # nothing to decompose (most names and what is typed): a deck list's glued names fold thousands
        return text.casefold()
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def normalize(name: str) -> str:
    """The form names are compared in: lowercase words without punctuation, `&` read as `and`.

    "Zhonya's Hourglass" -> "zhonyas hourglass"; "Teemo, Scout" -> "teemo scout".
    """
    text = fold(name).replace("&", " and ")
    text = text.replace("'", "").replace("\u2019", "")
    return " ".join(_NON_WORD.sub(" ", text).split())


def begins(name: str, text: str) -> bool:
    """Whether the name, or a word in it onwards, begins with text: "Master Yi, Tempered" begins with "yi" and with
    "master y"; "Ezreal, Dashing" with "Ez". (`search.name_index.NameIndex.starting` finds such names by bisection.)"""
    query = normalize(text)
    words = normalize(name).split()
    if not query:
        return False
    if "".join(words).startswith(query.replace(" ", "")):
        return True
    return any(" ".join(words[i:]).startswith(query) for i in range(1, len(words)))


def drop_small_words(normalized: str) -> str:
    """normalize() output without "the", "of", "a", "an", "and"."""
    return " ".join(w for w in normalized.split() if w not in _SMALL_WORDS)


def slug(name: str) -> str:
    """A stable id for a card name: "Zhonya's Hourglass" -> "zhonyas-hourglass"."""
    return normalize(name).replace(" ", "-")


# --- card names as the sources write them -------------------------------------------------------------

VARIANTS = (
    "Alternate Art",
    "Signature",
    "Overnumbered",
    "Starter",
    "Metal",
    "Launch Exclusive",
    "GG EZ",
    "Ultimate",
    "Special",
)
_BY_KEY = {v.casefold(): v for v in VARIANTS}
_SUFFIX = re.compile(r"(?<!\s)\s*\((" + "|".join(re.escape(v) for v in VARIANTS) + r")\)\s*$", re.IGNORECASE)
_DASH_STARTER = re.compile(
    r"(?<!\s)\s+-\s+Starter\s*$", re.IGNORECASE
)  # "Dark Child - Starter" (the gallery)
_CODE = re.compile(r"^[A-Z]+-([A-Z]*)(\d+)([a-z*]*)(?:/(\d+))?$")


def split_variant(name: str) -> tuple[str, str | None]:
    """ "Teemo - Swift Scout (Signature)" -> ("Teemo - Swift Scout", "Signature"); "Dark Child - Starter" ->
    ("Dark Child", "Starter"); a name without a variant suffix comes back as it is (spaces tidied)."""
    name = " ".join(name.split())
    match = _SUFFIX.search(name)
    if match:
        return name[: match.start()].strip(), _BY_KEY[match.group(1).casefold()]
    match = _DASH_STARTER.search(name)
    if match:
        return name[: match.start()].strip(), "Starter"
    return name, None


def variant_from_code(code: str) -> str | None:
    """The variant a printing's code shows: `OGN-027a/298` an alternate art, `OGN-299*/298` a signature,
    `OGN-299/298` (a number past the set's count) an overnumbered printing; None for a plain one."""
    match = _CODE.match(code)
    if not match:
        return None
    prefix, number, letters, total = match.groups()
    if "*" in letters:
        return "Signature"
    if letters:
        return "Alternate Art"
    if not prefix and total and int(number) > int(total):
        return "Overnumbered"
    return None


def champion_and_title(base: str, champions: Collection[str]) -> tuple[str, str] | None:
    """ "Teemo - Swift Scout" or "Teemo, Swift Scout" -> ("Teemo", "Swift Scout"); None for a name of another form.

    `champions` holds normalized champion names: in "Yordle, Kennen - Heart of the Tempest" the champion is the part
    before the dash that names one (Kennen), else its last part.
    """
    if " - " in base:
        left, title = (part.strip() for part in base.split(" - ", 1))
        parts = [p.strip() for p in left.split(",") if p.strip()]
        champion = next(
            (p for p in reversed(parts) if normalize(p) in champions), parts[-1] if parts else left
        )
        return champion, title
    if ", " in base:
        champion, title = (part.strip() for part in base.split(", ", 1))
        return champion, title
    return None


def canonical_name(
    base: str, *, is_legend: bool, tags: Sequence[str], champions: Collection[str]
) -> tuple[str, str | None]:
    """(the card's canonical name, its champion where the name has one) for a name without its variant suffix.

    "Teemo - Swift Scout" -> "Teemo, Swift Scout"; a legend written by its title alone ("Swift Scout") takes its
    champion from its tags (the tag that names a champion, or its only tag); other names stay as written.
    """
    if " - " in base:
        found = champion_and_title(base, champions)
        assert found is not None
        return f"{found[0]}, {found[1]}", found[0]
    if ", " in base:
        return base, base.split(", ", 1)[0]
    if is_legend:
        champion = next((t for t in tags if normalize(t) in champions), tags[0] if len(tags) == 1 else None)
        if champion:
            return f"{champion}, {base}", champion
    return base, None


def champion_names(names: Sequence[tuple[str, bool]]) -> set[str]:
    """The normalized champion names found in (name without variant, is a Champion unit or a Legend) pairs: the part
    before " - " of any name ("Teemo - Swift Scout"; its last part after a comma), and the part before ", " of a
    champion's own card."""
    found: set[str] = set()
    for base, is_champion in names:
        if " - " in base:
            found.add(normalize(base.split(" - ", 1)[0].split(",")[-1]))  # "Yordle, Kennen - ...": Kennen
        elif is_champion and ", " in base:
            found.add(normalize(base.split(", ", 1)[0]))
    found.discard("")
    return found
