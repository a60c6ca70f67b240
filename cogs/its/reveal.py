"""The end of the game: ``/its classified reveal``, and the Secure HVT swap it offers first.

Secure HVT is chosen when the game is over, so it is offered only here, never as a button in the
private message during play. A player who may still swap gets a private choice before their cards
are shown; a swap asks to confirm; the confirmed choice and the reveal are one step, so a revealed
objective is never swapped afterwards.

Custom ids:

========================================  ===================================================
``its:hvtask:<game>:<seat>:<i>``           swap kept card ``i``? (shows the confirmation)
``its:hvtok:<game>:<seat>:<i|x>``          confirmed: swap card ``i`` (``x``: none) and reveal
``its:hvtback:<game>:<seat>``              back to the choice
``its:hvt:<game>:<seat>:<i|x>``            an older Herald's swap button: explains, changes nothing
========================================  ===================================================
"""

from __future__ import annotations

import discord

from bot.games import MovedOn
from bot.i18n import channel, reader
from bot.play import Change, View
from bot.send import send
from cogs.its import draw_texts
from cogs.its.common import ItsButton, change_match, content_of, rng_of, scenario_name
from cogs.its.draw_steps import owner
from cogs.its.state import KIT, ItsMatch
from rules.errors import RuleError
from rules.i18n import N_, _

#: What the end-of-game choice says before any card is shown.
CHOICE_TEXT = N_(
    "**The end of the game: Secure HVT.** Before your classified objectives are shown to the "
    "channel, you may swap one of them for Secure HVT (the optional objective any player may take "
    "when the game is over; it scores like the card it replaces), or keep them all. Reveal only "
    "once the game is over: the choice and the reveal can't be undone."
)
REVEALED_TEXT = _("You have already revealed your classified objectives: they are in the channel above.")
DECIDED_TEXT = _("Your Secure HVT choice is already made: `/its classified reveal` shows your cards.")
#: Said by a swap button from before the swap moved to the reveal.
MOVED_TEXT = N_(
    "The Secure HVT swap is now made at the end of the game: run `/its classified reveal` when the "
    "game is over, and it offers the swap (and asks you to confirm) before your objectives are shown."
)


class SecureHvtButton(ItsButton, template=r"its:hvt:(?P<game>\d+):(?P<seat>\d):(?P<pick>\d+|x)"):
    """A swap button an older Herald put in the private message during play: it only explains."""

    changes_game = True

    fields = (("game", int), ("seat", int), ("pick", str))

    def __init__(self, game: int, seat: int, pick: str, *, label: str = "Secure HVT") -> None:
        self.button(f"its:hvt:{game}:{seat}:{pick}", label, discord.ButtonStyle.secondary)
        self.game, self.seat, self.pick = game, seat, pick

    async def pressed(self, interaction: discord.Interaction) -> None:
        t = reader(interaction)
        await send(interaction, content=t(MOVED_TEXT), ephemeral=True)


class HvtAskButton(ItsButton, template=r"its:hvtask:(?P<game>\d+):(?P<seat>\d):(?P<pick>\d+)"):
    changes_game = True

    fields = (("game", int), ("seat", int), ("pick", int))

    def __init__(self, game: int, seat: int, pick: int, *, label: str = "Swap for Secure HVT") -> None:
        self.button(f"its:hvtask:{game}:{seat}:{pick}", label, discord.ButtonStyle.secondary)
        self.game, self.seat, self.pick = game, seat, pick

    async def pressed(self, interaction: discord.Interaction) -> None:
        await ask(interaction, self.game, self.seat, self.pick)


class HvtConfirmButton(ItsButton, template=r"its:hvtok:(?P<game>\d+):(?P<seat>\d):(?P<pick>\d+|x)"):
    changes_game = True

    fields = (("game", int), ("seat", int), ("pick", lambda pick: None if pick == "x" else int(pick)))

    def __init__(self, game: int, seat: int, pick: int | None, *, label: str = "Reveal") -> None:
        style = discord.ButtonStyle.primary if pick is None else discord.ButtonStyle.danger
        self.button(f"its:hvtok:{game}:{seat}:{'x' if pick is None else pick}", label, style)
        self.game, self.seat, self.pick = game, seat, pick

    async def pressed(self, interaction: discord.Interaction) -> None:
        await confirmed(interaction, self.game, self.seat, self.pick)


class HvtBackButton(ItsButton, template=r"its:hvtback:(?P<game>\d+):(?P<seat>\d)"):
    changes_game = True

    fields = (("game", int), ("seat", int))

    def __init__(self, game: int, seat: int, *, label: str = "Back") -> None:
        self.button(f"its:hvtback:{game}:{seat}", label, discord.ButtonStyle.secondary)
        self.game, self.seat = game, seat

    async def pressed(self, interaction: discord.Interaction) -> None:
        await back(interaction, self.game, self.seat)


async def reveal(interaction: discord.Interaction) -> None:
    """``/its classified reveal``: offer Secure HVT first when it is still open, else reveal now."""
    game = await KIT.load(interaction)
    match = game.state
    seat = match.seat_of(interaction.user.id)
    draw = match.draw
    if seat is not None and draw is not None and seat not in match.revealed and draw.secure_hvt_pending(seat):
        text, embed, view = _choice(interaction, game.id, match, seat)
        await send(interaction, content=text, embed=embed, view=view, ephemeral=True)
        return

    def change(old: ItsMatch) -> Change[ItsMatch]:
        match, seat = old.reveal(interaction.user.id)
        return Change(match, f"{old.seats[seat].name} revealed", result=seat)

    shown = await KIT.step(interaction, "classified_reveal", change)
    await _post_reveal(interaction, shown.state, shown.result)


def _choice(
    interaction: discord.Interaction, game_id: int, match: ItsMatch, seat: int
) -> tuple[str, discord.Embed, discord.ui.View | None]:
    """The private end-of-game choice: one button per card Secure HVT may replace, or none."""
    draw = match.draw
    assert draw is not None
    p = draw.players[seat]
    t = reader(interaction)
    buttons = [
        HvtAskButton(
            game_id,
            seat,
            p.kept.index(key),
            label=t("Swap {card} for Secure HVT…", card=draw.card(key).label),
        )
        for key in draw.secure_hvt_options(seat)
    ]
    buttons.append(HvtConfirmButton(game_id, seat, None, label=t("No swap: reveal my objectives")))
    name = scenario_name(content_of(interaction), match.draw_scenario)
    hand = draw_texts.private_draw_embed(match, seat, name, choosing_hvt=True, t=t)
    return t(CHOICE_TEXT), hand, View(*buttons)


async def _current(interaction: discord.Interaction, game_id: int, seat: int) -> ItsMatch:
    """The match the pressed choice was for, still waiting for this player's choice."""
    game = await KIT.load(interaction, game_id=game_id)
    match = game.state
    owner(match, seat, interaction.user.id)
    if seat in match.revealed:
        raise RuleError(REVEALED_TEXT)
    if match.draw is None or not match.draw.secure_hvt_pending(seat):
        raise MovedOn(DECIDED_TEXT)
    return match


async def ask(interaction: discord.Interaction, game_id: int, seat: int, pick: int) -> None:
    """A swap was chosen: ask to confirm it (it can't be taken back)."""
    match = await _current(interaction, game_id, seat)
    draw = match.draw
    assert draw is not None
    kept = draw.players[seat].kept
    if pick >= len(kept) or kept[pick] not in draw.secure_hvt_options(seat):
        raise MovedOn(_("Those cards have changed: run `/its classified reveal` again."))
    label = draw.card(kept[pick]).label
    t = reader(interaction)
    await send(
        interaction,
        content=t(
            "Swap **{card}** for Secure HVT, then show your classified objectives to the channel? "
            "{card} will no longer count: Secure HVT takes its place. This can't be undone.",
            card=label,
        ),
        embed=None,
        view=View(
            HvtConfirmButton(game_id, seat, pick, label=t("Yes: swap {card} and reveal", card=label)),
            HvtBackButton(game_id, seat, label=t("Back")),
        ),
        edit=True,
    )


async def back(interaction: discord.Interaction, game_id: int, seat: int) -> None:
    match = await _current(interaction, game_id, seat)
    text, embed, view = _choice(interaction, game_id, match, seat)
    await send(interaction, content=text, embed=embed, view=view, edit=True)


async def confirmed(interaction: discord.Interaction, game_id: int, seat: int, pick: int | None) -> None:
    """The choice is confirmed: make it and reveal, in one step."""
    rng = rng_of(interaction)

    def change(old: ItsMatch | None) -> Change[ItsMatch]:
        assert old is not None
        owner(old, seat, interaction.user.id)
        draw = old.draw
        if draw is None:
            raise MovedOn(_("The draw has moved on: use /its classified mine to see your cards."))
        if seat not in old.revealed and not draw.secure_hvt_pending(seat):
            raise MovedOn(DECIDED_TEXT)
        kept = draw.players[seat].kept
        replace = None
        if pick is not None:
            if pick >= len(kept):
                raise MovedOn(_("Those cards have changed: run `/its classified reveal` again."))
            replace = kept[pick]
        match = old.choose_secure_hvt(seat, replace, rng)  # refuses a revealed player
        match, _unused = match.reveal(interaction.user.id)
        return Change(match, f"{old.seats[seat].name} revealed", result=seat)

    shown = await change_match(interaction, "classified_reveal", change, game_id=game_id)
    t = reader(interaction)
    done = t("Done: your classified objectives are shown in the channel.")
    await send(interaction, content=done, embed=None, view=None, edit=True)
    await _post_reveal(interaction, shown.state, seat)


async def _post_reveal(interaction: discord.Interaction, match: ItsMatch, seat: int) -> None:
    name = scenario_name(content_of(interaction), match.draw_scenario)
    await send(interaction, embed=draw_texts.reveal_embed(match, seat, name, await channel(interaction)))


ITEMS = (SecureHvtButton, HvtAskButton, HvtConfirmButton, HvtBackButton)
