"""Reminder text: the parenthesized sentence after a keyword that explains it ("[Hidden] (Hide now for ... later for
0 energy.)"). A parenthesis that is no sentence ("(here)", "(including me)") is part of the card's rules text and
stays, unless the reader asks for the text without its asides too (the engine's)."""

from __future__ import annotations

import re

# A parenthesis whose sentence ends inside it ("(Play on your turn or in showdowns.)"); "(even if you don't have
# units there)" ends outside it: rules wording. The spaces before it go with it, from the first (linear time).
REMINDER = re.compile(r"(?<!\s)\s*\([^()]*[.!?][\"\u201d]?\)")
# Any parenthesis but "(here)", which names a place the sentence reads as "here".
_ASIDE = re.compile(r"(?<!\s)\s*\((?!here\))[^()]*\)")


def without_reminders(text: str, *, asides: bool = False) -> str:
    """The text with every reminder taken out (the spaces before it too).

    `asides=True` takes out every other parenthesis as well, but "(here)": the engine reads a sentence by patterns
    that know no parenthesis, so an aside ("(including me)", "(even if I'm no longer on the board)") and a reminder
    printed without its full stop ("(Get the effect if you've played another card this turn)") go too, where the
    build's search text and the deck check keep the rules wording whole."""
    return (_ASIDE if asides else REMINDER).sub("", text)


def reminder_count(text: str) -> int:
    return len(REMINDER.findall(text))
