"""Views, modals and persistent buttons that report errors the way commands do.

Persistent buttons are :class:`discord.ui.DynamicItem` subclasses whose custom id carries what
they need (a game id, a step number), so a press on a message posted before a restart is still
handled. Their callback goes through :func:`bot.errors.report`, so a RuleError (for example
``MovedOn``: "this has moved on") reaches the player as an ephemeral message instead of
"interaction failed".
"""

from __future__ import annotations

from typing import Any

import discord

from bot.errors import report


class HeraldView(discord.ui.View):
    async def on_error(self, interaction: discord.Interaction, error: Exception, item: Any) -> None:
        await report(interaction, error)


class HeraldModal(discord.ui.Modal):
    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await report(interaction, error)


class PersistentButton(discord.ui.DynamicItem[discord.ui.Button], template=r"herald:unused"):
    """Base for persistent buttons: subclasses implement :meth:`pressed` and set a template.

    discord.py only logs exceptions from dynamic items; this base reports them to the user.
    """

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.pressed(interaction)
        except Exception as error:  # every failure is reported, none escapes to a log-only path
            await report(interaction, error)

    async def pressed(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class PersistentSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"herald:unused-select"):
    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self.chosen(interaction)
        except Exception as error:
            await report(interaction, error)

    async def chosen(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


def is_manager(interaction: discord.Interaction) -> bool:
    """Members with Manage Server may override who-may-change-what rules."""
    return bool(interaction.guild_id and interaction.permissions.manage_guild)
