"""Set-up placing for players (issue 24, item 5): the tiles offered are exactly the ones the engine
accepts, for the boss at each rotation and for each hero, and a refusal names the nearest that work."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.boss_fight import apply, load_catalog, new_game
from rules.boss_fight.engine import hero_placements
from rules.boss_fight.hexgrid import board_tiles
from rules.boss_fight.placing import boss_anchors, deployment_overlay, nearest_tiles, placement_tiles
from rules.boss_fight.state import PlaceBoss, PlaceHero
from rules.boss_fight.table import Table, join, place, setup_board
from rules.errors import RuleError

CAT = load_catalog()


def setup(boss: str = "the_gazer", map_id: str = "great_hall"):
    party = [CAT.hero_presets["mira_the_warden"].build]
    return new_game(CAT, boss=CAT.boss_presets[boss].build, heroes=party, map_id=map_id, rng=random.Random(0))


def accepted(state, action) -> bool:
    try:
        apply(state, action, random.Random(0))
    except RuleError:
        return False
    return True


@settings(max_examples=12, deadline=None)
@given(boss=st.sampled_from(sorted(CAT.boss_presets)), map_id=st.sampled_from(sorted(CAT.maps)),
       rotation=st.integers(0, 5))
def test_the_boss_anchors_offered_are_exactly_those_the_engine_accepts(boss, map_id, rotation):
    state = setup(boss, map_id)
    offered = set(placement_tiles(state, None, rotation))
    assert offered
    for h in board_tiles(state.board.width, state.board.height):
        works = accepted(state, PlaceBoss(anchor=h, rotation=rotation))
        assert (h in offered) == works, (h.label(), rotation)


def test_hero_tiles_offered_are_the_engines_and_none_is_within_two_of_the_boss():
    state = setup()
    state = apply(state, PlaceBoss(anchor=boss_anchors(state, 0)[40], rotation=0), random.Random(0)).state
    hero = state.current
    offered = placement_tiles(state)
    assert set(offered) == set(hero_placements(state, hero))
    boss = state.boss.tiles()
    assert all(min(h.distance(b) for b in boss) > 2 for h in offered)
    assert all(accepted(state, PlaceHero(character=hero.id, tile=h)) for h in offered[:30])


def test_nearest_tiles_are_the_closest_legal_ones():
    state = setup()
    legal = placement_tiles(state, None, 0)
    wanted = state.obstacles[0]
    near = nearest_tiles(legal, wanted)
    assert len(near) == 3 and wanted not in near
    closest = min(h.distance(wanted) for h in legal)
    assert near[0].distance(wanted) == closest


def test_a_refused_placement_names_the_nearest_tiles_that_work():
    t = Table(host=1, map_id="great_hall")
    t = join(t, 1, "boss", "the_gazer")[0]
    t = join(t, 2, "hero", "mira_the_warden")[0]
    obstacle = CAT.maps["great_hall"].obstacles[0]
    try:
        place(t, 1, obstacle, 0, random.Random(0))
    except RuleError as refused:
        text = str(refused)
    else:
        raise AssertionError("an obstacle was accepted")
    assert "Nearest tiles that work at rotation 0:" in text
    named = text.split(":")[-2].split("(")[0].replace(",", " ").split()
    for label in named:
        place(t, 1, label, 0, random.Random(0))  # each named tile is taken


def test_the_deployment_overlay_marks_the_boss_anchors_then_the_hero_tiles():
    t = join(Table(host=1, map_id="great_hall"), 1, "boss", "the_gazer")[0]
    board = setup_board(t)
    overlay = deployment_overlay(board)
    assert overlay is not None and str(overlay.title).startswith("Deployment: The Gazer")
    assert {m.tile for m in overlay.marks if m.layer == "seen"} == set(boss_anchors(board, 0))
    state = setup()
    state = apply(state, PlaceBoss(anchor=boss_anchors(state, 0)[40], rotation=0), random.Random(0)).state
    overlay = deployment_overlay(state)
    assert overlay is not None
    assert {m.tile for m in overlay.marks if m.layer == "seen"} == set(placement_tiles(state))
    assert all(min(m.tile.distance(b) for b in state.boss.tiles()) <= 2 for m in overlay.marks
               if m.layer == "range")
