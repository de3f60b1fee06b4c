"""Tests of the command lines of python -m cardsdb."""
