"""The engine's `Answer` as embeds, the verdict first. The answer arrives typed; nothing is parsed back.

Two forms: the quick answer a channel reads at a glance (`quick_embed`: the verdict, one or two sentences why with
their rule numbers, what was assumed in one line; at most `QUICK_BUDGET` characters) and the full answer
(`verdict_embeds`: every check, the choices, the effects, the position and its scenario code), which `/hidden
scenario` posts and the Details button shows. Players read words only: check codes and ids stay in the JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import discord

from bot.ui import limits
from bot.ui.render import (
    COLOR_DEPENDS,
    COLOR_INFO,
    COLOR_NO,
    COLOR_YES,
    add_field,
    cited_list,
)
from bot.ui.symbols import Symbols
from bot.ui.text import echo, strip_unsafe
from cardsdb import rule_numbers
from cardsdb.engine import Answer, AskKind, Check, Choice, Citation
from cardsdb.engine.verdict import citations as r
from cardsdb.engine.verdict.answer import cited
from cardsdb.engine.verdict.naming import words_list
from cardsdb.models import CURRENT_RULES_VERSION
from cardsdb.rule_versions import VERSION_DATES, cite

ASK_WORDS: dict[AskKind, str] = {
    "hide": "hide it",
    "play_hidden": "play it from facedown",
    "play": "play it from hand",
    "targets": "choices from facedown",
    "cleanup": "next cleanup",
}
_COLOURS = {"Yes": COLOR_YES, "No": COLOR_NO, "Depends": COLOR_DEPENDS}

QUICK_LIMIT = 1200
"""A public quick answer's size at most, counted as Discord counts an embed (title, description, fields, footer,
author) plus the message content."""
QUICK_RESERVE = 160
"""Kept free under QUICK_LIMIT for what a message may add to the quick embed: the one-line note that its buttons are
off, or "ruled via <name> · " at the start of its footer when a judge posts it."""
QUICK_BUDGET = QUICK_LIMIT - QUICK_RESERVE
WHY_SENTENCES = 2
TARGETS_SHOWN = 3


def versions_footer(
    cited: Iterable[Citation], card_data: str | None = None, *, current: str = CURRENT_RULES_VERSION
) -> str:
    """Which rules versions an answer draws from: "Core Rules 2026-10-09; numbers marked v1.4 are from 2026-07-16",
    then the date of the card data when given."""
    older = sorted({c.version for c in cited if c.version != current}, reverse=True)
    parts = [f"Core Rules {current}"]
    parts.extend(f"numbers marked {v} are from {VERSION_DATES.get(v, v)}" for v in older)
    text = "; ".join(parts)
    return f"{text} · card data {card_data}" if card_data else text


_WORDS = (
    Symbols()
)  # the engine quotes card text with its symbols in brackets ("you may pay [2] to Stun a unit")


def _words(text: str) -> str:
    """An engine phrase as players read it: symbols in words ("you may pay 2 energy to Stun a unit"), and never
    markdown: the engine's sentences quote what the scenario named (battlefield labels, unit ids), shown as typed."""
    return echo(_WORDS.render(text), limit=None)


def _sentence(text: str, cited: Iterable[Citation]) -> str:
    """A sentence with its rule numbers before its full stop: "It is your turn (rules 811.1.b, 422.2)."."""
    text = _words(text)
    rules = cited_list(cited)
    if not rules:
        return text if text.endswith((".", "!", "?")) else f"{text}."
    return f"{text.rstrip('.')} ({rules})."


# ---- the quick answer ----------------------------------------------------------------------------------------


def _choice_sentence(choice: Choice) -> str:
    if not choice.ok and choice.because:
        return _sentence(choice.because, choice.cited)
    verb = "may choose" if choice.optional else "chooses"
    where = (
        f"only at {choice.restricted_to}, where it was hidden"
        if choice.restricted_to
        else "from anywhere, not only where it was hidden"
    )
    if choice.restricted_to and choice.unsettled:  # at least there; whether only there, the rules leave open
        where = f"at {choice.restricted_to}, where it was hidden (whether also elsewhere, the rules do not settle: Details)"
    shown = choice.legal_targets[:TARGETS_SHOWN]
    more = len(choice.legal_targets) - len(shown)
    targets = words_list(shown, conjunction="or") + (f" or {more} more" if more > 0 else "")
    here = f": here {targets}" if shown else ": nothing listed to choose here"
    return _sentence(f'It {verb} "{choice.choice}" {where}{here}', choice.cited)


def _all_pass(answer: Answer) -> str:
    """ "All 5 checks pass", with the main rule of each (its first: the rule the check is about)."""
    count = len(answer.checks)
    main = {c.cited[0] for c in answer.checks if c.cited}
    what = "The check passes" if count == 1 else f"All {count} checks pass"
    return _sentence(what, sorted(main, key=lambda c: rule_numbers.sort_key(c.number)))


def _yes_reasons(answer: Answer) -> list[str]:
    """Why a Yes: every check passes; then what qualifies it (a choice it can't make, its choices, other copies)."""
    qualifiers = [_sentence(c.because, c.cited) for c in answer.cautions]
    qualifiers.extend(_choice_sentence(c) for c in answer.choices)
    qualifiers.extend(
        _words(f"{c.words[:1].upper()}{c.words[1:]} can't be played: {' '.join(c.reasons)}")
        for c in answer.other_copies
        if c.legal is False and c.words
    )
    passed = [_all_pass(answer)] if answer.checks else []
    if not qualifiers and answer.checks:  # what the last check settles: for hiding, what it costs
        last = answer.checks[-1]
        qualifiers.append(_sentence(last.because, last.cited))
    if answer.ask == "targets":  # the choices are the question
        if not answer.choices:
            none = "It makes no choice when played, so nothing it does is restricted to its battlefield"
            qualifiers.insert(0, _sentence(none, cited((r.CHOICES_RESTRICTED, r.OTHER_ABILITIES_NORMAL))))
        return [*qualifiers, *passed]
    return [*passed, *qualifiers]


def why_sentences(answer: Answer) -> list[str]:
    """Why the verdict, each sentence with its rule numbers, most telling first: what leaves the whole answer open
    (a card whose type is in doubt) before the checks it leaves undecided."""
    decisive = [_sentence(u.because, u.cited) for u in answer.undecided_items if u.decisive]
    if decisive:
        return [*decisive, *(_sentence(c.because, c.cited) for c in answer.failed)]
    if answer.failed:
        return [_sentence(c.because, c.cited) for c in answer.failed]
    if answer.undecided_items:
        return [_sentence(u.because, u.cited) for u in answer.undecided_items]
    return _yes_reasons(answer)


def quick_title(answer: Answer) -> str:
    return limits.fit(f"{answer.verdict}: {_words(answer.sentence)}", limits.EMBED_TITLE)


def quick_embed(
    answer: Answer,
    *,
    assumed: str | None,
    match_note: str | None = None,
    card_data: str | None = None,
) -> discord.Embed:
    """The verdict at a glance: title `Yes`/`No`/`Depends` and the answer, why (one or two sentences with their rule
    numbers), what was assumed in one line; the rest is behind the Details button. Fits `QUICK_BUDGET`."""
    embed = discord.Embed(title=quick_title(answer), colour=_COLOURS[answer.verdict])
    footer = versions_footer(answer.cited, card_data, current=answer.rules_version)
    embed.set_footer(text=limits.fit(footer, limits.FOOTER_TEXT))
    reasons = why_sentences(answer)
    shown = reasons[:WHY_SENTENCES]
    if (
        answer.legal is True
    ):  # what works as normal beyond its battlefield (811.2): Stand United's second sentence
        shown += [_sentence(e.text, e.cited) for e in answer.effects if e.quick]
    if len(reasons) > len(shown) and answer.legal is not True:  # more reasons why not, or why it depends
        shown.append(f"({len(reasons) - len(shown)} more in Details.)")
    lines = [match_note] if match_note else []
    lines.append(" ".join(shown))
    if assumed:
        lines.append(f"**Assumed:** {' '.join(assumed.split())}")
    room = QUICK_BUDGET - limits.embed_size(embed.to_dict())
    embed.description = _fit_lines(lines, room)
    return embed


def _fit_lines(lines: Sequence[str], room: int) -> str:
    """The lines, the longest cut first until they fit `room` characters (each keeps at least a few words)."""
    lines = list(lines)
    while len("\n".join(lines)) > room and lines:
        longest = max(range(len(lines)), key=lambda i: len(lines[i]))
        over = len("\n".join(lines)) - room
        keep = max(40, len(lines[longest]) - over)
        if keep >= len(lines[longest]):
            break
        lines[longest] = limits.fit(lines[longest], keep)
    return limits.fit("\n".join(lines), max(room, 1))


# ---- the full answer -----------------------------------------------------------------------------------------


def _check_line(check: Check) -> str:
    mark = "✅ passed" if check.ok else "❌ failed" if check.blocking else "⚠️ does not block the play"
    return f"{mark}: {_sentence(check.because, check.cited)}"


def _choice_text(choice: Choice, why: str | None = None) -> str:
    lines = []
    cited = cited_list(choice.cited)
    because = f": {why}" if why and not choice.note else ""
    if choice.restricted_to and choice.unsettled:
        lines.append(
            f"Not sure it is restricted to **{_words(choice.restricted_to)}**: {_words(choice.unsettled)} ({cited})."
        )
    elif choice.restricted_to:
        lines.append(
            f"Restricted to **{_words(choice.restricted_to)}**, where it was hidden{because} ({cited})."
        )
    else:
        lines.append(f"Not restricted to one battlefield{because} ({cited}).")
    if choice.note:
        lines.append(_words(choice.note))
    if choice.optional:
        lines.append("Optional: it may choose none.")
    if choice.legal_targets:
        lines.append("Legal: " + ", ".join(_words(t.words) for t in choice.legal_targets))
    elif not choice.excluded:
        # Nothing to choose from was given (a hand the position leaves out): "none" alone would read as "every
        # candidate is illegal".
        lines.append("Legal: none listed (the position shows no candidates)")
    else:
        lines.append("Legal: none")
    lines.extend(
        f"Can't pay for {_words(e.what.words)}: {_sentence(e.because, e.cited)}" for e in choice.unpayable
    )
    lines.extend(f"Not {_words(e.what.words)}: {_sentence(e.because, e.cited)}" for e in choice.excluded)
    if not choice.ok and choice.because:
        lines.append(_words(choice.because))
    return "\n".join(lines)


def _position_embed(position: str | None, code: str | None, assumed: Sequence[str]) -> discord.Embed:
    pos = discord.Embed(title="Position assumed" if (position or assumed) else "Position", colour=COLOR_INFO)
    parts = ["\n".join(f"• {_words(a)}" for a in assumed)] if assumed else []
    if code:
        parts.append(f"Scenario code (`/hidden scenario text:` replays it):\n`{code}`")
    if position:
        # In a code block nothing is markdown; what is invisible or reverses the text still goes, line by line.
        yaml_text = "\n".join(
            strip_unsafe(line) for line in position.replace("```", "ʼʼʼ").splitlines()
        ).strip()
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
        add_field(
            embed,
            f"Choice: {_words(choice.choice)}",
            _choice_text(choice, (reasons or {}).get(choice.choice)),
        )
    if answer.effects:
        # After a No, what the action does is hypothetical: a bare "Effects" reads as what happens.
        name = "Effects" if answer.legal is not False else "Effects, were it allowed"
        add_field(embed, name, "\n".join(f"• {_sentence(e.text, e.cited)}" for e in answer.effects))
    if answer.other_copies:
        copies = [
            "• "
            + _words(
                f"{c.words[:1].upper()}{c.words[1:]} (at {c.at}): {' '.join(c.reasons) or 'it can be played too.'}"
            )
            for c in answer.other_copies
        ]
        add_field(embed, "Other copies", "\n".join(copies))
    if answer.undecided:
        add_field(embed, "It depends on", "\n".join(f"• {_words(u)}" for u in answer.undecided))
    if answer.cited:
        add_field(embed, "Rules cited", ", ".join(cite(c.number, c.version) for c in answer.cited))


def verdict_embeds(
    answer: Answer,
    *,
    card_data: str | None = None,
    position: str | None = None,
    code: str | None = None,
    assumed: Sequence[str] = (),
    reasons: Mapping[str, str] | None = None,
    match_note: str | None = None,
) -> list[discord.Embed]:
    """The full answer. First embed: `Yes`/`No`/`Depends` and the answer in one line; checks, choices, effects; then
    the position (what was assumed, its scenario code, and `position` as YAML when given).

    `reasons` maps a choice's phrase to why it is (or is not) restricted, from the engine's profile of the card.
    `match_note` says which card a misspelt name was taken to be (and the others it may mean); `card_data` is the
    date of the card data, for the footer.
    """
    full = f"{answer.verdict}: {_words(answer.headline)}"
    title = limits.fit(full, limits.EMBED_TITLE)
    embed = discord.Embed(title=title, colour=_COLOURS[answer.verdict])
    # "Closest match for ...": the card may not be the one meant
    description = [match_note] if match_note else []
    if len(title) < len(full):
        description.append(_words(answer.headline))
    if answer.failed:
        description.append(f"**Why:** {' '.join(_sentence(c.because, c.cited) for c in answer.failed)}")
    description.append(f"Question: {ASK_WORDS[answer.ask]}.")
    embed.description = limits.fit("\n".join(description), limits.EMBED_DESCRIPTION)
    _fields(embed, answer, reasons)
    embeds = [embed]
    if position or assumed or code:
        embeds.append(_position_embed(position, code, assumed))
    footer = versions_footer(answer.cited, card_data, current=answer.rules_version)
    embed.set_footer(text=limits.fit(footer, limits.FOOTER_TEXT))
    return embeds
