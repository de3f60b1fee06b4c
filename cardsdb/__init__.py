"""Riftbound card and rules database: import, build, query, and the Hidden legality engine."""

import os

# numpy's OpenBLAS starts a thread per core that spins while it waits: a question's small products (a few
# milliseconds) gain nothing from them, and the bot's answers and the other work on a small machine lose the cores
# (a word question took 430 ms of CPU with two such threads, 17 ms with one). One thread unless the environment says
# otherwise; read when numpy is first imported, which cardsdb does only below this package.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def program_version() -> str:
    """The installed package's version (`--version` of `python -m cardsdb` and `python -m bot`)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("riftbound-rules-bot")
    except PackageNotFoundError:
        return "unknown (not installed)"
