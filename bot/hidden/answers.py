"""/hidden: from a quick question or a scenario to the engine's verdict and the embeds that answer it. /hidden hide,
play and targets answer at a glance (`quick_embed`); their Details button, and /hidden scenario, give the whole answer
(`verdict_embeds`). A quick reply's `state` is what its buttons need to answer again. No Discord I/O here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.answer_state import QuestionState, QuickState, ScenarioState, kept_paste
from bot.cards.answers import facedown_profile, lookup_card
from bot.errors import UserError
from bot.hidden.builder import Question, position_lines, quick_position
from bot.hidden.render import quick_embed, verdict_embeds
from bot.services import Services, engine_check
from bot.ui.render import marked
from bot.ui.reply import Reply
from cardsdb.engine import Answer, CheckCode
from cardsdb.errors import CardsDBError
from cardsdb.models import Card

MAX_SCENARIO_CHARS = 8000


def _position_text(scenario: Mapping[str, Any]) -> str:
    from cardsdb.engine.quick import dump_scenario

    return str(dump_scenario(scenario))


def scenario_code(scenario: Mapping[str, Any]) -> str | None:
    """The position's scenario code (`rb1.…`, docs/scenario-codes.md), or None when it cannot be encoded."""
    from cardsdb.engine.position import scenario_code as codes

    try:
        return codes.encode(scenario)
    except CardsDBError:
        return None


def verdict_reply(
    services: Services,
    answer: Answer,
    *,
    scenario: Mapping[str, Any] | None,
    set_by_user: Sequence[str] = (),
    card: Card | None = None,
    show_yaml: bool = True,
    match_note: str | None = None,
) -> Reply:
    """The whole answer: every check, the choices, the effects, the position and its scenario code."""
    assumed = [*set_by_user, *answer.assumptions]
    embeds = verdict_embeds(
        answer,
        card_data=services.meta().get("cards_updated_at"),
        position=_position_text(scenario) if scenario is not None and show_yaml else None,
        code=scenario_code(scenario) if scenario is not None else None,
        assumed=assumed,
        reasons=_reasons(services, card),
        match_note=match_note,
    )
    return Reply(embeds, citations=marked(answer.cited))


def _reasons(services: Services, card: Card | None) -> dict[str, str]:
    """Why each of the card's choices is or is not restricted from facedown (the engine's profile)."""
    profile = facedown_profile(card, services.cards().reading(card)) if card is not None else None
    return {c.choice: c.why for c in (profile.choices if profile else ()) if c.why}


def hidden_hide_reply(
    services: Services, card_name: str, *, match_note: str | None = None, **options: Any
) -> Reply:
    """`match_note`: how the name was matched, when the caller looked the card up (a button asks by exact name)."""
    return quick_reply(services, "hide", card_name, options, match_note=match_note)


def hidden_play_reply(
    services: Services, card_name: str, *, match_note: str | None = None, **options: Any
) -> Reply:
    """`match_note`: as for hidden_hide_reply."""
    return quick_reply(services, "play", card_name, options, match_note=match_note)


def hidden_targets_reply(services: Services, card_name: str, *, match_note: str | None = None) -> Reply:
    """The card played from facedown where its choices arise; the answer says which position that is."""
    return quick_reply(services, "targets", card_name, {}, match_note=match_note)


def quick_reply(
    services: Services,
    question: Question,
    card_name: str,
    options: Mapping[str, Any],
    *,
    match_note: str | None = None,
) -> Reply:
    """A quick question answered at a glance: the options turned into a position (`bot.hidden.builder`), the engine's
    verdict, why, and what was assumed in one line. Its `state` lets Details, the builder and Post publicly answer
    again."""
    card, note = lookup_card(services, card_name)
    note = match_note or note
    given = {k: v for k, v in options.items() if v is not None}
    position = quick_position(question, card, given, services.cards().reading(card))
    answer = engine_check(position.scenario, services.cards())
    embed = quick_embed(
        answer,
        assumed=None if _never_hidden(answer) else position.assumed,
        match_note=note,
        card_data=services.meta().get("cards_updated_at"),
    )
    state = QuickState(question, card.name, given, note=note, code=scenario_code(position.scenario))
    return Reply([embed], citations=marked(answer.cited), state=state)


def _never_hidden(answer: Answer) -> bool:
    """A card that is never hidden (a legend, a battlefield, a rune): the position assumed for it says nothing."""
    return any(c.code == CheckCode.NEVER_HIDDEN for c in answer.checks)


def details_reply(services: Services, state: QuestionState | None) -> Reply:
    """The whole answer behind a quick one (its `state`): the position its scenario code holds, every check."""
    if not isinstance(state, QuickState):
        raise UserError("That answer has no details to show.")
    question, options = state.question, state.options
    card, _ = lookup_card(services, state.card)
    scenario: Mapping[str, Any]
    if state.code is not None:  # the position the quick answer showed, as it saved it
        from cardsdb.engine.position import scenario_code as codes

        scenario, lines = (
            codes.decode(state.code),
            position_lines(question, card, options, services.cards().reading(card)),
        )
    else:
        position = quick_position(question, card, options, services.cards().reading(card))
        scenario, lines = position.scenario, position.lines
    answer = engine_check(scenario, services.cards())
    return verdict_reply(
        services,
        answer,
        scenario=scenario,
        set_by_user=() if _never_hidden(answer) else lines,
        card=card if question == "targets" else None,
        match_note=state.note,
    )


def scenario_reply(services: Services, text: str) -> Reply:
    """/hidden scenario: the whole answer to a pasted position or a scenario code."""
    raw = (text or "").strip()
    if not raw:
        raise UserError("Give a scenario (see `/help`), or run `/hidden scenario` without text to paste one.")
    if len(raw) > MAX_SCENARIO_CHARS:
        raise UserError(f"That scenario has {len(raw)} characters; the limit is {MAX_SCENARIO_CHARS}.")
    from cardsdb.engine.position import scenario_code as codes
    from cardsdb.engine.position.scenario import load_text

    data = codes.decode(raw) if codes.is_code(raw) else load_text(raw)
    if not isinstance(data, Mapping):
        raise UserError("A scenario is a mapping of keys like `me:`, `battlefields:` and `ask:` (see /help).")
    answer = engine_check(data, services.cards())
    reply = verdict_reply(services, answer, scenario=data, show_yaml=False)
    kept = scenario_code(data) or kept_paste(raw)  # never a long paste behind the buttons
    reply.state = ScenarioState(kept) if kept is not None else None
    return reply
