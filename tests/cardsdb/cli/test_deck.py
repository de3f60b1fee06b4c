"""The deck check's command line: `python -m cardsdb deck check` (a list or a code, in a format, as text or JSON)
and `deck encode`, over the real data; bad input exits 2 with one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsdb.cli.main import main as cardsdb_main
from tests.support.deck_lists import BAD, JINX

pytestmark = pytest.mark.real_data  # every test here reads ../shared


def test_the_command_line_checks_a_list_and_a_code(
    real_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "jinx.txt"
    listed.write_text(JINX, encoding="utf-8")
    assert cardsdb_main(["deck", "check", str(listed), "--db", str(real_db), "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert {"legal", "format", "rules_version", "ban_list_as_of", "chosen_champion", "assumed", "sections",
            "main_deck_size", "problems", "undecided", "checks"} <= set(answer)  # fmt: skip
    assert answer["legal"] is True and answer["main_deck_size"] == 40
    assert answer["sections"] == {
        "legend": 1, "champion": 1, "main": 39, "battlefields": 3, "runes": 12, "sideboard": 0, "extra_legends": 0
    }  # fmt: skip
    assert cardsdb_main(["deck", "encode", str(listed), "--db", str(real_db)]) == 0
    code = capsys.readouterr().out.strip()
    assert code == answer["code"]
    assert cardsdb_main(["deck", "check", "--code", code, "--db", str(real_db)]) == 0
    assert capsys.readouterr().out.startswith("Yes: this deck is legal in Constructed.")
    bad = tmp_path / "bad.txt"
    bad.write_text(BAD, encoding="utf-8")
    assert cardsdb_main(["deck", "check", str(bad), "--db", str(real_db), "--format", "2v2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("No: this deck is not legal in 2v2 Constructed: 4 problems.")
    assert (
        "  - Called Shot is banned in 2v2 Constructed (ban list of 2026-09-18) (103.2.e (v1.4), TR 601.2.d)."
        in out
    )


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["deck", "check", "--code", "CYAAEAYBAIAAABAJ"], "the deck code ends too early"),
        (["deck", "check", "/no/such/file"], "no such file"),
        (["deck", "check"], "give a deck list file"),
        (["deck", "check", "-", "--format", "limited"], "unknown format"),
        (["deck", "encode", "BINARY"], "binary data"),
    ],
)
def test_the_command_line_says_what_was_wrong_in_one_line_and_exits_2(
    real_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    if "BINARY" in argv:
        junk = tmp_path / "junk.bin"
        junk.write_bytes(bytes(range(256)) * 4)
        argv = [a if a != "BINARY" else str(junk) for a in argv]
    assert cardsdb_main([*argv, "--db", str(real_db)]) == 2
    err = capsys.readouterr().err
    assert line in err and err.count("\n") == 1
