"""Several facedown copies the question may mean: the play is legal if any copy can be played; the answer names that
copy and says why the others can't (docs/scenario-format.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardsdb.engine.position import FacedownCard
from cardsdb.engine.verdict import Answer, Copy

_RANK = {True: 0, None: 1, False: 2}


def copy_name(copy: FacedownCard, copies: Sequence[FacedownCard]) -> str:
    """How the JSON names one copy among others (`copy`): by its id, else by whose it is, when and where it was hidden."""
    if copy.id is not None:
        return f"copy {copy.id}"
    return _described(copy, copies, "copy")


def copy_words(copy: FacedownCard, copies: Sequence[FacedownCard]) -> str:
    """How players read one copy among others: "the copy hidden on turn 2"; its id only where two copies are alike."""
    words = _described(copy, copies, "the copy")
    alike = [c for c in copies if c is not copy and _described(c, copies, "the copy") == words]
    return f"{words} ({copy.id})" if alike and copy.id is not None else words


def _described(copy: FacedownCard, copies: Sequence[FacedownCard], mine: str) -> str:
    whose = "your opponent's copy" if copy.owner != "me" else mine
    when = (
        f"hidden on turn {copy.hidden_turn}" if copy.hidden_turn is not None else "hidden on an earlier turn"
    )
    where = f" at {copy.location}" if len({c.location for c in copies}) > 1 else ""
    return f"{whose} {when}{where}"


def choose_copy(answers: Sequence[tuple[FacedownCard, Answer]]) -> Answer:
    """The answer about the copy that can be played (else one that may be, else the first), naming the others."""
    if len(answers) == 1:
        return answers[0][1]
    copies = [fd for fd, _ in answers]
    best_fd, best = min(answers, key=lambda pair: _RANK[pair[1].legal])
    others = tuple(
        Copy(
            copy_name(fd, copies),
            fd.location,
            answer.legal,
            answer.reasons or answer.undecided,
            words=copy_words(fd, copies),
        )
        for fd, answer in answers
        if fd is not best_fd
    )
    words = copy_words(best_fd, copies)
    return replace(
        best, action=f"{best.action} ({words})", copy=copy_name(best_fd, copies), other_copies=others
    )
