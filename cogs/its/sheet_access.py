"""Who may use which side of the score sheet, and whether a sheet control still applies.

Each side belongs to its seat's player (a Manage Server member may still correct entries, but
confirming is each player's own). The player invited to the second seat may use that side too:
doing so is their acceptance of the seat (see :mod:`cogs.its.seats`).
"""

from __future__ import annotations

import discord

from bot.games import MovedOn
from bot.i18n import channel
from bot.play import is_manager
from bot.send import send
from cogs.its.common import rng_of
from cogs.its.library import ItsContent
from cogs.its.seats import accept_for_side, joined_draw
from cogs.its.state import ItsMatch
from rules.errors import RuleError
from rules.i18n import Message, _
from rules.its.scenario import Scenario
from rules.its.scoring import Side


def seat_of_side(side: Side) -> int:
    return 0 if side is Side.A else 1


# -- who may do what ----------------------------------------------------------------------------


def _player(match: ItsMatch, side: Side, user_id: int) -> tuple[bool, str]:
    """Whether ``user_id`` plays ``side`` (or is invited to it), and that side's player's name."""
    seat = seat_of_side(side)
    if seat < len(match.seats):
        return match.seats[seat].user_id == user_id, match.seats[seat].name
    if match.invited is not None:
        return accept_for_side(match, seat, user_id), match.invited.name
    return False, "that player"


def acting(match: ItsMatch, side: Side, user_id: int, interaction: discord.Interaction) -> ItsMatch:
    """The match with ``user_id`` seated when they are the player invited to ``side``: editing or
    confirming their own side is their acceptance."""
    if accept_for_side(match, seat_of_side(side), user_id):
        return match.accept(user_id, rng_of(interaction))[0]
    return match


async def after_acting(
    interaction: discord.Interaction, game_id: int, new: ItsMatch, old: ItsMatch | None
) -> None:
    """Tell the channel when a sheet step was also the invited player's acceptance."""
    if old is None or old.invited is None or new.invited is not None:
        return
    guest = old.invited.user_id
    if new.seat_of(guest) is None:
        return
    t = await channel(interaction)
    await send(
        interaction,
        content=t(
            "{guest} took the seat they were invited to by using their side of the sheet: this "
            "channel's ITS match is {players}.",
            guest=f"<@{guest}>",
            players=new.player_list(),
        ),
    )
    await joined_draw(interaction, game_id, new, old, seat=1, show_hand=interaction.user.id == guest)


def may_confirm(interaction: discord.Interaction, match: ItsMatch, side: Side) -> None:
    own, owner = _player(match, side, interaction.user.id)
    if not own:
        raise RuleError(
            _(
                "Only {owner} can confirm {owner}'s side: confirming is each player's own agreement "
                "with the result (a Manage Server member may still correct entries).",
                owner=owner,
            )
        )


def may_edit(interaction: discord.Interaction, match: ItsMatch, side: Side) -> None:
    own, owner = _player(match, side, interaction.user.id)
    if not own and not is_manager(interaction):
        raise RuleError(
            _(
                "Only {owner} (or a Manage Server member) can change {owner}'s side of this score sheet.",
                owner=owner,
            )
        )


def current_sheet(content: ItsContent, match: ItsMatch, step: int | None, user_id: int) -> Scenario:
    """The sheet's scenario, when a control made at sheet step ``step`` still applies."""
    if match.sheet is None:
        raise MovedOn(_("This channel's score sheet is gone: start one with /its score."))
    match.check_open()  # before the step check: say why, not just "out of date"
    if step is None or step != match.sheet_step:
        # Confirming means agreeing with what you saw: a changed sheet must be seen first.
        raise MovedOn(stale_sheet(content, match, legacy=step is None, user_id=user_id))
    return content.scenarios.get(match.sheet.scenario_id)


def stale_sheet(content: ItsContent, match: ItsMatch, *, legacy: bool, user_id: int) -> Message:
    """Why a sheet control no longer applies, and the command that posts the current sheet."""
    assert match.sheet is not None
    if legacy:
        return _(
            "This sheet's controls are from an older version of Herald. To get the current sheet with "
            "working controls, run `/its score` here: with no options it posts this channel's sheet anew "
            "(nothing is reset)."
        )
    return _(
        "This copy of the score sheet is out of date: the sheet was edited or confirmed since. To get "
        "the current sheet with working controls, run `/its score` here: with no options it posts this "
        "channel's sheet anew (nothing is reset)."
    )
