"""What every part of the ITS cog shares: its content, the match step, and its buttons' base.

The concern modules (:mod:`~cogs.its.lookup`, :mod:`~cogs.its.draws`, :mod:`~cogs.its.draw_steps`,
:mod:`~cogs.its.countermeasures`, :mod:`~cogs.its.sheet`, :mod:`~cogs.its.ending`) import this
module and never :mod:`cogs.its.commands`; their buttons call functions beside them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any, ClassVar

import discord
from discord.app_commands import Choice

from bot.games import ChannelBusy
from bot.limits import MAX_BUTTON_LABEL, clip
from bot.play import Change, Shown
from bot.views import PersistentButton
from cogs.its.library import ItsContent
from cogs.its.state import KIT, ItsMatch
from rules.errors import NotFoundError
from rules.i18n import _
from rules.its.tiers import Tier

COLOUR = discord.Colour.from_rgb(0, 150, 200)
PRIVATE_COLOUR = discord.Colour.from_rgb(120, 90, 200)
TIER_CHOICES = [Choice(name=f"{int(t)} points", value=int(t)) for t in Tier]
#: Where a player's private cards live: said whenever a command finds none in this channel.
WHERE_DRAWS_LIVE = _(
    "Classified objectives belong to the channel (or thread) where the match is played: run "
    "this command there, or start a draw here with /its classified draw."
)


def content_of(interaction: discord.Interaction) -> ItsContent:
    """The scenarios, rules and decks the ITS cog loaded."""
    cog = interaction.client.get_cog("ITS")  # type: ignore[attr-defined]
    assert cog is not None, "the ITS cog is not loaded"
    return cog.content  # type: ignore[no-any-return]


def rng_of(interaction: discord.Interaction) -> random.Random:
    return interaction.client.rng  # type: ignore[attr-defined,no-any-return]


def scenario_name(content: ItsContent, scenario_id: str | None) -> str:
    try:
        return content.scenarios.get(scenario_id or "").name
    except NotFoundError:
        return scenario_id or "?"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def scenario_choices(interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
    """Autocomplete for every ``mission`` option."""
    return content_of(interaction).scenario_choices(current)


async def change_match(
    interaction: discord.Interaction,
    action: str,
    change: Callable[[ItsMatch | None], Change[ItsMatch]],
    *,
    game_id: int | None = None,
) -> Shown[ItsMatch]:
    """Start the channel's match with ``change(None)``, or apply ``change`` to it as one step.

    ``game_id`` (from a button) refuses a match that ended or was replaced. ``before`` of the
    result is the match before the step, None when this started it. A change that returns the
    match it was given stores nothing.
    """
    store = KIT.store(interaction)
    if game_id is None and await store.active_record(interaction.channel_id) is None:
        made = change(None)
        try:
            shown = await KIT.start(interaction, made.state, summary=made.summary)
        except ChannelBusy:
            pass  # someone started a game here at the same moment: update theirs below
        else:
            shown.change = made
            return shown

    def step(old: ItsMatch) -> Change[ItsMatch]:
        made = change(old)
        if made.state is old:
            made.summary = ""
        return made

    return await KIT.step(interaction, action, step, game_id=game_id)


class ItsButton(PersistentButton, template=r"its:unused"):
    """A persistent ITS button. A subclass sets its template and lists its custom id's groups in
    ``fields`` (name and type, in the order its ``__init__`` takes them)."""

    fields: ClassVar[tuple[tuple[str, Callable[[str], Any]], ...]] = ()

    def button(
        self, custom_id: str, label: str, style: discord.ButtonStyle, *, disabled: bool = False
    ) -> None:
        PersistentButton.__init__(
            self,
            discord.ui.Button(
                label=clip(label, MAX_BUTTON_LABEL), custom_id=custom_id, style=style, disabled=disabled
            ),
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: Any, match: re.Match[str]
    ) -> ItsButton:
        return cls(*(convert(match[name]) for name, convert in cls.fields))


def tagged_step(text: str) -> int | None:
    """A tracker (``t5``) or sheet (``s5``) step from a custom id; None for an id from before
    steps existed (a bare number, the whole match's version then)."""
    return int(text[1:]) if text[:1] in ("t", "s") else None
