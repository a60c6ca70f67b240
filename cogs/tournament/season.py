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
from bot.i18n import channel, reader
from bot.play import Image, Post, autocomplete, is_manager
from bot.storage.seasons import SeasonExists, SeasonRecord
from bot.text import public
from cogs.tournament.links import link_view
from cogs.tournament.state import KIT, TournamentGame, is_organiser
from renderers.factions import render_season_table
from rules.errors import RuleError
from rules.i18n import Translator, _, ngettext
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


def _event_label(game: Game[TournamentGame], where: str, t: Translator) -> str:
    """An event in the autocomplete list, in the typer's language: ``Autumn GT (#gt, finished)``."""
    event = game.state.tournament
    if event.finished:
        return t("{name} (#{channel}, finished)", name=event.name, channel=where)[:100]
    played = len(event.rounds)
    return t.n(
        "{name} (#{channel}, {n} round played)",
        "{name} (#{channel}, {n} rounds played)",
        played,
        name=event.name,
        channel=where,
        n=played,
    )[:100]


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
                _(
                    "No tournament of this server is called {name}: pick one from the list that opens as "
                    "you type in `/season add event:`.",
                    name=public(text, 80),
                )
            )
        raise RuleError(
            ngettext(
                "{n} tournament of this server is called {name}: add the one you mean with `/season add "
                "event:`, picking it from the list (it names each one's channel).",
                "{n} tournaments of this server are called {name}: add the one you mean with `/season add "
                "event:`, picking it from the list (it names each one's channel).",
                len(picked),
                n=len(picked),
                name=public(text, 80),
            )
        )

    def _may_add(self, interaction: discord.Interaction, game: Game[TournamentGame]) -> None:
        if not is_organiser(interaction, game.state):
            raise RuleError(
                _(
                    "Only the organisers of {name} or a member with Manage Server can put it in a season.",
                    name=public(game.state.tournament.name, 80),
                )
            )

    async def _season(self, interaction: discord.Interaction, name: str) -> SeasonRecord:
        season = await self.bot.seasons.named(interaction.guild_id or 0, name)
        if season is None:
            raise RuleError(
                _(
                    "This server has no season called {name}; `/season create name:...` makes one.",
                    name=public(name, 80),
                )
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
                _(
                    "Name the events of the season (`events:Autumn GT, Winter GT`) that you organise; "
                    "a member with Manage Server can also start an empty one."
                )
            )
        for game in games:
            self._may_add(interaction, game)
        ids = list(dict.fromkeys(g.id for g in games))
        season_game([g.state.tournament for g in games])
        if len(await self.bot.seasons.of_guild(interaction.guild_id or 0)) >= MAX_SEASONS:
            raise RuleError(_("This server keeps at most {most} seasons.", most=MAX_SEASONS))
        try:
            season = await self.bot.seasons.create(
                interaction.guild_id or 0, name, best, ids, by=interaction.user.id
            )
        except SeasonExists:
            raise RuleError(
                _(
                    "This server already has a season called {name}: add events to it with `/season add`, "
                    "or pick another name.",
                    name=public(name, 80),
                )
            ) from None
        t = await channel(interaction)
        listed = ", ".join(public(g.state.tournament.name, 80) for g in games) or t("no event yet")
        await Post(
            content=t.n(
                "Season **{name}** made: each player's best result counts. Events: {events}. Add more with "
                "`/season add season:... event:...`; see it with `/season table`.",
                "Season **{name}** made: each player's best {n} results count. Events: {events}. Add more "
                "with `/season add season:... event:...`; see it with `/season table`.",
                best,
                name=public(name, 80),
                n=best,
                events=listed,
            ),
            view=link_view(season_url(self.bot, season), t),
        ).send(interaction)

    @app_commands.command(name="add", description="Organisers: put one of this server's events in a season")
    @app_commands.describe(season="The season", event="A tournament of this server (pick from the list)")
    async def add(self, interaction: discord.Interaction, season: str, event: str) -> None:
        found = await self._season(interaction, season)
        game = await self._event(interaction, event)
        if interaction.user.id != found.created_by and not is_manager(interaction):
            creator = f"<@{found.created_by}>"
            raise RuleError(
                _(
                    "Only whoever made {season} ({creator}) or a member with Manage Server can add events "
                    "to it.",
                    season=public(found.name, 80),
                    creator=creator,
                )
            )
        self._may_add(interaction, game)
        if game.id in found.events:
            raise RuleError(
                _(
                    "{name} is in {season} already.",
                    name=public(game.state.tournament.name, 80),
                    season=public(found.name, 80),
                )
            )
        if len(found.events) >= MAX_SEASON_EVENTS:
            raise RuleError(
                _("A season holds at most {most} events; make a new season.", most=MAX_SEASON_EVENTS)
            )
        ids = [*found.events, game.id]
        await self._checked_events(interaction, ids)
        await self.bot.seasons.set_events(found.id, ids)
        t = await channel(interaction)
        await Post(
            content=t.n(
                "{name} is now in season **{season}** ({n} event).",
                "{name} is now in season **{season}** ({n} events).",
                len(ids),
                name=public(game.state.tournament.name, 80),
                season=public(found.name, 80),
                n=len(ids),
            ),
        ).send(interaction)

    @app_commands.command(name="table", description="A season's table: each player's best results added up")
    @app_commands.describe(season="The season")
    async def table(self, interaction: discord.Interaction, season: str) -> None:
        found = await self._season(interaction, season)
        by_id = {g.id: g.state.tournament for g in await self._events(interaction)}
        events = [by_id[i] for i in found.events if i in by_id]
        rows = season_table(events, best=found.best)
        done = sum(1 for e in events if e.finished)
        waiting = [public(e.name, 60) for e in events if not e.finished]
        t = await channel(interaction)
        subtitle = t.n(
            "best result of {events}",
            "best {n} results of {events}",
            found.best,
            n=found.best,
            events=t.n("{n} finished event", "{n} finished events", done, n=done),
        )
        head = t("Season {name} · {counting}", name=public(found.name, 80), counting=subtitle)
        lines = [f"{r.rank}. {public(r.name, 40)}: **{r.total}** ({_results(r)})" for r in rows[:TABLE_LINES]]
        if len(rows) > TABLE_LINES:
            more = len(rows) - TABLE_LINES
            lines.append(
                t.n(
                    "…and {n} more player in the picture.",
                    "…and {n} more players in the picture.",
                    more,
                    n=more,
                )
            )
        if not rows:
            lines.append(t("No event of this season has finished yet."))
        if waiting:
            lines.append(
                t("Not finished yet (counted once they finish): {events}.", events=", ".join(waiting))
            )
        title = t("Season {name}", name=found.name)
        picture = Image(lambda: render_season_table(rows, title=title, subtitle=subtitle, t=t), "season.png")
        await Post(
            card=Card(
                title=head,
                text="\n".join(lines),
                pictures=["season.png"],
                controls=link_view(season_url(self.bot, found), t),
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
        t = reader(interaction)
        return [
            (_event_label(g, self._channel(interaction, g.record.channel_id), t), str(g.id))
            for g in reversed(found)
            if current.casefold() in g.state.tournament.name.casefold()
        ][:25]
