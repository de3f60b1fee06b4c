"""The questions players ask (cardsdb/project/data/asked/), kept by the project: `files` writes them one file a
document's section, `guard` counts (and with `--remove` takes out) the indexed questions that ask a measured question
in other words; `cli` is `python -m tools.asked`."""
