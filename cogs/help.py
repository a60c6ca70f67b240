"""/help: every command and group, read from the command tree so new cogs appear by themselves."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands


def _lines(command: app_commands.Command | app_commands.Group, prefix: str = "") -> list[str]:
    name = f"{prefix}{command.name}"
    if isinstance(command, app_commands.Group):
        out: list[str] = []
        for child in command.commands:
            out.extend(_lines(child, f"{name} "))
        return out
    return [f"`/{name}` {command.description}"]


class Help(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What Herald can do: every command, one line each")
    async def help_command(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(
            title="Herald",
            description=(
                "Dice, play-by-post wargames, rules look-up and tournaments. Errors and private "
                "information are only ever shown to you."
            ),
            colour=discord.Colour.from_rgb(88, 101, 242),
        )
        commands_ = sorted(self.bot.tree.get_commands(), key=lambda c: c.name)
        for command in commands_:
            if not isinstance(command, app_commands.Command | app_commands.Group):
                continue
            title = f"/{command.name}"
            if isinstance(command, app_commands.Group):
                title += f" · {command.description}"
            # A field holds 1024 characters: a long group continues in further fields.
            chunk: list[str] = []
            for line in _lines(command):
                if chunk and len("\n".join([*chunk, line])) > 1024:
                    embed.add_field(name=title[:256], value="\n".join(chunk), inline=False)
                    chunk, title = [], f"/{command.name} (continued)"
                chunk.append(line)
            embed.add_field(name=title[:256], value="\n".join(chunk), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
