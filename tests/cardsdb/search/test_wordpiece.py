"""BERT's uncased WordPiece, as the sentence encoder reads text (checked against the `tokenizers` library on every
rule and asked question by tools/encoder/convert.py --check; here its rules on a small vocabulary)."""

from __future__ import annotations

from cardsdb.search.wordpiece import MAX_WORD_CHARS, WordPiece, basic_words

VOCABULARY = [
    "[PAD]",
    "[UNK]",
    "[CLS]",
    "[SEP]",
    "can",
    "i",
    "hid",
    "##ing",
    "hide",
    "##s",
    "rune",
    "'",
    "?",
    "cafe",
]


def test_words_are_lower_case_without_accents_and_each_punctuation_mark_is_a_word() -> None:
    assert basic_words("Can I hide it? Café—“quoted”") == [
        "can",
        "i",
        "hide",
        "it",
        "?",
        "cafe",
        "—",
        "“",
        "quoted",
        "”",
    ]


def test_control_characters_are_dropped_and_cjk_characters_are_words_of_their_own() -> None:
    assert basic_words("a\x00b\tc中文") == ["ab", "c", "中", "文"]


def test_a_word_is_split_into_the_longest_pieces_from_its_start() -> None:
    pieces = WordPiece(VOCABULARY)
    assert pieces.word_ids("hiding") == [6, 7]
    assert pieces.word_ids("hides") == [8, 9]


def test_a_word_no_pieces_make_and_an_overlong_word_are_unknown() -> None:
    pieces = WordPiece(VOCABULARY)
    assert pieces.word_ids("xyz") == [1]
    assert pieces.word_ids("rune" * (MAX_WORD_CHARS // 4 + 1)) == [1]


def test_a_text_is_framed_by_cls_and_sep_and_cut_to_fit() -> None:
    pieces = WordPiece(VOCABULARY)
    assert pieces.encode("Can I hide runes?", 64) == [2, 4, 5, 8, 10, 9, 12, 3]
    assert pieces.encode("can i hide " * 50, 6) == [2, 4, 5, 8, 4, 3]
