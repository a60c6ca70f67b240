"""/40k: Warhammer 40,000 attacks rolled die by die, their exact odds with a chart, and saved
weapon and target profiles (per player, or server-wide for Manage Server members), and army
lists imported from New Recruit or BattleScribe (``lists``; their units are resolved by ``army``).

The rules are :mod:`rules.wh40k`; this package reads the options (``inputs``), builds what a
player sees (``replies``) and declares the commands (``commands``).
"""

from __future__ import annotations

from discord.ext import commands

from cogs.wh40k.commands import Wh40k
from cogs.wh40k.lists import ArmyListCommands


async def setup(bot: commands.Bot) -> None:
    cog = Wh40k(bot)
    cog.app_command.add_command(ArmyListCommands())  # /40k list, kept in its own module
    await bot.add_cog(cog)
