"""Tests of the importers, one per source format."""
