"""How current the card data is: what a database lacks.

The build records in the meta table what the card data lacks (`lacks`: "gallery", "errata", "ban_lists"); a database
made by `sync` alone lacks all three. The CLI and the bot word it alike (`cardsdb/cli/currency_words.py`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping


def lacks(meta: Mapping[str, str]) -> tuple[str, ...]:
    try:
        found = json.loads(meta.get("lacks") or "[]")
    except ValueError:
        return ()
    return tuple(str(x) for x in found) if isinstance(found, list) else ()
