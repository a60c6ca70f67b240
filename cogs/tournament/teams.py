"""/tournament team ...: teams of a team event, and the ritual's command form.

Captains create their team and add their players; organisers may do it for anyone, drop a team,
substitute a player and reset a match's pairing ritual. ``defender``, ``attackers`` and ``refuse``
are the ritual's command form (a captain's answer is private; an organiser picks for an absent
captain with ``team:``). The rules are ``rules.tournament.teams``.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.play import Change, Post, autocomplete, send
from bot.send import acknowledge, private
from bot.text import kept_name, pinging, public
from cogs.tournament.state import (
    KIT,
    TournamentGame,
    checked_text,
    home_channel,
    is_organiser,
    player_id,
    require_organiser,
)
from cogs.tournament.team_posts import match_label, panel_text, team_lines, teams_text
from cogs.tournament.team_views import list_names, match_thread, open_view, post_for_match, reveal
from rules.errors import RuleError
from rules.tournament import Tournament
from rules.tournament.team_model import Team
from rules.tournament.teams import (
    add_team_player,
    create_team,
    current_match,
    drop_team,
    remove_team,
    remove_team_player,
    reset_ritual,
    ritual_pick,
    set_captain,
    substitute,
    team_of,
)


def find_team(t: Tournament, text: str) -> Team:
    """The team named ``text`` (or with that id), case and spaces ignored."""
    wanted = " ".join(text.split()).casefold()
    for team in t.teams:
        if team.id == text or team.name.casefold() == wanted:
            return team
    known = ", ".join(public(x.name, 40) for x in t.teams[:10]) or "none yet"
    raise RuleError(f"{public(t.name, 80)} has no team called {public(text, 40)}. Its teams: {known}.")


def _acting_team(
    interaction: discord.Interaction, state: TournamentGame, team: str | None, what: str
) -> Team:
    """The team a command acts for: ``team:`` (its captain or an organiser), else the one the
    user captains."""
    t = state.tournament
    if t.team_size is None:
        raise RuleError(f"{public(t.name, 80)} is a singles event: it has no teams.")
    me = player_id(interaction.user.id)
    if team:
        found = find_team(t, team)
        if found.captain != me:
            require_organiser(interaction, state, f"{what} for a team they do not captain")
        return found
    mine = next((x for x in t.teams if x.captain == me), None)
    if mine is None:
        raise RuleError(f"You captain no team in {public(t.name, 80)}; name the team with `team:`.")
    return mine


class TeamCommands:
    """Mixed into the /tournament cog (see ``cogs/tournament/__init__.py``)."""

    bot: Any
    team = app_commands.Group(name="team", description="Team events: teams and the captains' pairing")

    async def _team_step(self, interaction: discord.Interaction, action: str, change: Any) -> Any:
        return await KIT.step(interaction, action, change, channel_id=await home_channel(interaction))

    @team.command(name="create", description="Start a team and captain it (organisers: for a captain)")
    @app_commands.describe(
        name="The team's name",
        captain="Who captains it (default: you; organisers may name someone else)",
        faction="The captain's faction (optional)",
    )
    async def team_create(
        self,
        interaction: discord.Interaction,
        name: str,
        captain: discord.User | None = None,
        faction: str = "",
    ) -> None:
        checked_text(name, "team name")
        checked_text(faction, "faction")
        who = captain or interaction.user

        def change(state: TournamentGame) -> Change[TournamentGame]:
            if who.id != interaction.user.id:
                require_organiser(interaction, state, "create a team for someone else")
            t = create_team(
                state.tournament,
                name,
                player_id(who.id),
                kept_name(who.display_name),
                faction,
                user_id=who.id,
            )
            return Change(state.update(tournament=t), summary=f"team {t.teams[-1].id}", result=t.teams[-1])

        shown = await self._team_step(interaction, "team create", change)
        team: Team = shown.result
        await Post(
            content=(
                f"{who.mention} captains **{public(team.name, 60)}** in "
                f"{public(shown.state.tournament.name, 80)}. Add players with `/tournament team add` "
                f"({shown.state.tournament.team_size} a team)."
            )
        ).send(interaction)

    @team.command(name="add", description="Captains and organisers: put a player in a team")
    @app_commands.describe(
        player="Who joins the team",
        team="The team (default: the one you captain)",
        faction="The player's faction (optional)",
    )
    async def team_add(
        self,
        interaction: discord.Interaction,
        player: discord.User,
        team: str | None = None,
        faction: str = "",
    ) -> None:
        checked_text(faction, "faction")

        def change(state: TournamentGame) -> Change[TournamentGame]:
            found = _acting_team(interaction, state, team, "add players")
            t = add_team_player(
                state.tournament,
                found.id,
                player_id(player.id),
                kept_name(player.display_name),
                faction,
                user_id=player.id,
            )
            return Change(state.update(tournament=t), summary=f"{found.id} add {player.id}", result=found.id)

        shown = await self._team_step(interaction, "team add", change)
        t = shown.state.tournament
        found = next(x for x in t.teams if x.id == shown.result)
        await Post(
            content=(
                f"{player.mention} plays for **{public(found.name, 60)}** ({found.size} of {t.team_size})."
            )
        ).send(interaction)

    @team.command(name="remove", description="Captains and organisers: take a player out before round 1")
    @app_commands.describe(player="Who leaves the team (and the event)", team="The team (default: yours)")
    async def team_remove(
        self, interaction: discord.Interaction, player: discord.User, team: str | None = None
    ) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            t = state.tournament
            found = (
                team_of(t, player_id(player.id))
                if team is None and is_organiser(interaction, state)
                else None
            )
            found = found or _acting_team(interaction, state, team, "remove players")
            t = remove_team_player(t, found.id, player_id(player.id))
            return Change(state.update(tournament=t), summary=f"{found.id} remove {player.id}", result=found)

        shown = await self._team_step(interaction, "team remove", change)
        await Post(content=f"{player.mention} left **{public(shown.result.name, 60)}**.").send(interaction)

    @team.command(name="captain", description="Captains and organisers: hand the captaincy to a teammate")
    @app_commands.describe(player="The new captain (a player of the team)", team="The team (default: yours)")
    async def team_captain(
        self, interaction: discord.Interaction, player: discord.User, team: str | None = None
    ) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            found = _acting_team(interaction, state, team, "change the captain")
            t = set_captain(state.tournament, found.id, player_id(player.id))
            return Change(state.update(tournament=t), summary=f"{found.id} captain {player.id}", result=found)

        shown = await self._team_step(interaction, "team captain", change)
        await Post(content=f"{player.mention} now captains **{public(shown.result.name, 60)}**.").send(
            interaction
        )

    @team.command(name="show", description="The teams and their players (or one team)")
    @app_commands.describe(team="One team (default: every team)")
    async def team_show(self, interaction: discord.Interaction, team: str | None = None) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        t = game.state.tournament
        if t.team_size is None:
            raise RuleError(f"{public(t.name, 80)} is a singles event: it has no teams.")
        lists = await list_names(interaction, game.id, t)
        texts = ["\n".join(team_lines(t, find_team(t, team), lists))] if team else teams_text(t, lists)
        for text in texts:
            await Post(content=text).send(interaction)

    @team.command(
        name="drop", description="Organisers: a team leaves (results kept; before round 1: removed)"
    )
    async def team_drop(self, interaction: discord.Interaction, team: str) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, "drop teams")
            found = find_team(state.tournament, team)
            t = (
                drop_team(state.tournament, found.id)
                if state.tournament.started
                else remove_team(state.tournament, found.id)
            )
            return Change(state.update(tournament=t), summary=f"drop {found.id}", result=found)

        shown = await self._team_step(interaction, "team drop", change)
        what = "dropped: no longer paired, results kept" if shown.state.tournament.started else "removed"
        await Post(content=f"**{public(shown.result.name, 60)}** {what}.").send(interaction)

    @team.command(name="sub", description="Organisers: a substitute takes a player's place in a team")
    @app_commands.describe(player="Who leaves the team", new="Who takes their place")
    @app_commands.rename(new="substitute")
    async def team_sub(
        self, interaction: discord.Interaction, player: discord.User, new: discord.User, faction: str = ""
    ) -> None:
        checked_text(faction, "faction")

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, "substitute players")
            t = state.tournament
            found = team_of(t, player_id(player.id))
            if found is None:
                raise RuleError(f"{player.mention} plays for no team in {public(t.name, 80)}.")
            t = substitute(
                t,
                found.id,
                player_id(player.id),
                player_id(new.id),
                kept_name(new.display_name),
                faction,
                user_id=new.id,
            )
            return Change(state.update(tournament=t), summary=f"{found.id} sub {new.id}", result=found)

        shown = await self._team_step(interaction, "team sub", change)
        await Post(
            content=f"{new.mention} takes {player.mention}'s place in **{public(shown.result.name, 60)}**."
        ).send(interaction)

    # -- the ritual's command form -----------------------------------------------------------

    async def _pick(
        self, interaction: discord.Interaction, team: str | None, step: str, players: tuple[discord.User, ...]
    ) -> None:
        # The answer is the picking side's own view: acknowledged at once, privately.
        private(interaction)
        await acknowledge(interaction)
        before: list[Any] = []

        def change(state: TournamentGame) -> Change[TournamentGame]:
            found = _acting_team(interaction, state, team, "pick in a team's pairing")
            match, _ = current_match(state.tournament, found.id)
            before[:] = [match.ritual]
            t = ritual_pick(state.tournament, found.id, step, tuple(player_id(u.id) for u in players))
            return Change(state.update(tournament=t), summary=f"{found.id} {step}", result=found.id)

        shown = await self._team_step(interaction, f"team {step}", change)
        t = shown.state.tournament
        match, side = current_match(t, shown.result)
        lists = await list_names(interaction, shown.id, t)
        await send(interaction, content=panel_text(t, match, side, len(t.team_rounds), lists), ephemeral=True)
        await reveal(interaction, shown.id, t, shown.result, before[0])

    @team.command(name="champion", description="Captains (or organisers): your secret champion")
    @app_commands.describe(player="Your champion", team="Organisers: the team picking (default: yours)")
    async def team_champion(
        self, interaction: discord.Interaction, player: discord.User, team: str | None = None
    ) -> None:
        await self._pick(interaction, team, "champion", (player,))

    @team.command(name="defender", description="Captains (or organisers for them): your secret defender")
    @app_commands.describe(player="Your defender", team="Organisers: the team picking (default: yours)")
    async def team_defender(
        self, interaction: discord.Interaction, player: discord.User, team: str | None = None
    ) -> None:
        await self._pick(interaction, team, "defender", (player,))

    @team.command(
        name="attackers", description="Captains (or organisers): two attackers against their defender"
    )
    @app_commands.describe(
        first="One attacker", second="The other attacker", team="Organisers: the team picking"
    )
    async def team_attackers(
        self,
        interaction: discord.Interaction,
        first: discord.User,
        second: discord.User,
        team: str | None = None,
    ) -> None:
        await self._pick(interaction, team, "attackers", (first, second))

    @team.command(
        name="refuse", description="Captains (or organisers): refuse one attacker sent at your defender"
    )
    @app_commands.describe(player="The attacker you refuse", team="Organisers: the team picking")
    async def team_refuse(
        self, interaction: discord.Interaction, player: discord.User, team: str | None = None
    ) -> None:
        await self._pick(interaction, team, "refuse", (player,))

    @team.command(name="reset", description="Organisers: start a team match's pairing over (no result yet)")
    @app_commands.describe(team="Either team of the match")
    async def team_reset(self, interaction: discord.Interaction, team: str) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, "reset a pairing")
            found = find_team(state.tournament, team)
            t = reset_ritual(state.tournament, found.id)
            return Change(state.update(tournament=t), summary=f"reset {found.id}", result=found.id)

        shown = await self._team_step(interaction, "team reset", change)
        t = shown.state.tournament
        match, _ = current_match(t, shown.result)
        number = len(t.team_rounds)
        captains = [x.captain for x in t.teams if x.id in match.teams]
        users = [u for p in captains if (u := t.player(p).user_id)]
        who = public(interaction.user.display_name, 40)
        told = (
            f"{' '.join(f'<@{u}>' for u in users)}: {who} reset the pairing of **{match_label(t, match)}**, "
            f"round {number}: every pick so far is void and it starts over. Captains, press **Open my "
            "pairing** and pick your defenders again."
        )
        thread = await match_thread(interaction, match, number)
        if thread is None or thread == interaction.channel_id:
            await Post(content=told, view=open_view(shown.id), mentions=pinging(users)).send(interaction)
            return
        await Post(
            content=f"The pairing of **{match_label(t, match)}** starts over: its captains are told in "
            f"<#{thread}>."
        ).send(interaction)
        await post_for_match(
            interaction, match, number, content=told, view=open_view(shown.id), mentions=pinging(users)
        )

    @team_add.autocomplete("team")
    @team_captain.autocomplete("team")
    @team_remove.autocomplete("team")
    @team_show.autocomplete("team")
    @team_drop.autocomplete("team")
    @team_defender.autocomplete("team")
    @team_attackers.autocomplete("team")
    @team_refuse.autocomplete("team")
    @team_reset.autocomplete("team")
    @autocomplete
    async def _team_choices(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        game = await KIT.find(interaction, channel_id=await home_channel(interaction))
        if game is None:
            return []
        wanted = current.casefold().strip()
        return [(x.name, x.id) for x in game.state.tournament.teams if wanted in x.name.casefold()]
