"""Infinity dice in Discord: ``/inf roll``, ``/inf f2f`` and ``/inf odds``. Nothing is stored."""

from __future__ import annotations

from discord.ext import commands

from cogs.infinity.commands import Infinity


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Infinity())
