"""Rendering: models and engine answers in, embeds within Discord's limits out. The cogs only call this."""

from bot.render.card import card_embeds, cost_line, facedown_lines, type_line
from bot.render.changes import CHANGES_PAGE_SIZE, changes_page_embed
from bot.render.common import data_footer, pack, rule_mark, rules_list, text_embeds
from bot.render.misc import error_embed, help_embeds, more_cards_embed, not_found_embed, search_page_embed
from bot.render.rules import (
    SUMMARY_LABEL,
    cited_rules_embeds,
    keyword_embeds,
    rule_embeds,
    rule_list_embed,
    rule_unsure_embeds,
    ruling_embed,
    rulings_embeds,
)
from bot.render.verdict import QUICK_LIMIT, quick_embed, verdict_embeds, verdict_word

__all__ = [
    "CHANGES_PAGE_SIZE",
    "QUICK_LIMIT",
    "SUMMARY_LABEL",
    "card_embeds",
    "changes_page_embed",
    "cited_rules_embeds",
    "cost_line",
    "data_footer",
    "error_embed",
    "facedown_lines",
    "help_embeds",
    "keyword_embeds",
    "more_cards_embed",
    "not_found_embed",
    "pack",
    "quick_embed",
    "rule_embeds",
    "rule_list_embed",
    "rule_mark",
    "rule_unsure_embeds",
    "rules_list",
    "ruling_embed",
    "rulings_embeds",
    "search_page_embed",
    "text_embeds",
    "type_line",
    "verdict_embeds",
    "verdict_word",
]
