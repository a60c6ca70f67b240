"""Warhammer 40,000 Boarding Actions in Discord: ``/ba`` look-ups, mission rolls and a battle's
VP tracker, built on the play-by-post kit (bot/play.py).

``setup`` registers the game kind, the persistent buttons and menus (so presses work after a
restart) and the cog (which loads the missions and rules topics).
"""

from __future__ import annotations

from discord.ext import commands

from cogs.boarding_actions.commands import BoardingActions
from cogs.boarding_actions.controls import DYNAMIC_ITEMS as CONTROLS
from cogs.boarding_actions.game import KIT
from cogs.boarding_actions.pages import DYNAMIC_ITEMS as PAGES

DYNAMIC_ITEMS = (*CONTROLS, *PAGES)


async def setup(bot: commands.Bot) -> None:
    KIT.register(bot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(BoardingActions(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
