"""A tiny in-memory CardSource for engine tests: a few real cards' text, copied by hand from the card data."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.reading.compile import compile_reading
from cardsdb.models import Card, KeywordValue
from cardsdb.names import normalize, slug

H = "[Hidden] (Hide now for :rb_rune_rainbow: to react with later for :rb_energy_0:.)"
ACTION = "[Action] (Play on your turn or in showdowns.)"
REACTION = "[Reaction] (Play any time, even before spells and abilities resolve.)"


def _card(
    name: str,
    types: tuple[str, ...],
    text: str,
    *,
    energy: int | None = None,
    power: int | None = None,
    might: int | None = None,
    keywords: tuple[str, ...] = (),
    domains: tuple[str, ...] = (),
    supertypes: tuple[str, ...] = (),
    partial: bool = False,
) -> Card:
    kws = tuple(KeywordValue(*k.split(" ", 1)) if " " in k else KeywordValue(k) for k in keywords)
    return Card(
        id=slug(name),
        name=name,
        types=types,
        supertypes=supertypes,
        domains=domains,
        energy=energy,
        power=power,
        might=might,
        keywords=kws,
        text=text,
        text_raw=text,
        partial=partial,
    )


CARDS: tuple[Card, ...] = (
    _card(
        "Hidden Blade",
        ("Spell",),
        f"{H}\n{ACTION}\nKill a unit at a battlefield. Its controller draws 2.",
        energy=2,
        keywords=("Hidden", "Action"),
        domains=("Order",),
    ),
    _card(
        "Tideturner",
        ("Unit",),
        f"{H}\nWhen you play me, you may choose a unit you control at another location. "
        "Move me to its location and it to my original location.",
        energy=2,
        might=2,
        keywords=("Hidden",),
        domains=("Chaos",),
    ),
    _card(
        "Smoke and Mirrors",
        ("Spell",),
        f"{H}\n{ACTION}\nChoose a unit you control and another unit you control at a "
        "different location. If at least one of them has [Temporary], move each to the other's location. Draw 1.",
        energy=2,
        keywords=("Hidden", "Action"),
        domains=("Mind",),
    ),
    _card(
        "Stand United",
        ("Spell",),
        f"{H}\n{ACTION}\nBuff a friendly unit. Buffs give an additional +1 :rb_might: to "
        "friendly units this turn. (To buff a unit, give it a +1 :rb_might: buff if it doesn't already have one.)",
        energy=3,
        keywords=("Hidden", "Action"),
        domains=("Calm",),
    ),
    _card(
        "Windsinger",
        ("Unit",),
        "Hidden (Hide now for :rb_rune_rainbow: to react with later for :rb_energy_0:.)\n"
        "When you play me, you may return another unit at a battlefield with 3 :rb_might: or less to its owner's hand.",
        energy=2,
        might=1,
        domains=("Chaos",),
    ),
    _card(
        "Edge of Night",
        ("Gear",),
        f"{H}\nWhen you play this from face down, attach it to a unit you control (here).\n"
        "[Equip] :rb_rune_chaos: (:rb_rune_chaos:: Attach this to a unit you control.)",
        energy=3,
        keywords=("Hidden", "Equip"),
        domains=("Chaos",),
    ),
    _card(
        "Zhonya's Hourglass",
        ("Gear",),
        f"{H}\nIf a friendly unit would die, kill this instead. Heal that unit, exhaust "
        "it, and recall it. (Send it to base. This isn't a move.)",
        energy=2,
        keywords=("Hidden",),
        domains=("Calm",),
    ),
    _card(
        "Pouty Poro",
        ("Unit",),
        "[Deflect] (Opponents must pay :rb_rune_rainbow: to choose me with a spell or ability.)",
        energy=2,
        might=2,
        keywords=("Deflect",),
        domains=("Fury",),
    ),
    _card("Bandle Tree", ("Battlefield",), "You may hide an additional card here."),
    _card(
        "Targon's Peak",
        ("Battlefield",),
        "When you conquer here, ready up to 2 runes at the end of this turn.",
    ),
    _card("Vanguard Sergeant", ("Unit",), "", energy=4, might=4, domains=("Order",)),
    _card("Shipyard Skulker", ("Unit",), "", energy=3, might=3, domains=("Chaos",)),
    _card(
        "Sprite",
        ("Unit",),
        "[Temporary] (Kill me at the start of your Beginning Phase, before scoring.)",
        might=3,
        keywords=("Temporary",),
        supertypes=("Token",),
    ),
    _card(
        "Sprite Call",
        ("Spell",),
        f"{H}\n{ACTION}\nPlay a ready 3 :rb_might: Sprite unit token with [Temporary]. "
        "(Kill it at the start of its controller's Beginning Phase, before scoring.)",
        energy=3,
        keywords=("Hidden", "Action"),
        domains=("Mind",),
    ),
    _card(
        "Here to Help",
        ("Spell",),
        f"{H}\n{ACTION}\nYou may play a unit from hand to a battlefield you control, "
        "reducing its cost by :rb_energy_3:.",
        energy=2,
        keywords=("Hidden", "Action"),
        domains=("Body",),
    ),
    _card(
        "Blastcone Fae",
        ("Unit",),
        f"{H}\nWhen you play me, give a unit -2 :rb_might: this turn, to a minimum of 1 :rb_might:.",
        energy=2,
        might=2,
        keywords=("Hidden",),
        domains=("Mind",),
    ),
    _card(
        "Evelynn, Entrancing",
        ("Unit",),
        f"{H}\n[Backline] (I must be assigned combat damage last.)\nWhen you play me "
        "from face down on your turn, you may move an enemy unit at a different location to my battlefield.",
        energy=2,
        might=2,
        keywords=("Hidden", "Backline"),
        domains=("Chaos",),
        supertypes=("Champion",),
    ),
    _card(
        "Pyke, Dockside Butcher",
        ("Unit",),
        f"{H}\n[Ganking] (I can move from battlefield to battlefield.)\nYou may pay "
        ":rb_rune_fury: as an additional cost to play me.\nWhen you play me, if you paid the additional cost, ready me and "
        "give me +2 :rb_might: this turn.",
        energy=3,
        might=2,
        keywords=("Hidden", "Ganking"),
        domains=("Fury",),
        supertypes=("Champion",),
    ),
    _card(
        "Back Off",
        ("Spell",),
        f"{H}\n{ACTION}\n[Stun] a unit. (It doesn't deal combat damage this turn.)\nIf you played "
        "this from your hand, draw 1.",
        energy=3,
        keywords=("Hidden", "Action"),
        domains=("Calm",),
    ),
    _card(
        "Facebreaker",
        ("Spell",),
        f"{H}\n{ACTION}\nStun a friendly unit and an enemy unit at the same battlefield. (They "
        "don't deal combat damage this turn.)",
        energy=2,
        keywords=("Hidden", "Action"),
        domains=("Order",),
    ),
    _card(
        "Consult the Past",
        ("Spell",),
        f"{H}\n{REACTION}\nDraw 2.",
        energy=4,
        keywords=("Hidden", "Reaction"),
        domains=("Mind",),
    ),
    _card(
        "Swift Scout",
        ("Legend",),
        "You may pay :rb_energy_1: to hide a card with [Hidden] instead of :rb_rune_rainbow:.\n"
        ":rb_energy_1:, :rb_exhaust:: Put a Teemo unit you own into your hand from your Champion Zone or the board.",
        domains=("Mind", "Chaos"),
    ),
    _card(
        "Guerilla Warfare",
        ("Spell",),
        "Return up to two cards with [Hidden] from your trash to your hand. You can hide "
        "cards ignoring costs this turn.",
        energy=2,
        domains=("Mind", "Chaos"),
        supertypes=("Signature",),
    ),
    _card(
        "Cleave",
        ("Spell",),
        f"{ACTION}\nGive a unit [Assault 3] this turn. (+3 :rb_might: while it's an attacker.)",
        energy=1,
        keywords=("Action",),
        domains=("Fury",),
    ),
    _card(
        "Elnuk Herd",
        ("Unit",),
        f"{H}\nWhen you play me, give a friendly unit +3 :rb_might: this turn.",
        keywords=("Hidden",),
        partial=True,
    ),
    _card("Mystery Beast", ("Unit",), "", keywords=("Hidden",), partial=True),
)


# Not in CARDS (the sweeps over CARDS predate it): its unit is played by the opponent, at the battlefield it chose.
# A Hidden unit whose play trigger may find nothing (only an enemy unit here will do).
MISCHIEVOUS_MARAI = _card(
    "Mischievous Marai",
    ("Unit",),
    f"{H}\nWhen you play me to a battlefield, deal 2 to an enemy unit here.",
    energy=2,
    might=2,
    keywords=("Hidden",),
    domains=("Fury",),
)

BONE_SKEWER = Card(
    id="bone-skewer",
    name="Bone Skewer",
    types=("Spell",),
    keywords=(KeywordValue("Hidden"),),
    text="[Hidden] (Hide now for any power to react with later for 0 energy.)\nChoose a battlefield. An opponent "
    "reveals their hand. You may choose a unit from it. They play that unit to that battlefield, ignoring any "
    "and all costs. When they do, [Stun] it.",
)


# The Vendetta cards with Hidden (set VEN), their newest wording (the 2026-07 gallery), copied by hand.
VENDETTA: tuple[Card, ...] = (
    _card(
        "Disciple of Shen",
        ("Unit",),
        f"{H}\nI have [Shield 3] while I'm at a battlefield with exactly one other unit you control. "
        "(+3 :rb_might: while I'm a defender.)",
        energy=2,
        might=1,
        keywords=("Hidden",),
        domains=("Order",),
    ),
    _card(
        "Kennen, Keeper of Balance",
        ("Unit",),
        f"{H}\nWhen you play me or I attack, you may pay :rb_energy_2: to [Stun] a unit. (It doesn't deal combat "
        "damage this turn.)\nWhile there's a stunned enemy unit here, I have +2 :rb_might:.",
        energy=3,
        might=2,
        keywords=("Hidden",),
        domains=("Order",),
        supertypes=("Champion",),
    ),
    _card(
        "Resonating Strike",
        ("Spell",),
        f"{H}\n[Reaction] (Play on your turn or in showdowns.)\nChoose a battlefield you control and a unit you "
        "control at a different location. Move that unit to that battlefield and give it +2 :rb_might: this turn.",
        energy=2,
        power=1,
        keywords=("Hidden", "Reaction"),
        domains=("Calm",),
    ),
    _card(
        "Spiderling",
        ("Unit",),
        f"{H}\nI have +1 :rb_might: for each other unit you control here with my name.\nYour deck can have any "
        "number of cards named Spiderling.",
        energy=3,
        might=1,
        keywords=("Hidden",),
        domains=("Chaos",),
    ),
    _card(
        "Temporal Breach",
        ("Spell",),
        f"{H}\nBanish a unit, then its owner plays it to the same location, ignoring its cost.",
        energy=2,
        power=1,
        keywords=("Hidden",),
        domains=("Mind",),
    ),
    _card(
        "Tornado Warrior",
        ("Unit",),
        f"{H}\nWhen you play me from face down, you may empower something here. Disempower it at end of turn.",
        energy=3,
        might=3,
        keywords=("Hidden",),
        domains=("Chaos",),
    ),
)


class MemoryCards:
    """CardSource over a fixed list of cards."""

    def __init__(self, cards: Sequence[Card] = CARDS) -> None:
        self.by_name = {normalize(c.name): c for c in cards}

    def get_card(self, name: str) -> Card | None:
        return self.by_name.get(normalize(name))

    def reading(self, card: Card) -> CardReading:
        """The card's reading, compiled here (the build compiles and stores the real cards')."""
        return compile_reading(card)

    def suggest_cards(self, name: str, limit: int = 3) -> list[str]:
        names = {normalize(c.name): c.name for c in self.by_name.values()}
        return [
            names[n] for n in difflib.get_close_matches(normalize(name), list(names), n=limit, cutoff=0.5)
        ]
