"""/tournament checkin: players confirm they are present before round 1 (a **Check in** button),
organisers check anyone in or out. The rules are :mod:`rules.tournament.checkin`; pairing round 1
while check-in is open is handled in ``rounds.py`` (who has not checked in is listed, and left
out once the organiser confirms with ``/tournament pair absent:leave-out``).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import reader
from bot.play import Change, Post, StepButton, View, send
from bot.text import public
from cogs.tournament.posts import checkin_line
from cogs.tournament.state import (
    KIT,
    TournamentGame,
    event_words,
    home_channel,
    player_id,
    require_organiser,
    require_player,
)
from rules.errors import RuleError
from rules.i18n import _
from rules.tournament import checkin as roll_call


class CheckInButton(StepButton, prefix="tour:in"):
    label, style = "Check in", discord.ButtonStyle.success

    async def run(self, interaction: discord.Interaction) -> None:
        home = await home_channel(interaction)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            pid = require_player(state, interaction.user.id)
            if pid in state.tournament.checked_in:
                raise RuleError(_("You are already checked in. See you at the table!"))
            t = roll_call.set_checked_in(state.tournament, pid, True)
            return Change(state.update(tournament=t), summary=f"{interaction.user.id} checked in")

        shown = await KIT.step(interaction, "checkin", change, game_id=self.game, channel_id=home)
        t = reader(interaction)
        line = checkin_line(shown.state, t) or ""
        await send(
            interaction,
            content=t(
                "✅ You are checked in for {name}. {line}.",
                name=public(shown.state.tournament.name, 80),
                line=line,
            ),
            ephemeral=True,
        )


class CheckinCommands:
    """Mixed into the /tournament cog (see ``cogs/tournament/__init__.py``)."""

    checkin = app_commands.Group(name="checkin", description="Check-in before round 1: who is here")

    @checkin.command(name="open", description="Organisers: open check-in and post the Check in button")
    async def checkin_open(self, interaction: discord.Interaction) -> None:
        home = await home_channel(interaction)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("open check-in"))
            return Change(
                state.update(tournament=roll_call.open_checkin(state.tournament)), summary="check-in open"
            )

        shown = await KIT.step(interaction, "checkin open", change, channel_id=home)
        t = await event_words(interaction, shown.state.tournament)
        await Post(
            content=t(
                "📋 Check-in for **{name}** is open: players, press **Check in** when you are here. Who has "
                "not checked in when round 1 is paired is left out of it.",
                name=public(shown.state.tournament.name, 80),
            ),
            view=View(CheckInButton(shown.id, shown.version, label=t("Check in"))),
        ).send(interaction)

    @checkin.command(name="close", description="Organisers: close check-in (who checked in is kept)")
    async def checkin_close(self, interaction: discord.Interaction) -> None:
        home = await home_channel(interaction)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("close check-in"))
            return Change(
                state.update(tournament=roll_call.close_checkin(state.tournament)), summary="check-in closed"
            )

        shown = await KIT.step(interaction, "checkin close", change, channel_id=home)
        t = await event_words(interaction, shown.state.tournament)
        await Post(content=f"📋 {checkin_line(shown.state, t)}.").send(interaction)

    @checkin.command(
        name="player", description="Organisers: check a player in or out (or add back one left out)"
    )
    @app_commands.describe(player="Who", present="Checked in (default) or out")
    async def checkin_player(
        self, interaction: discord.Interaction, player: discord.User, present: bool = True
    ) -> None:
        home = await home_channel(interaction)

        def change(state: TournamentGame) -> Change[TournamentGame]:
            require_organiser(interaction, state, _("check players in or out"))
            pid = require_player(state, player.id)
            t = roll_call.set_checked_in(state.tournament, pid, present)
            return Change(
                state.update(tournament=t), summary=f"{player.id} checked {'in' if present else 'out'}"
            )

        shown = await KIT.step(interaction, "checkin player", change, channel_id=home)
        tour = shown.state.tournament
        t = await event_words(interaction, tour)
        back = tour.started and present and tour.player(player_id(player.id)).joined_round > 1
        if present:
            text = t("{player} is checked in.", player=player.mention)
        else:
            text = t("{player} is checked out.", player=player.mention)
        if back:
            text += " " + t("They are paired again from round {number}.", number=len(tour.rounds) + 1)
        await Post(content=text).send(interaction)
