"""Tests of the project's own data."""
