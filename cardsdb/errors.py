"""Exceptions that carry one clear line for the user. The CLI prints the line and exits 2."""

from __future__ import annotations

from collections.abc import Sequence


class CardsDBError(Exception):
    """Base: `str(error)` is the one line shown to the user."""


class DatabaseUnavailable(CardsDBError):
    """The database file is missing, unreadable or not a card database: `problem` says what, `hint` how to rebuild it
    (the bot, which rebuilds it itself, logs the problem alone)."""

    def __init__(self, problem: str, hint: str | None = None) -> None:
        super().__init__(f"{problem}; {hint}" if hint else problem)
        self.problem = problem
        self.hint = hint


class DatabaseDamaged(DatabaseUnavailable):
    """The database file's pages are damaged (SQLite: "database disk image is malformed"): only a rebuild helps."""


class SettingError(CardsDBError):
    """A setting or an option that cannot be used as given (RIFTCODEX_URL without a scheme, RIFTBOUND_DB naming a
    folder): one line naming it, before anything is fetched or built."""


class BuildError(CardsDBError):
    """The input to a build is not what it should be; the previous database is kept."""


class SyncError(CardsDBError):
    """Fetching from the RiftCodex API failed; nothing was changed."""


class NotFound(CardsDBError):
    """Nothing answers the question; `suggestions` are what the user may have meant, named in the line too (card
    names, which may hold commas, are separated by `separator` " · ")."""

    def __init__(self, message: str, suggestions: Sequence[str] = (), *, separator: str = ", ") -> None:
        self.suggestions = tuple(suggestions)
        if self.suggestions:
            message = f"{message} Did you mean: {separator.join(self.suggestions)}?"
        super().__init__(message)


class QuerySyntaxError(CardsDBError):
    """A card search query that cannot be parsed."""


class ScenarioCodeError(CardsDBError):
    """A scenario code that cannot be made or read (not a code, unknown version, damaged, too large)."""


class BadInput(CardsDBError):
    """A value that is not what its field takes (a rules version, a document, a rule number): one line naming it."""
