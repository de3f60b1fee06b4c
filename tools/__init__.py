"""Tools for working on the project, run from a checkout (not shipped in the package): the benchmark, and the docs'
figures kept as their commands print them (`generated`)."""
