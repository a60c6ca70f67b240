"""Line of sight: the exact geometric reading (a touch blocks, the pieces' own tiles do not) and who
blocks whom."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.boss_fight.content import Passive, PassiveKind
from rules.boss_fight.engine import attack_targets, can_see, sightlines_for
from rules.boss_fight.hexgrid import DIRECTIONS, ORIGIN, Hex
from rules.boss_fight.sight import Sightlines, line_of_sight
from tests.rules.boss_fight.helpers import H, arena, hand_of, placed, put

# The origin hex in lattice units: centre (0, 0), corners (2,0) (1,-1) (-1,-1) (-2,0) (-1,1) (1,1).
LOWER_RIGHT = ORIGIN + DIRECTIONS[0]  # shares the edge (2,0)-(1,1) with the origin
UPPER_RIGHT = ORIGIN + DIRECTIONS[1]  # shares the edge (1,-1)-(2,0) with the origin


@pytest.mark.parametrize(
    ("p0", "p1", "blocking", "clear", "case"),
    [
        ((-4, 0), (4, 0), {ORIGIN}, False, "straight through the middle of an obstacle"),
        ((2, -3), (2, 3), {ORIGIN}, False, "grazing one corner of an obstacle"),
        ((4, -2), (0, 2), {ORIGIN}, False, "along one edge of an obstacle, open on the other side"),
        ((4, -2), (0, 2), {ORIGIN, LOWER_RIGHT}, False, "along the seam between two obstacles"),
        ((0, -2), (4, 2), {ORIGIN}, False, "along one edge to a corner, then away from the obstacle"),
        ((3, -3), (3, 3), {ORIGIN}, True, "passing one lattice step beside a corner"),
        ((2, -3), (2, 3), set(), True, "nothing in the way"),
    ],
)
def test_corner_lines(p0, p1, blocking, clear, case):
    assert Sightlines(blocking).clear(p0, p1) is clear, case


def test_tiles_in_ignore_never_block():
    assert Sightlines({ORIGIN}).clear((-4, 0), (4, 0), ignore={ORIGIN})


def test_a_line_may_touch_an_obstacle_only_where_it_is_on_its_own_pieces_tiles():
    # From the corner (2, 0), shared by the origin (an obstacle) and the viewer's tile up-right of
    # it, a line leaving through the viewer's tile touches the obstacle only on the viewer's tile.
    lines = Sightlines({ORIGIN})
    assert not lines.clear((2, 0), (5, -3)), "without its own tile the start corner is a touch"
    assert lines.clear((2, 0), (5, -3), ignore={UPPER_RIGHT})
    # Running along the viewer's edge that the obstacle shares is on the viewer's tile too.
    assert lines.clear((1, -1), (2, 0), ignore={UPPER_RIGHT})
    # But once it is off the viewer's tile, a graze counts.
    assert not lines.clear((4, -2), (0, 2), ignore={UPPER_RIGHT})


def test_the_segment_span_is_closed():
    hexagon = ORIGIN
    assert hexagon.segment_span((-1, 0), (1, 0)) == (Fraction(0), Fraction(1))
    assert hexagon.segment_span((2, -3), (2, 3)) == (Fraction(1, 2), Fraction(1, 2)), "a corner is a touch"
    assert hexagon.segment_span((1, -1), (2, 0)) == (Fraction(0), Fraction(1)), "an edge end to end"
    assert hexagon.segment_span((3, -3), (3, 3)) is None


def test_a_wall_of_three_blocks_but_a_broken_wall_does_not():
    a, b = [H("A2")], [H("E2")]
    assert not line_of_sight(a, b, blocking={H("C1"), H("C2"), H("C3")})
    assert line_of_sight(a, b, blocking={H("C1"), H("C3")})


def test_a_single_obstacle_between_two_tiles_blocks_even_at_its_corner():
    # A1 and A3 with A2 between: the line along the left corners grazes A2's left corner.
    assert not line_of_sight([H("A1")], [H("A3")], blocking={H("A2")})
    assert line_of_sight([H("A1")], [H("A3")], blocking=set())


@given(
    q=st.integers(-6, 6), r=st.integers(-6, 6), direction=st.integers(0, 5), length=st.integers(2, 6),
    data=st.data(),
)
def test_a_tile_between_two_pieces_in_a_straight_row_always_blocks(q, r, direction, length, data):
    viewer = Hex.axial(q, r)
    step = DIRECTIONS[direction]
    target = viewer + step.scale(length)
    between = viewer + step.scale(data.draw(st.integers(1, length - 1), label="between"))
    assert not line_of_sight([viewer], [target], blocking={between})
    assert not line_of_sight([target], [viewer], blocking={between})
    assert line_of_sight([viewer], [target], blocking=set())


@given(q=st.integers(-4, 4), r=st.integers(-4, 4), direction=st.integers(0, 5))
def test_a_piece_beside_an_obstacle_still_sees_along_its_own_edge(q, r, direction):
    # Viewer and target side by side in a row; an obstacle touching both (their shared neighbour)
    # never blocks two pieces that touch, and one touching only the viewer leaves the row open.
    viewer = Hex.axial(q, r)
    target = viewer + DIRECTIONS[direction].scale(2)
    beside = viewer + DIRECTIONS[(direction + 3) % 6]
    assert line_of_sight([viewer], [target], blocking={beside})


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


@settings(max_examples=30, deadline=None)
@given(
    obstacles=st.sets(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=14),
    viewer=st.sampled_from([[(3, 3)], [(1, 1), (2, 1), (1, 2)], [(6, 0)]]),
)
def test_the_overlay_marks_exactly_the_tiles_a_piece_would_be_seen_on(obstacles, viewer):
    mine = [Hex.from_offset(c, r) for c, r in viewer]
    blocking = {Hex.from_offset(c, r) for c, r in obstacles} - set(mine)
    lines = Sightlines(blocking)
    board = [Hex.from_offset(c, r) for c in range(8) for r in range(8)]
    tiles = [t for t in board if t not in blocking and t not in mine]
    assert lines.seen_tiles(mine, tiles) == [t for t in tiles if lines.sees(mine, [t])]
