"""The boss's move menu offers one choice per pose (anchor + rotation), as /bf place names it."""

from __future__ import annotations

from cogs.boss_fight.game import decode
from cogs.boss_fight.views import options
from rules.boss_fight import legal_actions, piece_poses
from tests.rules.boss_fight.test_poses import boss_to_move


def test_the_boss_move_menu_lists_poses_not_pivot_tiles():
    fight, card = boss_to_move()
    menu = options(fight, f"c.{card}")
    poses = piece_poses(fight, "boss", card)
    assert [label for label, _ in menu] == [p.label() for p in poses]
    assert all(label.startswith("anchor ") and " moves to " not in label for label, _ in menu)
    legal = legal_actions(fight)
    assert all(decode(code) in legal for _, code in menu)
