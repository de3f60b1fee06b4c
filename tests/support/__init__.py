"""What the tests share besides fixtures: hand-made cards and databases, the harness helpers, paths."""
