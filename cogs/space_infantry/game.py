"""The stored game and the one way every Space Infantry change is made and shown.

``SIGame`` wraps the rules' ``FightState`` so the game store (which wants a ``GameState`` with a
schema version) can keep it; the rules stay free of bot imports. ``step`` applies one rules action
under the store's lock and logs it; ``fight_message`` builds what a player sees after a change:
an embed with the events, every RN drawn, what the core rules must supply, the next step, and the
boss zone map as ``boss.png``.
"""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass
from typing import Any, ClassVar

import discord

from bot.games import GameKind, GameState, MovedOn
from bot.limits import clip
from renderers.boss_map import render_boss_map
from rules.space_infantry import (
    Action,
    FightState,
    Phase,
    RNDraw,
    StepResult,
    apply,
    next_step,
    status_lines,
)

KIND = GameKind(
    key="space_infantry",
    label="a Space Infantry boss fight",
    start_hint="/si boss start",
    end_hint="/si end",
)
MAP_FILENAME = "boss.png"
MAP_SIZE = 1000
COLOUR = discord.Colour.from_rgb(237, 66, 69)
DONE_COLOUR = discord.Colour.from_rgb(87, 242, 135)
DESCRIPTION_LIMIT = 3800
FIELD_LIMIT = 1024
SUMMARY_LIMIT = 300

CORE_ZONE_SUCCESSES = (
    "Herald has no core rules: roll each zone's skill at the range shown with them (plus any AP), "
    "then press the zone's button and enter its successes (0 if it missed)."
)
CORE_DAMAGE = (
    "The damage is the number you worked out with the core rules (the unit's skill, SL and AP); "
    "Herald applies the boss's rules to it."
)
CORE_SL = "The SL is yours, from the core rules' A-V skill roll; Herald draws one RN per SL and scores it."


class SIGame(GameState):
    """A Space Infantry boss fight as the game store keeps it."""

    SCHEMA_VERSION: ClassVar[int] = 1

    fight: FightState


@dataclass
class Step:
    """What :func:`step` did: the stored game's id and version, and the rules' result."""

    game_id: int
    version: int
    result: StepResult


def rng_of(client: discord.Client) -> Any:
    return client.rng  # type: ignore[attr-defined]


async def step(
    interaction: discord.Interaction,
    action: Action,
    *,
    name: str,
    expect_game_id: int | None = None,
    expect_version: int | None = None,
) -> Step:
    """Apply ``action`` to the channel's fight, save it and log one event (nothing on a RuleError)."""
    store = interaction.client.games  # type: ignore[attr-defined]
    async with store.update(
        interaction.channel_id,
        SIGame,
        kind=KIND.key,
        actor_id=interaction.user.id,
        action=name,
        expect_game_id=expect_game_id,
        expect_version=expect_version,
    ) as game:
        result = apply(game.state.fight, action, rng_of(interaction.client))
        game.state = SIGame(fight=result.state)
        game.summary = summarise(result.events)
        game.detail = {
            "action": action.model_dump(mode="json"),
            "events": result.events,
            "draws": [d.model_dump(mode="json") for d in result.draws],
        }
    return Step(game.id, game.version, result)


async def load(interaction: discord.Interaction, *, game_id: int | None = None) -> Any:
    """The channel's fight (a ``Game[SIGame]``); ``MovedOn`` when a button's game is gone."""
    store = interaction.client.games  # type: ignore[attr-defined]
    if game_id is not None:
        game = await store.find(interaction.channel_id, SIGame, KIND.key)
        if game is None or game.id != game_id:
            raise MovedOn("This fight has finished or been replaced, so that button no longer applies.")
        return game
    return await store.get(interaction.channel_id, SIGame, KIND.key)


def summarise(events: list[str]) -> str:
    text = " ".join(events)
    return text if len(text) <= SUMMARY_LIMIT else text[: SUMMARY_LIMIT - 1] + "…"


def draws_text(draws: list[RNDraw]) -> str:
    """Every RN drawn, e.g. ``range: **4** (D6)``."""
    return "\n".join(f"{d.purpose}: **{d.value}** (D{d.die})" for d in draws)


def command_hint(state: FightState) -> str:
    """The commands that fit the fight's current step."""
    if state.is_over():
        return (
            "`/si undo` to take back the last step; `/si end` (anyone, now that the fight is over) "
            "closes the fight so a new one can start here."
        )
    if not state.units:
        return "`/si squad add` to add units."
    if state.phase is Phase.SETUP:
        return "`/si squad add`, `/si engage`, then `/si turn` (or the button) to determine the range."
    if state.phase is Phase.ENGAGEMENT:
        return "`/si engage` / `/si disengage`, then `/si turn` (or the button) to activate the zones."
    if state.awaiting_allocation():
        more = "; the zones' buttons for the successes still to enter" if state.awaiting_successes() else ""
        return (
            f"The Accept / own allocation buttons give out the entered successes{more}; `/si hit` for "
            "your units' attacks."
        )
    if state.pending_activations():
        return "The zones' buttons for their successes; `/si hit` for your units' attacks."
    return "`/si hit`, `/si vehicle attack`, then `/si turn` (or the button) for the next turn."


async def render(state: FightState) -> discord.File:
    """The boss zone map as an attachment (rendered off the event loop)."""
    png = await asyncio.to_thread(render_boss_map, state, theme="dark", size=MAP_SIZE)
    return discord.File(io.BytesIO(png), filename=MAP_FILENAME)


async def fight_message(
    state: FightState,
    *,
    game_id: int,
    version: int,
    events: list[str],
    draws: list[RNDraw] | None = None,
    core: str | None = None,
    title: str | None = None,
    extra: list[tuple[str, str]] | None = None,
    ended: bool = False,
) -> tuple[discord.Embed, discord.File]:
    """The embed and map file every change is answered with."""
    head = status_lines(state)[0]
    embed = discord.Embed(
        title=clip(title or head, 256),
        description=clip("\n".join(events) or head, DESCRIPTION_LIMIT),
        colour=DONE_COLOUR if state.is_over() or ended else COLOUR,
    )
    if draws:
        embed.add_field(name="RN drawn", value=clip(draws_text(draws), FIELD_LIMIT), inline=False)
    for name, value in extra or []:
        embed.add_field(name=name, value=clip(value, FIELD_LIMIT), inline=False)
    if core:
        embed.add_field(name="Core rules needed", value=core, inline=False)
    if ended:
        upcoming = "This fight is closed. Anyone can start a new one here with `/si boss start`."
    else:
        upcoming = f"{next_step(state)}\n{command_hint(state)}"
    embed.add_field(name="Next", value=clip(upcoming, FIELD_LIMIT), inline=False)
    embed.set_image(url=f"attachment://{MAP_FILENAME}")
    embed.set_footer(text=f"Fight #{game_id} · step {version}")
    return embed, await render(state)
