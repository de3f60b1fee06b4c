"""What users type, made ready once (cardsdb/search/typed.py): a paste keeps its lines and their indentation, which
a scenario's YAML nests by."""

from __future__ import annotations

from cardsdb.engine import load_scenario
from cardsdb.search.typed import typed_line, typed_lines

POSITION = """turn: 2
me:
  hand: [Hidden Blade]
  runes: {energy: 0, power: [order]}
battlefields:
  Bandle Tree:
    controller: me
    units: [Pouty Poro]
ask: {hide: Hidden Blade, at: Bandle Tree}
"""


def test_a_pasted_yaml_position_reads_the_same_once_made_ready() -> None:
    noisy = POSITION.replace("Hidden Blade]", "Hidden\u00a0\u00a0Blade]\u200b").replace("\n", "\r\n")
    assert load_scenario(typed_lines(noisy)) == load_scenario(POSITION)


def test_indentation_is_kept_and_other_runs_of_spaces_folded() -> None:
    assert typed_lines("a:\n    b:   c  \n\t\u00a0d: e\n\n\n\nf: g") == "a:\n    b: c\n  d: e\n\nf: g"
    assert typed_line("  a:\n    b") == "a: b"  # one line: the indentation is only spaces
