"""Tests of the query layer."""
