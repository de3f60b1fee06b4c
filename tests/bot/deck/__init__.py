"""Tests of /deck."""
