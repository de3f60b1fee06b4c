"""A plain-text rendering of an Answer for the command line (the bot renders its own embeds)."""

from __future__ import annotations

from collections.abc import Iterable

from cardsdb.engine.verdict.answer import Answer
from cardsdb.engine.verdict.citations import Citation


def _rules(cited: Iterable[Citation]) -> str:
    marked = [str(c) for c in cited]
    return f"[{', '.join(marked)}]" if marked else ""


def _choice_lines(answer: Answer) -> list[str]:
    lines = ["Choices:"]
    for choice in answer.choices:
        where = f"restricted to {choice.restricted_to}" if choice.restricted_to else "not restricted"
        lines.append(f"  {choice.choice} ({choice.purpose}; {where}) {_rules(choice.cited)}")
        lines.append(f"    legal: {', '.join(choice.legal) if choice.legal else 'none'}")
        lines.extend(f"    not {e.target} {_rules(e.cited)}: {e.because}" for e in choice.excluded)
        lines.extend(f"    unpayable {e.target} {_rules(e.cited)}: {e.because}" for e in choice.unpayable)
        if not choice.ok and choice.because:
            lines.append(f"    can't be made: {choice.because}")
        if choice.note:
            lines.append(f"    note: {choice.note}")
    return lines


def render(answer: Answer) -> str:
    lines = [answer.summary, ""]
    if answer.checks:
        lines.append("Checks:")
        for check in answer.checks:
            mark = "ok  " if check.ok else "FAIL" if check.blocking else "NOTE"
            lines.append(f"  {mark} {check.code} {_rules(check.cited)}: {check.because}")
    if answer.choices:
        lines.extend(_choice_lines(answer))
    if answer.effects:
        lines.append("Effects:")
        lines.extend(f"  - {effect.text} {_rules(effect.cited)}" for effect in answer.effects)
    for title, items in (
        (
            "Other copies:",
            [f"{c.name} at {c.at}: {' '.join(c.reasons) or 'can be played'}" for c in answer.other_copies],
        ),
        ("Undecided:", list(answer.undecided)),
        ("Assumed:", list(answer.assumptions)),
    ):
        if items:
            lines.append(title)
            lines.extend(f"  - {item}" for item in items)
    lines.append(f"Rules cited: {', '.join(str(c) for c in answer.cited)}")
    lines.append(
        f"Core Rules version: {answer.rules_version}; a number marked (v1.4) or (v1.3) is cited from that version, "
        "where the current rules give it no number."
    )
    return "\n".join(lines)
