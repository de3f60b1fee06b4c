"""The engine's answer (`Answer.to_dict()`, see docs/scenario-format.md) as embeds: the verdict first, in one line."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot import limits
from bot.render.common import (
    COLOR_DEPENDS,
    COLOR_INFO,
    COLOR_NO,
    COLOR_YES,
    add_field,
    cited_versions,
    data_footer,
    rules_list,
)
from cardsdb.rule_versions import cite

_LEADING_VERDICT = re.compile(r"^(yes|no|depends)\b[:,.]?\s*", re.IGNORECASE)

ASK_WORDS = {
    "hide": "hide it",
    "play_hidden": "play it from facedown",
    "play": "play it from hand",
    "targets": "choices from facedown",
    "cleanup": "next cleanup",
}


def verdict_word(answer: Mapping[str, Any]) -> str:
    legal = answer.get("legal")
    if legal is True:
        return "Yes"
    if legal is False:
        return "No"
    return "Depends"


def _colour(word: str) -> discord.Colour:
    return {"Yes": COLOR_YES, "No": COLOR_NO}.get(word, COLOR_DEPENDS)


def _check_line(check: Mapping[str, Any], marks: Mapping[str, str]) -> str:
    mark = "✅ passed" if check.get("ok") else "❌ failed"
    cited = rules_list(check.get("rules") or (), marks)
    return f"{mark}: {check.get('because', '')} ({cited}) `{check.get('code', '')}`"


def _choice_text(choice: Mapping[str, Any], marks: Mapping[str, str], why: str | None = None) -> str:
    lines = []
    where = choice.get("restricted_to")
    cited = rules_list(choice.get("rules") or (), marks)
    because = f": {why}" if why and not choice.get("note") else ""
    if where:
        lines.append(f"Restricted to **{where}**, where it was hidden{because} ({cited}).")
    else:
        lines.append(f"Not restricted to one battlefield{because} ({cited}).")
    if choice.get("note"):
        lines.append(str(choice["note"]))
    if choice.get("optional"):
        lines.append("Optional: it may choose none.")
    legal = choice.get("legal") or []
    if legal:
        lines.append("Legal: " + ", ".join(legal))
    elif not choice.get("excluded"):
        # Nothing to choose from was given (a hand the position leaves out): "none" alone would read as "every
        # candidate is illegal".
        lines.append("Legal: none listed (the position shows no candidates)")
    else:
        lines.append("Legal: none")
    for excluded in choice.get("excluded") or ():
        lines.append(
            f"Not {excluded.get('target')}: {excluded.get('because', '')} ({rules_list(excluded.get('rules') or (), marks)})"
        )
    return "\n".join(lines)


def _split_reasons(word: str, summary: str) -> tuple[str, str]:
    """A No's summary, "you can't hide X at Y: reason. reason.", as a short headline for the title (read at a glance,
    on a phone too) and the reasons for the description; other summaries stay whole."""
    head, sep, reasons = summary.partition(": ")
    if word != "No" or not sep or not head.startswith("you can't") or not reasons:
        return summary, ""
    return f"{head}.", reasons


def verdict_embeds(
    answer: Mapping[str, Any],
    *,
    meta: Mapping[str, str] | None = None,
    position: str | None = None,
    code: str | None = None,
    assumed: Sequence[str] = (),
    reasons: Mapping[str, str] | None = None,
    match_note: str | None = None,
) -> list[discord.Embed]:
    """First embed: `Yes`/`No`/`Depends` and the answer in one line; checks, choices, effects; then the position.

    `reasons` maps a choice's phrase to why it is (or is not) restricted, from the engine's profile of the card.
    `match_note` says which card a misspelt name was taken to be (and the others it may mean).
    """
    word = verdict_word(answer)
    marks = cited_versions(answer)  # numbers the engine cites from v1.4 or v1.3, marked so
    summary = " ".join(str(answer.get("summary") or "").split())
    summary = _LEADING_VERDICT.sub("", summary, count=1)
    headline, reasons_line = _split_reasons(word, summary)
    title = limits.fit(f"{word}: {headline}" if headline else word, limits.EMBED_TITLE)
    embed = discord.Embed(title=title, colour=_colour(word))
    # "Closest match for ...": the card may not be the one meant
    description = [match_note] if match_note else []
    if len(title) < len(f"{word}: {headline}"):
        description.append(headline)
    if reasons_line:
        description.append(f"**Why:** {reasons_line}")
    ask = answer.get("ask")
    if ask in ASK_WORDS:
        description.append(f"Question: {ASK_WORDS[ask]}.")
    if description:
        embed.description = limits.fit("\n".join(description), limits.EMBED_DESCRIPTION)
    checks = answer.get("checks") or []
    if checks:
        add_field(embed, "Checks", "\n".join(_check_line(c, marks) for c in checks))
    for choice in answer.get("choices") or ():
        why = (reasons or {}).get(str(choice.get("choice")))
        add_field(embed, f"Choice: {choice.get('choice', '?')}", _choice_text(choice, marks, why))
    effects = answer.get("effects") or []
    if effects:
        add_field(
            embed,
            # After a No, what the action does is hypothetical: a bare "Effects" reads as what happens.
            "Effects" if word != "No" else "Effects, were it allowed",
            "\n".join(f"• {e.get('text', '')} ({rules_list(e.get('rules') or (), marks)})" for e in effects),
        )
    undecided = answer.get("undecided") or []
    if undecided:
        add_field(embed, "It depends on", "\n".join(f"• {u}" for u in undecided))
    citations = answer.get("citations") or []
    if citations:
        add_field(embed, "Rules cited", ", ".join(cite(str(n), marks.get(str(n))) for n in citations))
    version = answer.get("rules_version")
    embeds = [embed]
    if position or assumed or code:
        pos = discord.Embed(
            title="Position assumed" if (position or assumed) else "Position", colour=COLOR_INFO
        )
        parts = ["\n".join(f"• {a}" for a in assumed)] if assumed else []
        if code:
            parts.append(f"Scenario code (`/hidden scenario text:` replays it):\n`{code}`")
        if position:
            yaml_text = position.replace("```", "ʼʼʼ").strip()
            parts.append(
                "The position as a scenario (edit it, paste it into `/hidden scenario`):\n"
                f"```yaml\n{yaml_text}\n```"
            )
        text = ""
        for part in parts:
            joined = f"{text}\n\n{part}" if text else part
            if len(joined) > limits.EMBED_DESCRIPTION - 60:
                text += "\n\n(The rest of the position is too long to show here.)"
                break
            text = joined
        pos.description = text
        embeds.append(pos)
    data = dict(meta or {})
    if version:
        data["rules_current_version"] = str(version)
    embed.set_footer(text=limits.fit(data_footer(data), limits.FOOTER_TEXT))
    return embeds
