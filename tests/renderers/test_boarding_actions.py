"""The Boarding Actions scoreboard PNG, tested by structure: format, size, theme colours, banners,
and every mission at its end of battle."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.boarding_actions import BANNER_H, HEADER_H, MAX_PNG_BYTES, PALETTES, WIDTH, render_scoreboard
from rules.boarding_actions.battle import (
    Advance,
    BattleState,
    Player,
    Score,
    SetBattleReady,
    apply,
    new_battle,
)
from rules.boarding_actions.content import load_missions_strict
from rules.boarding_actions.missions import Moment
from rules.boarding_actions.scoreboard import scoreboard

LIBRARY = load_missions_strict()
BANNER_Y = HEADER_H + BANNER_H // 2


def finished(mission_id: str, *, defender_wins: bool) -> BattleState:
    mission = LIBRARY.get(mission_id)
    state = new_battle(
        mission,
        attacker=Player(name="Ann", points=500),
        defender=Player(name="Bo", points=460),
        first_turn=None if mission.first_turn.role else "attacker",
    )
    while state.moment is not Moment.BATTLE_END:
        state = apply(state, Advance())
    if defender_wins:
        state = apply(state, SetBattleReady(role="defender", ready=True))
    return apply(state, Advance())


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_png_shape_size_and_theme_colours(theme: str) -> None:
    data = render_scoreboard(scoreboard(finished("deck-sweepers", defender_wins=True)), theme=theme)
    picture = image(data)
    assert picture.format == "PNG" and picture.mode == "RGB"
    assert picture.width == WIDTH and 600 < picture.height < 1600
    assert len(data) < MAX_PNG_BYTES
    palette = PALETTES[theme]
    assert picture.getpixel((5, 5)) == palette.header
    assert picture.getpixel((5, BANNER_Y)) == palette.win
    assert picture.getpixel((picture.width // 2, picture.height - 3)) == palette.bg


def test_a_draw_has_a_grey_banner_and_a_battle_in_progress_a_lead_banner() -> None:
    draw = render_scoreboard(scoreboard(finished("rad-leak", defender_wins=False)))
    assert image(draw).getpixel((5, BANNER_Y)) == PALETTES["dark"].draw
    teeth = new_battle(LIBRARY.get("pull-their-teeth"), attacker=Player(name="A"), defender=Player(name="D"))
    leading = render_scoreboard(scoreboard(teeth), theme="light")
    assert image(leading).getpixel((5, BANNER_Y)) == PALETTES["light"].lead


@pytest.mark.parametrize("mission_id", LIBRARY.ids())
def test_every_mission_renders(mission_id: str) -> None:
    state = finished(mission_id, defender_wins=True)
    picture = image(render_scoreboard(scoreboard(state), width=700))
    assert picture.width == 700


def test_more_objectives_make_a_taller_board() -> None:
    short = image(render_scoreboard(scoreboard(finished("the-pipeline", defender_wins=True))))
    tall = image(render_scoreboard(scoreboard(finished("rad-leak", defender_wins=True))))
    assert tall.height > short.height


def test_a_long_name_and_negative_cells_still_render() -> None:
    state = new_battle(
        LIBRARY.get("pull-their-teeth"),
        attacker=Player(name="W" * 40),
        defender=Player(name="Bo"),
    )
    loaders = Score(role="defender", objective="destroy-ground-targets", count=4)
    state = apply(apply(state, Advance()), loaders)
    board = scoreboard(state)
    assert board.sides[0].lines[0].cells == {"start": 60, "1": -20}
    assert image(render_scoreboard(board)).width == WIDTH
