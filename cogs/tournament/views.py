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
from cogs.tournament.posts import ENGLISH, result_text
from cogs.tournament.state import (
    KIT,
    DisputeMessage,
    PendingReport,
    TournamentGame,
    event_words,
    home_channel,
    is_organiser,
    settle_report,
    settled_disputes,
)
from rules.i18n import Translator, _

log = logging.getLogger("herald.tournament")


def report_view(
    game_id: int, version: int, report: PendingReport, t: Translator = ENGLISH
) -> discord.ui.View | None:
    """The Confirm and Dispute buttons under a report, labelled in the tournament's language."""
    return View(
        ConfirmReport(game_id, version, str(report.id), label=t("Confirm")),
        DisputeReport(game_id, version, str(report.id), label=t("Dispute")),
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
        new, _gone = settled_disputes(new)
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
    tour = shown.state.tournament
    t = await event_words(interaction, tour)
    score = result_text(tour, report.reporter, report.opponent, report.result, t)
    by = interaction.user.mention
    if confirm:
        confirmed = t(
            "✅ Round {number} result confirmed by {player}: {score}",
            number=report.round,
            player=by,
            score=score,
        )
        ballot = t(
            "📝 Each player: your secret sportsmanship ballot on your opponent, with the button or "
            "`/awards ballot`."
        )
        await send(
            interaction,
            content=f"{confirmed}\n{ballot}",
            view=View(BallotButton(button.game, t)),
            edit=True,
        )
        return
    await send(
        interaction,
        content=t(
            "⚠ Round {number} result disputed by {player}: {score}. An organiser may confirm it.",
            number=report.round,
            player=by,
            score=score,
        ),
        view=View(ConfirmReport(button.game, button.step, button.arg, label=t("Confirm"))),
        edit=True,
    )
    organisers = shown.state.organisers
    await Post(
        content=t(
            "{organisers}: {player} disputes the result {reporter} reported (report #{report}). Set the "
            "right one with `/tournament result`.",
            organisers=" ".join(f"<@{u}>" for u in organisers),
            player=by,
            reporter=public(tour.name_of(report.reporter), 40),
            report=report.id,
        ),
        mentions=pinging(organisers),
    ).send(interaction)


def settled_text(state: TournamentGame, gone: DisputeMessage, words: Translator = ENGLISH) -> str:
    """What a settled dispute's message says instead of asking for a confirmation."""
    t = state.tournament
    rnd = t.rounds[gone.round - 1] if gone.round <= len(t.rounds) else None
    played = rnd.game_of(gone.players[0]) if rnd is not None else None
    if played is not None and played.b is not None and gone.players[1] in played.players:
        if played.result is not None:
            return words(
                _(
                    "⚖ Round {number}: the disputed report #{report} is settled: {score}",
                    number=gone.round,
                    report=gone.report,
                    score=result_text(t, played.a, played.b, played.result, words),
                )
            )
        pair = set(gone.players)
        if any(r.round == gone.round and pair == {r.reporter, r.opponent} for r in state.reports):
            return words(
                _(
                    "⚖ Round {number}: the disputed report #{report} was replaced by a new report, for the "
                    "other "
                    "player to confirm.",
                    number=gone.round,
                    report=gone.report,
                )
            )
    return words(
        _(
            "⚖ Round {number}: the disputed report #{report} no longer applies: the pairing changed.",
            number=gone.round,
            report=gone.report,
        )
    )


async def clear_settled(
    bot: Any, state: TournamentGame, gone: list[DisputeMessage], words: Translator = ENGLISH
) -> None:
    """Take the Confirm button off the messages of disputes settled by a result, a new report or
    a new pairing, saying how each was settled (a message Discord will not edit is only logged)."""
    for message in gone:
        try:
            channel = bot.get_partial_messageable(message.channel_id)
            text = settled_text(state, message, words)
            await edit_in(channel, message.message_id, content=text, view=None)
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
