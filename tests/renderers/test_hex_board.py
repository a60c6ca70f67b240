"""The hex board renderer, tested by structure: size, mode, and colours at known tile centres."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from renderers.hex_board import (
    _MARK_STRENGTH,
    AREA_OUTLINE,
    HERO_COLOURS,
    MAX_PNG_BYTES,
    PALETTES,
    Overlay,
    _blend,
    hero_disc,
    layout_board,
    legend_rows,
    render_hex_board,
)
from rules.boss_fight import quick_game
from rules.boss_fight.content import Status
from rules.boss_fight.engine import _Ctx, _die, can_see, can_see_tiles
from rules.boss_fight.hexgrid import Hex
from rules.boss_fight.state import StatusMark
from rules.boss_fight.views import board_overlay, reachable_tiles
from rules.errors import RuleError

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
        hx, hy, r = hero_disc(lay, hero.tiles()[0])
        assert close(pixel(png, (hx, hy + r * 0.8)), HERO_COLOURS[i]), hero.name
    boss_tiles = state.boss.tiles()
    mid = [sum(lay.centre(h)[0] for h in boss_tiles) / 9, sum(lay.centre(h)[1] for h in boss_tiles) / 9]
    far = max(boss_tiles, key=lambda h: (lay.centre(h)[1] - mid[1]) ** 2)
    assert close(pixel(png, lay.centre(far)), pal.boss)


def test_overlays_and_tokens():
    state = board()
    pal = PALETTES["dark"]
    hero = state.heroes[0]
    reach = reachable_tiles(state, hero.id, "walk")
    overlay = Overlay(reach=reach, sight=(hero.id, "boss"))
    lay = layout_board(state, legend=legend_rows(overlay.as_board_overlay()))
    png = render_hex_board(state, overlay=overlay)
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


def test_health_bars_stay_inside_their_own_tile_and_labels_by_pieces_are_bright():
    # Issue 24, item 12: bars covered the label of the tile above; labels were faint grey.
    from renderers.hex_board import hero_bar_box, label_at, label_size

    state = board("crossroads")
    lay = layout_board(state)
    for hero in state.heroes:
        tile = hero.tiles()[0]
        left, top, right, bottom = hero_bar_box(lay, tile)
        cx, cy = lay.centre(tile)
        half_h = lay.radius * 3 ** 0.5 / 2
        assert cy - half_h < top < bottom < hero_disc(lay, tile)[1] - hero_disc(lay, tile)[2]
        assert cx - lay.radius / 2 <= left and right <= cx + lay.radius / 2  # within the top edge
    from renderers.hex_board import boss_bar_box, boss_hub

    boss = state.boss.tiles()
    left, top, right, bottom = boss_bar_box(lay, boss)
    hx, hy = lay.centre(boss_hub(lay, boss))
    assert hy - lay.radius * 3 ** 0.5 / 2 < top < bottom < hy
    assert hx - lay.radius <= left < right <= hx + lay.radius
    pal = PALETTES["dark"]
    png = render_hex_board(state)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    hero = state.heroes[0].tiles()[0]
    occupied = {t for c in state.characters for t in c.tiles()} | set(state.obstacles)
    near = next(n for n in hero.neighbours() if n not in occupied and 0 <= n.col < 12 and 0 <= n.row < 12)
    cx, cy = label_at(lay, near)
    half = label_size(lay) / 2
    box = image.crop((round(cx - lay.radius * 0.45), round(cy - half),
                      round(cx + lay.radius * 0.45), round(cy + half)))
    brightest = tuple(high for _, high in box.getextrema())
    assert close(brightest, pal.text, tol=30), "a label beside a piece is drawn in the bright text colour"
    assert len(png) < 300_000


def test_bad_options_are_refused():
    with pytest.raises(ValueError):
        render_hex_board(board(), theme="sepia")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        render_hex_board(board(), size=100)


@pytest.mark.parametrize("kind", ["moves", "sight", "areas"])
def test_named_overlays_tint_their_tiles_and_add_a_legend(kind):
    state = board()
    hero = state.heroes[0]
    overlay = board_overlay(state, kind, hero.id)
    assert overlay.marks and overlay.legend and str(overlay.title).endswith(hero.name)
    png = render_hex_board(state, overlay=kind, focus=hero.id)
    image = Image.open(io.BytesIO(png))
    plain = layout_board(state)
    lay = layout_board(state, legend=legend_rows(overlay))
    assert image.size == (1000, lay.height) and lay.height > plain.height
    pal = PALETTES["dark"]
    mark = overlay.marks[0]
    base = pal.tile if (mark.tile.col + mark.tile.row) % 2 == 0 else pal.tile_alt
    tint = _blend(base, getattr(pal, mark.layer), _MARK_STRENGTH[mark.layer])
    cx, cy = lay.centre(mark.tile)
    # Away from the centre's number and the tile's own label.
    assert close(pixel(png, (cx - lay.radius * 0.6, cy)), tint)


def test_moves_overlay_numbers_the_movement_and_ignores_the_hand():
    state = board()
    hero = state.heroes[0]
    overlay = board_overlay(state, "moves", hero.id)
    assert {m.label for m in overlay.marks} >= {"1", "2"}
    assert all(m.layer == ("reach" if int(m.label) <= 2 else "reach_far") for m in overlay.marks)
    # Another hand (same deck) draws the same picture: the overlay tells nothing about the hand.
    other = state.model_copy(deep=True)
    c = other.character(hero.id)
    c.piles.hand, c.piles.deck = c.piles.deck[:4], c.piles.hand + c.piles.deck[4:]
    assert board_overlay(other, "moves", hero.id) == overlay
    assert render_hex_board(other, overlay="moves", focus=hero.id) == render_hex_board(
        state, overlay="moves", focus=hero.id)


def test_sight_overlay_lines_and_tiles_match_the_engine():
    state = board()
    boss = state.boss
    overlay = board_overlay(state, "sight", "boss")
    seen = {m.tile for m in overlay.marks}
    assert seen and all(can_see_tiles(state, boss, [t]) for t in seen)
    others = [t for t in (Hex.from_offset(c, r) for c in range(20) for r in range(20))
              if t not in seen and t not in state.obstacles and state.occupant(t) is None]
    assert not any(can_see_tiles(state, boss, [t]) for t in others)
    assert {t for _, t in overlay.sight} == {h.id for h in state.heroes}


def test_areas_overlay_shows_range_zones_and_tokens():
    state = quick_game(seed=1)
    overlay = board_overlay(state, "areas", "boss")
    layers = {m.layer for m in overlay.marks}
    assert {"range", "area"} <= layers
    assert any("Tremor" in str(words) for _, words in overlay.legend)


def test_unknown_overlay_is_a_rule_error():
    with pytest.raises(RuleError, match="use moves, sight or areas"):
        render_hex_board(board(), overlay="fog")


def test_a_long_boss_name_goes_on_two_lines_or_to_initials():
    from PIL import ImageDraw

    from renderers._fonts import font
    from renderers.hex_board import _boss_label

    boss = board().boss
    draw = ImageDraw.Draw(Image.new("RGB", (10, 10)))
    fnt = font(20, bold=True)
    wide = draw.textlength(boss.name, font=fnt)
    assert _boss_label(draw, boss, fnt, wide + 1, 9) == [boss.name]
    assert _boss_label(draw, boss, fnt, wide * 0.7, 9) == boss.name.split(" ", 1)
    assert _boss_label(draw, boss, fnt, 5, 9) == [boss.initials]
    assert _boss_label(draw, boss, fnt, wide + 1, 3) == [boss.initials]


def _edge_midpoint(lay, h, shrink):
    corners = lay.corners(h, shrink)
    return ((corners[0][0] + corners[1][0]) / 2, (corners[0][1] + corners[1][1]) / 2)


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_an_area_on_the_boss_is_outlined_over_the_boss(theme):
    state = board()
    pal = PALETTES[theme]
    lay = layout_board(state)
    tiles = state.boss.tiles()
    mid_y = sum(lay.centre(h)[1] for h in tiles) / len(tiles)
    hit = max(tiles, key=lambda h: (lay.centre(h)[1] - mid_y) ** 2)  # away from the name and the health bar
    spot = _edge_midpoint(lay, hit, AREA_OUTLINE)
    assert close(pixel(render_hex_board(state, theme=theme), spot), pal.boss)
    overlay = Overlay(area=[hit])
    lay = layout_board(state, legend=legend_rows(overlay.as_board_overlay(state=state)))
    png = render_hex_board(state, theme=theme, overlay=overlay)
    assert close(pixel(png, _edge_midpoint(lay, hit, AREA_OUTLINE)), pal.area)
    assert close(pixel(png, lay.centre(hit)), pal.boss)


def test_the_preview_legend_names_only_the_sight_line_drawn():
    state = board()
    seeing = next(h for h in state.heroes if can_see(state, h, state.boss))
    blind = next(h for h in state.heroes if not can_see(state, h, state.boss))
    clear = Overlay(sight=(seeing.id, "boss")).as_board_overlay(state=state)
    blocked = Overlay(sight=(blind.id, "boss")).as_board_overlay(state=state)
    assert [layer for layer, _ in clear.legend] == ["sight_ok"]
    assert [layer for layer, _ in blocked.legend] == ["sight_blocked"]
    plain = layout_board(state)
    png = render_hex_board(state, overlay=Overlay(sight=(seeing.id, "boss")))
    assert Image.open(io.BytesIO(png)).height == layout_board(state, legend=2).height > plain.height


def test_the_sight_overlay_legend_names_only_the_lines_drawn():
    state = board()
    blind = next(h for h in state.heroes if not can_see(state, h, state.boss))
    legend = [layer for layer, _ in board_overlay(state, "sight", blind.id).legend]
    assert legend == ["seen", "sight_blocked"]


TILE_LABEL = re.compile(r"^[A-Z]{1,2}\d{1,2}$")


@pytest.mark.parametrize("map_id", ["crossroads", "ruined_chapel", "sunken_causeway", "great_hall"])
@pytest.mark.parametrize("size", [500, 1000, 2400])
def test_tile_labels_read_at_11_points_on_a_phone(monkeypatch, map_id, size):
    # Issue 34, item 17: tile labels were about 5 px when a phone showed the board 390 px wide.
    import renderers.hex_board as hex_board

    drawn: list[tuple[str, int]] = []
    real = hex_board._text

    def recording(draw, xy, text, fnt, fill, *args, **kwargs):
        drawn.append((text, fnt.size))
        real(draw, xy, text, fnt, fill, *args, **kwargs)

    monkeypatch.setattr(hex_board, "_text", recording)
    hex_board._base_layer.cache_clear()  # the empty board is cached: draw it again, recorded
    state = board(map_id)
    hex_board.render_hex_board(state, size=size)
    initials = {c.initials for c in state.characters}
    # Tile labels (C4), and the column letters and row numbers round the edge.
    labels = [
        (t, s) for t, s in drawn if TILE_LABEL.match(t) or t.isdigit() or (t.isupper() and t not in initials)
    ]
    assert len([t for t, _ in labels if TILE_LABEL.match(t)]) >= 6, "the tiles beside the pieces are labelled"
    assert len(labels) >= 2 * (state.board.width + state.board.height)
    assert min(s for _, s in labels) * 390 / size >= 11
    hex_board._base_layer.cache_clear()


def test_every_tile_is_labelled_where_the_labels_fit():
    from renderers.hex_board import label_at, label_size, labels_fit
    from rules.boss_fight.hexgrid import board_tiles

    for map_id, fits in [("crossroads", True), ("sunken_causeway", True), ("great_hall", False)]:
        state = board(map_id)
        lay = layout_board(state)
        tiles = list(board_tiles(state.board.width, state.board.height))
        assert labels_fit(lay, state.board.width, state.board.height) is fits, map_id
        x, y = label_at(lay, tiles[0])
        cx, cy = lay.centre(tiles[0])
        # Inside its own tile: below the centre, above the bottom edge.
        assert x == cx and cy < y and y + label_size(lay) / 2 <= cy + lay.radius * 3**0.5 / 2


# --- issue 38, item 25: a dead hero's token hid its tile's label; row numbers sat half a row off ---


def _label_box(png: bytes, lay, tile: Hex) -> Image.Image:
    from renderers.hex_board import label_at, label_size

    x, y = label_at(lay, tile)
    half = label_size(lay) * 0.5
    image = Image.open(io.BytesIO(png)).convert("RGB")
    wide = 2.2 * half
    return image.crop((round(x - wide), round(y - half), round(x + wide), round(y + half)))


def _ink(box: Image.Image, colour) -> int:
    """How many pixels of ``box`` are (about) ``colour``: a label's letters."""
    pixels = box.load()
    return sum(close(pixels[x, y], colour, 40) for x in range(box.width) for y in range(box.height))


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("map_id", ["crossroads", "great_hall"])
def test_a_fallen_heros_token_leaves_its_tile_label_readable(theme, map_id):
    state = board(map_id)
    victim = state.heroes[1]
    tile = victim.tiles()[0]
    pal = PALETTES[theme]
    lay = layout_board(state)
    alive = _ink(_label_box(render_hex_board(state, theme=theme), lay, tile), pal.text)
    _die(_Ctx(state, None), victim)  # type: ignore[arg-type]
    png = render_hex_board(state, theme=theme)
    shown = _ink(_label_box(png, lay, tile), pal.text)
    assert shown >= 0.9 * alive > 0, "the label under the token is hidden"
    x, y, r = hero_disc(lay, tile)
    assert close(pixel(png, (x + r * 0.85, y)), pal.death)  # the token is still there, above it


@pytest.mark.parametrize("map_id", ["crossroads", "ruined_chapel", "great_hall"])
def test_row_numbers_sit_beside_their_own_rows_labels(map_id):
    """Each row number's nearest tile labels, in an even and an odd column, are its own row's."""
    from renderers.hex_board import LABEL_MARGIN, PALETTES, label_at

    state = board(map_id)
    lay = layout_board(state)
    png = render_hex_board(state, theme="dark")
    image = Image.open(io.BytesIO(png)).convert("RGB")
    bg = PALETTES["dark"].bg
    w, h = state.board.width, state.board.height
    for left, right in ((0, LABEL_MARGIN - 4), (lay.width - LABEL_MARGIN + 4, lay.width)):
        # the numbers' ink, row by row of pixels, between the board's top and bottom
        inked = [
            y
            for y in range(round(lay.header_h + LABEL_MARGIN), round(lay.board_bottom))
            if any(not close(image.getpixel((x, y)), bg, 30) for x in range(left, right))
        ]
        blobs: list[list[int]] = []
        for y in inked:
            if blobs and y - blobs[-1][-1] <= 2:
                blobs[-1].append(y)
            else:
                blobs.append([y])
        centres = [(b[0] + b[-1]) / 2 for b in blobs]
        assert len(centres) == h, (map_id, left, len(centres))
        for row, centre in enumerate(centres):
            for col in (0, 1, w - 2, w - 1):
                own = label_at(lay, Hex.from_offset(col, row))[1]
                others = [
                    label_at(lay, Hex.from_offset(col, r))[1] for r in range(h) if r != row
                ]
                assert all(abs(centre - own) < abs(centre - y) for y in others), (map_id, row, col)
