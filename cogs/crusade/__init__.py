"""``/crusade``: Warhammer 40,000 Crusade campaigns (see :mod:`cogs.crusade.commands`)."""

from __future__ import annotations

from discord.ext import commands

from cogs.crusade.commands import CrusadeCog
from cogs.crusade.game import KIT
from cogs.crusade.views import CONTROLS, KILLS_FORM, submit_kills


async def setup(bot: commands.Bot) -> None:
    KIT.register(bot)
    bot.add_dynamic_items(*CONTROLS)
    bot.forms.add(KILLS_FORM, submit_kills)  # type: ignore[attr-defined]
    await bot.add_cog(CrusadeCog(bot))
