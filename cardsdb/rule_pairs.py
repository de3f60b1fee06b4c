"""Core Rules v1.5 is the Core Rules of 2026-10-09, and which of its numbers the data pairs with a v1.4 rule.

riftboundfaq.com names the Core Rules a page was reviewed against. Pages reviewed against "1.5" (dated 2026-10-01, a
week before the rules' date; Riot previews a version to reviewers ahead of publishing it) cite numbers that agree with
the current rules, as Riot's Hidden keyword page quotes them (the seeds), wherever the two can be compared, and never
with v1.4 where v1.4 differs: the seeds' Hide is 422 where v1.4 has 421, the seeds' 459.1 is v1.4's 457.1, and the
v1.5 pages cite 407.5, 391.4 and 392 where the same page reviewed against v1.4 cited 406.5, 390.4 and 391, and the
combat steps 466-468 where v1.4 has 464-466. No rule stands between them: no version after v1.4 but the current one is
known, and the current rules are the only version whose numbering moves those places. So v1.5 is the name of the
current rules (`CURRENT_RULES_VERSION`): a v1.5 number is a current number, shown unmarked.

The text of v1.5 is public only where the seeds quote it. Where they do not, the rule that corresponds in v1.4 may be
shown in its place, marked as v1.4's wording, but only for the pairs the data shows: the ones above, and numbers
that are the same in both (the sections at 115-323, 740 and 808, whose numbers the v1.5 pages cite unchanged). A
renumbered rule takes its sub-rules with it (the seeds' 422.1, 422.2 and 422.4 are v1.4's 421.1, 421.2 and 421.4),
so a pair holds for the sub-rules under it. Nothing else is guessed: v1.5's 403.2 lies between two pairs shifted by
one, but no source pairs it, so it has no stand-in.
"""

from __future__ import annotations

from cardsdb.models import CURRENT_RULES_VERSION, V14_RULES_VERSION
from cardsdb.rule_numbers import canonical

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
        newer = _v15_counterpart(number)
        if newer is not None and newer != number:
            found += [(V14_RULES_VERSION, number), (CURRENT_RULES_VERSION, newer)]
    return found


def _v15_counterpart(number: str) -> str | None:
    parts = number.split(".")
    for cut in range(len(parts), 0, -1):
        head = ".".join(parts[:cut])
        for newer, older in KNOWN_PAIRS.items():
            if older == head:
                return ".".join([newer, *parts[cut:]])
    return None
