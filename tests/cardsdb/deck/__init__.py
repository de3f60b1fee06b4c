"""Tests of the deck check, each named after the rule it proves where there is one."""
