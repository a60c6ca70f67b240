"""Tournaments in Discord: ``/tournament`` runs an ITS event in a channel, ``/rating`` shows the
server's ITS Ratings.

The rules are ``rules.tournament``; this package only declares commands (``commands.py`` for
setting up, ``rounds.py`` for playing, ``ratings.py`` for ``/rating``), buttons (``views.py``),
messages (``posts.py``) and the score-sheet listener (``sheets.py``). ``setup`` registers the
game kind, the persistent buttons, the round timer's job handler and the cogs.
"""

from __future__ import annotations

import asyncio
import logging

from discord import app_commands
from discord.ext.commands import Bot, GroupCog

from cogs.tournament.awards import Awards, BallotButton
from cogs.tournament.checkin import CheckInButton, CheckinCommands
from cogs.tournament.commands import SetupCommands
from cogs.tournament.lists import ListCommands
from cogs.tournament.ratings import Ratings
from cogs.tournament.rounds import PairAnyway, RoundCommands
from cogs.tournament.season import Seasons
from cogs.tournament.sheets import SheetResults
from cogs.tournament.standings import StandingsCommands
from cogs.tournament.state import KIT
from cogs.tournament.swaps import SwapCommands
from cogs.tournament.team_views import DYNAMIC_ITEMS as TEAM_ITEMS
from cogs.tournament.teams import TeamCommands
from cogs.tournament.timer import TIMER_JOB, TimerCommands, timer_job
from cogs.tournament.views import DYNAMIC_ITEMS
from rules.its.content import ScenarioLibrary, load_scenarios_tolerant

log = logging.getLogger("herald.tournament")


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
class Tournaments(
    SetupCommands,
    RoundCommands,
    TimerCommands,
    StandingsCommands,
    SwapCommands,
    ListCommands,
    CheckinCommands,
    TeamCommands,
    GroupCog,
    group_name="tournament",
    group_description=(
        "Tournaments here (ITS, 40k, Boarding Actions): players, lists, pairings, results, standings"
    ),
):
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.scenarios = ScenarioLibrary([])

    async def cog_load(self) -> None:
        self.scenarios, errors = await asyncio.to_thread(load_scenarios_tolerant)
        for error in errors:
            log.warning("tournament: skipped a scenario file: %s", error)


async def setup(bot: Bot) -> None:
    KIT.register(bot)
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *TEAM_ITEMS, PairAnyway, CheckInButton, BallotButton)
    bot.scheduler.register(TIMER_JOB, timer_job)  # type: ignore[attr-defined]
    await bot.add_cog(Tournaments(bot))
    await bot.add_cog(SheetResults(bot))
    await bot.add_cog(Ratings(bot))
    await bot.add_cog(Seasons(bot))
    await bot.add_cog(Awards(bot))


async def teardown(bot: Bot) -> None:
    bot.remove_dynamic_items(*DYNAMIC_ITEMS, *TEAM_ITEMS, PairAnyway, CheckInButton, BallotButton)
