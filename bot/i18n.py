"""Whose language: the edge between Discord's interactions and :mod:`rules.i18n`.

- A reply only one person sees (ephemeral) is in that person's client language:
  ``t = reader(interaction)``.
- A message the channel sees is in the server's language: ``t = await channel(interaction)``
  (``/herald language``, else Discord's ``guild_locale`` when it is not en-US, else English);
  with no interaction at hand (a listener): ``await guild_locale(bot, guild_id)``.
- A DM is in the language of the player's last interaction: ``await dm_locale(bot, user_id)``.

``t("English with {named} values", named=...)``, ``t.n(one, many, n, n=n)``, ``t.number(3.333, 2)``
and ``t(message)`` for a lazy message from rules/ (see docs/i18n.md). The command tree's
descriptions and choices are translated at sync by :class:`HeraldTranslator`.
"""

from __future__ import annotations

import hashlib
import logging
from typing import Any

import discord
from discord import app_commands

from rules.i18n import SOURCE, Translator, catalogue, language_of, languages, offered, translator

log = logging.getLogger("herald.i18n")

#: Each language's own name, as the /herald language choices show it.
NAMES: dict[str, str] = {"en": "English", "es": "Español"}
#: The Discord locales each catalogue serves in the command picker (Discord has no plain "es").
DISCORD_LOCALES: dict[str, tuple[discord.Locale, ...]] = {
    "es": (discord.Locale.spain_spanish, discord.Locale.latin_american_spanish),
    "de": (discord.Locale.german,),
    "fr": (discord.Locale.french,),
    "it": (discord.Locale.italian,),
    "pl": (discord.Locale.polish,),
    "pt": (discord.Locale.brazil_portuguese,),
}
#: What Discord sends as ``guild_locale`` for a server that never chose one.
DISCORD_DEFAULT = "en-US"


def reader(interaction: discord.Interaction) -> Translator:
    """The translator for the one person who reads a private reply: their client's language."""
    return translator(str(interaction.locale))


def reader_locale(interaction: discord.Interaction) -> str:
    return str(interaction.locale)


async def channel_locale(interaction: discord.Interaction) -> str:
    """The language of what Herald posts where ``interaction`` happened: the server's choice
    (``/herald language``), else Discord's server language unless it is en-US, else English."""
    guild_id = interaction.guild_id
    if guild_id is None:
        # A DM with Herald, or a group DM: its reader is the player who asked (and their friends).
        return str(interaction.locale)
    return await guild_locale(interaction.client, guild_id, interaction.guild_locale or DISCORD_DEFAULT)


async def guild_locale(bot: Any, guild_id: int | None, discord_locale: object = None) -> str:
    """The language of what Herald posts in a server when no interaction is at hand (a listener,
    a scheduled post): the server's ``/herald language``, else Discord's server language
    (``discord_locale``, or the cached guild's ``preferred_locale``) unless it is en-US, else
    English. ``t = translator(await guild_locale(bot, guild_id))``."""
    if guild_id is None:
        return SOURCE
    repo = getattr(bot, "languages", None)
    if repo is not None:
        chosen = await repo.guild_language(guild_id)
        if chosen:
            return str(chosen)
    if discord_locale is None:
        get_guild = getattr(bot, "get_guild", None)
        discord_locale = getattr(get_guild(guild_id), "preferred_locale", None) if get_guild else None
    if discord_locale is not None and str(discord_locale) != DISCORD_DEFAULT:
        return str(discord_locale)
    return SOURCE


async def channel(interaction: discord.Interaction, *, language: str | None = None) -> Translator:
    """The translator for a message the channel sees.

    ``language`` is an event's own choice (a tournament created with ``language:``): it wins over
    the server's for that event's posts, pictures and threads.
    """
    if language:
        return translator(language)
    return translator(await channel_locale(interaction))


async def dm_locale(bot: Any, user_id: int) -> str:
    """The locale of the player's last interaction with Herald (English if never seen)."""
    repo = getattr(bot, "languages", None)
    found = await repo.user_locale(user_id) if repo is not None else None
    return found or SOURCE


def choosable() -> list[str]:
    """Languages ``/herald language`` offers: those with a catalogue, English first."""
    return [SOURCE, *(lang for lang in languages() if lang != SOURCE)]


class HeraldTranslator(app_commands.Translator):
    """Translates every description and choice name of the command tree at sync, for the Discord
    locales of each offered language; command, group and option NAMES stay English (docs/i18n.md)."""

    KEPT = frozenset(
        {
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        }
    )

    def __init__(self) -> None:
        self._served: dict[discord.Locale, str] | None = None

    def served(self) -> dict[discord.Locale, str]:
        """Each Discord locale an offered language serves, and that language."""
        if self._served is None:
            self._served = {
                locale: lang
                for lang in sorted(offered() - {SOURCE})
                for locale in DISCORD_LOCALES.get(lang, ())
                if language_of(str(locale)) == lang
            }
        return self._served

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in self.KEPT:
            return None
        lang = self.served().get(locale)
        if lang is None:
            return None
        cat = catalogue(lang)
        text = string.message
        if not cat.knows(text):
            return None
        return cat.gettext(text)


def catalogue_digest() -> str:
    """What the offered catalogues hold, in short: a changed translation syncs the commands again."""
    digest = hashlib.sha256()
    for lang in sorted(offered() - {SOURCE}):
        digest.update(lang.encode())
        cat = catalogue(lang)
        for key, value in sorted(getattr(cat.translations, "_catalog", {}).items(), key=str):
            digest.update(f"{key}\0{value}\0".encode())
    return digest.hexdigest()
