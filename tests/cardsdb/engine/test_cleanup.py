"""The next cleanup: facedown cards at lost battlefields (323.6.a, 107.3.d) and unattached gear (459.1)."""

from __future__ import annotations

from cardsdb.engine import check
from cardsdb.engine.verdict.codes import EffectCode
from tests.support.engine_cards import MemoryCards

CARDS = MemoryCards()


def test_323_6_a_facedown_card_trashed_once_owner_loses_the_battlefield() -> None:
    answer = check(
        {
            "battlefields": {
                "Bandle Tree": {"controller": "opp", "facedown": [{"card": "Hidden Blade", "owner": "me"}]},
                "Targon's Peak": {"controller": "me", "facedown": [{"card": "Back Off", "owner": "me"}]},
            },
            "ask": {"cleanup": True},
        },
        CARDS,
    )
    trashed = [e for e in answer.effects if "323.6.a" in e.rules]
    assert [e.code for e in trashed] == [EffectCode.FACEDOWN_TRASHED] and trashed[0].moves
    assert "Hidden Blade" in trashed[0].text
    assert "107.3.d" in answer.citations
    assert any(e.code is EffectCode.FACEDOWN_STAYS and "Back Off" in e.text for e in answer.effects)


def test_459_1_unattached_gear_at_a_battlefield_is_recalled() -> None:
    answer = check(
        {
            "battlefields": {
                "Bandle Tree": {
                    "controller": "me",
                    "units": [{"card": "Tideturner", "id": "t1"}],
                    "gear": ["Zhonya's Hourglass", {"card": "Edge of Night", "attached_to": "t1"}],
                }
            },
            "ask": {"cleanup": True},
        },
        CARDS,
    )
    recalled = [e.text for e in answer.effects if "459.1" in e.rules and e.code is EffectCode.GEAR_RECALLED]
    assert len(recalled) == 1 and "Zhonya's Hourglass" in recalled[0]
    assert any(e.code is EffectCode.GEAR_STAYS_ATTACHED and "Edge of Night" in e.text for e in answer.effects)
