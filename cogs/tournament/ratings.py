"""``/rating``: the server's ITS Ratings, changed once by each finished tournament."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.play import Post
from cogs.tournament.posts import COLOUR
from rules.tournament import INITIAL_RATING
from rules.tournament.model import counted

TOP = 20


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
class Ratings(commands.GroupCog, group_name="rating", group_description="ITS Ratings in this server"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="show", description="A player's ITS Rating in this server")
    @app_commands.rename(user="player")
    async def show(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        who = user or interaction.user
        found = await self.bot.ratings.get(interaction.guild_id or 0, who.id)  # type: ignore[attr-defined]
        if found is None:
            text = f"{who.mention} has no rated game here yet: everyone starts at {INITIAL_RATING:.0f}."
            await Post(content=text).send(interaction)
            return
        record, rank = found
        embed = discord.Embed(title=f"ITS Rating: {who.display_name}", colour=COLOUR)
        embed.description = f"**{record.rating:.0f}** · #{rank} in this server"
        embed.add_field(name="Rated games", value=str(record.games))
        embed.add_field(name="Tournaments", value=str(record.events))
        embed.add_field(name="Last change", value=f"{record.last_change:+.1f}")
        await Post(embeds=[embed]).send(interaction)

    @app_commands.command(name="top", description=f"The {TOP} best ITS Ratings in this server")
    async def top(self, interaction: discord.Interaction) -> None:
        rows = await self.bot.ratings.top(interaction.guild_id or 0, limit=TOP)  # type: ignore[attr-defined]
        if not rows:
            await Post(content="Nobody is rated here yet: ratings change when a tournament finishes.").send(
                interaction
            )
            return
        lines = [
            f"{i}. <@{r.user_id}> **{r.rating:.0f}** "
            f"({counted(r.games, 'game')}, {counted(r.events, 'event')})"
            for i, r in enumerate(rows, start=1)
        ]
        embed = discord.Embed(title="ITS Ratings", description="\n".join(lines), colour=COLOUR)
        await Post(embeds=[embed]).send(interaction)
