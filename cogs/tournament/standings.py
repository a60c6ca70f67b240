"""/tournament, the results side: standings, the leaders, finishing (with the ITS Rating) and the
CSV export. Split from ``rounds.py`` (pairing and reporting)."""

from __future__ import annotations

import io
from typing import Any, Literal

import discord
from discord import app_commands

from bot.i18n import channel
from bot.play import Change, Post, send
from bot.storage.ratings import RatingUpdate
from bot.text import public
from cogs.tournament.links import with_link
from cogs.tournament.posts import chunks, faction_post, standings_post, top_text
from cogs.tournament.state import KIT, TournamentGame, home_channel, require_organiser
from cogs.tournament.team_posts import team_standings_post
from rules.errors import RuleError
from rules.tournament import INITIAL_RATING, Tournament, players_csv, rating_changes, results_csv
from rules.tournament.ballots import awards_csv
from rules.tournament.faction_table import faction_table
from rules.tournament.formats import format_of
from rules.tournament.model import counted
from rules.tournament.teams import finish_event, teams_csv


class StandingsCommands:
    """Mixed into the /tournament cog (see ``cogs/tournament/__init__.py``)."""

    bot: Any

    @app_commands.command(name="standings", description="The standings: pictures and a summary")
    @app_commands.describe(
        page="First page to show (32 players a page)",
        players="Team events: the players' standings instead of the teams'",
    )
    async def standings(
        self,
        interaction: discord.Interaction,
        page: app_commands.Range[int, 1, 16] = 1,
        players: bool = False,
    ) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        t = game.state.tournament
        teams = t.team_size is not None and not players
        words = await channel(interaction, language=t.language)
        post = team_standings_post if teams else standings_post
        post = post(t, page=page, words=words)
        await (await with_link(self.bot, game.id, post)).send(interaction)

    @app_commands.command(name="top", description="The best players so far, with this event's columns")
    @app_commands.describe(count="How many players (default 8)")
    async def top(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 32] = 8) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        post = Post(content=top_text(game.state.tournament, count))
        await (await with_link(self.bot, game.id, post)).send(interaction)

    @app_commands.command(name="factions", description="How each faction did: W-D-L, win rate, battle points")
    @app_commands.describe(scope="event: this channel's tournament; server: every finished event here")
    async def factions(
        self, interaction: discord.Interaction, scope: Literal["event", "server"] = "event"
    ) -> None:
        if scope == "server":
            store = KIT.store(interaction)
            found = await store.of_kind(interaction.guild_id or 0, TournamentGame, KIT.kind.key)
            events = [g.state.tournament for g in found if g.state.tournament.finished]
            if not events:
                raise RuleError(
                    "No tournament in this server has finished yet: the server's faction table counts "
                    "finished events. `/tournament factions` shows this channel's event as it stands."
                )
            post = faction_post(
                faction_table(events),
                title=public(interaction.guild.name if interaction.guild else "This server", 80),
                subtitle=f"factions over {counted(len(events), 'finished event')}",
                words=await channel(interaction),
            )
            await post.send(interaction)
            return
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        t = game.state.tournament
        stage = "final" if t.finished else f"after {counted(len(t.rounds), 'round')}"
        post = faction_post(
            faction_table([t]), title=t.name, subtitle=f"factions ({stage})",
            words=await channel(interaction, language=t.language),
        )
        await (await with_link(self.bot, game.id, post)).send(interaction)

    @app_commands.command(name="finish", description="Organisers: final standings and rating changes")
    @app_commands.describe(early="Finish before every planned round is played")
    async def finish(self, interaction: discord.Interaction, early: bool = False) -> None:
        home = await home_channel(interaction)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, "finish the tournament")
            return Change(
                state.update(tournament=finish_event(state.tournament, early=early)),
                summary="finished",
            )

        shown = await KIT.step(interaction, "finish", change, channel_id=home)
        t = shown.state.tournament
        words = await channel(interaction, language=t.language)
        if t.team_size is not None:
            await team_standings_post(t, words=words).send(interaction)
        await (await with_link(self.bot, shown.id, standings_post(t, words=words))).send(interaction)
        if not format_of(t).uses_op:
            # The server's rating is the ITS Rating: another game's results would mix into it.
            return
        lines = await self._rate(interaction.guild_id or 0, shown.id, t)
        for text in chunks("**Rating changes** (ITS Rating, this server)", lines):
            await Post(content=text).send(interaction)

    async def _rate(self, guild_id: int, game_id: int, t: Tournament) -> list[str]:
        changes = rating_changes(t)
        users = {p.id: p.user_id for p in t.players}
        updates = [
            RatingUpdate(user_id=users[c.player_id], change=c.change, games=c.games)
            for c in changes
            if users.get(c.player_id) and c.games
        ]
        await self.bot.ratings.apply_event(guild_id, game_id, updates, initial=INITIAL_RATING)
        return [
            f"{public(t.name_of(c.player_id), 40)}: {c.before:.0f} → {c.after:.0f} ({c.change:+.1f})"
            for c in changes
            if c.games
        ]

    @app_commands.command(name="export", description="The players and every result as CSV files")
    async def export(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        t = game.state.tournament
        files = [
            discord.File(io.BytesIO(players_csv(t).encode()), filename="players.csv"),
            discord.File(io.BytesIO(results_csv(t).encode()), filename="results.csv"),
        ]
        if t.team_size is not None:
            files.insert(0, discord.File(io.BytesIO(teams_csv(t).encode()), filename="teams.csv"))
        if game.state.published_awards:  # only once the organisers published them
            data = awards_csv(game.state.published_awards).encode()
            files.append(discord.File(io.BytesIO(data), filename="awards.csv"))
        await send(interaction, content=f"{public(t.name, 80)}: standings and results.", files=files)
