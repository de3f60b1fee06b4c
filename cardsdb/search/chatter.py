"""What a player writes around a question that asks nothing of the rules, read past before the question is ranked.

In a server a question comes wrapped: "hey guys, quick question: does anyone know if a hidden card counts for
legion? thanks". The greeting, the words about the question itself and the thanks name no rule, yet the word ranker
looks them up and the sentence encoder reads them, and they pull both towards other questions worded so. The game's
own name says nothing either, in a rulebook all about it ("what is the chain in riftbound"), nor does the question
mark: the encoder reads it, and the questions it was tuned on seldom have one, so a question typed with one was found
first less often (docs/questions.md, **What asks nothing**).

`question_asked` takes off, as whole words, what opens a message before its question (`OPENERS`, greetings, the game's
name, any of them one after another), what closes it after (`CLOSERS`, and `CHECKS` after a pause: "..., right?"),
the game's name where it ends the question or a clause (`GAME_NAMES`, with "in" or "of" before it), and the marks
that end the last word. It reads each word a bounded
number of times: no pattern runs over what the user typed. A message that is only a greeting or thanks asks
nothing; where nothing but the game's name and words such as "what is" would be left, the words are kept as typed
("what is riftbound" asks about the game).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from cardsdb.search.text_rank import STOP_WORDS

# Words of a greeting that open a message ("hey guys", "hi all", "yo"), and of whom it greets
_GREETINGS = "hey hi hello yo heya hiya howdy greetings sup"
_GREETED = "guys all everyone everybody yall folks friends gang people peeps judges judge team"
# Phrases about the question itself, or the one asking it, that may open a message
_ABOUT_THE_QUESTION = """
    i have a question | i got a question | got a question | i have a rules question | rules check | ruling check
    | does anyone know | does anybody know | anyone know | anybody know | do you know | do you guys know
    | does someone know | someone knows | anyone knows
    | can someone tell me | can anyone tell me | can somebody tell me | could someone tell me | could anyone tell me
    | can someone explain | can anyone explain | could someone explain | could anyone explain | can someone clarify
    | can anyone clarify | could someone clarify | can someone confirm | can anyone confirm | could someone confirm
    | can someone help me understand | can someone help | can anyone help | help me understand | please help
    | pls help
    | i was wondering | im wondering | i am wondering | just wondering | wondering | i wonder
    | sorry if this is dumb | sorry if this is a dumb question | sorry if this is a stupid question
    | sorry if this has been asked | sorry if this has been asked before | sorry if this was asked before
    | sorry for the dumb question | sorry for the stupid question | sorry for the noob question
    | newbie here | noob here | new player here | im new | i am new | new to the game
    | sorry | ok so | okay so | so | um | uh | umm | hmm | well | lol | also | and | but | please | pls | plz
    | basically | quick one
"""
# "quick question", "dumb rules q", "another question": words saying what kind of question follows, then the word
_KINDS = "a quick small simple dumb stupid silly noob newbie beginner random another basic general weird odd"
_KINDS += " rules rule ruling"
_KIND_OF_QUESTION = frozenset(_KINDS.split())
_QUESTION = frozenset({"question", "questions", "q", "qs"})
# Words that may follow the phrases above and belong to them: "i was wondering whether ...". Not "if": a question may
# open with it ("does anyone know if i pay the accelerate cost ..." asks "if i pay the accelerate cost ...").
_THEN = frozenset({"whether"})
_TAKES_WHETHER = frozenset({"know", "knows", "wondering", "wonder", "clarify", "confirm", "me"})
# Words that may end a call for help ("can someone help me out", "can anyone help with this"), at most `_TAIL_WORDS`
_TAIL = frozenset({"me", "us", "out", "here", "with", "this", "something", "understand"})
_TAIL_WORDS = 3
# What may close a message after its question
_CLOSINGS = """
    thanks | thank you | thanks in advance | thx | ty | tia | cheers | lol | lmao | haha | please | pls | plz
    | please help | pls help | in this game
"""
# What may close a message after a pause, asking only that what came before be confirmed ("..., right?")
_CHECKING = (
    "right | correct | is that right | is that correct | am i right | am i correct | or not | yes or no"
)
GAME_NAMES = frozenset({"riftbound", "riftbounds", "rb", "rbtcg"})
_BEFORE_THE_NAME = frozenset({"in", "of", "for", "about", "on"})
_AFTER_THE_NAME = frozenset({"tcg", "ccg"})
_ASKING_OF_IT = frozenset(
    {"does", "do", "did", "can", "could", "is", "was", "has", "will", "would", "should"}
)
_ENDING_MARKS = "?!.…,;:-"  # what ends the last word but asks nothing
_PAUSES = ",:;-!.?"  # what ends a word that greets ("judges, can ...") or comes before "right?"
QUESTION_KIND_WORDS = 3  # the most words saying what kind of question it is ("another quick rules question")


def _phrases(written: str) -> tuple[tuple[str, ...], ...]:
    found = (tuple(p.split()) for p in written.replace("\n", " ").split("|"))
    # the longest first: "sorry if this is dumb" before "sorry"
    return tuple(sorted((p for p in found if p), key=len, reverse=True))


def _by_word(phrases: Iterable[tuple[str, ...]], at: int) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The phrases by their word at `at` (0 the first, -1 the last), each word's longest first: a word is compared
    with the few phrases it may be part of, not with all."""
    found: dict[str, list[tuple[str, ...]]] = {}
    for phrase in phrases:
        found.setdefault(phrase[at], []).append(phrase)
    return {word: tuple(those) for word, those in found.items()}


OPENERS = _by_word(_phrases(_ABOUT_THE_QUESTION), 0)
CLOSERS = _by_word(_phrases(_CLOSINGS), -1)
CHECKS = _by_word(_phrases(_CHECKING), -1)
_GREETING_WORDS = frozenset(_GREETINGS.split())
_GREETED_WORDS = frozenset(_GREETED.split())


def _plain(word: str) -> str:
    """A word as compared here: lower case, letters and digits only ("Guys," -> "guys", "I'm" -> "im")."""
    return "".join(c for c in word.lower() if c.isalnum())


def _opens_with(plain: Sequence[str], at: int, phrase: tuple[str, ...]) -> bool:
    return tuple(plain[at : at + len(phrase)]) == phrase


def _greeted(plain: Sequence[str], at: int) -> int:
    """How many words from `at` name whom a message greets ("guys", "all", "judges")."""
    end = at
    while end < len(plain) and plain[end] in _GREETED_WORDS:
        end += 1
    return end - at


def _opening_length(typed: Sequence[str], plain: Sequence[str], at: int) -> int:
    """How many words from `at` open the message without asking anything: 0 where the question starts there."""
    word = plain[at]
    if not word or typed[at].startswith(("@", "<@")):  # a mark ("-", "..."), a mention ("@judge", "<@1234>")
        return 1
    if word in GAME_NAMES:  # "riftbound question: ...", "rb rules q"
        return 2 if at + 1 < len(plain) and plain[at + 1] in _AFTER_THE_NAME else 1
    if word in _GREETING_WORDS:
        return 1 + _greeted(plain, at + 1)
    greeted = _greeted(plain, at)
    if greeted and typed[at + greeted - 1][-1:] in _PAUSES:  # "judges, can i ..." but not "all units ..."
        return greeted
    kind = at
    while kind < len(plain) and kind - at < QUESTION_KIND_WORDS and plain[kind] in _KIND_OF_QUESTION:
        kind += 1
    # "quick rules question - ...", "question for the judges:"
    if kind < len(plain) and plain[kind] in _QUESTION:
        end = kind + 1
        if end < len(plain) and plain[end] == "for":
            end += 1 + (end + 1 < len(plain) and plain[end + 1] == "the")
            end += _greeted(plain, end)
        return end - at
    for phrase in OPENERS.get(word, ()):
        if _opens_with(plain, at, phrase):
            end = at + len(phrase)
            if phrase[-1] in _TAKES_WHETHER and end < len(plain) and plain[end] in _THEN:
                end += 1
            while (
                "help" in phrase
                and end < len(plain)
                and end - at - len(phrase) < _TAIL_WORDS
                and plain[end] in _TAIL
            ):
                end += 1  # "can someone help me out?", not "me out" left to be looked up
            return end - at
    return 0


def _closing_length(typed: Sequence[str], plain: Sequence[str], end: int) -> int:
    """How many words before `end` close the message without asking anything."""
    if not plain[end - 1]:  # a mark standing alone: "... a card ?"
        return 1
    for phrase in CLOSERS.get(plain[end - 1], ()):
        start = end - len(phrase)
        if start >= 0 and _opens_with(plain, start, phrase):
            return len(phrase)
    for phrase in CHECKS.get(plain[end - 1], ()):  # "..., right?" but not "turn right"
        start = end - len(phrase)
        if start > 0 and _opens_with(plain, start, phrase) and typed[start - 1][-1:] in _PAUSES:
            return len(phrase)
    return 0


def _names_the_game(typed: Sequence[str], plain: Sequence[str], start: int, end: int) -> Iterable[int]:
    """The positions of the game's name between `start` and `end` where it ends the question or a clause, with "tcg"
    after it and "in" or "of" before it ("what is the chain in riftbound?", "is there hexproof in riftbound, can
    ..."). Elsewhere it stays: before a word it names a kind of thing ("in riftbound combat", "riftbound events", which
    the Tournament Rules say too), after "does", "can", "is" ... it is what is asked about ("does riftbound have a
    stack")."""
    for i in range(start, end):
        if plain[i] not in GAME_NAMES:
            continue
        last = i + 1 if i + 1 < end and plain[i + 1] in _AFTER_THE_NAME else i
        before = i - 1
        ends = last + 1 >= end or typed[last][-1:] in _PAUSES
        if not ends or (before >= start and plain[before] in _ASKING_OF_IT):
            continue
        yield from range(i, last + 1)
        if before >= start and plain[before] == "the":
            before -= 1
        if before >= start and plain[before] in _BEFORE_THE_NAME:
            yield from range(before, i)


def question_asked(words: str, *, typing: bool = False) -> str:
    """The words with what opens and closes the message around its question taken off, the game's name, and the
    marks ending it; none where the message is only a greeting or thanks; as typed where nothing but the game's
    name and stop words would be left. `typing`: the last word is still being
    typed: only what opens the message is taken off, the rest is kept as typed (a trailing space, too)."""
    typed = words.split()
    plain = [_plain(w) for w in typed]
    start = 0
    while start < len(plain) and (length := _opening_length(typed, plain, start)):
        start += length
    end = len(plain)
    if not typing:
        while end > start and (length := _closing_length(typed, plain, end)):
            end -= length
    dropped = set() if typing else set(_names_the_game(typed, plain, start, end))
    asked = [i for i in range(start, end) if i not in dropped]
    if start >= end and GAME_NAMES.isdisjoint(plain):
        return ""  # a greeting, thanks: no question at all ("hey guys", "thanks!")
    if all(not plain[i] or plain[i] in STOP_WORDS for i in asked):
        return words  # nothing asked but the game: "what is riftbound?", "riftbound"
    kept = [typed[i] for i in asked]
    if typing:
        return " ".join(kept) + (" " if words[-1:].isspace() else "")
    kept[-1] = kept[-1].rstrip(_ENDING_MARKS)
    return " ".join(kept)


__all__ = ["CHECKS", "CLOSERS", "GAME_NAMES", "OPENERS", "QUESTION_KIND_WORDS", "question_asked"]
