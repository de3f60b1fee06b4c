"""Reminder text: the parenthesized sentence after a keyword that explains it ("[Hidden] (Hide now for ... later for
0 energy.)"). A parenthesis that is no sentence ("(here)", "(including me)") is part of the card's rules text and
stays."""

from __future__ import annotations

import re

# A parenthesis whose sentence ends inside it ("(Play on your turn or in showdowns.)"); "(even if you don't have
# units there)" ends outside it: rules wording. The spaces before it go with it, from the first (linear time).
REMINDER = re.compile(r"(?<!\s)\s*\([^()]*[.!?][\"\u201d]?\)")


def without_reminders(text: str) -> str:
    """The text with every reminder taken out (the spaces before it too)."""
    return REMINDER.sub("", text)


def reminder_count(text: str) -> int:
    return len(REMINDER.findall(text))
