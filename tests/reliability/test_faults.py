"""Discord failing under the bot: an expired interaction (10062), HTTP 429, 5xx, a follow-up after the token expired
(50027). The harness's recorder raises what discord.py would; each is handled without a crash, logged once, and the
next interaction is answered. Also: slow answers defer first, and errors after a deferral stay private."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.harness import Harness
from tests.support.bot_harness_fixtures import assert_fits

RESPONSE = "create_interaction_response"
FOLLOWUP = "execute_webhook"


def http_error(
    status: int, code: int, message: str, cls: type[discord.HTTPException] = discord.HTTPException
) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason=message)
    return cls(response, {"code": code, "message": message})  # type: ignore[arg-type]


EXPIRED = http_error(404, 10062, "Unknown interaction", discord.NotFound)
RATE_LIMITED = http_error(429, 0, "You are being rate limited.")
SERVER_ERROR = http_error(500, 0, "Internal Server Error", discord.DiscordServerError)
TOKEN_EXPIRED = http_error(401, 50027, "Invalid Webhook Token")


@contextmanager
def failing(lenient_harness: Any, method: str, error: BaseException) -> Iterator[list[str]]:
    """While active, the recorder's `method` raises `error`, as discord.py's webhook adapter would."""
    real = getattr(lenient_harness.recorder, method)
    calls: list[str] = []

    async def raising(*args: Any, **kwargs: Any) -> Any:
        calls.append(method)
        raise error

    setattr(lenient_harness.recorder, method, raising)
    try:
        yield calls
    finally:
        setattr(lenient_harness.recorder, method, real)


@pytest.fixture
async def lenient_harness(fake_harness: Harness) -> Harness:
    fake_harness.strict = (
        False  # an unanswered interaction is the point here; bugs are checked on result.error
    )
    return fake_harness


def _bot_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith(("bot", "discord"))]


async def _still_answers(lenient_harness: Any) -> None:
    after = await lenient_harness.command("card", {"name": "Pouty Poro"})
    assert after.embeds[0]["title"] == "Pouty Poro" and after.error is None


@pytest.mark.parametrize(
    ("error", "said"),
    [
        (EXPIRED, "code 10062"),
        (RATE_LIMITED, "HTTP 429"),
        (SERVER_ERROR, "HTTP 500"),
        (discord.RateLimited(12.5), "retry after 12.5 s"),
    ],
    ids=["expired-10062", "http-429", "http-500", "rate-limited-retry-after"],
)
async def test_failed_response_is_handled_and_logged_once(
    lenient_harness: Any, caplog: pytest.LogCaptureFixture, error: BaseException, said: str
) -> None:
    caplog.set_level(logging.DEBUG)
    with failing(lenient_harness, RESPONSE, error) as calls:
        result = await lenient_harness.command("card", {"name": "Pouty Poro"})
    assert calls == [RESPONSE]  # no retry through a dead interaction, no error reply attempted
    assert result.error is None and result.user_error is not None  # handled, not a bug
    records = _bot_records(caplog)
    assert len(records) == 1, [r.getMessage() for r in records]
    assert said in records[0].getMessage() and records[0].exc_info is None
    await _still_answers(lenient_harness)


async def test_error_reply_through_an_expired_interaction_is_logged_once(
    lenient_harness: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with failing(lenient_harness, RESPONSE, EXPIRED):
        result = await lenient_harness.command(
            "card", {"name": "Zzzz Qqqq"}
        )  # unknown card: a private error reply
    assert result.error is None
    assert len(_bot_records(caplog)) == 1
    await _still_answers(lenient_harness)


async def test_followup_after_the_token_expired(
    lenient_harness: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with failing(lenient_harness, FOLLOWUP, TOKEN_EXPIRED) as calls:
        result = await lenient_harness.command(
            "search", {"query": "t:unit"}
        )  # defers, then answers as a follow-up
    assert result.response_type == 5 and calls == [FOLLOWUP]
    assert result.error is None
    records = _bot_records(caplog)
    assert len(records) == 1 and "50027" in records[0].getMessage()
    await _still_answers(lenient_harness)


async def test_button_press_on_an_expired_interaction(
    lenient_harness: Any, caplog: pytest.LogCaptureFixture
) -> None:
    searched = await lenient_harness.command("search", {"query": "t:unit"})
    caplog.set_level(logging.DEBUG)
    with failing(lenient_harness, RESPONSE, EXPIRED):
        pressed = await lenient_harness.click(searched.first, "Next")
    assert pressed.error is None and len(_bot_records(caplog)) == 1
    again = await lenient_harness.click(searched.first, "Next")
    assert "Page 2 of 4" in again.text()


async def test_autocomplete_on_an_expired_interaction(
    lenient_harness: Any, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    with failing(lenient_harness, RESPONSE, EXPIRED):
        typed = await lenient_harness.autocomplete("card", {"name": "Pou"}, "name")
    assert typed.choices is None and typed.error is None
    assert len(_bot_records(caplog)) == 1  # discord.py logs it; nothing else does
    ok = await lenient_harness.autocomplete("card", {"name": "Pou"}, "name")
    assert ok.choices and ok.choices[0]["value"] == "Pouty Poro"


@dataclass
class _Message:
    content: str
    error: BaseException | None = None
    replies: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.author = SimpleNamespace(id=77, bot=False)
        self.guild = None
        self.channel = SimpleNamespace(id=3)

    async def reply(self, **kwargs: Any) -> None:
        if self.error is not None:
            raise self.error
        self.replies.append(kwargs)


@pytest.mark.parametrize(
    "error",
    [http_error(403, 50013, "Missing Permissions", discord.Forbidden), RATE_LIMITED, SERVER_ERROR],
    ids=["forbidden", "429", "500"],
)
async def test_card_reference_reply_that_discord_refuses(
    lenient_harness: Any, caplog: pytest.LogCaptureFixture, error: discord.HTTPException
) -> None:
    listener = lenient_harness.bot.get_cog("Messages")
    caplog.set_level(logging.DEBUG)
    await listener.on_message(_Message("[[Pouty Poro]]", error=error))
    records = _bot_records(caplog)
    assert len(records) == 1 and f"HTTP {error.status}" in records[0].getMessage()
    fine = _Message("[[Pouty Poro]]")
    await listener.on_message(fine)
    assert fine.replies[0]["embeds"][0].title == "Pouty Poro"
    assert fine.replies[0]["allowed_mentions"].to_dict() == {"parse": []}


# ---- deferral: an answer that may take over 2 seconds shows "thinking" first ----------------------------------


async def test_search_defers_first_then_answers_in_public(lenient_harness: Any) -> None:
    result = await lenient_harness.command("search", {"query": "t:unit"})
    assert result.response_type == 5  # deferred: Discord shows "thinking" and waits up to 15 minutes
    assert result.first.kind == "followup" and not result.ephemeral
    assert "Page 1 of 4" in result.text()
    assert_fits(result)


async def test_an_error_after_deferring_stays_private(
    lenient_harness: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    deleted: list[str] = []
    real = lenient_harness.recorder.delete_original_interaction_response

    async def delete(*args: Any, **kwargs: Any) -> None:
        deleted.append("original")
        await real(*args, **kwargs)

    monkeypatch.setattr(lenient_harness.recorder, "delete_original_interaction_response", delete)
    result = await lenient_harness.command("search", {"query": "   "})
    assert result.response_type == 5 and deleted == ["original"]  # the public "thinking" message is removed
    assert result.ephemeral and result.first.kind == "followup" and "Give " in result.text()


async def test_a_pasted_scenario_defers_but_the_form_does_not(lenient_harness: Any) -> None:
    pasted = await lenient_harness.command("hidden scenario", {"text": "ask: {cleanup: true}"})
    assert pasted.response_type == 5
    form = await lenient_harness.command("hidden scenario")
    assert form.response_type == 9 and form.modal is not None  # a modal cannot follow a deferral


async def test_quick_commands_answer_at_once(lenient_harness: Any) -> None:
    for path, options in [("card", {"name": "Pouty Poro"}), ("rule", {"query": "422"}), ("help", {})]:
        result = await lenient_harness.command(path, options)
        assert result.response_type == 4, path


async def test_a_scenario_pasted_in_the_form_defers_and_bad_ones_stay_private(lenient_harness: Any) -> None:
    form = await lenient_harness.command("hidden scenario")
    assert form.modal is not None
    field_id = form.modal["components"][0]["components"][0]["custom_id"]
    submitted = await lenient_harness.submit_modal(form, {field_id: "ask: {cleanup: true}"})
    assert submitted.response_type == 5 and not submitted.ephemeral and submitted.error is None
    again = await lenient_harness.command("hidden scenario")  # a submitted form is closed: open another
    assert again.modal is not None
    field_id = again.modal["components"][0]["components"][0]["custom_id"]
    bad = await lenient_harness.submit_modal(
        again, {field_id: "me: {hand: [@everyone]}\nask: {cleanup: true}"}
    )
    assert bad.response_type == 5 and bad.ephemeral and bad.user_error is not None
    assert "@everyone" not in bad.text()
