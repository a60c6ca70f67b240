"""Herald anywhere: which commands work outside a server that installed Herald.

Herald can be installed to a server (its game commands keep state per channel) or by a player to
themselves (a user-installed app), which lets them use the stateless commands in any server and in
DMs. Discord shows top-level commands by the install types and contexts they declare; the groups
that mix both kinds (``/its``, ``/ba``) are declared everywhere, and their game subcommands answer
politely, through :func:`check`, when used where Herald is not installed.
"""

from __future__ import annotations

import discord
from discord import app_commands

from rules.i18n import N_, Message, _

#: Commands (and groups: every subcommand) that need no stored game: they work anywhere.
ANYWHERE: tuple[str, ...] = (
    "roll",
    "dice",
    "odds",
    "40k",
    "inf",
    "its mission",
    "its rule",
    "its classified card",
    "ba mission",
    "ba rule",
    "ba roll",
    "help",
    "games",
)

SERVER_ONLY_INSTALLS = app_commands.AppInstallationType(guild=True, user=False)
SERVER_ONLY_CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)


class NeedsServer(app_commands.CheckFailure):
    """A game command used where Herald is not installed (a DM, or a server without the bot);
    ``text`` is the explanation, rendered in the reader's language by the error handler."""

    def __init__(self, text: Message) -> None:
        super().__init__(str(text))
        self.text = text


def works_anywhere(qualified_name: str) -> bool:
    """Whether a command (``"its rule"``) needs no server that installed Herald.

    >>> works_anywhere("its rule"), works_anywhere("its score"), works_anywhere("roll")
    (True, False, True)
    """
    return any(qualified_name == name or qualified_name.startswith(name + " ") for name in ANYWHERE)


def installed_here(interaction: discord.Interaction) -> bool:
    """In a server, through the server's own install of Herald with its bot user there: not a
    player's install, nor a server install that added only the commands (see :func:`commands_only`)."""
    return (
        interaction.guild_id is not None
        and interaction.is_guild_integration()
        and interaction.client.get_guild(interaction.guild_id) is not None
    )


def commands_only(interaction: discord.Interaction) -> bool:
    """In a server that installed Herald's commands without its bot user: the install link held
    only the ``applications.commands`` scope (a new app's Default Install Settings), so Discord
    sends the commands but the bot is no member (no GUILD_CREATE, so not in the bot's cache)."""
    return (
        interaction.guild_id is not None
        and interaction.is_guild_integration()
        and interaction.client.get_guild(interaction.guild_id) is None
    )


#: What a server admin does about :func:`commands_only`.
ADD_THE_BOT = N_(
    "Herald was added to this server without its bot user (the install link lacked the `bot` "
    "scope), so it cannot open threads, post boards or send reminders here. A server admin adds "
    "it again with the `bot` scope and its permissions (README, Setting up, step 4)."
)


def anywhere_text() -> str:
    return ", ".join(f"/{name}" for name in ANYWHERE)


def check_here(interaction: discord.Interaction, what: str | Message) -> None:
    """Refuse ``what`` (a game command, or a button that starts or changes a game) outside a server
    that installed Herald with its bot user, saying what works here."""
    if installed_here(interaction):
        return
    if commands_only(interaction):
        raise NeedsServer(_("{what} runs a game in this channel. {fix}", what=what, fix=_(ADD_THE_BOT)))
    if interaction.guild_id is None:
        raise NeedsServer(
            _(
                "{what} runs a game that lives in a server's channel, so it does not work in direct "
                "messages. Use it in a server that added Herald (a server admin adds it from Herald's "
                "profile). Here you can use {anywhere}.",
                what=what,
                anywhere=anywhere_text(),
            )
        )
    raise NeedsServer(
        _(
            "{what} runs a game that lives in a server's channel, so it does not work in a server that "
            "has not added Herald. Use it in a server that added Herald (a server admin adds it from "
            "Herald's profile). Here you can use {anywhere}.",
            what=what,
            anywhere=anywhere_text(),
        )
    )


def check(interaction: discord.Interaction) -> None:
    """Refuse a game command outside a server that installed Herald, saying what works here."""
    command = interaction.command
    if not isinstance(command, app_commands.Command | app_commands.ContextMenu):
        return
    if works_anywhere(command.qualified_name):
        return
    check_here(interaction, f"/{command.qualified_name}")
