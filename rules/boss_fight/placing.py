"""Where a piece may be placed during set-up, for the players who place: the legal tiles, the nearest
ones to a refused tile, and the deployment overlay drawn on the board.

The rules (the seed's set-up): the boss is placed first, anywhere its whole shape stands on clear
tiles; then each hero on a clear tile more than 2 tiles from the boss, unless no such tile is left
(then any clear tile). The engine checks a placement (``PlaceBoss`` / ``PlaceHero``); this module
only lists what it would accept, so a player can pick from a menu instead of guessing.

>>> from rules.boss_fight import quick_game
>>> s = quick_game(seed=1)
>>> s.boss.anchor = None
>>> s.active = s.boss.id
>>> tiles = placement_tiles(s)
>>> len(tiles) > 10 and all(isinstance(t, Hex) for t in tiles)
True
"""

from __future__ import annotations

# _clear_tiles: the tiles a piece may stand on (on the board, no obstacle, no other piece), the
# same test the engine's PlaceBoss makes, so the menu never offers what the engine refuses.
from rules.boss_fight.engine import PLACEMENT_GAP, _clear_tiles, hero_placements
from rules.boss_fight.hexgrid import Hex, board_tiles
from rules.boss_fight.state import Character, GameState, pose_tiles
from rules.boss_fight.views import BoardOverlay, OverlayKind, OverlayMark
from rules.i18n import Text, _

NEAREST = 3


def _placer(state: GameState, character: str | None) -> Character | None:
    if character is not None:
        return state.character(character)
    return state.current


def boss_anchors(state: GameState, rotation: int | None = None) -> list[Hex]:
    """The anchor tiles where the boss's whole shape fits on clear tiles, turned ``rotation``
    sixths (any rotation when ``None``), in board order (column, then row).

    >>> from rules.boss_fight import quick_game
    >>> s = quick_game(seed=1, boss="the_gazer", map_id="great_hall")
    >>> anchors = boss_anchors(s, 0)
    >>> from rules.boss_fight.state import pose_tiles
    >>> ok = {(h.q, h.r) for h in board_tiles(20, 20)} - {(h.q, h.r) for h in s.obstacles}
    >>> all((t.q, t.r) in ok for a in anchors for t in pose_tiles(s.boss.shape, a, 0))
    True
    """
    boss = state.boss
    ok = _clear_tiles(state, boss)
    rotations = range(6) if rotation is None else (rotation,)
    found = []
    for h in board_tiles(state.board.width, state.board.height):
        if (h.q, h.r) not in ok:
            continue
        if any(all((t.q, t.r) in ok for t in pose_tiles(boss.shape, h, rot)) for rot in rotations):
            found.append(h)
    return sorted(found, key=lambda h: (h.col, h.row))


def placement_tiles(state: GameState, character: str | None = None, rotation: int | None = 0) -> list[Hex]:
    """The tiles the piece to place next (or ``character``) may be put on: for the boss, the anchors
    where its whole shape fits at ``rotation`` (``None``: at any rotation); for a hero, the clear
    tiles more than 2 tiles from the boss (any clear tile when none is left). Board order."""
    c = _placer(state, character)
    if c is None:
        return []
    if c.id == state.boss.id:
        return boss_anchors(state, rotation)
    if state.boss.anchor is None:
        return []
    return sorted(hero_placements(state, c), key=lambda h: (h.col, h.row))


def nearest_tiles(tiles: list[Hex], wanted: Hex, n: int = NEAREST) -> list[Hex]:
    """The ``n`` tiles of ``tiles`` closest to ``wanted`` (ties in board order).

    >>> [h.label() for h in nearest_tiles([Hex.from_label(x) for x in ("A1", "C3", "D4", "J9")],
    ...                                   Hex.from_label("D3"), 2)]
    ['C3', 'D4']
    """
    return sorted(tiles, key=lambda h: (h.distance(wanted), h.col, h.row))[:n]


def deployment_overlay(state: GameState) -> BoardOverlay | None:
    """Where the piece to place next may go, for the board during set-up (None once all are placed).

    The boss: the anchor tiles that take its whole shape facing the default way (rotation 0), and
    those that take it only turned. A hero: the clear tiles far enough from the boss, and the
    tiles too close to it.
    """
    c = state.current
    if c is None:
        return None
    if c.id == state.boss.id:
        straight = set(boss_anchors(state, 0))
        turned = set(boss_anchors(state, None)) - straight
        marks = [OverlayMark(tile=h, layer="seen") for h in sorted(straight, key=lambda h: (h.col, h.row))]
        marks += [OverlayMark(tile=h, layer="range") for h in sorted(turned, key=lambda h: (h.col, h.row))]
        legend: list[tuple[str, Text]] = [("seen", _("the boss's anchor tile can go here (rotation 0)"))]
        if turned:
            legend.append(("range", _("anchor here only with another rotation (1-5)")))
        notes = (_("The anchor is the boss's first piece; the rest of the shape follows it."),)
        return BoardOverlay(kind=OverlayKind.AREAS, focus=c.id,
                            title=_("Deployment: {name} (placed first)", name=c.name),
                            marks=tuple(marks), legend=tuple(legend), notes=notes)
    legal = set(placement_tiles(state, c.id))
    boss_tiles = state.boss.tiles()
    close = {t for b in boss_tiles for t in b.spiral(PLACEMENT_GAP)} - set(boss_tiles) - legal
    on_board = {(h.q, h.r) for h in board_tiles(state.board.width, state.board.height)}
    close = {t for t in close if (t.q, t.r) in on_board and t not in state.obstacles}
    marks = [OverlayMark(tile=h, layer="seen") for h in sorted(legal, key=lambda h: (h.col, h.row))]
    marks += [OverlayMark(tile=h, layer="range") for h in sorted(close, key=lambda h: (h.col, h.row))]
    legend = [("seen", _("{name} can be placed here", name=c.name))]
    if close:
        legend.append(("range", _("too close: within {n} tiles of the boss", n=PLACEMENT_GAP)))
    return BoardOverlay(kind=OverlayKind.AREAS, focus=c.id, title=_("Deployment: {name}", name=c.name),
                        marks=tuple(marks), legend=tuple(legend))
