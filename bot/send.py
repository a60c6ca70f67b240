"""The one way Herald answers an interaction: a card, fitted to Discord's limits, acknowledged in time.

Every reply, follow-up and edit goes through :func:`send` (:func:`send_to` outside an
interaction, :func:`edit_in` for another message). It

* turns what a cog says (content, embeds, images, a view; or a :class:`~bot.cards.Card`) into a
  Components V2 card (:mod:`bot.cards`): the picture, the text and the controls in one block,
  seen even by a player who turned link previews off; never ``content`` or ``embeds`` beside
  the V2 flag. A message posted before cards (embeds) is edited as embeds: a message never
  changes kind;

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

from bot.cards import MAX_CARD_TEXT, Card, CardView, cards_from, layout, text_size
from bot.heavy import run_heavy
from bot.i18n import channel as channel_words
from bot.i18n import reader
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
from rules.i18n import Translator

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
    card: Card | Sequence[Card] | None = None,
    t: Translator | None = None,
) -> None:
    """Answer ``interaction`` with a card (:mod:`bot.cards`) fitted to Discord's limits.

    ``edit`` replaces the message a button or select sits on (its attachments and view too:
    ``view=None`` removes the buttons). Otherwise a new message is posted: the response, or a
    follow-up when the interaction was already answered or deferred. ``images`` are rendered in a
    worker thread first. Nobody is pinged unless ``mentions`` allows it. ``keep_attachments``
    (with ``edit``): the message keeps the files it has, and ``images`` are neither drawn nor
    uploaded again (an image that did not change).

    What the cog says (content, embeds, images, files, a view, or a :class:`~bot.cards.Card`)
    becomes one card, or several when its text is too long for one message (a new message
    only), each further card titled "(continued)" in ``t``'s language: the reader's, which the
    cog knows (a tournament's own language, say). Without ``t``, a private answer's further cards
    are in its reader's client language and a public one's in the channel's (docs/i18n.md), looked
    up only when the text is that long. A message never changes kind: ``edit`` of a message
    posted before cards (embeds) edits it as embeds.
    """
    keep = edit and keep_attachments and interaction.message is not None
    attached = list(files) + (await _render(images) if not keep else [])
    if keep:
        assert interaction.message is not None
        attached = [*interaction.message.attachments, *files]  # type: ignore[list-item]
    all_embeds = [*([embed] if embed is not None else []), *embeds]
    if edit and interaction.message is not None and is_legacy(interaction.message):
        text, old_embeds, old_view = legacy_parts(content, all_embeds, view, card)
        async with _lock(interaction):
            _stop_watching(interaction)
            await _edit(interaction, text, old_embeds, old_view, attached, mentions)
        return
    cards = cards_from(
        content=content, embeds=all_embeds, view=view, files=[_filename(f) for f in attached], card=card
    )
    editing = edit and interaction.message is not None
    if t is None and not editing and text_size(cards) > MAX_CARD_TEXT:
        t = reader(interaction) if ephemeral else await channel_words(interaction)
    views = layout(cards, origin=view, can_continue=not editing, t=t)
    async with _lock(interaction):
        _stop_watching(interaction)
        if editing:
            await _edit_card(interaction, views[0], attached, mentions)
        else:
            await _post_card(interaction, views, attached, ephemeral, mentions)


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
    card: Card | Sequence[Card] | None = None,
    t: Translator | None = None,
) -> discord.Message:
    """Post a card in ``channel`` outside any interaction (a scheduled reminder, a result
    reported by another cog), fitted to Discord's limits like :func:`send`, images rendered off
    the event loop. A text too long for one card goes on in more; the first is returned (it has
    the pictures and the controls), titled "(continued)" in ``t``'s language (the channel's, which
    the caller knows; English without it)."""
    attached = list(files) + await _render(images)
    names = [_filename(f) for f in attached]
    cards = cards_from(content=content, embeds=embeds, view=view, files=names, card=card)
    views = layout(cards, origin=view, t=t)
    kwargs: dict[str, Any] = {"view": views[0], "files": attached}
    if mentions is not None:
        kwargs["allowed_mentions"] = mentions
    first = await channel.send(**kwargs)
    for more in views[1:]:
        await channel.send(view=more, **({"allowed_mentions": mentions} if mentions is not None else {}))
    return first


async def _edit(
    interaction: discord.Interaction,
    content: str | None,
    embeds: list[discord.Embed],
    view: discord.ui.View | None,
    files: list[discord.File],
    mentions: discord.AllowedMentions | None = None,
) -> None:
    kwargs: dict[str, Any] = {"content": content, "embeds": embeds, "view": view, "attachments": files}
    await _edit_with(interaction, kwargs, mentions)


async def _edit_card(
    interaction: discord.Interaction,
    view: discord.ui.LayoutView,
    files: list[discord.File],
    mentions: discord.AllowedMentions | None = None,
) -> None:
    """Replace the card a control sits on (never with content or embeds beside it)."""
    await _edit_with(interaction, {"view": view, "attachments": files}, mentions)


async def _edit_with(
    interaction: discord.Interaction, kwargs: dict[str, Any], mentions: discord.AllowedMentions | None
) -> None:
    """Edit the message a control sits on, through whichever route the interaction's state allows."""
    if mentions is not None:
        kwargs["allowed_mentions"] = mentions
    if not interaction.response.is_done():
        await interaction.response.edit_message(**kwargs)
    elif interaction.response.type is InteractionResponseType.deferred_message_update:
        await interaction.edit_original_response(**kwargs)
    else:
        assert interaction.message is not None
        await interaction.followup.edit_message(interaction.message.id, **kwargs)


async def _post_card(
    interaction: discord.Interaction,
    views: list[CardView],
    files: list[discord.File],
    ephemeral: bool,
    mentions: discord.AllowedMentions | None = None,
) -> None:
    """Post the cards: the response, or a follow-up; after "thinking", the first card fills the
    placeholder (a deferral cannot carry the V2 flag; the message that follows it does)."""
    extra: dict[str, Any] = {} if mentions is None else {"allowed_mentions": mentions}
    first, *more = views
    response = interaction.response
    if not response.is_done():
        attach = {"files": files} if files else {}
        await response.send_message(view=first, ephemeral=ephemeral, **attach, **extra)
    else:
        thinking = response.type is InteractionResponseType.deferred_channel_message
        done = False
        if thinking and not interaction.extras.get(_FILLED):
            interaction.extras[_FILLED] = True
            if bool(interaction.extras.get(_PRIVATE)) == ephemeral:
                await interaction.edit_original_response(view=first, attachments=files, **extra)
                done = True
            else:
                try:
                    await interaction.delete_original_response()
                except discord.HTTPException:
                    log.warning("could not remove the placeholder of interaction %s", interaction.id)
        if not done:
            await interaction.followup.send(
                view=first, ephemeral=ephemeral, wait=True, **({"files": files} if files else {}), **extra
            )
    for card in more:
        await interaction.followup.send(view=card, ephemeral=ephemeral, wait=True, **extra)


async def edit_message(
    interaction: discord.Interaction,
    message_id: int,
    *,
    content: str | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
    card: Card | Sequence[Card] | None = None,
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
    known = interaction.message
    if known is not None and known.id != message_id:
        known = None
    try:
        await edit_in(channel, message_id, content=content, embeds=embeds, view=view, card=card, known=known)
    except discord.HTTPException:
        log.warning("could not edit message %s for interaction %s", message_id, interaction.id)
        return False
    return True


async def edit_in(
    channel: Any,
    message_id: int,
    *,
    content: str | None = None,
    embeds: Sequence[discord.Embed] = (),
    view: discord.ui.View | None = None,
    files: Sequence[discord.File] | None = None,
    card: Card | Sequence[Card] | None = None,
    known: discord.Message | None = None,
) -> None:
    """Edit message ``message_id`` of ``channel`` (not one a button sits on): a card stays a
    card, an embed message of before cards stays one (its kind is read from Discord unless
    ``known``). ``files``: the message's new attachments (``None`` keeps them)."""
    partial = channel.get_partial_message(message_id)
    legacy = False
    if known is not None:
        legacy = is_legacy(known)
    else:
        try:
            legacy = is_legacy(await partial.fetch())
        except discord.Forbidden:
            legacy = False  # cannot read it: it is most likely a card (every new message is one)
    kwargs: dict[str, Any] = {} if files is None else {"attachments": list(files)}
    if legacy:
        text, old_embeds, old_view = legacy_parts(content, list(embeds), view, card)
        await partial.edit(content=text, embeds=old_embeds, view=old_view, **kwargs)
        return
    names = [_filename(f) for f in files] if files is not None else [
        a.filename for a in (known.attachments if known is not None else [])
    ]
    cards = cards_from(content=content, embeds=embeds, view=view, files=names, card=card)
    await partial.edit(view=layout(cards, origin=view, can_continue=False)[0], **kwargs)


# -- old messages: embeds --------------------------------------------------------------------------


def is_legacy(message: discord.Message) -> bool:
    """A message posted before cards (content and embeds): it is edited as it is (Discord keeps
    a message's kind; the V2 flag cannot be taken off, and putting it on would drop its embeds)."""
    return not message.flags.components_v2


def _filename(file: Any) -> str:
    return str(getattr(file, "filename", None) or "file")


def legacy_parts(
    content: str | None,
    embeds: list[discord.Embed],
    view: discord.ui.View | None,
    card: Card | Sequence[Card] | None,
) -> tuple[str | None, list[discord.Embed], discord.ui.View | None]:
    """What an old embed message is edited to: the content and embeds as the cog said them, or
    a card told as an embed (its sections' buttons joining the controls), fitted as ever."""
    if card is not None:
        cards = [card] if isinstance(card, Card) else list(card)
        made, controls = embeds_of(cards)
        embeds = [*embeds, *made]
        if view is None and controls:
            view = discord.ui.View(timeout=None)
            for item in controls[:25]:
                view.add_item(item)
    return fit_content(content), fit_embeds(embeds), view


def embeds_of(cards: Sequence[Card]) -> tuple[list[discord.Embed], list[discord.ui.Item[Any]]]:
    """Cards told as embeds (for an old message), and their controls."""
    embeds: list[discord.Embed] = []
    controls: list[discord.ui.Item[Any]] = []
    for c in cards:
        lines = [c.note or "", c.text or ""]
        lines += ["\n".join(s.texts()) for s in c.sections]
        colour = c.colour.value if isinstance(c.colour, discord.Colour) else c.colour
        text = "\n\n".join(p for p in lines if p) or None
        embed = discord.Embed(title=c.title, description=text, colour=colour)
        for f in c.fields:
            embed.add_field(name=f.name or "\u200b", value=f.value or "\u200b", inline=f.inline)
        if c.footer:
            embed.set_footer(text=c.footer)
        if c.author:
            embed.set_author(name=c.author)
        if c.pictures:
            embed.set_image(url=c.pictures[0] if "://" in c.pictures[0] else f"attachment://{c.pictures[0]}")
        embeds.append(embed)
        if isinstance(c.controls, discord.ui.View):
            controls += c.controls.children
        elif c.controls:
            controls += list(c.controls)
        controls += [s.button for s in c.sections if s.button is not None]
    return embeds, controls
