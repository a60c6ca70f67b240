"""The one way Herald answers an interaction: fitted to Discord's limits, acknowledged in time.

Every reply, follow-up and edit goes through :func:`send`. It

* fits the message to Discord's limits by construction (content 2,000 characters, ten embeds,
  each with a title of 256, a description of 4,096, 25 fields of 1,024 and 6,000 in all), so no
  reply is ever refused for its size, whatever a player typed;
* renders images off the event loop (:class:`Image` wraps a renderer call), so a slow board
  never delays another channel;
* picks the right call: the first response, a follow-up after a deferral, or an edit of the
  message a button sits on, with or without a view.

Every interaction is acknowledged in time: :func:`watch` (called by the bot for each
interaction) defers it when no answer has gone out after :data:`ACK_AFTER` seconds, so a
player never sees "interaction failed" because the bot was busy. A deferred slash command
shows "thinking" publicly; when its answer turns out to be private (an error, a hand of cards)
the public placeholder is deleted and the answer goes out ephemerally, so nothing private is
ever shown in public.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import InteractionResponseType, InteractionType

from bot.heavy import run_heavy
from bot.limits import (
    MAX_AUTHOR,
    MAX_CONTENT,
    MAX_EMBED_DESCRIPTION,
    MAX_EMBED_TITLE,
    MAX_EMBED_TOTAL,
    MAX_EMBEDS,
    MAX_FIELD_NAME,
    MAX_FIELD_VALUE,
    MAX_FIELDS,
    MAX_FOOTER,
    clip,
)

log = logging.getLogger("herald.send")

#: An interaction with no answer after this many seconds is deferred (Discord allows three).
ACK_AFTER = 0.5

_LOCK = "herald:lock"
_TIMER = "herald:ack"
_FILLED = "herald:filled"
_PRIVATE = "herald:private"


@dataclass(frozen=True)
class Image:
    """A picture to attach: ``render()`` returns PNG bytes and runs in a worker thread.

    ``heavy`` pictures (odds charts, whose cost grows with the request) are drawn on the heavy
    pool (:mod:`bot.heavy`), so they never hold up the thread pool that draws game maps.
    """

    render: Callable[[], bytes]
    filename: str
    heavy: bool = False


# -- fitting ------------------------------------------------------------------------------------


def _size(embed: discord.Embed) -> int:
    return len(embed)


def fit_embed(embed: discord.Embed, budget: int = MAX_EMBED_TOTAL) -> discord.Embed:
    """A copy of ``embed`` within every per-part limit and within ``budget`` characters in all.

    Parts are shortened, never dropped silently: a cut part ends with an ellipsis, and fields
    past the 25th (or past the budget) are replaced by one saying how many were left out.
    """
    data = embed.to_dict()
    if "title" in data:
        data["title"] = clip(str(data["title"]), MAX_EMBED_TITLE)
    if "description" in data:
        data["description"] = clip(str(data["description"]), MAX_EMBED_DESCRIPTION)
    if data.get("footer", {}).get("text"):
        data["footer"]["text"] = clip(str(data["footer"]["text"]), MAX_FOOTER)
    if data.get("author", {}).get("name"):
        data["author"]["name"] = clip(str(data["author"]["name"]), MAX_AUTHOR)
    fields = [
        {**f, "name": clip(str(f.get("name") or "\u200b"), MAX_FIELD_NAME) or "\u200b",
         "value": clip(str(f.get("value") or "\u200b"), MAX_FIELD_VALUE) or "\u200b"}
        for f in data.get("fields", [])
    ]
    if len(fields) > MAX_FIELDS:
        left = len(fields) - (MAX_FIELDS - 1)
        more = {"name": "…", "value": f"{left} more not shown", "inline": False}
        fields = [*fields[: MAX_FIELDS - 1], more]
    data["fields"] = fields
    fitted = discord.Embed.from_dict(data)
    over = _size(fitted) - budget
    if over > 0 and fitted.description:
        keep = max(len(fitted.description) - over, 1)
        fitted.description = clip(fitted.description, keep)
        over = _size(fitted) - budget
    while over > 0 and fitted.fields:
        dropped = fitted.fields[-1]
        fitted.remove_field(len(fitted.fields) - 1)
        over = _size(fitted) - budget
        if over <= -20 and dropped.name != "…":
            fitted.add_field(name="…", value="more not shown", inline=False)
            over = _size(fitted) - budget
    if over > 0 and fitted.title:
        fitted.title = clip(fitted.title, max(len(fitted.title) - over, 1))
    return fitted


def fit_embeds(embeds: Sequence[discord.Embed]) -> list[discord.Embed]:
    """At most ten embeds sharing one 6,000-character budget, each fitted with :func:`fit_embed`."""
    out: list[discord.Embed] = []
    budget = MAX_EMBED_TOTAL
    for embed in list(embeds)[:MAX_EMBEDS]:
        if budget <= 50:
            break
        fitted = fit_embed(embed, budget)
        budget -= _size(fitted)
        out.append(fitted)
    return out


def fit_content(content: str | None) -> str | None:
    return None if content is None else clip(content, MAX_CONTENT)


# -- acknowledging in time ------------------------------------------------------------------------


def _lock(interaction: discord.Interaction) -> asyncio.Lock:
    lock = interaction.extras.get(_LOCK)
    if lock is None:
        lock = interaction.extras[_LOCK] = asyncio.Lock()
    return lock


def private(interaction: discord.Interaction) -> None:
    """Declare that this interaction's answer is private: a deferral then thinks ephemerally."""
    interaction.extras[_PRIVATE] = True


def watch(interaction: discord.Interaction, *, after: float = ACK_AFTER) -> None:
    """Defer ``interaction`` if nothing has answered it ``after`` seconds from now."""
    if interaction.type not in (
        InteractionType.application_command,
        InteractionType.component,
        InteractionType.modal_submit,
    ):
        return
    loop = asyncio.get_running_loop()

    def due() -> None:
        interaction.extras[_TIMER] = loop.create_task(_defer_late(interaction), name="herald-ack")

    interaction.extras[_TIMER] = loop.call_later(after, due)


def _stop_watching(interaction: discord.Interaction) -> None:
    timer = interaction.extras.pop(_TIMER, None)
    if isinstance(timer, asyncio.TimerHandle):
        timer.cancel()


async def _defer_late(interaction: discord.Interaction) -> None:
    async with _lock(interaction):
        interaction.extras.pop(_TIMER, None)
        if interaction.response.is_done():
            return
        try:
            await defer(interaction)
        except discord.HTTPException:
            log.warning("could not defer interaction %s", interaction.id)


async def defer(interaction: discord.Interaction) -> None:
    """Acknowledge now; the answer follows with :func:`send`. Call it while holding no lock."""
    if interaction.response.is_done():
        return
    if interaction.type is InteractionType.application_command:
        await interaction.response.defer(thinking=True, ephemeral=bool(interaction.extras.get(_PRIVATE)))
    else:
        await interaction.response.defer()


async def acknowledge(interaction: discord.Interaction) -> None:
    """Defer at once (before slow work), unless an answer already went out."""
    async with _lock(interaction):
        _stop_watching(interaction)
        await defer(interaction)


def holding_response(interaction: discord.Interaction) -> asyncio.Lock:
    """The lock to hold while answering by hand (opening a modal, say): no deferral interleaves."""
    _stop_watching(interaction)
    return _lock(interaction)


# -- sending --------------------------------------------------------------------------------------


async def send(
    interaction: discord.Interaction,
    *,
    content: str | None = None,
    embed: discord.Embed | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
    files: Sequence[discord.File] = (),
    images: Sequence[Image] = (),
    ephemeral: bool = False,
    edit: bool = False,
    mentions: discord.AllowedMentions | None = None,
    keep_attachments: bool = False,
) -> None:
    """Answer ``interaction`` with a message fitted to Discord's limits.

    ``edit`` replaces the message a button or select sits on (its attachments and view too:
    ``view=None`` removes the buttons). Otherwise a new message is posted: the response, or a
    follow-up when the interaction was already answered or deferred. ``images`` are rendered in a
    worker thread first. Nobody is pinged unless ``mentions`` allows it. ``keep_attachments``
    (with ``edit``): the message keeps the files it has, and ``images`` are neither drawn nor
    uploaded again (an image that did not change).
    """
    keep = edit and keep_attachments and interaction.message is not None
    attached = list(files) + (await _render(images) if not keep else [])
    if keep:
        assert interaction.message is not None
        attached = [*interaction.message.attachments, *files]  # type: ignore[list-item]
    all_embeds = fit_embeds([*([embed] if embed is not None else []), *embeds])
    text = fit_content(content)
    async with _lock(interaction):
        _stop_watching(interaction)
        if edit and interaction.message is not None:
            await _edit(interaction, text, all_embeds, view, attached, mentions)
        else:
            await _post(interaction, text, all_embeds, view, attached, ephemeral, mentions)


async def _render(images: Sequence[Image]) -> list[discord.File]:
    attached = []
    for image in images:
        png = await (run_heavy(image.render) if image.heavy else asyncio.to_thread(image.render))
        attached.append(discord.File(io.BytesIO(png), filename=image.filename))
    return attached


async def send_to(
    channel: discord.abc.Messageable,
    *,
    content: str | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
    files: Sequence[discord.File] = (),
    images: Sequence[Image] = (),
    mentions: discord.AllowedMentions | None = None,
) -> discord.Message:
    """Post a message in ``channel`` outside any interaction (a scheduled reminder, a result
    reported by another cog), fitted to Discord's limits like :func:`send`, images rendered off
    the event loop."""
    kwargs: dict[str, Any] = {"embeds": fit_embeds(embeds), "files": list(files) + await _render(images)}
    if view is not None:
        kwargs["view"] = view
    if mentions is not None:
        kwargs["allowed_mentions"] = mentions
    return await channel.send(content=fit_content(content), **kwargs)


async def _edit(
    interaction: discord.Interaction,
    content: str | None,
    embeds: list[discord.Embed],
    view: discord.ui.View | None,
    files: list[discord.File],
    mentions: discord.AllowedMentions | None = None,
) -> None:
    kwargs: dict[str, Any] = {"content": content, "embeds": embeds, "view": view, "attachments": files}
    if mentions is not None:
        kwargs["allowed_mentions"] = mentions
    if not interaction.response.is_done():
        await interaction.response.edit_message(**kwargs)
    elif interaction.response.type is InteractionResponseType.deferred_message_update:
        await interaction.edit_original_response(**kwargs)
    else:
        assert interaction.message is not None
        await interaction.followup.edit_message(interaction.message.id, **kwargs)


async def _post(
    interaction: discord.Interaction,
    content: str | None,
    embeds: list[discord.Embed],
    view: discord.ui.View | None,
    files: list[discord.File],
    ephemeral: bool,
    mentions: discord.AllowedMentions | None = None,
) -> None:
    kwargs: dict[str, Any] = {"embeds": embeds}
    if content is not None:
        kwargs["content"] = content
    if view is not None:
        kwargs["view"] = view
    if mentions is not None:
        kwargs["allowed_mentions"] = mentions
    response = interaction.response
    if not response.is_done():
        if files:
            kwargs["files"] = files
        await response.send_message(ephemeral=ephemeral, **kwargs)
        return
    thinking = response.type is InteractionResponseType.deferred_channel_message
    if thinking and not interaction.extras.get(_FILLED):
        interaction.extras[_FILLED] = True
        deferred_private = bool(interaction.extras.get(_PRIVATE))
        if deferred_private == ephemeral:
            # The first answer after "thinking" replaces the placeholder, with its visibility.
            await interaction.edit_original_response(attachments=files, **{"content": content, **kwargs})
            return
        # The placeholder's visibility is wrong for this answer: take it away, answer apart.
        try:
            await interaction.delete_original_response()
        except discord.HTTPException:
            log.warning("could not remove the placeholder of interaction %s", interaction.id)
    if files:
        kwargs["files"] = files
    await interaction.followup.send(ephemeral=ephemeral, wait=True, **kwargs)


async def edit_message(
    interaction: discord.Interaction,
    message_id: int,
    *,
    content: str | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
) -> bool:
    """Edit another message of the interaction's channel, fitted like :func:`send`.

    For a form (modal) whose custom id names the message it was opened from: the form is
    acknowledged first, then that message is edited. False when there is no such message or
    Discord refused the edit (it was deleted, say): then answer with :func:`send` instead.
    """
    channel = interaction.channel
    if not message_id or channel is None or not hasattr(channel, "get_partial_message"):
        return False
    await acknowledge(interaction)
    try:
        await channel.get_partial_message(message_id).edit(
            content=fit_content(content), embeds=fit_embeds(embeds), view=view
        )
    except discord.HTTPException:
        log.warning("could not edit message %s for interaction %s", message_id, interaction.id)
        return False
    return True
