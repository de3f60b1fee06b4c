"""The deck check's rules, one test (or a few) per check of docs/deck-check.md, each named after the rule it proves,
over the small cards of tests/support/deck_cards.py. Every test starts from a legal deck and changes one thing."""

from __future__ import annotations

from datetime import date

import pytest

from cardsdb.deck import CardCount, DeckCode, DeckVerdict, check_code, check_list, decode, encode
from cardsdb.deck.assemble import MAX_GLUED_LOOKUPS, Lookups, glued_names
from cardsdb.deck.rules import plain
from cardsdb.models import Card
from tests.support.deck_cards import CARDS, LEGAL_LIST, ON, FakeDeckCards


def check(text: str, format_name: str = "constructed", *, on: date = ON, **fake: object) -> DeckVerdict:
    return check_list(text, FakeDeckCards(**fake), format_name, on=on)  # type: ignore[arg-type]


def problems(verdict: DeckVerdict) -> list[str]:
    return [p.code for p in verdict.problems]


def changed(old: str, new: str, text: str = LEGAL_LIST) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def rules_of(verdict: DeckVerdict, code: str) -> list[str]:
    return next([plain(c) for c in p.rules] for p in verdict.problems if p.code == code)


def test_the_fixture_deck_is_legal_in_both_formats() -> None:
    for format_name in ("constructed", "2v2"):
        verdict = check(LEGAL_LIST, format_name)
        assert verdict.legal is True and verdict.verdict == "Yes", verdict.problems
        assert verdict.summary.main_deck_size == 40
        assert verdict.summary.sections["main"] == 39 and verdict.summary.sections["champion"] == 1
        assert all(c.ok is not False for c in verdict.checks)


# ---- 103.1 the Champion Legend --------------------------------------------------------------------------------


def test_103_1_a_deck_without_a_legend_is_not_legal() -> None:
    verdict = check(changed("Legend:\nJinx, Loose Cannon\n", ""))
    assert "legend_missing" in problems(verdict)
    assert rules_of(verdict, "legend_missing") == ["103.1", "TR 402.1"]
    assert verdict.legal is False


def test_103_1_a_unit_in_the_legend_slot_is_not_a_legend() -> None:
    verdict = check(changed("Legend:\nJinx, Loose Cannon", "Legend:\nFury Unit 6"))
    assert "not_a_legend" in problems(verdict)
    assert "legend_missing" not in problems(verdict)  # one problem for one mistake
    domain = next(c for c in verdict.checks if c.code == "domain_identity")
    assert domain.ok is None and not domain.made  # no legend, no identity to check against


def test_103_1_two_legends_are_a_problem_unless_a_card_allows_it() -> None:
    verdict = check(changed("Jinx, Loose Cannon\n", "Jinx, Loose Cannon\nAnnie, Dark Child\n"))
    assert problems(verdict) == ["legend_count"]
    twice = check(changed("Jinx, Loose Cannon\n", "2 Jinx, Loose Cannon\n"))
    assert problems(twice) == ["legend_count"]


def test_103_1_other_legends_as_neekos_text_allows_them() -> None:
    # Neeko, Blending In: "choose up to 3 different legends in addition to your starting legend"
    with_neeko = changed("1 Chaos Spell 5\n", "1 Neeko, Blending In\n")
    three = changed(
        "Jinx, Loose Cannon\n", "Jinx, Loose Cannon\nAnnie, Dark Child\nTeemo, Swift Scout\n", with_neeko
    )
    verdict = check(three, on=ON)
    assert "legend_count" not in problems(verdict)
    other = next(c for c in verdict.checks if c.code == "other_legends")
    assert other.ok is True and "Neeko" in other.because
    same = changed(
        "Jinx, Loose Cannon\n", "Jinx, Loose Cannon\nAnnie, Dark Child\nAnnie, Dark Child\n", with_neeko
    )
    assert "legend_duplicate" in problems(check(same))
    four = "Jinx, Loose Cannon\nAnnie, Dark Child\nTeemo, Swift Scout\nKennen, Heart of the Tempest\nVi, Piltover Enforcer\n"
    assert "legend_count" in problems(check(changed("Jinx, Loose Cannon\n", four, with_neeko)))


# ---- 103.2.a the chosen champion ------------------------------------------------------------------------------


def test_103_2_a_2_the_champion_tag_must_match_the_legends() -> None:
    text = changed("Champion:\nJinx, Rebel", "Champion:\nTeemo, Scout")
    verdict = check(changed("2 Jinx, Rebel", "3 Jinx, Rebel", text))
    assert "champion_tag_mismatch" in problems(verdict)
    assert rules_of(verdict, "champion_tag_mismatch") == ["103.2.a.2"]


def test_103_2_a_2_a_signature_unit_is_not_a_champion_unit() -> None:
    # the rule's own example: Tibbers is tagged Annie but is a signature unit
    text = changed("Legend:\nJinx, Loose Cannon", "Legend:\nAnnie, Dark Child")
    verdict = check(changed("Champion:\nJinx, Rebel", "Champion:\nTibbers", text))
    assert "not_a_champion_unit" in problems(verdict)
    assert rules_of(verdict, "not_a_champion_unit") == ["103.2.a.2", "103.2.d.3"]


def test_103_2_a_no_chosen_champion() -> None:
    verdict = check(changed("Champion:\nJinx, Rebel\n", "Champion:\n"))
    assert "champion_missing" in problems(verdict)


def test_103_2_a_without_a_champion_heading_the_first_matching_champion_unit_is_assumed() -> None:
    text = changed("Champion:\nJinx, Rebel\n", "")
    verdict = check(changed("2 Jinx, Rebel", "3 Jinx, Rebel", text))
    assert verdict.legal is True  # an assumption is not a doubt
    assert verdict.summary.champion == "Jinx, Rebel"
    assert any("took Jinx, Rebel" in a for a in verdict.assumed)
    assert verdict.summary.sections["main"] == 39


def test_103_2_a_the_champion_section_holds_one_card() -> None:
    verdict = check(changed("Champion:\nJinx, Rebel", "Champion:\n2 Jinx, Rebel"))
    assert "champion_count" in problems(verdict)


# ---- 103.2 main deck size, 103.2.b copies ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "size"), [("1 Chaos Spell 5\n", "", 39), ("1 Chaos Spell 5", "2 Chaos Spell 5", 41)]
)
def test_103_2_tr_402_1_the_main_deck_is_exactly_40_with_the_champion(old: str, new: str, size: int) -> None:
    verdict = check(changed(old, new))
    assert problems(verdict) == ["main_deck_size"]
    assert verdict.problems[0].text == (
        f"The main deck has {size} cards; it needs exactly 40, the chosen champion included."
    )
    assert rules_of(verdict, "main_deck_size") == ["103.2", "TR 402.1", "TR 601.1.b"]


def test_103_2_b_at_most_3_copies_of_a_named_card() -> None:
    text = changed("1 Chaos Spell 5\n", "", changed("3 Fury Unit 5", "4 Fury Unit 5"))
    verdict = check(text)
    assert problems(verdict) == ["too_many_copies"]
    assert verdict.problems[0].text == "4 copies of Fury Unit 5; at most 3."


def test_103_2_b_1_the_chosen_champion_counts_in_the_copies() -> None:
    verdict = check(changed("2 Jinx, Rebel\n3 Jinx, Demolitionist", "3 Jinx, Rebel\n2 Jinx, Demolitionist"))
    assert problems(verdict) == ["too_many_copies"]
    assert rules_of(verdict, "too_many_copies") == ["103.2.b", "103.2.b.1"]


def test_103_2_b_2_different_names_are_different_cards_even_for_one_champion() -> None:
    verdict = check(LEGAL_LIST)  # 3 Jinx, Rebel (with the champion) and 3 Jinx, Demolitionist
    assert verdict.legal is True


def test_tr_403_3_copies_count_the_sideboard_too() -> None:
    verdict = check(LEGAL_LIST + "Sideboard:\n1 Fury Unit 1\n")
    assert problems(verdict) == ["too_many_copies"]
    assert "main deck and sideboard together" in verdict.problems[0].text
    assert rules_of(verdict, "too_many_copies") == ["103.2.b", "TR 403.3", "TR 601.1.c.3"]


def test_825_3_a_a_unique_card_allows_one_copy() -> None:
    text = changed("3 Neutral Gadget\n1 Chaos Spell 5", "2 Forgefire Cape\n2 Neutral Gadget")
    verdict = check(text)
    assert problems(verdict) == ["too_many_copies"]
    assert rules_of(verdict, "too_many_copies") == ["825.3.a"]
    assert (
        check(changed("3 Neutral Gadget\n1 Chaos Spell 5", "1 Forgefire Cape\n3 Neutral Gadget")).legal
        is True
    )


def test_103_2_b_a_cards_own_text_allows_more_copies_spiderling() -> None:
    text = changed("3 Fury Unit 4\n3 Fury Unit 5\n3 Chaos Spell 1\n3 Chaos Spell 2\n", "12 Spiderling\n")
    verdict = check(text)
    assert verdict.legal is True, verdict.problems
    copies = next(c for c in verdict.checks if c.code == "copies")
    assert "Spiderling's text allows any number of copies of Spiderling" in copies.because


# ---- 103.1.b domain identity -----------------------------------------------------------------------------------


def test_103_1_b_3_a_card_of_another_domain_is_outside_the_identity() -> None:
    verdict = check(changed("1 Chaos Spell 5", "1 Mind Trick"))
    assert problems(verdict) == ["domain_identity"]
    assert verdict.problems[0].text == "Mind Trick is Mind, outside the legend's domains (Fury and Chaos)."
    assert rules_of(verdict, "domain_identity") == ["103.1.b.1", "103.1.b.3", "103.2.c"]


def test_103_1_b_4_a_card_with_several_domains_needs_all_of_them() -> None:
    verdict = check(changed("1 Chaos Spell 5", "1 Disciplined Strike"))
    assert problems(verdict) == ["domain_identity"]
    assert rules_of(verdict, "domain_identity") == ["103.1.b.1", "103.1.b.4", "103.2.c"]


def test_103_1_b_a_card_with_no_domain_colorless_fits_any_identity() -> None:
    teemo = changed("Legend:\nJinx, Loose Cannon", "Legend:\nTeemo, Swift Scout")
    verdict = check(teemo)
    assert all(p.cards != ("Neutral Gadget",) for p in verdict.problems)
    assert all(
        p.cards != ("Zaun Warrens",) and p.cards != ("Grove of the God-Willow",) for p in verdict.problems
    )


# ---- 103.2.d signature cards ----------------------------------------------------------------------------------


def test_103_2_d_1_at_most_3_signature_cards_in_all() -> None:
    text = changed("Legend:\nJinx, Loose Cannon", "Legend:\nAnnie, Dark Child")
    text = changed("Champion:\nJinx, Rebel", "Champion:\nJinx, Rebel", text)
    verdict = check(changed("1 Chaos Spell 5", "1 Tibbers", text))
    assert "signature_count" in problems(verdict)


def test_103_2_d_2_every_signature_card_has_the_legends_champion_tag() -> None:
    verdict = check(
        changed(
            "1 Chaos Spell 5\n",
            "",
            changed("3 Super Mega Death Rocket!", "3 Super Mega Death Rocket!\n1 Tibbers"),
        )
    )
    assert "signature_tag_mismatch" in problems(verdict)
    assert "signature_count" in problems(verdict)  # 4 in all, too


# ---- 103.2.e and TR 601.2 format legality -----------------------------------------------------------------------


def test_103_2_e_tr_601_2_d_a_banned_card_with_the_lists_date() -> None:
    verdict = check(changed("1 Chaos Spell 5", "1 Called Shot"))
    assert problems(verdict) == ["banned"]
    assert verdict.problems[0].text == "Called Shot is banned in Constructed (ban list of 2026-09-18)."
    assert verdict.ban_list_as_of == "2026-09-18"


def test_tr_601_2_d_the_ban_list_is_the_formats() -> None:
    annie = changed("Legend:\nJinx, Loose Cannon", "Legend:\nAnnie, Dark Child")
    annie = changed("Champion:\nJinx, Rebel\n", "Champion:\n", annie)
    assert "banned" not in problems(check(annie, "constructed"))
    assert "banned" in problems(check(annie, "2v2"))


def test_103_2_e_without_a_ban_list_the_bans_are_undecided() -> None:
    verdict = check(LEGAL_LIST, bans={})
    assert verdict.legal is None and verdict.verdict == "Depends"
    assert [u.code for u in verdict.undecided] == ["no_ban_list"]


def test_tr_601_2_a_a_card_of_a_set_not_in_standard_is_not_legal() -> None:
    verdict = check(changed("1 Chaos Spell 5", "1 Arcane Relic"))
    assert problems(verdict) == ["set_not_legal"]
    assert rules_of(verdict, "set_not_legal") == ["TR 601.2.a", "TR 601.3.c"]


def test_tr_601_3_c_a_set_released_after_the_rules_is_legal_from_its_release_assumed() -> None:
    text = changed("1 Chaos Spell 5", "1 Radiant Spark")
    after = check(text, on=date(2026, 10, 23))
    assert after.legal is True
    assert any("Radiance" in a and "legal from its release" in a for a in after.assumed)
    before = check(text, on=date(2026, 10, 22))
    assert problems(before) == ["set_not_legal"]
    assert "2026-10-23" in before.problems[0].text


def test_tr_601_3_c_vendetta_is_legal_from_july_31_2026() -> None:
    text = changed("1 Chaos Spell 5", "1 Vendetta Blade")
    assert check(text, on=date(2026, 7, 31)).legal is True
    assert problems(check(text, on=date(2026, 7, 30))) == ["set_not_legal"]


# ---- 103.3 rune deck, 103.4 battlefields, TR 601.1.c sideboard ------------------------------------------------------


def test_103_3_a_the_rune_deck_is_exactly_12() -> None:
    verdict = check(changed("6 Chaos Rune", "5 Chaos Rune"))
    assert problems(verdict) == ["rune_deck_size"]
    assert verdict.problems[0].text == "The rune deck has 11 runes; it needs exactly 12."


def test_103_3_a_1_runes_of_the_legends_domains() -> None:
    verdict = check(changed("6 Chaos Rune", "6 Order Rune"))
    assert problems(verdict) == ["rune_domain"]
    assert rules_of(verdict, "rune_domain") == ["103.3.a.1"]


def test_tr_402_1_exactly_3_battlefields() -> None:
    verdict = check(changed("Monastery of Hirana\n", ""))
    assert problems(verdict) == ["battlefield_count"]
    assert verdict.problems[0].text == "The deck has 2 battlefields; it needs exactly 3."
    two_v_two = check(changed("Monastery of Hirana\n", ""), "2v2")
    assert rules_of(two_v_two, "battlefield_count") == ["103.4.a", "489.4.a", "TR 402.1"]  # Core Rules first


def test_103_4_c_each_battlefield_has_a_unique_name() -> None:
    verdict = check(changed("Monastery of Hirana", "Zaun Warrens"))
    assert problems(verdict) == ["battlefield_duplicate"]


def test_tr_601_1_c_1_a_sideboard_of_at_most_10() -> None:
    side = "Sideboard:\n3 Chaos Spell 5\n3 Fury Unit 6\n3 Fury Unit 7\n2 Neutral Gadget\n"
    verdict = check(LEGAL_LIST + side)
    assert "sideboard_size" in problems(verdict)


def test_tr_601_1_c_2_the_sideboard_holds_only_main_deck_cards() -> None:
    verdict = check(LEGAL_LIST + "Sideboard:\nThe Dreaming Tree\n2 Fury Unit 6\n")
    assert "sideboard_invalid_card" in problems(verdict)
    assert "banned" in problems(verdict)  # the battlefield is also banned: both are said


def test_185_a_token_is_not_a_card() -> None:
    verdict = check(changed("1 Chaos Spell 5", "1 Sprite"))
    assert problems(verdict) == ["token_card"]
    assert rules_of(verdict, "token_card") == ["185", "186"]


def test_103_2_a_rune_in_the_main_deck_is_in_the_wrong_section() -> None:
    verdict = check(changed("1 Chaos Spell 5", "1 Chaos Rune"))
    assert "wrong_section" in problems(verdict)
    assert "rune_domain" not in problems(verdict) and "domain_identity" not in problems(verdict)
    unit_among_battlefields = check(changed("Monastery of Hirana", "Fury Unit 6"))
    assert "wrong_section" in problems(unit_among_battlefields)


# ---- unknown cards, cards known in part, card texts ------------------------------------------------------------


def test_a_misspelt_name_is_one_problem_with_suggestions_and_the_rest_is_checked() -> None:
    verdict = check(changed("1 Chaos Spell 5", "1 Qwxyz Blorp"))
    assert problems(verdict) == ["unknown_card"]
    assert verdict.problems[0].text.startswith("Line 21 (“1 Qwxyz Blorp”): no card is named “Qwxyz Blorp”")
    assert verdict.summary.main_deck_size == 40  # the unknown line still counts in its section
    several = check(changed("1 Chaos Spell 5", "1 Qwxyz Blorp", changed("6 Chaos Rune", "6 Order Rune")))
    assert sorted(problems(several)) == ["rune_domain", "unknown_card"]


def test_a_plain_typo_is_read_as_the_card_it_means_and_said() -> None:
    verdict = check(changed("3 Neutral Gadget", "3 Neutral Gadgte"))
    assert verdict.legal is True
    assert "read “Neutral Gadgte” as Neutral Gadget" in verdict.assumed


def test_a_card_known_only_in_part_makes_its_checks_undecided_never_guessed() -> None:
    verdict = check(changed("1 Chaos Spell 5", "1 Elnuk Herd"))
    assert verdict.legal is None and verdict.verdict == "Depends"
    assert {u.code for u in verdict.undecided} == {"card_partly_known"}
    undecided_checks = {c.code for c in verdict.checks if c.ok is None and c.made}
    assert {"domain_identity", "sets"} <= undecided_checks
    assert all("Elnuk Herd" in u.text for u in verdict.undecided)


def test_a_problem_beats_a_doubt() -> None:
    verdict = check(changed("1 Chaos Spell 5", "1 Elnuk Herd", changed("6 Chaos Rune", "5 Chaos Rune")))
    assert verdict.legal is False and verdict.undecided


def test_a_deck_building_sentence_the_check_does_not_read_is_undecided() -> None:
    verdict = check(changed("1 Chaos Spell 5", "1 Wild Recruiter"))
    assert verdict.legal is None
    assert [u.code for u in verdict.undecided] == ["card_text_not_read"]


def test_every_problem_at_once_all_reported() -> None:
    text = """Legend: Teemo, Swift Scout
Champion: Jinx, Rebel
Main Deck
4 Fury Unit 1
3 Called Shot
1 Chaos Rune
1 Sprite
1 Qwxyz Blorp
Battlefields
2 Zaun Warrens
Runes
6 Order Rune
Sideboard
Zaun Warrens
"""
    found = set(problems(check(text)))
    assert found >= {
        "champion_tag_mismatch",
        "main_deck_size",
        "too_many_copies",
        "domain_identity",
        "banned",
        "rune_deck_size",
        "rune_domain",
        "battlefield_count",
        "battlefield_duplicate",
        "sideboard_invalid_card",
        "token_card",
        "unknown_card",
        "wrong_section",
    }


# ---- deck codes -----------------------------------------------------------------------------------------------


def test_a_deck_code_is_checked_like_its_list() -> None:
    listed = check(LEGAL_LIST)
    assert listed.code is not None
    coded = check_code(listed.code, FakeDeckCards(), on=ON)
    assert coded.legal is True
    assert (coded.summary.legend, coded.summary.champion) == ("Jinx, Loose Cannon", "Jinx, Rebel")
    assert coded.summary.sections == listed.summary.sections
    assert next(c for c in coded.checks if c.code == "sections").ok is True


def test_a_code_of_a_set_the_data_does_not_hold_is_undecided_not_wrong() -> None:
    decoded = decode(check(LEGAL_LIST).code or "")
    with_radiance = DeckCode((*decoded.main, CardCount("RAD-005", 1)), champion=decoded.champion)
    without_radiance = FakeDeckCards(
        cards=[c for c in CARDS if not c.printings or c.printings[0].set_id != "RAD"]
    )
    verdict = check_code(encode(with_radiance), without_radiance, on=ON)
    assert [u.code for u in verdict.undecided] == ["card_not_in_data"]
    assert "Radiance" in verdict.undecided[0].text


def test_a_code_naming_an_unknown_printing_is_a_problem() -> None:
    verdict = check_code(
        encode(DeckCode((CardCount("OGN-251", 1), CardCount("OGN-250", 2)))), FakeDeckCards(), on=ON
    )
    assert "unknown_card" in problems(verdict)
    assert "OGN-250" in next(p.text for p in verdict.problems if p.code == "unknown_card")


def test_a_codes_extra_legends_are_checked_for_what_they_are() -> None:
    code = encode(DeckCode((CardCount("OGN-251", 1),), extra_legends=("OGN-280", "OGN-247")))
    verdict = check_code(code, FakeDeckCards(), on=ON)
    found = problems(verdict)
    assert "not_a_legend" in found  # a battlefield among the extra legends
    assert "legend_count" in found  # a legend there, and no Neeko to allow it


# ---- a list pasted on one line ----------------------------------------------------------------------------------

BATTLEFIELDS = "Zaun Warrens\nGrove of the God-Willow\nMonastery of Hirana"


def on_one_line(text: str) -> str:
    """The list on one line, its battlefields (written without counts) run together as a Discord option has them;
    the other lines kept apart with `;` (the fixture's "Fury Unit 1" names end in digits, read as counts on one line)."""
    assert BATTLEFIELDS in text
    return "; ".join(text.replace(BATTLEFIELDS, BATTLEFIELDS.replace("\n", " ")).split("\n"))


def test_names_without_counts_run_together_on_one_line_are_read_as_the_cards_they_name() -> None:
    """Split into exact names, the deck is the one pasted, and `assumed` says how the run was read."""
    verdict = check(on_one_line(LEGAL_LIST))
    assert verdict.legal is True, [p.text for p in verdict.problems]
    assert verdict.summary.sections["battlefields"] == 3
    assert any(
        "as 3 cards: Zaun Warrens; Grove of the God-Willow; Monastery of Hirana" in a for a in verdict.assumed
    )


def test_103_4_c_a_battlefield_repeated_in_a_run_of_names_is_still_found() -> None:
    verdict = check(on_one_line(LEGAL_LIST).replace("Monastery of Hirana", "Zaun Warrens"))
    assert verdict.summary.sections["battlefields"] == 3
    assert problems(verdict) == ["battlefield_duplicate"]


def test_a_run_of_words_that_is_not_only_card_names_stays_one_unknown_name_with_suggestions() -> None:
    verdict = check(on_one_line(LEGAL_LIST).replace("Monastery of Hirana", "Monastery of Nowhere"))
    assert verdict.legal is False
    assert not any("cards:" in a for a in verdict.assumed)
    assert "unknown_card" in problems(verdict)


class _CountedCards(FakeDeckCards):
    looked_up = 0

    def get_card(self, name: str) -> Card | None:
        self.looked_up += 1
        return super().get_card(name)


def test_splitting_a_lists_runs_of_names_looks_up_a_bounded_number_of_names() -> None:
    """A line of runs of one battlefield's name (40 words each) asks for a name at every word: a list's runs share
    MAX_GLUED_LOOKUPS; a run met after they are spent stays one name (issue 25)."""
    cards = _CountedCards()
    run = " ".join(["Zaun Warrens"] * 20)
    lookups = Lookups()
    read = [glued_names(cards, run, lookups) for _ in range(60)]
    assert read[0] is not None and [c.name for c in read[0]] == ["Zaun Warrens"] * 20
    assert read[-1] is None and lookups.left == 0
    assert cards.looked_up == MAX_GLUED_LOOKUPS
    verdict = check_list("Battlefields: " + "; ".join([run] * 60), _CountedCards(), "constructed", on=ON)
    assert sum("as 20 cards" in a for a in verdict.assumed) == sum(r is not None for r in read)
