"""The hex board renderer, tested by structure: size, mode, and colours at known tile centres."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from renderers.hex_board import (
    HERO_COLOURS,
    MAX_PNG_BYTES,
    PALETTES,
    Overlay,
    _blend,
    layout_board,
    render_hex_board,
)
from rules.boss_fight import quick_game
from rules.boss_fight.content import Status
from rules.boss_fight.engine import _Ctx, _die
from rules.boss_fight.hexgrid import Hex
from rules.boss_fight.state import StatusMark
from rules.boss_fight.views import reachable_tiles

HEROES = ("mira_the_warden", "kestrel_the_archer", "orrin_the_sage", "vex_the_knife")


def board(map_id="great_hall"):
    return quick_game(seed=4, boss="the_gazer", heroes=HEROES, map_id=map_id)


def pixel(png: bytes, xy) -> tuple[int, int, int]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.getpixel((round(xy[0]), round(xy[1])))


def close(a, b, tol=24):
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("map_id", ["crossroads", "ruined_chapel", "sunken_causeway", "great_hall"])
def test_size_mode_and_limits(theme, map_id):
    state = board(map_id)
    png = render_hex_board(state, theme=theme)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) < MAX_PNG_BYTES
    image = Image.open(io.BytesIO(png))
    lay = layout_board(state)
    assert image.size == (1000, lay.height) and image.mode in ("RGB", "P")


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_colours_at_known_tiles(theme):
    state = board()
    pal = PALETTES[theme]
    lay = layout_board(state)
    png = render_hex_board(state, theme=theme)
    obstacle = state.obstacles[0]
    cx, cy = lay.centre(obstacle)
    assert close(pixel(png, (cx, cy + lay.radius * 0.5)), pal.obstacle)
    occupied = {t for c in state.characters for t in c.tiles()}
    tiles = (Hex.from_offset(c, r) for c in range(20) for r in range(20))
    taken = occupied | set(state.obstacles)
    empty = next(h for h in tiles if all(h.distance(o) > 1 for o in taken))
    seen = pixel(png, lay.centre(empty))
    assert close(seen, pal.tile) or close(seen, pal.tile_alt)
    for i, hero in enumerate(state.heroes):
        hx, hy = lay.centre(hero.tiles()[0])
        assert close(pixel(png, (hx, hy + lay.radius * 0.5)), HERO_COLOURS[i]), hero.name
    boss_tiles = state.boss.tiles()
    mid = [sum(lay.centre(h)[0] for h in boss_tiles) / 9, sum(lay.centre(h)[1] for h in boss_tiles) / 9]
    far = max(boss_tiles, key=lambda h: (lay.centre(h)[1] - mid[1]) ** 2)
    assert close(pixel(png, lay.centre(far)), pal.boss)


def test_overlays_and_tokens():
    state = board()
    pal = PALETTES["dark"]
    lay = layout_board(state)
    hero = state.heroes[0]
    reach = reachable_tiles(state, hero.id, "walk")
    png = render_hex_board(state, overlay=Overlay(reach=reach, sight=(hero.id, "boss")))
    tile = reach[0]
    base = pal.tile if (tile.col + tile.row) % 2 == 0 else pal.tile_alt
    assert close(pixel(png, lay.centre(tile)), _blend(base, pal.reach, 0.45))
    plain = render_hex_board(state)
    assert png != plain


def test_death_tokens_statuses_and_the_end_are_drawn():
    state = board()
    victim = state.heroes[1]
    tile = victim.tiles()[0]
    state.heroes[0].statuses = [StatusMark(status=s) for s in Status]
    _die(_Ctx(state, None), victim)  # type: ignore[arg-type]
    lay = layout_board(state)
    png = render_hex_board(state, theme="light")
    cx, cy = lay.centre(tile)
    assert close(pixel(png, (cx + lay.radius * 0.3, cy)), PALETTES["light"].death)


def test_bad_options_are_refused():
    with pytest.raises(ValueError):
        render_hex_board(board(), theme="sepia")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        render_hex_board(board(), size=100)
