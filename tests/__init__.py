"""The tests, in folders that mirror the packages they test; shared typed fixtures in conftest.py, helpers in support/."""
