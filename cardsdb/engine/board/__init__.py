"""What the cards in play make of each other: the cards that speak, current Might, who can't be chosen,
where units may be played, what a play costs."""
