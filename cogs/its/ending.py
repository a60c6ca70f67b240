"""Ending a match: ``/its end``, its confirmation, the other player's agreement, the channel's note.

Ending deletes both players' drawn objectives and the sheet (a sheet both confirmed keeps its result:
it was reported at the second confirmation and the note repeats it), so one player can't end a match that
still holds something of the other's (:func:`rules.its.ending.agreement_needed`): their ``/its end``
posts a request in the channel, and the match ends when the other player agrees. We ask rather
than keep an ended match viewable, because the channel then holds one match at a time, as before,
and nobody's cards are ever deleted without their word.

Custom ids: ``its:end:<game>`` (end it, after one's own confirmation), ``its:endyes:<game>:<seat>``
and ``its:endno:<game>:<seat>`` (agree to, or turn down, the request of the player in ``seat``).

The note says only what the channel could already know: revealed objectives and the score,
never a card that is still private.
"""

from __future__ import annotations

import discord

from bot.i18n import channel, reader
from bot.play import Change, View, is_manager
from bot.send import private, send
from bot.text import pinging
from cogs.its import pages, sheet_texts
from cogs.its.common import ItsButton, content_of, scenario_name
from cogs.its.library import ItsContent
from cogs.its.sheet import sheet_parts
from cogs.its.state import KIT, ItsMatch
from rules.errors import RuleError
from rules.i18n import Translator, _, translator
from rules.its.classified import DrawMode
from rules.its.ending import agreement_needed, stake_text


class EndButton(ItsButton, template=r"its:end:(?P<game>\d+)"):
    """The confirmation ``/its end`` asks for: it ends only the match it was offered for."""

    changes_game = True

    fields = (("game", int),)

    def __init__(self, game: int, *, label: str = "End the match") -> None:
        self.button(f"its:end:{game}", label, discord.ButtonStyle.danger)
        self.game = game

    async def pressed(self, interaction: discord.Interaction) -> None:
        await end_confirmed(interaction, self.game)


class AgreeButton(ItsButton, template=r"its:endyes:(?P<game>\d+):(?P<asker>\d)"):
    """The other player agrees to end the match the player in ``asker`` asked to end."""

    changes_game = True

    fields = (("game", int), ("asker", int))

    def __init__(self, game: int, asker: int, *, label: str = "End the match") -> None:
        self.button(f"its:endyes:{game}:{asker}", label, discord.ButtonStyle.danger)
        self.game, self.asker = game, asker

    async def pressed(self, interaction: discord.Interaction) -> None:
        await agreed(interaction, self.game, self.asker)


class DeclineButton(ItsButton, template=r"its:endno:(?P<game>\d+):(?P<asker>\d)"):
    """Keep playing: the other player turns the request down, or the asker withdraws it."""

    changes_game = True

    fields = (("game", int), ("asker", int))

    def __init__(self, game: int, asker: int, *, label: str = "Keep playing") -> None:
        self.button(f"its:endno:{game}:{asker}", label, discord.ButtonStyle.secondary)
        self.game, self.asker = game, asker

    async def pressed(self, interaction: discord.Interaction) -> None:
        await declined(interaction, self.game, self.asker)


def may_end(interaction: discord.Interaction, match: ItsMatch) -> int | None:
    """Refuse a stranger; return the seat whose player must agree first (None: nobody)."""
    return agreement_needed(match, interaction.user.id, manager=is_manager(interaction))


async def end(interaction: discord.Interaction) -> None:
    game = await KIT.load(interaction)
    other = may_end(interaction, game.state)
    if other is not None:
        await ask(interaction, game.id, game.state, other)
        return
    private(interaction)
    t = reader(interaction)
    await send(
        interaction,
        content=end_question(game.state, t),
        view=View(EndButton(game.id, label=t("Yes, end this match"))),
        ephemeral=True,
    )


def end_question(match: ItsMatch, t: Translator | None = None) -> str:
    """What ``/its end`` asks before it ends ``match``: what goes and what is kept."""
    t = t if t is not None else translator(None)
    if match.sheet is not None and match.final:
        return t(
            "End this match? The result is kept: both players confirmed the sheet, so its final score "
            "stays where it was reported and goes into the channel's note. Ending clears the drawn "
            "objectives and frees the channel for a new match. The channel then gets a short note of "
            "what was ended (revealed objectives and the score, never a card that is still private)."
        )
    return t(
        "End this match? This deletes both players' drawn objectives and the sheet. The channel then "
        "gets a short note of what was ended (revealed objectives and the score, never a card that is "
        "still private)."
    )


async def ask(interaction: discord.Interaction, game_id: int, match: ItsMatch, other: int) -> None:
    """Post the request to end the match, for the player in ``other`` to answer."""
    asker = match.seat_of(interaction.user.id)
    assert asker is not None
    them = f"<@{match.seats[other].user_id}>"
    t = await channel(interaction)
    await send(
        interaction,
        content=t(
            "{asker} asks to end this channel's ITS match. {other}, do you agree? "
            "Ending deletes {stake}, with the rest of the match; the channel then "
            "gets a note of the revealed objectives and the score, never a card still unseen. "
            "Until {other} agrees, the match goes on (a Manage Server member who is not playing may "
            "also end it).",
            asker=interaction.user.mention,
            other=them,
            stake=stake_text(match, other),
        ),
        view=View(
            AgreeButton(game_id, asker, label=t("{name}: end the match", name=match.seats[other].name)),
            DeclineButton(game_id, asker, label=t("Keep playing")),
        ),
        mentions=pinging([match.seats[other].user_id]),
    )


async def agreed(interaction: discord.Interaction, game_id: int, asker: int) -> None:
    """The other player (or a manager who is not playing) agreed: end that match."""

    def change(old: ItsMatch) -> Change[ItsMatch]:
        seat = old.seat_of(interaction.user.id)
        if seat == asker:
            if len(old.seats) > 1:
                raise RuleError(
                    _(
                        "You asked to end the match: {other} answers it (agree, or keep playing).",
                        other=old.seats[1 - asker].name,
                    )
                )
            raise RuleError(
                _("You asked to end the match: the other player answers it (agree, or keep playing).")
            )
        if seat is None and not is_manager(interaction):
            raise RuleError(
                _(
                    "Only the players ({players}) or a Manage Server member can end this match.",
                    players=old.player_list(),
                )
            )
        return Change(old, "match ended", end=True)

    shown = await KIT.step(interaction, "end", change, game_id=game_id)
    match = shown.state
    t = await channel(interaction)
    who = interaction.user.mention
    if asker < len(match.seats):
        who = t("{player}, at {asker}'s request,", player=who, asker=f"<@{match.seats[asker].user_id}>")
    await send(interaction, content=t("The match is ended: both sides agreed."), view=None, edit=True)
    await send(interaction, content=end_summary(content_of(interaction), who, match, t))


async def declined(interaction: discord.Interaction, game_id: int, asker: int) -> None:
    """The request is turned down (or withdrawn): nothing changes, the message says so."""
    game = await KIT.load(interaction, game_id=game_id)
    match = game.state
    seat = match.seat_of(interaction.user.id)
    if seat is None and not is_manager(interaction):
        raise RuleError(
            _("This request is for the players ({players}) to answer.", players=match.player_list())
        )
    t = await channel(interaction)
    if seat == asker:
        text = t(
            "{player} withdrew the request: the match goes on. Ask again any time with /its end.",
            player=interaction.user.mention,
        )
    else:
        text = t(
            "{player} wants to keep playing: the match goes on. Ask again any time with /its end.",
            player=interaction.user.mention,
        )
    await send(interaction, content=text, view=None, edit=True)


async def end_confirmed(interaction: discord.Interaction, game_id: int) -> None:
    """The confirm button of ``/its end``: end that match (not a newer one) and say so."""

    def change(old: ItsMatch) -> Change[ItsMatch]:
        if may_end(interaction, old) is not None:
            raise RuleError(
                _(
                    "This match now holds the other player's cards or sheet: run /its end again to ask "
                    "them to agree."
                )
            )
        return Change(old, "match ended", end=True)

    shown = await KIT.step(interaction, "end", change, game_id=game_id)
    mine = reader(interaction)
    await send(interaction, content=mine("The match is ended."), view=None, edit=True)
    t = await channel(interaction)
    await send(
        interaction, content=end_summary(content_of(interaction), interaction.user.mention, shown.state, t)
    )


def end_summary(content: ItsContent, who: str, match: ItsMatch, t: Translator | None = None) -> str:
    """The public note of an ended match: only what the channel already could know."""
    t = t if t is not None else translator(None)
    scenario_id = match.draw_scenario or (match.sheet.scenario_id if match.sheet else None)
    names = [s.name for s in match.seats]
    if len(names) >= 2:
        players = t("{first} and {second}", first=", ".join(names[:-1]), second=names[-1])
    else:
        players = names[0] if names else t("nobody")
    if scenario_id:
        lines = [
            t(
                "{who} ended this channel's ITS match ({scenario}) between {players}. "
                "Start a new one any time.",
                who=who,
                scenario=pages.scenario_name(scenario_name(content, scenario_id), t),
                players=players,
            )
        ]
    else:
        lines = [
            t(
                "{who} ended this channel's ITS match between {players}. Start a new one any time.",
                who=who,
                players=players,
            )
        ]
    lines.extend(_draw_lines(match, t))
    if match.sheet is not None:
        _unused, result = sheet_parts(content, match)
        a, b = match.names()
        if match.final:
            lines.append(
                t(
                    "Final score (confirmed by both): {a} {op_a} OP, {tp_a} TP · "
                    "{b} {op_b} OP, {tp_b} TP. {winner}.",
                    a=a,
                    op_a=result.total_a,
                    tp_a=result.tp_a.total,
                    b=b,
                    op_b=result.total_b,
                    tp_b=result.tp_b.total,
                    winner=sheet_texts.winner_text(match, result, t),
                )
            )
        else:
            lines.append(
                t(
                    "Score sheet, not confirmed by both players: {a} {op_a} OP · {b} {op_b} OP.",
                    a=a,
                    op_a=result.total_a,
                    b=b,
                    op_b=result.total_b,
                )
            )
    return "\n".join(lines)


def _draw_lines(match: ItsMatch, t: Translator) -> list[str]:
    draw = match.draw
    if draw is None:
        return []
    if draw.setup.mode is DrawMode.COUNTERMEASURES:
        achieved = ", ".join(
            f"{match.seats[i].name} {len(p.kept)}" for i, p in enumerate(draw.players) if i < len(match.seats)
        )
        return [t("Current Mission Objectives achieved: {achieved}.", achieved=achieved)]
    lines: list[str] = []
    for i, seat in enumerate(match.seats[: len(draw.players)]):
        p = draw.players[i]
        if i in match.revealed:
            labels = []
            for n, key in enumerate(p.kept):
                label = draw.card(key).label
                if n == 0 and p.intelcom:
                    label += " " + t("(INTELCOM Card)")
                if key == p.secure_hvt_replaces:
                    label += " " + t("(swapped for Secure HVT)")
                labels.append(label)
            lines.append(t("{name} revealed: {cards}.", name=seat.name, cards=", ".join(labels)))
        elif p.kept or p.pair:
            lines.append(
                t("{name}'s classified objectives were not revealed and stay secret.", name=seat.name)
            )
    return lines


ITEMS = (EndButton, AgreeButton, DeclineButton)
