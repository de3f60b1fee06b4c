"""`python -m cardsdb sync`: page through the RiftCodex API's card list, then build.

`GET {base}/cards?page=N&size=100` answers `{"items": [...], "page": N, "pages": P, "size": 100, "total": T}`.
Every page is fetched (with a timeout and a few retries) before anything is written: a failure leaves the previous
database as it was and raises `SyncError` with one line.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardsdb.build.pipeline import BuildReport, build_database
from cardsdb.errors import SyncError

PAGE_SIZE = 100
TIMEOUT_SECONDS = 20.0
RETRIES = 3
BACKOFF_SECONDS = 1.0  # waits 1 s, 2 s, 3 s between attempts
MAX_PAGES = 200  # a guard against an envelope that never ends
USER_AGENT = "riftbound-rules-bot (cardsdb sync)"

Progress = Callable[[str], None]


def _get_json(url: str, *, timeout: float, retries: int, backoff: float) -> object:
    """One GET with retries on network errors and 5xx answers; a 4xx or a body that is not JSON fails at once."""
    last = "no attempt made"
    for attempt in range(retries + 1):
        if attempt:
            time.sleep(backoff * attempt)
        request = urllib.request.Request(
            url, headers={"Accept": "application/json", "User-Agent": USER_AGENT}
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                body = response.read()
        except urllib.error.HTTPError as error:
            last = f"HTTP {error.code} {error.reason}"
            if error.code < 500 and error.code != 429:
                raise SyncError(f"RiftCodex answered {url} with {last}") from None
            continue
        except urllib.error.URLError as error:
            reason = error.reason
            if isinstance(reason, TimeoutError):
                last = f"no answer within {timeout:g} s"
            else:
                last = f"cannot connect ({reason})"
            continue
        except TimeoutError:
            last = f"no answer within {timeout:g} s"
            continue
        except OSError as error:
            last = f"connection failed ({error})"
            continue
        try:
            return json.loads(body)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise SyncError(f"RiftCodex sent a page that is not valid JSON ({url}: {error})") from None
    raise SyncError(f"RiftCodex is unavailable at {url}: {last} (after {retries + 1} attempts)")


def fetch_cards(
    base: str,
    *,
    timeout: float = TIMEOUT_SECONDS,
    retries: int = RETRIES,
    backoff: float = 1.0,
    progress: Progress | None = None,
) -> list[dict[str, Any]]:
    """Every card item of every page, in order. Raises SyncError on a failure or an envelope that changed."""
    say: Progress = progress or (lambda _message: None)
    items: list[dict[str, Any]] = []
    page, pages = 1, 1
    while page <= pages:
        url = f"{base.rstrip('/')}/cards?page={page}&size={PAGE_SIZE}"
        envelope = _get_json(url, timeout=timeout, retries=retries, backoff=backoff)
        if not isinstance(envelope, dict) or not isinstance(envelope.get("items"), list):
            raise SyncError(f"RiftCodex page {page} has no 'items' list; the API format may have changed")
        total_pages = envelope.get("pages")
        if not isinstance(total_pages, int) or isinstance(total_pages, bool) or total_pages < 0:
            raise SyncError(
                f"RiftCodex page {page} has no page count ('pages'); the API format may have changed"
            )
        pages = min(total_pages, MAX_PAGES)
        for item in envelope["items"]:
            if not isinstance(item, dict):
                raise SyncError(f"RiftCodex page {page} holds an item that is not an object")
            items.append(item)
        say(f"page {page}/{max(pages, 1)}: {len(items)} cards")
        page += 1
    if not items:
        raise SyncError(f"RiftCodex at {base} returned no cards")
    total = envelope.get("total") if isinstance(envelope, dict) else None
    if isinstance(total, int) and total != len(items):
        say(f"note: the API announced {total} cards and sent {len(items)}")
    return items


def sync_database(
    base: str,
    target: Path,
    *,
    source: Path | None = None,
    timeout: float = TIMEOUT_SECONDS,
    retries: int = RETRIES,
    backoff: float = 1.0,
    progress: Progress | None = None,
    record: bool = True,
    meanings_cache: Path | None = None,
) -> BuildReport:
    """Fetch every card, then build `target` from them (plus rules and FAQs from `source` when given);
    `meanings_cache` as `build_database`'s."""
    if source is not None and not source.is_dir():  # before fetching: a typo should not cost the download
        raise SyncError(f"the data folder {source} does not exist")
    items = fetch_cards(base, timeout=timeout, retries=retries, backoff=backoff, progress=progress)
    label = f"riftcodex:{base}" + (f" + files:{source}" if source else "")
    return build_database(
        source,
        target,
        card_items=items,
        progress=progress,
        source_label=label,
        riftcodex_url=base,
        record=record,
        meanings_cache=meanings_cache,
    )
