"""The sight overlay is computed once per board: a redraw traces no line again (issue 33, item 1)."""

from __future__ import annotations

from rules.boss_fight import quick_game
from rules.boss_fight.engine import sightlines_for
from rules.boss_fight.sight import Sightlines
from rules.boss_fight.views import board_overlay


def test_a_second_sight_overlay_of_the_same_board_traces_no_line(monkeypatch) -> None:
    state = quick_game(seed=3)
    first = board_overlay(state, "sight", state.boss.id)
    traced = []
    original = Sightlines._blocker

    def counting(self, *args, **kwargs):
        traced.append(args)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Sightlines, "_blocker", counting)
    again = board_overlay(state, "sight", state.boss.id)
    assert again.marks == first.marks and first.marks
    # What is left is the lines to each enemy (can_see), never the board's tiles one by one.
    assert len(traced) < 50


def test_cached_answers_stay_those_of_a_fresh_tester() -> None:
    state = quick_game(seed=5)
    lines = sightlines_for(state, state.boss)
    tiles = sorted({n for t in state.boss.tiles() for n in t.neighbours()} - set(state.boss.tiles()), key=str)
    assert lines.seen_tiles(state.boss.tiles(), tiles) == Sightlines(lines.blocking).seen_tiles(
        state.boss.tiles(), tiles
    )
