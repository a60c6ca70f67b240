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


def test_a_boss_move_preview_outlines_the_whole_shape_where_it_will_stand():
    # Issue 24, item 8: the preview marked only the tile the pivot ends on.
    import io

    from PIL import Image

    from cogs.boss_fight.preview import preview
    from renderers.hex_board import layout_board, legend_rows, render_hex_board

    fight, card = boss_to_move()
    pose = next(p for p in piece_poses(fight, "boss", card) if not set(p.tiles) & set(fight.boss.tiles()))
    text, overlay = preview(fight, pose.move)
    ghost = {m.tile for m in overlay.marks if m.layer == "ghost"}
    assert ghost == set(pose.tiles) and len(ghost) == len(fight.boss.shape) > 1
    assert f"anchor {pose.anchor.label()}, rotation {pose.rotation}" in text
    image = Image.open(io.BytesIO(render_hex_board(fight, overlay=overlay))).convert("RGB")
    lay = layout_board(fight, legend=legend_rows(overlay))
    plain = Image.open(io.BytesIO(render_hex_board(fight))).convert("RGB")
    plain_lay = layout_board(fight)
    for tile in pose.tiles:  # every tile of the new pose is tinted, not only the pivot's
        x, y = lay.centre(tile)
        px, py = plain_lay.centre(tile)
        assert image.getpixel((round(x), round(y - lay.radius * 0.3))) != plain.getpixel(
            (round(px), round(py - plain_lay.radius * 0.3))
        )


def test_move_cards_reaching_the_same_places_say_why():
    from cogs.boss_fight.preview import same_reach_note
    from rules.boss_fight.engine import move_allowance
    from tests.rules.boss_fight.helpers import hand_of

    fight, _ = boss_to_move()
    cards = ["walk", "lumber", "run"]  # 2, 3 and 4 tiles printed
    fight = hand_of(fight, "boss", cards)
    fight.boss.legs = 1  # one leg halves every move, so two of these give the same tiles
    given = {c: move_allowance(fight.boss, fight.cards[c].move.tiles) for c in cards}
    a, b = next((x, y) for x in cards for y in cards if x < y and given[x] == given[y])
    note = same_reach_note(fight, a)
    assert f"same places as {fight.cards[b].name}" in note and "one leg" in note
    assert f"each gives {given[a]}" in note
    alone = next(c for c in cards if list(given.values()).count(given[c]) == 1)
    assert same_reach_note(fight, alone) == "" or "hem it in" in same_reach_note(fight, alone)
