"""The stored game and the one way every Space Infantry change is made and shown.

``SIGame`` wraps the rules' ``FightState`` so the game store (which wants a ``GameState`` with a
schema version) can keep it; the rules stay free of bot imports. ``KIT`` is the fight's
play-by-post kit (bot/play.py); ``step`` applies one rules action through it as one stored step;
``fight_message`` builds what a player sees after a change: an embed with the events, every RN
drawn, what the core rules must supply, the next step, and the boss zone map as ``boss.png``
(rendered off the event loop by the kit's send helper).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import discord

from bot.games import GameKind, GameState, Seat
from bot.limits import clip
from bot.play import Card, Change, GameKit, Image, Post
from renderers.boss_map import render_boss_map
from rules.i18n import N_, Message, Text, Translator, _, translator
from rules.space_infantry import (
    Action,
    FightState,
    Phase,
    RNDraw,
    StepResult,
    apply,
    next_step_messages,
    status_messages,
)

KIND = GameKind(
    key="space_infantry",
    label="a Space Infantry boss fight",
    start_hint="/si boss start",
    end_hint="/si end",
    seats=lambda game: seats(game),
    noun=_("Space Infantry boss fight"),
    called=_("a Space Infantry boss fight"),
)
MAP_FILENAME = "boss.png"
MAP_SIZE = 1000
COLOUR = discord.Colour.from_rgb(237, 66, 69)
DONE_COLOUR = discord.Colour.from_rgb(87, 242, 135)
DESCRIPTION_LIMIT = 3800
FIELD_LIMIT = 1024
SUMMARY_LIMIT = 300

CORE_ZONE_SUCCESSES = N_(
    "Herald has no core rules: roll each zone's skill at the range shown with them (plus any AP), "
    "then press the zone's button and enter its successes (0 if it missed)."
)
CORE_DAMAGE = N_(
    "The damage is the number you worked out with the core rules (the unit's skill, SL and AP); "
    "Herald applies the boss's rules to it."
)
CORE_SL = N_(
    "The SL is yours, from the core rules' A-V skill roll; Herald draws one RN per SL and scores it."
)


class SIGame(GameState):
    """A Space Infantry boss fight as the game store keeps it."""

    SCHEMA_VERSION: ClassVar[int] = 1

    fight: FightState
    #: The message /si boss start posted: set-up changes before turn 1 edit it instead of posting.
    setup_message: int | None = None
    #: Everyone who has played a step of the fight: the squad's players (the rules know units only).
    squad_players: list[int] = []


def seats(game: SIGame) -> list[Seat]:
    """For /games: the squad plays together, so a fight waits on all of its players at once."""
    if game.fight.is_over():
        waiting: Text | None = _("the fight is over: `/si end` closes it")
    else:
        steps = next_step_messages(game.fight)
        waiting = steps[0] if steps else None
    return [Seat(u, waiting) for u in game.squad_players]


KIT = GameKit(KIND, SIGame)


@dataclass
class Step:
    """What :func:`step` did: the stored game's id and version, and the rules' result."""

    game_id: int
    version: int
    result: StepResult
    #: The fight as it stood before the step.
    before: FightState | None = None
    setup_message: int | None = None


def rng_of(client: discord.Client) -> Any:
    return client.rng  # type: ignore[attr-defined]


async def step(
    interaction: discord.Interaction,
    action: Action,
    *,
    name: str,
    expect_game_id: int | None = None,
    expect_version: int | None = None,
    expect: Callable[[FightState], None] | None = None,
) -> Step:
    """Apply ``action`` to the channel's fight, save it and log one event (nothing on a RuleError).

    ``expect(fight)`` runs first, under the channel's lock: a button checks there that the step it
    was made for is still the fight's (raising ``MovedOn`` otherwise)."""
    rng = rng_of(interaction.client)

    def change(game: SIGame) -> Change[SIGame]:
        if expect is not None:
            expect(game.fight)
        result = apply(game.fight, action, rng)
        players = game.squad_players
        if interaction.user.id not in players:
            players = [*players, interaction.user.id]
        return Change(
            game.model_copy(update={"fight": result.state, "squad_players": players}),
            summary=summarise(result.events),
            detail={
                "action": action.model_dump(mode="json"),
                "events": [e.to_json() if isinstance(e, Message) else e for e in result.events],
                "draws": [d.model_dump(mode="json") for d in result.draws],
            },
            result=result,
        )

    done = await KIT.step(interaction, name, change, game_id=expect_game_id, version=expect_version)
    return Step(
        done.id,
        done.version,
        done.result,
        None if done.before is None else done.before.fight,
        done.state.setup_message,
    )


async def load(interaction: discord.Interaction, *, game_id: int | None = None) -> Any:
    """The channel's fight (a ``Game[SIGame]``); ``MovedOn`` when a button's game is gone."""
    return await KIT.load(interaction, game_id=game_id)


def summarise(events: Sequence[Text]) -> str:
    """The step's English summary for the event log (``/si undo`` names it); the events themselves
    are kept as messages in the event's detail."""
    text = " ".join(str(event) for event in events)
    return text if len(text) <= SUMMARY_LIMIT else text[: SUMMARY_LIMIT - 1] + "…"


def stored_events(detail: dict[str, Any] | None, t: Translator) -> str:
    """A logged step's events in ``t``'s language, on one line (empty when the step kept none).

    New steps keep their events as messages (JSON); a step logged before that kept English strings,
    which load as themselves (:meth:`rules.i18n.Message.from_json`)."""
    events = (detail or {}).get("events") or []
    text = " ".join(t(Message.from_json(event)) for event in events)
    return text if len(text) <= SUMMARY_LIMIT else text[: SUMMARY_LIMIT - 1] + "…"


def draws_text(draws: list[RNDraw]) -> str:
    """Every RN drawn, e.g. ``range: **4** (D6)``."""
    return "\n".join(f"{d.purpose}: **{d.value}** (D{d.die})" for d in draws)


def command_hint(state: FightState, t: Translator | None = None) -> str:
    """The commands that fit the fight's current step."""
    t = t or translator("en")
    if state.is_over():
        return t(
            "`/si undo` to take back the last step; `/si end` (anyone, now that the fight is over) "
            "closes the fight so a new one can start here."
        )
    if not state.units:
        return t("`/si squad add` to add units.")
    if state.phase is Phase.SETUP:
        return t("`/si squad add`, `/si engage`, then `/si turn` (or the button) to determine the range.")
    if state.phase is Phase.ENGAGEMENT:
        return t("`/si engage` / `/si disengage`, then `/si turn` (or the button) to activate the zones.")
    if state.awaiting_allocation():
        if state.awaiting_successes():
            return t(
                "First the Accept / own allocation buttons give out the entered successes; the zones' "
                "buttons for the successes still to enter; then `/si hit` for your units' attacks."
            )
        return t(
            "First the Accept / own allocation buttons give out the entered successes; then "
            "`/si hit` for your units' attacks."
        )
    if state.pending_activations():
        return t("First the zones' buttons for their successes; then `/si hit` for your units' attacks.")
    return t("`/si hit`, `/si vehicle attack`, then `/si turn` (or the button) for the next turn.")


def map_image(state: FightState, t: Translator | None = None) -> Image:
    """The boss zone map, drawn in a worker thread when the message is sent."""
    return Image(lambda: render_boss_map(state, theme="dark", size=MAP_SIZE, t=t), MAP_FILENAME)


def fight_message(
    state: FightState,
    *,
    game_id: int,
    version: int,
    events: Sequence[Text],
    draws: list[RNDraw] | None = None,
    core: str | None = None,
    title: str | None = None,
    extra: list[tuple[str, str]] | None = None,
    ended: bool = False,
    view: discord.ui.View | None = None,
    t: Translator | None = None,
) -> Post:
    """The embed and map every change is answered with, its frame in ``t``'s language (the
    channel's: a fight is public). The events are the rules' messages, rendered in ``t``'s language
    (a plain string, such as a name or a line already translated, shows as it is)."""
    t = t or translator("en")
    head = t(status_messages(state)[0])
    embed = Card(  # built at once, not from an embed: every step shows it
        title=clip(title or head, 256),
        text=clip("\n".join(t(event) for event in events) or head, DESCRIPTION_LIMIT),
        colour=DONE_COLOUR if state.is_over() or ended else COLOUR,
    )
    if draws:
        embed.add_field(name=t("RN drawn"), value=clip(draws_text(draws), FIELD_LIMIT), inline=False)
    for name, value in extra or []:
        embed.add_field(name=name, value=clip(value, FIELD_LIMIT), inline=False)
    if core:
        embed.add_field(name=t("Core rules needed"), value=t(core), inline=False)
    if ended:
        upcoming = t("This fight is closed. Anyone can start a new one here with `/si boss start`.")
    else:
        upcoming = "\n".join([*(t(line) for line in next_step_messages(state)), command_hint(state, t)])
    embed.add_field(name=t("Next"), value=clip(upcoming, FIELD_LIMIT), inline=False)
    embed.set_image(url=f"attachment://{MAP_FILENAME}")
    embed.set_footer(text=t("Fight #{id} · step {step}", id=game_id, step=version))
    return Post(card=embed, view=view, images=[map_image(state, t)])
