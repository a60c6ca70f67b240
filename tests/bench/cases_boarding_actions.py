"""Boarding Actions: mission and rules look-up, the mission roll, and a scoring step with the
scoreboard render, both on the engine alone and through the driver as a player sees them (/ba
mission; a condition button pressed on the scoring message: one kit step and the message edited,
its scoreboard PNG kept, since a report joins the image when its moment is done). The targets
are the issue's: look-up under 10 ms, a scoring step with its image under 150 ms."""

from __future__ import annotations

import random
from typing import Any

from bot.offline import Channel, Message, OfflineDriver
from renderers.boarding_actions import render_scoreboard
from rules.boarding_actions.battle import Advance, BattleState, Player, Score, apply, new_battle
from rules.boarding_actions.content import load_missions_strict
from rules.boarding_actions.rolls import roll_mission
from rules.boarding_actions.scoreboard import scoreboard
from rules.boarding_actions.topics import load_rules
from tests.bench import Case, SizeCase

_MISSIONS = load_missions_strict()
_RULES = load_rules()
_RNG = random.Random(7)


def _mid_battle() -> BattleState:
    """Deck Sweepers in round 4, both players having scored every time so far."""
    state = new_battle(
        _MISSIONS.get("deck-sweepers"),
        attacker=Player(name="Alice", points=500),
        defender=Player(name="Bob", points=465),
        first_turn="attacker",
    )
    while state.round < 4:
        state = apply(state, Score(role=state.active, objective="take-and-hold", conditions=["one-plus"]))
        state = apply(state, Advance())
    return state


_STATE = _mid_battle()


def _scoring_step_png() -> bytes:
    step = Score(role=_STATE.active, objective="take-and-hold", conditions=["one-plus", "more"])
    state = apply(apply(_STATE, step), Advance())
    return render_scoreboard(scoreboard(state))


async def _lookup(_: OfflineDriver, query: Any) -> str:
    return _MISSIONS.lookup(query).id


async def _fuzzy_lookup(_: OfflineDriver, __: Any) -> str:
    return _MISSIONS.lookup("corupt machine spirit").id


async def _autocomplete(_: OfflineDriver, __: Any) -> list[tuple[str, str]]:
    return _MISSIONS.choices("pow")


async def _rule(_: OfflineDriver, __: Any) -> str:
    return _RULES.lookup("overwatc").id


async def _roll(_: OfflineDriver, __: Any) -> str:
    return roll_mission("symmetric", _RNG, library=_MISSIONS).text


async def _setup_name(_: OfflineDriver) -> str:
    return "Deck Sweepers"


async def _battle(driver: OfflineDriver) -> Message:
    """Deck Sweepers in its own channel, at Alice's first scoring moment (round 2)."""
    channel = driver.add_channel("bench-ba-score")
    started = await driver.command(
        "ba battle start", mission="deck-sweepers", attacker="alice", defender="bob", channel=channel
    )
    return (await driver.press(started.message, "Alice goes first", user="alice")).message


async def _press_condition(driver: OfflineDriver, message: Message) -> Any:
    # Ticks, then unticks, the condition: every press is one stored step; the image is kept.
    return await driver.press(message, "Control 1+", user="alice")


async def _mission_command(driver: OfflineDriver, channel: Channel) -> Any:
    return await driver.command("ba mission", name="Deck Sweepers", channel=channel)


async def _mission_autocomplete(driver: OfflineDriver, channel: Channel) -> Any:
    return await driver.autocomplete("ba mission", "name", "pow", channel=channel)


async def _mission_unknown(driver: OfflineDriver, channel: Channel) -> Any:
    return await driver.command("ba mission", name="powr strugle genrator", channel=channel)


async def _mission_channel(driver: OfflineDriver) -> Channel:
    return driver.add_channel("bench-ba-lookup")


CASES = [
    Case(
        "/ba mission 'Deck Sweepers'",
        _mission_command,
        setup=_mission_channel,
        target_p99_ms=10,
        contains="Deck Sweepers",
    ),
    Case(
        "/ba mission autocomplete 'pow'",
        _mission_autocomplete,
        setup=_mission_channel,
        target_p99_ms=10,
        expect="choices",
    ),
    Case(
        "/ba mission unknown name (did you mean)",
        _mission_unknown,
        setup=_mission_channel,
        target_p99_ms=10,
        expect="refused",
        contains="Did you mean",
    ),
    Case(
        "/ba scoring button (step; the scoreboard PNG is kept)",
        _press_condition,
        setup=_battle,
        calls=200,
        target_p99_ms=150,
    ),
    Case(
        "ba engine: mission look-up 'Deck Sweepers'",
        _lookup,
        setup=_setup_name,
        target_p99_ms=10,
        expect="engine",
    ),
    Case("ba engine: mission look-up, misspelt", _fuzzy_lookup, target_p99_ms=10, expect="engine"),
    Case("ba engine: mission autocomplete 'pow'", _autocomplete, target_p99_ms=10, expect="engine"),
    Case("ba engine: rule look-up 'overwatc'", _rule, target_p99_ms=10, expect="engine"),
    Case("ba engine: D33 mission roll", _roll, target_p99_ms=10, expect="engine"),
    SizeCase("ba engine: scoring step + scoreboard PNG", _scoring_step_png, target_ms=150, target_kb=500),
]
