"""/roll and /dice: any dice expression, every die shown; saved rolls; a Roll again button."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.i18n import channel, reader
from bot.limits import (
    MAX_CHOICE_CHARS,
    MAX_CHOICES,
    MAX_CUSTOM_ID,
    MAX_EMBED_DESCRIPTION,
    clip,
)
from bot.send import private as answer_privately
from bot.send import send
from bot.storage import SavedRoll
from bot.storage.secret_rolls import GameMasters
from bot.views import PersistentButton, is_manager
from cogs.dice.card import (
    AGAIN_PREFIX,
    COLOUR,
    TITLE_PREFIX,
    _title,
    roll_card,
    roll_embed,
)
from cogs.dice.notation import NOTATION_HELP
from cogs.dice.saved import no_saved_roll, saved_reply, too_many_saved
from cogs.dice.secret import RevealButton, audience, configure, secret_note, send_secret
from rules.dice import (
    INLINE_WORK,
    MAX_DICE,
    MAX_EXPRESSION_LENGTH,
    MAX_REPEATS,
    MAX_SAVED_ROLLS,
    DiceError,
    RollSeries,
    expand_saved,
    looks_like_name,
    parse,
    roll_spec,
    saved_name,
    try_roll,
    with_times,
    work_bound,
)
from rules.i18n import Message, _

log = logging.getLogger("herald.dice")



def again_text(series: RollSeries, label: str | None) -> str:
    """What the Roll again button rolls: the expression as typed, with the label as a comment."""
    title = _title(label, series.spec.comment)
    return f"{series.spec.expression} # {title}" if title else series.spec.expression


def again_id(times: int, text: str) -> str | None:
    custom_id = f"{AGAIN_PREFIX}{times}:{text}"
    return custom_id if len(custom_id) <= MAX_CUSTOM_ID else None


class RollAgainButton(PersistentButton, template=r"dice:again:(?P<times>\d+):(?P<text>.+)"):
    """Rolls the same expression and label for whoever presses it, as a new message.

    The custom id carries the roll itself, so the button works across restarts; a roll too long
    for a custom id gets no button (the footer says so and points to /dice save).
    """

    def __init__(self, times: int, text: str, *, label: str = "Roll again") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{AGAIN_PREFIX}{times}:{text}",
            )
        )
        self.times, self.text = times, text

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> RollAgainButton:
        return cls(int(match["times"]), match["text"])

    async def pressed(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Dice")  # type: ignore[attr-defined]
        assert isinstance(cog, Dice)
        await cog.roll_and_send(interaction, self.text, label=None, times=self.times, private=False)


class Dice(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def saved(self) -> Any:
        return self.bot.saved_rolls  # type: ignore[attr-defined]

    @property
    def secrets(self) -> Any:
        return self.bot.secret_rolls  # type: ignore[attr-defined]

    def help_fields(self) -> tuple[tuple[str, str], ...]:
        """The dice notation, for `/help topic:roll` and `/help topic:dice`."""
        return NOTATION_HELP

    # -- rolling ----------------------------------------------------------------------------

    async def roll_and_send(
        self,
        interaction: discord.Interaction,
        text: str,
        *,
        label: str | None,
        times: int,
        private: bool,
        name: str | None = None,
        secret: GameMasters | bool = False,
    ) -> None:
        """Roll ``text`` and answer; ``secret`` is the server's game masters for a secret roll
        (``True`` outside a server that added Herald: then it only answers privately)."""
        spec = with_times(parse(text), times)  # reading is cheap: 200 characters at most
        rng = self.bot.rng  # type: ignore[attr-defined]
        if work_bound(spec) <= INLINE_WORK:
            series = roll_spec(spec, rng)
        else:
            # Off the event loop: a roll's work is bounded (rules.dice.MAX_WORK), but tens of
            # milliseconds must not hold up every other server's interactions.
            series = await asyncio.to_thread(roll_spec, spec, rng)
        if name is not None and not label and not series.spec.comment:
            label = name  # a saved roll is titled with its name
        # A private or secret roll is read by its roller, a public one by the channel.
        t = reader(interaction) if private or secret else await channel(interaction)
        if secret:
            embed = roll_embed(interaction.user, series, label, extra_notes=(secret_note(secret, t),), t=t)
            await send_secret(interaction, self.secrets, embed, _title(label, series.spec.comment), secret)
            return
        again: RollAgainButton | None = None
        notes: tuple[str, ...] = ()
        if not private:
            carried = again_text(series, label)
            if again_id(times, carried) is not None:
                again = RollAgainButton(times, carried, label=t("Roll again"))
            else:
                notes = (t("too long for a Roll again button: /dice save it and roll it by name"),)
        card = roll_card(interaction.user, series, label, extra_notes=notes, again=again, t=t)
        await send(interaction, card=card, ephemeral=private)

    @app_commands.command(
        name="roll",
        description="Roll dice: 2d6+3, 4d6kh3, 10d6 4+, 6 4d6kh3, 1d20 adv, 4dF, d66, or a saved roll's name",
    )
    @app_commands.describe(
        expression=f"Dice notation or a saved roll's name; up to {MAX_EXPRESSION_LENGTH} characters, "
        f"{MAX_DICE} dice; # starts a comment",
        label="What the roll is for (shown as the title)",
        times=f"Roll it this many times in one message (1 to {MAX_REPEATS})",
        private="Only you see the result",
        secret="Only you and the game masters see the result; the channel sees that you rolled (/dice gm)",
    )
    async def roll_command(
        self,
        interaction: discord.Interaction,
        expression: str,
        label: str | None = None,
        times: app_commands.Range[int, 1, MAX_REPEATS] = 1,
        private: bool = False,
        secret: bool = False,
    ) -> None:
        if private or secret:
            answer_privately(interaction)  # a late acknowledgement "thinks" privately too
        game_masters = await audience(interaction, self.secrets) if secret else False
        name: str | None = None
        text = expression
        if looks_like_name(expression):
            saved = await self.saved.find(
                expression.strip().lower(), user_id=interaction.user.id, guild_id=interaction.guild_id
            )
            if saved is not None:
                text, name = saved.expression, saved.name
        try:
            await self.roll_and_send(
                interaction, text, label=label, times=times, private=private, name=name, secret=game_masters
            )
        except DiceError as error:
            if name is not None:
                try:
                    parse(text)
                    hint: Message | str = ""  # the saved roll reads: the error is about this request
                except DiceError:  # saved before /dice save checked it (a `1d0` from an older Herald)
                    hint = _(
                        "Save it again with `/dice save name:{name}`, or delete it with "
                        "`/dice delete name:{name}`.",
                        name=name,
                    )
                if hint:
                    raise DiceError(
                        _("The saved roll `{name}`: {error}\n{hint}", name=name, error=error.text, hint=hint)
                    ) from None
                raise DiceError(_("The saved roll `{name}`: {error}", name=name, error=error.text)) from None
            if name is None:
                # Not dice as typed: perhaps saved names with a count or arithmetic (`3 fireball`,
                # `fireball+5`).
                saved = await self.saved.expressions(
                    user_id=interaction.user.id, guild_id=interaction.guild_id
                )
                expanded, used = expand_saved(expression, saved)
                if expanded != expression:
                    await self.roll_and_send(
                        interaction,
                        expanded,
                        label=label,
                        times=times,
                        private=private,
                        name=used,
                        secret=game_masters,
                    )
                    return
            if name is None and looks_like_name(expression):
                raise DiceError(
                    _(
                        "No saved roll is called `{name}` (`/dice list` shows yours, `/dice save` makes "
                        "one), and it isn't dice notation either: try `2d6+3`, `10d6 4+` or `1d20 adv`.",
                        name=expression.strip(),
                    )
                ) from None
            raise

    @roll_command.autocomplete("expression")
    async def roll_expression_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[Choice[str]]:
        return await self._saved_choices(interaction, current)

    # -- saved rolls ------------------------------------------------------------------------

    dice = app_commands.Group(name="dice", description="Saved rolls: save, list and delete them")

    def _key(self, interaction: discord.Interaction, server: bool) -> tuple[int, int]:
        if not server:
            return self.saved.scope(user_id=interaction.user.id)  # type: ignore[no-any-return]
        if interaction.guild_id is None:
            raise DiceError(_("Server-wide saved rolls need a server: run this in one of its channels."))
        if not is_manager(interaction):
            raise DiceError(
                _(
                    "Only members with Manage Server save or delete server-wide rolls; "
                    "leave `server` off to keep the roll for yourself."
                )
            )
        return self.saved.scope(guild_id=interaction.guild_id)  # type: ignore[no-any-return]

    @dice.command(name="save", description="Save a roll under a name; then /roll expression:<name> rolls it")
    @app_commands.describe(
        name="A short word, like fireball or bolter-hits",
        expression="The roll, as you would type it in /roll (a # comment becomes its label)",
        server="Save it for everyone in this server (needs Manage Server)",
    )
    async def save(
        self, interaction: discord.Interaction, name: str, expression: str, server: bool = False
    ) -> None:
        answer_privately(interaction)
        t = reader(interaction)
        clean = saved_name(name)
        spec = parse(expression)  # refused now, with the reason, rather than at every roll
        if work_bound(spec) <= INLINE_WORK:
            try_roll(spec)
        else:
            await asyncio.to_thread(try_roll, spec)
        key = self._key(interaction, server)
        existing = await self.saved.get(key, clean)
        if existing is None and await self.saved.count(key) >= MAX_SAVED_ROLLS:
            raise DiceError(too_many_saved(server))
        await self.saved.save(key, clean, spec.typed, created_by=interaction.user.id)
        done = saved_reply(t, clean, spec.typed, replaced=existing is not None, server=server)
        await send(interaction, content=done, ephemeral=True)

    @dice.command(name="gm", description="Who sees secret rolls here: a game master role, a channel")
    @app_commands.describe(
        role="Members with this role may reveal each secret roll (needs Manage Server)",
        channel="Every secret roll is posted here in full: one only game masters read (needs Manage Server)",
        clear="Forget this server's game masters (needs Manage Server)",
    )
    async def game_masters(
        self,
        interaction: discord.Interaction,
        role: discord.Role | None = None,
        channel: discord.TextChannel | None = None,
        clear: bool = False,
    ) -> None:
        await configure(interaction, self.secrets, role=role, channel=channel, clear=clear)

    @dice.command(name="list", description="Your saved rolls and this server's")
    async def list_saved(self, interaction: discord.Interaction) -> None:
        answer_privately(interaction)
        t = reader(interaction)
        rolls: list[SavedRoll] = await self.saved.visible(
            user_id=interaction.user.id, guild_id=interaction.guild_id
        )
        if not rolls:
            await send(
                interaction,
                content=t("No saved rolls yet. Save one with `/dice save name:fireball expression:8d6`."),
                ephemeral=True,
            )
            return
        mine = [r for r in rolls if not r.server_wide]
        ours = [r for r in rolls if r.server_wide]
        sections = []
        for heading, group in ((t("Yours"), mine), (t("This server's"), ours)):
            if group:
                lines = "\n".join(f"`{r.name}`: `{clip(r.expression, 80)}`" for r in group)
                sections.append(f"**{heading}**\n{lines}")
        text = clip("\n\n".join(sections), MAX_EMBED_DESCRIPTION - 100)
        embed = discord.Embed(title=TITLE_PREFIX + t("Saved rolls"), description=text, colour=COLOUR)
        embed.set_footer(
            text=t("/roll expression:<name> rolls one; yours win over the server's of the same name")
        )
        await send(interaction, embed=embed, ephemeral=True)

    @dice.command(name="delete", description="Delete one of your saved rolls (or a server-wide one)")
    @app_commands.describe(
        name="The saved roll's name", server="Delete the server-wide one (needs Manage Server)"
    )
    async def delete(self, interaction: discord.Interaction, name: str, server: bool = False) -> None:
        answer_privately(interaction)
        t = reader(interaction)
        key = self._key(interaction, server)
        clean = name.strip().lower()
        if not await self.saved.delete(key, clean):
            raise DiceError(no_saved_roll(server, clip(name, 40)))
        await send(interaction, content=t("Deleted the saved roll `{name}`.", name=clean), ephemeral=True)

    @delete.autocomplete("name")
    async def delete_name_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._saved_choices(interaction, current)

    async def _saved_choices(self, interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        """Saved rolls whose name contains what is typed; never raises."""
        try:
            rolls: list[SavedRoll] = await self.saved.visible(
                user_id=interaction.user.id, guild_id=interaction.guild_id
            )
            wanted = current.strip().lower()
            return [
                Choice(
                    name=clip(f"{r.name}: {r.expression}{' (server)' if r.server_wide else ''}"),
                    value=r.name[:MAX_CHOICE_CHARS],
                )
                for r in rolls
                if wanted in r.name
            ][:MAX_CHOICES]
        except Exception:  # an autocomplete must always answer
            log.exception("saved-roll autocomplete failed")
            return []


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(RollAgainButton, RevealButton)
    await bot.add_cog(Dice(bot))
