"""One place that turns any failure into what the player should see.

``RuleError`` (the rules engines' base) becomes an ephemeral reply with its own message.
Cooldowns, missing permissions and failed checks get friendly text. Anything else is logged
with a short incident id and the user sees only that id: no traceback or exception text ever
reaches a channel.
"""

from __future__ import annotations

import logging
import re
import secrets
from typing import Any

import discord
from discord import AppCommandOptionType, app_commands

from bot.anywhere import NeedsServer, check
from rules.errors import RuleError
from rules.i18n import translator
from rules.text import clean_text

log = logging.getLogger("herald.errors")
_MASKED_LINK = re.compile(r"\]\(")


def _unwrap(error: BaseException) -> BaseException:
    while isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError) and (
        error.__cause__ is not None or getattr(error, "original", None) is not None
    ):
        inner = getattr(error, "original", None) or error.__cause__
        if inner is None or inner is error:
            break
        if isinstance(error, app_commands.TransformerError) and not isinstance(inner, RuleError):
            break
        error = inner
    return error


def describe(error: BaseException, locale: str | None = None) -> tuple[str, str | None]:
    """The text to show for ``error`` in ``locale`` (the reader's Discord locale; English when
    None or not offered), and an incident id when it was unexpected."""
    error = _unwrap(error)
    t = translator(locale)
    if isinstance(error, RuleError):
        # Error messages quote what was typed, by this player or (a tournament's name, say) another:
        # no masked link may hide where it leads, even in a private reply. Herald writes none itself.
        return _MASKED_LINK.sub(r"]\\(", error.render(locale)), None
    if isinstance(error, app_commands.CommandOnCooldown):
        return t("Slow down a little: try again in {seconds} s.", seconds=round(error.retry_after)), None
    if isinstance(error, app_commands.MissingPermissions):
        # Discord's own names for its permissions, as its settings show them in English.
        perms = ", ".join(p.replace("_", " ").title() for p in error.missing_permissions)
        return t("You need the {permissions} permission for that.", permissions=perms), None
    if isinstance(error, app_commands.BotMissingPermissions):
        perms = ", ".join(p.replace("_", " ").title() for p in error.missing_permissions)
        return (
            t(
                "I need the {permissions} permission in this channel for that; ask a server admin.",
                permissions=perms,
            ),
            None,
        )
    if isinstance(error, NeedsServer):
        return str(error), None
    if isinstance(error, app_commands.NoPrivateMessage):
        return t("That command works in a server channel, not in direct messages."), None
    if isinstance(error, app_commands.TransformerError):
        return (
            t(
                "I couldn't read {value} as {kind}; check that option.",
                value=repr(error.value),
                kind=error.type.name.lower(),
            ),
            None,
        )
    if isinstance(error, app_commands.CheckFailure):
        return t("You can't use that command here."), None
    if isinstance(error, app_commands.CommandNotFound):
        return t("I don't know that command any more; Discord may still be updating its list."), None
    incident = secrets.token_hex(3)
    log.error("incident %s: %s", incident, type(error).__name__, exc_info=error)
    return (
        t(
            "Something went wrong on my side. Incident `{incident}`: tell the server's admins if it "
            "keeps happening.",
            incident=incident,
        ),
        incident,
    )


async def report(interaction: discord.Interaction, error: BaseException) -> str | None:
    """Tell the user what went wrong, ephemerally; return the incident id if there was one."""
    from bot.send import send  # bot.send needs nothing of this module; imported late to keep it so

    text, incident = describe(error, str(interaction.locale))
    try:
        if interaction.type is discord.InteractionType.autocomplete:
            if not interaction.response.is_done():
                await interaction.response.autocomplete([])
        else:
            await send(interaction, content=text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error message for interaction %s", interaction.id)
    return incident


def clean_options(options: list[dict[str, Any]]) -> None:
    """Clean every string option (subcommands' too) in place with :func:`rules.text.clean_text`."""
    for option in options:
        if option.get("type") == AppCommandOptionType.string.value and isinstance(option.get("value"), str):
            option["value"] = clean_text(option["value"])
        clean_options(option.get("options") or [])


class HeraldTree(app_commands.CommandTree):
    """The command tree with the one error handler, and the one door typed options pass."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        # Runs before discord.py reads the options: no handler, autocomplete or database ever
        # sees a NUL, another control character, a direction override or a zero-width character.
        data: Any = interaction.data or {}
        clean_options(data.get("options") or [])
        # Then the game commands answer, where Herald is not installed, with what works there.
        if interaction.type is discord.InteractionType.autocomplete:
            try:
                check(interaction)
            except NeedsServer:
                return False  # no suggestions where the command cannot run
            return True
        check(interaction)
        return True
