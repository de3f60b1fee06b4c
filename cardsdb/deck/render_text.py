"""A `DeckVerdict` as plain text for the command line: the verdict, every problem with its rule numbers, what could
not be decided, what was assumed, the deck's summary, then every check made."""

from __future__ import annotations

from collections.abc import Sequence

from cardsdb.deck.deck import SECTION_TITLES
from cardsdb.deck.rules import marked
from cardsdb.deck.verdict import DeckVerdict, Finding, Summary
from cardsdb.rule_versions import Citation


def rules_text(rules: Sequence[Citation]) -> str:
    """ "103.2 (v1.4), TR 402.1": each number marked with its version where it is not the current one."""
    return ", ".join(marked(c) for c in rules)


def sentence(finding: Finding) -> str:
    """A problem's sentence with its rule numbers before the full stop."""
    rules = rules_text(finding.rules)
    return f"{finding.text.rstrip('.')} ({rules})." if rules else finding.text


def summary_lines(summary: Summary) -> list[str]:
    legend = summary.legend or "none"
    if summary.domains:
        legend += f" ({', '.join(summary.domains)})"
    counts = summary.sections
    main = f"Main deck {summary.main_deck_size}" + (
        f" ({counts['main']} + the champion)" if summary.champion else " (no chosen champion)"
    )
    rest = [
        f"{SECTION_TITLES[s]} {counts[s]}" for s in ("battlefields", "runes", "sideboard", "extra_legends")
    ]
    return [
        f"Legend: {legend}; chosen champion: {summary.champion or 'none'}",
        " · ".join([main, *(r for r in rest if not r.startswith("Extra legends 0"))]),
    ]


def render(verdict: DeckVerdict) -> str:
    lines = [f"{verdict.verdict}: {verdict.sentence}", ""]
    for title, items in (("Problems:", verdict.problems), ("Not decided:", verdict.undecided)):
        if items:
            lines.append(title)
            lines.extend(f"  - {sentence(f)}" for f in items)
    if verdict.assumed:
        lines.append("Assumed:")
        lines.extend(f"  - {a}" for a in verdict.assumed)
    lines.append("Deck:")
    lines.extend(f"  {line}" for line in summary_lines(verdict.summary))
    lines.append("Checks:")
    for check in verdict.checks:
        mark = {True: "ok  ", False: "FAIL", None: "----" if not check.made else "?   "}[check.ok]
        rules = f" [{rules_text(check.rules)}]" if check.rules else ""
        lines.append(f"  {mark} {check.code}{rules}: {check.because}")
    lines.extend(verdict.notes)
    if verdict.code:
        lines.append(f"Deck code: {verdict.code}")
    ban = f"; ban list of {verdict.ban_list_as_of}" if verdict.ban_list_as_of else ""
    lines.append(
        f"Checked on {verdict.checked_on}{ban}. Deck rules are numbered as in Core Rules v1.4 (2026-07-16), where the "
        "current rules (2026-10-09) give them no number; TR: Tournament Rules of 2026-07-16."
    )
    return "\n".join(lines)
