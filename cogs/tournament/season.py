"""/season: a server's tournaments ranked together by each player's best N results.

The ranking is :mod:`rules.tournament.season`; the seasons are kept by ``bot.seasons``
(:mod:`bot.storage.seasons`). Organisers of the events (or members with Manage Server) make a
season and add events to it; anyone reads its table.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext.commands import Bot, GroupCog

from bot.cards import Card
from bot.games import Game
from bot.i18n import channel
from bot.play import Image, Post, autocomplete, is_manager
from bot.storage.seasons import SeasonExists, SeasonRecord
from bot.text import public
from cogs.tournament.links import link_view
from cogs.tournament.state import KIT, TournamentGame, is_organiser
from renderers.factions import render_season_table
from rules.errors import RuleError
from rules.tournament.model import counted
from rules.tournament.season import (
    MAX_BEST,
    MAX_SEASON_EVENTS,
    MAX_SEASONS,
    SeasonRow,
    checked_season,
    season_game,
    season_table,
)

TABLE_LINES = 20
"""Players listed in the message's text (the picture holds more)."""


def season_url(bot: Any, season: SeasonRecord) -> str | None:
    base = getattr(bot, "web_url", None)
    return f"{base}/s/{season.token}" if base else None


def _event_label(game: Game[TournamentGame], channel: str) -> str:
    t = game.state.tournament
    stage = "finished" if t.finished else f"{counted(len(t.rounds), 'round')} played"
    return f"{t.name} (#{channel}, {stage})"[:100]


def _results(row: SeasonRow) -> str:
    """``Autumn 10 · Winter (0) · Spring 10``, the event names made safe to show."""
    return " · ".join(
        f"{public(r.event, 40)} {r.points}" if r.counted else f"{public(r.event, 40)} ({r.points})"
        for r in row.results
    )


@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
class Seasons(
    GroupCog, group_name="season", group_description="A season: this server's events ranked together"
):
    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    async def _events(self, interaction: discord.Interaction) -> list[Game[TournamentGame]]:
        store = KIT.store(interaction)
        return await store.of_kind(interaction.guild_id or 0, TournamentGame, KIT.kind.key)

    def _channel(self, interaction: discord.Interaction, channel_id: int) -> str:
        channel = interaction.guild.get_channel_or_thread(channel_id) if interaction.guild else None
        return channel.name if channel is not None else str(channel_id)

    async def _event(self, interaction: discord.Interaction, text: str) -> Game[TournamentGame]:
        """The server's tournament ``text`` names: an id picked from the list, or its name."""
        found = await self._events(interaction)
        if text.strip().isdigit():
            picked = [g for g in found if g.id == int(text.strip())]
        else:
            picked = [g for g in found if g.state.tournament.name.casefold() == text.strip().casefold()]
        if len(picked) == 1:
            return picked[0]
        if not picked:
            raise RuleError(
                f"No tournament of this server is called {public(text, 80)}: pick one from the list that "
                "opens as you type in `/season add event:`."
            )
        raise RuleError(
            f"{counted(len(picked), 'tournament')} of this server are called {public(text, 80)}: add the "
            "one you mean with `/season add event:`, picking it from the list (it names each one's channel)."
        )

    def _may_add(self, interaction: discord.Interaction, game: Game[TournamentGame]) -> None:
        if not is_organiser(interaction, game.state):
            raise RuleError(
                f"Only the organisers of {public(game.state.tournament.name, 80)} or a member with Manage "
                "Server can put it in a season."
            )

    async def _season(self, interaction: discord.Interaction, name: str) -> SeasonRecord:
        season = await self.bot.seasons.named(interaction.guild_id or 0, name)
        if season is None:
            raise RuleError(
                f"This server has no season called {public(name, 80)}; `/season create name:...` makes one."
            )
        return season

    async def _checked_events(self, interaction: discord.Interaction, ids: list[int]) -> None:
        """Refuse a season whose events are of different games."""
        by_id = {g.id: g.state.tournament for g in await self._events(interaction)}
        season_game([by_id[i] for i in ids if i in by_id])

    @app_commands.command(name="create", description="Organisers: rank this server's events together")
    @app_commands.describe(
        name="The season's name",
        events="Tournaments of this server, by name, separated by commas (or add them later)",
        best=f"How many of each player's results count (1 to {MAX_BEST})",
    )
    async def create(self, interaction: discord.Interaction, name: str, best: int, events: str = "") -> None:
        named = [e for e in (part.strip() for part in events.split(",")) if e]
        name = checked_season(name, best, len(named))
        games = [await self._event(interaction, e) for e in named]
        if not games and not is_manager(interaction):
            raise RuleError(
                "Name the events of the season (`events:Autumn GT, Winter GT`) that you organise; "
                "a member with Manage Server can also start an empty one."
            )
        for game in games:
            self._may_add(interaction, game)
        ids = list(dict.fromkeys(g.id for g in games))
        season_game([g.state.tournament for g in games])
        if len(await self.bot.seasons.of_guild(interaction.guild_id or 0)) >= MAX_SEASONS:
            raise RuleError(f"This server keeps at most {MAX_SEASONS} seasons.")
        try:
            season = await self.bot.seasons.create(
                interaction.guild_id or 0, name, best, ids, by=interaction.user.id
            )
        except SeasonExists:
            raise RuleError(
                f"This server already has a season called {public(name, 80)}: add events to it with "
                "`/season add`, or pick another name."
            ) from None
        listed = ", ".join(public(g.state.tournament.name, 80) for g in games) or "no event yet"
        await Post(
            content=f"Season **{public(name, 80)}** made: each player's best {counted(best, 'result')} "
            f"count. Events: {listed}. Add more with `/season add season:... event:...`; see it with "
            "`/season table`.",
            view=link_view(season_url(self.bot, season)),
        ).send(interaction)

    @app_commands.command(name="add", description="Organisers: put one of this server's events in a season")
    @app_commands.describe(season="The season", event="A tournament of this server (pick from the list)")
    async def add(self, interaction: discord.Interaction, season: str, event: str) -> None:
        found = await self._season(interaction, season)
        game = await self._event(interaction, event)
        if interaction.user.id != found.created_by and not is_manager(interaction):
            raise RuleError(
                f"Only whoever made {public(found.name, 80)} (<@{found.created_by}>) or a member with "
                "Manage Server can add events to it."
            )
        self._may_add(interaction, game)
        if game.id in found.events:
            raise RuleError(
                f"{public(game.state.tournament.name, 80)} is in {public(found.name, 80)} already."
            )
        if len(found.events) >= MAX_SEASON_EVENTS:
            raise RuleError(f"A season holds at most {MAX_SEASON_EVENTS} events; make a new season.")
        ids = [*found.events, game.id]
        await self._checked_events(interaction, ids)
        await self.bot.seasons.set_events(found.id, ids)
        await Post(
            content=f"{public(game.state.tournament.name, 80)} is now in season **{public(found.name, 80)}** "
            f"({counted(len(ids), 'event')}).",
        ).send(interaction)

    @app_commands.command(name="table", description="A season's table: each player's best results added up")
    @app_commands.describe(season="The season")
    async def table(self, interaction: discord.Interaction, season: str) -> None:
        found = await self._season(interaction, season)
        by_id = {g.id: g.state.tournament for g in await self._events(interaction)}
        events = [by_id[i] for i in found.events if i in by_id]
        rows = season_table(events, best=found.best)
        done = sum(1 for t in events if t.finished)
        waiting = [public(t.name, 60) for t in events if not t.finished]
        head = (
            f"Season {public(found.name, 80)} · best {counted(found.best, 'result')} of "
            f"{counted(done, 'finished event')}"
        )
        lines = [f"{r.rank}. {public(r.name, 40)}: **{r.total}** ({_results(r)})" for r in rows[:TABLE_LINES]]
        if len(rows) > TABLE_LINES:
            lines.append(f"…and {counted(len(rows) - TABLE_LINES, 'more player')} in the picture.")
        if not rows:
            lines.append("No event of this season has finished yet.")
        if waiting:
            lines.append(f"Not finished yet (counted once they finish): {', '.join(waiting)}.")
        subtitle = f"best {counted(found.best, 'result')} of {counted(done, 'finished event')}"
        title = f"Season {found.name}"
        words = await channel(interaction)
        picture = Image(
            lambda: render_season_table(rows, title=title, subtitle=subtitle, t=words), "season.png"
        )
        await Post(
            card=Card(
                title=head,
                text="\n".join(lines),
                pictures=["season.png"],
                controls=link_view(season_url(self.bot, found)),
            ),
            images=[picture],
        ).send(interaction)

    @add.autocomplete("season")
    @table.autocomplete("season")
    @autocomplete
    async def _season_choices(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        seasons = await self.bot.seasons.of_guild(interaction.guild_id or 0)
        return [(s.name, s.name) for s in seasons if current.casefold() in s.name.casefold()][:25]

    @add.autocomplete("event")
    @autocomplete
    async def _event_choices(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        found = await self._events(interaction)
        return [
            (_event_label(g, self._channel(interaction, g.record.channel_id)), str(g.id))
            for g in reversed(found)
            if current.casefold() in g.state.tournament.name.casefold()
        ][:25]
