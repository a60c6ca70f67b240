"""Movement and placement: paths, blocking, the distance rule, and the multi-tile boss's search."""

from __future__ import annotations

import pytest

from rules.boss_fight import IllegalAction, Move, PlaceBoss, PlaceHero, apply, legal_actions
from rules.boss_fight.engine import boss_destinations, hero_placements, passable_for, reachable
from rules.boss_fight.hexgrid import Hex
from rules.boss_fight.movement import ShapeMover
from tests.rules.boss_fight.helpers import H, ScriptedRandom, arena, hand_of, placed, put

RNG = ScriptedRandom(default=1)
DOMINO = [(0, 0), (0, 1)]  # two tiles, one above the other
TRIANGLE = [(0, 0), (1, 0), (1, -1)]  # three tiles that all touch


def wall_with_gap(gap_rows, height=9):
    """Column E is solid except the rows in ``gap_rows``."""
    return [f"E{r}" for r in range(1, height + 1) if r not in gap_rows]


def test_a_hero_walks_around_obstacles_but_not_through_enemies():
    s = placed(arena(obstacles=["B5", "B6", "C5"], heroes=("mira_the_warden", "kestrel_the_archer"),
                     shape=[(0, 0)]), "H2", ["A9", "J9"])
    s = put(s, "mira_vale", "A5")
    mira = s.character("mira_vale")
    two = reachable(s, mira, 2)
    assert H("B5") not in two and H("C5") not in two
    s = put(s, "boss", "A6")
    assert H("A7") not in reachable(s, s.character("mira_vale"), 2), "the boss below her blocks the way"


def test_allies_may_be_crossed_but_not_ended_on():
    s = placed(arena(heroes=("mira_the_warden", "kestrel_the_archer"), shape=[(0, 0)]), "J1", ["A9", "A8"])
    s = put(s, "mira_vale", "A1")
    s = put(s, "kestrel", "A2")
    s.obstacles += [H("B1"), H("B2")]
    dest = reachable(s, s.character("mira_vale"), 2)
    assert H("A2") not in dest, "cannot stop on Kestrel"
    assert H("A3") in dest, "but can walk past her"


def test_heroes_start_more_than_two_tiles_from_the_boss():
    s = apply(arena(heroes=("mira_the_warden",)), PlaceBoss(anchor=H("E5")), RNG).state
    tiles = hero_placements(s, s.character("mira_vale"))
    assert tiles and all(min(t.distance(b) for b in s.boss.tiles()) > 2 for t in tiles)
    with pytest.raises(IllegalAction, match="within 2 tiles of the boss"):
        apply(s, PlaceHero(character="mira_vale", tile=H("E8")), RNG)
    with pytest.raises(IllegalAction, match="not clear"):
        apply(s, PlaceHero(character="mira_vale", tile=H("E5")), RNG)


def test_when_no_far_tile_is_left_any_clear_tile_will_do():
    s = arena(width=5, height=5, heroes=("mira_the_warden",))
    s = apply(s, PlaceBoss(anchor=H("C3")), RNG).state
    tiles = hero_placements(s, s.character("mira_vale"))
    assert tiles and not any(min(t.distance(b) for b in s.boss.tiles()) > 2 for t in tiles)
    s = apply(s, PlaceHero(character="mira_vale", tile=tiles[0]), RNG).state
    assert s.phase.value == "playing"


def test_the_boss_is_placed_on_clear_tiles_only():
    s = arena(obstacles=["E5"], heroes=("mira_the_warden",))
    with pytest.raises(IllegalAction, match="does not fit"):
        apply(s, PlaceBoss(anchor=H("E4")), RNG)  # the Colossus's ring would cover E5
    with pytest.raises(IllegalAction, match="does not fit"):
        apply(s, PlaceBoss(anchor=H("A1")), RNG)  # half off the board
    placements = legal_actions(s)
    assert placements and all(a.kind == "place_boss" for a in placements)


def _mover(shape, obstacles, width=9, height=9):
    s = arena(width=width, height=height, obstacles=obstacles, heroes=("mira_the_warden",), shape=shape)
    return s


def _east_of_wall(tiles):
    return all(t.col > 4 for t in tiles)


def test_a_gap_the_boss_passes_only_by_turning():
    s = placed(_mover(DOMINO, wall_with_gap({5})), "B4", ["I9"])
    boss = s.boss
    assert [t.label() for t in boss.tiles()] == ["B4", "B5"]
    # Standing upright the domino cannot sit in the gap; turned to lie along the passage it can.
    passable = {(h.q, h.r) for h in map(Hex.from_label, ["E5"])} | {
        (h.q, h.r) for h in map(Hex.from_label, ["D5", "F5", "D4", "F4", "D6", "F6"])}
    mover = ShapeMover(DOMINO, passable)
    gap = Hex.from_label("E5")
    upright = [r for r in range(6) if any(mover.fits((gap.q - dq, gap.r - dr), r)
                                          for dq, dr in mover.rotated[r])]
    assert upright and set(upright) != set(range(6)), "only some rotations fit in the gap"
    poses = boss_destinations(s, boss, 6)
    beyond = [p for p in poses if _east_of_wall([H(x) for x in _labels(ShapeMover(DOMINO, set()), p)])]
    assert beyond, "turning lets it through"


def _labels(mover, pose):
    return [Hex.axial(q, r).label() for q, r in mover.tiles((pose[0], pose[1]), pose[2])]


def test_a_gap_the_boss_cannot_pass_in_any_rotation():
    s = placed(_mover(TRIANGLE, wall_with_gap({5})), "B4", ["I9"])
    poses = boss_destinations(s, s.boss, 12)
    assert poses, "it can still move on its own side"
    assert not any(_east_of_wall([H(x) for x in _labels(ShapeMover(TRIANGLE, set()), p)]) for p in poses)
    wider = placed(_mover(TRIANGLE, wall_with_gap({5, 6})), "B4", ["I9"])
    poses = boss_destinations(wider, wider.boss, 12)
    assert any(_east_of_wall([H(x) for x in _labels(ShapeMover(TRIANGLE, set()), p)]) for p in poses)


def test_the_boss_moves_by_a_pivot_tile_and_may_turn():
    s = placed(_mover(DOMINO, []), "B4", ["I9"])
    s.active, s.actions_left = "boss", 3
    s = hand_of(s, "boss", ["walk", "walk", "lumber", "basic_attack"])
    # Move the lower tile (B5) two tiles to B7, turning one sixth.
    r = apply(s, Move(card="walk", to=H("B7"), pivot=H("B5"), rotation=1), RNG)
    boss = r.state.boss
    assert H("B7") in boss.tiles() and boss.rotation == 1
    with pytest.raises(IllegalAction, match="not one of"):
        apply(s, Move(card="walk", to=H("B7"), pivot=H("C7")), RNG)
    with pytest.raises(IllegalAction, match="cannot end"):
        apply(s, Move(card="walk", to=H("B9"), pivot=H("B5")), RNG)  # 4 tiles away, and off the board below


def test_every_tile_must_end_clear():
    s = placed(_mover(DOMINO, ["B7"]), "B4", ["I9"])
    s.active, s.actions_left = "boss", 3
    s = hand_of(s, "boss", ["walk", "walk", "lumber", "basic_attack"])
    # B6 pivot on B6 upright would put the lower tile on the obstacle at B7.
    with pytest.raises(IllegalAction, match="every tile must end clear"):
        apply(s, Move(card="walk", to=H("B6"), pivot=H("B4"), rotation=0), RNG)
    assert passable_for(s, s.boss) >= {(H("B6").q, H("B6").r)}


def test_legal_boss_moves_are_all_accepted():
    s = placed(_mover(TRIANGLE, wall_with_gap({5, 6})), "B4", ["I9"])
    s.active, s.actions_left = "boss", 3
    s = hand_of(s, "boss", ["walk", "walk", "lumber", "basic_attack"])
    moves = [a for a in legal_actions(s) if a.kind == "move"]
    assert moves
    for a in moves[:: max(1, len(moves) // 25)]:
        after = apply(s, a, RNG).state.boss
        assert a.to in after.tiles()
