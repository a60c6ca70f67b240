"""The buttons under a reported result: the opponent confirms it or disputes it.

They are persistent (``tour:ok:<game>:<step>:<report>``), so a report made before a restart can
still be confirmed; a report already settled answers so, privately.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.play import Change, Post, StepButton, View, send
from bot.send import edit_in
from bot.text import pinging, public
from cogs.tournament.awards import BallotButton
from cogs.tournament.posts import result_text
from cogs.tournament.state import (
    KIT,
    DisputeMessage,
    PendingReport,
    TournamentGame,
    home_channel,
    is_organiser,
    settle_report,
    settled_disputes,
)

log = logging.getLogger("herald.tournament")


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
        new, _ = settled_disputes(new)
        message = interaction.message
        if not confirm and message is not None:
            # Remembered so its Confirm button goes once the dispute is settled another way.
            where = DisputeMessage(
                report=report.id,
                round=report.round,
                players=(report.reporter, report.opponent),
                channel_id=int(interaction.channel_id or 0),
                message_id=message.id,
            )
            new = new.update(dispute_messages=[*new.dispute_messages, where])
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
            interaction,
            content=f"✅ Round {report.round} result confirmed by {by}: {score}\n"
            "📝 Each player: your secret sportsmanship ballot on your opponent, with the button or "
            "`/awards ballot`.",
            view=View(BallotButton(button.game)),
            edit=True,
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


def settled_text(state: TournamentGame, gone: DisputeMessage) -> str:
    """What a settled dispute's message says instead of asking for a confirmation."""
    t = state.tournament
    head = f"⚖ Round {gone.round}: the disputed report #{gone.report}"
    rnd = t.rounds[gone.round - 1] if gone.round <= len(t.rounds) else None
    played = rnd.game_of(gone.players[0]) if rnd is not None else None
    if played is not None and played.b is not None and gone.players[1] in played.players:
        if played.result is not None:
            return f"{head} is settled: {result_text(t, played.a, played.b, played.result)}"
        pair = set(gone.players)
        if any(r.round == gone.round and pair == {r.reporter, r.opponent} for r in state.reports):
            return f"{head} was replaced by a new report, for the other player to confirm."
    return f"{head} no longer applies: the pairing changed."


async def clear_settled(bot: Any, state: TournamentGame, gone: list[DisputeMessage]) -> None:
    """Take the Confirm button off the messages of disputes settled by a result, a new report or
    a new pairing, saying how each was settled (a message Discord will not edit is only logged)."""
    for message in gone:
        try:
            channel = bot.get_partial_messageable(message.channel_id)
            await edit_in(channel, message.message_id, content=settled_text(state, message), view=None)
        except discord.HTTPException:
            log.warning("could not edit the settled dispute message %s", message.message_id)


class ConfirmReport(StepButton, prefix="tour:ok"):
    label, style = "Confirm", discord.ButtonStyle.success
    beside_text = True  # shown beside the result it confirms (bot.cards)

    async def run(self, interaction: discord.Interaction) -> None:
        await _settle(self, interaction, confirm=True)


class DisputeReport(StepButton, prefix="tour:no"):
    label, style = "Dispute", discord.ButtonStyle.danger

    async def run(self, interaction: discord.Interaction) -> None:
        await _settle(self, interaction, confirm=False)


DYNAMIC_ITEMS = (ConfirmReport, DisputeReport)
