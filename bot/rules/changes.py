"""What changed between two rules versions, one page at a time: added, removed, reworded (the difference marked)
and moved rules, each with the patch notes that explain it."""

from __future__ import annotations

import discord

from bot.rules.render import patch_note_line
from bot.ui import limits
from bot.ui.render import COLOR_INFO, diff_markdown
from cardsdb.models import ChangeList, RuleChange
from cardsdb.project.provenance import PARTIAL_CHANGES
from cardsdb.rule_versions import DOC_TITLES, cite

CHANGES_PAGE_SIZE = 5
CHANGE_VALUE = (
    850  # five of these, the counts and the patch notes on the last page stay within 6,000 characters
)
_SIGNS = {"added": "➕ Added", "removed": "➖ Removed", "reworded": "✏️ Reworded", "moved": "↪️ Moved"}
PARTIAL_NOTE = PARTIAL_CHANGES


def _name(change: RuleChange) -> str:
    old, new = change.from_version, change.to_version
    if change.change == "added":
        where = cite(change.number, new)
    elif change.change == "removed":
        where = cite(change.number, old)
    elif change.change == "moved":
        where = f"{cite(change.number, old)} → {cite(change.moved_to or '', new)}"
    else:
        where = cite(change.number, new)
    title = f" · {change.title}" if change.title else ""
    return limits.fit(f"{_SIGNS[change.change]} {where}{title}", limits.FIELD_NAME)


def _value(change: RuleChange) -> str:
    room = CHANGE_VALUE
    notes = [f"📝 {patch_note_line(n, 300)}" for n in change.patch_notes[:2]]
    room -= sum(len(n) + 1 for n in notes)
    summary = " *(summary)*" if change.wording == "summary" else ""
    escape = discord.utils.escape_markdown
    if change.change == "added":
        body = limits.fit(escape(change.new or ""), room - len(summary)) + summary
    elif change.change == "removed":
        body = limits.fit(escape(change.old or ""), room)
    elif change.old and change.new and change.old == change.new:
        body = "Same words."  # a heading's title moved with it ("Hide": 421 then, 422 now)
    elif change.wording == "official" and change.old and change.new:
        body = diff_markdown(change.old, change.new, room)
    else:
        half = max(room // 2 - 20, 50)
        body = (
            f"**Was:** {limits.fit(escape(change.old or ''), half)}\n"
            f"**Now{summary}:** {limits.fit(escape(change.new or ''), half)}"
        )
    return "\n".join([body, *notes]) or "—"


def changes_page_embed(found: ChangeList, page: int, page_size: int = CHANGES_PAGE_SIZE) -> discord.Embed:
    """One page of the changes; the first says how many of each kind, and when the newer version is known in part."""
    total = len(found.changes)
    pages = max(1, -(-total // page_size))
    page = min(max(page, 0), pages - 1)
    under = f" under {cite(found.under, found.under_version)}" if found.under else ""
    title = f"{DOC_TITLES[found.doc]}: {found.from_version} → {found.to_version}{under}"
    counts = {k: sum(1 for c in found.changes if c.change == k) for k in _SIGNS}
    lines = [", ".join(f"{counts[k]} {k}" for k in _SIGNS) + "."]
    if found.partial:
        lines.append(PARTIAL_NOTE)
    if not found.changes:
        lines.append("Nothing changed there.")
    embed = discord.Embed(
        title=limits.fit(title, limits.EMBED_TITLE), description="\n".join(lines), colour=COLOR_INFO
    )
    for change in found.changes[page * page_size : (page + 1) * page_size]:
        embed.add_field(name=_name(change), value=_value(change), inline=False)
    if page == pages - 1 and found.unplaced_notes:
        notes = "\n".join(f"• {patch_note_line(n, 200)}" for n in found.unplaced_notes)
        embed.add_field(
            name="Patch notes tied to no one rule", value=limits.fit(notes, limits.FIELD_VALUE), inline=False
        )
    embed.set_footer(text=f"Page {page + 1} of {pages} · {total} change{'s' if total != 1 else ''}")
    return embed
