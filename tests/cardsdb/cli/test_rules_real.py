"""`python -m cardsdb rule WORDS` over the real data (issue 22): --json says whether it is sure and lists the
candidates in order; the text says when it is not sure."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from cardsdb.cli.main import main

pytestmark = pytest.mark.real_data  # every test here reads ../shared


def test_rule_json_says_whether_it_is_sure_and_lists_the_candidates_in_order(
    real_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rule", "is", "that", "allowed", "--json", "--db", str(real_db)]) == 0
    unsure = json.loads(capsys.readouterr().out)
    assert unsure["confident"] is False and len(unsure["candidates"]) >= 3
    assert unsure["candidates"][0]["mark"] == unsure["mark"]
    assert main(["rule", "811.1.b", "--json", "--db", str(real_db)]) == 0
    number = json.loads(capsys.readouterr().out)
    assert number["confident"] is True and [c["mark"] for c in number["candidates"]] == ["811.1.b"]
    assert main(["rule", "is", "that", "allowed", "--db", str(real_db)]) == 0
    assert capsys.readouterr().out.startswith("Not sure which rule answers this")


def test_the_closest_rules_say_how_many_rulings_cite_them(
    real_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = ["can", "i", "play", "a", "hidden", "card", "on", "my", "opponents", "turn"]
    assert main(["rule", *words, "--json", "--db", str(real_db)]) == 0
    unsure = json.loads(capsys.readouterr().out)
    assert unsure["confident"] is False
    closest, after = unsure["candidates"][:3], unsure["candidates"][3:]
    assert all("rulings" in c for c in closest) and not any("rulings" in c for c in after)
    assert closest[0]["rulings"] == unsure["rulings"]  # the first is the view the answer gives whole in JSON
    cited = next(c for c in closest if c["rulings"])
    assert main(["rule", *words, "--db", str(real_db)]) == 0
    text = capsys.readouterr().out
    assert f"({len(cited['rulings'])}): `python -m cardsdb rulings {shlex.quote(cited['mark'])}`" in text


def test_a_number_typed_alone_is_found_in_whichever_document_holds_it(
    real_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `rule 702.12` once said there was no such rule: only the Tournament Rules have it (Drawing Extra Cards)
    assert main(["rule", "702.12", "--db", str(real_db)]) == 0
    assert capsys.readouterr().out.startswith("Tournament Rule 702.12 (2026-07-16)\nDrawing Extra Cards")
    assert main(["rule", "702.12", "--json", "--db", str(real_db)]) == 0
    only = json.loads(capsys.readouterr().out)
    assert (only["doc"], only["mark"], only["confident"]) == ("tournament", "TR 702.12", True)
    # both documents have 702.2: the Core Rules' first, the Tournament Rules' named
    assert main(["rule", "702.2", "--json", "--db", str(real_db)]) == 0
    both = json.loads(capsys.readouterr().out)
    assert both["doc"] == "core"
    assert (
        "The Tournament Rules also have a rule 702.2, Missed Trigger: ask for TR 702.2 to see it."
        in both["notes"]
    )
    assert main(["rule", "702.2", "--db", str(real_db)]) == 0
    assert "Note: The Tournament Rules also have a rule 702.2, Missed Trigger" in capsys.readouterr().out
