"""``/rating``: the server's ITS Ratings, changed once by each finished tournament.

Both replies are posted to the channel, so they are in the server's language (``channel``)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import channel
from bot.play import Post
from cogs.tournament.posts import COLOUR
from cogs.tournament.standings import signed
from rules.tournament import INITIAL_RATING

TOP = 20


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
class Ratings(commands.GroupCog, group_name="rating", group_description="ITS Ratings in this server"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="show", description="A player's ITS Rating in this server")
    @app_commands.rename(user="player")
    @app_commands.describe(user="Whose rating (default: yours)")
    async def show(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        who = user or interaction.user
        t = await channel(interaction)
        found = await self.bot.ratings.get(interaction.guild_id or 0, who.id)  # type: ignore[attr-defined]
        if found is None:
            text = t(
                "{player} has no rated game here yet: everyone starts at {rating}.",
                player=who.mention,
                rating=f"{INITIAL_RATING:.0f}",
            )
            await Post(content=text).send(interaction)
            return
        record, rank = found
        embed = discord.Embed(title=t("ITS Rating: {player}", player=who.display_name), colour=COLOUR)
        embed.description = t(
            "**{rating}** · #{rank} in this server", rating=f"{record.rating:.0f}", rank=rank
        )
        embed.add_field(name=t("Rated games"), value=str(record.games))
        embed.add_field(name=t("Tournaments"), value=str(record.events))
        embed.add_field(name=t("Last change"), value=signed(record.last_change, t))
        await Post(embeds=[embed]).send(interaction)

    @app_commands.command(name="top", description=f"The {TOP} best ITS Ratings in this server")
    async def top(self, interaction: discord.Interaction) -> None:
        t = await channel(interaction)
        rows = await self.bot.ratings.top(interaction.guild_id or 0, limit=TOP)  # type: ignore[attr-defined]
        if not rows:
            text = t("Nobody is rated here yet: ratings change when a tournament finishes.")
            await Post(content=text).send(interaction)
            return
        lines = [
            f"{i}. <@{r.user_id}> **{r.rating:.0f}** ("
            + t.n("{n} game", "{n} games", r.games, n=r.games)
            + ", "
            + t.n("{n} event", "{n} events", r.events, n=r.events)
            + ")"
            for i, r in enumerate(rows, start=1)
        ]
        embed = discord.Embed(title=t("ITS Ratings"), description="\n".join(lines), colour=COLOUR)
        await Post(embeds=[embed]).send(interaction)
