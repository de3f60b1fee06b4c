"""Discord's size limits, which discord.py does not enforce, and the helpers that keep every reply within them.

Render uses `fit` and `split_text`; the tests and `python -m bot ask` use `message_problems` on what was sent.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardsdb.search.typed import CODE_LIMIT, NAME_LIMIT, PASTE_LIMIT, QUERY_LIMIT, typed_line, typed_lines

EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER_TEXT = 2048
AUTHOR_NAME = 256
EMBED_TOTAL = 6000  # all embeds of one message together
EMBEDS_PER_MESSAGE = 10
MESSAGE_CONTENT = 2000

CHOICES = 25
CHOICE_NAME = 100
CHOICE_VALUE = 100

SELECT_OPTIONS = 25
ACTION_ROWS = 5
BUTTONS_PER_ROW = 5
BUTTON_LABEL = 80
CUSTOM_ID = 100
MODAL_TEXT_INPUT = 4000

COMMAND_NAME = 32
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25

CONTINUED = " …(continued)"
CUT = "…"


def choice_label(text: str) -> str:
    """An autocomplete choice's label within Discord's 100 characters: its whitespace made single spaces, cut with
    "…" (a rule's number and text)."""
    text = " ".join(text.split())
    return text if len(text) <= CHOICE_NAME else text[: CHOICE_NAME - 1].rstrip() + "…"


def fit(text: str, limit: int, *, marker: str = CUT) -> str:
    """`text` if it fits, else cut at the last word boundary with `marker` saying so (never mid-word)."""
    if len(text) <= limit:
        return text
    room = max(limit - len(marker), 0)
    head = text[:room]
    space = max(head.rfind(" "), head.rfind("\n"))
    if space > room // 2:
        head = head[:space]
    return head.rstrip() + marker


def split_text(text: str, limit: int) -> list[str]:
    """Split `text` into pieces of at most `limit` characters, at paragraph, line or word boundaries."""
    pieces: list[str] = []
    rest = text.strip()
    while len(rest) > limit:
        window = rest[: limit + 1]
        cut = -1
        for sep in ("\n\n", "\n", ". ", " "):
            cut = window.rfind(sep)
            if cut > limit // 3:
                cut += len(sep) if sep == ". " else 0
                break
        if cut <= 0:
            cut = limit  # one word longer than the limit: nothing better to do
        pieces.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        pieces.append(rest)
    return pieces


def embed_size(embed: Mapping[str, Any]) -> int:
    """The characters Discord counts towards the 6000 total, from an `Embed.to_dict()`."""
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for field in embed.get("fields") or ():
        total += len(field.get("name") or "") + len(field.get("value") or "")
    return total


def embed_problems(embed: Mapping[str, Any]) -> list[str]:
    problems: list[str] = []

    def over(what: str, value: str | None, limit: int) -> None:
        if value is not None and len(value) > limit:
            problems.append(f"{what} has {len(value)} characters (limit {limit})")

    over("title", embed.get("title"), EMBED_TITLE)
    over("description", embed.get("description"), EMBED_DESCRIPTION)
    over("footer", (embed.get("footer") or {}).get("text"), FOOTER_TEXT)
    over("author", (embed.get("author") or {}).get("name"), AUTHOR_NAME)
    fields = embed.get("fields") or []
    if len(fields) > EMBED_FIELDS:
        problems.append(f"{len(fields)} fields (limit {EMBED_FIELDS})")
    for i, field in enumerate(fields):
        over(f"field {i} name", field.get("name"), FIELD_NAME)
        over(f"field {i} value", field.get("value"), FIELD_VALUE)
        if not (field.get("name") or "").strip() or not (field.get("value") or "").strip():
            problems.append(f"field {i} has an empty name or value")
    return problems


def components_problems(components: Sequence[Mapping[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(components) > ACTION_ROWS:
        problems.append(f"{len(components)} action rows (limit {ACTION_ROWS})")
    for row in components:
        children = row.get("components") or []
        if len(children) > BUTTONS_PER_ROW:
            problems.append(f"a row with {len(children)} components (limit {BUTTONS_PER_ROW})")
        for child in children:
            label = child.get("label")
            if label is not None and len(label) > BUTTON_LABEL:
                problems.append(f"label {label[:20]!r}... too long")
            custom_id = child.get("custom_id")
            if custom_id is not None and len(custom_id) > CUSTOM_ID:
                problems.append(f"custom_id {custom_id[:20]!r}... too long")
            if len(child.get("options") or ()) > SELECT_OPTIONS:
                problems.append("a select with too many options")
    return problems


def message_problems(
    content: str | None, embeds: Sequence[Mapping[str, Any]], components: Sequence[Mapping[str, Any]] = ()
) -> list[str]:
    """Every way this message breaks Discord's limits; empty when it is fine."""
    problems: list[str] = []
    if content and len(content) > MESSAGE_CONTENT:
        problems.append(f"content has {len(content)} characters (limit {MESSAGE_CONTENT})")
    if len(embeds) > EMBEDS_PER_MESSAGE:
        problems.append(f"{len(embeds)} embeds (limit {EMBEDS_PER_MESSAGE})")
    for i, embed in enumerate(embeds):
        problems.extend(f"embed {i}: {p}" for p in embed_problems(embed))
    total = sum(embed_size(e) for e in embeds)
    if total > EMBED_TOTAL:
        problems.append(f"embeds total {total} characters (limit {EMBED_TOTAL})")
    problems.extend(components_problems(components))
    return problems


def choices_problems(choices: Iterable[Mapping[str, Any]]) -> list[str]:
    """Autocomplete choices: at most 25, each name and value at most 100 characters."""
    items = list(choices)
    problems = [f"{len(items)} choices (limit {CHOICES})"] if len(items) > CHOICES else []
    for choice in items:
        name, value = str(choice.get("name", "")), str(choice.get("value", ""))
        if not 1 <= len(name) <= CHOICE_NAME:
            problems.append(f"choice name {name[:30]!r} has {len(name)} characters")
        if not 1 <= len(value) <= CHOICE_VALUE:
            problems.append(f"choice value {value[:30]!r} has {len(value)} characters")
    return problems


# --- what a user may type: each option's text made ready and cut once, where it enters (cardsdb.search.typed) ---
PASTE_OPTIONS = frozenset({"list", "text"})
"""Options that hold a paste (a deck list, a scenario or its code): up to Discord's 6,000 characters."""
NAME_OPTIONS = frozenset({"name", "card", "symbol", "emoji"})
"""Options that hold a name: a card's, a keyword's, a symbol's."""


def option_limit(name: str) -> int:
    """How many characters of an option are read: a name's, a deck code's, or anything else's (a question, a
    search); a paste's are all read (`PASTE_LIMIT`, Discord's most), its parser refusing one too long."""
    if name in PASTE_OPTIONS:
        return PASTE_LIMIT
    if name == "code":  # a deck code
        return CODE_LIMIT
    return NAME_LIMIT if name in NAME_OPTIONS else QUERY_LIMIT


def typed_options(data: Any) -> None:
    """Every text option of a slash command's or an autocomplete's data made ready in place, before discord.py
    reads it (`typed_line`: spaces folded, nothing invisible, no zalgo, cut to `option_limit`; a paste's lines
    kept, `typed_lines`)."""
    if not isinstance(data, dict):
        return
    for option in data.get("options") or ():
        if not isinstance(option, dict):
            continue
        if option.get("type") in (1, 2):  # a subcommand or a group: its options
            typed_options(option)
        elif isinstance(option.get("value"), str):
            name = str(option.get("name"))
            value = option["value"]
            # a paste keeps its lines and is never cut (its parser refuses one too long)
            option["value"] = (
                typed_lines(value) if name in PASTE_OPTIONS else typed_line(value, option_limit(name))
            )


def typed_paste(text: str) -> str:
    """A form's or a message's text made ready (`typed_lines`): its lines kept."""
    return typed_lines(text)
