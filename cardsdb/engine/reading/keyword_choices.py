"""The choices a keyword makes when its card is played, as the rules define the keyword: Quick-Draw is "[Reaction]"
and "When you play this, attach it to a unit you control" (v1.4 819.1.d); Weaponmaster is "When you play me, you
may choose a card you control with the Equipment tag ... to attach it to this unit" (v1.4 821.1.c). A printed
keyword's choices are part of the card's reading; a keyword another card gives is added when the card is played
(`checks/play.py`), from the same table.
"""

from __future__ import annotations

from dataclasses import replace

from cardsdb.engine.reading.constraints import Tagged
from cardsdb.engine.reading.specs import CardChoices, ChoiceSpec, PlayTrigger, accelerate_cost

_QUICK_DRAW = ChoiceSpec(
    phrase="a unit you control to attach it to (Quick-Draw)",
    what="unit",
    whose="friendly",
    purpose="play_effect",
    trigger=PlayTrigger(),
)
_WEAPONMASTER = ChoiceSpec(
    phrase="an Equipment you control to attach to it (Weaponmaster)",
    what="gear",
    whose="friendly",
    optional=True,
    filters=(Tagged(("Equipment",)),),
    purpose="play_effect",
    trigger=PlayTrigger(),
)
KEYWORD_CHOICES: dict[str, ChoiceSpec] = {"quick-draw": _QUICK_DRAW, "weaponmaster": _WEAPONMASTER}
_PAYMENTS = {"weaponmaster": "its Equip cost, less [A], to attach that Equipment (Weaponmaster)"}


def with_keyword_choices(
    choices: CardChoices, keywords: frozenset[str], kinds: tuple[str, ...], domains: tuple[str, ...] = ()
) -> CardChoices:
    """The card's choices with those its keywords make (a gear's Quick-Draw, a unit's Weaponmaster), each once; and
    Accelerate's optional additional cost (v1.4 805) for a unit that has it."""
    if (
        "accelerate" in keywords
        and "Unit" in kinds
        and not any(c.keyword == "Accelerate" for c in choices.costs)
    ):
        choices = replace(choices, costs=(*choices.costs, accelerate_cost(domains)))
    added = tuple(
        spec
        for name, spec in KEYWORD_CHOICES.items()
        if name in keywords
        and ("Gear" if name == "quick-draw" else "Unit") in kinds
        and spec not in choices.choices
        and not (name == "quick-draw" and choices.attaches_on_play)
    )
    if not added:
        return choices
    payments = tuple(_PAYMENTS[n] for n in KEYWORD_CHOICES if n in keywords and n in _PAYMENTS)
    return replace(
        choices,
        choices=(*choices.choices, *added),
        effect_payments=(
            *choices.effect_payments,
            *(p for p in payments if p not in choices.effect_payments),
        ),
        attaches_on_play=choices.attaches_on_play or _QUICK_DRAW in added,
    )
