"""Judge mode: answers to /hidden and /rule may be private; a private answer has "Post publicly", which posts the same
answer to the channel with "ruled via <name>" in the footer. Only the asker may post or change the answer.

What a judge's answer says and who may act on it; the controls themselves are in `bot/controls/answer.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.ui import limits
from bot.ui.text import one_line

ONLY_THE_ASKER = "Only the person who asked can change this. Run the command yourself to try other options."
POST_LABEL = "Post publicly"
POSTED_LABEL = "Posted publicly"
ALREADY_POSTED = "This answer was posted publicly already"
POSTING = "This answer is being posted publicly; it will be in the channel in a moment."
MAX_NAME = 64


def asker_name(user: discord.abc.User) -> str:
    """The display name, safe for a footer: no control or bidi characters, no mention, at most 64 characters.

    (Footers show no markdown, so markdown is left as typed; escaping it would show backslashes.)
    """
    name = one_line(user.display_name) or one_line(user.name)
    return discord.utils.escape_mentions(limits.fit(name, MAX_NAME))


def ruled_via(embeds: Sequence[discord.Embed], name: str) -> list[discord.Embed]:
    """Copies of `embeds` with "ruled via <name>" at the start of the first one's footer."""
    copies = [discord.Embed.from_dict(e.to_dict()) for e in embeds]
    if copies:
        first = copies[0]
        footer = first.footer.text
        text = f"ruled via {name}" + (f" · {footer}" if footer else "")
        first.set_footer(text=limits.fit(text, limits.FOOTER_TEXT), icon_url=first.footer.icon_url)
    return copies
