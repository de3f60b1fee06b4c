"""Tools for working on the project, run from a checkout (not shipped in the package): the benchmark."""
