"""A player's steps in a classified draw: keep a card, declare INTELCOM.

The Secure HVT swap belongs to the end of the game: :mod:`cogs.its.reveal` offers it.

Custom ids:

=====================================  ==================================================
``its:keep:<game>:<seat>:<step>:<i>``   keep card ``i`` of the pair (step = cards kept so far)
``its:intel:<game>:<seat>:<0|1>``       declare the first kept card INTELCOM or not
=====================================  ==================================================
"""

from __future__ import annotations

from collections.abc import Callable

import discord

from bot.cards import read as read_cards
from bot.games import MovedOn
from bot.i18n import channel, reader
from bot.play import Change, View
from bot.send import send
from cogs.its import draw_texts
from cogs.its.common import ItsButton, change_match, content_of, rng_of, scenario_name
from cogs.its.countermeasures import tracker_view
from cogs.its.draw_news import news_text, phase_news, progress
from cogs.its.state import ItsMatch
from rules.errors import RuleError
from rules.i18n import Translator, _, translator
from rules.its.classified import Action, ClassifiedState, DeclareIntelcom, Keep, Phase, Step


class KeepButton(ItsButton, template=r"its:keep:(?P<game>\d+):(?P<seat>\d):(?P<step>\d+):(?P<pick>\d)"):
    changes_game = True

    fields = (("game", int), ("seat", int), ("step", int), ("pick", int))

    def __init__(self, game: int, seat: int, step: int, pick: int, *, label: str = "Keep") -> None:
        self.button(f"its:keep:{game}:{seat}:{step}:{pick}", label, discord.ButtonStyle.success)
        self.game, self.seat, self.step, self.pick = game, seat, step, pick

    async def pressed(self, interaction: discord.Interaction) -> None:
        await keep(interaction, self.game, self.seat, self.step, self.pick)


class IntelcomButton(ItsButton, template=r"its:intel:(?P<game>\d+):(?P<seat>\d):(?P<use>[01])"):
    changes_game = True

    fields = (("game", int), ("seat", int), ("use", lambda flag: flag == "1"))

    def __init__(self, game: int, seat: int, use: bool, *, label: str = "INTELCOM") -> None:
        style = discord.ButtonStyle.primary if use else discord.ButtonStyle.secondary
        self.button(f"its:intel:{game}:{seat}:{int(use)}", label, style)
        self.game, self.seat, self.use = game, seat, use

    async def pressed(self, interaction: discord.Interaction) -> None:
        await declare_intelcom(interaction, self.game, self.seat, self.use)


def private_view(
    game_id: int, draw: ClassifiedState, seat: int, t: Translator | None = None
) -> discord.ui.View | None:
    """The owner's buttons: keep one of the pair. (Secure HVT waits for the reveal.)"""
    t = t if t is not None else translator(None)
    p = draw.players[seat]
    items: list[discord.ui.Item[discord.ui.View]] = []
    if draw.phase is Phase.DRAWING and p.step is not Step.DONE and p.pair:
        for i, key in enumerate(p.pair):
            items.append(
                KeepButton(game_id, seat, len(p.kept), i, label=t("Keep {card}", card=draw.card(key).label))
            )
    return View(*items)


def intelcom_view(game_id: int, draw: ClassifiedState, t: Translator | None = None) -> discord.ui.View | None:
    """Buttons for the player whose turn it is to declare how they use their first card."""
    t = t if t is not None else translator(None)
    if draw.phase is not Phase.INTELCOM:
        return None
    nxt = next((i for i in draw.intelcom_order if draw.players[i].intelcom is None), None)
    if nxt is None:
        return None
    name = draw.players[nxt].name
    return View(
        IntelcomButton(game_id, nxt, False, label=t("{name}: keep it as Classified Objective", name=name)),
        IntelcomButton(game_id, nxt, True, label=t("{name}: use it as INTELCOM Card", name=name)),
    )


async def announce(
    interaction: discord.Interaction, game_id: int, match: ItsMatch, lines: list[str], old: ItsMatch | None
) -> None:
    """Post public news of the draw: progress, the INTELCOM roll, the start of the game.

    A Countermeasures announcement carries a working tracker (at the match's tracker step)."""
    draw = match.draw
    assert draw is not None
    t = await channel(interaction)
    news = phase_news(match, old, t)
    view = intelcom_view(game_id, draw, t) if news and draw.phase is Phase.INTELCOM else None
    lines = [*lines, *news]
    if not lines:
        return
    if draw.phase is Phase.COUNTERMEASURES:
        view = tracker_view(game_id, match.tracker_step, draw, t)
    name = scenario_name(content_of(interaction), match.draw_scenario)
    await send(interaction, content=news_text(match, lines, name, t), view=view)


def owner(match: ItsMatch, seat: int, user_id: int) -> None:
    """Refuse anyone but ``seat``'s player."""
    if seat >= len(match.seats) or match.seats[seat].user_id != user_id:
        if seat < len(match.seats):
            who = f"<@{match.seats[seat].user_id}>"
            raise RuleError(
                _(
                    "Those are {player}'s cards: only they can choose. Use /its classified mine for yours.",
                    player=who,
                )
            )
        raise RuleError(
            _("Those are the other player's cards: only they can choose. Use /its classified mine for yours.")
        )


async def _private_step(
    interaction: discord.Interaction,
    action: str,
    game_id: int,
    seat: int,
    make: Callable[[ClassifiedState], tuple[Action, str]],
) -> tuple[int, ItsMatch, ItsMatch | None]:
    """One step of ``seat``'s own draw: ``make`` checks the draw still waits for this press and
    returns the rules action and what the log says; the pressed message then shows the result."""
    rng = rng_of(interaction)

    def change(old: ItsMatch | None) -> Change[ItsMatch]:
        assert old is not None
        owner(old, seat, interaction.user.id)
        if old.draw is None:
            raise MovedOn(_("The draw has moved on: use /its classified mine to see your cards."))
        act, did = make(old.draw)
        new = old.draw.apply(act, rng)
        return Change(old.model_copy(update={"draw": new}), f"{old.seats[seat].name} {did}")

    shown = await change_match(interaction, action, change, game_id=game_id)
    return shown.id, shown.state, shown.before


async def keep(interaction: discord.Interaction, game_id: int, seat: int, step: int, pick: int) -> None:
    def make(draw: ClassifiedState) -> tuple[Action, str]:
        if draw.phase is not Phase.DRAWING:
            raise MovedOn(_("The draw has moved on: use /its classified mine to see your cards."))
        p = draw.players[seat]
        if len(p.kept) != step or pick >= len(p.pair):
            raise MovedOn(
                _("You already chose from that pair: use /its classified mine to see your cards now.")
            )
        return Keep(player=seat, card=p.pair[pick]), "kept a classified card"

    game_id, match, old = await _private_step(interaction, "classified_keep", game_id, seat, make)
    await show_private(interaction, game_id, match, seat)
    await announce(interaction, game_id, match, progress(old, match, seat, t=await channel(interaction)), old)


async def declare_intelcom(interaction: discord.Interaction, game_id: int, seat: int, use: bool) -> None:
    def make(draw: ClassifiedState) -> tuple[Action, str]:
        if draw.phase is not Phase.INTELCOM or draw.players[seat].intelcom is not None:
            raise MovedOn(_("That INTELCOM choice is already made."))
        return DeclareIntelcom(player=seat, use=use), "declared INTELCOM"

    game_id, match, old = await _private_step(interaction, "classified_intelcom", game_id, seat, make)
    draw = match.draw
    assert draw is not None
    t = await channel(interaction)
    text = draw_texts.public_draw_text(match, scenario_name(content_of(interaction), match.draw_scenario), t)
    await send(interaction, content=text, view=intelcom_view(game_id, draw, t), edit=True)
    await announce(interaction, game_id, match, [], old)
    mine = match.seat_of(interaction.user.id)
    if draw.phase is Phase.DRAWING and mine is not None and draw.players[mine].pair:
        # The declarations are made: the player who made the last one gets their next pair now
        # instead of having to ask for it with /its classified mine.
        name = scenario_name(content_of(interaction), match.draw_scenario)
        await send(
            interaction,
            embed=draw_texts.private_draw_embed(match, mine, name, t=reader(interaction)),
            view=private_view(game_id, draw, mine, reader(interaction)),
            ephemeral=True,
        )


async def show_private(interaction: discord.Interaction, game_id: int, match: ItsMatch, seat: int) -> None:
    """The pressed private message, showing ``seat``'s cards as they are now (its note stays)."""
    assert match.draw is not None
    name = scenario_name(content_of(interaction), match.draw_scenario)
    note = next((c.note for c in read_cards(interaction.message)), None)
    await send(
        interaction,
        content=note or None,
        embed=draw_texts.private_draw_embed(match, seat, name, t=reader(interaction)),
        view=private_view(game_id, match.draw, seat, reader(interaction)),
        edit=True,
    )


ITEMS = (KeepButton, IntelcomButton)
