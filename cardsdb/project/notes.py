"""The notes the project's data keeps for us: text no answer may show."""

from __future__ import annotations

from cardsdb.paths import PROJECT_DATA_DIR
from cardsdb.project.claims import load_claims
from cardsdb.project.files import entries, read_yaml
from cardsdb.project.overlay import load_overlay
from cardsdb.project.seed_cards import SEED_CARDS_FILE


def internal_notes() -> tuple[str, ...]:
    """Every note the project's data keeps for us (the `note` fields of rules_current.yaml's rows and moves, of
    claims.yaml and of seed_cards.yaml): text no answer may show."""
    overlay = load_overlay()
    notes = [r.note for r in overlay.rules] + [m.note for m in overlay.moves]
    notes += [c.note for c in load_claims()]
    path = PROJECT_DATA_DIR / SEED_CARDS_FILE
    notes += [e.optional_text("note") for e in entries(path, read_yaml(path), "cards", "card", "name")]
    return tuple(n for n in notes if n)
