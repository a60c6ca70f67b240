"""Draw a Boss Fight board as a PNG: hex tiles with labels, obstacles, pieces, health and overlays.

Flat-topped hexes in odd-q columns, as in :mod:`rules.boss_fight.hexgrid`: column letters along
the top and bottom, row numbers down both sides, and each tile's own label inside it so a player
can read off the tile to type: plain on most tiles, bold and bright beside a piece, on an overlay's
tiles and on the pieces themselves (a hero's under its disc, the boss's on its tiles). Heroes are
coloured discs with their initials; the boss is its whole shape, filled and outlined, with its
name. Every living piece carries a health bar inside its own tile, and status badges (I
immobilised, D dazzled, S stunned, P poisoned); death tokens are grey
crosses; smoke is a grey haze; the character to act has a gold ring. Optional overlays show the
tiles a move can reach, the tiles an attack would hit (tinted, and outlined over any piece on
them), and a line of sight (green when clear, red and dashed when blocked). A roster under the
board repeats names, health and statuses.

>>> from rules.boss_fight import quick_game
>>> png = render_hex_board(quick_game(seed=1))
>>> png[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from renderers._fonts import Font, font
from renderers.canvas import draw as _surface
from renderers.canvas import fit as _fit
from renderers.canvas import say, words
from rules.boss_fight.content import Side, Status
from rules.boss_fight.engine import sight_line
from rules.boss_fight.hexgrid import CORNER_OFFSETS, DIRECTIONS, Hex, board_tiles, column_letters
from rules.boss_fight.state import Character, GameState, Outcome
from rules.boss_fight.views import BoardOverlay, OverlayKind, OverlayMark, board_overlay, verdict
from rules.i18n import N_, Translator

Theme = Literal["dark", "light"]
RGB = tuple[int, int, int]
MAX_PNG_BYTES = 300_000
MIN_WIDTH = 500
MAX_WIDTH = 2400
SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Palette:
    bg: RGB
    tile: RGB
    tile_alt: RGB
    grid: RGB
    obstacle: RGB
    obstacle_edge: RGB
    text: RGB
    muted: RGB
    faint: RGB
    label: RGB
    boss: RGB
    boss_edge: RGB
    active: RGB
    reach: RGB
    area: RGB
    sight_ok: RGB
    sight_blocked: RGB
    hp_full: RGB
    hp_low: RGB
    hp_back: RGB
    smoke: RGB
    death: RGB
    panel: RGB
    reach_far: RGB
    seen: RGB
    range: RGB
    token: RGB
    ghost: RGB


PALETTES: dict[str, Palette] = {
    "dark": Palette(
        bg=(30, 31, 34), tile=(54, 57, 63), tile_alt=(50, 53, 59), grid=(86, 90, 99), obstacle=(20, 21, 24),
        obstacle_edge=(120, 110, 96), text=(242, 243, 245), muted=(170, 175, 185), faint=(104, 109, 118),
        label=(146, 151, 162),
        boss=(150, 38, 46), boss_edge=(255, 112, 112), active=(250, 204, 21), reach=(46, 120, 200),
        area=(214, 96, 30), sight_ok=(74, 222, 128), sight_blocked=(248, 82, 82), hp_full=(74, 222, 128),
        hp_low=(248, 82, 82), hp_back=(24, 24, 27), smoke=(150, 150, 160), death=(120, 124, 132),
        panel=(43, 45, 49), reach_far=(120, 90, 200), seen=(52, 168, 96), range=(200, 150, 40),
        token=(150, 150, 160), ghost=(236, 72, 153),
    ),
    "light": Palette(
        bg=(250, 250, 252), tile=(232, 234, 238), tile_alt=(224, 227, 232), grid=(168, 172, 182),
        obstacle=(84, 78, 70), obstacle_edge=(60, 54, 48), text=(22, 24, 28), muted=(84, 90, 102),
        faint=(150, 156, 168), label=(92, 98, 110), boss=(232, 150, 150), boss_edge=(185, 28, 28),
        active=(202, 138, 4),
        reach=(96, 165, 250), area=(251, 146, 60), sight_ok=(22, 163, 74), sight_blocked=(220, 38, 38),
        hp_full=(22, 163, 74), hp_low=(220, 38, 38), hp_back=(210, 212, 218), smoke=(120, 120, 130),
        death=(110, 114, 122), panel=(238, 240, 244), reach_far=(167, 139, 250), seen=(74, 200, 120),
        range=(234, 179, 8), token=(120, 120, 130), ghost=(219, 39, 119),
    ),
}

HERO_COLOURS: tuple[RGB, ...] = (
    (37, 99, 235), (22, 163, 74), (234, 88, 12), (147, 51, 234), (13, 148, 136), (219, 39, 119),
    (202, 138, 4), (8, 145, 178),
)
"""One colour per hero in party order; saturated enough for both themes, each with white initials."""

STATUS_BADGES: dict[Status, tuple[str, RGB]] = {
    Status.IMMOBILISED: ("I", (146, 64, 14)),
    Status.DAZZLED: ("D", (202, 138, 4)),
    Status.STUNNED: ("S", (124, 58, 237)),
    Status.POISONED: ("P", (21, 128, 61)),
}


@dataclass
class Overlay:
    """Optional things to draw over the board.

    ``reach``: tiles a move can end on; ``area``: tiles an attack or effect would cover;
    ``sight``: (viewer id, target id), drawn as the clear line the engine found, or a red
    dashed line between the centres when there is none.
    """

    reach: list[Hex] = field(default_factory=list)
    area: list[Hex] = field(default_factory=list)
    sight: tuple[str, str] | None = None

    def as_board_overlay(self, title: str = N_("Preview"), *, state: GameState | None = None) -> BoardOverlay:
        """The same picture as a :class:`BoardOverlay`, with a legend for what it holds.

        With ``state``, the sight entry names only the line that is drawn (clear or blocked);
        without it, both.
        """
        marks = [OverlayMark(tile=h, layer="reach") for h in self.reach]
        marks += [OverlayMark(tile=h, layer="area") for h in self.area]
        legend = []
        if self.reach:
            legend.append(("reach", N_("can end the move here")))
        if self.area:
            legend.append(("area", N_("would be hit")))
        if self.sight:
            drawn = {True, False} if state is None else {_sight_clear(state, self.sight)}
            if True in drawn:
                legend.append(("sight_ok", N_("clear line of sight")))
            if False in drawn:
                legend.append(("sight_blocked", N_("no line of sight")))
        return BoardOverlay(kind=OverlayKind.MOVES if self.reach else OverlayKind.AREAS,
                            focus=self.sight[0] if self.sight else "", title=title, marks=tuple(marks),
                            sight=(self.sight,) if self.sight else (), legend=tuple(legend))


def _sight_clear(state: GameState, sight: tuple[str, str]) -> bool | None:
    """Whether the line :func:`_draw_sight` draws for ``sight`` is clear (None: no line is drawn)."""
    viewer, target = state.character(sight[0]), state.character(sight[1])
    if not viewer.tiles() or not target.tiles():
        return None
    return sight_line(state, viewer, target) is not None


@dataclass(frozen=True)
class BoardLayout:
    """Where the board sits in the picture; tests use :meth:`centre` to sample tile colours."""

    width: int
    height: int
    radius: float
    origin_x: float
    origin_y: float
    header_h: float
    board_bottom: float
    roster_top: float

    def lattice(self, x: float, y: float) -> tuple[float, float]:
        """Pixel position of a lattice point (see :mod:`rules.boss_fight.hexgrid`)."""
        return (self.origin_x + x * self.radius / 2, self.origin_y + y * self.radius * SQRT3 / 2)

    def centre(self, h: Hex) -> tuple[float, float]:
        """Pixel centre of a tile."""
        return self.lattice(3 * h.q, 2 * h.r + h.q)

    def corners(self, h: Hex, shrink: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        return [(cx + dx * self.radius / 2 * shrink, cy + dy * self.radius * SQRT3 / 2 * shrink)
                for dx, dy in CORNER_OFFSETS]


HEADER = 64
LABEL_MARGIN = 34
ROSTER_ROW = 44
LEGEND_ROW = 32


def legend_rows(overlay: BoardOverlay | None) -> int:
    """Rows the legend band under the board takes: the title, one per legend entry, one per note."""
    if overlay is None:
        return 0
    return 1 + len(overlay.legend) + len(overlay.notes)


def layout_board(state: GameState, *, size: int = 1000, legend: int = 0) -> BoardLayout:
    """The picture's layout for ``state`` at ``size`` pixels wide.

    >>> from rules.boss_fight import quick_game
    >>> lay = layout_board(quick_game(seed=1), size=1000)
    >>> lay.width, lay.radius > 20
    (1000, True)
    """
    if not MIN_WIDTH <= size <= MAX_WIDTH:
        raise ValueError(f"size must be between {MIN_WIDTH} and {MAX_WIDTH} pixels")
    k = size / 1000
    w, h = state.board.width, state.board.height
    margin = LABEL_MARGIN * k
    usable_w = size - 2 * margin
    radius = usable_w / (1.5 * (w - 1) + 2)
    board_h = SQRT3 * radius * (h + 0.5)
    header_h = HEADER * k
    origin_x = margin + radius
    origin_y = header_h + margin + radius * SQRT3 / 2
    board_bottom = header_h + margin + board_h
    rows = math.ceil(len(state.characters) / 2)
    roster_top = board_bottom + margin + 8 * k + (legend * LEGEND_ROW * k + 12 * k if legend else 0)
    height = int(roster_top + rows * ROSTER_ROW * k + 16 * k)
    return BoardLayout(size, height, radius, origin_x, origin_y, header_h, board_bottom, roster_top)


def hero_colour(state: GameState, c: Character) -> RGB:
    """The colour of a hero's token (by party order)."""
    index = [h.id for h in state.heroes].index(c.id)
    return HERO_COLOURS[index % len(HERO_COLOURS)]


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fnt: Font, fill: RGB,
          anchor: str = "mm", stroke: RGB | None = None, stroke_width: int = 0) -> None:
    draw.text(xy, text, font=fnt, fill=fill, anchor=anchor, stroke_width=stroke_width, stroke_fill=stroke)


def _draw_tile(draw: ImageDraw.ImageDraw, h: Hex, lay: BoardLayout, pal: Palette, tint: RGB | None = None,
               strength: float = 0.0, *, label: bool = True) -> None:
    fill = pal.tile if (h.col + h.row) % 2 == 0 else pal.tile_alt
    if tint is not None:
        fill = _blend(fill, tint, strength)
    draw.polygon(lay.corners(h), fill=fill, outline=pal.grid)
    if label:
        _text(draw, label_at(lay, h), h.label(), font(label_size(lay)), pal.label)


def labels_fit(lay: BoardLayout, width: int, height: int) -> bool:
    """Whether every tile of a ``width`` x ``height`` board can carry its label: the widest is no
    wider than a tile. On a board too big for that (20 columns and more at any picture size) only
    the labels a player reads off to type are drawn (beside the pieces, on an overlay's tiles); the
    letters and numbers round the edge name every tile, as on a chessboard."""
    return _widest_label(width, height, label_size(lay)) <= 2 * lay.radius


@lru_cache(maxsize=64)
def _widest_label(width: int, height: int, size: int) -> float:
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    return max(draw.textlength(h.label(), font=font(size)) for h in board_tiles(width, height))


PHONE_WIDTH = 390
"""How wide a phone shows the picture, in points (Discord fits an image to the screen)."""
MIN_LABEL_ON_PHONE = 11
"""The smallest tile label a player reads there, in points."""


def label_size(lay: BoardLayout) -> int:
    """The font size of every tile label: at least ``MIN_LABEL_ON_PHONE`` when the picture is shown
    ``PHONE_WIDTH`` wide, whatever the board's size (a big board's labels fill more of a tile).

    >>> from rules.boss_fight import quick_game
    >>> label_size(layout_board(quick_game(seed=1), size=1000)) * 390 / 1000 >= 11
    True
    """
    return math.ceil(lay.width * MIN_LABEL_ON_PHONE / PHONE_WIDTH)


def label_at(lay: BoardLayout, h: Hex) -> tuple[float, float]:
    """Where ``h``'s label sits: at the bottom of the tile, so the centre is left to overlay
    numbers and pieces (on a big board the label reaches up towards the centre)."""
    cx, cy = lay.centre(h)
    bottom = cy + lay.radius * SQRT3 / 2
    return cx, bottom - label_size(lay) * 0.55 - max(1.0, lay.radius * 0.04)


def _draw_near_labels(draw: ImageDraw.ImageDraw, state: GameState, lay: BoardLayout, pal: Palette,
                      overlay: BoardOverlay | None) -> None:
    """Bold, bright labels where a player reads them off to type: the free tiles next to a piece and
    the tiles an overlay marks (the rest stay plain, so the board is not a wall of text)."""
    obstacles = set(state.obstacles)
    on_board = set(board_tiles(state.board.width, state.board.height))
    occupied = {t for c in state.characters if c.alive for t in c.tiles()}
    wanted = {n for t in occupied for n in t.spiral(1)}
    if overlay is not None:
        # Not the tiles in sight: they are most of the board, and no one types them.
        wanted |= {m.tile for m in overlay.marks if m.layer != "seen"}
    fnt = font(label_size(lay), bold=True)
    for h in wanted - occupied - obstacles:
        if h in on_board:
            _text(draw, label_at(lay, h), h.label(), fnt, pal.text, stroke=pal.bg,
                  stroke_width=max(1, round(lay.radius / 25)))


def _draw_obstacle(draw: ImageDraw.ImageDraw, h: Hex, lay: BoardLayout, pal: Palette) -> None:
    draw.polygon(lay.corners(h), fill=pal.obstacle, outline=pal.obstacle_edge)
    inner = lay.corners(h, 0.55)
    width = max(1, round(lay.radius / 14))
    for a in range(3):
        draw.line([inner[a], inner[a + 3]], fill=pal.obstacle_edge, width=width)


@lru_cache(maxsize=16)
def _base_layer(width: int, height: int, obstacles: frozenset[Hex], lay: BoardLayout,
                theme: str) -> Image.Image:
    """The empty board (tiles, tile labels, obstacles), drawn once per board, size and theme."""
    pal = PALETTES[theme]
    image = Image.new("RGB", (lay.width, lay.height), pal.bg)
    draw = ImageDraw.Draw(image)
    tiles = list(board_tiles(width, height))
    label = labels_fit(lay, width, height)
    for h in tiles:
        if h in obstacles:
            _draw_obstacle(draw, h, lay, pal)
        else:
            _draw_tile(draw, h, lay, pal, label=label)
    return image


_MARK_STRENGTH = {"reach": 0.45, "reach_far": 0.35, "seen": 0.3, "range": 0.3, "area": 0.55, "token": 0.5,
                  "ghost": 0.5}


def _layer_colour(pal: Palette, layer: str) -> RGB:
    return getattr(pal, layer)


def _draw_tiles(draw: ImageDraw.ImageDraw, state: GameState, lay: BoardLayout, pal: Palette,
                overlay: BoardOverlay | None) -> None:
    obstacles = set(state.obstacles)
    on_board = set(board_tiles(state.board.width, state.board.height))
    labelled = []
    label = labels_fit(lay, state.board.width, state.board.height)
    for mark in overlay.marks if overlay else ():
        h = mark.tile
        if h in on_board and h not in obstacles:
            _draw_tile(draw, h, lay, pal, _layer_colour(pal, mark.layer), _MARK_STRENGTH.get(mark.layer, 0.4),
                       label=label)
            if mark.label:
                labelled.append(mark)
    for t in state.tokens:
        if t.blocks_sight:
            draw.polygon(lay.corners(t.tile, 0.92), fill=_blend(pal.tile, pal.smoke, 0.7))
            cx, cy = lay.centre(t.tile)
            for dx in (-0.35, 0.0, 0.35):
                r = lay.radius * 0.22
                draw.ellipse((cx + dx * lay.radius - r, cy - r * 1.4, cx + dx * lay.radius + r, cy + r * 0.6),
                             fill=_blend(pal.bg, pal.smoke, 0.85))
    fnt = font(max(11, round(lay.radius * 0.62)), bold=True)
    for mark in labelled:
        cx, cy = lay.centre(mark.tile)
        _text(draw, (cx, cy - lay.radius * 0.08), mark.label, fnt, pal.text, stroke=pal.bg, stroke_width=2)


AREA_OUTLINE = 0.84
"""How far in from a tile's edge an ``area`` outline runs (a fraction of the tile's size)."""


def _draw_area_outlines(draw: ImageDraw.ImageDraw, state: GameState, lay: BoardLayout, pal: Palette,
                        overlay: BoardOverlay) -> None:
    """Outline every ``area`` tile over the pieces, so a tile under the boss still shows it would be hit."""
    on_board = set(board_tiles(state.board.width, state.board.height))
    width = max(3, round(lay.radius / 7))
    for mark in overlay.marks:
        if mark.layer == "area" and mark.tile in on_board:
            corners = lay.corners(mark.tile, AREA_OUTLINE)
            draw.line([*corners, corners[0]], fill=pal.area, width=width, joint="curve")


def _draw_ghost(draw: ImageDraw.ImageDraw, lay: BoardLayout, pal: Palette, overlay: BoardOverlay) -> None:
    """Outline the ``ghost`` tiles (where a moving piece will stand) as one shape, over the pieces,
    so the new pose reads as the whole piece even where it overlaps the old one."""
    tiles = {m.tile for m in overlay.marks if m.layer == "ghost"}
    width = max(3, round(lay.radius / 8))
    for h in tiles:
        corners = lay.corners(h, 0.96)
        for k, d in enumerate(DIRECTIONS):
            if h + d not in tiles:
                draw.line([corners[(k + 5) % 6], corners[k]], fill=pal.ghost, width=width)


def _draw_legend(draw: ImageDraw.ImageDraw, overlay: BoardOverlay, lay: BoardLayout, pal: Palette,
                 k: float, t: Translator | None = None) -> None:
    # A legend's words are translated where the catalogue knows them (the preview's own, marked
    # above); the rest (the rules' overlays) are drawn as they come.
    t = words(t)
    top = lay.board_bottom + LABEL_MARGIN * k + 8 * k
    row = LEGEND_ROW * k
    x = 20 * k
    width = lay.width - 40 * k
    title = font(round(21 * k), bold=True)
    body = font(round(19 * k))
    bottom = top + legend_rows(overlay) * row + 4 * k
    draw.rounded_rectangle((x - 8 * k, top - 4 * k, x + width + 8 * k, bottom), radius=8 * k, fill=pal.panel)
    heading = _fit(draw, say(t, overlay.title), title, width)
    _text(draw, (x, top + row / 2), heading, title, pal.text, anchor="lm")
    y = top + row
    sw = 22 * k
    for layer, words_ in overlay.legend:
        cy = y + row / 2
        colour = _layer_colour(pal, layer)
        if layer.startswith("sight"):
            draw.line([(x, cy), (x + sw, cy)], fill=colour, width=max(2, round(4 * k)))
        else:
            base = _blend(pal.tile, colour, _MARK_STRENGTH.get(layer, 0.4))
            draw.rectangle((x, cy - sw / 2 + 2 * k, x + sw, cy + sw / 2 - 2 * k), fill=base, outline=pal.grid)
            if layer in ("area", "ghost"):
                draw.rectangle((x, cy - sw / 2 + 2 * k, x + sw, cy + sw / 2 - 2 * k), outline=colour,
                               width=max(2, round(3 * k)))
        shown = _fit(draw, say(t, words_), body, width - sw - 10 * k)
        _text(draw, (x + sw + 10 * k, cy), shown, body, pal.text, anchor="lm")
        y += row
    for note in overlay.notes:
        _text(draw, (x, y + row / 2), _fit(draw, say(t, note), body, width), body, pal.muted, anchor="lm")
        y += row


def _draw_edge_labels(draw: ImageDraw.ImageDraw, state: GameState, lay: BoardLayout, pal: Palette,
                      k: float) -> None:
    fnt = font(label_size(lay), bold=True)
    w, h = state.board.width, state.board.height
    top = lay.header_h + LABEL_MARGIN * k / 2
    bottom = lay.board_bottom + LABEL_MARGIN * k / 2
    for col in range(w):
        x, _ = lay.centre(Hex.from_offset(col, 0))
        _text(draw, (x, top), column_letters(col), fnt, pal.muted)
        _text(draw, (x, bottom), column_letters(col), fnt, pal.muted)
    left = LABEL_MARGIN * k / 2
    right = lay.width - LABEL_MARGIN * k / 2
    for row in range(h):
        y = row_number_at(lay, row)
        _text(draw, (left, y), str(row + 1), fnt, pal.muted)
        _text(draw, (right, y), str(row + 1), fnt, pal.muted)


def row_number_at(lay: BoardLayout, row: int) -> float:
    """Where row ``row``'s number sits (both sides alike): half-way between the labels of its tiles
    in an even column and in an odd one, which sit half a row apart. At a tile's centre, as it was,
    the number stood nearer the row above's labels in the odd columns than its own."""
    return (label_at(lay, Hex.from_offset(0, row))[1] + label_at(lay, Hex.from_offset(1, row))[1]) / 2


def _health_bar(draw: ImageDraw.ImageDraw, x: float, y: float, width: float, height: float, c: Character,
                pal: Palette) -> None:
    frac = max(0.0, min(1.0, c.health / c.max_health)) if c.max_health else 0.0
    draw.rectangle((x, y, x + width, y + height), fill=pal.hp_back, outline=pal.grid)
    if frac > 0:
        colour = pal.hp_full if frac > 0.35 else pal.hp_low
        draw.rectangle((x + 1, y + 1, x + 1 + (width - 2) * frac, y + height - 1), fill=colour)


def _badges(draw: ImageDraw.ImageDraw, x: float, y: float, r: float, c: Character) -> None:
    fnt = font(max(8, round(r * 1.3)), bold=True)
    for i, mark in enumerate(c.statuses):
        letter, colour = STATUS_BADGES[mark.status]
        cx = x + i * (2 * r + 2)
        draw.ellipse((cx - r, y - r, cx + r, y + r), fill=colour, outline=(255, 255, 255))
        _text(draw, (cx, y), letter, fnt, (255, 255, 255))


def _draw_boss(draw: ImageDraw.ImageDraw, state: GameState, lay: BoardLayout, pal: Palette,
               active: bool) -> None:
    boss = state.boss
    tiles = boss.tiles()
    if not tiles:
        return
    shape = set(tiles)
    for h in tiles:
        draw.polygon(lay.corners(h), fill=pal.boss)
    width = max(3, round(lay.radius / 7))
    edge = pal.active if active else pal.boss_edge
    for h in tiles:
        corners = lay.corners(h)
        for k, d in enumerate(DIRECTIONS):
            if h + d not in shape:
                a, b = corners[(k + 5) % 6], corners[k]
                draw.line([a, b], fill=edge, width=width)
                if active:
                    draw.line([a, b], fill=pal.boss_edge, width=max(1, width // 3))
    xs = [lay.centre(h)[0] for h in tiles]
    hub = boss_hub(lay, tiles)
    cx, cy = lay.centre(hub)
    name_font = font(max(10, round(lay.radius * (0.55 if len(tiles) > 1 else 0.5))), bold=True)
    span = max(xs) - min(xs) + lay.radius * 1.4
    lines = _boss_label(draw, boss, name_font, span, len(tiles))
    name_boxes = []
    for i, line in enumerate(lines):
        y = cy + (i - (len(lines) - 1) / 2) * lay.radius * 0.62
        _text(draw, (cx, y), line, name_font, (255, 255, 255), stroke=(60, 0, 0), stroke_width=2)
        name_boxes.append(draw.textbbox((cx, y), line, font=name_font, anchor="mm"))
    left, top, right, bottom = boss_bar_box(lay, tiles)
    _health_bar(draw, left, top, right - left, bottom - top, boss, pal)
    _badges(draw, right + lay.radius * 0.2, top + lay.radius * 0.08, max(6, lay.radius * 0.2), boss)
    label_font = font(label_size(lay), bold=True)
    for h in tiles:
        at = label_at(lay, h)
        box = draw.textbbox(at, h.label(), font=label_font, anchor="mm")
        if h == hub or any(_overlap(box, n) for n in name_boxes):
            continue
        _text(draw, at, h.label(), label_font, (255, 226, 226), stroke=(60, 0, 0), stroke_width=1)


def boss_hub(lay: BoardLayout, tiles: list[Hex]) -> Hex:
    """The boss's tile nearest the middle of its shape, which carries its name and health bar (the
    middle of an L or a ring can be off the piece, on a tile whose label they would hide)."""
    xs = [lay.centre(h)[0] for h in tiles]
    ys = [lay.centre(h)[1] for h in tiles]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return min(tiles, key=lambda h: (lay.centre(h)[0] - mx) ** 2 + (lay.centre(h)[1] - my) ** 2)


def boss_bar_box(lay: BoardLayout, tiles: list[Hex]) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of the boss's health bar: inside its hub tile, between the tile's
    top edge and the name, never over another tile's label."""
    cx, cy = lay.centre(boss_hub(lay, tiles))
    half_w = lay.radius * 0.6
    top = cy - lay.radius * 0.66
    return cx - half_w, top, cx + half_w, top + max(5.0, lay.radius * 0.16)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _boss_label(draw: ImageDraw.ImageDraw, boss: Character, fnt: Font, span: float, tiles: int) -> list[str]:
    """The boss's name on one line, or two when it is wider than the piece, or its initials."""
    if tiles < 4:
        return [boss.initials]
    if draw.textlength(boss.name, font=fnt) <= span:
        return [boss.name]
    words = boss.name.split()
    if tiles >= 6 and len(words) >= 2:
        def imbalance(i: int) -> int:
            return abs(len(" ".join(words[:i])) - len(" ".join(words[i:])))

        best = min(range(1, len(words)), key=imbalance)
        pair = [" ".join(words[:best]), " ".join(words[best:])]
        if all(draw.textlength(p, font=fnt) <= span for p in pair):
            return pair
    return [boss.initials]


HERO_DISC = 0.5
"""A hero's disc radius, as a fraction of the tile's: small enough that the health bar above it and
the tile's label under it both stay inside the hero's own tile."""


def hero_disc(lay: BoardLayout, tile: Hex) -> tuple[float, float, float]:
    """(x, y, r) of a hero's disc on ``tile``: a little above the centre, to leave room for the label."""
    cx, cy = lay.centre(tile)
    return cx, cy - lay.radius * 0.14, lay.radius * HERO_DISC


def hero_bar_box(lay: BoardLayout, tile: Hex) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of a hero's health bar: inside its own tile, above the disc, so it
    never covers the label of the tile above."""
    cx, cy = lay.centre(tile)
    half_h = lay.radius * SQRT3 / 2
    top = cy - half_h + lay.radius * 0.06
    height = max(4.0, lay.radius * 0.13)
    half_w = lay.radius * 0.48
    return cx - half_w, top, cx + half_w, top + height


def _draw_hero(draw: ImageDraw.ImageDraw, state: GameState, c: Character, lay: BoardLayout, pal: Palette,
               active: bool, *, label: bool = True) -> None:
    tiles = c.tiles()
    if not tiles:
        return
    cx, cy, r = hero_disc(lay, tiles[0])
    colour = hero_colour(state, c)
    if active:
        ring = r + max(3, lay.radius * 0.12)
        draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), fill=pal.active)
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=(255, 255, 255), width=max(1,
                 round(r / 10)))
    _text(draw, (cx, cy), c.initials, font(max(9, round(r * 0.85)), bold=True), (255, 255, 255))
    left, top, right, bottom = hero_bar_box(lay, tiles[0])
    _health_bar(draw, left, top, right - left, bottom - top, c, pal)
    _badges(draw, cx + r * 0.8, cy + r * 0.55, max(5, lay.radius * 0.18), c)
    if label:
        # The tile's own label under the disc: the piece is what a player aims at. On a board too
        # big for every label it would hide the disc: the labels beside it name the place.
        _text(draw, label_at(lay, tiles[0]), tiles[0].label(), font(label_size(lay), bold=True), pal.text,
              stroke=pal.bg, stroke_width=max(1, round(lay.radius / 25)))


def _draw_deaths(draw: ImageDraw.ImageDraw, state: GameState, lay: BoardLayout, pal: Palette) -> None:
    for t in state.tokens:
        if t.token != "death":
            continue
        # Where the hero's disc stood, and the tile's label over it, as over a living hero's: the
        # token once sat on the centre, a size larger, and hid the label players type to go there.
        cx, cy, r = hero_disc(lay, t.tile)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=pal.death, outline=pal.bg,
                     width=max(2, round(r / 8)))
        inner = r * 0.78
        draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), outline=pal.bg,
                     width=max(1, round(r / 12)))
        who = next((c for c in state.characters if c.id == t.of), None)
        label = who.initials if who else "X"
        _text(draw, (cx, cy), label, font(max(8, round(r * 0.75)), bold=True), pal.bg)
        _text(draw, label_at(lay, t.tile), t.tile.label(), font(label_size(lay), bold=True), pal.text,
              stroke=pal.bg, stroke_width=max(1, round(lay.radius / 25)))


def _dashed(draw: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], fill: RGB, width: int,
            dash: float) -> None:
    length = math.dist(a, b)
    steps = max(1, int(length // dash))
    for i in range(0, steps, 2):
        t0, t1 = i / steps, min(1.0, (i + 1) / steps)
        draw.line([(a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                   (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)], fill=fill, width=width)


def _draw_sight(draw: ImageDraw.ImageDraw, state: GameState, lay: BoardLayout, pal: Palette,
                sight: tuple[str, str]) -> None:
    viewer, target = state.character(sight[0]), state.character(sight[1])
    if not viewer.tiles() or not target.tiles():
        return
    line = sight_line(state, viewer, target)
    width = max(2, round(lay.radius / 8))
    if line is not None:
        a, b = lay.lattice(*line[0]), lay.lattice(*line[1])
        draw.line([a, b], fill=pal.sight_ok, width=width)
        for p in (a, b):
            draw.ellipse((p[0] - width * 1.5, p[1] - width * 1.5, p[0] + width * 1.5, p[1] + width * 1.5),
                         fill=pal.sight_ok)
    else:
        _dashed(draw, lay.centre(viewer.tiles()[0]), lay.centre(target.tiles()[0]), pal.sight_blocked, width,
                lay.radius * 0.4)


#: Who won, and how if a side gave up: the words of :func:`rules.boss_fight.views.verdict`.
VERDICTS = {
    (Outcome.HEROES, None): N_("The heroes win."),
    (Outcome.BOSS, None): N_("The boss wins."),
    (Outcome.DRAW, None): N_("A draw."),
    (Outcome.HEROES, Side.BOSS): N_("The heroes win: the boss conceded."),
    (Outcome.BOSS, Side.HERO): N_("The boss wins: the heroes conceded."),
    (Outcome.DRAW, Side.HERO): N_("A draw: the heroes conceded."),
    (Outcome.DRAW, Side.BOSS): N_("A draw: the boss conceded."),
    (None, None): N_("The fight is over."),
    (None, Side.HERO): N_("The fight is over: the heroes conceded."),
    (None, Side.BOSS): N_("The fight is over: the boss conceded."),
}


def header_line(state: GameState, t: Translator | None = None) -> str:
    """The line under the title: who places or acts, or, once the fight is over, who won.

    >>> from rules.boss_fight import quick_game
    >>> header_line(quick_game(seed=1))
    'Round 1 · Kestrel to act · 2 actions left'
    """
    t = words(t)
    if state.is_over():
        said = VERDICTS.get((state.outcome or None, state.conceded or None))
        how = t(said) if said else verdict(state)
        return t("Over after round {round}. {verdict}", round=state.round, verdict=how)
    if state.round == 0:
        if state.current:
            return t("Set-up: {name} to place", name=state.current.name)
        if not state.characters:
            return t("Set-up: the map, before any piece is placed")
        return t("Set-up: every piece is placed, waiting for the start")
    who = state.current.name if state.current else ""
    left = state.actions_left
    return t.n(
        "Round {round} · {name} to act · {n} action left",
        "Round {round} · {name} to act · {n} actions left",
        left,
        round=state.round,
        name=who,
        n=left,
    )


def _draw_header(draw: ImageDraw.ImageDraw, state: GameState, lay: BoardLayout, pal: Palette,
                 k: float, t: Translator | None = None) -> None:
    title = font(round(26 * k), bold=True)
    _text(draw, (20 * k, lay.header_h * 0.36), f"Boss Fight · {state.board.name}", title, pal.text,
          anchor="lm")
    # An ended fight says who won in the bright colour of the one to act, as large as the title
    # allows: the first thing a player looks for on the last board.
    small = font(round(21 * k), bold=True) if state.is_over() else font(round(19 * k))
    colour = pal.active if state.is_over() else pal.muted
    line = header_line(state, t)
    _text(draw, (20 * k, lay.header_h * 0.78), _fit(draw, line, small, lay.width - 40 * k), small, colour,
          anchor="lm")


def _draw_roster(draw: ImageDraw.ImageDraw, state: GameState, lay: BoardLayout, pal: Palette,
                 k: float, t: Translator | None = None) -> None:
    t = words(t)
    col_w = (lay.width - 40 * k) / 2
    name_font = font(round(19 * k), bold=True)
    small = font(round(16 * k))
    for i, c in enumerate(state.characters):
        x = 20 * k + (i % 2) * col_w
        y = lay.roster_top + (i // 2) * ROSTER_ROW * k
        active = c.id == state.active and not state.is_over()
        if active:
            draw.rounded_rectangle((x - 6 * k, y - 4 * k, x + col_w - 10 * k, y + ROSTER_ROW * k - 8 * k),
                                   radius=8 * k, outline=pal.active, width=max(2, round(3 * k)))
        sw = 26 * k
        colour = pal.boss_edge if c.side is Side.BOSS else hero_colour(state, c)
        cy = y + (ROSTER_ROW * k - 12 * k) / 2
        if c.dead:
            colour = pal.death
        draw.ellipse((x, cy - sw / 2, x + sw, cy + sw / 2), fill=colour)
        _text(draw, (x + sw / 2, cy), c.initials, font(round(11 * k), bold=True), (255, 255, 255))
        bar_x = x + col_w * 0.5
        gone = t("{name} (withdrew)", name=c.name) if c.withdrawn else t("{name} (dead)", name=c.name)
        name = _fit(draw, c.name if not c.dead else gone, name_font, bar_x - x - sw - 20 * k)
        _text(draw, (x + sw + 10 * k, cy), name, name_font, pal.text if not c.dead else pal.muted,
              anchor="lm")
        bar_w = col_w * 0.22
        _health_bar(draw, bar_x, cy - 7 * k, bar_w, 14 * k, c, pal)
        hp = f"{max(0, c.health)}/{c.max_health}"
        _text(draw, (bar_x + bar_w + 8 * k, cy), hp, small, pal.muted, anchor="lm")
        _badges(draw, bar_x + bar_w + 20 * k + draw.textlength(hp, font=small), cy, 9 * k, c)


def render_hex_board(state: GameState, *, theme: Theme = "dark", size: int = 1000,
                     overlay: Overlay | BoardOverlay | str | None = None, focus: str | None = None,
                     t: Translator | None = None) -> bytes:
    """Render ``state`` as PNG bytes, ``size`` pixels wide, for Discord's ``theme``, its words in
    ``t``'s language (English by default; names and the rules' overlay texts are drawn as given).

    ``overlay``: ``"moves"``, ``"sight"`` or ``"areas"`` for ``focus`` (a character id or name;
    the one to act by default), worked out by :func:`rules.boss_fight.views.board_overlay` from
    public facts only; or a ready :class:`BoardOverlay`; or an :class:`Overlay` (a private
    preview: the tiles one card reaches). An overlay adds a legend under the board. Hands are
    never drawn.

    >>> from rules.boss_fight import quick_game
    >>> from PIL import Image
    >>> png = render_hex_board(quick_game(seed=1, map_id="great_hall"), theme="light", size=900)
    >>> Image.open(io.BytesIO(png)).width
    900
    >>> Image.open(io.BytesIO(render_hex_board(quick_game(seed=1), overlay="sight"))).height > 1000
    True
    """
    if theme not in PALETTES:
        raise ValueError(f"theme must be one of {', '.join(PALETTES)}")
    pal = PALETTES[theme]
    if isinstance(overlay, str):
        overlay = board_overlay(state, overlay, focus)
    elif isinstance(overlay, Overlay):
        overlay = (overlay.as_board_overlay(state=state) if (overlay.reach or overlay.area or overlay.sight)
                   else None)
    lay = layout_board(state, size=size, legend=legend_rows(overlay))
    k = size / 1000
    image = _base_layer(state.board.width, state.board.height, frozenset(state.obstacles), lay, theme).copy()
    draw = _surface(image)
    _draw_header(draw, state, lay, pal, k, t)
    _draw_tiles(draw, state, lay, pal, overlay)
    _draw_near_labels(draw, state, lay, pal, overlay)
    _draw_edge_labels(draw, state, lay, pal, k)
    _draw_deaths(draw, state, lay, pal)
    if overlay is not None:
        # Under the pieces, so a line never hides a name or a health bar.
        for pair in overlay.sight:
            _draw_sight(draw, state, lay, pal, pair)
        _draw_legend(draw, overlay, lay, pal, k, t)
    active = state.active if not state.is_over() else None
    if state.characters:  # a map shown before anyone joined has no pieces at all
        _draw_boss(draw, state, lay, pal, active == state.boss.id)
    fit = labels_fit(lay, state.board.width, state.board.height)
    for hero in state.heroes:
        _draw_hero(draw, state, hero, lay, pal, active == hero.id, label=fit)
    if overlay is not None:
        _draw_area_outlines(draw, state, lay, pal, overlay)
        _draw_ghost(draw, lay, pal, overlay)
    _draw_roster(draw, state, lay, pal, k, t)
    return _to_png(image)


def _to_png(image: Image.Image) -> bytes:
    # A board is flat colours plus anti-aliased edges: 256 palette colours look the same, and a
    # palette image encodes about three times faster than RGB (the encoder was most of the time).
    out = io.BytesIO()
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=1)
    if out.tell() <= MAX_PNG_BYTES:
        return out.getvalue()
    out = io.BytesIO()
    image.quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=9)
    return out.getvalue()
