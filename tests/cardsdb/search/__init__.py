"""Tests of what is matched in memory: names, the search syntax and index, words ranked as a question."""
