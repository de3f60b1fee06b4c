"""The position a scenario describes: its text read safely (bounds, fields, validation), the board as plain
objects, the ask, and the scenario code."""
