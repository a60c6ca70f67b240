"""Views, modals and persistent buttons that report errors the way commands do.

Persistent buttons are :class:`discord.ui.DynamicItem` subclasses whose custom id carries what
they need (a game id, a step number), so a press on a message posted before a restart is still
handled. Their callback goes through :func:`bot.errors.report`, so a RuleError (for example
``MovedOn``: "this has moved on") reaches the player as an ephemeral message instead of
"interaction failed".
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, ClassVar

import discord

from bot.anywhere import check_here
from bot.errors import report
from bot.send import holding_response
from rules.errors import RuleError
from rules.text import clean_text


class HeraldModal(discord.ui.Modal):
    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        await report(interaction, error)


class PersistentButton(discord.ui.DynamicItem[discord.ui.Button], template=r"herald:unused"):
    """Base for persistent buttons: subclasses implement :meth:`pressed` and set a template.

    discord.py only logs exceptions from dynamic items; this base reports them to the user.
    A button that starts or changes a game sets ``changes_game``: where games are not allowed
    (a DM, a server without Herald's bot) it is refused as the game commands are (the command
    tree's check runs for slash commands only), before anything is stored.
    """

    changes_game: ClassVar[bool] = False

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.changes_game:
                check_here(interaction, "That button")
            await self.pressed(interaction)
        except Exception as error:  # every failure is reported, none escapes to a log-only path
            await report(interaction, error)

    async def pressed(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


class PersistentSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"herald:unused-select"):
    changes_game: ClassVar[bool] = False
    """As :attr:`PersistentButton.changes_game`."""

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.changes_game:
                check_here(interaction, "That menu")
            await self.chosen(interaction)
        except Exception as error:
            await report(interaction, error)

    async def chosen(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError


def is_manager(interaction: discord.Interaction) -> bool:
    """Members with Manage Server may override who-may-change-what rules."""
    return bool(interaction.guild_id and interaction.permissions.manage_guild)


FormHandler = Callable[[discord.Interaction, "re.Match[str]", dict[str, str]], Awaitable[None]]


def form_values(data: Mapping[str, Any]) -> dict[str, str]:
    """The text inputs of a submitted modal by custom id, whatever layout Discord used
    (action rows, or the newer label components), each cleaned by :func:`rules.text.clean_text`
    (line breaks kept)."""
    found: dict[str, str] = {}

    def walk(components: list[dict[str, Any]]) -> None:
        for comp in components:
            if comp.get("type") == 4 and "custom_id" in comp:
                # The one door for typed form fields, as HeraldTree.interaction_check is for options.
                found[comp["custom_id"]] = clean_text(str(comp.get("value") or ""), multiline=True)
            walk(comp.get("components") or [])
            if "component" in comp:
                walk([comp["component"]])

    walk(list(data.get("components") or []))
    return found


class FormRouter:
    """Modals answered from their custom id alone, so a form left open across a restart works.

    discord.py forgets its modals when the process stops. A persistent form is instead shown
    with :func:`open_form` (which drops it from discord.py's store at once) and answered here:
    the first route whose pattern matches the whole custom id gets the interaction, the match
    and the values. Its errors are reported like a command's.
    """

    def __init__(self) -> None:
        self._routes: list[tuple[re.Pattern[str], FormHandler]] = []

    def add(self, pattern: str | re.Pattern[str], handler: FormHandler) -> None:
        self._routes.append((re.compile(pattern), handler))

    def remove(self, handler: FormHandler) -> None:
        self._routes = [(p, h) for p, h in self._routes if h != handler]

    async def dispatch(self, interaction: discord.Interaction) -> bool:
        """Answer ``interaction`` if it is a submitted persistent form; True when it was."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return False
        data: Mapping[str, Any] = interaction.data or {}  # type: ignore[assignment]
        custom_id = str(data.get("custom_id", ""))
        for pattern, handler in self._routes:
            match = pattern.fullmatch(custom_id)
            if match is not None:
                try:
                    await handler(interaction, match, form_values(data))
                except Exception as error:  # reported to the player like any command's error
                    await report(interaction, error)
                return True
        return False


def labelled(form: discord.ui.Modal) -> discord.ui.Modal:
    """``form`` with each text input inside a :class:`discord.ui.Label` (its label the Label's
    text), as Discord now wants them: text inputs in action rows are deprecated in modals. A form
    already made of Labels (which may also hold selects) is returned as it is; otherwise a fresh
    modal is built (discord.py 2.7.1 miscounts children on ``remove_item``)."""
    if not any(isinstance(child, discord.ui.TextInput) for child in form.children):
        return form
    fresh = discord.ui.Modal(title=form.title, custom_id=form.custom_id, timeout=form.timeout)
    for child in form.children:
        if isinstance(child, discord.ui.TextInput):
            # The input's own label (deprecated) becomes the Label's text.
            text = child._underlying.label or "…"
            child._underlying.label = None
            fresh.add_item(discord.ui.Label(text=text, component=child))
        else:
            fresh.add_item(child)
    return fresh


def text_field(
    label: str,
    custom_id: str,
    *,
    description: str | None = None,
    long: bool = False,
    default: str | None = None,
    placeholder: str | None = None,
    required: bool = True,
    max_length: int | None = None,
) -> discord.ui.Label[Any]:
    """One typed field of a form, as a Label holding a text input (for new forms)."""
    return discord.ui.Label(
        text=label,
        description=description,
        component=discord.ui.TextInput(
            custom_id=custom_id,
            style=discord.TextStyle.paragraph if long else discord.TextStyle.short,
            default=default,
            placeholder=placeholder,
            required=required,
            max_length=max_length,
        ),
    )


async def open_form(interaction: discord.Interaction, form: discord.ui.Modal) -> None:
    """Show ``form`` as a persistent form: its answer goes to the bot's :class:`FormRouter`.
    Its text inputs are shown in Labels (:func:`labelled`)."""
    original, form = form, labelled(form)
    if original is not form:
        original.stop()
    async with holding_response(interaction):
        if interaction.response.is_done():
            # Herald was slow to answer and had to acknowledge first; a form can only be a first answer.
            raise RuleError(
                "Herald was busy for a moment and could not open the form: press the button again."
            )
        await interaction.response.send_modal(form)
    form.stop()
