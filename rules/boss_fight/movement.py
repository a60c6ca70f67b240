"""Movement: paths over clear tiles, and the multi-tile boss's search over positions and rotations.

A piece moves tile by tile over tiles that are on the board, not obstacles, not covered by a
token that blocks movement and not covered by an enemy piece (allies may be passed, but a move
never ends on an occupied tile).

The boss names one of its tiles (the pivot). The pivot walks like a one-tile piece while the
whole shape comes along, and the boss may turn about the pivot by 60 degrees at any point, for
free. After every step and every turn, all its tiles must be on passable tiles. So a gap the
shape cannot fit through in any rotation stops it, and one it fits through only when turned is
passed by turning first. The search is a breadth-first search over (anchor, rotation) states.

>>> from rules.boss_fight.hexgrid import Hex, board_tiles
>>> passable = {(h.q, h.r) for h in board_tiles(5, 5)}
>>> sorted(hero_reach(passable, set(), (0, 0), 1))
[(0, 0), (0, 1), (1, 0)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from rules.boss_fight.hexgrid import Hex

Axial = tuple[int, int]
Pose = tuple[int, int, int]
_DIRS: tuple[Axial, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def rotate_offset(offset: Axial, turns: int) -> Axial:
    """An axial offset turned ``turns`` sixths clockwise (as :meth:`Hex.rotate`).

    >>> rotate_offset((1, 0), 1)
    (0, 1)
    """
    q, r = offset
    s = -q - r
    for _ in range(turns % 6):
        q, r, s = -r, -s, -q
    return (q, r)


def hero_reach(passable: set[Axial], occupied: set[Axial], start: Axial, steps: int) -> dict[Axial, int]:
    """Every tile a one-tile piece can end on within ``steps`` (with the steps it takes).

    ``passable`` tiles may be walked over; ``occupied`` ones (allies) may be crossed but not
    ended on. The start tile is included with 0 steps.
    """
    dist = {start: 0}
    frontier = [start]
    for d in range(1, steps + 1):
        nxt = []
        for q, r in frontier:
            for dq, dr in _DIRS:
                t = (q + dq, r + dr)
                if t in passable and t not in dist:
                    dist[t] = d
                    nxt.append(t)
        frontier = nxt
    return {t: d for t, d in dist.items() if t not in occupied or t == start}


class ShapeMover:
    """Reachable poses of a multi-tile piece on one set of passable tiles.

    >>> mover = ShapeMover([(0, 0), (1, 0)], {(q, r) for q in range(4) for r in range(4)})
    >>> (2, 0, 0) in mover.poses_from((0, 0), 0, pivot=0, steps=2)
    True
    """

    def __init__(self, shape: list[Axial], passable: set[Axial]) -> None:
        self.shape = list(shape)
        self.passable = passable
        self.rotated = [[rotate_offset(o, rot) for o in self.shape] for rot in range(6)]
        # Whether each pose fits, worked out once: the search asks again for every neighbour of
        # every pose it reaches, and boss_reach searches once per pivot over the same poses.
        self._fit: dict[Pose, bool] = {}

    def fits(self, anchor: Axial, rot: int) -> bool:
        """Whether every tile of the pose is passable."""
        return self._fits((anchor[0], anchor[1], rot))

    def _fits(self, pose: Pose) -> bool:
        known = self._fit.get(pose)
        if known is None:
            aq, ar, rot = pose
            p = self.passable
            known = True
            for dq, dr in self.rotated[rot]:
                if (aq + dq, ar + dr) not in p:
                    known = False
                    break
            self._fit[pose] = known
        return known

    def tiles(self, anchor: Axial, rot: int) -> list[Axial]:
        aq, ar = anchor
        return [(aq + dq, ar + dr) for dq, dr in self.rotated[rot]]

    def poses_from(self, anchor: Axial, rot: int, *, pivot: int, steps: int) -> dict[Pose, int]:
        """Every pose (anchor q, anchor r, rotation) within ``steps`` pivot steps, turning for free."""
        start = (anchor[0], anchor[1], rot)
        fits = self._fits
        if not fits(start):
            return {}
        best = {start: 0}
        queue: deque[tuple[int, int, int]] = deque([start])
        rotated = self.rotated
        while queue:
            aq, ar, ro = state = queue.popleft()
            d = best[state]
            pq, pr = rotated[ro][pivot]
            pq, pr = aq + pq, ar + pr  # where the pivot tile is
            # Turning about the pivot costs nothing: same distance, front of the queue.
            for turn in (1, 5):
                nr = (ro + turn) % 6
                oq, or_ = rotated[nr][pivot]
                nxt = (pq - oq, pr - or_, nr)
                if nxt not in best and fits(nxt):
                    best[nxt] = d
                    queue.appendleft(nxt)
            if d == steps:
                continue
            for dq, dr in _DIRS:
                nxt = (aq + dq, ar + dr, ro)
                if nxt not in best and fits(nxt):
                    best[nxt] = d + 1
                    queue.append(nxt)
        return best


def push_path(passable: set[Axial], tiles: list[Axial], away_from: Iterable[Axial], amount: int) -> Axial:
    """How far a piece on ``tiles`` slides when pushed ``amount`` tiles away from ``away_from``.

    Each step goes in the direction that takes the piece furthest from the pusher (ties: the
    first direction in the usual order); it stops at the first step that would leave the board or
    enter a tile that is not passable. Returns the total shift ``(dq, dr)``.

    >>> push_path({(q, 0) for q in range(6)}, [(1, 0)], [(0, 0)], 3)
    (3, 0)
    """
    src = [Hex.axial(*a) for a in away_from]
    own = set(tiles)
    shift = (0, 0)

    def dist(t: Axial) -> int:
        h = Hex.axial(*t)
        return min(h.distance(s) for s in src)

    for _ in range(amount):
        cur = [(q + shift[0], r + shift[1]) for q, r in tiles]
        base = min(dist(t) for t in cur)
        best = None
        for dq, dr in _DIRS:
            moved = [(q + dq, r + dr) for q, r in cur]
            gain = min(dist(t) for t in moved)
            if gain > base and (best is None or gain > best[0]):
                best = (gain, dq, dr, moved)
        if best is None:
            break
        _, dq, dr, moved = best
        if not all(t in passable or t in own_shifted(own, shift) for t in moved):
            break
        shift = (shift[0] + dq, shift[1] + dr)
    return shift


def own_shifted(own: set[Axial], shift: Axial) -> set[Axial]:
    return {(q + shift[0], r + shift[1]) for q, r in own}
