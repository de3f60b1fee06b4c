"""Tests of the bot, end to end through the interaction harness where they can be."""
