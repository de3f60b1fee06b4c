"""`python -m cardsdb rule WORDS` over the real data (issue 22): --json says whether it is sure and lists the
candidates in order; the text says when it is not sure."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardsdb.cli.main import main

pytestmark = pytest.mark.real_data  # every test here reads ../shared


def test_rule_json_says_whether_it_is_sure_and_lists_the_candidates_in_order(
    real_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rule", "what", "about", "the", "timer", "--json", "--db", str(real_db)]) == 0
    unsure = json.loads(capsys.readouterr().out)
    assert unsure["confident"] is False and len(unsure["candidates"]) >= 3
    assert unsure["candidates"][0]["mark"] == unsure["mark"]
    assert main(["rule", "811.1.b", "--json", "--db", str(real_db)]) == 0
    number = json.loads(capsys.readouterr().out)
    assert number["confident"] is True and [c["mark"] for c in number["candidates"]] == ["811.1.b"]
    assert main(["rule", "what", "about", "the", "timer", "--db", str(real_db)]) == 0
    assert capsys.readouterr().out.startswith("Not sure which rule answers this")
