"""/herald language: the language Herald posts in, in this server (Manage Server)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.anywhere import SERVER_ONLY_CONTEXTS, SERVER_ONLY_INSTALLS
from bot.i18n import NAMES, channel_locale, choosable, reader
from bot.send import send
from bot.views import is_manager
from rules.errors import RuleError
from rules.i18n import _, language_of, offered

#: The choice that goes back to Discord's own server language.
DISCORD = "discord"


def _choices() -> list[Choice[str]]:
    return [
        Choice(name="Discord's server language (Community servers), else English", value=DISCORD),
        *(Choice(name=NAMES.get(lang, lang), value=lang) for lang in choosable()),
    ]


class Herald(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    herald = app_commands.Group(
        name="herald",
        description="Herald's settings for this server",
        # A server's setting: only where the server installed Herald, and by Manage Server.
        allowed_installs=SERVER_ONLY_INSTALLS,
        allowed_contexts=SERVER_ONLY_CONTEXTS,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    @herald.command(name="language", description="The language Herald posts in here (needs Manage Server)")
    @app_commands.describe(language="The language of boards, pairings, standings and other public posts")
    @app_commands.choices(language=_choices())
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        t = reader(interaction)
        if interaction.guild_id is None:
            raise RuleError(_("The server language is set in a server: run this in one of its channels."))
        if not is_manager(interaction):
            raise RuleError(_("Only members with Manage Server choose the language Herald posts in here."))
        if language not in (DISCORD, *choosable()):
            raise RuleError(_("Pick one of the languages offered in the list."))
        if language != DISCORD and language not in offered():
            raise RuleError(
                _(
                    "{language} is not complete yet, and Herald never posts half a sentence in a "
                    "language: it keeps posting in English until every message is translated.",
                    language=NAMES.get(language, language),
                )
            )
        chosen = None if language == DISCORD else language
        await self.bot.languages.set_guild_language(  # type: ignore[attr-defined]
            interaction.guild_id, chosen, set_by=interaction.user.id
        )
        now = language_of(await channel_locale(interaction))
        text = t(
            "Herald now posts in {language} in this server. Private replies stay in each player's "
            "own Discord language.",
            language=NAMES.get(now, now),
        )
        await send(interaction, content=text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Herald(bot))
