"""Ending a match: ``/its end``, its confirmation (``its:end:<game>``) and the channel's note.

The note says only what the channel could already know: revealed objectives and the score,
never a card that is still private.
"""

from __future__ import annotations

import discord

from bot.play import Change, View, is_manager
from bot.send import private, send
from cogs.its import sheet_texts
from cogs.its.common import ItsButton, content_of, scenario_name
from cogs.its.library import ItsContent
from cogs.its.sheet import sheet_parts
from cogs.its.state import KIT, ItsMatch
from rules.errors import RuleError
from rules.its.classified import DrawMode


class EndButton(ItsButton, template=r"its:end:(?P<game>\d+)"):
    """The confirmation ``/its end`` asks for: it ends only the match it was offered for."""

    fields = (("game", int),)

    def __init__(self, game: int, *, label: str = "End the match") -> None:
        self.button(f"its:end:{game}", label, discord.ButtonStyle.danger)
        self.game = game

    async def pressed(self, interaction: discord.Interaction) -> None:
        await end_confirmed(interaction, self.game)


def may_end(interaction: discord.Interaction, match: ItsMatch) -> None:
    if match.seat_of(interaction.user.id) is None and not is_manager(interaction):
        raise RuleError(
            f"Only the players ({match.player_list()}) or a Manage Server member can end this match."
        )


async def end(interaction: discord.Interaction) -> None:
    private(interaction)
    game = await KIT.load(interaction)
    may_end(interaction, game.state)
    await send(
        interaction,
        content="End this match? This deletes both players' drawn objectives and the sheet. The channel "
        "then gets a short note of what was ended (revealed objectives and the score, never a "
        "card that is still private).",
        view=View(EndButton(game.id, label="Yes, end this match")),
        ephemeral=True,
    )


async def end_confirmed(interaction: discord.Interaction, game_id: int) -> None:
    """The confirm button of ``/its end``: end that match (not a newer one) and say so."""

    def change(old: ItsMatch) -> Change[ItsMatch]:
        may_end(interaction, old)
        return Change(old, "match ended", end=True)

    shown = await KIT.step(interaction, "end", change, game_id=game_id)
    await send(interaction, content="The match is ended.", view=None, edit=True)
    await send(
        interaction, content=end_summary(content_of(interaction), interaction.user.mention, shown.state)
    )


def end_summary(content: ItsContent, who: str, match: ItsMatch) -> str:
    """The public note of an ended match: only what the channel already could know."""
    scenario_id = match.draw_scenario or (match.sheet.scenario_id if match.sheet else None)
    what = f" ({scenario_name(content, scenario_id)})" if scenario_id else ""
    players = " and ".join(s.name for s in match.seats) or "nobody"
    lines = [f"{who} ended this channel's ITS match{what} between {players}. Start a new one any time."]
    lines.extend(_draw_lines(match))
    if match.sheet is not None:
        _, result = sheet_parts(content, match)
        a, b = match.names()
        if match.final:
            lines.append(
                f"Final score (confirmed by both): {a} {result.total_a} OP, {result.tp_a.total} TP · "
                f"{b} {result.total_b} OP, {result.tp_b.total} TP. "
                f"{sheet_texts.winner_text(match, result)}."
            )
        else:
            lines.append(
                f"Score sheet, not confirmed by both players: {a} {result.total_a} OP · "
                f"{b} {result.total_b} OP."
            )
    return "\n".join(lines)


def _draw_lines(match: ItsMatch) -> list[str]:
    draw = match.draw
    if draw is None:
        return []
    if draw.setup.mode is DrawMode.COUNTERMEASURES:
        achieved = ", ".join(
            f"{match.seats[i].name} {len(p.kept)}" for i, p in enumerate(draw.players) if i < len(match.seats)
        )
        return [f"Current Mission Objectives achieved: {achieved}."]
    lines: list[str] = []
    for i, seat in enumerate(match.seats[: len(draw.players)]):
        p = draw.players[i]
        if i in match.revealed:
            labels = []
            for n, key in enumerate(p.kept):
                label = draw.card(key).label
                if n == 0 and p.intelcom:
                    label += " (INTELCOM Card)"
                if key == p.secure_hvt_replaces:
                    label += " (swapped for Secure HVT)"
                labels.append(label)
            lines.append(f"{seat.name} revealed: {', '.join(labels)}.")
        elif p.kept or p.pair:
            lines.append(f"{seat.name}'s classified objectives were not revealed and stay secret.")
    return lines


ITEMS = (EndButton,)
