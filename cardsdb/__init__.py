"""Riftbound card and rules database: import, build, query, and the Hidden legality engine."""


def program_version() -> str:
    """The installed package's version (`--version` of `python -m cardsdb` and `python -m bot`)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("riftbound-rules-bot")
    except PackageNotFoundError:
        return "unknown (not installed)"
