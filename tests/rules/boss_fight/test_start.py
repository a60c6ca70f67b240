"""Holding round 1 until the players start the fight (``new_game(hold_start=True)`` + StartFight)."""

from __future__ import annotations

import random

import pytest

from rules.boss_fight import (
    GameState,
    IllegalAction,
    Phase,
    StartFight,
    apply,
    legal_actions,
    new_game,
    place_all,
)
from rules.boss_fight.narration import turn_prompt
from tests.rules.boss_fight.helpers import CATALOG

HEROES = ("mira_the_warden", "vex_the_knife")


def fresh(*, hold_start: bool) -> GameState:
    return new_game(CATALOG, boss=CATALOG.boss_presets["bone_colossus"].build,
                    heroes=[CATALOG.hero_presets[h].build for h in HEROES], map_id="crossroads",
                    rng=random.Random(3), hold_start=hold_start)


def place_everyone(state: GameState, rng: random.Random) -> tuple[GameState, list[str]]:
    """Every placement, never a StartFight; the log of the last placement."""
    log: list[str] = []
    while any(c.anchor is None for c in state.characters):
        options = [a for a in legal_actions(state) if not isinstance(a, StartFight)]
        result = apply(state, rng.choice(options), rng)
        state, log = result.state, [str(x) for x in result.log]
    return state, log


def test_a_held_game_deals_nothing_until_the_fight_is_started():
    rng = random.Random(5)
    state, log = place_everyone(fresh(hold_start=True), rng)
    assert state.phase is Phase.SETUP and state.round == 0 and state.active is None
    assert all(not c.piles.hand for c in state.characters)
    assert not any("Round 1" in line or "begins." in line for line in log)
    assert log[-1] == "Every piece is placed: the fight begins when the players start it."
    assert legal_actions(state) == [StartFight()]
    assert str(turn_prompt(state).headline).startswith("Every piece is placed: round 1 begins")
    result = apply(state, StartFight(), rng)
    started = result.state
    assert started.phase is Phase.PLAYING and started.round == 1 and started.current is not None
    assert all(len(c.piles.hand) == 4 for c in started.characters)
    assert str(result.log[0]) == "The fight begins."
    assert any(line.startswith("Round 1. Initiative:") for line in [str(x) for x in result.log])


def test_without_the_flag_the_last_placement_still_starts_round_one():
    state, log = place_everyone(fresh(hold_start=False), random.Random(5))
    assert state.phase is Phase.PLAYING and state.round == 1
    assert "Every piece is placed: the fight begins." in log


def test_start_fight_is_refused_before_everyone_is_placed_and_after_the_start():
    state = fresh(hold_start=True)
    with pytest.raises(IllegalAction, match=r"Bone Colossus.*still to place"):
        apply(state, StartFight(), random.Random(0))
    assert StartFight() not in legal_actions(state)
    started = place_all(state, random.Random(0))
    assert started.phase is Phase.PLAYING
    with pytest.raises(IllegalAction, match="already begun"):
        apply(started, StartFight(), random.Random(0))


def test_a_game_stored_before_the_flag_loads_and_plays_as_before():
    state, _ = place_everyone(fresh(hold_start=False), random.Random(1))
    stored = state.model_dump(mode="json")
    del stored["hold_start"]
    loaded = GameState.model_validate(stored)
    assert loaded.hold_start is False and loaded == state
    half = fresh(hold_start=False).model_dump(mode="json")
    del half["hold_start"]
    placed, _ = place_everyone(GameState.model_validate(half), random.Random(1))
    assert placed.phase is Phase.PLAYING and placed.round == 1
