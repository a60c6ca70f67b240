"""Boss Fight in Discord: ``/bf``, a boss against a party of heroes on a hex board, played by post.

``setup`` registers the game kind, the persistent components (so presses work after a restart),
the idle nudge job and the cog.
"""

from __future__ import annotations

from discord.ext import commands

from cogs.boss_fight.building import LOBBY_ITEMS
from cogs.boss_fight.commands import (
    BossFight,
    ConcedeButton,
    ConcedeCancelButton,
    ConcedeConfirmButton,
    RefuseUndoButton,
    UndoButton,
)
from cogs.boss_fight.game import KIT, nudge
from cogs.boss_fight.leaving import DrawButton
from cogs.boss_fight.views import DYNAMIC_ITEMS as _TURN_ITEMS

DYNAMIC_ITEMS = (
    *_TURN_ITEMS,
    *LOBBY_ITEMS,
    UndoButton,
    RefuseUndoButton,
    ConcedeButton,
    ConcedeConfirmButton,
    ConcedeCancelButton,
    DrawButton,
)
NUDGE_JOB = "bf:nudge"


async def setup(bot: commands.Bot) -> None:
    KIT.register(bot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    bot.scheduler.register(NUDGE_JOB, nudge)  # type: ignore[attr-defined]
    await bot.add_cog(BossFight(bot))


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
