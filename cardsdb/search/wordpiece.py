"""BERT's uncased WordPiece tokenizer, as the sentence encoder was trained with it (`cardsdb.search.encoder`).

Text is cleaned (control characters dropped, whitespace as spaces), lower-cased with its accents stripped, split on
whitespace and punctuation (each CJK character a word of its own), and each word split greedily into the longest
pieces the vocabulary holds ("hiding" -> "hiding"; "runeblade" -> "rune", "##bla", "##de"); a word of more than 100
characters, or one no pieces make, is `[UNK]`. It gives the ids the `tokenizers` library gives for the model's
`tokenizer.json` (`tools/encoder/convert.py` checks it on the rules' and the asked questions' texts), without that
library and what it brings (huggingface_hub, requests ...). Work is linear in the text: each word is at most 100
characters, each piece found by at most that many dictionary look-ups.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from pathlib import Path

MAX_WORD_CHARS = 100
UNKNOWN, CLS, SEP = "[UNK]", "[CLS]", "[SEP]"


def _is_punctuation(char: str) -> bool:
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(char).startswith("P")


def _is_cjk(code: int) -> bool:
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0x20000 <= code <= 0x2A6DF
        or 0x2A700 <= code <= 0x2B73F
        or 0x2B740 <= code <= 0x2B81F
        or 0x2B820 <= code <= 0x2CEAF
        or 0xF900 <= code <= 0xFAFF
        or 0x2F800 <= code <= 0x2FA1F
    )


def _cleaned(text: str) -> str:
    """Control characters dropped, whitespace as a space, CJK characters spaced, lower case without accents."""
    out: list[str] = []
    for char in text:
        code = ord(char)
        if code == 0 or code == 0xFFFD:
            continue
        category = unicodedata.category(char)
        if char in "\t\n\r" or category == "Zs":
            out.append(" ")
        elif category in ("Cc", "Cf"):
            continue
        elif _is_cjk(code):
            out.append(f" {char} ")
        else:
            out.append(char)
    folded = unicodedata.normalize("NFD", "".join(out).lower())
    return "".join(c for c in folded if unicodedata.category(c) != "Mn")


def basic_words(text: str) -> list[str]:
    """The words of text as BERT's basic tokenizer splits them: on whitespace, each punctuation mark a word."""
    found: list[str] = []
    for chunk in _cleaned(text).split():
        word: list[str] = []
        for char in chunk:
            if _is_punctuation(char):
                if word:
                    found.append("".join(word))
                    word = []
                found.append(char)
            else:
                word.append(char)
        if word:
            found.append("".join(word))
    return found


class WordPiece:
    """The vocabulary (one piece a line, its id the line's number) and the tokenizer over it."""

    def __init__(self, pieces: Sequence[str]) -> None:
        self.ids = {piece: i for i, piece in enumerate(pieces)}
        self.unknown = self.ids[UNKNOWN]
        self.cls = self.ids[CLS]
        self.sep = self.ids[SEP]

    @classmethod
    def load(cls, path: Path) -> WordPiece:
        return cls(path.read_text(encoding="utf-8").split("\n")[:-1])

    def word_ids(self, word: str) -> list[int]:
        """A word as the longest pieces the vocabulary holds, greedily from its start; `[UNK]` when none fit."""
        if len(word) > MAX_WORD_CHARS:
            return [self.unknown]
        found: list[int] = []
        start = 0
        while start < len(word):
            end = len(word)
            piece = None
            while start < end:
                candidate = word[start:end] if start == 0 else "##" + word[start:end]
                piece = self.ids.get(candidate)
                if piece is not None:
                    break
                end -= 1
            if piece is None:
                return [self.unknown]
            found.append(piece)
            start = end
        return found

    def encode(self, text: str, max_tokens: int) -> list[int]:
        """`[CLS]`, the pieces of text (cut so that the whole fits `max_tokens`), `[SEP]`."""
        ids = [self.cls]
        for word in basic_words(text):
            ids += self.word_ids(word)
            if len(ids) >= max_tokens - 1:
                break
        return [*ids[: max_tokens - 1], self.sep]


__all__ = ["WordPiece", "basic_words"]
