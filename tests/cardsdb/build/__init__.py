"""Tests of the build: the pipeline, cards, rules, rulings, sync."""
