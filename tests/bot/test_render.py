"""Each embed kind, rendered from hand-made objects: what a player reads at a glance, what a judge can quote."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cards.render import card_embeds
from bot.hidden.render import verdict_embeds
from bot.rules.render import (
    SUMMARY_LABEL,
    keyword_embeds,
    rule_embeds,
    rule_unsure_embeds,
    ruling_answer_embed,
    ruling_embed,
    rulings_embeds,
)
from bot.ui import limits
from bot.ui.notices import not_found_embed
from bot.ui.render import pack
from bot.ui.symbols import Symbols
from cardsdb.engine import Answer, Check, CheckCode, Choice, Effect, EffectCode, Excluded, HiddenProfile
from cardsdb.engine.profile import ProfileChoice
from cardsdb.engine.verdict.naming import Target
from cardsdb.models import (
    CURRENT_RULES_VERSION,
    V13_RULES_VERSION,
    Errata,
    KeywordInfo,
    Legality,
    OlderWording,
    Rule,
    RuleNote,
    RuleView,
    Ruling,
)
from tests.support.bot_harness_fixtures import (
    HIDDEN_BLADE,
    RULE_422,
    RULE_811_1_D,
    RULE_811_1_D_2,
    RULE_V13_421,
    RULING,
)


def _all_text(embeds: list[Any]) -> str:
    parts = []
    for e in embeds:
        d = e.to_dict()
        parts += [d.get("title") or "", d.get("description") or "", (d.get("footer") or {}).get("text") or ""]
        parts += [f"{f['name']}\n{f['value']}" for f in d.get("fields") or ()]
    return "\n".join(parts)


def _fits(embeds: list[Any]) -> None:
    for group in pack(embeds):
        assert limits.message_problems(None, [e.to_dict() for e in group]) == []


HIDDEN_BLADE_PROFILE = HiddenProfile(
    card="Hidden Blade",
    has_hidden=True,
    kind="Spell",
    choices=(
        ProfileChoice(
            choice="a unit at a battlefield",
            purpose="spell",
            count="1",
            optional=False,
            restricted=True,
            why="a hidden spell chooses its targets at the battlefield it was played from",
            rules=("811.1.d", "811.1.d.2"),
        ),
    ),
    destination=None,
    destination_rules=(),
    units_played=(),
    cost_from_facedown="0: its base cost is ignored",
    cost_rules=("356.1.b",),
    unrestricted=(),
    notes=(),
)

PORO = Target(
    "poro@Your Battlefield", "unit", "Your Battlefield", card="Pouty Poro", controller="opp", id="poro"
)
SPRITE = Target("Sprite@Their Battlefield", "unit", "Their Battlefield", card="Sprite", controller="me")
CHOICES = (
    Choice(
        choice="a unit at a battlefield",
        restricted_to="Your Battlefield",
        rules=("811.1.d", "811.1.d.2"),
        legal_targets=(PORO,),
        excluded=(
            Excluded(
                what=SPRITE,
                rules=("811.1.d.2",),
                because="it is not at the battlefield where Hidden Blade was hidden",
            ),
        ),
    ),
)


def test_card_embed_shows_cost_type_text_set_image_and_readable_symbols() -> None:
    [embed] = card_embeds(
        HIDDEN_BLADE, keyword_reminders={"Hidden": ("Hide now for :rb_rune_rainbow:.", ("811",))}
    )
    data = embed.to_dict()
    text = _all_text([embed])
    assert data["title"] == "Hidden Blade"
    assert "Spell · Order" in text
    assert "2 energy + 1 Order power" in text
    assert "Kill a unit at a battlefield. Its controller draws 2." in text
    assert ":rb_" not in text and "1 power of any domain" in text
    assert "OGN-213/298" in data["footer"]["text"]
    assert data["thumbnail"]["url"].endswith("hidden-blade.png")
    assert "(rule 811)" in text


def test_card_embed_uses_custom_emoji_when_configured() -> None:
    symbols = Symbols({"rb_rune_rainbow": "<:any:123456789>", "rb_energy_2": "<:e2:123456789>"})
    text = _all_text(card_embeds(HIDDEN_BLADE, symbols=symbols))
    assert "<:any:123456789>" in text and "<:e2:123456789>" in text


def test_811_1_d_2_card_with_hidden_has_a_from_facedown_section_with_rule_numbers() -> None:
    text = _all_text(card_embeds(HIDDEN_BLADE, facedown=HIDDEN_BLADE_PROFILE))
    assert "From facedown" in text
    assert "Choose a unit at a battlefield: only at the battlefield where it was hidden" in text
    assert "(rules 811.1.d, 811.1.d.2)" in text
    assert "Cost: 0: its base cost is ignored (rule 356.1.b)" in text


def test_card_embed_notes_errata_and_legality() -> None:
    errata = Errata(
        "Hidden Blade", "Kill a unit at a battlefield.", None, "Origins errata", "2026-01-01", None
    )
    legality = Legality(
        {"constructed": "banned", "2v2": "legal"}, {"constructed": "2026-09-18", "2v2": "2026-09-18"}
    )
    text = _all_text(card_embeds(HIDDEN_BLADE, errata=[errata], legality=legality))
    assert "Errata (2026-01-01)" in text and "Origins errata" in text
    assert "Constructed: **Banned** · 2v2 Constructed: Legal\n*Ban lists of 2026-09-18*" in text


def test_an_erratum_is_shown_as_old_to_new_words() -> None:
    card = replace(HIDDEN_BLADE, text_date="2026-03-28")
    errata = Errata(card.name, card.text_raw, "Kill a unit.", "Origins errata", "2025-10-28", None)
    text = _all_text(card_embeds(card, errata=[errata]))
    # the old words struck through, the new ones in bold, then whether the text above has it
    assert (
        "Kill a ~~unit.~~ **unit at a battlefield. Its controller draws 2.**\nThe text above includes it."
        in text
    )
    newer = replace(errata, new_text="Kill two units.", old_text=None)
    text = _all_text(card_embeds(card, errata=[newer]))
    assert "Now: Kill two units." in text and "The text above is a newer wording (2026-03-28)." in text


def test_older_wordings_show_where_and_when() -> None:
    card = replace(
        HIDDEN_BLADE,
        older_wordings=(
            OlderWording("ogn-213a-298", "OGN", "Kill a unit.", "the official card gallery", "2026-03-28"),
        ),
    )
    text = _all_text(card_embeds(card))
    assert "Older wording\n*the official card gallery, 2026-03-28 (OGN):* Kill a unit." in text


def test_image_shows_the_full_card_instead_of_a_thumbnail() -> None:
    card = replace(
        HIDDEN_BLADE, printings=(replace(HIDDEN_BLADE.printings[0], image_url="https://img.invalid/a.png"),)
    )
    (small,) = card_embeds(card)
    (large,) = card_embeds(card, image=True)
    assert (
        small.to_dict()["thumbnail"]["url"] == "https://img.invalid/a.png" and "image" not in small.to_dict()
    )
    assert (
        large.to_dict()["image"]["url"] == "https://img.invalid/a.png" and "thumbnail" not in large.to_dict()
    )


def test_a_database_without_ban_lists_or_errata_says_so_in_one_line() -> None:
    from cardsdb.cli.currency_words import gaps_line

    line = gaps_line(("gallery", "errata", "ban_lists"))
    assert line is not None and "\n" not in line
    text = _all_text(card_embeds(HIDDEN_BLADE, gaps=line))
    assert "legality is unknown and the text may be older than the current wording" in text
    assert gaps_line(()) is None


def test_rule_embed_has_number_stamp_parents_children_and_moves() -> None:
    view = RuleView(
        RULE_811_1_D,
        parents=(Rule("811", CURRENT_RULES_VERSION, "heading", "Hidden", title="Hidden"),),
        children=(RULE_811_1_D_2,),
        moved=(RuleNote("now", "811.1.d", V13_RULES_VERSION, (("811.1.d.1", CURRENT_RULES_VERSION),)),),
    )
    embeds = rule_embeds(view)
    text = _all_text(embeds)
    assert embeds[0].title == "Rule 811.1.d"
    assert "current, 2026-10-09" in text
    assert "Part of" in text and "**811**" in text
    assert "Sub-rules" in text and "811.1.d.2" in text
    assert "Moved" in text and "811.1.d (v1.3) is 811.1.d.1 now." in text


def test_rulings_for_a_number_say_how_many_match_in_all_where_fewer_are_shown() -> None:
    shown = (RULING, replace(RULING, id="seed-2"))
    assert "53 matching answers; the first 2, best first." in _all_text(
        rulings_embeds("811", shown, total=53)
    )
    assert "2 matching answers, best first." in _all_text(rulings_embeds("811", shown, total=2))
    assert "2 matching answers, best first." in _all_text(rulings_embeds("hidden", shown))


def test_a_rule_lists_the_rulings_citing_it_and_where_to_read_them_whole() -> None:
    others = tuple(
        replace(RULING, id=f"seed-{n}", question=f"Question {n} on hidden targets?") for n in range(2, 6)
    )
    view = RuleView(RULE_811_1_D, children=(RULE_811_1_D_2,), rulings=(RULING, *others))
    text = _all_text(rule_embeds(view))
    assert "Rulings citing this rule or its sub-rules (5)" in text
    assert f"• Q: {RULING.question} — " in text
    # the first three, then the command that shows them all
    assert "Question 3 on hidden targets?" in text and "Question 4" not in text
    assert "`/ruling query:811.1.d` shows all 5." in text
    # more than /ruling shows: it is said how many it shows, and how to find fewer
    many = tuple(replace(RULING, id=f"seed-{n}", question=f"Question {n}?") for n in range(12))
    more = _all_text(rule_embeds(replace(view, rulings=many)))
    assert "Rulings citing this rule or its sub-rules (12)" in more
    assert "`/ruling query:811.1.d` shows the first 8; a sub-rule's number finds fewer." in more
    alone = _all_text(rule_embeds(RuleView(RULE_811_1_D_2, rulings=many)))
    assert "`/ruling query:811.1.d.2` shows the first 8." in alone
    one = _all_text(rule_embeds(RuleView(RULE_811_1_D_2, rulings=(RULING,))))
    assert "Rulings citing this rule (1)" in one and "`/ruling query:811.1.d.2` shows it whole." in one
    # an older version's rule is named as /ruling reads it, in that version's numbering
    older = _all_text(rule_embeds(RuleView(RULE_V13_421, rulings=(RULING,))))
    assert "`/ruling query:421 (v1.3)` shows it whole." in older
    assert "Rulings citing" not in _all_text(rule_embeds(RuleView(RULE_811_1_D)))
    # the ruling an answer shows whole after the rule is said to be
    below = _all_text(rule_embeds(view, ruling_below=others[0]))
    assert below.count("(shown below)") == 1 and "Question 2 on hidden targets? — " in below
    assert "Question 2 on hidden targets? — Hidden keyword page (shown below)" in below
    long = replace(RULING, question="Why " * 400 + "?")
    _fits(rule_embeds(replace(view, rulings=(long,) * 3)))


HIDE_MOVED = RuleNote(
    "moved_here",
    "421",
    V13_RULES_VERSION,
    (("422", CURRENT_RULES_VERSION),),
    title="Hide",
    versions=(V13_RULES_VERSION,),
)


def test_summary_is_labelled_never_passed_off_as_official_wording() -> None:
    text = _all_text(rule_embeds(RuleView(RULE_422, moved=(HIDE_MOVED,))))
    assert text.count(SUMMARY_LABEL) == 1
    assert "421 (v1.3), Hide, is 422 now." in text
    official = _all_text(rule_embeds(RuleView(RULE_811_1_D_2)))
    assert SUMMARY_LABEL not in official


def test_v13_rule_is_stamped_as_of_v13() -> None:
    assert RULE_V13_421.version == V13_RULES_VERSION
    view = RuleView(
        RULE_V13_421,
        moved=(RuleNote("now", "421", V13_RULES_VERSION, (("422", CURRENT_RULES_VERSION),)),),
        now=("422",),
    )
    text = _all_text(rule_embeds(view))
    assert text.startswith("Rule 421 (v1.3) · Hide")
    assert "as of v1.3" in text and "is 422 now" in text


def test_ruling_embed_has_question_answer_source_date_link_and_rules() -> None:
    ruling = Ruling(
        "f1",
        "Can I hide on my opponent's turn?",
        "No.",
        "official",
        "Origins FAQ",
        "2025-10-16",
        "https://example.invalid/faq",
        rules=("811.1.b",),
    )
    data = ruling_embed(ruling).to_dict()
    text = _all_text([ruling_embed(ruling)])
    assert data["title"].startswith("Q: Can I hide")
    assert data["description"] == "No."
    assert "Official: Origins FAQ" in text and "2025-10-16" in text and "rule 811.1.b" in text
    assert data["url"] == "https://example.invalid/faq"
    community = ruling_embed(Ruling("c", "q", "a", "community", "GrentonTV", None, None))
    assert "Community (not official)" in _all_text([community])
    assert "Credit" not in {f["name"] for f in data["fields"]}


def test_a_credited_community_ruling_shows_its_credit_link_and_rules_version() -> None:
    ruling = Ruling(
        "riftboundfaq/cards/flash#target-in-base",
        "Can Flash target a unit in base?",
        "Yes (v1.4 rule 355.9.a).",
        "community",
        "Riftbound FAQ, Cards: Flash",
        "2026-07-01",
        "https://www.riftboundfaq.com/cards/flash#target-in-base",
        rules=("355.9.a",),
        rules_version="v1.4",
        credit="Riftbound FAQ (riftboundfaq.com), CC BY-SA 4.0, by A. Judge",
    )
    data = ruling_embed(ruling).to_dict()
    fields = {f["name"]: f["value"] for f in data["fields"]}
    assert fields["Source"] == "Community (not official): Riftbound FAQ, Cards: Flash"
    assert fields["Credit"] == "Riftbound FAQ (riftboundfaq.com), CC BY-SA 4.0, by A. Judge"
    assert fields["Link"] == data["url"] == "https://www.riftboundfaq.com/cards/flash#target-in-base"
    assert fields["Rules"] == "rule 355.9.a (v1.4)" and fields["Date"] == "2026-07-01"


def test_a_keywords_faq_list_marks_community_rulings_and_credits_them() -> None:
    community = Ruling(
        "riftboundfaq/mechanics/flow#play-timing",
        "When can I play a spell using Flow?",
        "Only when its timing allows.",
        "community",
        "Riftbound FAQ, Mechanics: Flow",
        "2026-08-01",
        "https://www.riftboundfaq.com/mechanics/flow#play-timing",
        credit="Riftbound FAQ (riftboundfaq.com), CC BY-SA 4.0",
    )
    info = KeywordInfo("Flow", rulings=(RULING, community))
    faq = next(f["value"] for f in keyword_embeds(info)[0].to_dict()["fields"] if f["name"] == "FAQ")
    lines = faq.split("\n")
    assert lines[0] == "*Community rulings: Riftbound FAQ (riftboundfaq.com), CC BY-SA 4.0*"
    assert lines[-1].endswith("When can I play a spell using Flow? (community, not official)")
    assert "community" not in lines[1]


def test_verdict_title_begins_with_the_verdict_and_lists_every_check() -> None:
    answer = Answer(
        ask="play_hidden",
        action="play Hidden Blade from facedown this turn",
        checks=(
            Check(False, CheckCode.HIDDEN_THIS_TURN, ("811.1.b", "811.6"), "It was hidden this turn."),
            Check(True, CheckCode.HAS_LEGAL_TARGETS, ("811.1.d",), "Pouty Poro is there."),
        ),
        choices=CHOICES,
    )
    embeds = verdict_embeds(answer, card_data="2026-03-28", position="ask: {}", assumed=["x"])
    first = embeds[0].to_dict()
    assert first["title"].startswith("No: you can't play Hidden Blade")
    text = _all_text(embeds)
    assert "❌ failed: It was hidden this turn (rules 811.1.b, 811.6)." in text
    assert "✅ passed: Pouty Poro is there (rule 811.1.d)." in text
    # targets in words: the card's name and where it is, an enemy's marked; never the id or NAME@PLACE
    assert "Legal: Pouty Poro (enemy) at Your Battlefield" in text
    assert (
        "Not Sprite at Their Battlefield: it is not at the battlefield where Hidden Blade was hidden" in text
    )
    assert "@" not in text and "poro" not in text and "hidden_this_turn" not in text
    assert first["footer"]["text"] == "Core Rules 2026-10-09 · card data 2026-03-28"
    assert "Position assumed" in text and "```yaml" in text


def test_long_answers_continue_in_more_embeds_not_cut_mid_word() -> None:
    words = ("facedown battlefield " * 900).strip()
    long_rule = RuleView(
        Rule("999.1", CURRENT_RULES_VERSION, "rule", words),
        children=tuple(Rule(f"999.1.{i}", CURRENT_RULES_VERSION, "rule", words[:300]) for i in range(60)),
    )
    embeds = rule_embeds(long_rule)
    assert len(embeds) >= 2 and embeds[1].title == "Rule 999.1 (continued)"
    _fits(embeds)
    joined = " ".join((e.description or "") for e in embeds)
    assert joined.split() == words.split()
    assert len(pack(embeds)) >= 1


def test_rulings_pack_into_messages_within_limits() -> None:
    many = [RULING] * 30
    embeds = rulings_embeds("hidden", many)
    groups = pack(embeds)
    assert len(groups) >= 3
    _fits(embeds)


def test_rulings_no_ruling_is_sure_to_answer_say_so_first_and_are_shown_as_the_closest() -> None:
    sure = rulings_embeds("hidden", [RULING, RULING])
    assert sure[0].title == "Rulings for “hidden”"
    assert sure[0].description == "2 matching answers, best first."
    unsure = rulings_embeds(
        "how many cards in my hand", [RULING, RULING], confident=False, read_as="Read as “x”."
    )
    assert unsure[0].title == "Not sure a ruling answers “how many cards in my hand”"
    description = unsure[0].description or ""
    assert description.startswith("Read as “x”. No FAQ answer or ruling clearly answers these words.")
    assert "The 2 closest, best first" in description and "`/rule`" in description
    assert "The closest one: read it, or" in (
        rulings_embeds("x", [RULING], confident=False)[0].description or ""
    )
    assert rulings_embeds("x", [RULING])[0].description == "1 matching answer."
    _fits(unsure)


def test_a_ruling_asking_the_words_of_rule_says_it_answers_them_first_in_its_sources_words() -> None:
    closest = rule_unsure_embeds(
        "can my opponent react",
        [RuleView(RULE_422), RuleView(RULE_811_1_D)],
        read_as="Read as “x”.",
        ruling=RULING,
    )
    assert closest[0].title == "Not sure which rule answers “can my opponent react”"
    description = closest[0].description or ""
    assert description.startswith(f"Read as “x”.\n\n**Hidden keyword page:** {RULING.answer}\n\n")
    assert (
        "No rule clearly answers these words; the ruling below does. The 2 closest, best first" in description
    )
    whole = ruling_answer_embed("can my opponent react", RULING, rule_shown=False)
    assert whole.title == f"Q: {RULING.question}"
    assert (whole.description or "").startswith(
        f"*The ruling that answers “can my opponent react”.*\n\n{RULING.answer.strip()}"
    )
    after = ruling_answer_embed("can my opponent react", RULING, rule_shown=True)
    assert (after.description or "").startswith("*A ruling answering these words, citing the rule above.*")
    citing_none = ruling_answer_embed("x", replace(RULING, rules=()), rule_shown=True)
    assert (citing_none.description or "").startswith("*A ruling answering these words, on the rule above.*")
    alone = rule_unsure_embeds("can my opponent react", [RuleView(RULE_422), RuleView(RULE_811_1_D)])
    assert (alone[0].description or "").startswith(
        "No rule matches these words clearly better than the others."
    )
    _fits([*closest, whole])


def test_the_closest_rules_each_say_how_many_rulings_cite_them_and_where_to_read_them() -> None:
    # A rule among the closest is not shown whole: its rulings are counted, with the command that shows them.
    cited = RuleView(RULE_811_1_D, children=(RULE_811_1_D_2,), rulings=(RULING, RULING))
    older = RuleView(RULE_V13_421, rulings=(RULING,))
    embed = rule_unsure_embeds("can my opponent react", [cited, older, RuleView(RULE_422)])[0]
    values = [f.value or "" for f in embed.fields]
    assert values[0].endswith("\nRulings citing this rule or its sub-rules (2): `/ruling query:811.1.d`")
    assert values[1].endswith("\nRulings citing this rule (1): `/ruling query:421 (v1.3)`")
    assert "Rulings citing" not in values[2]
    _fits([embed])


def test_the_closest_rules_with_long_texts_and_many_rulings_fit_discords_limits() -> None:
    words = ("facedown battlefield " * 400).strip()
    many = tuple(replace(RULING, id=f"r{i}", question=words) for i in range(500))
    closest = [
        RuleView(Rule(f"999.{i}", CURRENT_RULES_VERSION, "rule", words, title=words[:300]), rulings=many)
        for i in range(3)
    ]
    others = [Rule(f"998.{i}", CURRENT_RULES_VERSION, "rule", words) for i in range(5)]
    embeds = rule_unsure_embeds(words, closest, also=others, read_as=f"Read as “{words}”.", ruling=RULING)
    values = [f.value or "" for f in embeds[0].fields[:3]]
    assert [v.endswith(f"(500): `/ruling query:999.{i}`") for i, v in enumerate(values)] == [True] * 3
    _fits(embeds)  # over 6,000 characters in all: packing moves the last fields on


def test_user_text_is_escaped_when_echoed() -> None:
    embed = not_found_embed("card", "@everyone **bold** \u202ereversed", ["Hidden Blade"])
    text = embed.description or ""
    assert "@everyone" not in text.replace("@\u200beveryone", "")
    assert "\\*\\*bold\\*\\*" in text
    assert "\u202e" not in text


_words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz ", min_size=0, max_size=3000)


@settings(max_examples=25, deadline=None)
@given(
    text=_words,
    tags=st.lists(st.text(alphabet="abcxyz", min_size=1, max_size=40), max_size=40),
    notes=st.lists(_words, max_size=5),
)
def test_any_card_fits_discords_limits(text: str, tags: list[str], notes: list[str]) -> None:
    card = replace(
        HIDDEN_BLADE, name="N" * 300, text=text, text_raw=text, tags=tuple(tags), notes=tuple(notes)
    )
    errata = [Errata(card.name, text, None, "errata " * 50, "2026-01-01", None)] * 3
    _fits(card_embeds(card, errata=errata, facedown=HIDDEN_BLADE_PROFILE))


@settings(max_examples=25, deadline=None)
@given(
    summary=_words,
    becauses=st.lists(_words, min_size=1, max_size=30),
    targets=st.lists(st.text(alphabet="abc@ ", min_size=1, max_size=90), max_size=60),
)
def test_any_verdict_fits_discords_limits(summary: str, becauses: list[str], targets: list[str]) -> None:
    answer = Answer(
        ask="play_hidden",
        action=summary,
        checks=tuple(Check(i % 2 == 1, CheckCode.YOUR_TURN, ("811.1.b",), b) for i, b in enumerate(becauses)),
        choices=(
            Choice(
                choice="a unit",
                restricted_to="X",
                rules=("811.1.d",),
                legal_targets=tuple(Target(t, "unit", "X", card=t) for t in targets),
                excluded=tuple(
                    Excluded(Target(t, "gear", "me.base", card=t), ("811.1.d.2",), "elsewhere")
                    for t in targets
                ),
            ),
        ),
        effects=tuple(Effect(EffectCode.WORKS_AS_NORMAL, ("811.2",), b) for b in becauses),
    )
    embeds = verdict_embeds(answer, position="turn: 1\n" * 600, code="rb1." + "A" * 3000, assumed=becauses)
    assert embeds[0].title is not None and embeds[0].title.split(":")[0] == "No"
    _fits(embeds)
