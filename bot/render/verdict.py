"""The engine's `Answer` as embeds: the verdict first, in one line. The answer arrives typed; nothing is parsed back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from bot import limits
from bot.render.common import (
    COLOR_DEPENDS,
    COLOR_INFO,
    COLOR_NO,
    COLOR_YES,
    add_field,
    cited_list,
    data_footer,
)
from cardsdb.engine import Answer, AskKind, Check, Choice

ASK_WORDS: dict[AskKind, str] = {
    "hide": "hide it",
    "play_hidden": "play it from facedown",
    "play": "play it from hand",
    "targets": "choices from facedown",
    "cleanup": "next cleanup",
}
_COLOURS = {"Yes": COLOR_YES, "No": COLOR_NO, "Depends": COLOR_DEPENDS}


def verdict_word(legal: bool | None) -> str:
    return "Yes" if legal is True else "No" if legal is False else "Depends"


def _check_line(check: Check) -> str:
    mark = "✅ passed" if check.ok else "❌ failed" if check.blocking else "⚠️ its play effect"
    return f"{mark}: {check.because} ({cited_list(check.cited)}) `{check.code}`"


def _choice_text(choice: Choice, why: str | None = None) -> str:
    lines = []
    cited = cited_list(choice.cited)
    because = f": {why}" if why and not choice.note else ""
    if choice.restricted_to:
        lines.append(f"Restricted to **{choice.restricted_to}**, where it was hidden{because} ({cited}).")
    else:
        lines.append(f"Not restricted to one battlefield{because} ({cited}).")
    if choice.note:
        lines.append(choice.note)
    if choice.optional:
        lines.append("Optional: it may choose none.")
    if choice.legal:
        lines.append("Legal: " + ", ".join(choice.legal))
    elif not choice.excluded:
        # Nothing to choose from was given (a hand the position leaves out): "none" alone would read as "every
        # candidate is illegal".
        lines.append("Legal: none listed (the position shows no candidates)")
    else:
        lines.append("Legal: none")
    lines.extend(f"Can't pay for {e.target}: {e.because} ({cited_list(e.cited)})" for e in choice.unpayable)
    lines.extend(f"Not {e.target}: {e.because} ({cited_list(e.cited)})" for e in choice.excluded)
    if not choice.ok and choice.because:
        lines.append(choice.because)
    return "\n".join(lines)


def _title(answer: Answer) -> str:
    """The verdict and the answer in one line; a No's reasons follow in the description (read at a glance, on a
    phone too)."""
    return " ".join(f"{answer.verdict}: {answer.headline}".split())


def _position_embed(position: str | None, code: str | None, assumed: Sequence[str]) -> discord.Embed:
    pos = discord.Embed(title="Position assumed" if (position or assumed) else "Position", colour=COLOR_INFO)
    parts = ["\n".join(f"• {a}" for a in assumed)] if assumed else []
    if code:
        parts.append(f"Scenario code (`/hidden scenario text:` replays it):\n`{code}`")
    if position:
        yaml_text = position.replace("```", "ʼʼʼ").strip()
        parts.append(
            f"The position as a scenario (edit it, paste it into `/hidden scenario`):\n```yaml\n{yaml_text}\n```"
        )
    text = ""
    for part in parts:
        joined = f"{text}\n\n{part}" if text else part
        if len(joined) > limits.EMBED_DESCRIPTION - 60:
            text += "\n\n(The rest of the position is too long to show here.)"
            break
        text = joined
    pos.description = text
    return pos


def _fields(embed: discord.Embed, answer: Answer, reasons: Mapping[str, str] | None) -> None:
    if answer.checks:
        add_field(embed, "Checks", "\n".join(_check_line(c) for c in answer.checks))
    for choice in answer.choices:
        add_field(embed, f"Choice: {choice.choice}", _choice_text(choice, (reasons or {}).get(choice.choice)))
    if answer.effects:
        # After a No, what the action does is hypothetical: a bare "Effects" reads as what happens.
        name = "Effects" if answer.legal is not False else "Effects, were it allowed"
        add_field(embed, name, "\n".join(f"• {e.text} ({cited_list(e.cited)})" for e in answer.effects))
    if answer.other_copies:
        copies = [
            f"• The {c.name} at {c.at}: {' '.join(c.reasons) or 'it can be played too.'}"
            for c in answer.other_copies
        ]
        add_field(embed, "Other copies", "\n".join(copies))
    if answer.undecided:
        add_field(embed, "It depends on", "\n".join(f"• {u}" for u in answer.undecided))
    if answer.cited:
        add_field(embed, "Rules cited", ", ".join(str(c) for c in answer.cited))


def verdict_embeds(
    answer: Answer,
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
    full = _title(answer)
    title = limits.fit(full, limits.EMBED_TITLE)
    embed = discord.Embed(title=title, colour=_COLOURS[answer.verdict])
    # "Closest match for ...": the card may not be the one meant
    description = [match_note] if match_note else []
    if len(title) < len(full):
        description.append(" ".join(answer.headline.split()))
    if answer.reasons:
        description.append(f"**Why:** {' '.join(answer.reasons)}")
    description.append(f"Question: {ASK_WORDS[answer.ask]}.")
    embed.description = limits.fit("\n".join(description), limits.EMBED_DESCRIPTION)
    _fields(embed, answer, reasons)
    embeds = [embed]
    if position or assumed or code:
        embeds.append(_position_embed(position, code, assumed))
    data = dict(meta or {})
    data["rules_current_version"] = answer.rules_version
    embed.set_footer(text=limits.fit(data_footer(data), limits.FOOTER_TEXT))
    return embeds
