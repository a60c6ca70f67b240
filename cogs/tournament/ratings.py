"""Results that arrive from the ITS score sheet, and ``/rating``.

The ITS cog announces a sheet both players confirmed with
``bot.dispatch("its_sheet_final", channel_id, guild_id, payload)``, payload
``{"scenario": str, "tier": int, "players": [user_a, user_b], "result": ScoreResult JSON}``
(side A is ``players[0]``). The tournament whose pairing thread (or own channel) that is records
the result as one step and says so in that channel; a sheet that does not fit (another
scenario, players not paired together) is explained there instead.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.games import Game
from bot.limits import quote
from bot.play import Post
from bot.send import send_to
from cogs.tournament.posts import COLOUR, result_text
from cogs.tournament.state import KIT, TournamentGame, player_id, same_result
from rules.errors import RuleError
from rules.its.scoring import ScoreResult
from rules.tournament import INITIAL_RATING, record_sheet_result, result_from_score

log = logging.getLogger("herald.tournament")

TOP = 20


def _owner(
    games: list[Game[TournamentGame]], channel_id: int
) -> tuple[Game[TournamentGame], int | None] | None:
    """The tournament a channel belongs to, and the round when it is a pairing thread."""
    for game in games:
        thread = game.state.thread_of(channel_id)
        if thread is not None:
            return game, thread.round
    for game in games:
        if game.record.channel_id == channel_id:
            return game, None
    return None


class TournamentEvents(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @commands.Cog.listener("on_its_sheet_final")
    async def sheet_final(self, channel_id: int, guild_id: int | None, payload: dict[str, Any]) -> None:
        try:
            await self._record_sheet(int(channel_id), guild_id, payload)
        except Exception:  # a listener's failure must not be silent, nor reach another cog
            log.exception("could not record a final ITS sheet from channel %s", channel_id)

    async def _record_sheet(self, channel_id: int, guild_id: int | None, payload: dict[str, Any]) -> None:
        if not guild_id:
            return
        games = await self.bot.games.active_of_kind(guild_id, TournamentGame, KIT.kind.key)  # type: ignore[attr-defined]
        found = _owner(games, channel_id)
        if found is None:
            return  # a sheet outside any tournament
        game, round_number = found
        try:
            score = ScoreResult.model_validate(payload["result"])
            a, b = (player_id(int(u)) for u in payload["players"])
        except (KeyError, TypeError, ValueError, ValidationError):
            log.warning("its_sheet_final with an unreadable payload from channel %s", channel_id)
            return
        where = self.bot.get_partial_messageable(channel_id)
        try:
            async with self.bot.games.update(  # type: ignore[attr-defined]
                game.record.channel_id,
                TournamentGame,
                kind=KIT.kind.key,
                actor_id=int(payload["players"][0]),
                action="sheet",
            ) as handle:
                state: TournamentGame = handle.state
                t = state.tournament
                for pid in (a, b):
                    if not t.has_player(pid):
                        raise RuleError(
                            f"<@{pid}> is not in {t.name}, so this sheet is not a tournament result."
                        )
                number = round_number or len(t.rounds)
                if number and same_result(state, number, a, b, result_from_score(score)):
                    return  # sent twice: already recorded
                new_t = record_sheet_result(t, a, b, score, round_number=number or None)
                handle.state = state.update(
                    tournament=new_t,
                    reports=[
                        r
                        for r in state.reports
                        if not (r.round == number and {r.reporter, r.opponent} == {a, b})
                    ],
                )
                handle.summary = f"sheet result round {number}"
        except RuleError as error:
            await send_to(where, content=f"This sheet was not added to the tournament: {error}")
            return
        text = result_text(new_t, a, b, result_from_score(score))
        await send_to(where, content=f"🏆 Recorded for {quote(new_t.name, 80)}, round {number}: {text}")


class Ratings(commands.GroupCog, group_name="rating", group_description="ITS Ratings in this server"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="show", description="A player's ITS Rating in this server")
    async def show(self, interaction: discord.Interaction, user: discord.User | None = None) -> None:
        who = user or interaction.user
        found = await self.bot.ratings.get(interaction.guild_id or 0, who.id)  # type: ignore[attr-defined]
        if found is None:
            text = f"{who.mention} has no rated game here yet: everyone starts at {INITIAL_RATING:.0f}."
            await Post(content=text).send(interaction)
            return
        record, rank = found
        embed = discord.Embed(title=f"ITS Rating: {who.display_name}", colour=COLOUR)
        embed.description = f"**{record.rating:.0f}** · #{rank} in this server"
        embed.add_field(name="Rated games", value=str(record.games))
        embed.add_field(name="Tournaments", value=str(record.events))
        embed.add_field(name="Last change", value=f"{record.last_change:+.1f}")
        await Post(embeds=[embed]).send(interaction)

    @app_commands.command(name="top", description=f"The {TOP} best ITS Ratings in this server")
    async def top(self, interaction: discord.Interaction) -> None:
        rows = await self.bot.ratings.top(interaction.guild_id or 0, limit=TOP)  # type: ignore[attr-defined]
        if not rows:
            await Post(content="Nobody is rated here yet: ratings change when a tournament finishes.").send(
                interaction
            )
            return
        lines = [
            f"{i}. <@{r.user_id}> **{r.rating:.0f}** ({r.games} games, {r.events} events)"
            for i, r in enumerate(rows, start=1)
        ]
        embed = discord.Embed(title="ITS Ratings", description="\n".join(lines), colour=COLOUR)
        await Post(embeds=[embed]).send(interaction)
