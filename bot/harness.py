"""Drives the bot's command tree without Discord: real `discord.Interaction`s built from payloads, responses recorded.

Slash commands and autocomplete go through `bot.tree._call`, buttons and modal submits through the view store, exactly
as discord.py's ConnectionState dispatches INTERACTION_CREATE. The HTTP side is swapped for a recorder (the webhook
adapter context variable), so nothing leaves the process. Used by `python -m bot ask`, the benchmark and the tests.
Free of dpytest. Safe with many interactions in flight at once: each has its own token and record.
"""

from __future__ import annotations

import asyncio
import datetime
import itertools
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands
from discord.webhook.async_ import async_context

from bot.ui import limits

APPLICATION_ID = 900000000000000001
GUILD_ID = 900000000000000002
CHANNEL_ID = 900000000000000003
BOT_USER_ID = 900000000000000004
DEFAULT_USER_ID = 900000000000000010

_ids = itertools.count(1)


def _snowflake() -> int:
    # Snowflakes carry a timestamp in their top bits; discord.py only needs them unique and positive.
    ms = int(datetime.datetime.now(datetime.UTC).timestamp() * 1000) - 1420070400000
    return (ms << 22) | (next(_ids) & 0x3FFFFF)


class HarnessError(Exception):
    """The command failed in a way a user would not see explained: a bug, an unanswered interaction."""


@dataclass
class Sent:
    """One message the bot sent or edited in answer to an interaction."""

    kind: str  # "response" | "followup" | "edit"
    message: dict[str, Any]

    @property
    def content(self) -> str | None:
        value = self.message.get("content")
        return str(value) if value else None

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.message.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.message.get("components") or [])

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.message.get("flags") or 0) & 64)

    @property
    def allowed_mentions(self) -> dict[str, Any] | None:
        value = self.message.get("allowed_mentions")
        return dict(value) if value is not None else None

    def buttons(self) -> list[dict[str, Any]]:
        return [c for row in self.components for c in row.get("components") or () if c.get("type") == 2]

    def problems(self) -> list[str]:
        return limits.message_problems(self.content, self.embeds, self.components)


@dataclass
class Result:
    """Everything the bot did for one interaction."""

    interaction_id: int
    token: str
    sent: list[Sent] = field(default_factory=list)
    response_type: int | None = None
    choices: list[dict[str, Any]] | None = None  # autocomplete
    modal: dict[str, Any] | None = None
    error: BaseException | None = None  # an unexpected error (a bug) the tree or a view handled
    user_error: BaseException | None = None  # bad input or no database: answered privately, as intended
    source_message_id: int | None = (
        None  # for a button press: the message the button is on (edited by type 7)
    )

    @property
    def first(self) -> Sent:
        if not self.sent:
            raise HarnessError("the bot sent no message")
        return self.sent[0]

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.first.embeds

    @property
    def ephemeral(self) -> bool:
        return self.first.ephemeral

    def all_embeds(self) -> list[dict[str, Any]]:
        return [e for s in self.sent for e in s.embeds]

    def text(self) -> str:
        """Every title, description, field and footer, for assertions on content."""
        parts: list[str] = []
        for sent in self.sent:
            if sent.content:
                parts.append(sent.content)
            for e in sent.embeds:
                parts.extend(str(e.get(k) or "") for k in ("title", "description"))
                for f in e.get("fields") or ():
                    parts.extend((str(f.get("name")), str(f.get("value"))))
                parts.append(str((e.get("footer") or {}).get("text") or ""))
        return "\n".join(p for p in parts if p)

    def problems(self) -> list[str]:
        out = [p for s in self.sent for p in s.problems()]
        if self.choices is not None:
            out.extend(limits.choices_problems(self.choices))
        return out

    def to_json(self) -> dict[str, Any]:
        """`{"content", "embeds", "ephemeral", "components"}` of the first message (the interface contract)."""
        if self.choices is not None:
            return {"choices": self.choices}
        if self.modal is not None and not self.sent:
            return {"content": None, "embeds": [], "ephemeral": True, "components": [], "modal": self.modal}
        first = self.first
        data: dict[str, Any] = {
            "content": first.content,
            "embeds": first.embeds,
            "ephemeral": first.ephemeral,
            "components": first.components,
        }
        if len(self.sent) > 1:
            data["followups"] = [
                {
                    "content": s.content,
                    "embeds": s.embeds,
                    "ephemeral": s.ephemeral,
                    "components": s.components,
                }
                for s in self.sent[1:]
            ]
        return data


class _Recorder:
    """Stands in for discord.py's AsyncWebhookAdapter: records instead of calling Discord."""

    def __init__(self) -> None:
        self.results: dict[str, Result] = {}  # by interaction token
        # Answered interactions, kept a while so that a later edit (a view timing out) is still recorded on its Result.
        self.finished: OrderedDict[str, Result] = OrderedDict()

    def _message(
        self, token: str, payload: Mapping[str, Any] | None, *, message_id: int | None = None
    ) -> dict[str, Any]:
        payload = dict(payload or {})
        mid = message_id or _snowflake()
        message: dict[str, Any] = {
            "id": str(mid),
            "channel_id": str(CHANNEL_ID),
            "guild_id": str(GUILD_ID),
            "type": 0,
            "content": payload.get("content") or "",
            "author": {
                "id": str(BOT_USER_ID),
                "username": "rulesbot",
                "discriminator": "0",
                "avatar": None,
                "bot": True,
            },
            "attachments": [],
            "embeds": payload.get("embeds") or [],
            "components": payload.get("components") or [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": datetime.datetime.now(datetime.UTC).isoformat(),
            "edited_timestamp": None,
            "flags": payload.get("flags") or 0,
            "webhook_id": str(APPLICATION_ID),
            "application_id": str(APPLICATION_ID),
        }
        if "allowed_mentions" in payload:
            message["allowed_mentions"] = payload["allowed_mentions"]
        return message

    def _result(self, token: str) -> Result:
        result = self.results.get(token) or self.finished.get(token)
        if result is None:
            raise HarnessError(f"a response for an interaction the harness did not send ({token[:12]})")
        return result

    @staticmethod
    def _payload(params: Any) -> dict[str, Any]:
        payload = getattr(params, "payload", None)
        if payload is None and getattr(params, "multipart", None):
            import json

            payload = json.loads(params.multipart[0]["value"])
        return dict(payload or {})

    async def create_interaction_response(
        self, interaction_id: int, token: str, *, params: Any, **_: Any
    ) -> dict[str, Any]:
        result = self._result(token)
        payload = self._payload(params)
        kind = int(payload.get("type", 0))
        data = dict(payload.get("data") or {})
        result.response_type = kind
        callback: dict[str, Any] = {
            "interaction": {
                "id": str(interaction_id),
                "type": 2,
                "response_message_ephemeral": bool(int(data.get("flags") or 0) & 64),
            }
        }
        if kind == 4:  # a message
            message = self._message(token, data)
            result.sent.append(Sent("response", message))
            callback["interaction"]["response_message_id"] = message["id"]
            callback["resource"] = {"type": 4, "message": message}
        elif kind == 5:  # deferred: "thinking"
            callback["interaction"]["response_message_loading"] = True
        elif kind == 7:  # the component's message is edited
            message = self._message(token, data, message_id=result.source_message_id)
            result.sent.append(Sent("edit", message))
            callback["interaction"]["response_message_id"] = message["id"]
            callback["resource"] = {"type": 7, "message": message}
        elif kind == 8:
            result.choices = list(data.get("choices") or [])
        elif kind == 9:
            result.modal = data
        return callback

    async def execute_webhook(
        self, webhook_id: int, token: str, *, payload: Any = None, multipart: Any = None, **_: Any
    ) -> dict[str, Any]:
        result = self._result(token)
        if payload is None and multipart:
            import json

            payload = json.loads(multipart[0]["value"])
        message = self._message(token, payload)
        result.sent.append(Sent("followup", message))
        return message

    async def edit_original_interaction_response(
        self, application_id: int, token: str, *, payload: Any = None, **_: Any
    ) -> dict[str, Any]:
        result = self._result(token)
        # "@original" is the message the component was on after an update (7), else the first response
        original: int | None = result.source_message_id if result.response_type == 7 else None
        if original is None and result.sent and result.sent[0].kind == "response":
            original = int(result.sent[0].message["id"])
        message = self._message(token, payload, message_id=original)
        result.sent.append(Sent("edit", message))
        return message

    async def edit_webhook_message(
        self, webhook_id: int, token: str, message_id: int, *, payload: Any = None, **_: Any
    ) -> dict[str, Any]:
        result = self._result(token)
        message = self._message(token, payload, message_id=message_id)
        result.sent.append(Sent("edit", message))
        return message

    async def get_original_interaction_response(
        self, application_id: int, token: str, **_: Any
    ) -> dict[str, Any]:
        result = self._result(token)
        if not result.sent:
            raise HarnessError("no original response to fetch")
        return result.sent[0].message

    async def delete_original_interaction_response(self, *args: Any, **kwargs: Any) -> None:
        return None

    async def delete_webhook_message(self, *args: Any, **kwargs: Any) -> None:
        return None


def _user(user_id: int) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": f"player{user_id % 1000}",
        "discriminator": "0",
        "avatar": None,
        "global_name": None,
    }


class Harness:
    """`await Harness.start(bot)`, then `await harness.command("hidden play", {"card": "Hidden Blade"})`."""

    def __init__(self, bot: discord.Client, *, strict: bool = True) -> None:
        self.bot = bot
        self.strict = strict
        self.recorder = _Recorder()
        self._started = False

    @classmethod
    async def start(cls, bot: discord.Client, *, strict: bool = True) -> Harness:
        harness = cls(bot, strict=strict)
        await harness._setup()
        return harness

    async def _setup(self) -> None:
        if self._started:
            return
        await self.bot._async_setup_hook()
        state = self.bot._connection
        if state.user is None:  # what READY would give: the bot's own user
            data = {**_user(BOT_USER_ID), "username": "rulesbot", "bot": True}
            state.user = discord.ClientUser(state=state, data=data)  # type: ignore[arg-type]
            state.application_id = APPLICATION_ID
        await self.bot.setup_hook()
        self.bot.tree.watching = True  # type: ignore[attr-defined]
        self._started = True

    @property
    def tree(self) -> app_commands.CommandTree[Any]:
        tree: app_commands.CommandTree[Any] = self.bot.tree  # type: ignore[attr-defined]
        return tree

    # ---- payloads -----------------------------------------------------------------------------------------

    def _base(
        self, kind: int, data: Mapping[str, Any], user_id: int, permissions: int | None = None
    ) -> tuple[dict[str, Any], Result]:
        interaction_id = _snowflake()
        token = f"harness-{interaction_id}"
        result = Result(interaction_id, token)
        self.recorder.results[token] = result
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(APPLICATION_ID),
            "type": kind,
            "token": token,
            "version": 1,
            "data": dict(data),
            "guild_id": str(GUILD_ID),
            "channel_id": str(CHANNEL_ID),
            "channel": {
                "id": str(CHANNEL_ID),
                "type": 0,
                "guild_id": str(GUILD_ID),
                "name": "rules",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            },
            "member": {
                "user": _user(user_id),
                "roles": [],
                "joined_at": "2026-01-01T00:00:00+00:00",
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": str(2147483647 if permissions is None else permissions),
            },
            "app_permissions": "2147483647",
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        return payload, result

    def _resolve(self, path: str) -> tuple[list[str], app_commands.Command[Any, ..., Any]]:
        names = path.strip().lstrip("/").split()
        if not names:
            raise HarnessError("no command given")
        found: Any = self.tree.get_command(names[0])
        for name in names[1:]:
            if not isinstance(found, app_commands.Group):
                raise HarnessError(f"/{' '.join(names)} is not a command")
            found = found.get_command(name)
        if not isinstance(found, app_commands.Command):
            raise HarnessError(
                f"/{' '.join(names)} is not a command" + ("; it needs a subcommand" if found else "")
            )
        return names, found

    @staticmethod
    def _option_list(
        command: app_commands.Command[Any, ..., Any], options: Mapping[str, Any], focused: str | None
    ) -> list[dict[str, Any]]:
        by_name = {p.display_name: p for p in command.parameters}
        out: list[dict[str, Any]] = []
        for name, value in options.items():
            param = by_name.get(name)
            if param is None:
                raise HarnessError(f"/{command.qualified_name} has no option {name!r}")
            option: dict[str, Any] = {"name": name, "type": param.type.value, "value": value}
            if name == focused:
                option["focused"] = True
            out.append(option)
        return out

    @staticmethod
    def _nest(names: Sequence[str], options: list[dict[str, Any]]) -> dict[str, Any]:
        inner: list[dict[str, Any]] = options
        for name in reversed(names[1:]):
            inner = [{"type": 1, "name": name, "options": inner}]
        return {"id": str(_snowflake()), "name": names[0], "type": 1, "options": inner}

    # ---- driving ------------------------------------------------------------------------------------------

    async def command(
        self,
        path: str,
        options: Mapping[str, Any] | None = None,
        *,
        user_id: int = DEFAULT_USER_ID,
        permissions: int | None = None,
    ) -> Result:
        """Run a slash command (`"hidden hide"`, `{"card": "Hidden Blade"}`) end to end through the tree.

        `permissions`: the member's permission bits in the channel (default: all), as Discord sends them.
        """
        await self._setup()
        names, command = self._resolve(path)
        data = self._nest(names, self._option_list(command, options or {}, None))
        payload, result = self._base(2, data, user_id, permissions)
        await self._run_command(payload, result)
        return result

    async def autocomplete(
        self, path: str, options: Mapping[str, Any], focused: str, *, user_id: int = DEFAULT_USER_ID
    ) -> Result:
        await self._setup()
        names, command = self._resolve(path)
        data = self._nest(names, self._option_list(command, options, focused))
        payload, result = self._base(4, data, user_id)
        await self._run_command(payload, result)
        if result.choices is None and self.strict:
            raise HarnessError(f"autocomplete of /{path} {focused} gave no answer (an error was logged)")
        return result

    async def _run_command(self, payload: dict[str, Any], result: Result) -> None:
        async_context.set(self.recorder)  # type: ignore[arg-type]
        state = self.bot._connection
        interaction: discord.Interaction[Any] = discord.Interaction(data=payload, state=state)  # type: ignore[arg-type]
        try:
            await self.tree._call(interaction)
        except app_commands.AppCommandError as error:  # what discord.py's own dispatch does
            await self.tree._dispatch_error(interaction, error)
        self._finish(result)

    def _finish(self, result: Result) -> None:
        # every callback has been awaited; only a view's timeout may still edit the message later
        self.recorder.results.pop(result.token, None)
        self.recorder.finished[result.token] = result
        while len(self.recorder.finished) > 256:
            self.recorder.finished.popitem(last=False)
        unexpected = getattr(self.tree, "unexpected", {})
        result.error = unexpected.pop(result.interaction_id, None)
        result.user_error = getattr(self.tree, "expected", {}).pop(result.interaction_id, None)
        if self.strict and result.error is not None:
            raise HarnessError(f"the command failed: {result.error!r}") from result.error
        if self.strict and result.response_type is None:
            raise HarnessError("the interaction was never answered")

    async def click(
        self,
        sent: Sent,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        user_id: int = DEFAULT_USER_ID,
    ) -> Result:
        """Press a button of a message the bot sent (by label or custom_id)."""
        await self._setup()
        button = next(
            (
                b
                for b in sent.buttons()
                if (custom_id and b.get("custom_id") == custom_id) or (label and b.get("label") == label)
            ),
            None,
        )
        if button is None:
            labels = [b.get("label") for b in sent.buttons()]
            raise HarnessError(f"no button {label or custom_id!r} on that message (buttons: {labels})")
        if button.get("disabled"):
            raise HarnessError(f"the button {button.get('label')!r} is disabled")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        payload, result = self._base(3, data, user_id)
        payload["message"] = sent.message
        result.source_message_id = int(sent.message["id"])
        await self._dispatch(payload, result, lambda store, i: store.dispatch_view(2, button["custom_id"], i))
        return result

    async def select(
        self,
        sent: Sent,
        values: Sequence[str],
        *,
        custom_id: str | None = None,
        placeholder: str | None = None,
        user_id: int = DEFAULT_USER_ID,
    ) -> Result:
        """Choose `values` in a select menu of a message the bot sent (by custom_id or placeholder; else the first)."""
        await self._setup()
        menus = [c for row in sent.components for c in row.get("components") or () if c.get("type") == 3]
        menu = next(
            (
                m
                for m in menus
                if (custom_id is None or m.get("custom_id") == custom_id)
                and (placeholder is None or m.get("placeholder") == placeholder)
            ),
            None,
        )
        if menu is None:
            raise HarnessError(f"no select menu {placeholder or custom_id or ''!r} on that message")
        if menu.get("disabled"):
            raise HarnessError(f"the select menu {menu.get('placeholder')!r} is disabled")
        offered = {str(o.get("value")) for o in menu.get("options") or ()}
        if not set(values) <= offered:
            missing = sorted(set(values) - offered)
            raise HarnessError(f"{missing} are not options of that menu ({sorted(offered)})")
        data = {"custom_id": menu["custom_id"], "component_type": 3, "values": list(values)}
        payload, result = self._base(3, data, user_id)
        payload["message"] = sent.message
        result.source_message_id = int(sent.message["id"])
        await self._dispatch(payload, result, lambda store, i: store.dispatch_view(3, menu["custom_id"], i))
        return result

    async def submit_modal(
        self, opened: Result, values: Mapping[str, str], *, user_id: int = DEFAULT_USER_ID
    ) -> Result:
        """Submit the modal a command opened, with text for its inputs (by custom_id or label)."""
        await self._setup()
        modal = opened.modal
        if modal is None:
            raise HarnessError("that interaction opened no modal")
        rows = []
        for row in modal.get("components") or ():
            for child in row.get("components") or ():
                key = child.get("custom_id")
                value = values.get(key, values.get(child.get("label", ""), ""))
                rows.append({"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]})
        data = {"custom_id": modal["custom_id"], "components": rows}
        payload, result = self._base(5, data, user_id)
        await self._dispatch(
            payload, result, lambda store, i: store.dispatch_modal(modal["custom_id"], i, rows, {})
        )
        return result

    async def _dispatch(self, payload: dict[str, Any], result: Result, dispatch: Any) -> None:
        async_context.set(self.recorder)  # type: ignore[arg-type]
        state = self.bot._connection
        interaction: discord.Interaction[Any] = discord.Interaction(data=payload, state=state)  # type: ignore[arg-type]
        store = state._view_store
        tasks_attr = "_ViewStore__tasks"
        before = set(getattr(store, tasks_attr))
        dispatch(store, interaction)
        started = set(getattr(store, tasks_attr)) - before
        if started:
            await asyncio.gather(*started)
        self._finish(result)
