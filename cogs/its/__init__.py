"""Infinity ITS Season 14: look-up, classified draws and the score sheet (see commands.py)."""

from __future__ import annotations

from discord.ext import commands

from cogs.its.commands import Its
from cogs.its.library import load_content
from cogs.its.state import KIND
from cogs.its.views import ALL_ITEMS


async def setup(bot: commands.Bot) -> None:
    content = load_content()
    bot.games.register_kind(KIND)  # type: ignore[attr-defined]
    bot.add_dynamic_items(*ALL_ITEMS)
    await bot.add_cog(Its(bot, content))
