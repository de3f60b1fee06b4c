"""Which reader compiled a stored reading: a digest of the reading package's source. The build records it with the
readings it stores; the query layer hands the engine a stored reading only when it was compiled by this reader, and
compiles the card again otherwise, so that a database built before a change to the reader is never read wrongly."""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def reader_version() -> str:
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
