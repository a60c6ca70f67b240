"""The play-by-post kit: the one way a game cog loads, changes and shows its channel's game.

A game cog declares its commands and views; everything around them lives here, once:

* :class:`GameKit` finds the channel's game of its kind (with the polite "no game here" and
  "this message's game has moved on" answers), starts one, and applies one rules action as one
  stored step (load, apply, save, log, under the channel's lock and the version check), then
  replies with the new state's message, view and image through :func:`bot.send.send`, which
  renders images off the event loop and fits every message to Discord's limits;
* :class:`StepButton` / :class:`StepSelect` are persistent components whose custom id carries
  the game id and the step they were made for (``prefix:game:step[:arg]``), so a press after a
  restart still works and a press on an old message gets "this has moved on";
* :func:`autocomplete` makes an autocomplete callback safe: it never raises (a failure is
  logged and shows no choices), returns at most 25 choices, and clips their labels;
* :class:`Suggestion` and :func:`did_you_mean` answer a name that matched nothing with the
  closest names as buttons (``prefix:ref``), privately; a press shows the chosen one;
* ``bot.scheduler`` (:mod:`bot.scheduler`) runs work later (turn nudges, round timers) from
  rows in the database, once, across restarts.

A whole game cog, a shared counter that anyone in the channel can raise::

    class Counter(GameState):
        value: int = 0

    KIT = GameKit(GameKind("counter", "a counter", "/counter start", "/counter end"), Counter)

    def show(game: Shown[Counter]) -> Post:
        return Post(content=f"Count: {game.state.value}", view=View(PlusOne(game)))

    class PlusOne(StepButton, prefix="counter:plus"):
        kit, label = KIT, "+1"

        async def run(self, interaction: discord.Interaction) -> None:
            await KIT.play(interaction, "plus", lambda s: Change(s.model_copy(update={"value": s.value + 1})),
                           show, game_id=self.game, version=self.step, edit=True)

    class CounterCog(commands.GroupCog, group_name="counter"):
        @app_commands.command(name="start")
        async def start(self, interaction: discord.Interaction) -> None:
            await KIT.begin(interaction, Counter(), show, summary="started a counter")

        @app_commands.command(name="add")
        async def add(self, interaction: discord.Interaction, by: int) -> None:
            await KIT.play(interaction, "add", lambda s: Change(s.model_copy(update={"value": s.value + by})),
                           show)

    async def setup(bot):
        KIT.register(bot)
        bot.add_dynamic_items(PlusOne)
        await bot.add_cog(CounterCog())

``tests/kit/counter.py`` is that game, and the kit's own tests play it.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import io
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.cards import Card, Field, Section
from bot.games import Game, GameKind, GameState, GameUpdate, MovedOn, NoGameHere
from bot.i18n import reader
from bot.limits import (
    MAX_BUTTON_LABEL,
    MAX_CHOICE_CHARS,
    MAX_CHOICES,
    MAX_CUSTOM_ID,
    MAX_SELECT_OPTIONS,
    clip,
    quote,
)
from bot.send import Image, edit_in, send
from bot.storage.database import Transaction
from bot.storage.games import EventRecord
from bot.views import PersistentButton, PersistentSelect, is_manager
from rules.errors import NotFoundError
from rules.i18n import N_, Text, Translator, _, translator

log = logging.getLogger("herald.play")

S = TypeVar("S", bound=GameState)

__all__ = [
    "Card",
    "Change",
    "Field",
    "GameKit",
    "Image",
    "Post",
    "Section",
    "Shown",
    "StepButton",
    "StepSelect",
    "Suggestion",
    "View",
    "autocomplete",
    "choices",
    "did_you_mean",
    "edit_stored",
    "is_manager",
    "send",
]


@dataclass
class Post:
    """What a player sees: text, embeds, a view and images (rendered off the event loop), sent as
    one card (:mod:`bot.cards`)."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    view: discord.ui.View | None = None
    images: list[Image] = field(default_factory=list)
    ephemeral: bool = False
    #: Who this message may ping (default: nobody): ``bot.text.pinging([user_id, ...])``.
    mentions: discord.AllowedMentions | None = None
    #: When this post edits a message: keep the message's files rather than upload ``images``
    #: again (they show nothing new).
    keep_attachments: bool = False
    #: The card to show, for new code (:class:`bot.cards.Card`); ``content`` and ``embeds`` are
    #: turned into one when there is none.
    card: Card | list[Card] | None = None
    #: The language of a "(continued)" card when the text needs more than one (the reader's: see
    #: :func:`bot.send.send`, which finds it from the interaction without one).
    t: Translator | None = None

    async def send(self, interaction: discord.Interaction, *, edit: bool = False) -> None:
        await send(
            interaction,
            content=self.content,
            embeds=self.embeds,
            view=self.view,
            images=self.images,
            ephemeral=self.ephemeral,
            edit=edit,
            mentions=self.mentions,
            keep_attachments=self.keep_attachments,
            card=self.card,
            t=self.t,
        )


async def edit_stored(interaction: discord.Interaction, message_id: int | None, post: Post) -> bool:
    """Replace a message of this channel the game remembers (not the one a button sits on) with
    ``post``: its text, embeds, view and images (rendered off the event loop, fitted to Discord's
    limits). ``False`` when there is no such message any more (deleted, say, or no id): the caller
    then posts instead. The interaction itself still needs an answer.
    """
    channel = interaction.channel
    if not message_id or channel is None or not hasattr(channel, "get_partial_message"):
        return False
    files = []
    for image in post.images:
        png = await asyncio.to_thread(image.render)
        files.append(discord.File(io.BytesIO(png), filename=image.filename))
    try:
        await edit_in(
            channel,
            message_id,
            content=post.content,
            embeds=post.embeds,
            view=post.view,
            files=files,
            card=post.card,
        )
    except (discord.NotFound, discord.Forbidden):
        return False
    return True


@dataclass
class Change(Generic[S]):
    """What a rules action made of a state: the new state, the log line and details to keep."""

    state: S
    summary: str = ""
    detail: dict[str, Any] = field(default_factory=dict)
    end: bool = False
    #: Anything the cog wants back from inside the step (a rules result, say).
    result: Any = None
    #: Rows another repository keeps, written in the step's own transaction (so stored exactly
    #: when this state is, and never after another step made them wrong): ``await also(tx)``.
    also: Callable[[Transaction], Awaitable[None]] | None = None


@dataclass
class Shown(Generic[S]):
    """A game as it stands after a step (or as loaded): what a ``show`` function presents."""

    id: int
    version: int
    state: S
    created_by: int
    change: Change[S] | None = None
    #: The state before the step (``None`` when the game was only loaded).
    before: S | None = None

    @property
    def result(self) -> Any:
        return None if self.change is None else self.change.result


def View(*items: discord.ui.Item[Any]) -> discord.ui.View | None:
    """A persistent view of ``items`` (``None`` when there is none: the message has no controls)."""
    present = [i for i in items if i is not None]
    if not present:
        return None
    view = discord.ui.View(timeout=None)
    for item in present:
        view.add_item(item)
    return view


class GameKit(Generic[S]):
    """Load, step and show one kind of game (see the module docstring)."""

    def __init__(self, kind: GameKind, model: type[S], *, moved_on: Text | None = None) -> None:
        self.kind = kind
        self.model = model
        #: What :meth:`load` answers a control whose game ended or was replaced (default: the store's).
        self.moved_on = moved_on

    def register(self, bot: commands.Bot) -> None:
        """Tell the game store about this kind, so other games' messages can name it."""
        bot.games.register_kind(self.kind, self.model)  # type: ignore[attr-defined]

    @staticmethod
    def store(interaction: discord.Interaction) -> Any:
        return interaction.client.games  # type: ignore[attr-defined]

    # -- finding the game -------------------------------------------------------------------

    async def load(
        self, interaction: discord.Interaction, *, game_id: int | None = None, channel_id: int | None = None
    ) -> Game[S]:
        """The channel's game of this kind.

        Without ``game_id`` a channel with no such game gets "there is no ... here, start one
        with ..."; with the ``game_id`` a button carries, a game that ended or was replaced
        gets "this has moved on". ``channel_id`` names another channel than the interaction's
        (a game run from a parent channel and played in its threads).
        """
        try:
            return await self.store(interaction).get_for(
                channel_id or interaction.channel_id, self.model, self.kind.key, game_id=game_id
            )
        except MovedOn:
            if self.moved_on is None:
                raise
            raise MovedOn(self.moved_on) from None

    async def find(
        self, interaction: discord.Interaction, *, channel_id: int | None = None
    ) -> Game[S] | None:
        """The channel's game of this kind, or ``None`` (for look-ups and autocomplete)."""
        return await self.store(interaction).find(
            channel_id or interaction.channel_id, self.model, self.kind.key
        )

    async def shown(self, interaction: discord.Interaction, *, game_id: int | None = None) -> Shown[S]:
        game = await self.load(interaction, game_id=game_id)
        return Shown(game.id, game.version, game.state, game.record.created_by)

    # -- changing it ------------------------------------------------------------------------

    async def start(self, interaction: discord.Interaction, state: S, *, summary: str = "") -> Shown[S]:
        """Open a game of this kind in the channel (one game per channel)."""
        game = await self.store(interaction).start(
            channel_id=interaction.channel_id,
            guild_id=interaction.guild_id,
            kind=self.kind.key,
            state=state,
            actor_id=interaction.user.id,
            summary=summary,
            interaction_id=interaction.id,
        )
        return Shown(game.id, game.version, state, interaction.user.id)

    async def step(
        self,
        interaction: discord.Interaction,
        action: str,
        change: Callable[[S], Change[S]] | Callable[[S, Game[S]], Change[S]],
        *,
        game_id: int | None = None,
        version: int | None = None,
        channel_id: int | None = None,
    ) -> Shown[S]:
        """Apply ``change`` to the channel's game as one stored step and return the result.

        ``change(state)`` (or ``change(state, game)`` to see the record) runs under the
        channel's lock and returns a :class:`Change`; raising a RuleError leaves the game as
        it was. ``game_id`` / ``version`` come from a button: a game that moved on refuses the
        press. The interaction's id is stored with the step, so a redelivered interaction is
        applied once. ``channel_id``: see :meth:`load`.

        ``change`` may run more than once: when another process saved the game between the load
        and the save, it is applied again to the fresh state. So it only computes a Change from
        the state it is given (rolling the bot's dice is fine); the Change of the attempt that
        was saved is the one returned.
        """
        wants_game = len(inspect.signature(change).parameters) > 1
        made: Change[S] | None = None
        before: S | None = None

        def apply(handle: GameUpdate[S]) -> None:
            nonlocal made, before
            before = handle.state
            game = Game(handle.record, before)
            made = change(before, game) if wants_game else change(before)  # type: ignore[call-arg]
            if made.state is not before or made.summary or made.end or made.also:
                handle.state = made.state
                handle.summary = made.summary
                handle.detail = made.detail
                handle.end = made.end
                handle.also = made.also

        handle = await self.store(interaction).apply(
            channel_id or interaction.channel_id,
            self.model,
            apply,
            kind=self.kind.key,
            actor_id=interaction.user.id,
            action=action,
            expect_game_id=game_id,
            expect_version=version,
            interaction_id=interaction.id,
        )
        return Shown(
            handle.id,
            handle.version or handle.record.version,
            handle.state,
            handle.record.created_by,
            change=made,
            before=before,
        )

    async def undo(
        self,
        interaction: discord.Interaction,
        *,
        may_undo: Callable[[EventRecord], bool],
        through: Iterable[str] = (),
    ) -> tuple[Game[S], EventRecord]:
        """Restore the state before the last step not yet undone (``may_undo`` decides who may);
        steps whose action is in ``through`` are bookkeeping, undone on the way in the same write."""
        return await self.store(interaction).undo(
            interaction.channel_id,
            self.model,
            kind=self.kind.key,
            actor_id=interaction.user.id,
            may_undo=may_undo,
            through=through,
        )

    async def begin(
        self,
        interaction: discord.Interaction,
        state: S,
        show: Callable[[Shown[S]], Post | Awaitable[Post]],
        *,
        summary: str = "",
    ) -> Shown[S]:
        """:meth:`start` the game and post what ``show`` makes of it."""
        shown = await self.start(interaction, state, summary=summary)
        await self.reply(interaction, shown, show)
        return shown

    async def play(
        self,
        interaction: discord.Interaction,
        action: str,
        change: Callable[[S], Change[S]] | Callable[[S, Game[S]], Change[S]],
        show: Callable[[Shown[S]], Post | Awaitable[Post]],
        *,
        game_id: int | None = None,
        version: int | None = None,
        edit: bool = False,
        channel_id: int | None = None,
    ) -> Shown[S]:
        """:meth:`step`, then answer with what ``show`` makes of the new state."""
        shown = await self.step(
            interaction, action, change, game_id=game_id, version=version, channel_id=channel_id
        )
        await self.reply(interaction, shown, show, edit=edit)
        return shown

    @staticmethod
    async def reply(
        interaction: discord.Interaction,
        shown: Shown[S],
        show: Callable[[Shown[S]], Post | Awaitable[Post]],
        *,
        edit: bool = False,
    ) -> None:
        post = show(shown)
        if inspect.isawaitable(post):
            post = await post
        await post.send(interaction, edit=edit)


# -- persistent step components ---------------------------------------------------------------

_STEP_ID = r"(?P<game>\d+):(?P<step>\d+)(?::(?P<arg>[^:]*))?"


def _step_id(prefix: str, game: int, step: int, arg: str | None) -> str:
    custom_id = f"{prefix}:{game}:{step}" + (f":{arg}" if arg is not None else "")
    if len(custom_id) > 100:
        raise ValueError(f"custom id too long: {custom_id[:40]}…")
    return custom_id


class _StepIds:
    """Gives a subclass declared with ``prefix=`` the custom id template ``prefix:game:step[:arg]``."""

    prefix: ClassVar[str]

    def __init_subclass__(cls, *, prefix: str | None = None, **kwargs: Any) -> None:
        if prefix is not None:
            cls.prefix = prefix
            kwargs["template"] = rf"{re.escape(prefix)}:{_STEP_ID}"
        super().__init_subclass__(**kwargs)


class StepButton(_StepIds, PersistentButton, template=r"herald:step-base"):
    """A button made for one step of one game: ``prefix:game:step[:arg]``.

    Subclasses pass ``prefix=`` and implement :meth:`run`; ``self.game``, ``self.step`` and
    ``self.arg`` come back from the custom id on every press, even after a restart. Pass
    ``version=self.step`` to :meth:`GameKit.play` (or compare ``self.step`` with the state's own
    counter inside the change) so a press on an old message is refused as "moved on".
    """

    label: ClassVar[str] = "?"
    style: ClassVar[discord.ButtonStyle] = discord.ButtonStyle.secondary
    emoji: ClassVar[str | None] = None
    changes_game = True  # a game's control: refused where games are not allowed

    def __init__(
        self,
        game: int,
        step: int,
        arg: str | None = None,
        *,
        label: str | None = None,
        style: discord.ButtonStyle | None = None,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label or self.label, MAX_BUTTON_LABEL),
                style=style or self.style,
                emoji=emoji or self.emoji,
                custom_id=_step_id(self.prefix, game, step, arg),
            )
        )
        self.game, self.step, self.arg = game, step, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> StepButton:
        return cls(int(match["game"]), int(match["step"]), match["arg"], label=item.label or None)

    async def pressed(self, interaction: discord.Interaction) -> None:
        await self.run(interaction)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class StepSelect(_StepIds, PersistentSelect, template=r"herald:step-select-base"):
    """A select menu made for one step of one game (see :class:`StepButton`)."""

    placeholder: ClassVar[str] = N_("Choose…")
    changes_game = True  # a game's control: refused where games are not allowed

    def __init__(
        self,
        game: int,
        step: int,
        arg: str | None = None,
        *,
        options: Sequence[tuple[str, str]] = (),
        placeholder: str | None = None,
        choose: int = 1,
        up_to: int | None = None,
        optional: bool = False,
        t: Translator | None = None,
    ) -> None:
        """``t``: the language of the default placeholder and of "(nothing to choose)" (English
        without it; a ``placeholder`` given is already in the reader's language)."""
        t = t if t is not None else translator(None)
        shown = list(options)[:MAX_SELECT_OPTIONS]
        # ``choose``: how many options make one answer (two attackers, say); never more than offered.
        # ``up_to``: any number from one (none when ``optional``) to that many (the units that took part).
        count = max(1, min(choose, len(shown) or 1))
        least, most = count, count
        if up_to is not None:
            least, most = (0 if optional else 1), max(1, min(up_to, len(shown) or 1))
        super().__init__(
            discord.ui.Select(
                custom_id=_step_id(self.prefix, game, step, arg),
                placeholder=clip(placeholder or t(self.placeholder), 150),
                min_values=least,
                max_values=most,
                options=[
                    discord.SelectOption(label=clip(label, 100), value=value[:100]) for label, value in shown
                ]
                or [discord.SelectOption(label=clip(t("(nothing to choose)"), 100), value="-")],
            )
        )
        self.game, self.step, self.arg = game, step, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str]
    ) -> StepSelect:
        return cls(int(match["game"]), int(match["step"]), match["arg"])

    @staticmethod
    def selected(interaction: discord.Interaction) -> list[str]:
        """The values the player chose."""
        return [str(v) for v in (interaction.data or {}).get("values") or []]  # type: ignore[union-attr]

    async def chosen(self, interaction: discord.Interaction) -> None:
        await self.run(interaction)

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


# -- "did you mean" -----------------------------------------------------------------------------

#: Buttons a "did you mean" answer offers at most (one row).
MAX_SUGGESTIONS = 5


class Suggestion(PersistentButton, template=r"herald:suggest-base"):
    """A "did you mean" button: ``prefix:ref``, where ``ref`` is what the look-up takes (an id).

    Subclasses pass ``prefix=`` and implement :meth:`run`; it needs no game, so it works after a
    restart and for anyone who can see it.
    """

    def __init_subclass__(cls, *, prefix: str | None = None, **kwargs: Any) -> None:
        if prefix is None:
            super().__init_subclass__(**kwargs)
            return
        cls.prefix = prefix
        super().__init_subclass__(template=rf"{re.escape(prefix)}:(?P<ref>[^:]+)", **kwargs)

    prefix: ClassVar[str]

    def __init__(self, ref: str, *, label: str = "?") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label, MAX_BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=f"{self.prefix}:{ref}",
            )
        )
        self.ref = ref

    @classmethod
    def fits(cls, ref: str) -> bool:
        return bool(ref) and ":" not in ref and len(f"{cls.prefix}:{ref}") <= MAX_CUSTOM_ID

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> Suggestion:
        return cls(match["ref"], label=item.label or "?")

    async def pressed(self, interaction: discord.Interaction) -> None:
        await self.run(interaction, self.ref)

    async def run(self, interaction: discord.Interaction, ref: str) -> None:
        raise NotImplementedError


async def did_you_mean(
    interaction: discord.Interaction,
    *,
    what: Text,
    typed: str,
    options: Sequence[tuple[str, str]],
    button: type[Suggestion],
) -> None:
    """Tell only the player that no ``what`` is called ``typed``, with a button per ``(label,
    ref)`` option; with no option at all, raise :class:`NotFoundError` saying so.

    ``what`` is a lazy message (``_("Boarding Actions mission")``), shown in the player's language."""
    shown = repr(quote(typed))
    items = [button(ref, label=label) for label, ref in options if button.fits(ref)][:MAX_SUGGESTIONS]
    if not items:
        raise NotFoundError(_("No {what} is called {typed}.", what=what, typed=shown))
    t = reader(interaction)
    await Post(
        content=t("No {what} is called {typed}. Did you mean one of these?", what=what, typed=shown),
        view=View(*items),
        ephemeral=True,
    ).send(interaction)


# -- autocomplete ----------------------------------------------------------------------------------

Found = Iterable["app_commands.Choice[Any] | tuple[str, Any] | str"]


def choices(found: Found) -> list[app_commands.Choice[Any]]:
    """At most 25 choices with names and string values clipped to Discord's 100 characters.

    ``found`` holds :class:`~discord.app_commands.Choice` objects, ``(label, value)`` pairs or
    plain strings (label and value alike).
    """
    out: list[app_commands.Choice[Any]] = []
    for item in found:
        if len(out) >= MAX_CHOICES:
            break
        if isinstance(item, app_commands.Choice):
            name, value = item.name, item.value
        elif isinstance(item, tuple):
            name, value = item
        else:
            name = value = item
        if isinstance(value, str):
            value = value[:MAX_CHOICE_CHARS]
        out.append(app_commands.Choice(name=clip(str(name) or "?", MAX_CHOICE_CHARS), value=value))
    return out


def autocomplete(func: Callable[..., Any]) -> Callable[..., Awaitable[list[app_commands.Choice[Any]]]]:
    """Make an autocomplete callback safe: it may return any :func:`choices` input, be sync or
    async, and raise; the player always gets a valid list (empty on failure, which is logged)."""

    @functools.wraps(func)
    async def safe(*args: Any, **kwargs: Any) -> list[app_commands.Choice[Any]]:
        try:
            found = func(*args, **kwargs)
            if inspect.isawaitable(found):
                found = await found
            return choices(found or [])
        except Exception:  # an autocomplete must always answer
            log.exception("autocomplete %s failed", getattr(func, "__qualname__", func))
            return []

    return safe


__all__ += ["MovedOn", "NoGameHere"]
