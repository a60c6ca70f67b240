"""Boarding Actions: mission and rules look-up, the mission roll, and a scoring step with the
scoreboard render. The /ba cog is built later on this engine, so these time the engine directly
(the driver is not used); the targets are the issue's: look-up under 10 ms, a scoring step with
its image under 150 ms."""

from __future__ import annotations

import random
from typing import Any

from bot.offline import OfflineDriver
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


CASES = [
    Case("ba engine: mission look-up 'Deck Sweepers'", _lookup, setup=_setup_name, target_p99_ms=10),
    Case("ba engine: mission look-up, misspelt", _fuzzy_lookup, target_p99_ms=10),
    Case("ba engine: mission autocomplete 'pow'", _autocomplete, target_p99_ms=10),
    Case("ba engine: rule look-up 'overwatc'", _rule, target_p99_ms=10),
    Case("ba engine: D33 mission roll", _roll, target_p99_ms=10),
    SizeCase("ba engine: scoring step + scoreboard PNG", _scoring_step_png, target_ms=150, target_kb=500),
]
