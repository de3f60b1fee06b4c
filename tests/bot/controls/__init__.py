"""Tests of the controls under answers."""
