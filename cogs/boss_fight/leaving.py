"""/bf draw and /bf withdraw: ending a stalled fight by agreement, and a hero player leaving.

The rules are the table's (``rules.boss_fight.table.offering_draw`` and ``withdraw``); this file
only asks, stores the step and posts what happened.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import channel
from bot.play import Change, Post, StepButton, View, autocomplete
from cogs.boss_fight.game import (
    KIT,
    BFGame,
    drawn_counts,
    logged,
    rng_of,
    summarise,
    table_post,
    turn_prompt,
)
from rules.boss_fight.table import controller, draw_players, draw_voters, offering_draw
from rules.boss_fight.table import withdraw as withdraw_heroes
from rules.i18n import Message, Translator


async def do_draw(
    interaction: discord.Interaction, *, game_id: int | None = None, answering: bool = False
) -> None:
    """Offer, or agree to, ending the fight as a draw; the last player to agree ends it."""
    user = interaction.user.id
    said: list[Message] = []

    def change(state: BFGame) -> Change[BFGame]:
        new, lines = offering_draw(state, user, answering=answering)
        said.extend(lines)
        over = new.fight is not None and new.fight.is_over()
        return Change(new, summary="agreed to a draw" if over else "offered a draw",
                      detail={"log": logged(lines)})

    shown = await KIT.step(interaction, "draw", change, game_id=game_id)
    state = shown.state
    assert state.fight is not None
    if not state.fight.is_over():
        missing = [u for u in draw_players(state) if u not in draw_voters(state)]
        t = await channel(interaction)
        button = DrawButton(
            shown.id, shown.version, label=t("Agree to a draw"), style=discord.ButtonStyle.secondary
        )
        await Post(
            content=t("{said} Press Agree to a draw (or type `/bf draw`) to agree.",
                      said=" ".join(t(line) for line in said)),
            view=View(button),
            mentions=discord.AllowedMentions(
                users=[discord.Object(u) for u in missing], everyone=False, roles=False
            ),
        ).send(interaction)
        return
    t = await channel(interaction)
    await table_post(
        state,
        game_id=shown.id,
        version=shown.version,
        title=t("A draw"),
        lines=[*said, t("`/bf end` closes the game.")],
        ping=False,
        t=t,
    ).send(interaction)
    await interaction.client.scheduler.cancel(f"bf:nudge:{shown.id}")  # type: ignore[attr-defined]


class DrawButton(StepButton, prefix="bf:draw"):
    """Another player agrees to the draw (while the fight has not moved on)."""

    async def run(self, interaction: discord.Interaction) -> None:
        await do_draw(interaction, game_id=self.game, answering=True)


class LeavingCommands:
    """/bf draw and /bf withdraw (mixed into the cog)."""

    @app_commands.command(name="draw", description="Offer or agree to a draw (it needs both sides)")
    async def draw(self, interaction: discord.Interaction) -> None:
        await do_draw(interaction)

    @app_commands.command(
        name="withdraw", description="Take your heroes out of the fight; the others play on"
    )
    @app_commands.describe(character="Only this hero (default: every hero you play)")
    async def withdraw(self, interaction: discord.Interaction, character: str | None = None) -> None:
        user, rng = interaction.user.id, rng_of(interaction)
        said: list[Message] = []

        def change(game: BFGame) -> Change[BFGame]:
            new, lines = withdraw_heroes(game, user, rng, character)
            said.extend(lines)
            drawn = drawn_counts(game.fight, new.fight) if game.fight and new.fight else {}
            detail = {"action": "withdraw", "log": logged(lines), "drawn": drawn}
            return Change(new, summary=summarise(lines), detail=detail)

        shown = await KIT.step(interaction, "withdraw", change)
        t = await channel(interaction)
        await table_post(
            shown.state, game_id=shown.id, version=shown.version, title=t("A hero withdraws"), lines=said, t=t
        ).send(interaction)

    @withdraw.autocomplete("character")
    @autocomplete
    async def _my_heroes(self, interaction: discord.Interaction, current: str) -> list[tuple[str, str]]:
        game = await KIT.find(interaction)
        if game is None or game.state.fight is None:
            return []
        fight = game.state.fight
        return [
            (c.name, c.name)
            for c in fight.heroes
            if c.alive
            and controller(game.state, c.id) == interaction.user.id
            and current.lower() in c.name.lower()
        ]


def ending(state: BFGame, t: Translator) -> str:
    """How the fight stood when it was closed, in one sentence of ``t``'s language."""
    fight = state.fight
    assert fight is not None
    if state.conceded == "boss":
        return t("The boss conceded: the heroes win.")
    if state.conceded:
        return t("The heroes conceded: the boss wins.")
    if fight.is_over():
        return turn_prompt(state, t).split(" /bf end")[0]
    if not state.started:
        return t("Closed before the fight started.")
    return t("Closed in round {round}, before either side won.", round=fight.round)
