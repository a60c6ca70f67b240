"""/help: every command, read from the command tree so new cogs appear by themselves.

``/help`` alone names every command, grouped by game, in one message; ``/help topic:<group>``
shows one group's commands with a line each. One message's embeds hold at most 6,000 characters,
which Herald's commands outgrew with a line each, hence the two levels.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.anywhere import ADD_THE_BOT, anywhere_text, commands_only, installed_here
from bot.permissions import FIX, explain, missing, needed_by
from bot.send import send
from rules.errors import RuleError, quote

COLOUR = discord.Colour.from_rgb(88, 101, 242)
FIELD_LIMIT = 1024


def _leaves(command: app_commands.Command | app_commands.Group) -> list[app_commands.Command]:
    if isinstance(command, app_commands.Group):
        return [leaf for child in command.commands for leaf in _leaves(child)]
    return [command]


def _fields(embed: discord.Embed, title: str, lines: list[str], joiner: str) -> None:
    """``lines`` as fields of at most 1,024 characters, continuing under the same title."""
    chunk: list[str] = []
    for line in lines:
        if chunk and len(joiner.join([*chunk, line])) > FIELD_LIMIT:
            embed.add_field(name=title[:256], value=joiner.join(chunk), inline=False)
            chunk, title = [], f"{title.split(' · ')[0]} (continued)"
        chunk.append(line)
    if chunk:
        embed.add_field(name=title[:256], value=joiner.join(chunk), inline=False)


class Help(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    def _top(self) -> list[app_commands.Command | app_commands.Group]:
        kinds = app_commands.Command | app_commands.Group
        found = [c for c in self.bot.tree.get_commands() if isinstance(c, kinds)]
        return sorted(found, key=lambda c: c.name)

    def overview(self) -> discord.Embed:
        embed = discord.Embed(
            title="Herald",
            description=(
                "Dice, play-by-post wargames, rules look-up and tournaments. Errors and private "
                "information are only ever shown to you. `/help topic:<name>` (for example "
                "`/help topic:bf`) explains each command of a game.\n"
                "**Anywhere** (in any server or DM, once you install Herald to yourself): "
                f"{anywhere_text()}. The games keep their state in a server's channel, so they work "
                "in servers that added Herald."
            ),
            colour=COLOUR,
        )
        singles: list[str] = []
        for command in self._top():
            if isinstance(command, app_commands.Group):
                names = [f"`/{leaf.qualified_name}`" for leaf in _leaves(command)]
                _fields(embed, f"/{command.name} · {command.description}", names, " ")
            else:
                singles.append(f"`/{command.name}` {command.description}")
        _fields(embed, "Other commands", singles, "\n")
        return embed

    def topic(self, name: str) -> discord.Embed:
        wanted = name.strip().lstrip("/").split(" ")[0].casefold()
        command = next((c for c in self._top() if c.name == wanted), None)
        if command is None:
            known = ", ".join(f"`{c.name}`" for c in self._top())
            raise RuleError(f"There is no command called {quote(name, 40)}. Try one of: {known}.")
        embed = discord.Embed(title=f"/{command.name}", description=command.description, colour=COLOUR)
        lines = [f"`/{leaf.qualified_name}` {leaf.description}" for leaf in _leaves(command)]
        _fields(embed, "Commands", lines, "\n")
        # a game cog may explain more than its commands (the 40k line grammar): `help_fields()`
        for cog in self.bot.cogs.values():
            if getattr(cog, "app_command", None) is command and hasattr(cog, "help_fields"):
                for title, text in cog.help_fields():
                    embed.add_field(name=title[:256], value=text[:FIELD_LIMIT], inline=False)
        needs = needed_by(command.name)
        if needs:
            embed.add_field(name="Permissions", value=f"Herald also needs {explain(needs)}.", inline=False)
        return embed

    @app_commands.command(name="help", description="What Herald can do: every command, by game")
    @app_commands.describe(topic="A game or command (bf, its, si, roll...) to see each of its commands")
    async def help_command(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        embed = self.topic(topic) if topic else self.overview()
        # Herald's role and its permissions exist only where the server added Herald's bot user;
        # where a player's own install answers, they are not the server's to fix.
        lacking = missing(interaction.app_permissions) if installed_here(interaction) else []
        warning = f"⚠ In this channel Herald lacks {explain(lacking)}. {FIX}" if lacking else None
        if commands_only(interaction):
            warning = f"⚠ {ADD_THE_BOT}"
        await send(interaction, content=warning, embed=embed, ephemeral=True)

    @help_command.autocomplete("topic")
    async def _topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        text = current.strip().lstrip("/").casefold()
        return [
            app_commands.Choice(name=f"/{c.name} · {c.description}"[:100], value=c.name)
            for c in self._top()
            if c.name.startswith(text) or text in c.description.casefold()
        ][:25]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
