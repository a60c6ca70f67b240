"""The offline driver: real ``discord.Interaction`` objects through the real bot, no network.

Gateway-shaped ``INTERACTION_CREATE`` payloads go through discord.py's own
``ConnectionState.parse_interaction_create``, so the command tree, views, dynamic items and
modals run exactly as in production. What the bot sends back (interaction callbacks, followups,
edits, and plain channel messages) is caught at the two HTTP choke points, the webhook adapter
and ``HTTPClient.request``, and recorded as :class:`Message` objects a test or the console can
read and press.

    driver = await OfflineDriver.open(tmp_path / "herald.sqlite3")
    reply = await driver.command("/roll expression:4d6kh3", user="alice")
    assert "Total" in reply.message.text
    await driver.close()

An attachment option takes an :class:`Attachment` (``file=Attachment("list.json", data)``) or a
file's path (``/40k list import file:tests/data/rosters/cinder_host.ros``, as the console types
it); ``Attachment.read()`` downloads it from the driver, which lists each download in
:attr:`OfflineDriver.downloads`.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import io
import itertools
import json
import re
import shlex
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.app import Herald, create_bot
from bot.settings import Settings

GUILD_ID = 100_000_000_000_000_001
OTHER_GUILD_ID = 100_000_000_000_000_020
#: A server that installed Herald's commands without its bot user (no ``bot`` scope).
COMMANDS_ONLY_GUILD_ID = 100_000_000_000_000_030
"""A server that has not added Herald: only a user-installed Herald answers there."""
DEFAULT_CHANNEL_ID = 100_000_000_000_000_010
APPLICATION_ID = 100_000_000_000_000_002
BOT_USER_ID = 100_000_000_000_000_003
BOT_ROLE_ID = 100_000_000_000_000_004
#: The creator of a thread a test adds without naming one (a member, not the bot).
OTHER_MEMBER_ID = 100_000_000_000_000_005
EPHEMERAL = 1 << 6
IS_COMPONENTS_V2 = 1 << 15
#: Discord's default upload limit per file (a server without boosts): 10 MiB. A request as a whole
#: may not pass 25 MiB. https://discord.com/developers/docs/reference#uploading-files
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
REQUEST_SIZE_LIMIT = 25 * 1024 * 1024
#: What the bot may do in the offline server unless a test says otherwise: exactly the permissions
#: README's invite link grants. ``driver.set_permissions`` takes some away, server-wide or per channel.
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)
#: A thread's auto_archive_duration may be one of these (minutes): an hour, a day, three days, a week.
AUTO_ARCHIVE_DURATIONS = (60, 1440, 4320, 10080)
#: A handler that has not answered after this long is a bug (in Discord: "interaction failed").
DISPATCH_TIMEOUT = 30.0

#: Ids shaped like Discord's: the time in the high bits, so each session's ids (and image names) are new.
_snowflakes = itertools.count((int(time.time() * 1000) - 1_420_070_400_000) << 22)


def _snowflake() -> int:
    return next(_snowflakes)


class OfflineError(Exception):
    """Input the Discord client itself would refuse (unknown command, option of the wrong type)."""


@dataclass
class User:
    """A member of the offline server."""

    id: int
    name: str
    manage_guild: bool = False
    #: The server roles the member holds (see :meth:`OfflineDriver.give_role`).
    roles: set[int] = field(default_factory=set)
    #: The language of this player's Discord client, sent as every interaction's ``locale``.
    locale: str = "en-GB"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": False,
        }

    def permissions(self) -> int:
        perms = discord.Permissions.general() | discord.Permissions.text()
        perms.manage_guild = self.manage_guild
        perms.administrator = False
        return perms.value


@dataclass
class Channel:
    id: int
    name: str
    thread: bool = False
    parent_id: int | None = None
    #: The channel's permission overwrite for the bot's role (a thread takes its parent's).
    allow: int = 0
    deny: int = 0
    #: Where it is: ``"guild"`` (a channel of the server that installed Herald), ``"dm"`` (a DM
    #: with the bot), ``"private"`` (a DM between players, through a user-installed Herald) or
    #: ``"elsewhere"`` (a server without Herald, through a user-installed Herald), or
    #: ``"commands_only"`` (a server that installed Herald's commands but not its bot user).
    where: str = "guild"
    #: A thread's life as Discord keeps it: archived after ``auto_archive_duration`` minutes
    #: without a message (``idle_minutes`` counts them; see :meth:`OfflineDriver.idle`).
    archived: bool = False
    auto_archive_duration: int = 1440
    idle_minutes: float = 0.0
    #: Deleted by a moderator: Discord answers 404 Unknown Channel (10003) from then on.
    deleted: bool = False
    #: Who created a thread (the bot for threads it opened): the creator may rename it without
    #: Manage Threads. None: a member the tests do not name.
    owner_id: int | None = None

    def payload(self) -> dict[str, Any]:
        if self.where in ("dm", "private"):
            return {"id": str(self.id), "type": 1, "name": None, "recipients": [], "last_message_id": None}
        if self.where in ("elsewhere", "commands_only"):
            return {
                "id": str(self.id),
                "type": 0,
                "guild_id": str(OTHER_GUILD_ID if self.where == "elsewhere" else COMMANDS_ONLY_GUILD_ID),
                "name": self.name,
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
                "topic": None,
                "rate_limit_per_user": 0,
            }
        if self.thread:
            return {
                "id": str(self.id),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "name": self.name,
                "parent_id": str(self.parent_id or DEFAULT_CHANNEL_ID),
                "owner_id": str(self.owner_id or OTHER_MEMBER_ID),
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": "2026-01-01T00:00:00+00:00",
                    "locked": False,
                },
                "message_count": 0,
                "member_count": 1,
                "rate_limit_per_user": 0,
                "flags": 0,
            }
        return {
            "id": str(self.id),
            "type": 0,
            "guild_id": str(GUILD_ID),
            "name": self.name,
            "position": 0,
            "permission_overwrites": (
                [{"id": str(BOT_ROLE_ID), "type": 0, "allow": str(self.allow), "deny": str(self.deny)}]
                if self.allow or self.deny
                else []
            ),
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "rate_limit_per_user": 0,
        }


@dataclass
class Attachment:
    filename: str
    data: bytes
    path: Path | None = None


@dataclass
class Button:
    index: int
    label: str
    custom_id: str | None
    style: int
    disabled: bool
    url: str | None = None
    emoji: str | None = None


@dataclass
class Select:
    index: int
    custom_id: str
    placeholder: str
    options: list[tuple[str, str]]  # (label, value)
    min_values: int
    max_values: int
    disabled: bool


@dataclass
class Message:
    """A message the bot posted (or an interaction's ephemeral reply), as a player sees it."""

    id: int
    channel_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    ephemeral: bool = False
    #: Who can see it: ``None`` for everyone, else the one user an ephemeral reply was for.
    visible_to: int | None = None
    deleted: bool = False
    edits: int = 0
    #: The ``allowed_mentions`` the bot sent with the message (None: the bot's default).
    allowed_mentions: dict[str, Any] | None = None
    #: A Components V2 message (a card): its flag, kept for good once set.
    v2: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "guild_id": str(GUILD_ID),
            "author": {
                "id": str(BOT_USER_ID),
                "username": "Herald",
                "discriminator": "0",
                "avatar": None,
                "bot": True,
            },
            "content": self.content,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(i + 1),
                    "filename": a.filename,
                    "size": len(a.data),
                    "url": f"https://offline.invalid/{a.filename}",
                    "proxy_url": f"https://offline.invalid/{a.filename}",
                }
                for i, a in enumerate(self.attachments)
            ],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0,
            "flags": (EPHEMERAL if self.ephemeral else 0) | (IS_COMPONENTS_V2 if self.v2 else 0),
        }

    # -- what a player reads --------------------------------------------------------------

    @property
    def embed(self) -> discord.Embed | None:
        return discord.Embed.from_dict(self.embeds[0]) if self.embeds else None

    @property
    def text(self) -> str:
        """Content, every embed and a card's text displays flattened to text, for assertions and
        the console. A card reads as its embed did: ``## title``, a field (a text display that is
        a bold name line and a value) as ``[name] value``, small text (``-# ...``) as ``-- ...``,
        and each gallery picture as ``[image: name]``."""
        parts = [self.content] if self.content else []
        for raw in self.embeds:
            parts.extend(_embed_lines(raw))
        parts.extend(_card_lines(self.components))
        return "\n".join(parts)

    @property
    def card(self) -> Card | None:
        """The message's first card (container), read back: title, accent colour, pictures,
        fields; ``None`` for a message of the old kind."""
        if not self.v2:
            return None
        container = next((c for c in self.components if c.get("type") == _CONTAINER), None)
        return Card(container or {"components": self.components})

    @property
    def cards(self) -> list[Card]:
        """Every card (container) of the message."""
        return [Card(c) for c in self.components if c.get("type") == _CONTAINER]

    @property
    def pings(self) -> set[int]:
        """The users this message notifies: those mentioned in its content whom its allowed
        mentions let through (Herald's default lets nobody through)."""
        said = "\n".join([self.content, *(_card_lines(self.components))])
        mentioned = {int(u) for u in re.findall(r"<@!?(\d+)>", said)}
        allowed = self.allowed_mentions or {"parse": []}
        if "users" in (allowed.get("parse") or []):
            return mentioned
        return mentioned & {int(u) for u in allowed.get("users") or []}

    @property
    def buttons(self) -> list[Button]:
        return [c for c in self._components() if isinstance(c, Button)]

    @property
    def selects(self) -> list[Select]:
        return [c for c in self._components() if isinstance(c, Select)]

    def button(self, label: str) -> Button:
        """The button whose label is (or, failing that, contains) ``label``, case-insensitive."""
        found = [b for b in self.buttons if b.label.lower() == label.lower()] or [
            b for b in self.buttons if label.lower() in b.label.lower()
        ]
        if not found:
            raise OfflineError(f"no button {label!r}; there are: {[b.label for b in self.buttons]}")
        return found[0]

    def _components(self) -> list[Button | Select]:
        out: list[Button | Select] = []
        for raw in walk_components(self.components):
            if raw.get("type") == 2:
                emoji = raw.get("emoji") or {}
                out.append(
                    Button(
                        index=len(out) + 1,
                        label=raw.get("label") or emoji.get("name") or "",
                        custom_id=raw.get("custom_id"),
                        style=raw.get("style", 1),
                        disabled=raw.get("disabled", False),
                        url=raw.get("url"),
                        emoji=emoji.get("name"),
                    )
                )
            elif raw.get("type") in (3, 5, 6, 7, 8):
                out.append(
                    Select(
                        index=len(out) + 1,
                        custom_id=raw["custom_id"],
                        placeholder=raw.get("placeholder") or "",
                        options=[(o["label"], o["value"]) for o in raw.get("options", [])],
                        min_values=raw.get("min_values", 1),
                        max_values=raw.get("max_values", 1),
                        disabled=raw.get("disabled", False),
                    )
                )
        return out


@dataclass
class Modal:
    """A modal the bot opened; fill it with :meth:`OfflineDriver.submit`."""

    custom_id: str
    title: str
    components: list[dict[str, Any]]
    channel_id: int
    user: User
    #: The message whose button or menu opened the modal: Discord sends it with the submit.
    source: Message | None = None

    @property
    def fields(self) -> list[dict[str, Any]]:
        """The form's inputs: text inputs, radio groups, checkbox groups and checkboxes; one inside
        a Label carries the Label's text as its ``label``."""
        out: list[dict[str, Any]] = []
        for comp in walk_components(self.components):
            if comp.get("type") == 18 and (comp.get("component") or {}).get("type") in _INPUTS:
                out.append({**comp["component"], "label": comp.get("label")})
            elif comp.get("type") in _INPUTS and not any(comp is f.get("component") for f in self.components):
                out.append(comp)
        return out


@dataclass
class Reply:
    """Everything one interaction made the bot do."""

    messages: list[Message] = field(default_factory=list)  # new messages, in order
    edited: list[Message] = field(default_factory=list)  # messages changed (deduplicated)
    modal: Modal | None = None
    choices: list[dict[str, Any]] | None = None  # autocomplete results
    deferred: bool = False
    incident: str | None = None
    #: ``time.monotonic()`` when the interaction was sent, and when Herald first answered it.
    sent_at: float = 0.0
    acknowledged_at: float | None = None

    @property
    def acknowledged_after(self) -> float | None:
        """Seconds from the interaction to Herald's first answer (``None``: never answered)."""
        return None if self.acknowledged_at is None else self.acknowledged_at - self.sent_at

    @property
    def answered(self) -> bool:
        return bool(self.messages or self.edited or self.modal or self.choices is not None or self.deferred)

    @property
    def message(self) -> Message:
        """The main visible result: the first new message, else the first edited one."""
        if self.messages:
            return self.messages[0]
        if self.edited:
            return self.edited[0]
        raise AssertionError("the bot sent no message for this interaction")

    @property
    def text(self) -> str:
        return "\n".join(m.text for m in [*self.messages, *self.edited])


_INPUTS = (4, 21, 22, 23)
"""What a form's user fills: a text input, a radio group, a checkbox group, a checkbox."""
_CHOICES = (21, 22, 23)


def _choice_answer(comp: dict[str, Any], given: Any) -> dict[str, Any]:
    """The submitted payload of a radio group (21), checkbox group (22) or checkbox (23) with
    ``given`` chosen, refused as Discord's client refuses it (an option not offered, a required
    choice left empty, more or fewer boxes ticked than the group allows).
    https://discord.com/developers/docs/components/reference#radio-group"""
    kind, custom_id = comp["type"], comp["custom_id"]
    offered = [str(o.get("value")) for o in comp.get("options", [])]
    if kind == 23:
        ticked = given if isinstance(given, bool) else str(given).lower() in ("true", "1", "yes", "x")
        return {"type": 23, "custom_id": custom_id, "value": bool(ticked)}
    if kind == 21:
        value = None if given in (None, "") else str(given)
        if value is None and comp.get("required", True):
            raise OfflineError(f"radio group {custom_id!r} is required: pick one of {offered}")
        if value is not None and value not in offered:
            raise OfflineError(f"radio group {custom_id!r} offers {offered}, not {value!r}")
        return {"type": 21, "custom_id": custom_id, "value": value}
    values = (
        []
        if given in (None, "")
        else [str(v) for v in (given if isinstance(given, list | tuple) else [given])]
    )
    low = comp.get("min_values", 1 if comp.get("required", True) else 0)
    high = comp.get("max_values", 1)
    if any(v not in offered for v in values) or len(set(values)) != len(values):
        raise OfflineError(f"checkbox group {custom_id!r} offers {offered} once each, not {values}")
    if not low <= len(values) <= high:
        raise OfflineError(f"checkbox group {custom_id!r} takes {low} to {high} boxes, not {len(values)}")
    return {"type": 22, "custom_id": custom_id, "values": values}


def walk_components(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every component of a message or form, nested ones too (rows, containers, sections,
    labels), in order."""
    for comp in components:
        yield comp
        if "components" in comp:
            yield from walk_components(comp["components"])
        if "component" in comp:
            yield from walk_components([comp["component"]])
        if "accessory" in comp:
            yield from walk_components([comp["accessory"]])


_CONTAINER, _SECTION, _TEXT, _THUMBNAIL, _GALLERY, _FILE = 17, 9, 10, 11, 12, 13
_FIELD = re.compile(r"\A\*\*(?P<name>[^\n]+?)\*\*\n(?P<value>.*)\Z", re.DOTALL)


def _media_name(url: str) -> str:
    return url.removeprefix("attachment://")


def _text_lines(content: str) -> list[str]:
    field = _FIELD.match(content)
    if field:
        return [f"[{field['name']}] {field['value']}"]
    return [f"-- {line[3:]}" if line.startswith("-# ") else line for line in content.split("\n")]


def _card_lines(components: list[dict[str, Any]]) -> list[str]:
    """A card's text displays, pictures and files in reading order (see :attr:`Message.text`)."""
    lines: list[str] = []
    for comp in components:
        kind = comp.get("type")
        if kind == _TEXT:
            lines.extend(_text_lines(str(comp.get("content") or "")))
        elif kind == _GALLERY:
            lines.extend(f"[image: {_media_name(i['media']['url'])}]" for i in comp.get("items") or [])
        elif kind == _THUMBNAIL:
            lines.append(f"[image: {_media_name(comp['media']['url'])}]")
        elif kind == _FILE:
            lines.append(f"[file: {_media_name(comp['file']['url'])}]")
        elif kind in (_CONTAINER, _SECTION):
            lines.extend(_card_lines(comp.get("components") or []))
            if kind == _SECTION and (comp.get("accessory") or {}).get("type") == _THUMBNAIL:
                lines.extend(_card_lines([comp["accessory"]]))
    return lines


@dataclass
class _Part:
    """A part of a card read back, shaped as the embed part it replaces (``.text``, ``.name``,
    ``.url``, ``.value``, ``.inline``)."""

    text: str | None = None
    name: str | None = None
    url: str | None = None
    value: str | None = None
    inline: bool = False


class Card:
    """A card (a V2 container) read back the way a test read the embed it replaced: ``title``,
    ``description`` (its text), ``fields`` (``.name``, ``.value``), ``footer.text``,
    ``author.name``, ``image.url`` (``attachment://name``), ``colour``; and ``images`` (every
    picture's name), ``note`` (what was the message's content), ``text`` (all of it, as
    :attr:`Message.text` reads it); ``data`` is the same as an embed's dict."""

    def __init__(self, container: dict[str, Any]) -> None:
        self.raw = container
        children = list(container.get("components") or [])
        self.title: str | None = None
        self.author = _Part()
        self.footer = _Part()
        self.note: str | None = None
        self.fields: list[_Part] = []
        body: list[str] = []
        self.images: list[str] = []
        before_head: list[str] = []
        texts = [c for c in children if c.get("type") == _TEXT]
        for comp in walk_components(children):
            if comp.get("type") == _GALLERY:
                self.images += [_media_name(i["media"]["url"]) for i in comp.get("items") or []]
            elif comp.get("type") == _THUMBNAIL:
                self.images.append(_media_name(comp["media"]["url"]))
        for comp in children:
            kind = comp.get("type")
            if kind == _SECTION:
                body += [str(t.get("content") or "") for t in comp.get("components") or []]
                continue
            if kind != _TEXT:
                continue
            content = str(comp.get("content") or "")
            lines = content.split("\n")
            heading = next((i for i, line in enumerate(lines) if line.startswith("## ")), None)
            field = _FIELD.match(content)
            if self.title is None and heading is not None and not body and not self.fields:
                self.title = lines[heading][3:]
                small = [line[3:] for line in lines[:heading] if line.startswith("-# ")]
                self.author = _Part(name=small[0] if small else None)
                self.note = "\n".join(before_head) or None
            elif field:
                self.fields.append(_Part(name=field["name"], value=field["value"]))
            elif comp is texts[-1] and len(texts) > 1 and all(
                line.startswith("-# ") or not line.strip() for line in lines
            ):
                self.footer = _Part(text="\n".join(line[3:] for line in lines))
            elif self.title is None and not body and not self.fields:
                before_head.append(content)
            else:
                body.append(content)
        if self.title is None:  # no heading: what came first is the text
            body = before_head + body
        self.description: str | None = "\n".join(body) or None
        self.image = _Part(url=f"attachment://{self.images[0]}" if self.images else None)
        accent = container.get("accent_color")
        self.colour: discord.Colour | None = None if accent is None else discord.Colour(accent)
        self.color = self.colour
        self.text = "\n".join(_card_lines(children))

    @property
    def data(self) -> dict[str, Any]:
        """The card as an embed's dict (``title``, ``description``, ``fields``, ``footer``, ...)."""
        out: dict[str, Any] = {}
        if self.title is not None:
            out["title"] = self.title
        if self.description is not None:
            out["description"] = self.description
        if self.author.name:
            out["author"] = {"name": self.author.name}
        if self.footer.text:
            out["footer"] = {"text": self.footer.text}
        if self.image.url:
            out["image"] = {"url": self.image.url}
        out["fields"] = [{"name": f.name, "value": f.value, "inline": f.inline} for f in self.fields]
        return out

    def __len__(self) -> int:
        """Characters of text, as ``len(embed)`` counts them."""
        parts = [self.title, self.description, self.author.name, self.footer.text]
        parts += [p for f in self.fields for p in (f.name, f.value)]
        return sum(len(p) for p in parts if p)


def _embed_lines(raw: dict[str, Any]) -> list[str]:
    lines = []
    if raw.get("author", {}).get("name"):
        lines.append(raw["author"]["name"])
    if raw.get("title"):
        lines.append(f"## {raw['title']}")
    if raw.get("description"):
        lines.append(raw["description"])
    for f in raw.get("fields", []):
        lines.append(f"[{f['name']}] {f['value']}")
    if raw.get("image", {}).get("url"):
        lines.append(f"(image: {raw['image']['url']})")
    if raw.get("footer", {}).get("text"):
        lines.append(f"-- {raw['footer']['text']}")
    return lines


@dataclass
class _Pending:
    """The interaction being handled: where its replies go."""

    interaction_id: int
    token: str
    user: User
    channel_id: int
    reply: Reply
    source_message: Message | None = None
    original: Message | None = None
    #: The interaction's type (2 command, 3 component, 4 autocomplete, 5 modal submit).
    kind: int = 0
    #: A deferred "thinking" placeholder: Discord fills it with the first follow-up.
    placeholder: bool = False


class _Adapter(AsyncWebhookAdapter):
    """Catches every webhook and interaction-callback request the bot makes."""

    def __init__(self, driver: OfflineDriver) -> None:
        super().__init__()
        self._driver = driver

    async def request(self, route: Any, session: Any = None, **kwargs: Any) -> Any:
        return self._driver._webhook_request(route, **kwargs)


def _role_payload(role_id: int, name: str, value: int, position: int) -> dict[str, Any]:
    """A role as Discord sends it (in GUILD_CREATE, or resolved in a command's options)."""
    return {
        "id": str(role_id),
        "name": name,
        "permissions": str(value),
        "position": position,
        "color": 0,
        "hoist": False,
        "managed": role_id == BOT_ROLE_ID,
        "mentionable": False,
        "flags": 0,
    }


class OfflineDriver:
    """Runs the real bot and its command tree without Discord; see the module docstring."""

    def __init__(
        self,
        database_path: Path | str,
        *,
        rng_seed: int | None = None,
        out_dir: Path | None = None,
        web_port: int = 0,
        public_url: str | bool = True,
    ) -> None:
        #: The tournament web pages' port (0: off, as in tests; the console serves them).
        self.web_port = web_port
        #: PUBLIC_URL: True (the default) is the pages' address on this machine, when they are
        #: served; False none (the bot then posts no Live page button); a string that address.
        self.public_url = public_url
        #: A path is a SQLite file; a URL (postgresql://...) any backend bot.storage knows.
        self.database_url = str(database_path) if "://" in str(database_path) else None
        self.database_path = Path("unused.sqlite3") if self.database_url else Path(database_path)
        self.rng_seed = rng_seed
        self.out_dir = out_dir
        self.bot: Herald
        self.users: dict[str, User] = {}
        self.channels: dict[str, Channel] = {}
        self.messages: dict[int, Message] = {}
        self._pending: dict[str, _Pending] = {}
        #: Files given to attachment options, by URL, and the URLs the bot downloaded (in order).
        self.uploads: dict[str, bytes] = {}
        self.downloads: list[str] = []
        self._adapter = _Adapter(self)
        #: The bot's server-wide permissions (its role); see :meth:`set_permissions`.
        self.permissions = discord.Permissions(INVITE_PERMISSIONS.value)
        #: The server's roles besides ``@everyone`` and the bot's, by name (see :meth:`role`).
        self.roles: dict[str, int] = {}
        #: The server's language as Discord sends it (``guild_locale``); "en-US" for a server
        #: that never chose one (a server that is not a Community server).
        self.guild_locale = "en-GB"
        self.channel = self.add_channel("general", channel_id=DEFAULT_CHANNEL_ID)
        #: The bot's DM channel with each user it wrote to (``bot.create_dm``), by user id.
        self.dms: dict[int, Channel] = {}
        #: Users who accept no DM from the bot: sending them one is refused as Discord does (50007).
        self.dms_closed: set[int] = set()

    def _public_url(self) -> str | None:
        if isinstance(self.public_url, str):
            return self.public_url
        return f"http://127.0.0.1:{self.web_port}" if self.public_url and self.web_port else None

    @classmethod
    async def open(cls, database_path: Path | str, **kwargs: Any) -> OfflineDriver:
        driver = cls(database_path, **kwargs)
        await driver.start()
        return driver

    # -- life cycle -----------------------------------------------------------------------

    async def start(self) -> Herald:
        """Build the bot and run its ``setup_hook`` the way ``login`` would, without the network."""
        import random

        settings = Settings(
            database_path=self.database_path,
            database_url=self.database_url,
            discord_token=None,
            sync_commands=False,  # there is no Discord to sync the commands to
            web_port=self.web_port,
            # Pages served on this machine are opened from it: their buttons lead there.
            public_url=self._public_url(),
            _env_file=None,
        )
        self.bot = create_bot(settings)
        if self.rng_seed is not None:
            self.bot.rng = random.Random(self.rng_seed)
        await self.bot._async_setup_hook()
        state = self.bot._connection
        state.application_id = APPLICATION_ID
        state.user = discord.ClientUser(
            state=state,
            data={
                "id": str(BOT_USER_ID),
                "username": "Herald",
                "discriminator": "0",
                "avatar": None,
                "bot": True,
            },
        )
        self.bot.http.get_from_cdn = self._get_from_cdn  # type: ignore[method-assign]
        self.bot.http.request = self._http_request  # type: ignore[method-assign]
        self._sync_guild()
        await self.bot.setup_hook()
        return self.bot

    async def restart(self) -> Herald:
        """Close the bot and start a new one on the same database; posted messages stay."""
        await self.bot.close()
        return await self.start()

    async def close(self) -> None:
        await self.bot.close()

    # -- the offline server ---------------------------------------------------------------

    def user(self, name: str, *, manage_guild: bool | None = None, locale: str | None = None) -> User:
        """The user called ``name`` (made on first use); ``manage_guild`` sets their permission,
        ``locale`` their Discord client's language (``"es-ES"``)."""
        user = self.users.get(name)
        if user is None:
            user = self.users[name] = User(_snowflake(), name)
        if manage_guild is not None:
            user.manage_guild = manage_guild
        if locale is not None:
            user.locale = locale
        return user

    def role(self, name: str) -> int:
        """The id of the server role called ``name`` (made on first use, as an admin would)."""
        name = name.lstrip("@")
        if name not in self.roles:
            self.roles[name] = _snowflake()
            self._sync_guild()
        return self.roles[name]

    def give_role(self, user: User | str, role: str) -> None:
        """Give ``user`` the role called ``role``; their next interactions carry it."""
        self._user(user).roles.add(self.role(role))

    def add_dm(self, name: str = "dm", *, where: str = "dm") -> Channel:
        """A channel outside the server that installed Herald, where only a user-installed Herald
        answers: a DM with the bot (``where="dm"``), a DM between players (``"private"``) or a
        channel of another server (``"elsewhere"``). Commands run there the way Discord sends them:
        another context, and no guild member. ``"commands_only"`` is a channel of a server that
        installed Herald from a link without the ``bot`` scope: the server's install authorises
        the command, but the bot user is no member there (the bot never hears of that server)."""
        if where not in ("dm", "private", "elsewhere", "commands_only"):
            raise ValueError(where)
        channel = self.channels.get(name)
        if channel is None:
            channel = self.channels[name] = Channel(_snowflake(), name, where=where)
        return channel

    def add_channel(
        self, name: str, *, thread: bool = False, channel_id: int | None = None, owner: User | None = None
    ) -> Channel:
        """A channel of the server, or a thread under #general that ``owner`` (a member; never
        the bot, which opens its own threads through Discord's API) created."""
        channel = self.channels.get(name)
        if channel is None:
            channel = self.channels[name] = Channel(
                channel_id or _snowflake(),
                name,
                thread=thread,
                parent_id=DEFAULT_CHANNEL_ID if thread else None,
                owner_id=owner.id if thread and owner is not None else None,
            )
            self._sync_guild()
        return channel

    def directory(self) -> dict[str, Any]:
        """The offline server's people and channels (threads included) as plain data, so a later
        session on the same database meets the same users and threads under the same ids
        (:meth:`restore_directory`); DM channels are left out (they are opened again on demand)."""
        return {
            "users": [
                {"name": u.name, "id": u.id, "manage": u.manage_guild, "locale": u.locale}
                for u in self.users.values()
            ],
            "guild_locale": self.guild_locale,
            "channels": [
                {"key": key, "name": c.name, "id": c.id, "thread": c.thread, "parent": c.parent_id,
                 "where": c.where}
                for key, c in self.channels.items()
                if c.where not in ("dm",) and c.id != DEFAULT_CHANNEL_ID
            ],
        }

    def restore_directory(self, data: dict[str, Any]) -> None:
        """Meet again the users and channels of :meth:`directory`; a malformed entry is skipped."""
        for raw in data.get("users") or []:
            try:
                name, ident = str(raw["name"]), int(raw["id"])
            except (KeyError, TypeError, ValueError):
                continue
            if name not in self.users:
                locale = str(raw.get("locale") or "en-GB")[:16]
                self.users[name] = User(ident, name, manage_guild=bool(raw.get("manage")), locale=locale)
        if isinstance(data.get("guild_locale"), str):
            self.guild_locale = data["guild_locale"][:16]
        for raw in data.get("channels") or []:
            try:
                key, ident = str(raw["key"]), int(raw["id"])
                parent = int(raw["parent"]) if raw.get("parent") is not None else None
            except (KeyError, TypeError, ValueError):
                continue
            where = str(raw.get("where") or "guild")
            if key in self.channels or where not in ("guild", "private", "elsewhere", "commands_only"):
                continue
            self.channels[key] = Channel(
                ident,
                str(raw.get("name") or key),
                thread=bool(raw.get("thread")),
                parent_id=parent,
                where=where,
            )
        self._sync_guild()

    # -- permissions ----------------------------------------------------------------------

    def set_permissions(self, channel: Channel | None = None, **flags: bool) -> discord.Permissions:
        """Give or take the bot's permissions, as a server admin would: server-wide (the bot's
        role), or in one ``channel`` (an overwrite; a thread follows its parent channel).

            driver.set_permissions(create_public_threads=False)               # the whole server
            driver.set_permissions(driver.channel, create_public_threads=False)  # one channel

        Returns the bot's permissions there. Discord then refuses what they do not allow with
        403 Forbidden (50013 Missing Permissions), and interactions carry them as ``app_permissions``.
        """
        unknown = sorted(set(flags) - set(discord.Permissions.VALID_FLAGS))
        if unknown:
            raise OfflineError(f"no such permission: {', '.join(unknown)}")
        if channel is None:
            self.permissions.update(**flags)
        else:
            target = self._parent(channel)
            for name, value in flags.items():
                bit = discord.Permissions(**{name: True}).value
                if value:
                    target.allow, target.deny = target.allow | bit, target.deny & ~bit
                else:
                    target.allow, target.deny = target.allow & ~bit, target.deny | bit
        self._sync_guild()
        return self.bot_permissions(channel)

    def bot_permissions(self, channel: Channel | None = None) -> discord.Permissions:
        """The bot's permissions server-wide, or in ``channel`` after its overwrite."""
        if self.permissions.administrator:
            return discord.Permissions.all()
        if channel is None:
            return discord.Permissions(self.permissions.value)
        parent = self._parent(channel)
        perms = discord.Permissions((self.permissions.value & ~parent.deny) | parent.allow)
        return perms if perms.view_channel else discord.Permissions.none()

    def _parent(self, channel: Channel) -> Channel:
        if not channel.thread:
            return channel
        return self._channel_by_id(channel.parent_id or DEFAULT_CHANNEL_ID) or self.channel

    def _channel_by_id(self, channel_id: int) -> Channel | None:
        return next((c for c in self.channels.values() if c.id == channel_id), None)

    def _require(self, channel_id: int, *needed: str) -> None:
        """Refuse a REST call as Discord does when the bot lacks a permission in the channel."""
        channel = self._channel_by_id(channel_id)
        perms = self.bot_permissions(channel) if channel is not None else self.bot_permissions()
        missing = [name for name in ("view_channel", *needed) if not getattr(perms, name)]
        if missing:
            raise discord.Forbidden(
                _FakeResponse(403), {"code": 50013, "message": f"Missing Permissions ({', '.join(missing)})"}
            )

    def _sync_guild(self) -> None:
        """Put the offline server in the bot's cache as the gateway's GUILD_CREATE would: its
        roles (``@everyone`` and the bot's own), its channels with their overwrites, and the bot's
        member, so ``guild.me.guild_permissions`` and ``permissions_for`` read what Discord would."""
        bot = getattr(self, "bot", None)
        if bot is None or bot._connection.self_id is None:
            return
        state = bot._connection

        role = _role_payload
        data = {
            "id": str(GUILD_ID),
            "name": "Offline server",
            "owner_id": str(APPLICATION_ID),
            "member_count": len(self.users) + 1,
            "roles": [
                role(GUILD_ID, "@everyone", 0, 0),
                role(BOT_ROLE_ID, "Herald", self.permissions.value, 1),
                *(role(ident, name, 0, 0) for name, ident in self.roles.items()),
            ],
            "channels": [c.payload() for c in self.channels.values() if not c.thread],
            "members": [
                {
                    "user": state.user._to_minimal_user_json() if state.user else {},
                    "roles": [str(BOT_ROLE_ID)],
                    "joined_at": "2026-01-01T00:00:00+00:00",
                    "deaf": False,
                    "mute": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
        }
        state._add_guild(discord.Guild(data=data, state=state))  # type: ignore[arg-type]

    @property
    def guild(self) -> discord.Guild:
        """The offline server as the bot sees it (its cache)."""
        guild = self.bot.get_guild(GUILD_ID)
        assert guild is not None, "the driver has not started"
        return guild

    async def ready(self) -> None:
        """Deliver the gateway's READY: the bot's ``on_ready`` runs (and what it starts)."""
        await self._gateway_event("ready")

    async def join_guild(self) -> None:
        """Deliver GUILD_CREATE for a server the bot was just added to: ``on_guild_join``."""
        await self._gateway_event("guild_join", self.guild)

    async def _gateway_event(self, name: str, *args: Any) -> None:
        log = _TaskLog.of_running_loop()
        mark, owner = log.begin()
        try:
            self.bot.dispatch(name, *args)
            await self._settle(mark)
        finally:
            log.end(mark, owner)

    def history(self, channel: Channel | None = None, *, user: User | None = None) -> list[Message]:
        """Messages in a channel as ``user`` sees them (ephemeral replies only for their owner)."""
        channel = channel or self.channel
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel.id
            and not m.deleted
            and (m.visible_to is None or (user is not None and m.visible_to == user.id))
        ]

    # -- interactions ---------------------------------------------------------------------

    async def command(
        self,
        command: str,
        *,
        user: User | str = "alice",
        channel: Channel | None = None,
        **options: Any,
    ) -> Reply:
        """Run a slash command: ``"/roll expression:2d6"``, or ``"roll"`` with ``expression="2d6"``."""
        user = self._user(user)
        path, parsed = self.parse_command_line(command) if command.startswith("/") else (command.split(), {})
        parsed.update(options)
        data = self._command_data(path, parsed, focused=None)
        return await self._dispatch(2, data, user, channel or self.channel)

    async def autocomplete(
        self,
        command: str,
        focused: str,
        value: str = "",
        *,
        user: User | str = "alice",
        channel: Channel | None = None,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """The choices Discord would show while ``focused`` holds ``value``."""
        user = self._user(user)
        path = command.lstrip("/").split()
        param = next((p for p in self._resolve(path).parameters if p.display_name == focused), None)
        if param is not None and not param.autocomplete:
            fixed = f"; its choices are {', '.join(c.name for c in param.choices)}" if param.choices else ""
            raise OfflineError(f"{focused} has no autocomplete{fixed}")
        options[focused] = value
        data = self._command_data(path, options, focused=focused)
        reply = await self._dispatch(4, data, user, channel or self.channel)
        return reply.choices or []

    async def press(
        self, message: Message, button: str | int | Button, *, user: User | str = "alice"
    ) -> Reply:
        """Press a button by label, 1-based position among the message's components, or object."""
        user = self._user(user)
        self._check_visible(message, user)
        if isinstance(button, int):
            comps = message._components()
            if not 1 <= button <= len(comps) or not isinstance(comps[button - 1], Button):
                raise OfflineError(f"there is no button number {button} on that message")
            target = comps[button - 1]
        elif isinstance(button, str):
            target = message.button(button)
        else:
            target = button
        assert isinstance(target, Button)
        if target.url:
            raise OfflineError(f"that button is a link to {target.url}")
        if target.disabled:
            raise OfflineError(f"the button {target.label!r} is disabled")
        data = {"custom_id": target.custom_id, "component_type": 2}
        return await self._dispatch(3, data, user, self._channel_of(message), message)

    async def choose(
        self, message: Message, values: list[str] | str, *, user: User | str = "alice", select: int = 1
    ) -> Reply:
        """Choose option values (or labels) in the message's ``select``-th select menu."""
        user = self._user(user)
        self._check_visible(message, user)
        selects = message.selects
        if not 1 <= select <= len(selects):
            raise OfflineError("that message has no such select menu")
        menu = selects[select - 1]
        wanted = [values] if isinstance(values, str) else list(values)
        by_label = {label.lower(): value for label, value in menu.options}
        chosen = [by_label.get(v.lower(), v) for v in wanted]
        if menu.options and any(v not in {val for _, val in menu.options} for v in chosen):
            raise OfflineError(f"choose among: {[label for label, _ in menu.options]}")
        if not menu.min_values <= len(chosen) <= menu.max_values:
            raise OfflineError(f"choose between {menu.min_values} and {menu.max_values} options")
        data = {"custom_id": menu.custom_id, "component_type": 3, "values": chosen}
        return await self._dispatch(3, data, user, self._channel_of(message), message)

    async def submit(self, modal: Modal, values: dict[str, Any], *, user: User | str | None = None) -> Reply:
        """Fill a modal's inputs (by custom id or label) and submit it: text as a string, a radio
        group's choice as its option's value, a checkbox group's as a list of values, a checkbox
        as a bool. A choice Discord's client would not let through raises OfflineError."""
        user = self._user(user) if user is not None else modal.user
        by_key: dict[str, str] = {}
        for f in modal.fields:
            for key in (f["custom_id"], (f.get("label") or "").lower()):
                by_key[key] = f["custom_id"]
        answers: dict[str, Any] = {}
        for key, value in values.items():
            custom_id = by_key.get(key) or by_key.get(key.lower())
            if custom_id is None:
                raise OfflineError(f"no field {key!r}; fields: {[f.get('label') for f in modal.fields]}")
            answers[custom_id] = value

        def fill(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
            out = []
            for comp in components:
                if comp.get("type") == 1:
                    out.append({"type": 1, "components": fill(comp.get("components", []))})
                elif comp.get("type") == 18:
                    out.append({"type": 18, "component": fill([comp["component"]])[0]})
                elif comp.get("type") == 4:
                    out.append(
                        {
                            "type": 4,
                            "custom_id": comp["custom_id"],
                            "value": str(answers.get(comp["custom_id"], "")),
                        }
                    )
                elif comp.get("type") in _CHOICES:
                    out.append(_choice_answer(comp, answers.get(comp["custom_id"])))
                else:
                    out.append(comp)
            return out

        data = {"custom_id": modal.custom_id, "components": fill(modal.components)}
        channel = next((c for c in self.channels.values() if c.id == modal.channel_id), self.channel)
        return await self._dispatch(5, data, user, channel, modal.source)

    # -- parsing the console's command lines ----------------------------------------------

    def parse_command_line(self, line: str) -> tuple[list[str], dict[str, str]]:
        """Split a typed line into the command path and its options.

        ``/si boss start boss:"Elder Leviathan"`` gives
        ``(["si", "boss", "start"], {"boss": "Elder Leviathan"})``.
        """
        try:
            tokens = shlex.split(line.strip().lstrip("/"))
        except ValueError as error:
            raise OfflineError(f"can't split that line: {error}") from None
        path: list[str] = []
        options: dict[str, str] = {}
        last: str | None = None
        known: set[str] | None = None  # the command's option names, once the path is known
        for token in tokens:
            match = re.match(r"^([a-z0-9_-]+):(.*)$", token, re.IGNORECASE | re.DOTALL)
            if match and last is None:
                known = self._option_names(path)
            listing = last is not None and options[last].rstrip().endswith(",")
            if match and (last is None or known is None or match.group(1).lower() in known or not listing):
                last = match.group(1).lower()
                options[last] = match.group(2)
            elif last is not None:
                # An unquoted value with spaces; in a list (``name:Kai:2, Lee:2``) a ``Lee:2`` after
                # a comma stays in the value when the command has no option called ``lee``.
                options[last] += " " + token
            else:
                path.append(token.lower())
        return path, options

    def _option_names(self, path: list[str]) -> set[str] | None:
        """The options of the command at ``path``, or None when there is no such command (yet)."""
        if not hasattr(self, "bot"):
            return None
        try:
            return {p.display_name for p in self._resolve(path).parameters}
        except OfflineError:
            return None

    def _resolve(self, path: list[str]) -> app_commands.Command[Any, ..., Any]:
        if not path:
            raise OfflineError("type a command, for example /roll expression:2d6")
        node: Any = self.bot.tree.get_command(path[0])
        if node is None:
            names = sorted(c.name for c in self.bot.tree.get_commands())
            raise OfflineError(f"no command /{path[0]}; commands: {', '.join('/' + n for n in names)}")
        for part in path[1:]:
            if not isinstance(node, app_commands.Group):
                raise OfflineError(f"/{node.qualified_name} has no subcommand {part!r}")
            child = node.get_command(part)
            if child is None:
                subs = ", ".join(c.name for c in node.commands)
                raise OfflineError(f"/{node.qualified_name} has no subcommand {part!r}; try: {subs}")
            node = child
        if isinstance(node, app_commands.Group):
            subs = ", ".join(c.name for c in node.commands)
            raise OfflineError(f"/{node.qualified_name} needs a subcommand: {subs}")
        return node

    def _command_data(
        self, path: list[str], options: dict[str, Any], *, focused: str | None
    ) -> dict[str, Any]:
        command = self._resolve(path)
        params = {p.display_name: p for p in command.parameters}
        unknown = set(options) - set(params)
        if unknown:
            raise OfflineError(
                f"/{command.qualified_name} has no option {', '.join(sorted(unknown))}; "
                f"options: {', '.join(params) or 'none'}"
            )
        missing = [n for n, p in params.items() if p.required and n not in options and n != focused]
        if missing and focused is None:
            raise OfflineError(f"/{command.qualified_name} needs {', '.join(m + ':' for m in missing)}")
        resolved: dict[str, dict[str, Any]] = {}
        encoded = []
        for name, value in options.items():
            param = params[name]
            option: dict[str, Any] = {"name": name, "type": param.type.value}
            if name == focused:
                option["value"] = str(value)
                option["focused"] = True
            else:
                option["value"] = self._encode(param, value, resolved)
            encoded.append(option)
        # Nest the options inside the subcommand and group, as Discord does.
        names = command.qualified_name.split()
        data: dict[str, Any] = {
            "id": str(_snowflake()),
            "name": names[0],
            "type": 1,
            "guild_id": str(GUILD_ID),
        }
        inner = encoded
        for depth, part in reversed(list(enumerate(names[1:], start=1))):
            kind = 1 if depth == len(names) - 1 else 2
            inner = [{"name": part, "type": kind, "options": inner}]
        data["options"] = inner
        if resolved:
            data["resolved"] = resolved
        return data

    def _encode(self, param: app_commands.Parameter, value: Any, resolved: dict[str, dict[str, Any]]) -> Any:
        kind = param.type
        name = param.display_name
        if param.choices:
            for choice in param.choices:
                if str(value).lower() in (str(choice.value).lower(), choice.name.lower()):
                    return choice.value
            raise OfflineError(f"{name}: choose one of {', '.join(c.name for c in param.choices)}")
        try:
            if kind is discord.AppCommandOptionType.integer:
                number = int(str(value))
                if param.min_value is not None and number < param.min_value:
                    raise OfflineError(f"{name} must be at least {param.min_value}")
                if param.max_value is not None and number > param.max_value:
                    raise OfflineError(f"{name} must be at most {param.max_value}")
                return number
            if kind is discord.AppCommandOptionType.number:
                return float(str(value))
        except ValueError:
            raise OfflineError(f"{name} must be a {kind.name} (Discord would not send {value!r})") from None
        if kind is discord.AppCommandOptionType.boolean:
            if isinstance(value, bool):
                return value
            text = str(value).lower()
            if text in ("true", "yes", "1", "on"):
                return True
            if text in ("false", "no", "0", "off"):
                return False
            raise OfflineError(f"{name} must be true or false")
        if kind in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable):
            user = value if isinstance(value, User) else self._user(str(value).lstrip("@"))
            resolved.setdefault("users", {})[str(user.id)] = user.payload()
            resolved.setdefault("members", {})[str(user.id)] = self._member(user, with_user=False)
            return str(user.id)
        if kind is discord.AppCommandOptionType.channel:
            channel = value if isinstance(value, Channel) else self.add_channel(str(value).lstrip("#"))
            resolved.setdefault("channels", {})[str(channel.id)] = {**channel.payload(), "permissions": "0"}
            return str(channel.id)
        if kind is discord.AppCommandOptionType.role:
            ident = self.role(str(value))
            role_name = str(value).lstrip("@")
            resolved.setdefault("roles", {})[str(ident)] = _role_payload(ident, role_name, 0, 0)
            return str(ident)
        if kind is discord.AppCommandOptionType.attachment:
            return self._upload(name, value, resolved)
        if kind is discord.AppCommandOptionType.string:
            text = str(value)
            if param.min_value is not None and len(text) < param.min_value:
                raise OfflineError(f"{name} must be at least {param.min_value} characters")
            if param.max_value is not None and len(text) > param.max_value:
                raise OfflineError(f"{name} must be at most {param.max_value} characters")
            return text
        raise OfflineError(f"the offline driver can't send {kind.name} options yet")

    def _upload(self, name: str, value: Any, resolved: dict[str, dict[str, Any]]) -> str:
        """An attachment option: an :class:`Attachment`, or a path to a file (as the console types it)."""
        if isinstance(value, str | Path):
            path = Path(value)
            if not path.is_file():
                raise OfflineError(f"{name} is an attachment: give an Attachment or the path of a file")
            value = Attachment(path.name, path.read_bytes())
        if not isinstance(value, Attachment):
            raise OfflineError(f"{name} is an attachment: give an Attachment or the path of a file")
        ident = str(_snowflake())
        url = f"https://offline.invalid/attachments/{ident}/{value.filename}"
        self.uploads[url] = value.data
        resolved.setdefault("attachments", {})[ident] = {
            "id": ident,
            "filename": value.filename,
            "size": len(value.data),
            "url": url,
            "proxy_url": url,
        }
        return ident

    async def _get_from_cdn(self, url: str) -> bytes:
        """What ``Attachment.read()`` downloads: a file a command was given (each fetch is counted)."""
        if url not in self.uploads:
            raise OfflineError(f"nothing was uploaded at {url}")
        self.downloads.append(url)
        return self.uploads[url]

    # -- dispatch -------------------------------------------------------------------------

    def _user(self, user: User | str) -> User:
        return user if isinstance(user, User) else self.user(user)

    def _channel_of(self, message: Message) -> Channel:
        return next((c for c in self.channels.values() if c.id == message.channel_id), self.channel)

    @staticmethod
    def _check_visible(message: Message, user: User) -> None:
        if message.deleted:
            raise OfflineError("that message was deleted")
        if message.visible_to is not None and message.visible_to != user.id:
            raise OfflineError("that message is ephemeral: only the user it was for can see or press it")

    def _member(self, user: User, *, with_user: bool = True) -> dict[str, Any]:
        member: dict[str, Any] = {
            "roles": [str(r) for r in sorted(user.roles)],
            "joined_at": "2026-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(user.permissions()),
        }
        if with_user:
            member["user"] = user.payload()
        return member

    async def _dispatch(
        self,
        kind: int,
        data: dict[str, Any],
        user: User,
        channel: Channel,
        source: Message | None = None,
    ) -> Reply:
        interaction_id = _snowflake()
        token = f"offline-{interaction_id}"
        reply = Reply(sent_at=time.monotonic())
        pending = _Pending(interaction_id, token, user, channel.id, reply, source_message=source, kind=kind)
        self._pending[token] = pending
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(APPLICATION_ID),
            "type": kind,
            "data": data,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel.id),
            "channel": channel.payload(),
            "member": self._member(user),
            "token": token,
            "version": 1,
            "locale": user.locale,
            "guild_locale": self.guild_locale,
            "app_permissions": str(self.bot_permissions(channel).value),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if channel.where == "commands_only":
            # The server's own install (owner "0" is the server), for a server the bot is not in.
            payload["guild_id"] = str(COMMANDS_ONLY_GUILD_ID)
            payload["authorizing_integration_owners"] = {"0": str(COMMANDS_ONLY_GUILD_ID)}
        elif channel.where != "guild":
            # Discord's payload outside the installing server: the context it happens in and who
            # authorised Herald there ("1": the player's own install; "0": "0" in the bot's DMs).
            # In DMs there is no guild and no member, only the user (Discord's docs: ``member`` is
            # sent when invoked in a guild, ``user`` when invoked in a DM); in another server the
            # member comes as usual, for a guild the bot is not in.
            owners = {"1": str(user.id)}
            if channel.where == "dm":
                owners["0"] = "0"
            payload["authorizing_integration_owners"] = owners
            payload["context"] = {"dm": 1, "private": 2, "elsewhere": 0}[channel.where]
            if channel.where == "elsewhere":
                payload["guild_id"] = str(OTHER_GUILD_ID)
            else:
                del payload["member"], payload["guild_id"]
                payload["user"] = user.payload()
        if source is not None:
            payload["message"] = source.payload()
        context_token = async_context.set(self._adapter)
        log = _TaskLog.of_running_loop()
        mark, owner = log.begin()
        try:
            self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
            await self._settle(mark)
        finally:
            log.end(mark, owner)
            async_context.reset(context_token)
        return reply

    async def _settle(self, mark: int) -> None:
        """Wait for every task the interaction started (made since ``mark``), except views' long
        timeout timers."""
        log = _TaskLog.of_running_loop()
        deadline = time.monotonic() + DISPATCH_TIMEOUT
        current = asyncio.current_task()
        seen: set[asyncio.Task[Any]] = set()

        def started() -> list[asyncio.Task[Any]]:
            return [t for t in log.since(mark) if t not in seen and t is not current and not _is_timer(t)]

        while True:
            fresh = started()
            if not fresh:
                await asyncio.sleep(0)
                fresh = started()
                if not fresh:
                    return
            seen.update(fresh)
            remaining = deadline - time.monotonic()
            _, pending = await asyncio.wait(fresh, timeout=max(remaining, 0.01))
            if pending:
                raise TimeoutError(
                    f"the bot did not finish handling the interaction in {DISPATCH_TIMEOUT:.0f} s"
                )

    # -- what the bot sends ---------------------------------------------------------------

    def _webhook_request(self, route: Any, **kwargs: Any) -> Any:
        path: str = route.path
        method: str = route.method
        token = route.webhook_token
        pending = self._pending.get(token)
        if pending is None:
            raise discord.NotFound(_FakeResponse(404), "unknown interaction token")
        body, files = _body(kwargs)
        if path.endswith("/callback"):
            return self._callback(pending, body, files)
        if path.endswith("/messages/@original"):
            original = pending.original
            if original is None:
                raise discord.NotFound(_FakeResponse(404), "no original response")
            return self._message_op(pending, original, method, body, files)
        match = re.search(r"/messages/(\d+)$", path)
        if match:
            message = self.messages.get(int(match.group(1)))
            if message is None:
                raise discord.NotFound(_FakeResponse(404), "unknown message")
            return self._message_op(pending, message, method, body, files)
        if method == "POST":  # a followup
            original = pending.original
            if pending.placeholder and original is not None:
                # Discord: the first follow-up after "thinking" replaces the placeholder and keeps
                # the deferral's visibility, whatever flags the follow-up asks for.
                pending.placeholder = False
                if not original.deleted:
                    return self._message_op(pending, original, "PATCH", body, files)
            message = self._new_message(pending, body, files)
            return message.payload()
        raise discord.HTTPException(_FakeResponse(400), f"offline driver: unsupported {method} {path}")

    def _callback(self, pending: _Pending, body: dict[str, Any], files: list[Attachment]) -> Any:
        kind = body.get("type")
        data = body.get("data") or {}
        reply = pending.reply
        if reply.acknowledged_at is None:
            reply.acknowledged_at = time.monotonic()
        message: Message | None = None
        if kind == 4:
            message = pending.original = self._new_message(pending, data, files)
        elif kind in (5, 6) and int(data.get("flags", 0) or 0) & IS_COMPONENTS_V2:
            # Discord: a deferred response cannot carry the V2 flag; the message that follows it does.
            raise _invalid(["a deferred response cannot have the IS_COMPONENTS_V2 flag"])
        elif kind == 5:
            reply.deferred = True
            message = pending.original = self._new_message(pending, {"content": "", **data}, [], record=False)
            pending.placeholder = True
        elif kind == 6:
            reply.deferred = True
            pending.original = pending.source_message
        elif kind == 7:
            assert pending.source_message is not None, "an UPDATE_MESSAGE needs a component interaction"
            pending.original = pending.source_message
            self._edit(pending, pending.source_message, data, files)
            message = pending.source_message
        elif kind == 8:
            reply.choices = list(data.get("choices", []))
            if len(reply.choices) > 25 or any(
                len(str(c.get("name", ""))) > 100 or len(str(c.get("value", ""))) > 100 for c in reply.choices
            ):
                raise _invalid(["choices over the limits"])
        elif kind == 9:
            if pending.kind == 5:  # Discord: no MODAL in answer to a MODAL_SUBMIT
                raise _invalid(["a modal submit cannot be answered with another modal"])
            check_modal(data)
            reply.modal = Modal(
                custom_id=data["custom_id"],
                title=data.get("title", ""),
                components=data.get("components", []),
                channel_id=pending.channel_id,
                user=pending.user,
                source=pending.source_message,
            )
        interaction: dict[str, Any] = {
            "id": str(pending.interaction_id),
            "type": 2,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(message and message.ephemeral),
        }
        result: dict[str, Any] = {"interaction": interaction}
        if message is not None:
            interaction["response_message_id"] = str(message.id)
            result["resource"] = {"type": kind, "message": message.payload()}
        return result

    def _message_op(
        self, pending: _Pending, message: Message, method: str, body: dict[str, Any], files: list[Attachment]
    ) -> Any:
        if method == "GET":
            return message.payload()
        if method == "DELETE":
            message.deleted = True
            if message is pending.original:
                pending.placeholder = False
            return None
        if method == "PATCH":
            if message.id not in self.messages:  # a deferred reply gets its first content
                pending.placeholder = False
                pending.reply.messages.append(message)  # a new message, not an edit of one
                try:
                    self._edit(pending, message, body, files)
                except discord.HTTPException:
                    pending.reply.messages.remove(message)
                    raise
                self.messages[message.id] = message
                return message.payload()
            self._edit(pending, message, body, files)
            return message.payload()
        raise discord.HTTPException(_FakeResponse(400), f"offline driver: unsupported {method}")

    def _new_message(
        self, pending: _Pending, data: dict[str, Any], files: list[Attachment], *, record: bool = True
    ) -> Message:
        v2 = bool(int(data.get("flags", 0) or 0) & IS_COMPONENTS_V2)
        check_limits(data, files, v2=v2)
        if v2:
            check_card(data.get("content"), data.get("embeds"), data.get("components") or [], files)
        if record:  # a deferral's "thinking" placeholder is the one message allowed to be empty
            check_not_empty(data.get("content"), data.get("embeds"), data.get("components"), files)
        ephemeral = bool(int(data.get("flags", 0) or 0) & EPHEMERAL)
        message = Message(
            id=_snowflake(),
            channel_id=pending.channel_id,
            content=data.get("content") or "",
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            attachments=self._save(files),
            ephemeral=ephemeral,
            visible_to=pending.user.id if ephemeral else None,
            allowed_mentions=data.get("allowed_mentions"),
            v2=v2,
        )
        if record:
            self.messages[message.id] = message
            pending.reply.messages.append(message)
            where = self._channel_by_id(pending.channel_id)
            if where is not None and where.thread and not ephemeral:
                # A message is a thread's activity: its idle count starts again, and an archived
                # (unlocked) thread is unarchived by it, as in Discord.
                where.archived, where.idle_minutes = False, 0.0
        return message

    def _edit(
        self, pending: _Pending, message: Message, data: dict[str, Any], files: list[Attachment]
    ) -> None:
        attachments = message.attachments
        kept: list[Attachment] = attachments
        if "attachments" in data or files:
            kept_ids = {str(a.get("id")) for a in data.get("attachments") or [] if "id" in a}
            kept = [a for i, a in enumerate(attachments) if str(i + 1) in kept_ids]
            attachments = kept + files
        v2 = message.v2
        if "flags" in data and data["flags"] is not None:
            asked = bool(int(data["flags"]) & IS_COMPONENTS_V2)
            if message.v2 and not asked:
                # Discord: the flag is set for good; an edit cannot turn a card back into embeds.
                raise _invalid(["the IS_COMPONENTS_V2 flag cannot be removed from a message"])
            v2 = asked
        check_limits(data, attachments, v2=v2)
        content = data["content"] or "" if "content" in data else message.content
        embeds = list(data["embeds"] or []) if "embeds" in data else message.embeds
        components = list(data["components"] or []) if "components" in data else message.components
        if v2:
            # Turning a message into a card needs its content and embeds cleared in the same edit.
            check_card(content, embeds, components, attachments)
        check_not_empty(content, embeds, components, attachments)
        message.content, message.embeds, message.components = content, embeds, components
        message.v2 = v2
        if "allowed_mentions" in data:
            message.allowed_mentions = data["allowed_mentions"]
        if "attachments" in data or files:
            message.attachments = kept + self._save(files)
        message.edits += 1
        if message not in pending.reply.edited and message not in pending.reply.messages:
            pending.reply.edited.append(message)

    def _save(self, files: list[Attachment]) -> list[Attachment]:
        if self.out_dir is not None:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            for attachment in files:
                path = self.out_dir / f"{_snowflake()}-{attachment.filename}"
                while path.exists():  # never overwrite an image an earlier session saved
                    path = self.out_dir / f"{_snowflake()}-{attachment.filename}"
                path.write_bytes(attachment.data)
                attachment.path = path
        return files

    async def _http_request(self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any) -> Any:
        """Plain REST calls (channel messages and edits); everything else is refused loudly."""
        method, path = route.method, route.path
        body, attachments = _body({"payload": kwargs.get("json"), "multipart": form, "files": files})
        channel_id = getattr(route, "channel_id", None)
        if method == "POST" and path == "/users/@me/channels":
            return self._open_dm(int(body.get("recipient_id", 0)))
        if method == "POST" and path == "/channels/{channel_id}/threads" and channel_id is not None:
            return self._new_thread(int(channel_id), body).payload()
        if method == "PATCH" and path == "/channels/{channel_id}" and channel_id is not None:
            return self._edit_channel(int(channel_id), body).payload()
        match = re.fullmatch(r"/channels/\{channel_id\}/messages(?:/\{message_id\})?", path)
        if match and channel_id is not None:
            closed = [u for u, c in self.dms.items() if c.id == int(channel_id) and u in self.dms_closed]
            if closed:
                refusal = {"code": 50007, "message": "Cannot send messages to this user"}
                raise discord.Forbidden(_FakeResponse(403), refusal)
            message_id = getattr(route, "message_id", None) or _route_param(route, "message_id")
            pending = _Pending(0, "", self.user("system"), int(channel_id), Reply())
            current = self._current_pending(int(channel_id))
            if method == "POST":
                # Discord's Create Message: Send Messages (in a thread: Send Messages in Threads),
                # and Attach Files for files. https://discord.com/developers/docs/topics/threads#permissions
                target = self._channel_by_id(int(channel_id))
                if target is not None and target.deleted:
                    raise discord.NotFound(_FakeResponse(404), {"code": 10003, "message": "Unknown Channel"})
                send = "send_messages_in_threads" if target is not None and target.thread else "send_messages"
                self._require(int(channel_id), send, *(["attach_files"] if attachments else []))
                message = self._new_message(current or pending, body, attachments)
                return message.payload()
            self._require(int(channel_id), *(["read_message_history"] if method == "GET" else []))
            message = self.messages.get(int(message_id)) if message_id else None
            if message is None:
                raise discord.NotFound(_FakeResponse(404), "unknown message")
            return self._message_op(current or pending, message, method, body, attachments)
        raise discord.HTTPException(_FakeResponse(400), f"offline driver: no network for {method} {path}")

    def _open_dm(self, user_id: int) -> dict[str, Any]:
        """Discord's POST /users/@me/channels: the bot's DM channel with a user (always the same)."""
        user = next((u for u in self.users.values() if u.id == user_id), None)
        if user is None:
            raise discord.NotFound(_FakeResponse(404), "unknown user")
        channel = self.dms.get(user_id)
        if channel is None:
            channel = self.dms[user_id] = Channel(_snowflake(), f"dm-{user.name}", where="dm")
            self.channels[channel.name] = channel
        return {"id": str(channel.id), "type": 1, "recipients": [user.payload()], "last_message_id": None}

    def _new_thread(self, parent_id: int, body: dict[str, Any]) -> Channel:
        """Discord's POST /channels/{id}/threads: a thread without a starter message. It is a
        channel of its own (messages posted in it, commands run in it) named as asked; a name
        already taken by another channel gets the thread's id appended in ``driver.channels``.

        As Discord: the name is 1 to 100 characters (400 otherwise, never cut), the type defaults
        to a private thread, and the bot needs Create Public (or Private) Threads in the parent
        channel (403, 50013 Missing Permissions, otherwise)."""
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            length = len(name) if isinstance(name, str) else 0
            raise _invalid([f"name must be between 1 and 100 in length ({length})"])
        kind = int(body.get("type") or 12)
        self._require(parent_id, "create_private_threads" if kind == 12 else "create_public_threads")
        duration = int(body.get("auto_archive_duration") or 1440)
        if duration not in AUTO_ARCHIVE_DURATIONS:
            raise _invalid([f"auto_archive_duration must be one of {AUTO_ARCHIVE_DURATIONS}"])
        thread = Channel(
            _snowflake(),
            name,
            thread=True,
            parent_id=parent_id,
            auto_archive_duration=duration,
            owner_id=BOT_USER_ID,
        )
        key = name if name not in self.channels else f"{name} ({thread.id})"
        self.channels[key] = thread
        return thread

    def _edit_channel(self, channel_id: int, body: dict[str, Any]) -> Channel:
        """Discord's PATCH /channels/{id}, for a name and a thread's ``archived``; a name of 0 or
        more than 100 characters is refused as Discord does.

        As Discord (Modify Channel; threads topic): a thread's creator renames or archives it
        without Manage Threads, anyone else needs it; unarchiving an unlocked thread needs Send
        Messages; a channel needs Manage Channels. An archived thread is modified only when the
        same request sets ``archived: false`` (400, 50083 otherwise)."""
        key, channel = next(((k, c) for k, c in self.channels.items() if c.id == channel_id), (None, None))
        if channel is None or key is None or channel.deleted:
            raise discord.NotFound(_FakeResponse(404), {"code": 10003, "message": "Unknown Channel"})
        if set(body) - {"name", "archived"}:
            raise discord.HTTPException(_FakeResponse(400), f"offline driver: cannot edit {sorted(body)}")
        if not channel.thread:
            self._require(channel_id, "manage_channels")
        else:
            mine = channel.owner_id == BOT_USER_ID
            needed = [] if mine or not ({"name"} & set(body) or body.get("archived")) else ["manage_threads"]
            if channel.archived and body.get("archived") is False:
                needed.append("send_messages")
            self._require(channel_id, *needed)
        if channel.thread and channel.archived and body.get("archived") is not False:
            raise discord.HTTPException(_FakeResponse(400), {"code": 50083, "message": "Thread is archived"})
        name = str(body.get("name", channel.name))
        if not 1 <= len(name) <= 100:
            raise discord.HTTPException(_FakeResponse(400), "Invalid Form Body: name must be 1 to 100 long")
        if "archived" in body and channel.thread:
            channel.archived, channel.idle_minutes = bool(body["archived"]), 0.0
        del self.channels[key]
        channel.name = name
        self.channels[name if name not in self.channels else f"{name} ({channel.id})"] = channel
        return channel

    # -- time passing in threads ---------------------------------------------------------------

    def idle(self, *, minutes: float = 0, hours: float = 0) -> list[Channel]:
        """Let time pass without a message in any thread: each thread idle for its
        ``auto_archive_duration`` (60, 1440, 4320 or 10080 minutes) archives, as Discord's do.
        Returns the threads archived now. A message in a thread starts its count again."""
        archived = []
        for channel in self.threads():
            if channel.archived or channel.deleted:
                continue
            channel.idle_minutes += minutes + 60 * hours
            if channel.idle_minutes >= channel.auto_archive_duration:
                channel.archived = True
                archived.append(channel)
        return archived

    def archive(self, thread: Channel) -> None:
        """Archive a thread now (as its idle time running out, or a moderator, would)."""
        if not thread.thread:
            raise OfflineError(f"#{thread.name} is not a thread")
        thread.archived = True

    def delete_channel(self, channel: Channel) -> None:
        """Delete a channel or thread as a moderator would: Discord answers 404 Unknown Channel
        (10003) to anything sent there from then on."""
        channel.deleted = True

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        """The threads the bot opened under ``parent`` (default: every channel), oldest first."""
        return [
            c for c in self.channels.values() if c.thread and (parent is None or c.parent_id == parent.id)
        ]

    def _current_pending(self, channel_id: int) -> _Pending | None:
        for pending in reversed(list(self._pending.values())):
            if pending.channel_id == channel_id:
                return pending
        return None


#: Discord's size limits for a message (it answers 400 "Invalid Form Body" past them).
_LIMITS = {"content": 2000, "title": 256, "description": 4096, "field_name": 256, "field_value": 1024,
           "footer": 2048, "author": 256, "embed_total": 6000, "embeds": 10, "fields": 25,
           "button_label": 80, "custom_id": 100, "option_label": 100, "placeholder": 150, "options": 25,
           "option_description": 100, "action_rows": 5, "row_buttons": 5, "select_values": 25,
           "mentions": 100, "files": 10, "v2_components": 40, "v2_text": 4000}
#: Select menus: string, user, role, mentionable and channel.
_SELECTS = (3, 5, 6, 7, 8)
_LINK, _PREMIUM = 5, 6


def _invalid(problems: list[str]) -> discord.HTTPException:
    """Discord's 400 for a body it will not take (error 50035, Invalid Form Body)."""
    return discord.HTTPException(
        _FakeResponse(400), {"code": 50035, "message": "Invalid Form Body: " + "; ".join(problems)}
    )


def check_limits(
    data: dict[str, Any], files: list[Attachment] | None = None, *, v2: bool | None = None
) -> None:
    """Refuse a message Discord would refuse, as Discord does: with a 400 naming the part.

    Sizes (content, embeds), components (https://discord.com/developers/docs/components/reference),
    allowed mentions (https://discord.com/developers/docs/resources/message#allowed-mentions-object)
    and files (https://discord.com/developers/docs/reference#uploading-files; 413 past the size limit).
    """
    problems: list[str] = []

    def over(what: str, text: Any, limit: str) -> None:
        if text is not None and len(str(text)) > _LIMITS[limit]:
            problems.append(f"{what} must be {_LIMITS[limit]} or fewer in length ({len(str(text))})")

    over("content", data.get("content"), "content")
    embeds = data.get("embeds") or []
    if len(embeds) > _LIMITS["embeds"]:
        problems.append(f"at most {_LIMITS['embeds']} embeds")
    total = 0
    for embed in embeds:
        parts = [embed.get("title"), embed.get("description"), (embed.get("footer") or {}).get("text"),
                 (embed.get("author") or {}).get("name")]
        over("embed title", parts[0], "title")
        over("embed description", parts[1], "description")
        over("embed footer", parts[2], "footer")
        over("embed author", parts[3], "author")
        fields = embed.get("fields") or []
        if len(fields) > _LIMITS["fields"]:
            problems.append(f"at most {_LIMITS['fields']} fields")
        for f in fields:
            over("field name", f.get("name"), "field_name")
            over("field value", f.get("value"), "field_value")
            parts += [f.get("name"), f.get("value")]
        total += sum(len(str(p)) for p in parts if p)
    if total > _LIMITS["embed_total"]:
        problems.append(f"embeds must be {_LIMITS['embed_total']} or fewer characters in all ({total})")
    if v2 is None:
        v2 = bool(int(data.get("flags", 0) or 0) & IS_COMPONENTS_V2)
    problems += _component_problems(list(data.get("components") or []), v2=v2)
    problems += _mention_problems(data.get("allowed_mentions"))
    if files is not None and len(files) > _LIMITS["files"]:
        problems.append(f"at most {_LIMITS['files']} files per message ({len(files)})")
    if problems:
        raise _invalid(problems)
    if files:
        _check_file_sizes(files)


def _component_problems(components: list[dict[str, Any]], *, v2: bool) -> list[str]:
    """What Discord's component reference refuses in a message's components."""
    problems: list[str] = []
    if not v2:  # a legacy message: up to 5 action rows, and only action rows at the top
        if len(components) > _LIMITS["action_rows"]:
            problems.append(f"at most {_LIMITS['action_rows']} action rows ({len(components)})")
        if any(c.get("type") != 1 for c in components):
            problems.append("top-level components must be action rows (without the IS_COMPONENTS_V2 flag)")
    seen: set[str] = set()
    for comp in walk_components(components):
        kind = comp.get("type")
        if kind == 1:
            children = comp.get("components") or []
            if not 1 <= len(children) <= _LIMITS["row_buttons"]:
                problems.append(f"an action row holds 1 to 5 components ({len(children)})")
            if any(c.get("type") in _SELECTS for c in children) and len(children) > 1:
                problems.append("a select menu fills its action row alone")
        elif kind == 2:
            if comp.get("label") is not None and len(str(comp["label"])) > _LIMITS["button_label"]:
                problems.append(f"button label must be 80 or fewer in length ({len(str(comp['label']))})")
            style = comp.get("style")
            if style == _LINK and (not comp.get("url") or "custom_id" in comp):
                problems.append("a link button has a url and no custom_id")
            if style not in (_LINK, _PREMIUM) and "custom_id" not in comp:
                problems.append("a button needs a custom_id")
        elif kind in _SELECTS:
            problems += _select_problems(comp)
        if "custom_id" in comp and kind in (2, *_SELECTS):
            custom_id = str(comp.get("custom_id") or "")
            if not 1 <= len(custom_id) <= _LIMITS["custom_id"]:
                problems.append(f"custom_id must be between 1 and 100 in length ({len(custom_id)})")
            elif custom_id in seen:
                problems.append(f"custom_id {custom_id!r} is used twice in one message")
            seen.add(custom_id)
    return problems


def _select_problems(comp: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    placeholder = comp.get("placeholder")
    if placeholder is not None and len(str(placeholder)) > _LIMITS["placeholder"]:
        problems.append(f"select placeholder must be 150 or fewer in length ({len(str(placeholder))})")
    low, high = comp.get("min_values", 1), comp.get("max_values", 1)
    if not 0 <= low <= _LIMITS["select_values"] or not 1 <= high <= _LIMITS["select_values"] or low > high:
        problems.append(f"min_values {low} and max_values {high}: 0 <= min <= max, 1 <= max <= 25")
    if comp.get("type") != 3:
        return problems
    options = comp.get("options") or []
    if not 1 <= len(options) <= _LIMITS["options"]:
        problems.append(f"a select menu has 1 to 25 options ({len(options)})")
    elif high > len(options):
        problems.append(f"max_values {high} is more than the menu's {len(options)} options")
    values: set[str] = set()
    for option in options:
        for key in ("label", "value"):
            text = str(option.get(key) or "")
            if not 1 <= len(text) <= _LIMITS["option_label"]:
                problems.append(f"option {key} must be between 1 and 100 in length ({len(text)})")
        description = option.get("description")
        if description is not None and len(str(description)) > _LIMITS["option_description"]:
            problems.append(f"option description must be 100 or fewer in length ({len(str(description))})")
        if option.get("value") in values:
            problems.append(f"option value {option.get('value')!r} is used twice in one menu")
        values.add(option.get("value"))
    return problems


def _mention_problems(allowed: dict[str, Any] | None) -> list[str]:
    """At most 100 users and 100 roles; ``parse`` naming a kind excludes a list of that kind."""
    problems: list[str] = []
    if not allowed:
        return problems
    parse = allowed.get("parse") or []
    for kind in ("users", "roles"):
        listed = allowed.get(kind) or []
        if len(listed) > _LIMITS["mentions"]:
            problems.append(f"allowed_mentions.{kind} must be 100 or fewer in length ({len(listed)})")
        if listed and kind in parse:
            problems.append(f"allowed_mentions: parse {kind!r} and a list of {kind} are mutually exclusive")
    return problems


def _check_file_sizes(files: list[Attachment]) -> None:
    """413 (40005, Request entity too large) for a file past the upload limit or a request past 25 MiB."""
    sizes = [len(f.data) for f in files]
    if max(sizes) > ATTACHMENT_SIZE_LIMIT or sum(sizes) > REQUEST_SIZE_LIMIT:
        raise discord.HTTPException(
            _FakeResponse(413),
            {"code": 40005, "message": f"Request entity too large ({max(sizes)} bytes, {sum(sizes)} in all)"},
        )


def _count(components: list[dict[str, Any]]) -> int:
    """Components, nested ones counted (a section's accessory too), as Discord counts them."""
    return sum(1 for _ in walk_components(components))


def check_card(content: Any, embeds: Any, components: list[dict[str, Any]], files: list[Any]) -> None:
    """Discord's rules for a Components V2 message (400 otherwise): no content and no embeds
    beside the flag; at most 40 components, nested ones counted; at most 4,000 characters of
    text displays; every attachment shown by a component naming it (``attachment://name``), and
    no component naming an attachment the message does not have.
    https://discord.com/developers/docs/components/reference"""
    problems: list[str] = []
    if (content or "") != "" or embeds:
        problems.append("content and embeds cannot be sent with the IS_COMPONENTS_V2 flag")
    count = _count(components)
    if count > _LIMITS["v2_components"]:
        problems.append(f"at most {_LIMITS['v2_components']} components, nested ones counted ({count})")
    walked = list(walk_components(components))
    text = sum(len(str(c.get("content") or "")) for c in walked if c.get("type") == _TEXT)
    if text > _LIMITS["v2_text"]:
        problems.append(f"text displays must be {_LIMITS['v2_text']} or fewer characters in all ({text})")
    if any(c.get("type") == _TEXT and not str(c.get("content") or "") for c in walked):
        problems.append("a text display needs content")
    named: set[str] = set()
    for c in walked:
        urls = [i["media"]["url"] for i in c.get("items") or [] if c.get("type") == _GALLERY]
        if c.get("type") == _THUMBNAIL:
            urls.append(c["media"]["url"])
        if c.get("type") == _FILE:
            urls.append(c["file"]["url"])
        if c.get("type") == _GALLERY and not 1 <= len(c.get("items") or []) <= 10:
            problems.append("a media gallery holds 1 to 10 items")
        if c.get("type") == _SECTION and not 1 <= len(c.get("components") or []) <= 3:
            problems.append("a section holds 1 to 3 text displays")
        named |= {u[len("attachment://"):] for u in urls if str(u).startswith("attachment://")}
    have = {f.filename for f in files}
    unnamed = sorted(have - named)
    if unnamed:
        problems.append(f"attachments no component shows: {', '.join(unnamed)}")
    missing = sorted(named - have)
    if missing:
        problems.append(f"components name attachments the message does not have: {', '.join(missing)}")
    if problems:
        raise _invalid(problems)


def check_not_empty(content: str | None, embeds: Any, components: Any, files: list[Any]) -> None:
    """Discord's Create Message needs at least one of content, embeds, components or files (the
    bot sends no stickers or polls); it trims the content, so blank text does not count. Editing a
    message down to nothing is refused the same way (400, 50006 Cannot send an empty message).
    https://discord.com/developers/docs/resources/message#create-message-jsonform-params"""
    if not (content or "").strip() and not embeds and not components and not files:
        raise discord.HTTPException(
            _FakeResponse(400), {"code": 50006, "message": "Cannot send an empty message"}
        )


def check_modal(data: dict[str, Any]) -> None:
    """A form within Discord's rules (400 otherwise): a title of 1 to 45 characters, 1 to 5
    components, and text inputs whose lengths and prefill fit (max_length at most 4000, the
    prefilled value no longer than max_length).
    https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-modal
    https://discord.com/developers/docs/components/reference#text-input"""
    problems = []
    title = str(data.get("title") or "")
    if not 1 <= len(title) <= 45:
        problems.append(f"title must be between 1 and 45 in length ({len(title)})")
    custom_id = str(data.get("custom_id") or "")
    if not 1 <= len(custom_id) <= 100:
        problems.append(f"custom_id must be between 1 and 100 in length ({len(custom_id)})")
    top = list(data.get("components") or [])
    if not 1 <= len(top) <= 5:
        problems.append(f"a modal has 1 to 5 components ({len(top)})")
    seen: set[str] = set()
    for comp in top:
        if comp.get("type") in _CHOICES:
            problems.append("a radio group, checkbox group or checkbox must sit inside a Label (type 18)")
        for inner in comp.get("components") or []:
            if inner.get("type") in _CHOICES:
                problems.append("a radio group, checkbox group or checkbox cannot sit in an action row")
    for comp in walk_components(top):
        if comp.get("type") in (4, 18) and len(str(comp.get("label", ""))) > 45:
            problems.append("label must be 45 or fewer in length")
        if comp.get("type") in _CHOICES:
            problems.extend(_check_choice(comp, seen))
            continue
        if comp.get("type") != 4:
            continue
        field_id = str(comp.get("custom_id") or "")
        if not 1 <= len(field_id) <= 100 or field_id in seen:
            problems.append(f"text input custom_id {field_id!r} must be 1 to 100 long and unique")
        seen.add(field_id)
        if len(str(comp.get("placeholder", ""))) > 100:
            problems.append("placeholder must be 100 or fewer in length")
        low, high = comp.get("min_length"), comp.get("max_length")
        if high is not None and not 1 <= high <= 4000:
            problems.append(f"max_length must be between 1 and 4000 ({high})")
        if low is not None and not 0 <= low <= min(4000, high if high is not None else 4000):
            problems.append(f"min_length must be between 0 and max_length ({low})")
        value = comp.get("value")
        if value is not None:
            if len(str(value)) > 4000:
                problems.append("value must be 4000 or fewer in length")
            elif high is not None and len(str(value)) > high:
                problems.append(f"value must be {high} (its max_length) or fewer in length ({len(value)})")
    if problems:
        raise _invalid(problems)


def _check_choice(comp: dict[str, Any], seen: set[str]) -> list[str]:
    """A radio group (2 to 10 options), checkbox group (1 to 10; 0 <= min_values <= max_values
    <= its options, max_values at least 1) or checkbox within Discord's rules.
    https://discord.com/developers/docs/components/reference#checkbox-group"""
    problems = []
    kind, field_id = comp.get("type"), str(comp.get("custom_id") or "")
    if not 1 <= len(field_id) <= 100 or field_id in seen:
        problems.append(f"input custom_id {field_id!r} must be 1 to 100 long and unique")
    seen.add(field_id)
    options = comp.get("options") or []
    values = [str(o.get("value")) for o in options]
    if len(set(values)) != len(values):
        problems.append(f"{field_id!r}: option values must be unique")
    for o in options:
        if not 1 <= len(str(o.get("label") or "")) <= 100 or not 1 <= len(str(o.get("value") or "")) <= 100:
            problems.append(f"{field_id!r}: an option's label and value are 1 to 100 long")
    if kind == 21 and not 2 <= len(options) <= 10:
        problems.append(f"a radio group has 2 to 10 options ({len(options)})")
    if kind == 22:
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not 1 <= len(options) <= 10:
            problems.append(f"a checkbox group has 1 to 10 options ({len(options)})")
        if not (0 <= low <= 10 and 1 <= high <= 10 and low <= high <= max(len(options), 1)):
            problems.append(f"checkbox group min_values {low} / max_values {high} out of range")
    return problems


def _route_param(route: Any, name: str) -> Any:
    match = re.search(r"/messages/(\d+)", route.url)
    return match.group(1) if match and name == "message_id" else None


class _TaskLog:
    """The tasks each interaction being settled creates, told apart by who created them (a task
    factory).

    Settling waits for the tasks an interaction started. It used to find them by scanning every
    task alive, four times a command; views' timeout timers live for minutes, so a long session
    (the bench) held thousands and the driver's scans, not the bot, made /roll take 2 ms instead
    of 0.4. Then it took every task made since the interaction began, which made two commands run
    at once wait for each other (a /roll "took" as long as another player's list import). Now
    each interaction is marked in a context variable, which every task it starts (and theirs)
    inherits, and the factory files a task under the interaction whose context made it.
    """

    def __init__(self) -> None:
        self.tasks: dict[int, list[asyncio.Task[Any]]] = {}
        self.counter = itertools.count(1)

    @classmethod
    def of_running_loop(cls) -> _TaskLog:
        loop = asyncio.get_running_loop()
        log: _TaskLog | None = getattr(loop, "_herald_task_log", None)
        if log is None:
            log = cls()
            previous = loop.get_task_factory()

            def factory(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
                if previous is not None:
                    task = previous(loop, coro, **kwargs)
                else:
                    task = asyncio.Task(coro, loop=loop, **kwargs)
                if log is not None:
                    made = log.tasks.get(_SETTLING.get())
                    if made is not None:
                        made.append(task)
                return task  # type: ignore[no-any-return]

            loop.set_task_factory(factory)  # type: ignore[arg-type]
            loop._herald_task_log = log  # type: ignore[attr-defined]
        return log

    def begin(self) -> tuple[int, contextvars.Token[int]]:
        mark = next(self.counter)
        self.tasks[mark] = []
        return mark, _SETTLING.set(mark)

    def since(self, mark: int) -> list[asyncio.Task[Any]]:
        return self.tasks.get(mark, [])

    def end(self, mark: int, owner: contextvars.Token[int]) -> None:
        self.tasks.pop(mark, None)
        _SETTLING.reset(owner)


#: The interaction the running code is settling on behalf of (0: none); see :class:`_TaskLog`.
_SETTLING: contextvars.ContextVar[int] = contextvars.ContextVar("herald_offline_settling", default=0)


def _is_timer(task: asyncio.Task[Any]) -> bool:
    name = task.get_name()
    coro = task.get_coro()
    qualname = getattr(coro, "__qualname__", "")
    return (
        "timeout_task_impl" in qualname
        or name.startswith("discord-ui-view-timeout")
        or "inner_call" in qualname
        # A web visitor's request (the pages share the loop, not the interaction): never waited for.
        or qualname.startswith("RequestHandler.")
        or name.startswith("herald-web")
    )


def _body(kwargs: dict[str, Any]) -> tuple[dict[str, Any], list[Attachment]]:
    """The JSON body and the files of a request, whether sent as JSON or multipart."""
    payload = kwargs.get("payload")
    multipart = kwargs.get("multipart")
    files = kwargs.get("files") or []
    body: dict[str, Any] = dict(payload or {})
    attachments: list[Attachment] = []
    if multipart:
        for part in multipart:
            if part.get("name") == "payload_json":
                body = json.loads(part["value"])
    for file in files:
        fp = file.fp
        with contextlib.suppress(Exception):
            fp.seek(0)
        data = fp.read() if not isinstance(fp, io.BytesIO) else fp.getvalue()
        attachments.append(Attachment(file.filename or "file", data))
    return body, attachments


class _FakeResponse:
    """Enough of an aiohttp response for discord.HTTPException's constructor."""

    def __init__(self, status: int) -> None:
        self.status = status
        self.reason = "offline"
