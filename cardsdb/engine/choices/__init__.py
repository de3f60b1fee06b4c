"""A card's choices as it is played: each choice's legal, excluded and open targets, the targets named, and
whether every required choice can be made."""
