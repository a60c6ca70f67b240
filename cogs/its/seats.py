"""Invitations: the opponent a player names is asked before the match's second seat is theirs.

``/its score opponent:`` and ``/its classified draw opponent:`` reserve the open seat for that
person (:meth:`rules.its.match.Match.invite`) and post the invitation with two buttons. The
invited player accepts with the button, or by acting in the match themselves (drawing, scoring,
editing or confirming their side of the sheet); until then nothing in the match is theirs, and
anyone else who tries to take the seat is told who it is reserved for. A Manage Server member
may accept for them or withdraw the invitation.

Custom ids: ``its:seat:<game>:<seat step>:<y|n>`` (accept, or decline / withdraw).
"""

from __future__ import annotations

import discord

from bot.games import MovedOn
from bot.i18n import channel, reader
from bot.play import Change, StepButton, View, is_manager
from bot.send import send
from bot.text import pinging, public
from cogs.its import draw_texts, pages
from cogs.its.common import change_match, content_of, rng_of, scenario_name
from cogs.its.draw_news import progress, where_cards
from cogs.its.draw_steps import announce, private_view
from cogs.its.state import KIT, ItsMatch
from rules.errors import RuleError
from rules.i18n import Message, Translator, _, translator
from rules.its.match import Seat


def check_opponent(user: discord.abc.User, opponent: discord.abc.User) -> None:
    """Refuse naming yourself or a bot as the opponent."""
    if opponent.id == user.id:
        raise RuleError(_("Pick your opponent, not yourself."))
    if opponent.bot:
        raise RuleError(_("Bots don't play Infinity: pick the person you are playing against."))


class SeatButton(StepButton, prefix="its:seat"):
    """Accept (``y``) or decline (``n``) the invitation made at that seat step."""

    async def run(self, interaction: discord.Interaction) -> None:
        await answer(interaction, self.game, self.step, accept=self.arg == "y")


def invitation_text(match: ItsMatch, t: Translator | None = None) -> str:
    t = t if t is not None else translator(None)
    assert match.invited is not None and match.seats
    host, guest = match.seats[0], match.invited
    return t(
        "{guest}, **{host}** named you as their opponent for this channel's ITS "
        "match. Accept to take the second seat (your side of the score sheet and your classified "
        "objectives). Until you accept, nothing in this match is yours and nobody else can take "
        "the seat.",
        guest=f"<@{guest.user_id}>",
        host=host.name,
    )


def invitation_view(game_id: int, match: ItsMatch, t: Translator | None = None) -> discord.ui.View | None:
    t = t if t is not None else translator(None)
    if match.invited is None or not match.seats:
        return None
    return View(
        SeatButton(
            game_id,
            match.seat_step,
            "y",
            label=t("Accept: play {name}", name=match.seats[0].name),
            style=discord.ButtonStyle.success,
        ),
        SeatButton(game_id, match.seat_step, "n", label=t("Decline"), style=discord.ButtonStyle.secondary),
    )


async def post_invitation(
    interaction: discord.Interaction, game_id: int, match: ItsMatch, old: ItsMatch | None
) -> None:
    """Post the invitation when this step made one (or named someone else); it pings the guest."""
    if match.invited is None or (old is not None and old.invited == match.invited):
        return
    t = await channel(interaction)
    lines = [invitation_text(match, t)]
    if old is not None and old.invited is not None:
        lines.append(t("(The invitation to {guest} is withdrawn.)", guest=f"<@{old.invited.user_id}>"))
    await send(
        interaction,
        content="\n".join(lines),
        view=invitation_view(game_id, match, t),
        mentions=pinging([match.invited.user_id]),
    )


def accept_for_side(match: ItsMatch, seat: int, user_id: int) -> bool:
    """Whether ``user_id`` is the player invited to ``seat`` (acting there accepts the seat)."""
    return seat == len(match.seats) and match.invited is not None and match.invited.user_id == user_id


async def answer(interaction: discord.Interaction, game_id: int, step: int, *, accept: bool) -> None:
    user = interaction.user
    manager = is_manager(interaction)
    rng = rng_of(interaction)

    def change(old: ItsMatch | None) -> Change[ItsMatch]:
        assert old is not None
        if old.invited is None or step != old.seat_step:
            raise MovedOn(
                _(
                    "This invitation was already answered or replaced: the match's players are {players}.",
                    players=old.player_list(),
                )
            )
        if accept:
            match, seat = old.accept(user.id, rng, manager=manager)
            return Change(match, f"{match.seats[seat].name} accepted the seat", result=match.seats[seat])
        match, was = old.decline(user.id, manager=manager)
        return Change(match, f"invitation to {was.name} declined or withdrawn", result=was)

    shown = await change_match(interaction, "seat", change, game_id=game_id)
    guest: Seat = shown.result
    match, old = shown.state, shown.before
    host = match.seats[0].name
    t = await channel(interaction)
    mention = f"<@{guest.user_id}>"
    if not accept:
        if user.id == guest.user_id:
            text = t(
                "{guest} declined the invitation. The second seat is open again: {host} can name "
                "someone else, or another player joins by drawing here.",
                guest=mention,
                host=host,
            )
        else:
            text = t(
                "{who} withdrew the invitation to {guest}. The second seat is open again: {host} can "
                "name someone else, or another player joins by drawing here.",
                who=public(user.display_name, 40),
                guest=mention,
                host=host,
            )
        await send(interaction, content=text, view=None, edit=True)
        return
    if user.id == guest.user_id:
        text = t(
            "{guest} accepted: this channel's ITS match is {players}.",
            guest=mention,
            players=match.player_list(),
        )
    else:
        text = t(
            "{guest} accepted ({manager}, a Manage Server member, seated them): this channel's ITS "
            "match is {players}.",
            guest=mention,
            manager=public(user.display_name, 40),
            players=match.player_list(),
        )
    await send(interaction, content=text, view=None, edit=True)
    await joined_draw(interaction, shown.id, match, old, seat=1, show_hand=user.id == guest.user_id)


async def joined_draw(
    interaction: discord.Interaction,
    game_id: int,
    match: ItsMatch,
    old: ItsMatch | None,
    *,
    seat: int,
    show_hand: bool,
) -> None:
    """When taking the seat dealt ``seat`` a waiting hand: their cards (to them alone) and the news."""
    draw = match.draw
    if old is None or old.draw is None or draw is None or seat >= len(draw.players):
        return
    name = scenario_name(content_of(interaction), match.draw_scenario)
    if show_hand:
        await send(
            interaction,
            embed=draw_texts.private_draw_embed(match, seat, name, t=reader(interaction)),
            view=private_view(game_id, draw, seat, reader(interaction)),
            ephemeral=True,
        )
    t = await channel(interaction)
    joined = t(
        "{player} joined the classified draw for **{scenario}**.",
        player=f"<@{match.seats[seat].user_id}>",
        scenario=pages.scenario_name(name, t),
    )
    lines = [joined + where_cards(draw, t)]
    lines.extend(progress(old, match, seat, joined=True, t=t))
    await announce(interaction, game_id, match, lines, old)


async def invited_hint(interaction: discord.Interaction) -> Message | None:
    """For someone invited to this channel's match: how to accept (else None)."""
    game = await KIT.find(interaction)
    if game is None or game.state.invited is None or game.state.invited.user_id != interaction.user.id:
        return None
    if not game.state.seats:
        return _(
            "A player invited you to this channel's match: press Accept on the invitation, or run "
            "/its classified draw or /its score here, to take your seat."
        )
    return _(
        "{host} invited you to this channel's match: press Accept on the invitation, or run "
        "/its classified draw or /its score here, to take your seat.",
        host=game.state.seats[0].name,
    )


ITEMS = (SeatButton,)
