"""/tournament, the results side: standings, the leaders, the faction table, finishing (with the
ITS Rating) and the CSV export. Split from ``rounds.py`` (pairing and reporting).

What the channel reads here is in the event's language (``channel(..., language=t.language)``);
refusals are lazy messages the error handler shows in the reader's language.
"""

from __future__ import annotations

import io
from typing import Any, Literal

import discord
from discord import app_commands

from bot.cards import Card
from bot.i18n import channel
from bot.play import Change, Image, Post, send
from bot.storage.ratings import RatingUpdate
from bot.text import public
from cogs.tournament.links import with_link
from cogs.tournament.posts import COLOUR, IMAGES_PER_POST, MEDALS, chunks
from cogs.tournament.state import KIT, TournamentGame, home_channel, require_organiser
from cogs.tournament.team_standings import team_standings_post
from renderers.factions import render_faction_table
from renderers.tournament import page_count, render_standings
from rules.errors import RuleError
from rules.i18n import Translator, _, ngettext
from rules.tournament import INITIAL_RATING, Tournament, players_csv, rating_changes, results_csv, standings
from rules.tournament.ballots import awards_csv
from rules.tournament.faction_table import FEW_GAMES, NO_FACTION, FactionRow, faction_table, ordinal, percent
from rules.tournament.formats import format_of
from rules.tournament.teams import finish_event, teams_csv


def signed(value: float, t: Translator) -> str:
    """A rating change with its sign and one decimal, the reader's way: ``+16.0`` / ``+16,0``.

    >>> from rules.i18n import translator
    >>> signed(16, translator("en")), signed(-3.25, translator("en")), signed(0, translator("en"))
    ('+16.0', '-3.2', '0.0')
    """
    shown = t.number(abs(value), 1)
    return shown if round(value, 1) == 0 else ("+" if value > 0 else "-") + shown


FACTION_LINES = 25
"""Factions listed in the message's text (all of them are in the picture, up to its cap)."""


def standings_post(event: Tournament, t: Translator, *, page: int = 1) -> Post:
    """Standings pictures from ``page`` (up to :data:`IMAGES_PER_POST` of them) and a short summary,
    in ``t``'s language."""
    rows = standings(event)
    pages = page_count(len(event.players))
    if not 1 <= page <= pages:
        raise RuleError(
            ngettext(
                "The standings have {n} page of 32 players; page {page} is not one of them.",
                "The standings have {n} pages of 32 players; page {page} is not one of them.",
                pages,
                n=pages,
                page=page,
            )
        )
    last = min(pages, page + IMAGES_PER_POST - 1)
    images = [
        Image(lambda p=p: render_standings(event, page=p, t=t), f"standings-{p}.png")
        for p in range(page, last + 1)
    ]
    if event.finished:
        stage = t("Final standings")
    elif event.current is not None and not event.current.complete:
        stage = t(
            "Standings during round {round} of {rounds}", round=event.current.number, rounds=event.round_count
        )
    elif event.rounds:
        stage = t(
            "Standings after round {round} of {rounds}", round=len(event.rounds), rounds=event.round_count
        )
    else:
        stage = t("Players so far")
    top = t("No results yet.")
    if any(r.played or r.byes for r in rows):
        label = t(format_of(event).points_label)
        # A team event's players are shown with their team.
        teams = (
            {p: f" ({public(x.name, 40)})" for x in event.teams for p in x.players} if event.team_size else {}
        )
        top = " · ".join(
            f"{MEDALS[r.rank - 1] if r.rank <= 3 else r.rank} {public(r.name, 40)}"
            f"{teams.get(r.player_id, '')} {r.tp} {label}"
            for r in rows[:3]
        )
    text = t.n(
        "**{name}: {stage}** · {n} player",
        "**{name}: {stage}** · {n} players",
        len(rows),
        name=public(event.name, 80),
        stage=stage,
        n=len(rows),
    )
    text += f"\n{top}"
    absent = [r for r in rows if r.not_checked_in]
    if absent:
        names = ", ".join(public(r.name, 40) for r in absent[:20])
        if len(absent) > 20:
            text += "\n" + t(
                "Left out of round 1 (not checked in): {names} and {more} more.",
                names=names,
                more=len(absent) - 20,
            )
        else:
            text += "\n" + t("Left out of round 1 (not checked in): {names}.", names=names)
    if pages > 1:
        if last < pages:
            text += "\n" + t(
                "Pages {first}-{last} of {pages}; see more with `page:{next}`.",
                first=page,
                last=last,
                pages=pages,
                next=last + 1,
            )
        else:
            text += "\n" + t("Pages {first}-{last} of {pages}.", first=page, last=last, pages=pages)
    return Post(content=text, images=images)


def top_text(event: Tournament, count: int, t: Translator) -> str:
    """The first ``count`` lines of the standings as text with the format's columns."""
    fmt = format_of(event)
    rows = standings(event)[:count]
    if not rows:
        return t("Nobody has joined {name} yet.", name=public(event.name, 80))
    head = t(
        "**{name}: top {n}** · {ranking}",
        name=public(event.name, 80),
        n=len(rows),
        ranking=t(fmt.ranking_text),
    )
    if not fmt.uses_op:
        head += f"\n{t(fmt.record_words())}"
    lines = []
    for r in rows:
        rank = MEDALS[r.rank - 1] if r.rank <= 3 else f"{r.rank}."
        cells = " · ".join(f"{t(c.label)} {c.value(r)}" for c in fmt.columns if c.key != "byes")
        dropped = (
            " · " + t("dropped") if r.dropped else " · " + t("not checked in") if r.not_checked_in else ""
        )
        lines.append(f"{rank} {public(r.name, 40)} ({public(r.faction, 30) or '-'}) · {cells}{dropped}")
    return chunks(head, lines)[0]


def faction_line(row: FactionRow, t: Translator) -> str:
    """One faction's line of the table's text, in ``t``'s language."""
    average = row.average_battle_points
    name = t(NO_FACTION) if row.faction == NO_FACTION else public(row.faction, 60)
    parts = [
        f"**{name}**",
        t.n("{n} player", "{n} players", row.players, n=row.players),
        t.n("{n} game", "{n} games", row.games, n=row.games),
        f"{row.wins}-{row.draws}-{row.losses}",
        percent(row.win_rate, t),
        t("avg BP {average}", average="–" if average is None else t.number(average, 1)),
    ]
    if row.mirrors:
        parts.append(t.n("{n} mirror left out", "{n} mirrors left out", row.mirrors, n=row.mirrors))
    if row.best is not None:
        parts.append(
            t("best: {name} ({rank})", name=public(row.best.name, 40), rank=t(ordinal(row.best.rank)))
        )
    return " · ".join(parts) + (" ⚠️" if row.few else "")


def faction_post(rows: list[FactionRow], t: Translator, *, title: str, subtitle: str) -> Post:
    """The faction table: a line per faction and the picture for sharing, in ``t``'s language.
    ``subtitle`` is already in that language; a table with no faction is refused (a lazy message:
    the reader's language)."""
    if not rows:
        raise RuleError(
            _("{title}: nobody has joined with a faction yet, so there is no faction table.", title=title)
        )
    lines = [faction_line(row, t) for row in rows[:FACTION_LINES]]
    if len(rows) > FACTION_LINES:
        more = len(rows) - FACTION_LINES
        lines.append(
            t.n(
                "…and {n} more faction in the picture.",
                "…and {n} more factions in the picture.",
                more,
                n=more,
            )
        )
    note = t(
        "W-D-L and win rate leave mirror matches out; a draw counts as half a win. "
        "⚠️ fewer than {few} games: the rate says little.",
        few=FEW_GAMES,
    )
    image = Image(lambda: render_faction_table(rows, title=title, subtitle=subtitle, t=t), "factions.png")
    card = Card(
        title=f"{public(title, 80)}: {subtitle}",
        text="\n".join(lines),
        footer=note,
        pictures=["factions.png"],
        colour=COLOUR,
    )
    return Post(card=card, images=[image])


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
        event = game.state.tournament
        teams = event.team_size is not None and not players
        t = await channel(interaction, language=event.language)
        post = team_standings_post(event, page=page, t=t) if teams else standings_post(event, t, page=page)
        await (await with_link(self.bot, game.id, post, t)).send(interaction)

    @app_commands.command(name="top", description="The best players so far, with this event's columns")
    @app_commands.describe(count="How many players (default 8)")
    async def top(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 32] = 8) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        event = game.state.tournament
        t = await channel(interaction, language=event.language)
        post = Post(content=top_text(event, count, t))
        await (await with_link(self.bot, game.id, post, t)).send(interaction)

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
                    _(
                        "No tournament in this server has finished yet: the server's faction table counts "
                        "finished events. `/tournament factions` shows this channel's event as it stands."
                    )
                )
            t = await channel(interaction)
            post = faction_post(
                faction_table(events),
                t,
                title=public(interaction.guild.name if interaction.guild else t("This server"), 80),
                subtitle=t.n(
                    "factions over {n} finished event",
                    "factions over {n} finished events",
                    len(events),
                    n=len(events),
                ),
            )
            await post.send(interaction)
            return
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        event = game.state.tournament
        t = await channel(interaction, language=event.language)
        if event.finished:
            subtitle = t("factions (final)")
        else:
            played = len(event.rounds)
            subtitle = t.n("factions (after {n} round)", "factions (after {n} rounds)", played, n=played)
        post = faction_post(faction_table([event]), t, title=event.name, subtitle=subtitle)
        await (await with_link(self.bot, game.id, post, t)).send(interaction)

    @app_commands.command(name="finish", description="Organisers: final standings and rating changes")
    @app_commands.describe(early="Finish before every planned round is played")
    async def finish(self, interaction: discord.Interaction, early: bool = False) -> None:
        home = await home_channel(interaction)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("finish the tournament"))
            return Change(
                state.update(tournament=finish_event(state.tournament, early=early)),
                summary="finished",
            )

        shown = await KIT.step(interaction, "finish", change, channel_id=home)
        event = shown.state.tournament
        t = await channel(interaction, language=event.language)
        if event.team_size is not None:
            await team_standings_post(event, t=t).send(interaction)
        await (await with_link(self.bot, shown.id, standings_post(event, t), t)).send(interaction)
        if not format_of(event).uses_op:
            # The server's rating is the ITS Rating: another game's results would mix into it.
            return
        lines = await self._rate(interaction.guild_id or 0, shown.id, event, t)
        for text in chunks(t("**Rating changes** (ITS Rating, this server)"), lines):
            await Post(content=text).send(interaction)

    async def _rate(self, guild_id: int, game_id: int, event: Tournament, t: Translator) -> list[str]:
        changes = rating_changes(event)
        users = {p.id: p.user_id for p in event.players}
        updates = [
            RatingUpdate(user_id=users[c.player_id], change=c.change, games=c.games)
            for c in changes
            if users.get(c.player_id) and c.games
        ]
        await self.bot.ratings.apply_event(guild_id, game_id, updates, initial=INITIAL_RATING)
        return [
            f"{public(event.name_of(c.player_id), 40)}: {c.before:.0f} → {c.after:.0f} "
            f"({signed(c.change, t)})"
            for c in changes
            if c.games
        ]

    @app_commands.command(name="export", description="The players and every result as CSV files")
    async def export(self, interaction: discord.Interaction) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        event = game.state.tournament
        files = [
            discord.File(io.BytesIO(players_csv(event).encode()), filename="players.csv"),
            discord.File(io.BytesIO(results_csv(event).encode()), filename="results.csv"),
        ]
        if event.team_size is not None:
            files.insert(0, discord.File(io.BytesIO(teams_csv(event).encode()), filename="teams.csv"))
        if game.state.published_awards:  # only once the organisers published them
            data = awards_csv(game.state.published_awards).encode()
            files.append(discord.File(io.BytesIO(data), filename="awards.csv"))
        t = await channel(interaction, language=event.language)
        await send(
            interaction, content=t("{name}: standings and results.", name=public(event.name, 80)), files=files
        )
