"""/tournament timer: a round's countdown with a warning 15 minutes before the end, posted in the
tournament's language (its own, else the server's). Split from ``rounds.py``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import discord
from discord import app_commands

from bot.play import Change, Post
from bot.send import send_to
from cogs.tournament.state import (
    KIT,
    TournamentGame,
    event_words,
    event_words_later,
    home_channel,
    require_organiser,
)
from rules.errors import RuleError
from rules.i18n import _
from rules.tournament.public import RoundTimer

WARN_BEFORE = timedelta(minutes=15)
MAX_TIMER_MINUTES = 24 * 60
TIMER_JOB = "tournament:timer"


class TimerCommands:
    """Mixed into the /tournament cog (see ``cogs/tournament/__init__.py``)."""

    bot: Any

    @app_commands.command(name="timer", description="Organisers: a round timer with a 15-minute warning")
    @app_commands.describe(minutes="Minutes left in this round")
    async def timer(
        self, interaction: discord.Interaction, minutes: app_commands.Range[int, 1, MAX_TIMER_MINUTES]
    ) -> None:
        home = await home_channel(interaction)
        game = await KIT.load(interaction, channel_id=home)
        require_organiser(interaction, game.state, _("start the round timer"))
        current = game.state.tournament.current
        if current is None or game.state.tournament.finished:
            raise RuleError(_("Pair a round first: the timer counts down a round."))
        ends = datetime.now(UTC) + timedelta(minutes=minutes)
        timer = RoundTimer(round=current.number, ends=ends)
        await KIT.step(
            interaction,
            "timer",
            lambda state: Change(state.update(round_timer=timer), summary=f"round {timer.round} timer"),
            game_id=game.id,
            channel_id=home,
        )
        payload = {
            "channel": home,
            "game": game.id,
            "round": current.number,
            "ends": ends.isoformat(),
        }
        key = f"{TIMER_JOB}:{game.id}"
        scheduler = self.bot.scheduler
        if minutes > WARN_BEFORE.total_seconds() / 60:
            await scheduler.schedule(
                TIMER_JOB, at=ends - WARN_BEFORE, payload={**payload, "stage": "warn"}, key=f"{key}:warn"
            )
        else:
            await scheduler.cancel(f"{key}:warn")
        await scheduler.schedule(TIMER_JOB, at=ends, payload={**payload, "stage": "end"}, key=f"{key}:end")
        stamp = int(ends.timestamp())
        words = await event_words(interaction, game.state.tournament)
        at, left = f"<t:{stamp}:t>", f"<t:{stamp}:R>"
        ends_text = words(
            _("⏱ Round {number} ends {time} ({relative}).", number=current.number, time=at, relative=left)
        )
        await Post(content=ends_text).send(interaction)


async def timer_job(bot: Any, payload: dict[str, Any]) -> None:
    """The round timer's reminder: only while that round of that tournament is still the current one."""
    game = await bot.games.find(int(payload["channel"]), TournamentGame, KIT.kind.key)
    if game is None or game.id != payload["game"]:
        return
    t = game.state.tournament
    if t.finished or t.current is None or t.current.number != payload["round"]:
        return
    left = sum(1 for g in t.current.games if not g.done)
    words = await event_words_later(bot, game.record.guild_id, t)
    results = (
        words.n("{n} game still needs a result.", "{n} games still need a result.", left, n=left)
        if left
        else words(_("Every result is in."))
    )
    if payload["stage"] == "warn":
        text = words(
            _("⏱ Round {number}: 15 minutes left; finish the game round you are in.", number=t.current.number)
        )
    else:
        text = words(_("⏱ Round {number}: time! Stop and score your games.", number=t.current.number))
    text = f"{text} {results}"
    await send_to(bot.get_partial_messageable(int(payload["channel"])), content=text)
