"""`cardsdb sync` against a loopback RiftCodex server (127.0.0.1, http.server in a thread)."""

from __future__ import annotations

import json
import re
import socket
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from cardsdb.build.pipeline import build_database
from cardsdb.build.sync import fetch_cards, sync_database
from cardsdb.cli.main import main as cardsdb_main
from cardsdb.errors import CardsDBError, SyncError
from cardsdb.models import CURRENT_RULES_VERSION
from cardsdb.query import CardsDB
from tests.support.paths import FIXTURE_DATA

FIXTURE = FIXTURE_DATA
# A generous bound on each request (a loopback server on a loaded machine may take seconds); the one test of a slow
# upstream sets its own short timeout against a server that waits far longer.
FAST: dict[str, Any] = {"timeout": 30.0, "retries": 1, "backoff": 0.01}


@dataclass
class Upstream:
    items: list[dict[str, Any]]
    size: int = 3
    malformed_page: int | None = None
    slow_seconds: float = 0.0
    requests: list[str] = field(default_factory=list)


class _Handler(BaseHTTPRequestHandler):
    upstream: Upstream

    def log_message(self, format: str, *args: object) -> None:  # keep test output quiet
        pass

    def do_GET(self) -> None:
        up = self.server.upstream  # type: ignore[attr-defined]
        up.requests.append(self.path)
        url = urlparse(self.path)
        if url.path != "/cards":
            self.send_error(404)
            return
        page = int(parse_qs(url.query).get("page", ["1"])[0])
        if up.slow_seconds:
            time.sleep(up.slow_seconds)
        size = up.size
        pages = max(1, -(-len(up.items) // size))
        body: bytes
        if page == up.malformed_page:
            body = b'{"items": [{"name": "Hidden Bl'
        else:
            chunk = up.items[(page - 1) * size : page * size]
            envelope = {"items": chunk, "page": page, "pages": pages, "size": size, "total": len(up.items)}
            body = json.dumps(envelope).encode()
        try:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass


def _serve(upstream: Upstream) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    server.upstream = upstream  # type: ignore[attr-defined]
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def _fixture_items() -> list[dict[str, Any]]:
    return list(json.loads((FIXTURE / "riftcodex" / "sample.json").read_text()))


@pytest.fixture()
def upstream() -> Upstream:
    return Upstream(items=_fixture_items())


@pytest.fixture()
def base(upstream: Upstream) -> Iterator[str]:
    yield from _serve(upstream)


@pytest.fixture()
def previous(tmp_path: Path) -> Path:
    target = tmp_path / "db" / "riftbound.sqlite3"
    build_database(FIXTURE, target, claims=())
    return target


def _count(db: Path, sql: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute(sql).fetchone()[0])


def test_fetch_pages_through_every_page(base: str, upstream: Upstream) -> None:
    items = fetch_cards(base, **FAST)
    assert [i["riftbound_id"] for i in items] == [i["riftbound_id"] for i in upstream.items]
    assert upstream.requests[0] == "/cards?page=1&size=100"
    assert len(upstream.requests) == 3  # 8 items, 3 a page


def test_sync_alone_holds_cards_overlay_and_seed_claims(base: str, tmp_path: Path) -> None:
    target = tmp_path / "synced.sqlite3"
    report = sync_database(base, target, **FAST)
    names = {i["name"] for i in _fixture_items()}
    assert report.counts["cards"] == len(names)
    assert _count(target, "SELECT count(*) FROM cards WHERE partial = 0") == len(names)
    assert _count(target, "SELECT count(*) FROM printings WHERE artist IS NOT NULL") == len(_fixture_items())
    assert _count(target, f"SELECT count(*) FROM rules WHERE version = '{CURRENT_RULES_VERSION}'") > 0
    assert _count(target, "SELECT count(*) FROM rules WHERE version = 'v1.3'") == 0
    assert _count(target, "SELECT count(*) FROM rulings WHERE source != 'seed'") == 0
    assert (
        _count(target, "SELECT count(*) FROM rulings WHERE source = 'seed'") == report.counts["seed_claims"]
    )
    assert (
        _count(
            target, "SELECT count(*) FROM card_keywords WHERE card_id = 'windsinger' AND keyword = 'Hidden'"
        )
        == 1
    )
    with sqlite3.connect(target) as conn:
        assert (
            conn.execute("SELECT value FROM meta WHERE key = 'source'").fetchone()[0] == f"riftcodex:{base}"
        )


def test_sync_with_a_data_folder_adds_v13_rules_faqs_and_the_folders_card_files(
    base: str, tmp_path: Path
) -> None:
    target = tmp_path / "synced.sqlite3"
    sync_database(base, target, source=FIXTURE, **FAST)
    assert _count(target, "SELECT count(*) FROM rules WHERE version = 'v1.3'") > 0
    assert _count(target, "SELECT count(*) FROM rulings WHERE source = 'official'") > 0
    # The API's items take the place of the folder's RiftCodex snapshot (Kennen, Keeper of Balance is only there);
    # the folder's galleries, errata and ban lists still count.
    assert _count(target, "SELECT count(*) FROM cards WHERE id = 'kennen-keeper-of-balance'") == 0
    assert _count(target, "SELECT count(*) FROM cards WHERE id = 'spiderling'") == 1
    assert _count(target, "SELECT count(*) FROM bans") == 4
    with sqlite3.connect(target) as conn:
        assert json.loads(conn.execute("SELECT value FROM meta WHERE key = 'lacks'").fetchone()[0]) == []


def test_sync_alone_records_what_it_lacks_and_the_card_says_so(
    base: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "synced.sqlite3"
    sync_database(base, target, **FAST)
    with sqlite3.connect(target) as conn:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    assert json.loads(meta["lacks"]) == ["gallery", "errata", "ban_lists"]
    assert meta["legality_as_of"] == ""
    assert cardsdb_main(["card", "hidden blade", "--db", str(target), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legality"] == {} and data["legality_as_of"] is None
    assert cardsdb_main(["card", "hidden blade", "--db", str(target)]) == 0
    text = capsys.readouterr().out
    assert "Legality: not known (no ban list)" in text
    assert "Not checked against the ban lists or errata" in text


def test_upstream_down(tmp_path: Path, previous: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    before = previous.read_bytes()
    with pytest.raises(SyncError, match=r"unavailable.*cannot connect"):
        sync_database(f"http://127.0.0.1:{port}", previous, **FAST)
    assert previous.read_bytes() == before


def test_upstream_slow(upstream: Upstream, base: str, previous: Path) -> None:
    upstream.slow_seconds = 5.0  # far past the timeout: the load of the machine cannot make it answer in time
    before = previous.read_bytes()
    with pytest.raises(SyncError, match=r"no answer within 0\.5 s"):
        sync_database(base, previous, **{**FAST, "timeout": 0.5, "retries": 0})
    assert previous.read_bytes() == before


def test_malformed_page(upstream: Upstream, base: str, previous: Path) -> None:
    upstream.malformed_page = 2
    before = previous.read_bytes()
    with pytest.raises(SyncError, match="not valid JSON"):
        sync_database(base, previous, **FAST)
    assert previous.read_bytes() == before


def test_renamed_field(upstream: Upstream, base: str, previous: Path) -> None:
    for item in upstream.items:
        item["card_text"] = item.pop("text")
    before = previous.read_bytes()
    with pytest.raises(CardsDBError, match=r"'text' missing.*format may have changed"):
        sync_database(base, previous, **FAST)
    assert previous.read_bytes() == before


def test_renamed_envelope_field(base: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardsdb.build import sync as sync_module

    real = sync_module._get_json

    def renamed(url: str, **kwargs: Any) -> object:
        envelope = real(url, **kwargs)
        assert isinstance(envelope, dict)
        envelope["page_count"] = envelope.pop("pages")
        return envelope

    monkeypatch.setattr(sync_module, "_get_json", renamed)
    with pytest.raises(SyncError, match="no page count"):
        fetch_cards(base, **FAST)


def test_cli_sync_reads_the_url_from_the_environment(
    base: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RIFTCODEX_URL", base)
    monkeypatch.delenv("RIFTBOUND_DATA", raising=False)
    target = tmp_path / "cli.sqlite3"
    assert cardsdb_main(["sync", "--db", str(target), "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["counts"]["printings"] == len(_fixture_items())
    assert "[sync] page 1/3: 3 cards" in err


def test_cli_sync_failure_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    from cardsdb.build import sync as sync_module

    monkeypatch.setattr(sync_module, "BACKOFF_SECONDS", 0.01)

    code = cardsdb_main(["sync", "--url", f"http://127.0.0.1:{port}", "--db", str(tmp_path / "x.sqlite3")])
    assert code == 2
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith("error: RiftCodex is unavailable")
    assert f"after {sync_module.RETRIES + 1} attempts" in last


@pytest.mark.real_data
def test_sync_pages_made_from_the_old_dumps(real_data_dir: Path, tmp_path: Path) -> None:
    items: list[dict[str, Any]] = []
    for path in sorted((real_data_dir / "riftcodex").glob("*.json")):
        items.extend(json.loads(path.read_text()))
    upstream = Upstream(items=items, size=100)
    for url in _serve(upstream):
        report = sync_database(url, tmp_path / "real.sqlite3", **FAST)
    assert report.counts["printings"] == len({i["riftbound_id"] for i in items})
    assert report.counts["cards"] == len({i["name"].strip() for i in items})
    assert len(upstream.requests) == -(-len(items) // 100)


def _canonical(name: str) -> str:
    """A RiftCodex name as a card name, written here apart from the build: no variant suffix, "A - B" as "A, B"."""
    name = re.sub(
        r"\s*\((Alternate Art|Signature|Overnumbered|Starter|Metal|Launch Exclusive|GG EZ|Ultimate)\)$",
        "",
        name,
    )
    if " - " in name:
        champion, title = name.split(" - ", 1)
        name = f"{champion.split(', ')[-1]}, {title}"
    return name


@pytest.mark.real_data
def test_cli_sync_builds_from_todays_riftcodex_format(
    real_data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`RIFTCODEX_URL=<loopback> python -m cardsdb sync` over the live-format items of riftcodex-2026-08, in pages."""
    items: list[dict[str, Any]] = json.loads((real_data_dir / "riftcodex-2026-08" / "cards.json").read_text())
    upstream = Upstream(items=items, size=100)
    target = tmp_path / "live.sqlite3"
    for url in _serve(upstream):
        monkeypatch.setenv("RIFTCODEX_URL", url)
        monkeypatch.delenv("RIFTBOUND_DATA", raising=False)
        assert cardsdb_main(["sync", "--db", str(target), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(upstream.requests) == 15  # 1,451 items, 100 a page
    # Counts, apart from the build: one printing per id, two for an id whose records carry two TCGplayer ids (a
    # plain and a Metal printing); the newest record's name of each printing, in canonical form.
    newest: dict[tuple[str, object], dict[str, Any]] = {}
    for item in sorted(items, key=lambda i: i["metadata"]["updated_on"]):
        key = (item["riftbound_id"], item["tcgplayer_id"] if "(Metal)" in item["name"] else None)
        newest[key] = item
    assert report["counts"]["printings"] == len(newest) == 1304 + 16
    names = {_canonical(i["name"]) for i in newest.values()}
    # a legend's newest record may name it by its title alone ("Defender of Tomorrow"): Jayce's legend all the same
    titled = {n.split(", ", 1)[1]: n for n in names if ", " in n}
    names = {titled.get(n, n) for n in names}
    assert report["counts"]["cards"] == len(names)
    with sqlite3.connect(target) as conn:
        stored = {r[0] for r in conn.execute("SELECT name FROM cards WHERE partial = 0")}
        vendetta = conn.execute("SELECT count(*) FROM printings WHERE set_id = 'VEN'").fetchone()[0]
        lacks = json.loads(conn.execute("SELECT value FROM meta WHERE key = 'lacks'").fetchone()[0])
    assert stored == names
    assert not any(" - " in n or n.endswith(("(Signature)", "(Metal)", "(Alternate Art)")) for n in stored)
    assert {"Teemo, Swift Scout", "Kennen, Heart of the Tempest", "Akali, Rogue Assassin"} <= stored
    assert vendetta == len({i["riftbound_id"] for i in items if i["set"]["set_id"] == "VEN"})
    assert lacks == ["gallery", "errata", "ban_lists"]
    with CardsDB.open(target) as db:
        for name in ("Spiderling", "Temporal Breach", "Kennen, Keeper of Balance"):
            card = db.get_card(name)
            assert card is not None and card.has_keyword("Hidden"), name
        match = db.find_card("Teemo - Swift Scout (Signature)")
        assert match is not None and match.card.name == "Teemo, Swift Scout"


def _radiance_item(
    template: dict[str, Any], code: int, name: str, kind: str, **fields: Any
) -> dict[str, Any]:
    """A RAD item in today's RiftCodex format (the shape of riftcodex-2026-08's items); the text is made up here."""
    item = json.loads(json.dumps(template))
    item.update(id=f"rad{code:03d}", name=name, riftbound_id=f"rad-{code:03d}-218", collector_number=code)
    item["attributes"] = {"energy": fields.get("energy"), "might": fields.get("might"), "power": None}
    item["classification"] = {"type": kind, "supertype": None, "rarity": "Rare", "domain": fields["domains"]}
    text = fields["text"]
    item["text"] = {"rich": f"<p>{text}</p>", "plain": text, "flavour": None}
    item["set"] = {"set_id": "RAD", "label": "Radiance"}
    item["tags"] = fields.get("tags", [])
    item["metadata"] = {**item["metadata"], "updated_on": "2026-12-01T00:00:00+00:00"}
    return item


@pytest.mark.real_data
def test_sync_replaces_radiance_cards_known_in_part_when_riftcodex_adds_them(
    real_data_dir: Path, tmp_path: Path
) -> None:
    """When RiftCodex adds Radiance, `sync` over the folder makes full records of the cards it serves (the gallery
    extract and catalog gave them in part), with no change to the code; the cards it does not serve stay partial."""
    items: list[dict[str, Any]] = json.loads((real_data_dir / "riftcodex-2026-08" / "cards.json").read_text())
    template = next(i for i in items if i["set"]["set_id"] == "VEN")
    sanctum_text = "When you conquer here, draw 1."
    dog_text = "[Assault 2] (+2 :rb_might: while I'm an attacker.)"
    served = [
        _radiance_item(template, 159, "Black Rose Sanctum", "Battlefield", domains=[], text=sanctum_text),
        _radiance_item(
            template, 119, "Hunting Dog", "Unit", energy=3, might=2, domains=["Body"], text=dog_text
        ),
    ]
    upstream = Upstream(items=[*items, *served], size=100)
    target = tmp_path / "radiance.sqlite3"
    before = tmp_path / "before.sqlite3"
    build_database(real_data_dir, before)
    with CardsDB.open(before) as db:
        partial = db.get_card("Black Rose Sanctum")
        assert partial is not None and partial.partial and not partial.text
    for url in _serve(upstream):
        report = sync_database(url, target, source=real_data_dir, **FAST)
    assert report.counts["printings"] > 0
    with CardsDB.open(target) as db:
        sanctum = db.get_card("Black Rose Sanctum")
        dog = db.get_card("Hunting Dog")
        assert sanctum is not None and not sanctum.partial and sanctum.text == sanctum_text
        assert (
            dog is not None and not dog.partial and (dog.energy, dog.might, dog.domains) == (3, 2, ("Body",))
        )
        assert dog.has_keyword("Assault")
        assert {p.set_id for p in sanctum.printings} == {
            "RAD"
        }  # one card: the served record and the extract's
        riven = db.get_card("Riven, Deserter")  # not served: still known in part
        assert riven is not None and riven.partial
        stranger = db.get_card("Bedeviling Stranger")  # not served: the catalog's text, as before
        assert stranger is not None and "choose a battlefield" in stranger.text
        assert db.search("set:rad", limit=300).total == 136  # the extract's names, none lost or doubled
