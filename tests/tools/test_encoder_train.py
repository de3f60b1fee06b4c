"""The tuning of the encoder (`tools.encoder.train`): the pairs it learns from and how they are batched. The training
itself needs torch, which is no dependency of the project; these parts do not."""

from __future__ import annotations

import random

from cardsdb.project.asked import AskedRule
from tools.encoder.train import batches, question_pairs


def _rule(cited: str, *questions: str) -> AskedRule:
    return AskedRule(cited=cited, doc="core", version="2026-10-09", number=cited, questions=questions)


RULES = [
    _rule("811.1.b", "can i hide a unit", "what cards can be hidden", "hide a spell?"),
    _rule("323.1", "how many points to win"),  # one question: nothing to pair it with
    _rule("116", "how many cards in my opening hand", "starting hand size"),
]


def test_every_question_whose_rule_holds_another_is_paired_with_another_of_the_same_rule() -> None:
    pairs = question_pairs(RULES, random.Random(1))
    assert sorted(q for _, (q, _) in pairs) == sorted(
        [
            "can i hide a unit",
            "what cards can be hidden",
            "hide a spell?",
            "how many cards in my opening hand",
            "starting hand size",
        ]
    )
    by_question = {q: rule for rule in RULES for q in rule.questions}
    for cited, (question, other) in pairs:
        assert question != other and by_question[question].cited == by_question[other].cited == cited


def test_no_batch_holds_two_pairs_of_one_rule_and_only_pairs_left_alone_are_left_out() -> None:
    # two questions of one rule in a batch would each be the other's wrong answer; a pair alone in its batch has
    # nothing to be told apart from, so it is left out
    pairs = question_pairs(RULES, random.Random(1))
    found = list(batches(pairs, 2, random.Random(2)))
    batched = [p for b in found for p in b]
    rule_of = {pair: cited for cited, pair in pairs}
    assert len(set(batched)) == len(batched) and set(batched) <= set(rule_of)
    assert len({rule_of[p] for p in set(rule_of) - set(batched)}) <= 1
    for batch in found:
        assert 1 < len(batch) <= 2 and len({rule_of[p] for p in batch}) == len(batch)


def test_the_bot_runs_the_tuned_model_and_the_guard_the_base_one_with_one_vocabulary() -> None:
    # the measure's guard by meaning needs the base model: the tuned one puts questions of one rule close whatever
    # their words (tools/asked/meaning.py)
    from cardsdb.search.encoder import MODEL_DIR, VOCABULARY_FILE, model_identity
    from tools.encoder.convert import BASE_MODEL_DIR

    provenance = (MODEL_DIR / "PROVENANCE.txt").read_text(encoding="utf-8")
    assert "python -m tools.encoder.train" in provenance and "No rule text" in provenance
    assert model_identity(BASE_MODEL_DIR) not in ("", model_identity())
    assert (BASE_MODEL_DIR / VOCABULARY_FILE).read_bytes() == (MODEL_DIR / VOCABULARY_FILE).read_bytes()


def test_the_folds_deal_each_rule_to_one_fold_the_same_way_each_time() -> None:
    # a model tuned without a fold's questions (--leave-out-fold) is measured on the very fold the folds tool deals
    from tools.encoder.folds import fold_assignment

    lineages = [f"rule-{n}" for n in range(23)] * 2  # a rule's questions each name it
    dealt = fold_assignment(lineages, 5, 31)
    assert set(dealt) == set(lineages) and set(dealt.values()) == set(range(5))
    assert sorted(list(dealt.values()).count(f) for f in range(5)) == [4, 4, 5, 5, 5]
    assert dealt == fold_assignment(reversed(lineages), 5, 31) != fold_assignment(lineages, 5, 32)


def test_batches_of_neighbours_hold_rules_that_stand_together_in_the_rules() -> None:
    # six chapters of four rules, each rule with two questions: a batch of four filled in the rules' order holds
    # one chapter's rules (or two chapters' meeting), never rules drawn from everywhere
    chapters = [
        _rule(f"{100 * c}.{n}", f"question {c} {n} a", f"question {c} {n} b")
        for c in range(1, 7)
        for n in range(1, 5)
    ]
    pairs = question_pairs(chapters, random.Random(1))
    rule_of = {pair: cited for cited, pair in pairs}
    found = list(batches(pairs, 4, random.Random(3), neighbours=True))
    assert sorted(p for b in found for p in b) == sorted(rule_of)  # every pair once
    for batch in found:
        rules = [rule_of[p] for p in batch]
        assert len(set(rules)) == len(rules)
        assert len({r.split(".")[0] for r in rules}) <= 2, rules


def test_tournament_rules_stand_after_the_core_rules_in_their_own_order() -> None:
    from tools.encoder.train import rulebook_order

    pairs = [
        (cited, (cited + " a", cited + " b"))
        for cited in ("TR 702.12", "811.1.b", "TR 103.1", "107.3 (v1.4)")
    ]
    ordered = [cited for cited, _ in rulebook_order(pairs, random.Random(5))]
    start = ordered.index("107.3 (v1.4)")
    assert ordered[start:] + ordered[:start] == ["107.3 (v1.4)", "811.1.b", "TR 103.1", "TR 702.12"]
