"""The benchmark: how fast the bot answers beside naive baselines measured in the same run (medians and p99), and
how cost grows with the card pool and the engine's positions. `run` measures, `growth` the larger pools, `measure`
times calls, `typos` is the generated typo set that scores fuzzy lookups; `cli` is `python -m tools.bench`."""
