"""How an answer names what it speaks of: a target as typed data, with the label the JSON gives it and its words.

The JSON names a unit or gear `NAME@PLACE`, NAME being its id where the scenario gives one (`your-unit@Your
Battlefield`, `Shipyard Skulker@me.base`): a contract for scripts, kept as it is. Players read the card's name and
where it is: "Shipyard Skulker at Your Battlefield", "Shipyard Skulker in your base"; an opponent's unit or gear away
from its base is marked "(enemy)"; the id is shown only to tell apart two of one card, one controller, one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

TargetKind = Literal["unit", "gear", "battlefield", "card", "chain", "legend"]
_PLACES = {
    "me.base": "in your base",
    "opp.base": "in your opponent's base",
    "me.hand": "in your hand",
    "opp.hand": "in your opponent's hand",
    "me.trash": "in your trash",
    "opp.trash": "in your opponent's trash",
    "chain": "on the chain",
    "me.legend": "(your legend)",
    "opp.legend": "(your opponent's legend)",
}


def place_words(place: str) -> str:
    """ "at Your Battlefield", "in your base", "in your opponent's hand"."""
    return _PLACES.get(place, f"at {place}")


@dataclass(frozen=True)
class Target:
    """Something a choice may choose: a unit or gear on the board, a battlefield, or a card in a hand.

    `label` is the JSON's name for it; `place` a battlefield's label, `me.base`, `opp.base`, `me.hand` or `opp.hand`
    (a battlefield's place is itself); `twin`: another object of the same card, controller and place exists, so the
    words add its id.
    """

    label: str
    kind: TargetKind
    place: str
    card: str | None = None
    controller: Literal["me", "opp"] | None = None
    id: str | None = None
    twin: bool = False

    @property
    def words(self) -> str:
        """The target as players read it: "Vanguard Sergeant (enemy) at Your Battlefield", "Bandle Tree"."""
        if self.kind == "battlefield":
            return self.label
        marks: list[str] = []
        if self.kind == "chain" and self.controller is not None:
            marks.append("yours" if self.controller == "me" else "your opponent's")
        if self.kind in ("unit", "gear") and self.controller == "opp" and self.place != "opp.base":
            marks.append("enemy")
        if self.twin and self.id:
            marks.append(self.id)
        mark = f" ({', '.join(marks)})" if marks else ""
        return f"{self.card or self.label}{mark} {place_words(self.place)}"


def words_list(targets: tuple[Target, ...] | list[Target], *, conjunction: str = "and") -> str:
    """ "A", "A and B", "A, B and C"."""
    names = [t.words for t in targets]
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"
