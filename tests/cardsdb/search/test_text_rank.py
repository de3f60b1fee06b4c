"""Words as players type them (cardsdb.search.text_rank): stems, stop words, the thesaurus and the BM25F index."""

from __future__ import annotations

import pytest

from cardsdb.search.language import load_language
from cardsdb.search.text_rank import (
    ALSO_WEIGHT,
    MEANS_WEIGHT,
    Analyzer,
    FieldSpec,
    TextIndex,
    ThesaurusEntry,
    stem,
    words,
)


@pytest.mark.parametrize(
    ("typed", "stemmed"),
    [
        ("hiding", "hide"),
        ("hides", "hide"),
        ("hide", "hide"),
        ("moving", "move"),
        ("moved", "move"),
        ("copies", "copy"),
        ("conquering", "conquer"),
        ("scoring", "score"),
        ("runes", "rune"),  # not "run": "run out" is another thing
        ("winning", "win"),
        ("ignoring", "ignor"),
        ("ignore", "ignor"),
        ("811", "811"),
        ("tap", "tap"),
        ("drew", "draw"),  # irregular: "drew an extra card" is the rules' "Drawing Extra Cards"
        ("drawn", "draw"),
        ("dealt", "deal"),
    ],
)
def test_a_word_and_its_forms_share_a_stem(typed: str, stemmed: str) -> None:
    assert stem(typed) == stemmed


def test_words_drop_possessives_and_apostrophes() -> None:
    assert words("My opponent’s Turn, can't 811.1.d") == ["my", "opponent", "turn", "cant", "811", "1", "d"]
    assert words("Kai'Sa") == ["kaisa"]


def test_question_words_are_not_concepts_but_the_rules_words_stay() -> None:
    analyzer = Analyzer()
    typed = [c.typed for c in analyzer.concepts("what happens when I have to draw and my deck is empty")]
    assert typed == ["draw", "deck", "empty"]
    # "might" (a unit's stat), "must" and "may" are the rules' words, not question words
    assert [c.typed for c in analyzer.concepts("must my unit's might")] == ["must", "unit", "might"]
    # a question of stop words only keeps them
    assert [c.typed for c in analyzer.concepts("what is it")] == ["what", "is", "it"]


def test_words_typed_without_their_apostrophe_are_question_words_too() -> None:
    analyzer = Analyzer()
    assert [c.typed for c in analyzer.concepts("whats the fix, im going second")] == ["fix", "second"]
    assert [c.typed for c in analyzer.concepts("what's the fix")] == ["fix"]


def _entry(words_: tuple[tuple[str, ...], ...], means: tuple[str, ...]) -> ThesaurusEntry:
    return ThesaurusEntry(words_, means, "a rule")


def test_a_thesaurus_word_searches_the_rules_words_and_counts_once() -> None:
    analyzer = Analyzer([_entry((("facedown",), ("hidden",)), ("hidden", "facedown"))])
    concepts = analyzer.concepts("my facedown hidden card")
    assert [c.typed for c in concepts] == ["facedown", "card"]  # "hidden" is the same concept
    # "hidden" is the rules' word for it (`means`): it counts more than another player's word would
    assert concepts[0].alternatives == {"facedown": 1.0, "hidden": MEANS_WEIGHT}
    assert ALSO_WEIGHT < MEANS_WEIGHT < 1.0


def test_a_thesaurus_phrase_is_one_concept_and_its_own_words_count_half() -> None:
    analyzer = Analyzer([_entry((("run", "out"),), ("burn",))])
    concepts = analyzer.concepts("I run out of cards")
    assert [(c.typed, c.importance) for c in concepts] == [
        ("burn", 1.0),
        ("run", 0.5),
        ("out", 0.5),
        ("card", 1.0),
    ]
    assert concepts[0].alternatives == {"burn": 1.0}


def test_a_phrase_of_the_rules_words_is_found_only_where_all_its_words_are() -> None:
    # "go first" means the rules' "turn order" (115 (v1.4)): a rule holding "turn" alone says nothing of it
    analyzer = Analyzer([_entry((("go", "first"),), ("turn order",))])
    concept = analyzer.concepts("who will go first")[0]
    assert concept.alternatives == {"turn order": 1.0}
    documents = [
        ("Determine Turn Order using any fair random method.",),
        ("The turn proceeds to the next phase.",),
        ("The order of cards in the Main Deck is secret.",),
    ]
    index = TextIndex((FieldSpec(1.0, 0.75),), analyzer).build(documents)
    found = index.score([concept])
    assert set(found.score) == {0}
    assert index.idf("turn order") > max(index.idf("turn"), index.idf("order"))
    assert index.postings("turn chain") is None and index.idf("turn chain") == 0.0
    assert "turn order" not in index.starting("turn")  # a phrase is never a word being typed


def test_the_project_thesaurus_reads_and_links_the_brief_s_words() -> None:
    language = load_language()
    analyzer = Analyzer(language.entries, language.damped)
    facedown = analyzer.concepts("facedown")[0]
    assert {"hidden", "hide"} <= set(facedown.alternatives)
    cost = analyzer.concepts("how much energy do I pay")[1]
    assert cost.typed == "pay" and "cost" in cost.alternatives
    turn = [c.typed for c in analyzer.concepts("can I play it on my opponent's turn")]
    assert (
        "any player" in turn
    )  # "on any player's turn", as Reaction says (813.1.c.1 (v1.4)): the phrase, whole


def test_the_index_prefers_documents_holding_more_and_rarer_words() -> None:
    analyzer = Analyzer()
    documents = [
        ("A hidden spell chooses targets at its battlefield.", ""),
        ("A spell chooses targets.", ""),
        ("Units at a battlefield.", "Battlefields"),
        ("Nothing here.", ""),
    ]
    index = TextIndex((FieldSpec(1.0, 0.75), FieldSpec(2.0, 0.0)), analyzer).build(documents)
    found = index.score(analyzer.concepts("hidden spell targets"))
    assert max(found.score, key=lambda i: found.score[i]) == 0
    assert found.share(0) == pytest.approx(1.0) and 0 < found.share(1) < 1
    assert 3 not in found.score
    # a title counts more than the text
    titled = index.score(analyzer.concepts("battlefield"))
    assert titled.score[2] > titled.score[0]
    assert index.starting("batt") == ["battlefield"]
