"""Errata articles as markdown pages (shared/riftbound-data/rules-2026-07/errata/*.md).

Each file is one official article: `# Title`, `> Source: URL`, then per card `### Card Name`, `[NEW TEXT]`, the text,
`▲`, `[OLD TEXT]`, the text. The pages carry no publication date: it comes from `dates`, the dates other sources give
the same article (by `article_key` of its URL).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cardsdb.build.importers.errata import ErratumEntry, article_key, split_errata
from cardsdb.errors import BuildError

_SOURCE = re.compile(r"^>\s*Source:\s*(\S+)", re.IGNORECASE | re.MULTILINE)
_TITLE = re.compile(r"^##?\s+(.+?)\s*$", re.MULTILINE)


def parse_errata_page(text: str, *, source: str, dates: Mapping[str, str]) -> list[ErratumEntry]:
    """The errata of one page. Raises BuildError when the page holds none (the page's layout may have changed)."""
    found = split_errata(text)
    if not found:
        raise BuildError(f"{source}: no [NEW TEXT] entries found; the page's layout may have changed")
    url_match = _SOURCE.search(text)
    url = url_match.group(1) if url_match else None
    titles = _TITLE.findall(text)
    # "## Vendetta Errata Updates" (the article's own title) after "# Riftbound — Vendetta Errata" (the file's).
    title = next((t for t in titles[1:2]), titles[0] if titles else source)
    key = article_key(url) or source
    return [
        ErratumEntry(
            id=f"{key}-{n:03d}",
            card_name=name,
            new_text=new,
            old_text=old,
            source_id=key,
            source_title=title,
            date=dates.get(key),
            url=url,
        )
        for n, (name, new, old) in enumerate(found, start=1)
    ]
