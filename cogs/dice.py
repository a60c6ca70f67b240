"""/roll: any dice expression, every die shown."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from rules.dice import MAX_DICE, MAX_EXPRESSION_LENGTH, DiceResult, RollKind, roll

LABEL_LIMIT = 100
COLOUR = discord.Colour.from_rgb(88, 101, 242)


def roll_embed(user: discord.abc.User, result: DiceResult, label: str | None) -> discord.Embed:
    title = f"🎲 {label[:LABEL_LIMIT]}" if label else "🎲 Roll"
    embed = discord.Embed(title=title, description=result.detail, colour=COLOUR)
    embed.set_author(name=user.display_name, icon_url=user.display_avatar.url)
    if result.kind is RollKind.SUCCESSES:
        embed.add_field(name="Successes", value=f"**{result.successes}**")
    else:
        embed.add_field(name="Total", value=f"**{result.total}**")
    parts = [result.expression, f"{result.dice_rolled} {'die' if result.dice_rolled == 1 else 'dice'}"]
    if "~~" in result.detail:
        parts.append("struck out: dropped or rerolled")
    if "!" in result.detail.replace("!=", ""):
        parts.append("x! exploded")
    embed.set_footer(text=" · ".join(parts))
    return embed


class Dice(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(
        name="roll", description="Roll dice: 2d6+3, 4d6kh3, 10d6>=4 (successes), d66, (1d6,2d4)kh1 ..."
    )
    @app_commands.describe(
        expression=f"Dice notation, up to {MAX_EXPRESSION_LENGTH} characters and {MAX_DICE} dice",
        label="What the roll is for (shown as the title)",
        private="Only you see the result",
    )
    async def roll_command(
        self,
        interaction: discord.Interaction,
        expression: str,
        label: str | None = None,
        private: bool = False,
    ) -> None:
        # Off the event loop: a roll's work is bounded (rules.dice.MAX_WORK), but even bounded
        # work must not hold up every other server's interactions.
        result = await asyncio.to_thread(roll, expression, self.bot.rng)  # type: ignore[attr-defined]
        await interaction.response.send_message(
            embed=roll_embed(interaction.user, result, label), ephemeral=private
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Dice(bot))
