"""Tests of the store of settings and button state."""
