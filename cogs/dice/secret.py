"""Secret rolls for a game master: `/roll ... secret:true` and `/dice gm`.

A secret roll's result goes to the player who rolled it and to the server's game masters: posted in
full in the game master channel (`/dice gm channel:`), and kept for members with the game master
role (`/dice gm role:`), who reveal it privately with the button on the channel's notice. Herald
has no privileged intents, so it cannot list a role's members to DM them: the button is how a
role's members see it. The channel's notice says who rolled and the label, nothing of the result,
and nothing of it is logged.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import discord

from bot.anywhere import installed_here
from bot.limits import MAX_AUTHOR, MAX_EMBED_TITLE
from bot.send import private as answer_privately
from bot.send import send, send_to
from bot.storage.secret_rolls import GameMasters, SecretRollRepository
from bot.text import public
from bot.views import PersistentButton, is_manager
from rules.dice import DiceError

log = logging.getLogger("herald.dice")

SECRET_PREFIX = "dice:secret:"
REVEAL_LABEL = "Reveal (game masters)"
NO_GAME_MASTER = (
    "A secret roll is shown to you and this server's game masters, and nobody is set as one here. "
    "Someone with Manage Server sets them with `/dice gm role:` (members with that role may reveal "
    "each secret roll) or `/dice gm channel:` (every secret roll is posted there in full). "
    "`private:true` shows a roll to you alone."
)
#: Room for the label in the notice (as in a roll's title).
LABEL_LIMIT = MAX_EMBED_TITLE - 2


class RevealButton(PersistentButton, template=r"dice:secret:(?P<id>\d+)"):
    """On a secret roll's public notice: shows the kept result, privately, to a game master (a
    member with the server's game master role) or to the player who rolled; anyone else is refused.
    The custom id carries only the kept roll's number, never the result."""

    def __init__(self, roll_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=REVEAL_LABEL,
                emoji="🤫",
                style=discord.ButtonStyle.secondary,
                custom_id=f"{SECRET_PREFIX}{roll_id}",
            )
        )
        self.roll_id = roll_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> RevealButton:
        return cls(int(match["id"]))

    async def pressed(self, interaction: discord.Interaction) -> None:
        await reveal(interaction, self.roll_id)


def _holds(member: discord.abc.User, role_id: int | None) -> bool:
    """Whether ``member`` holds the role (read from the interaction's member: no intent needed)."""
    return role_id is not None and isinstance(member, discord.Member) and member.get_role(role_id) is not None


async def audience(interaction: discord.Interaction, secrets: SecretRollRepository) -> GameMasters | bool:
    """Who sees a secret roll made here: the server's game masters (refused, saying how to set
    them, when there are none), or ``True`` outside a server that added Herald (a DM, a server
    without the bot), where there is no game master and the roll is only answered privately."""
    if not installed_here(interaction):
        return True
    assert interaction.guild_id is not None
    gm = await secrets.game_masters(interaction.guild_id)
    if gm is None:
        raise DiceError(NO_GAME_MASTER)
    return gm


def secret_note(gm: GameMasters | bool) -> str:
    """The footer note of a secret roll's result."""
    if isinstance(gm, GameMasters):
        return "secret roll"
    return "secret: outside a server that added Herald there is no game master, so only you see it"


async def send_secret(
    interaction: discord.Interaction,
    secrets: SecretRollRepository,
    embed: discord.Embed,
    title: str | None,
    gm: GameMasters | bool,
) -> None:
    """The result to the roller and the game masters; to the channel, only that a secret roll
    was made and its label. Nothing of the result is logged."""
    if not isinstance(gm, GameMasters):
        await send(interaction, embed=embed, ephemeral=True)
        return
    assert interaction.guild_id is not None and interaction.channel_id is not None
    user = interaction.user
    told: list[str] = []
    if gm.channel_id is not None:
        guild = interaction.guild
        channel = guild.get_channel_or_thread(gm.channel_id) if guild is not None else None
        target = channel or interaction.client.get_partial_messageable(gm.channel_id)
        try:
            await send_to(
                target,  # type: ignore[arg-type]
                content=f"🤫 Secret roll by {user.mention} in <#{interaction.channel_id}>",
                embeds=[embed],
                mentions=discord.AllowedMentions.none(),
            )
            told.append(f"posted in full in <#{gm.channel_id}>")
        except discord.HTTPException as error:
            log.warning("secret roll: could not post in the game master channel (%s)", error.status)
            told.append(
                f"**not** posted in <#{gm.channel_id}>: Discord refused it ({error.status}); a server "
                "admin checks that I may view and send messages there"
            )
    view: discord.ui.View | None = None
    if gm.role_id is not None:
        kept = await secrets.keep(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=user.id,
            label=title,
            result=json.dumps(embed.to_dict()),
        )
        view = discord.ui.View(timeout=None)
        view.add_item(RevealButton(kept))
        told.append(f"members with <@&{gm.role_id}> may reveal it with the notice's button")
        log.info("secret roll %s made by %s in server %s", kept, user.id, interaction.guild_id)
    else:
        log.info("secret roll made by %s in server %s", user.id, interaction.guild_id)
    await send(
        interaction,
        content=f"🤫 Secret roll: only you and the game masters see it ({'; '.join(told)}).",
        embed=embed,
        ephemeral=True,
    )
    # The channel reads who rolled and for what, never the expression (a modifier tells
    # something) nor any die: the label is the player's own text, made inert.
    shown = f": **{public(title, LABEL_LIMIT)}**" if title else ""
    await send(
        interaction,
        content=f"🤫 **{public(user.display_name, MAX_AUTHOR)}** made a secret roll{shown}.",
        view=view,
    )


async def reveal(interaction: discord.Interaction, roll_id: int) -> None:
    """A secret roll's result, privately, to a game master or the player who rolled it."""
    secrets: SecretRollRepository = interaction.client.secret_rolls  # type: ignore[attr-defined]
    kept = await secrets.secret(roll_id)
    if kept is None or kept.guild_id != interaction.guild_id:
        raise DiceError("That secret roll is no longer kept here.")
    gm: GameMasters | None = await secrets.game_masters(kept.guild_id)
    role = gm.role_id if gm is not None else None
    if interaction.user.id != kept.user_id and not _holds(interaction.user, role):
        who = f"members with <@&{role}>" if role is not None else "nobody (no game master role is set)"
        raise DiceError(
            f"A secret roll is for its player and the game masters: here {who}. It stays hidden from you."
        )
    log.info("secret roll %s revealed to %s", roll_id, interaction.user.id)
    embed = discord.Embed.from_dict(json.loads(kept.result))
    when = kept.created_at[:16].replace("T", " ")
    await send(
        interaction,
        content=f"🤫 Secret roll by <@{kept.user_id}> in <#{kept.channel_id}>, made {when} UTC:",
        embed=embed,
        ephemeral=True,
    )


async def configure(
    interaction: discord.Interaction,
    secrets: SecretRollRepository,
    *,
    role: discord.Role | None,
    channel: discord.TextChannel | None,
    clear: bool,
) -> None:
    """`/dice gm`: show the server's game masters, or (Manage Server) set or clear them."""
    answer_privately(interaction)
    if interaction.guild_id is None or not installed_here(interaction):
        raise DiceError(
            "Game masters belong to a server that added Herald: run `/dice gm` in one of its channels. "
            "Here `/roll ... secret:true` shows the roll to you alone."
        )
    guild_id = interaction.guild_id
    if role is None and channel is None and not clear:
        gm = await secrets.game_masters(guild_id)
        await send(interaction, content=game_masters_text(gm), ephemeral=True)
        return
    if not is_manager(interaction):
        raise DiceError("Only members with Manage Server set the game masters; `/dice gm` alone shows them.")
    if clear and (role is not None or channel is not None):
        raise DiceError("`clear:true` forgets both the role and the channel: give it alone.")
    if clear:
        await secrets.clear_game_masters(guild_id)
        await send(interaction, content=game_masters_text(None), ephemeral=True)
        return
    if channel is not None and interaction.guild is not None:
        allowed = channel.permissions_for(interaction.guild.me)
        if not (allowed.view_channel and allowed.send_messages):
            raise DiceError(
                f"I can't post in {channel.mention}: give me View Channel and Send Messages there, "
                "then set it again."
            )
    changes: dict[str, int] = {}
    if role is not None:
        changes["role_id"] = role.id
    if channel is not None:
        changes["channel_id"] = channel.id
    await secrets.set_game_masters(guild_id, by=interaction.user.id, **changes)
    gm = await secrets.game_masters(guild_id)
    await send(interaction, content=game_masters_text(gm), ephemeral=True)


def game_masters_text(gm: GameMasters | None) -> str:
    """Who sees this server's secret rolls, for /dice gm."""
    if gm is None:
        return (
            "No game master is set here, so `/roll ... secret:true` is refused. Someone with Manage "
            "Server sets one with `/dice gm role:` or `/dice gm channel:`."
        )
    parts = []
    if gm.role_id is not None:
        parts.append(f"members with <@&{gm.role_id}> may reveal each secret roll with its notice's button")
    if gm.channel_id is not None:
        parts.append(f"every secret roll is posted in full in <#{gm.channel_id}>")
    return (
        "The game masters see secret rolls (`/roll ... secret:true`) here: " + "; ".join(parts) + ". "
        "The channel only reads that a secret roll was made, with its label."
    )
