"""A rule's notes in words (`RuleNote`: a move, a newer wording, another rule under its number), for the command
line and the bot alike: the query layer gives the facts, this words them, every number marked with its version
(`cite`). The one wording of them: `python -m cardsdb rule` prints it and its JSON carries it, `/rule` shows it.
And how the rulings citing a rule are headed, for both."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardsdb.models import CURRENT_RULES_VERSION, TOURNAMENT_DOC, RuleNote, RuleNoteKind, RuleView
from cardsdb.rule_versions import VERSION_DATES, cite, cite_versions


def note_text(note: RuleNote) -> str:
    """One note as a sentence: "421 (v1.3, v1.4), Hide, is 422 now."."""
    words = _WORDS[note.kind]
    return words(note)


def notes_text(notes: Sequence[RuleNote]) -> tuple[str, ...]:
    """Each note once, in words, in order."""
    return tuple(dict.fromkeys(note_text(n) for n in notes))


def _joined(values: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


def _to(note: RuleNote) -> str:
    return _joined([cite(number, version) for number, version in note.to])


def _moved_here(note: RuleNote) -> str:
    marked = cite_versions(note.number, note.versions)
    named = f"{marked}, {note.title}," if note.title else marked
    return f"{named} is {_to(note)} now."


def _superseded(note: RuleNote) -> str:
    then = f"{note.version}'s {note.number}" + (f" {note.then_title}" if note.then_title else "")
    return f"In the current rules {note.number} is {note.title or 'another rule'}; this is {then}, not a current rule."


_WORDS: dict[RuleNoteKind, Callable[[RuleNote], str]] = {
    "renumbered": lambda n: f"{cite(n.number, n.version)} is {_to(n)}.",
    "now": lambda n: f"{cite(n.number, n.version)} is {_to(n)} now.",
    "moved_here": _moved_here,
    "tournament_update_missing": lambda n: (
        f"The Tournament Rules of {n.version}. An update of October 9, 2026 was announced; its text is not in the data."
    ),
    "worded_differently_now": lambda n: (
        f"This is the {n.version} text; the current rules ({CURRENT_RULES_VERSION}) word {cite(n.number)} "
        "differently."
    ),
    "older_text": lambda n: (
        f"This is {n.version}'s text (dated {VERSION_DATES.get(n.version, n.version)}); the current rules "
        f"({CURRENT_RULES_VERSION}) may word it differently."
    ),
    "older_text_dated": lambda n: (
        f"This is {n.version}'s text (dated {VERSION_DATES.get(n.version, n.version)})."
    ),
    "current_number": lambda n: f"In the current rules (v1.5) this rule is {_to(n)}.",
    "number_reused": lambda n: (
        f"The current rules (v1.5) use {cite(n.number)} for another rule, {_to(n)} here; its current text is not "
        "public."
    ),
    "newer_worded_differently": lambda n: (
        f"{n.version} words it differently: see {cite(n.number, n.version)}."
    ),
    "later_other_rule": lambda n: f"{n.version} uses {n.number} for another rule.",
    "later_lacks": lambda n: f"{n.version} no longer has this rule.",
    "changed_in_place": lambda n: (
        f"Not a current rule in these words: the current rules changed it (see {cite(n.number)}); this is "
        f"{n.version}'s text."
    ),
    "superseded": _superseded,
    "see_older": lambda n: f"For {n.title} as of {n.version}, see {cite(n.number, n.version)}.",
    "was_numbered": lambda n: f"What the current rules number {_to(n)} was {cite(n.number, n.version)}.",
    "also_tournament": lambda n: (
        f"The Tournament Rules also have a rule {n.number}"
        + (f", {n.title}" if n.title else "")
        + f": ask for {cite(n.number, n.version, TOURNAMENT_DOC)} to see it."
    ),
}


def rulings_heading(view: RuleView) -> str:
    """What a rule's `rulings` are, counted: "Rulings citing this rule (2)", "... or its sub-rules" where it has some
    (a ruling citing a sub-rule is listed under its parents too, as `/ruling` with the number finds it)."""
    where = "this rule or its sub-rules" if view.children else "this rule"
    return f"Rulings citing {where} ({len(view.rulings)})"


# The rulings citing a rule whose questions its answer lists; /ruling with its number shows them all.
RULINGS_LISTED = 3


def rulings_count_line(view: RuleView, command: str) -> str | None:
    """For a rule shown among the closest (its rulings not listed): how many rulings cite it and the command that
    shows them (`command`): "Rulings citing this rule (2): `/ruling query:143.4 (v1.4)`". None where none does."""
    return f"{rulings_heading(view)}: {command}" if view.rulings else None


def rulings_pointer(view: RuleView, command: str, at_most: int) -> str:
    """The sentence after a rule's first rulings, naming the command that shows them whole (`command`, which shows
    `at_most`): "`/ruling query:811.6` shows them whole.", "... shows all 5.", or, for more than it shows, "...
    shows the first 8; a sub-rule's number finds fewer." (where the rule has sub-rules)."""
    count = len(view.rulings)
    if count == 1:
        shown = "it whole"
    elif count <= RULINGS_LISTED:
        shown = "them whole"
    elif count <= at_most:
        shown = f"all {count}"
    else:
        shown = f"the first {at_most}" + ("; a sub-rule's number finds fewer" if view.children else "")
    return f"{command} shows {shown}."
