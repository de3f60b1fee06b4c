"""Tests of the Hidden engine, each named after the rule it proves where there is one."""
