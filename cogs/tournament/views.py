"""The buttons under a reported result: the opponent confirms it or disputes it.

They are persistent (``tour:ok:<game>:<step>:<report>``), so a report made before a restart can
still be confirmed; a report already settled answers so, privately.
"""

from __future__ import annotations

import discord

from bot.play import Change, Post, StepButton, View, send
from bot.text import pinging, public
from cogs.tournament.posts import result_text
from cogs.tournament.state import (
    KIT,
    PendingReport,
    TournamentGame,
    home_channel,
    is_organiser,
    settle_report,
)


def report_view(game_id: int, version: int, report: PendingReport) -> discord.ui.View | None:
    return View(
        ConfirmReport(game_id, version, str(report.id)),
        DisputeReport(game_id, version, str(report.id)),
    )


async def _settle(button: StepButton, interaction: discord.Interaction, *, confirm: bool) -> None:
    home = await home_channel(interaction)

    def change(state: TournamentGame) -> Change[TournamentGame]:
        new, report = settle_report(
            state,
            int(button.arg or 0),
            interaction.user.id,
            confirm=confirm,
            organiser=is_organiser(interaction, state),
        )
        verb = "confirmed" if confirm else "disputed"
        return Change(new, summary=f"{verb} report #{report.id}", result=report)

    shown = await KIT.step(
        interaction, "confirm" if confirm else "dispute", change, game_id=button.game, channel_id=home
    )
    report: PendingReport = shown.result
    t = shown.state.tournament
    score = result_text(t, report.reporter, report.opponent, report.result)
    by = interaction.user.mention
    if confirm:
        await send(
            interaction, content=f"✅ Round {report.round} result confirmed by {by}: {score}", edit=True
        )
        return
    await send(
        interaction,
        content=f"⚠ Round {report.round} result disputed by {by}: {score}. An organiser may confirm it.",
        view=View(ConfirmReport(button.game, button.step, button.arg)),
        edit=True,
    )
    organisers = shown.state.organisers
    await Post(
        content=(
            f"{' '.join(f'<@{u}>' for u in organisers)}: {by} disputes the result "
            f"{public(t.name_of(report.reporter), 40)} reported (report #{report.id}). Set the right one "
            "with `/tournament result`."
        ),
        mentions=pinging(organisers),
    ).send(interaction)


class ConfirmReport(StepButton, prefix="tour:ok"):
    label, style = "Confirm", discord.ButtonStyle.success

    async def run(self, interaction: discord.Interaction) -> None:
        await _settle(self, interaction, confirm=True)


class DisputeReport(StepButton, prefix="tour:no"):
    label, style = "Dispute", discord.ButtonStyle.danger

    async def run(self, interaction: discord.Interaction) -> None:
        await _settle(self, interaction, confirm=False)


DYNAMIC_ITEMS = (ConfirmReport, DisputeReport)
