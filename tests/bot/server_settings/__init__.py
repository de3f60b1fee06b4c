"""Tests of /settings."""
