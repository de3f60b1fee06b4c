"""Tests of what every answer is made of."""
