"""The /si forms' answers: a zone's successes and a player's own allocation, answered by the
bot's form router from the modal's custom id (so a form left open across a restart still works),
and the proposal message closed once an allocation of the player's own is applied."""

from __future__ import annotations

import logging
import re

import discord

from bot.games import MovedOn
from bot.i18n import channel as channel_words
from bot.send import edit_in
from cogs.space_infantry.game import load, step
from cogs.space_infantry.proposal import id_numbers, pending_activation, shown_allocation
from cogs.space_infantry.views import _ALLOC, send_step, successes_entered
from rules.i18n import _
from rules.space_infantry import ZoneAttack, parse_allocation

log = logging.getLogger("herald.space_infantry")


async def allocation_entered(
    interaction: discord.Interaction,
    game_id: int,
    turn: int,
    zone_index: int,
    successes: int,
    message_id: int,
    text: str,
) -> None:
    wanted = parse_allocation(text)
    game = await load(interaction, game_id=game_id)
    zone = pending_activation(game.state.fight, turn, zone_index, successes)
    done = await step(
        interaction,
        ZoneAttack(zone=zone, successes=successes, allocation=wanted),
        name="zone attack",
        expect_game_id=game_id,
    )
    await send_step(interaction, done)
    per = done.result.state.boss.special_rules.wounds_per_success
    await close_proposal(interaction, message_id, zone, done.result.allocation or {}, per)


async def close_proposal(
    interaction: discord.Interaction,
    message_id: int,
    zone: str,
    allocation: dict[str, int],
    wounds_per_success: int = 1,
) -> None:
    """Take the buttons off a proposal whose attack was resolved with the player's own allocation."""
    channel = interaction.channel
    if not message_id or channel is None or not hasattr(channel, "get_partial_message"):
        return
    t = await channel_words(interaction)
    shown = shown_allocation(allocation, wounds_per_success, t) or t("no successes")
    embed = discord.Embed(
        title=t("{attack}: resolved", attack=t("{unit}'s attack", unit=zone)),
        description=t("Resolved with {who}'s own allocation: **{allocation}** (see the message below).",
                      who=interaction.user.mention, allocation=shown),
        colour=discord.Colour.from_rgb(87, 242, 135),
    )
    try:
        await edit_in(channel, message_id, embeds=[embed], view=None)
    except discord.HTTPException:
        log.warning("could not close the proposal message %s", message_id)


# Modal answers -------------------------------------------------------------------------------

_SUCC_FORM = re.compile(r"si:m:succ:(?P<game>\d+):(?P<turn>\d+):(?P<zone>\d+)")
_OWN_FORM = re.compile(rf"si:m:own:{_ALLOC}:(?P<message>\d+)")


async def _successes_form(interaction: discord.Interaction, m: re.Match[str], values: dict[str, str]) -> None:
    await successes_entered(interaction, *id_numbers(m, "game", "turn", "zone"), values.get("successes", ""))


async def _allocation_form(
    interaction: discord.Interaction, m: re.Match[str], values: dict[str, str]
) -> None:
    await allocation_entered(
        interaction,
        *id_numbers(m, "game", "turn", "zone", "successes", "message"),
        values.get("allocation", ""),
    )


async def _stale_form(interaction: discord.Interaction, m: re.Match[str], values: dict[str, str]) -> None:
    raise MovedOn(_("That form belongs to an older version of Herald: use the newest message's buttons."))


#: The /si forms, answered by the bot's FormRouter from their custom ids (first match wins).
FORMS = ((_SUCC_FORM, _successes_form), (_OWN_FORM, _allocation_form), (re.compile(r"si:m:.*"), _stale_form))
