"""Tests of the developer tools (the benchmark)."""
