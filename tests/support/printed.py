"""What the real data's files print, read apart from the build (simple reads of the JSON), for tests that check the
build's counts by other means."""

from __future__ import annotations

import json
import re
from pathlib import Path

HIDDEN_LINE = re.compile(r"(?m)^(\[Hidden\]|Hidden \()")  # Windsinger prints it without brackets
CATALOG = Path("radiance-2026-10") / "card-catalog-excerpt.json"


def printed_with_hidden(data: Path) -> set[str]:
    """The names with a line of text that opens with Hidden: in the 2026-07 gallery (which holds every card of the
    2026-03 data and Vendetta's: 39) and in the Radiance card catalog (3)."""
    rows = json.loads((data / "gallery-2026-07" / "cards.json").read_text(encoding="utf-8"))["cards"]
    catalog = json.loads((data / CATALOG).read_text(encoding="utf-8"))
    texts = [(r["name"], r["text"]) for r in rows] + [(e["name"], e["abilities"]) for e in catalog]
    return {name for name, text in texts if HIDDEN_LINE.search(text or "")}
