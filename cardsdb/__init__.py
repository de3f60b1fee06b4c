"""Riftbound card and rules database: import, build, query, and the Hidden legality engine."""
