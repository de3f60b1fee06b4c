"""Where the tests find the repository, their own fixture files, and the shared data beside the clone."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the repository
TESTS = ROOT / "tests"
FIXTURES = TESTS / "fixtures"  # the question sets, and data/: a small data folder laid out like the real one
FIXTURE_DATA = FIXTURES / "data"
SCENARIOS = TESTS / "scenarios"  # the judges' regression scenarios
SHARED = ROOT.parent / "shared"  # beside the clone, never committed: ../shared
SHARED_DATA = SHARED / "riftbound-data"
SEEDS = SHARED / "seeds"
