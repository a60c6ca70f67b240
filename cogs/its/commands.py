"""/its: the command declarations. Each hands over to the module of its concern:

- look-up (``mission``, ``rule``, ``classified card``): :mod:`cogs.its.lookup`;
- classified draws (``classified draw``, ``record``, ``mine``): :mod:`cogs.its.draws`, with the
  players' steps in :mod:`cogs.its.draw_steps` and the tracker in :mod:`cogs.its.countermeasures`;
- the end of the game (``classified reveal`` and the Secure HVT swap it offers): :mod:`cogs.its.reveal`;
- the score sheet (``score``, its forms and confirmations): :mod:`cogs.its.sheet`;
- the end of a match (``end``): :mod:`cogs.its.ending`.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import reader
from bot.play import autocomplete
from cogs.its import draws, ending, lookup, reveal, sheet
from cogs.its.common import TIER_CHOICES, content_of, scenario_choices
from cogs.its.library import ItsContent
from rules.its.classified import CardSource


class Its(commands.Cog, name="ITS"):
    """Infinity ITS Season 14."""

    its = app_commands.Group(
        name="its", description="Infinity ITS Season 14: missions, rules, classified objectives, scores"
    )
    classified = app_commands.Group(name="classified", description="Classified objectives", parent=its)

    def __init__(self, bot: commands.Bot, content: ItsContent) -> None:
        self.bot = bot
        self.content = content

    async def cog_load(self) -> None:
        # The sheet's entry form is answered from its custom id, even after a restart.
        self.bot.forms.add(sheet.FORM_ID, sheet.submit_entry)  # type: ignore[attr-defined]
        self.bot.forms.add(sheet.STALE_FORM_ID, sheet.stale_form)  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.bot.forms.remove(sheet.submit_entry)  # type: ignore[attr-defined]
        self.bot.forms.remove(sheet.stale_form)  # type: ignore[attr-defined]

    # -- look-up ------------------------------------------------------------------------------

    @its.command(name="mission", description="An ITS scenario: objectives, deployment, special rules")
    @app_commands.describe(
        name="Scenario name or alias (any part of it)", tier="Army points (all tiers if left out)"
    )
    @app_commands.choices(tier=TIER_CHOICES)
    async def mission(self, interaction: discord.Interaction, name: str, tier: int | None = None) -> None:
        await lookup.mission(interaction, name, tier)

    @its.command(name="rule", description="An ITS rule, or a scenario special rule by name")
    @app_commands.describe(topic="Topic or special rule (for example Pairings, Master Breacher)")
    async def rule(self, interaction: discord.Interaction, topic: str) -> None:
        await lookup.rule(interaction, topic)

    @rule.autocomplete("topic")
    @autocomplete
    async def _rule_names(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        return content_of(interaction).rule_choices(current, reader(interaction))

    @classified.command(name="card", description="One Classified Objective card")
    @app_commands.describe(name="Card name (or deck:number)")
    async def card(self, interaction: discord.Interaction, name: str) -> None:
        await lookup.card(interaction, name)

    @card.autocomplete("name")
    @autocomplete
    async def _card_names(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        return content_of(interaction).card_choices(current)

    # -- classified draws ---------------------------------------------------------------------

    @classified.command(name="draw", description="Draw your classified objectives for a scenario (privately)")
    @app_commands.describe(
        mission="Scenario name",
        deck="Classified deck to deal from (default: Season 14 standard)",
        mode="Extreme, High Difficulty or the Double Deck extra",
        opponent="Who you are playing: they are invited to the other seat and accept it",
    )
    @app_commands.choices(mode=draws.MODE_CHOICES)
    async def draw(
        self,
        interaction: discord.Interaction,
        mission: str,
        deck: str | None = None,
        mode: str | None = None,
        opponent: discord.User | None = None,
    ) -> None:
        await draws.draw_or_record(
            interaction, mission, deck, mode or "standard", CardSource.DEALT, opponent=opponent
        )

    @draw.autocomplete("deck")
    @autocomplete
    async def _draw_decks(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        return draws.deck_choices(interaction, current)

    @classified.command(name="mine", description="See your own classified objectives again (only you)")
    async def mine(self, interaction: discord.Interaction) -> None:
        await draws.mine(interaction)

    @classified.command(
        name="reveal", description="At the end of the game: Secure HVT, then show your classified objectives"
    )
    async def reveal(self, interaction: discord.Interaction) -> None:
        await reveal.reveal(interaction)

    @classified.command(name="record", description="Record the printed cards you drew yourself")
    @app_commands.describe(
        cards="Card numbers or names, separated by commas (for example: 3, 7 or Sabotage, Predator)",
        mission="Scenario (needed only when nothing is drawn in this channel yet)",
    )
    async def record(self, interaction: discord.Interaction, cards: str, mission: str | None = None) -> None:
        await draws.record(interaction, cards, mission)

    # -- the score sheet and the end ----------------------------------------------------------

    @its.command(name="score", description="Start (or post again) the interactive score sheet for your game")
    @app_commands.describe(
        mission="Scenario name (default: this channel's draw or sheet)",
        tier="Army points (default: this channel's sheet)",
        opponent="Who you are playing (default: the match's other player); they accept with a button",
    )
    @app_commands.choices(tier=TIER_CHOICES)
    async def score(
        self,
        interaction: discord.Interaction,
        mission: str | None = None,
        tier: int | None = None,
        opponent: discord.User | None = None,
    ) -> None:
        await sheet.score(interaction, mission, tier, opponent)

    @its.command(name="end", description="Finish this channel's ITS match (players or Manage Server)")
    async def end(self, interaction: discord.Interaction) -> None:
        await ending.end(interaction)

    @mission.autocomplete("name")
    @draw.autocomplete("mission")
    @record.autocomplete("mission")
    @score.autocomplete("mission")
    @autocomplete
    async def _scenario_names(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        return scenario_choices(interaction, current)
