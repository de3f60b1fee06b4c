"""Card names as people type them (cardsdb.search.name_index) and the typo set that measures it (tools.bench.typos)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz import fuzz, process

from cardsdb.search.name_index import CANDIDATES, PREFIX_CANDIDATES, NameIndex, NameSpec, closest_name
from tools.bench.typos import KINDS, Typo, accuracy, accuracy_by_kind, generate

# Real names, a few of each shape: plain, "Champion, Title", punctuation, small words, a Legend with its champion.
SPECS = [
    NameSpec("Hidden Blade"),
    NameSpec("Blade Dancer", champion="Irelia"),
    NameSpec("Blade of the Ruined King"),
    NameSpec("Zhonya's Hourglass"),
    NameSpec("Teemo, Scout"),
    NameSpec("Teemo, Strategist"),
    NameSpec("Swift Scout", champion="Teemo"),
    NameSpec("Jinx, Rebel"),
    NameSpec("Loose Cannon", champion="Jinx"),
    NameSpec("Smoke and Mirrors"),
    NameSpec("B.F. Sword"),
    NameSpec("Dark Child - Starter", champion="Annie"),
    NameSpec("Sprite"),
    NameSpec("Sprite Call"),
    NameSpec("Facebreaker"),
]


@pytest.fixture(scope="module")
def index() -> NameIndex:
    return NameIndex(SPECS)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("hiden blade", "Hidden Blade"),  # dropped letter
        ("hidden balde", "Hidden Blade"),  # swapped letters
        ("zhonyas", "Zhonya's Hourglass"),  # missing punctuation, only the first word
        ("zhonyas hourglass", "Zhonya's Hourglass"),
        ("smoke & mirrors", "Smoke and Mirrors"),  # & for and
        ("scout teemo", "Teemo, Scout"),  # title before the name
        ("Teemo Scout", "Teemo, Scout"),
        ("blade ruined king", "Blade of the Ruined King"),  # dropped small words
        ("bf sword", "B.F. Sword"),
        ("jinx loose cannon", "Loose Cannon"),  # a Legend with its champion
        ("rebel jinx", "Jinx, Rebel"),
        ("teemo swift scout", "Swift Scout"),
        ("dark child", "Dark Child - Starter"),
        ("sprite cal", "Sprite Call"),  # not the shorter name it starts with
        ("facebraker", "Facebreaker"),
    ],
)
def test_best_match_for_what_people_type(index: NameIndex, typed: str, expected: str) -> None:
    assert index.best(typed) == expected


def test_exact_ignores_case_accents_and_punctuation(index: NameIndex) -> None:
    assert index.exact("HIDDEN BLADE") == "Hidden Blade"
    assert index.exact("zhonyas hourglass") == "Zhonya's Hourglass"
    assert index.exact("Smoke & Mirrors") == "Smoke and Mirrors"
    assert index.exact("hiden blade") is None


def test_a_champion_alone_offers_each_of_its_cards(index: NameIndex) -> None:
    found = [s.name for s in index.match("teemo", limit=5)]
    assert set(found[:3]) == {"Teemo, Scout", "Teemo, Strategist", "Swift Scout"}


def test_nonsense_finds_nothing_plausible(index: NameIndex) -> None:
    assert index.best("qqxyzzy wvv") is None
    assert index.match("") == []
    assert index.match("!!!") == []


def test_autocomplete_prefix_first_then_fuzzy(index: NameIndex) -> None:
    choices = index.complete("blade")
    assert choices[:2] == ["Blade Dancer", "Blade of the Ruined King"]
    assert "Hidden Blade" in choices  # a later word
    assert index.complete("hiden")[0] == "Hidden Blade"  # fuzzy when nothing starts so


def test_autocomplete_offers_a_mistyped_start() -> None:
    index = NameIndex([NameSpec("Hidden Blade"), NameSpec("Highlander"), NameSpec("Shen, Kinkou")])
    assert index.complete("hiden")[0] == "Hidden Blade"  # a dropped letter in the first five


# --- staying flat as the pool grows ----------------------------------------------------------------------
SUFFIXES = ("Ashen", "Bright", "Crowned", "Dusk", "Elder", "Feral", "Gilded", "Hollow", "Iron", "Jade")


@pytest.fixture(scope="module")
def big_index() -> NameIndex:
    """SPECS with 10 x 30 suffixed near-copies of each name, as the benchmark grows its pools."""
    copies = [
        NameSpec(f"{s.name} {word} {i}", s.champion) for s in SPECS for word in SUFFIXES for i in range(30)
    ]
    return NameIndex([*SPECS, *copies])


def test_a_lookup_scores_a_bounded_set_of_keys(big_index: NameIndex) -> None:
    for typed in ("hiden blade", "zhonyas", "blade", "teemo", "bf sword", "xq"):
        assert len(big_index._candidates(typed.replace(" ", ""))) <= CANDIDATES + PREFIX_CANDIDATES


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("hiden blade", "Hidden Blade"),
        ("zhonyas hourglass", "Zhonya's Hourglass"),
        ("scout teemo", "Teemo, Scout"),
    ],
)
def test_near_copies_do_not_hide_the_name_meant(big_index: NameIndex, typed: str, expected: str) -> None:
    assert big_index.best(typed) == expected


def test_every_typo_is_still_found_among_near_copies(big_index: NameIndex) -> None:
    # The typo set of SPECS, asked of a pool 300 times as large whose extra names all start like SPECS's.
    assert accuracy(big_index.best, generate(NAMES)) == 1.0


# --- a champion's cards, initials, small lists -----------------------------------------------------------
def test_a_champions_family_lists_units_then_legends_then_signatures() -> None:
    index = NameIndex(
        [
            NameSpec("Guerilla Warfare", family="Teemo", family_rank=2),
            NameSpec("Swift Scout", champion="Teemo", family="Teemo", family_rank=1),
            NameSpec("Teemo, Strategist", family="Teemo"),
            NameSpec("Teemo, Scout", family="Teemo"),
            NameSpec("Miss Fortune, Captain", family="Miss Fortune"),
        ]
    )
    assert index.family("TEEMO") == ["Teemo, Scout", "Teemo, Strategist", "Swift Scout", "Guerilla Warfare"]
    assert index.family("teem") == []
    assert index.by_initials("mf") == ["Miss Fortune, Captain"]
    assert index.by_initials("m") == [] and index.by_initials("mf1") == []


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("quick draw", "Quick-Draw"),
        ("deathnell", "Deathknell"),
        ("gank", "Ganking"),
        ("zzz", None),
        ("a", None),
    ],
)
def test_closest_name_is_one_sure_answer_or_none(typed: str, expected: str | None) -> None:
    keywords = ["Quick-Draw", "Deathknell", "Ganking", "Action", "Add", "Assault"]
    assert closest_name(keywords, typed) == expected


def test_autocomplete_limits(index: NameIndex) -> None:
    many = NameIndex([NameSpec(f"Card Number {i:02d} " + "x" * 120) for i in range(40)])
    choices = many.complete("card")
    assert len(choices) == 25
    assert choices == sorted(choices)
    assert len(index.complete("", limit=3)) == 3


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_harmless(text: str) -> None:
    index = NameIndex(SPECS)
    for scored in index.match(text):
        assert 0 <= scored.score <= 100
    assert len(index.complete(text)) <= 25


# --- typo set -------------------------------------------------------------------------------------------
NAMES = [s.name for s in SPECS]


def test_typo_set_is_deterministic_and_covers_every_kind() -> None:
    first, second = generate(NAMES), generate(NAMES)
    assert first == second
    assert generate(NAMES, seed=1) != first
    kinds = {t.kind for t in first}
    assert kinds == set(KINDS)
    for typo in first:
        assert typo.query != typo.expected
        assert typo.expected in NAMES


def test_typo_kinds_do_what_they_say() -> None:
    by_kind = {(t.kind, t.expected): t.query for t in generate(NAMES)}
    assert by_kind[("title_first", "Teemo, Scout")] == "Scout Teemo"
    assert by_kind[("drop_small_words", "Blade of the Ruined King")] == "Blade Ruined King"
    assert by_kind[("and_ampersand", "Smoke and Mirrors")] == "Smoke & Mirrors"
    assert by_kind[("drop_punctuation", "Zhonya's Hourglass")] == "Zhonyas Hourglass"
    assert by_kind[("lower_case", "Hidden Blade")] == "hidden blade"
    prefix = by_kind[("prefix", "Blade of the Ruined King")]
    assert "Blade of the Ruined King".startswith(prefix) and len(prefix) < len("Blade of the Ruined King")


def test_a_typo_that_is_another_card_is_left_out() -> None:
    # "Sprite Call" with its last word dropped would be the card Sprite: never counted as a typo of Sprite Call.
    for typo in generate(NAMES):
        assert not (typo.expected == "Sprite Call" and typo.query.casefold() == "sprite")


def test_accuracy_counts_exact_hits() -> None:
    typos = [Typo("a", "A", "lower_case"), Typo("b", "B", "lower_case")]
    assert accuracy(lambda q: q.upper(), typos) == 1.0
    assert accuracy(lambda q: "A", typos) == 0.5
    assert accuracy(lambda q: None, []) == 0.0
    assert accuracy_by_kind(lambda q: "A", typos) == {"lower_case": 0.5}


def test_every_typo_of_the_small_set_is_found(index: NameIndex) -> None:
    typos = generate(NAMES)
    assert len(typos) >= 50
    ours = accuracy(index.best, typos)
    plain = accuracy(lambda q: _extract_one(q, NAMES), typos)
    assert ours == 1.0
    assert ours >= plain


def _extract_one(query: str, names: list[str]) -> str | None:
    found = process.extractOne(query, names, scorer=fuzz.WRatio)
    return found[0] if found else None


@pytest.mark.real_data
def test_ours_beats_plain_wratio_on_the_real_names(real_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cardsdb.query import CardsDB

    with CardsDB.open(real_db) as db:
        index = db.names
        names = list(index.names)
    typos = generate(names)
    ours = accuracy(index.best, typos)
    plain = accuracy(lambda q: _extract_one(q, names), typos)
    with capsys.disabled():
        print(
            f"\n[typo set: {len(typos)} typos over {len(names)} names] ours {ours:.4f}, extractOne WRatio {plain:.4f}"
        )
    assert ours > plain
    assert ours >= 0.98
    per_kind = accuracy_by_kind(index.best, typos)
    assert min(per_kind.values()) >= 0.95, per_kind


ALIASED = [
    NameSpec(
        "Teemo, Swift Scout",
        aliases=("Swift Scout", "Teemo - Swift Scout", "Teemo - Swift Scout (Signature)"),
    ),
    NameSpec("Teemo, Scout"),
    NameSpec("Annie, Dark Child", aliases=("Dark Child - Starter", "Dark Child")),
    NameSpec("Dark Child"),  # a card of that name (made up): an alias never takes a card's own name
    NameSpec("Hidden Blade"),
]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Swift Scout", "Teemo, Swift Scout"),
        ("teemo - swift scout", "Teemo, Swift Scout"),
        ("Teemo - Swift Scout (Signature)", "Teemo, Swift Scout"),
        (
            "Teemo - Swift Scout (Metal)",
            "Teemo, Swift Scout",
        ),  # a variant no source lists: the suffix is ignored
        ("Hidden Blade (Alternate Art)", "Hidden Blade"),
        ("Dark Child - Starter", "Annie, Dark Child"),
        ("Dark Child", "Dark Child"),
        ("Teemo, Scout", "Teemo, Scout"),
    ],
)
def test_aliases_find_their_card_exactly(typed: str, expected: str) -> None:
    assert NameIndex(ALIASED).exact(typed) == expected


def test_aliases_count_in_fuzzy_lookup_and_autocomplete() -> None:
    index = NameIndex(ALIASED)
    assert index.match("swift scot", limit=1)[0].name == "Teemo, Swift Scout"
    assert index.best("swfit scout") == "Teemo, Swift Scout"
    assert "Teemo, Swift Scout" in index.complete("swift")
    assert index.names == sorted(
        [s.name for s in ALIASED], key=str.casefold
    )  # aliases are no names of their own
