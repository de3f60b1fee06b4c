"""What an answer is made of: checks, choices, effects, undecided items, their codes, the rules they cite
and how they name what they speak of."""
