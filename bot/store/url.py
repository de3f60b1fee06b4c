"""`DATABASE_URL`, read without ever showing its password: checked at start (one line naming the fix, never a
traceback) and described for logs as `postgresql://host:port/database`.

The password must be percent-encoded where it holds a character that ends a URL's part (`@` is `%40`, `#` `%23`,
`/` `%2F`, `?` `%3F`, `:` `%3A`, `%` `%25`): `postgresql://bot:p%40ss@db.example:5432/riftbound`. A URL whose parts
cannot be told apart is refused at start rather than guessed (a guess could send the password as a host name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

SCHEMES = ("postgresql", "postgres")
PERCENT_ENCODING = (
    "percent-encode the user name and password (@ is %40, # is %23, / is %2F, ? is %3F, : is %3A, % is %25)"
)
SSLMODES = ("disable", "allow", "prefer", "require", "verify-ca", "verify-full")
_HOST = re.compile(r"^(?:[A-Za-z0-9._-]+|[0-9A-Fa-f:.]+)$")


class DatabaseURLError(ValueError):
    """A DATABASE_URL that cannot be used; `str()` is one line that never holds any part of the password."""


@dataclass(frozen=True)
class DatabaseURL:
    scheme: str
    host: str
    port: int | None
    database: str

    def describe(self) -> str:
        """For logs: no user, no password."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        port = f":{self.port}" if self.port else ""
        return f"{self.scheme}://{host}{port}/{self.database}"


def parse_database_url(value: str) -> DatabaseURL:
    """The parts of a PostgreSQL URL that logs may show; raises DatabaseURLError (one line, no secret) when the URL
    cannot be read unambiguously."""
    scheme, sep, rest = value.strip().partition("://")
    if not sep or scheme not in SCHEMES:
        raise DatabaseURLError(
            "DATABASE_URL must be a PostgreSQL URL like postgresql://user:password@host:5432/dbname "
            "(leave it unset to keep settings in the SQLite file RIFTBOUND_SETTINGS_DB)"
        )
    if rest.count("@") > 1 or "#" in rest:
        raise DatabaseURLError(f"DATABASE_URL cannot be read: {PERCENT_ENCODING}")
    try:
        parts = urlsplit(value.strip())
        port = parts.port
    except ValueError:
        raise DatabaseURLError(
            f"DATABASE_URL's port must be a number from 1 to 65535 (like :5432); if the password holds a colon, "
            f"{PERCENT_ENCODING}"
        ) from None
    sslmode = parse_qs(parts.query).get("sslmode", [None])[0]
    if sslmode is not None and sslmode not in SSLMODES:
        raise DatabaseURLError(
            f"DATABASE_URL's sslmode must be one of {', '.join(SSLMODES)}, not {sslmode[:20]!r}"
        )
    database = unquote(parts.path.lstrip("/"))  # none: PostgreSQL's default, the user's name
    # What follows the last "@" (or the scheme) up to the path or query: the host as written.
    written = rest.rsplit("@", 1)[-1].split("/", 1)[0].split("?", 1)[0]
    written_host = (written.rsplit(":", 1)[0] if port else written).strip("[]")
    host = parts.hostname or ""
    if not written and not host and not port:  # libpq's ?host=/run/postgresql: a Unix socket's folder
        socket = parse_qs(parts.query).get("host", [""])[0]
        if socket:
            return DatabaseURL(scheme=scheme, host=socket, port=None, database=database)
    if not host or not _HOST.match(written_host) or written_host.casefold() != host.casefold():
        # the host a URL parser reads is not what follows the last "@": a password holding / ? or :
        raise DatabaseURLError(
            f"DATABASE_URL cannot be read (like postgresql://user:password@host:5432/dbname): {PERCENT_ENCODING}"
        )
    return DatabaseURL(scheme=scheme, host=host, port=port, database=database)


def describe_database_url(value: str) -> str:
    """`postgresql://host:5432/db` for logs, or a placeholder when the URL cannot be read: never its password."""
    try:
        return parse_database_url(value).describe()
    except DatabaseURLError:
        return "PostgreSQL (DATABASE_URL, unreadable)"
