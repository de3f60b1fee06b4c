"""A command's output read by a program that stops early (`python -m cardsdb changes ... | head`)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

CLOSED_PIPE = 141  # what a shell reports for a program ended by SIGPIPE (128 + 13)


def exit_quietly_on_closed_pipe(main: Callable[[], int]) -> int:
    """`main()`'s exit status; when the reader closed standard output, that status quietly, without a traceback.

    Python's own advice (the `signal` module's notes on SIGPIPE): point standard output at /dev/null so that the
    flush at exit does not fail a second time."""
    try:
        status = main()
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return CLOSED_PIPE
