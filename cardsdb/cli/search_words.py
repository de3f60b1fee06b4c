"""Why a search found nothing, in words (`SearchHint` from `CardsDB.search_hint`), for the command line and
/search alike: the one wording of it."""

from __future__ import annotations

from cardsdb.models import BothValuesHint, SearchHint


def hint_text(hint: SearchHint) -> str:
    """ "d:order d:chaos asks for cards with both; for either, write d:order,chaos", "no card has the tag 'bandel';
    did you mean tag:bandle?"."""
    if isinstance(hint, BothValuesHint):
        return f"{hint.first} {hint.second} asks for cards with both; for either, write {hint.either}"
    what = (
        f"no card has the tag {hint.value!r}" if hint.field == "tag" else f"no card is named {hint.value!r}"
    )
    return f"{what}; did you mean {' or '.join(hint.nearest)}?"
