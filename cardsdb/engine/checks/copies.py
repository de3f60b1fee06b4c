"""Several facedown copies the question may mean: the play is legal if any copy can be played; the answer names that
copy and says why the others can't (docs/scenario-format.md)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from cardsdb.engine.position.objects import FacedownCard
from cardsdb.engine.verdict.answer import Answer, Copy

_RANK = {True: 0, None: 1, False: 2}


def copy_name(copy: FacedownCard, copies: Sequence[FacedownCard]) -> str:
    """How the JSON names one copy among others (`copy`): by its id, else by whose it is, when and where it was hidden."""
    return _Naming(copies).name(copy)


def copy_words(copy: FacedownCard, copies: Sequence[FacedownCard]) -> str:
    """How players read one copy among others: "the copy hidden on turn 2"; its id only where two copies are alike."""
    return _Naming(copies).words(copy)


class _Naming:
    """How several copies are told apart, worked out once for all of them: linear in the copies (naming each copy
    against every other, as before, was cubic: 700 copies took seconds)."""

    def __init__(self, copies: Sequence[FacedownCard]) -> None:
        self.many_places = _many_places(copies)
        self.alike = Counter(_described(c, self.many_places, "the copy") for c in copies)

    def words(self, copy: FacedownCard) -> str:
        words = _described(copy, self.many_places, "the copy")
        return f"{words} ({copy.id})" if self.alike[words] > 1 and copy.id is not None else words

    def name(self, copy: FacedownCard) -> str:
        if copy.id is not None:
            return f"copy {copy.id}"
        return _described(copy, self.many_places, "copy")


def _many_places(copies: Sequence[FacedownCard]) -> bool:
    return len({c.location for c in copies}) > 1


def _described(copy: FacedownCard, many_places: bool, mine: str) -> str:
    whose = "your opponent's copy" if copy.owner != "me" else mine
    when = (
        f"hidden on turn {copy.hidden_turn}" if copy.hidden_turn is not None else "hidden on an earlier turn"
    )
    where = f" at {copy.location}" if many_places else ""
    return f"{whose} {when}{where}"


def choose_copy(answers: Sequence[tuple[FacedownCard, Answer]]) -> Answer:
    """The answer about the copy that can be played (else one that may be, else the first), naming the others."""
    if len(answers) == 1:
        return answers[0][1]
    naming = _Naming([fd for fd, _ in answers])
    best_fd, best = min(answers, key=lambda pair: _RANK[pair[1].legal])
    others = tuple(
        Copy(
            naming.name(fd),
            fd.location,
            answer.legal,
            answer.reasons or answer.undecided,
            words=naming.words(fd),
        )
        for fd, answer in answers
        if fd is not best_fd
    )
    words = naming.words(best_fd)
    return replace(best, action=f"{best.action} ({words})", copy=naming.name(best_fd), other_copies=others)
