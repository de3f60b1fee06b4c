"""Meta-tests that hold the shape of the code: layout, imports, function length, the tests' own conventions."""
