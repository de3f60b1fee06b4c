"""Hand-made objects for the bot's tests: a few real cards' text, a few rules, and a tiny in-memory stand-in
for `CardsDB` (for render and error-path tests that must not depend on a build). End-to-end answers from the
real query layer and engine use the `fixture_db` / `real_db` fixtures instead."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz, process

from cardsdb.engine.reading.card_reading import CardReading
from cardsdb.engine.reading.compile import compile_reading
from cardsdb.models import (
    CURRENT_RULES_VERSION,
    V13_RULES_VERSION,
    Card,
    CardMatch,
    ChangeList,
    Errata,
    KeywordInfo,
    KeywordValue,
    Legality,
    Printing,
    Rule,
    RuleLookup,
    RuleMatches,
    RuleNote,
    RuleView,
    Ruling,
    RulingMatches,
    SearchHint,
)
from cardsdb.names import begins
from cardsdb.rule_numbers import looks_like_number
from cardsdb.rule_versions import Citation

if TYPE_CHECKING:
    from bot.harness import Harness

HIDDEN_REMINDER_RAW = "(Hide now for :rb_rune_rainbow: to react with later for :rb_energy_0:.)"

HIDDEN_BLADE = Card(
    id="hidden-blade",
    name="Hidden Blade",
    types=("Spell",),
    domains=("Order",),
    energy=2,
    power=1,
    keywords=(KeywordValue("Hidden"), KeywordValue("Action")),
    text="[Hidden] (Hide now for 1 power of any domain to react with later for 0 energy.)\n[Action] (Play on your turn or in "
    "showdowns.)\nKill a unit at a battlefield. Its controller draws 2.",
    text_raw=f"[Hidden] {HIDDEN_REMINDER_RAW}\n[Action] (Play on your turn or in showdowns.)\n"
    "Kill a unit at a battlefield. Its controller draws 2.",
    printings=(
        Printing(
            id="ogn-213-298",
            set_id="OGN",
            set_name="Origins",
            collector_number="213",
            public_code="OGN-213/298",
            rarity="Common",
            image_url="https://example.invalid/hidden-blade.png",
        ),
    ),
)

POUTY_PORO = Card(
    id="pouty-poro",
    name="Pouty Poro",
    types=("Unit",),
    domains=("Calm",),
    energy=1,
    might=1,
    tags=("Poro",),
    text="A plain unit.",
    text_raw="A plain unit.",
)

HIDE_MOVED = RuleNote(
    "moved_here",
    "421",
    V13_RULES_VERSION,
    (("422", CURRENT_RULES_VERSION),),
    title="Hide",
    versions=(V13_RULES_VERSION,),
)
"""What the fake 422 says of its move: "421 (v1.3), Hide, is 422 now." in words."""

RULE_811 = Rule("811", CURRENT_RULES_VERSION, "heading", "Hidden", title="Hidden")
RULE_811_1_D = Rule(
    "811.1.d",
    CURRENT_RULES_VERSION,
    "rule",
    "Some choices made while playing a card from facedown are restricted to the battlefield where it was hidden. "
    "A card cannot be played from facedown if it is a spell with no valid targets under these restrictions.",
    parent="811.1",
)
RULE_811_1_D_2 = Rule(
    "811.1.d.2",
    CURRENT_RULES_VERSION,
    "rule",
    "If a hidden spell chooses any targets, those targets must be chosen from among options at the battlefield it was "
    "played from, unless it explicitly restricts targeting in such a way that makes this impossible.",
    parent="811.1.d",
)
RULE_422 = Rule(
    "422",
    CURRENT_RULES_VERSION,
    "heading",
    "Hiding is a Discretionary Action taken on your turn in an Open State.",
    wording="summary",
    title="Hide",
    seed_sentence="it is a Discretionary Action, so it is done on your turn in an Open State (rule 422.1, rule 422.2 ...",
    counterpart="421",
)
RULE_V13_421 = Rule("421", V13_RULES_VERSION, "heading", "Hide", title="Hide", counterpart="422")

RULING = Ruling(
    id="seed-1",
    question="Do hidden spells have to target things at their battlefield?",
    answer="Yes. Any target a spell chooses when you play it from facedown must be at the battlefield where it was hidden.",
    source="seed",
    source_title="Hidden keyword page",
    date="2026-10-09",
    url=None,
    rules=("811.1.d", "811.1.d.2"),
)


@dataclass
class _Search:
    cards: list[Card]
    total: int


class FakeCards:
    """A few cards and rules behind the same methods as `cardsdb.query.CardsDB` (see bot.database.CardsLookup)."""

    def __init__(self, cards: Sequence[Card] = (HIDDEN_BLADE, POUTY_PORO), extra_cards: int = 0) -> None:
        many = [
            Card(
                id=f"test-unit-{i}",
                name=f"Test Unit {i:02d}",
                types=("Unit",),
                domains=("Fury",),
                energy=i % 7,
                might=2,
            )
            for i in range(extra_cards)
        ]
        self.cards = {c.name.casefold(): c for c in [*cards, *many]}
        self.rules = {r.number: r for r in (RULE_811, RULE_811_1_D, RULE_811_1_D_2, RULE_422)}

    def get_card(self, name: str) -> Card | None:
        return self.cards.get(name.casefold())

    def reading(self, card: Card) -> CardReading:
        return compile_reading(card)

    def suggest_cards(self, name: str, limit: int = 3) -> list[str]:
        names = [c.name for c in self.cards.values()]
        return [m[0] for m in process.extract(name, names, limit=limit, score_cutoff=50)]

    def find_card(self, query: str) -> CardMatch | None:
        card = self.get_card(query)
        if card is not None:
            return CardMatch(card, "exact", 100.0)
        best = process.extractOne(
            query, [c.name for c in self.cards.values()], scorer=fuzz.ratio, score_cutoff=85
        )
        if best is None:
            return None
        return CardMatch(self.cards[best[0].casefold()], "fuzzy", float(best[1]))

    def cards_starting(self, text: str, limit: int = 25) -> list[str]:
        return sorted(c.name for c in self.cards.values() if begins(c.name, text))[:limit]

    def autocomplete_cards(self, text: str, limit: int = 25) -> list[str]:
        return [c.name for c in self.cards.values() if text.casefold() in c.name.casefold()][:limit]

    def rule(
        self, number_or_words: str, *, doc: str | None = None, version: str | None = None
    ) -> RuleView | None:
        rule = self.rules.get(number_or_words.strip())
        if rule is None:
            return None
        parents = tuple(r for n, r in self.rules.items() if rule.number.startswith(n + "."))
        children = tuple(r for r in self.rules.values() if r.parent == rule.number)
        moved = (HIDE_MOVED,) if rule.number == "422" else ()
        return RuleView(rule, parents=parents, children=children, moved=moved)

    def cited_rule(self, number: str) -> RuleView | None:
        return self.rule(number)

    def search_rules(
        self, words: str, limit: int = 10, *, doc: str | None = None, version: str | None = None
    ) -> list[Rule]:
        return [r for r in self.rules.values() if words.casefold() in r.text.casefold()][:limit]

    def suggest_rules(
        self, query: str, limit: int = 5, *, doc: str | None = None, version: str | None = None
    ) -> list[str]:
        return []

    def changes(
        self, from_version: str, to_version: str, under: str | None = None, *, doc: str | None = None
    ) -> ChangeList:
        return ChangeList(from_version, to_version, ())

    def ruling_citations(self, ruling: Ruling) -> list[Citation]:
        return [Citation(n, ruling.rules_version or CURRENT_RULES_VERSION) for n in ruling.rules]

    def rules_also_matching(
        self, words: str, shown: Rule, limit: int = 5, *, doc: str | None = None, version: str | None = None
    ) -> list[Rule]:
        return [r for r in self.search_rules(words, limit=limit + 1) if r.number != shown.number][:limit]

    def match_rules(
        self, words: str, limit: int = 6, *, doc: str | None = None, version: str | None = None
    ) -> RuleMatches:
        """The rules whose text holds the words; sure of the first only when it is the one rule that does."""
        found = self.search_rules(words, limit=limit)
        return RuleMatches(tuple(found), confident=len(found) == 1)

    def look_up_rule(
        self, query: str, *, doc: str | None = None, version: str | None = None, limit: int = 6
    ) -> RuleLookup:
        """As `CardsDB.look_up_rule`: a number looked up, words matched."""
        if looks_like_number(query):
            view = self.rule(query, doc=doc, version=version)
            return RuleLookup(True, RuleMatches((view.rule,) if view else (), view is not None), view)
        return RuleLookup(False, self.match_rules(query, limit, doc=doc, version=version))

    def rule_view(self, rule: Rule) -> RuleView:
        view = self.rule(rule.number)
        assert view is not None
        return view

    def ruling_links(self, ruling: Ruling) -> list[Rule]:
        return []

    def autocomplete_rules(
        self, text: str, limit: int = 25, *, doc: str | None = None
    ) -> list[tuple[str, str]]:
        return [
            (f"{r.number} {r.text}"[:100], r.number) for r in self.rules.values() if r.number.startswith(text)
        ][:limit]

    def keyword(self, name: str) -> KeywordInfo | None:
        if name.casefold() != "hidden":
            return None
        return KeywordInfo(
            "Hidden",
            rules=(RULE_811,),
            reminder=HIDDEN_REMINDER_RAW,
            cards_with=("Hidden Blade",),
            rulings=(RULING,),
        )

    def keyword_line(self, name: str) -> tuple[str | None, Rule | None] | None:
        info = self.keyword(name)
        return None if info is None else (info.reminder, info.rules[0] if info.rules else None)

    def keyword_names(self) -> list[str]:
        return ["Hidden", "Action", "Reaction"]

    def resolve_keyword(self, text: str) -> tuple[str, bool] | None:
        exact = {n.casefold(): n for n in self.keyword_names()}.get(text.strip().casefold())
        return (exact, True) if exact else None

    def search_hint(self, query: str) -> SearchHint | None:
        return None

    def autocomplete_keywords(self, text: str, limit: int = 25) -> list[str]:
        return [n for n in self.keyword_names() if n.casefold().startswith(text.casefold())][:limit]

    def match_rulings(self, query: str, limit: int = 10) -> RulingMatches:
        return RulingMatches((RULING,) if "hidden" in query.casefold() or "811" in query else ())

    def errata_for(self, card_name: str) -> list[Errata]:
        return []

    def legality(self, name: str) -> Legality:
        return Legality(
            {"constructed": "legal", "2v2": "legal"}, {"constructed": "2026-09-18", "2v2": "2026-09-18"}
        )

    def search(self, query: str, limit: int = 10, offset: int = 0) -> Any:
        found = sorted(self.cards.values(), key=lambda c: c.name)
        return _Search(found[offset : offset + limit], len(found))

    def meta(self) -> dict[str, str]:
        return {"rules_current_version": CURRENT_RULES_VERSION, "cards_updated_at": "2026-03-28"}


async def harness_for(db: Any, **settings: Any) -> Harness:
    """A started harness over a plain (unsharded) bot answering from `db` (a CardsDB, a FakeCards, or None)."""
    from bot.database import DatabaseHandle
    from bot.factory import create_bot
    from bot.harness import Harness
    from bot.settings import Settings

    bot = create_bot(Settings(**settings), DatabaseHandle(db), sharded=False)
    return await Harness.start(bot)


def assert_fits(result: Any) -> None:
    """Every message of the result within Discord's limits, with mentions disabled."""
    assert result.problems() == []
    for sent in result.sent:
        mentions = sent.allowed_mentions
        assert mentions is not None and mentions.get("parse") == [], mentions


async def details(harness: Any, result: Any, *, user_id: int | None = None) -> Any:
    """The whole answer behind a quick one: its Details button pressed (by `user_id`, else the default user)."""
    from bot.controls.buttons import DETAILS_LABEL

    kwargs = {"user_id": user_id} if user_id is not None else {}
    shown = await harness.click(result.first, DETAILS_LABEL, **kwargs)
    assert shown.ephemeral and shown.error is None and shown.user_error is None, shown.text()
    return shown
