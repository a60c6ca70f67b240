"""Greedy games from the presets: the balance script's player is legal and games end as the seed says.

The win rates themselves are measured by ``python -m tests.bench.bf_balance`` (many games); a
test only plays a few fixed seeds, so its work is bounded.
"""

from __future__ import annotations

import random

import pytest

from rules.boss_fight import GameSettings, apply, legal_actions, load_catalog, quick_game
from rules.boss_fight.state import DEFAULT_ROUND_LIMIT
from tests.bench.bf_balance import greedy_action, parties, play_game

CATALOG = load_catalog()


@pytest.mark.parametrize("boss", sorted(CATALOG.boss_presets))
def test_greedy_games_end_with_a_side_wiped_out(boss):
    # No round limit by default (the seed has none): a greedy game still ends, by a side falling.
    assert DEFAULT_ROUND_LIMIT is None
    result = play_game(7, boss, parties(CATALOG.recommended_points)[3], "crossroads")
    assert result.outcome in ("boss", "heroes")
    assert result.rounds >= 1 and not result.by_limit


def test_a_round_limit_still_ends_a_game_on_the_health_left():
    result = play_game(7, "the_gazer", parties(CATALOG.recommended_points)[3], "crossroads",
                       GameSettings(round_limit=2))
    assert result.outcome in ("boss", "heroes", "draw") and result.rounds == 2 and result.by_limit


def test_every_party_the_balance_script_uses_fits_the_recommended_points():
    from rules.boss_fight import build_hero

    trios = parties(CATALOG.recommended_points)
    assert trios
    for trio in trios:
        cost = sum(build_hero(CATALOG, CATALOG.hero_presets[h].build).points for h in trio)
        assert cost <= CATALOG.recommended_points


def test_every_boss_preset_fits_the_recommended_points():
    from rules.boss_fight import build_boss

    for preset in CATALOG.boss_presets.values():
        assert build_boss(CATALOG, preset.build).points <= CATALOG.recommended_points


def test_the_greedy_player_always_picks_a_legal_action():
    state = quick_game(seed=3, settings=GameSettings(round_limit=3))
    rng = random.Random(3)
    while not state.is_over():
        action = greedy_action(state, rng)
        assert action in legal_actions(state)
        state = apply(state, action, rng).state
    assert state.round <= 3
