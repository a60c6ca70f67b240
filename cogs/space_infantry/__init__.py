"""Space Infantry in Discord: ``/si`` boss fights played co-operatively in a channel.

``setup`` registers the game kind (so other games' messages can name it), the persistent
buttons (so presses work after a restart) and the cog (which loads the boss files).
"""

from __future__ import annotations

from discord.ext import commands

from cogs.space_infantry.commands import SpaceInfantry
from cogs.space_infantry.game import KIT
from cogs.space_infantry.setup import BossButton
from cogs.space_infantry.views import DYNAMIC_ITEMS as _STEP_ITEMS

DYNAMIC_ITEMS = (*_STEP_ITEMS, BossButton)


async def setup(bot: commands.Bot) -> None:
    KIT.register(bot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(SpaceInfantry(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
