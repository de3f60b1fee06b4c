"""Tests of cardsdb/ (the rule versions at its top level; a folder per part)."""
