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

from bot.i18n import channel, reader
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
from cogs.tournament.team_posts import match_label, open_label, panel_text, team_lines, teams_text
from cogs.tournament.team_views import list_names, match_thread, open_view, post_for_match, reveal
from rules.errors import RuleError
from rules.i18n import Message, Translator, _
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


def find_team(ev: Tournament, text: str) -> Team:
    """The team named ``text`` (or with that id), case and spaces ignored."""
    wanted = " ".join(text.split()).casefold()
    for team in ev.teams:
        if team.id == text or team.name.casefold() == wanted:
            return team
    if not ev.teams:
        raise RuleError(
            _(
                "{event} has no team called {team}. Its teams: none yet.",
                event=public(ev.name, 80),
                team=public(text, 40),
            )
        )
    raise RuleError(
        _(
            "{event} has no team called {team}. Its teams: {teams}.",
            event=public(ev.name, 80),
            team=public(text, 40),
            teams=", ".join(public(x.name, 40) for x in ev.teams[:10]),
        )
    )


def _singles(ev: Tournament) -> Message:
    return _("{event} is a singles event: it has no teams.", event=public(ev.name, 80))


def _acting_team(
    interaction: discord.Interaction, state: TournamentGame, team: str | None, what: Message
) -> Team:
    """The team a command acts for: ``team:`` (its captain or an organiser), else the one the
    user captains."""
    ev = state.tournament
    if ev.team_size is None:
        raise RuleError(_singles(ev))
    me = player_id(interaction.user.id)
    if team:
        found = find_team(ev, team)
        if found.captain != me:
            require_organiser(interaction, state, _("{what} for a team they do not captain", what=what))
        return found
    mine = next((x for x in ev.teams if x.captain == me), None)
    if mine is None:
        raise RuleError(
            _("You captain no team in {event}; name the team with `team:`.", event=public(ev.name, 80))
        )
    return mine


async def _words(interaction: discord.Interaction, state: TournamentGame) -> Translator:
    """The language of the event's public posts: its own, else the server's."""
    return await channel(interaction, language=state.tournament.language)


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
        checked_text(name, _("team name"))
        checked_text(faction, _("faction"))
        who = captain or interaction.user

        def change(state: TournamentGame) -> Change[TournamentGame]:
            if who.id != interaction.user.id:
                require_organiser(interaction, state, _("create a team for someone else"))
            ev = create_team(
                state.tournament,
                name,
                player_id(who.id),
                kept_name(who.display_name),
                faction,
                user_id=who.id,
            )
            return Change(state.update(tournament=ev), summary=f"team {ev.teams[-1].id}", result=ev.teams[-1])

        shown = await self._team_step(interaction, "team create", change)
        team: Team = shown.result
        t = await _words(interaction, shown.state)
        await Post(
            content=t(
                "{captain} captains **{team}** in {event}. Add players with `/tournament team add` "
                "({size} a team).",
                captain=who.mention,
                team=public(team.name, 60),
                event=public(shown.state.tournament.name, 80),
                size=shown.state.tournament.team_size,
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
        checked_text(faction, _("faction"))

        def change(state: TournamentGame) -> Change[TournamentGame]:
            found = _acting_team(interaction, state, team, _("add players"))
            ev = add_team_player(
                state.tournament,
                found.id,
                player_id(player.id),
                kept_name(player.display_name),
                faction,
                user_id=player.id,
            )
            return Change(state.update(tournament=ev), summary=f"{found.id} add {player.id}", result=found.id)

        shown = await self._team_step(interaction, "team add", change)
        ev = shown.state.tournament
        found = next(x for x in ev.teams if x.id == shown.result)
        t = await _words(interaction, shown.state)
        await Post(
            content=t(
                "{player} plays for **{team}** ({n} of {size}).",
                player=player.mention,
                team=public(found.name, 60),
                n=found.size,
                size=ev.team_size,
            )
        ).send(interaction)

    @team.command(name="remove", description="Captains and organisers: take a player out before round 1")
    @app_commands.describe(player="Who leaves the team (and the event)", team="The team (default: yours)")
    async def team_remove(
        self, interaction: discord.Interaction, player: discord.User, team: str | None = None
    ) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            ev = state.tournament
            found = (
                team_of(ev, player_id(player.id))
                if team is None and is_organiser(interaction, state)
                else None
            )
            found = found or _acting_team(interaction, state, team, _("remove players"))
            ev = remove_team_player(ev, found.id, player_id(player.id))
            return Change(state.update(tournament=ev), summary=f"{found.id} remove {player.id}", result=found)

        shown = await self._team_step(interaction, "team remove", change)
        t = await _words(interaction, shown.state)
        await Post(
            content=t("{player} left **{team}**.", player=player.mention, team=public(shown.result.name, 60))
        ).send(interaction)

    @team.command(name="captain", description="Captains and organisers: hand the captaincy to a teammate")
    @app_commands.describe(player="The new captain (a player of the team)", team="The team (default: yours)")
    async def team_captain(
        self, interaction: discord.Interaction, player: discord.User, team: str | None = None
    ) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            found = _acting_team(interaction, state, team, _("change the captain"))
            ev = set_captain(state.tournament, found.id, player_id(player.id))
            return Change(
                state.update(tournament=ev), summary=f"{found.id} captain {player.id}", result=found
            )

        shown = await self._team_step(interaction, "team captain", change)
        t = await _words(interaction, shown.state)
        await Post(
            content=t(
                "{player} now captains **{team}**.", player=player.mention, team=public(shown.result.name, 60)
            )
        ).send(interaction)

    @team.command(name="show", description="The teams and their players (or one team)")
    @app_commands.describe(team="One team (default: every team)")
    async def team_show(self, interaction: discord.Interaction, team: str | None = None) -> None:
        game = await KIT.load(interaction, channel_id=await home_channel(interaction))
        ev = game.state.tournament
        if ev.team_size is None:
            raise RuleError(_singles(ev))
        lists = await list_names(interaction, game.id, ev)
        t = await _words(interaction, game.state)
        texts = (
            ["\n".join(team_lines(ev, find_team(ev, team), lists, t=t))]
            if team
            else teams_text(ev, lists, t=t)
        )
        for text in texts:
            await Post(content=text).send(interaction)

    @team.command(
        name="drop", description="Organisers: a team leaves (results kept; before round 1: removed)"
    )
    @app_commands.describe(team="The team that leaves")
    async def team_drop(self, interaction: discord.Interaction, team: str) -> None:
        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("drop teams"))
            found = find_team(state.tournament, team)
            ev = (
                drop_team(state.tournament, found.id)
                if state.tournament.started
                else remove_team(state.tournament, found.id)
            )
            return Change(state.update(tournament=ev), summary=f"drop {found.id}", result=found)

        shown = await self._team_step(interaction, "team drop", change)
        t = await _words(interaction, shown.state)
        team_shown = public(shown.result.name, 60)
        if shown.state.tournament.started:
            text = t("**{team}** dropped: no longer paired, results kept.", team=team_shown)
        else:
            text = t("**{team}** removed.", team=team_shown)
        await Post(content=text).send(interaction)

    @team.command(name="sub", description="Organisers: a substitute takes a player's place in a team")
    @app_commands.describe(
        player="Who leaves the team",
        new="Who takes their place",
        faction="The substitute's faction (optional)",
    )
    @app_commands.rename(new="substitute")
    async def team_sub(
        self, interaction: discord.Interaction, player: discord.User, new: discord.User, faction: str = ""
    ) -> None:
        checked_text(faction, _("faction"))

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("substitute players"))
            ev = state.tournament
            found = team_of(ev, player_id(player.id))
            if found is None:
                raise RuleError(
                    _(
                        "{player} plays for no team in {event}.",
                        player=player.mention,
                        event=public(ev.name, 80),
                    )
                )
            ev = substitute(
                ev,
                found.id,
                player_id(player.id),
                player_id(new.id),
                kept_name(new.display_name),
                faction,
                user_id=new.id,
            )
            return Change(state.update(tournament=ev), summary=f"{found.id} sub {new.id}", result=found)

        shown = await self._team_step(interaction, "team sub", change)
        t = await _words(interaction, shown.state)
        await Post(
            content=t(
                "{new} takes the place of {player} in **{team}**.",
                new=new.mention,
                player=player.mention,
                team=public(shown.result.name, 60),
            )
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
            found = _acting_team(interaction, state, team, _("pick in a team's pairing"))
            match, _side = current_match(state.tournament, found.id)
            before[:] = [match.ritual]
            ev = ritual_pick(state.tournament, found.id, step, tuple(player_id(u.id) for u in players))
            return Change(state.update(tournament=ev), summary=f"{found.id} {step}", result=found.id)

        shown = await self._team_step(interaction, f"team {step}", change)
        ev = shown.state.tournament
        match, side = current_match(ev, shown.result)
        lists = await list_names(interaction, shown.id, ev)
        t = reader(interaction)
        await send(
            interaction, content=panel_text(ev, match, side, len(ev.team_rounds), lists, t=t), ephemeral=True
        )
        await reveal(interaction, shown.id, ev, shown.result, before[0])

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
            require_organiser(interaction, state, _("reset a pairing"))
            found = find_team(state.tournament, team)
            ev = reset_ritual(state.tournament, found.id)
            return Change(state.update(tournament=ev), summary=f"reset {found.id}", result=found.id)

        shown = await self._team_step(interaction, "team reset", change)
        ev = shown.state.tournament
        match, _side = current_match(ev, shown.result)
        number = len(ev.team_rounds)
        captains = [x.captain for x in ev.teams if x.id in match.teams]
        users = [u for p in captains if (u := ev.player(p).user_id)]
        who = public(interaction.user.display_name, 40)
        t = await _words(interaction, shown.state)
        told = t(
            "{captains}: {who} reset the pairing of **{match}**, round {number}: every pick so far is "
            "void and it starts over. Captains, press **{button}** and pick your defenders again.",
            captains=" ".join(f"<@{u}>" for u in users),
            who=who,
            match=match_label(ev, match, t),
            number=number,
            button=open_label(t),
        )
        thread = await match_thread(interaction, match, number)
        if thread is None or thread == interaction.channel_id:
            await Post(content=told, view=open_view(shown.id, t), mentions=pinging(users)).send(interaction)
            return
        where = f"<#{thread}>"
        await Post(
            content=t(
                "The pairing of **{match}** starts over: its captains are told in {thread}.",
                match=match_label(ev, match, t),
                thread=where,
            )
        ).send(interaction)
        await post_for_match(
            interaction, match, number, content=told, view=open_view(shown.id, t), mentions=pinging(users)
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
