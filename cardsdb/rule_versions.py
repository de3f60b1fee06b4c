"""Rules documents and their versions, by name, and the one way a cited rule number is marked with its version.

Core Rules versions, newest first: `2026-10-09` (the current rules, known only where the seed documents quote or
summarise them), `v1.4` (2026-07-16) and `v1.3` (2026-03-30). The Tournament Rules are one version here,
`2026-07-16`. A number cited from the current Core Rules is written bare (`811.6`); any other is marked with its
version (`312.2 (v1.4)`), in Discord as on the command line: `cite` decides that mark, everywhere.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from cardsdb.errors import BadInput
from cardsdb.models import (
    CORE_DOC,
    CORE_VERSIONS,
    CURRENT_RULES_VERSION,
    OLDER_THAN_V13,
    TOURNAMENT_DOC,
    TOURNAMENT_RULES_VERSION,
    V13_RULES_DATE,
    V13_RULES_VERSION,
    V14_RULES_DATE,
    V14_RULES_VERSION,
)
from cardsdb.rule_numbers import canonical, normalize_version, parse_rule_ref

DOCS: tuple[str, ...] = (CORE_DOC, TOURNAMENT_DOC)
DOC_TITLES = {CORE_DOC: "Core Rules", TOURNAMENT_DOC: "Tournament Rules"}
VERSIONS_BY_DOC: dict[str, tuple[str, ...]] = {
    CORE_DOC: CORE_VERSIONS,
    TOURNAMENT_DOC: (TOURNAMENT_RULES_VERSION,),
}
VERSION_DATES = {
    CURRENT_RULES_VERSION: CURRENT_RULES_VERSION,
    V14_RULES_VERSION: V14_RULES_DATE,
    V13_RULES_VERSION: V13_RULES_DATE,
}
# Complete documents: a version of the Core Rules whose every rule the data holds (the current one is partial).
COMPLETE_VERSIONS = frozenset({V14_RULES_VERSION, V13_RULES_VERSION, TOURNAMENT_RULES_VERSION})


class BadVersion(BadInput):
    """A rules version or document that does not exist: one line naming the ones that do."""


@dataclass(frozen=True)
class Citation:
    """A rule number as an answer cites it: in a version of a document."""

    number: str
    version: str
    doc: str = CORE_DOC
    found: bool = (
        True  # False where the version cited lacks the number (a FAQ citing a number of its own day)
    )


def rule_key(doc: str, version: str, number: str) -> str:
    """The rules table's key: "v1.4:811.6" in the Core Rules, "tournament:2026-07-16:702.2" otherwise."""
    return f"{version}:{number}" if doc == CORE_DOC else f"{doc}:{version}:{number}"


def parse_doc(text: str | None) -> str:
    """`core` (the default) or `tournament`; raises BadVersion for anything else."""
    value = (text or CORE_DOC).strip().casefold()
    aliases = {
        "cr": CORE_DOC,
        "core rules": CORE_DOC,
        "tr": TOURNAMENT_DOC,
        "tournament rules": TOURNAMENT_DOC,
    }
    value = aliases.get(value, value)
    if value not in DOCS:
        raise BadVersion(f"unknown rules document {text!r}: use core or tournament")
    return value


def parse_version(text: str | None, doc: str = CORE_DOC) -> str | None:
    """A version of `doc` as typed, by name (None when none was given); raises BadVersion naming the known ones."""
    if text is None or not text.strip():
        return None
    known = VERSIONS_BY_DOC[doc]
    # v1.4's date is also the Tournament Rules' version: in the Core Rules it means v1.4.
    name = (
        V14_RULES_VERSION if doc == CORE_DOC and text.strip() == V14_RULES_DATE else normalize_version(text)
    )
    if name not in known:
        what = DOC_TITLES[doc]
        raise BadVersion(f"unknown {what} version {text.strip()!r}: use {', '.join(known)}")
    return name


def is_newer(version: str, than: str, doc: str = CORE_DOC) -> bool:
    order = VERSIONS_BY_DOC[doc]
    return version in order and than in order and order.index(version) < order.index(than)


def version_label(version: str | None, doc: str = CORE_DOC) -> str:
    """How a version is named to players: "v1.4", "the current rules (2026-10-09)", "before v1.3"."""
    if doc == TOURNAMENT_DOC:
        return f"Tournament Rules {version or TOURNAMENT_RULES_VERSION}"
    if not version or version == CURRENT_RULES_VERSION:
        return f"the current rules ({CURRENT_RULES_VERSION})"
    if version == OLDER_THAN_V13:
        return f"before {V13_RULES_VERSION}"
    return version


_collected: ContextVar[list[Citation] | None] = ContextVar("collected_citations", default=None)


def cite(number: str, version: str | None = None, doc: str = CORE_DOC) -> str:
    """The player-facing form of a cited rule number: `811.6` (current), `312.2 (v1.4)`, `735.1.c (before v1.3)`,
    `TR 702.2` (Tournament Rules). A number written with its version already (`312.2 (v1.4)`) keeps that version."""
    ref = parse_rule_ref(number)
    if ref is not None:
        number, version, doc = ref.number, ref.version or version, ref.doc or doc
    found = _collected.get()
    if found is not None:
        found.append(Citation(number, version or CURRENT_RULES_VERSION, doc))
    if doc == TOURNAMENT_DOC:
        return f"TR {number}"
    if not version or version == CURRENT_RULES_VERSION:
        return number
    return f"{number} ({version_label(version)})"


def cite_versions(number: str, versions: Sequence[str]) -> str:
    """One number of several older versions, marked once: "421.2 (v1.3, v1.4)" (each recorded as `cite` would)."""
    marks = [cite(number, version) for version in versions]
    older = [version_label(v) for v in versions if v and v != CURRENT_RULES_VERSION]
    if len(marks) == 1 or not older:
        return marks[0]
    return f"{number} ({', '.join(older)})"


def cite_citation(citation: Citation) -> str:
    """A number a ruling cites, marked with its version; one that version lacks says so: "323.8.6 (v1.3; not in our
    copy)". The current rules are public only in part: a current number the data lacks is shown as it is (a v1.5
    number; see Core Rules v1.5 below)."""
    if citation.found or (citation.doc == CORE_DOC and citation.version == CURRENT_RULES_VERSION):
        return cite(citation.number, citation.version, citation.doc)
    return f"{citation.number} ({version_label(citation.version)}; not in our copy)"


def cited_numbers(citations: Sequence[Citation]) -> str:
    """ "811.1.b, 312.2 (v1.4), 323.8.6 (v1.3; not in our copy)": the numbers a ruling cites, each marked."""
    return ", ".join(cite_citation(c) for c in citations)


@contextmanager
def collecting_citations() -> Iterator[list[Citation]]:
    """Every number `cite` marks inside the block, with its version (the meta-test checks each exists)."""
    found: list[Citation] = []
    token = _collected.set(found)
    try:
        yield found
    finally:
        _collected.reset(token)


# ---- Core Rules v1.5 -----------------------------------------------------------------------------------------------
# Core Rules v1.5 is the Core Rules of 2026-10-09, and which of its numbers the data pairs with a v1.4 rule.
#
# riftboundfaq.com names the Core Rules a page was reviewed against. The two pages reviewed against "1.5" (dated
# 2026-10-01) cite numbers that agree with the current rules (Riot's Hidden keyword page, "updated October 9, 2026": the
# seeds) wherever the two can be compared, and disagree with v1.4 exactly where v1.4 and the seeds disagree: the seeds'
# Hide is 422 where v1.4 has 421 and their 459.1 is v1.4's 457.1; the v1.5 pages cite 407.5, 391.4 and 392 where the
# same page reviewed against v1.4 cited 406.5, 390.4 and 391, and the combat steps 466-468 where v1.4 has 464-466. No
# Core Rules version between v1.4 (2026-07-16) and 2026-10-09 is known from any source, and the patch notes of
# Radiance (the rules' only change on record since v1.4) are effective 2026-10-16. Against it: the pages are a week
# older than the rules' date, so v1.5 might be a version the current rules revised again; nothing in the data shows
# such a revision. Decided: v1.5 is the name of the current rules (`CURRENT_RULES_VERSION`); a v1.5 number is a current
# number, shown unmarked. Should a source show otherwise, `rules_version_named` is the one place to change.
#
# The text of v1.5 is public only where the seeds quote it. Where they do not, the rule that corresponds in v1.4 may be
# shown in its place, marked as v1.4's wording, but only for the pairs the data shows: the ones above, and numbers
# that are the same in both (the sections at 115-323, 740 and 808, whose numbers the v1.5 pages cite unchanged). A
# renumbered rule takes its sub-rules with it (the seeds' 422.1, 422.2 and 422.4 are v1.4's 421.1, 421.2 and 421.4),
# so a pair holds for the sub-rules under it. Nothing else is guessed: v1.5's 403.2 lies between two pairs shifted by
# one, but no source pairs it, so it has no stand-in.

V15_RULES_NAME = "v1.5"  # riftboundfaq.com's name for the Core Rules of 2026-10-09

# Current (v1.5) number -> v1.4 number, each from the data (SOURCES.md, "added 2026-12-01").
KNOWN_PAIRS: dict[str, str] = {
    "391.4": "390.4",  # runeblade-anvil, reviewed against v1.4 and then v1.5
    "392": "391",  # runeblade-anvil
    "407.5": "406.5",  # runeblade-anvil
    "422": "421",  # Hide: the seeds and v1.4
    "459.1": "457.1",  # gear at a battlefield recalled: the seeds and v1.4
    "466": "464",  # the combat showdown step: akali-silent and v1.4
    "467": "465",  # the combat damage step
    "468": "466",  # the resolution step
}
# Sections whose numbers v1.4 and v1.5 share: (first, last) top-level numbers.
UNCHANGED_SECTIONS: tuple[tuple[int, int], ...] = ((115, 323), (740, 740), (808, 808))


def v14_counterpart(number: str) -> str | None:
    """The v1.4 number of the current (v1.5) rule `number`, where the data pairs them; None where it does not."""
    number = canonical(number) or number
    parts = number.split(".")
    for cut in range(len(parts), 0, -1):
        head = ".".join(parts[:cut])
        if head in KNOWN_PAIRS:
            return ".".join([KNOWN_PAIRS[head], *parts[cut:]])
    top = int(parts[0]) if parts[0].isdigit() else -1
    if any(first <= top <= last for first, last in UNCHANGED_SECTIONS):
        return number
    return None


def paired_numbers(number: str, version: str | None) -> list[tuple[str, str]]:
    """(version, number) of a rule in the current rules and v1.4 where a known pair (not an unchanged section, whose
    numbers `CardsDB.rule` finds anyway) ties them: `407.5` -> current 407.5 and v1.4 406.5; `406.5 (v1.4)` -> both
    too. A bare number is read as current first. Empty where no pair names the number."""
    found: list[tuple[str, str]] = []
    older = v14_counterpart(number)
    if version in (None, CURRENT_RULES_VERSION) and older is not None and older != number:
        found += [(CURRENT_RULES_VERSION, number), (V14_RULES_VERSION, older)]
    if version in (None, V14_RULES_VERSION):
        newer = v15_counterpart(number)
        if newer is not None and newer != number:
            found += [(V14_RULES_VERSION, number), (CURRENT_RULES_VERSION, newer)]
    return found


def v15_counterpart(number: str) -> str | None:
    """The current (v1.5) number of v1.4's rule `number`, where a renumbering pair the data shows names it."""
    parts = number.split(".")
    for cut in range(len(parts), 0, -1):
        head = ".".join(parts[:cut])
        for newer, older in KNOWN_PAIRS.items():
            if older == head:
                return ".".join([newer, *parts[cut:]])
    return None
