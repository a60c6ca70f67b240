"""piece_poses: one entry per set of tiles a boss can end a move on, named by anchor and rotation."""

from __future__ import annotations

import random

from rules.boss_fight import GameState, Hex, Sacrifice, apply, legal_actions, piece_poses, quick_game
from rules.boss_fight.engine import boss_destinations, move_allowance
from rules.boss_fight.state import pose_tiles


def boss_to_move() -> tuple[GameState, str]:
    """A quick game at the boss's turn with a move card in its hand (heroes sacrifice until then)."""
    for seed in range(20):
        s = quick_game(seed=seed)
        while s.current is not None and s.current.id != s.boss.id and s.round == 1:
            s = apply(s, Sacrifice(card=s.current.piles.hand[0]), random.Random(0)).state
        if s.current is not None and s.current.id == s.boss.id:
            card = next((x for x in s.boss.piles.hand if s.cards[x].move), None)
            if card is not None:
                return s, card
    raise AssertionError("no seed gives the boss a move card on its first turn")


def test_every_pose_is_listed_once_and_its_move_ends_there():
    s, card = boss_to_move()
    poses = piece_poses(s, "boss", card)
    allowance = move_allowance(s.boss, s.cards[card].move.tiles)
    reachable = {frozenset(pose_tiles(s.boss.shape, Hex.axial(q, r), rot))
                 for q, r, rot in boss_destinations(s, s.boss, allowance)}
    assert {frozenset(p.tiles) for p in poses} == reachable - {frozenset(s.boss.tiles())}
    assert len({frozenset(p.tiles) for p in poses}) == len(poses)
    legal = legal_actions(s)
    for p in poses:
        assert p.move in legal
        assert set(p.tiles) == set(pose_tiles(s.boss.shape, p.anchor, p.rotation))
        after = apply(s, p.move, random.Random(0)).state.boss
        assert (after.anchor, after.rotation) == (p.anchor, p.rotation)
        assert set(after.tiles()) == set(p.tiles)
    assert [p.steps for p in poses] == sorted(p.steps for p in poses)


def test_a_pose_label_names_the_anchor_the_rotation_and_the_tiles():
    s, card = boss_to_move()
    p = piece_poses(s, "boss", card)[0]
    label = p.label()
    assert label.startswith(f"anchor {p.anchor.label()}, rotation {p.rotation}: covers ")
    assert all(h.label() in label.split() for h in p.tiles) and len(label) <= 100


def test_a_hero_has_one_pose_per_reachable_tile():
    s = quick_game(seed=1)
    hero = s.current
    assert hero is not None and hero.id != s.boss.id
    poses = piece_poses(s, hero.id, "walk")
    assert poses and all(p.tiles == (p.anchor,) and p.move.to == p.anchor for p in poses)


def test_a_symmetric_boss_turning_in_place_is_not_a_choice():
    s, card = boss_to_move()
    # A ring round its centre: every rotation covers the same tiles.
    s.boss.shape = [(0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    poses = piece_poses(s, "boss", card)
    assert poses and all(set(p.tiles) != set(s.boss.tiles()) for p in poses)
    anchors = [p.anchor for p in poses]
    assert len(anchors) == len(set(anchors))
