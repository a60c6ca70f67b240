"""Infinity ITS Season 14: look-up, classified draws and the score sheet (see commands.py)."""

from __future__ import annotations

from discord.ext import commands

from cogs.its import countermeasures, draw_steps, ending, lookup, reveal, seats, sheet, threads
from cogs.its.commands import Its
from cogs.its.library import load_content
from cogs.its.state import KIT

#: Every persistent button and select of the cog, answered from its custom id after a restart.
ALL_ITEMS = (
    *ending.ITEMS,
    *countermeasures.ITEMS,
    *lookup.ITEMS,
    *draw_steps.ITEMS,
    *reveal.ITEMS,
    *sheet.ITEMS,
    *seats.ITEMS,
    *threads.ITEMS,
)


async def setup(bot: commands.Bot) -> None:
    content = load_content()
    KIT.register(bot)
    bot.add_dynamic_items(*ALL_ITEMS)
    await bot.add_cog(Its(bot, content))
    await bot.add_cog(threads.GameThreads(bot, content))
