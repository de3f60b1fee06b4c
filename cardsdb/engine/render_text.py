"""A plain-text rendering of an Answer for the command line (the bot renders its own embeds)."""

from __future__ import annotations

from cardsdb.engine.citations import V13_ONLY
from cardsdb.engine.verdict import Answer


def _number(number: str) -> str:
    return f"{number} (v1.3)" if number in V13_ONLY else number


def _rules(numbers: tuple[str, ...]) -> str:
    return f"[{', '.join(_number(n) for n in numbers)}]" if numbers else ""


def render(answer: Answer) -> str:
    lines = [answer.summary, ""]
    if answer.checks:
        lines.append("Checks:")
        for check in answer.checks:
            mark = "ok  " if check.ok else "FAIL"
            lines.append(f"  {mark} {check.code} {_rules(check.rules)}: {check.because}")
    if answer.choices:
        lines.append("Choices:")
        for choice in answer.choices:
            where = f"restricted to {choice.restricted_to}" if choice.restricted_to else "not restricted"
            lines.append(f"  {choice.choice} ({choice.purpose}; {where}) {_rules(choice.rules)}")
            lines.append(f"    legal: {', '.join(choice.legal) if choice.legal else 'none'}")
            for excluded in choice.excluded:
                lines.append(f"    not {excluded.target} {_rules(excluded.rules)}: {excluded.because}")
            if choice.note:
                lines.append(f"    note: {choice.note}")
    if answer.effects:
        lines.append("Effects:")
        for effect in answer.effects:
            lines.append(f"  - {effect.text} {_rules(effect.rules)}")
    if answer.undecided:
        lines.append("Undecided:")
        lines.extend(f"  - {why}" for why in answer.undecided)
    if answer.assumptions:
        lines.append("Assumed:")
        lines.extend(f"  - {why}" for why in answer.assumptions)
    lines.append(f"Rules cited: {', '.join(_number(n) for n in answer.citations)}")
    lines.append(
        f"Core Rules version: {answer.rules_version}; numbers marked (v1.3) are cited as of v1.3 (2026-03-30)."
    )
    return "\n".join(lines)
