"""The bot's one log format: every line of a running bot (its own, discord.py's, the store's) goes through `logging`,
with its time and level, as text or, with `RIFTBOUND_LOG_FORMAT=json`, one JSON object a line for log collectors.
`RIFTBOUND_LOG_LEVEL` (debug, info, warning, error; default info) sets how much is said."""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TextIO

LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}
FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


@dataclass(frozen=True)
class LogSettings:
    level: str = "info"
    format: str = "text"


def parse_log_settings(env: Mapping[str, str]) -> LogSettings:
    """RIFTBOUND_LOG_LEVEL and RIFTBOUND_LOG_FORMAT; raises ValueError (one line) for a value not listed."""
    level = (env.get("RIFTBOUND_LOG_LEVEL") or "info").strip().casefold()
    if level not in LEVELS:
        raise ValueError(f"RIFTBOUND_LOG_LEVEL must be one of {', '.join(LEVELS)}, not {level[:20]!r}")
    form = (env.get("RIFTBOUND_LOG_FORMAT") or "text").strip().casefold()
    if form not in FORMATS:
        raise ValueError(f"RIFTBOUND_LOG_FORMAT must be text or json, not {form[:20]!r}")
    return LogSettings(level=level, format=form)


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC, ISO 8601), level, logger, message, and the traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


class _StandardError(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever `sys.stderr` is when a line is logged (a test's capture, then the terminal again)."""

    def __init__(self) -> None:
        super().__init__()

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _value: TextIO) -> None:
        pass


def configure_logging(settings: LogSettings) -> None:
    """The root logger's one handler, on standard error (replacing any earlier one, so a restart does not double
    every line)."""
    handler = _StandardError()
    handler.setFormatter(JsonFormatter() if settings.format == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        if getattr(old, "riftbound", False):
            root.removeHandler(old)
    handler.riftbound = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(LEVELS[settings.level])
