"""The query layer: `CardsDB`, the one read-only view of a built database."""

from cardsdb.query.base import is_damage
from cardsdb.query.database import CardsDB, SearchResult

__all__ = ["CardsDB", "SearchResult", "is_damage"]
