"""A legal Constructed deck of real cards (Jinx, Loose Cannon), for the tests over the real data, and the same deck
with four problems (`BAD`: a banned card, 11 runes, one of them off the legend's domains, 2 battlefields)."""

from __future__ import annotations

JINX = """Legend:
Jinx, Loose Cannon

Champion:
Jinx, Rebel

Main Deck:
2 Jinx, Rebel
3 Jinx, Demolitionist
3 Get Excited!
3 Super Mega Death Rocket!
3 Abandon
3 Against the Odds
3 Ancient Warmonger
3 Angle Shot
3 Arena Kingpin
3 Armed Assailant
3 Assembly Rig
3 Baccai Reaper
3 Blade Twirler
1 Cleave

Battlefields:
Zaun Warrens
Grove of the God-Willow
Monastery of Hirana

Runes:
6 Fury Rune
6 Chaos Rune
"""

BAD = (
    JINX.replace("1 Cleave", "1 Called Shot")
    .replace("6 Chaos Rune", "5 Order Rune")
    .replace("Monastery of Hirana\n", "")
)
