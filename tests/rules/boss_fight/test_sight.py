"""Line of sight: the exact geometric reading (grazing, edges, seams) and who blocks whom."""

from __future__ import annotations

import pytest

from rules.boss_fight.content import Passive, PassiveKind
from rules.boss_fight.engine import attack_targets, can_see, sightlines_for
from rules.boss_fight.hexgrid import DIRECTIONS, ORIGIN
from rules.boss_fight.sight import Sightlines, crosses_inside, line_of_sight
from tests.rules.boss_fight.helpers import H, arena, hand_of, placed, put

# The origin hex in lattice units: centre (0, 0), corners (2,0) (1,-1) (-1,-1) (-2,0) (-1,1) (1,1).
LOWER_RIGHT = ORIGIN + DIRECTIONS[0]  # shares the edge (2,0)-(1,1) with the origin


@pytest.mark.parametrize(
    ("p0", "p1", "blocking", "clear", "case"),
    [
        ((-4, 0), (4, 0), {ORIGIN}, False, "straight through the middle of an obstacle"),
        ((2, -3), (2, 3), {ORIGIN}, True, "grazing one corner of an obstacle"),
        ((4, -2), (0, 2), {ORIGIN}, True, "along one edge of an obstacle, open on the other side"),
        ((4, -2), (0, 2), {ORIGIN, LOWER_RIGHT}, False, "along the seam between two obstacles"),
        ((2, 0), (5, -3), {ORIGIN, LOWER_RIGHT}, True, "starting on a seam's end corner and leaving it"),
        ((0, -2), (4, 2), {ORIGIN, LOWER_RIGHT}, False, "through a corner two obstacles share (enters one)"),
        ((0, -2), (4, 2), {ORIGIN}, True, "along one edge to a corner, then away from the obstacle"),
        ((2, -3), (2, 3), set(), True, "nothing in the way"),
    ],
)
def test_corner_lines(p0, p1, blocking, clear, case):
    assert Sightlines(blocking).clear(p0, p1) is clear, case


def test_tiles_in_ignore_never_block():
    assert Sightlines({ORIGIN}).clear((-4, 0), (4, 0), ignore={ORIGIN})


def test_crossing_inside_is_strict():
    hexagon = ORIGIN.corners_lattice()
    assert crosses_inside((-1, 0), (1, 0), hexagon)
    assert not crosses_inside((2, -3), (2, 3), hexagon)
    assert not crosses_inside((1, -1), (2, 0), hexagon)  # one edge, end to end


def test_a_wall_of_three_blocks_but_a_broken_wall_does_not():
    a, b = [H("A2")], [H("E2")]
    assert not line_of_sight(a, b, blocking={H("C1"), H("C2"), H("C3")})
    assert line_of_sight(a, b, blocking={H("C1"), H("C3")})


def test_a_single_obstacle_between_two_tiles_is_seen_past_by_its_corner():
    # A1 and A3 with A2 between: the line along the left corners only grazes A2.
    assert line_of_sight([H("A1")], [H("A3")], blocking={H("A2")})


def test_adjacent_pieces_always_see_each_other():
    assert line_of_sight([H("D4")], [H("D5")], blocking={H("C4"), H("E4"), H("C5"), H("E5")})


def _wall_game():
    s = arena(obstacles=["C1", "C3"], heroes=("mira_the_warden", "kestrel_the_archer"), shape=[(0, 0)])
    s = placed(s, "H8", ["A8", "B8"])
    s = put(s, "boss", "E2")
    s = put(s, "mira_vale", "A2")
    return put(s, "kestrel", "C2")


def test_enemy_pieces_block_and_allies_do_not():
    s = _wall_game()
    boss, mira = s.boss, s.character("mira_vale")
    assert H("C2") in sightlines_for(s, boss).blocking
    assert H("C2") not in sightlines_for(s, mira).blocking
    assert not can_see(s, boss, mira), "Kestrel closes the wall for the boss"
    assert can_see(s, mira, boss), "Kestrel is Mira's ally: she looks through the gap"


def test_keen_sight_ignores_pieces():
    s = _wall_game()
    s.boss.passives.append(Passive(kind=PassiveKind.KEEN_SIGHT))
    assert can_see(s, s.boss, s.character("mira_vale"))


def test_a_blocking_line_needs_the_viewer_and_target_tiles_ignored():
    s = _wall_game()
    # The boss's own tile and Mira's tile are in the boss's blocking set (Mira is an enemy) but never block.
    assert can_see(s, s.boss, s.character("kestrel"))


def test_an_indirect_attack_reaches_a_foe_seen_on_the_last_turn_only():
    s = arena(obstacles=["C1", "C3"], heroes=("kestrel_the_archer", "mira_the_warden"), shape=[(0, 0)])
    s = placed(s, "H8", ["A8", "B8"])
    s = put(s, "boss", "E2")
    s = put(s, "kestrel", "A2")
    s = put(s, "mira_vale", "J10")
    s.obstacles.append(H("C2"))  # the wall is now complete: Kestrel cannot see the boss
    s = hand_of(s, "kestrel", ["special_attack", "basic_attack"])
    kestrel = s.character("kestrel")
    bow = next(e for e in kestrel.equipment if e.id == "longbow")
    assert not can_see(s, kestrel, s.boss)
    assert attack_targets(s, kestrel, "special_attack", bow) == []
    kestrel.seen_last_turn = ["boss"]
    assert attack_targets(s, kestrel, "special_attack", bow) == [H("E2")]
    assert attack_targets(s, kestrel, "basic_attack", bow) == [], "the basic shot still needs sight"


def test_the_memory_is_what_was_seen_during_the_last_turn():
    s = arena(heroes=("kestrel_the_archer",), shape=[(0, 0)])
    s = placed(s, "E5", ["J10"])
    kestrel = s.character("kestrel")
    assert kestrel.seen_last_turn == []
    from rules.boss_fight import Sacrifice, apply
    from tests.rules.boss_fight.helpers import ScriptedRandom

    rng = ScriptedRandom(default=1)
    while s.active != "kestrel":
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    for _ in range(2):
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert s.character("kestrel").seen_last_turn == ["boss"]
