"""Line of sight between pieces, as exact geometry on the hex corners.

The seed: two pieces see each other when a straight line can be drawn from a corner of one's
tile to a corner of the other's with nothing blocking it; obstacle tiles block, and so do enemy
pieces. Our exact reading, which the tests pin down:

* Candidate lines join any corner of any tile of the viewer to any corner of any tile of the
  target. One clear line is enough.
* A line is blocked when it passes through the *inside* of a blocking tile.
* A line that only touches a blocking tile (grazes one of its corners, or runs along one of its
  edges with a clear tile on the other side) is not blocked.
* A line is blocked when it touches a *seam* between two blocking tiles: the edge two adjacent
  blocking tiles share, including its end corners. A row of obstacles is a wall even at its joints.
  Touching a seam only at the line's own end corners does not count.
* The viewer's and the target's own tiles never block.

Coordinates are the whole-number lattice of :mod:`rules.boss_fight.hexgrid`, so every test is
done with integer arithmetic and the grazing cases are exact.

>>> from rules.boss_fight.hexgrid import Hex
>>> a, b = Hex.from_label("A2"), Hex.from_label("E2")
>>> line_of_sight([a], [b], blocking=set())
True
>>> wall = {Hex.from_label("C1"), Hex.from_label("C2"), Hex.from_label("C3")}
>>> line_of_sight([a], [b], blocking=wall)
False
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from functools import lru_cache

from rules.boss_fight.hexgrid import DIRECTIONS, Hex

Point = tuple[int, int]


def _cross(o: Point, a: Point, b: Point) -> int:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def crosses_inside(p0: Point, p1: Point, polygon: list[Point]) -> bool:
    """Whether the segment ``p0``-``p1`` passes through the open inside of a convex polygon.

    A clipping test (Cyrus-Beck) with strict inequalities and whole-number fractions: touching
    the boundary is not crossing.

    >>> square = [(0, 0), (2, 0), (2, 2), (0, 2)]
    >>> crosses_inside((-1, 1), (3, 1), square), crosses_inside((-1, 0), (3, 0), square)
    (True, False)
    >>> crosses_inside((-1, 1), (1, 3), square)
    False
    """
    # Orientation sign of the polygon, so "inside" is the same side of every edge.
    n = len(polygon)
    area2 = sum(polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1]
                for i in range(n))
    sign = 1 if area2 > 0 else -1
    # The open interval (lo, hi) of t in [0, 1] that is inside, as fractions num/den with den > 0.
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        # f(t) = sign * cross(a, b, p(t)) > 0 means strictly inside this edge's half-plane.
        f0 = sign * _cross(a, b, p0)
        df = sign * ((b[0] - a[0]) * dy - (b[1] - a[1]) * dx)
        if df == 0:
            if f0 <= 0:
                return False
            continue
        # f0 + df * t > 0  <=>  t > -f0/df (df > 0) or t < -f0/df (df < 0)
        num, den = -f0, df
        if den < 0:
            num, den = -num, -den
            if num * hi_d < hi_n * den:
                hi_n, hi_d = num, den
        elif num * lo_d > lo_n * den:
            lo_n, lo_d = num, den
        if lo_n * hi_d >= hi_n * lo_d:
            return False
    return lo_n * hi_d < hi_n * lo_d


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def touches_inner(p0: Point, p1: Point, a: Point, b: Point) -> bool:
    """Whether the closed segment ``a``-``b`` meets segment ``p0``-``p1`` away from its ends.

    >>> touches_inner((0, 0), (4, 0), (2, -1), (2, 1)), touches_inner((0, 0), (4, 0), (0, -1), (0, 1))
    (True, False)
    """
    d1, d2 = _cross(p0, p1, a), _cross(p0, p1, b)
    if d1 == 0 and d2 == 0:
        # Collinear: do they overlap beyond p0 and p1 themselves?
        dx, dy = p1[0] - p0[0], p1[1] - p0[1]
        length = dx * dx + dy * dy
        if length == 0:
            return False
        ta = (a[0] - p0[0]) * dx + (a[1] - p0[1]) * dy
        tb = (b[0] - p0[0]) * dx + (b[1] - p0[1]) * dy
        return min(ta, tb) < length and max(ta, tb) > 0
    d3, d4 = _cross(a, b, p0), _cross(a, b, p1)
    if (d1 > 0 and d2 > 0) or (d1 < 0 and d2 < 0) or (d3 > 0 and d4 > 0) or (d3 < 0 and d4 < 0):
        return False
    # They meet at one point; it is an end of p0-p1 exactly when that end lies on the line a-b.
    return d3 != 0 and d4 != 0


def _seams(blocking: Collection[Hex]) -> list[tuple[Point, Point, Hex, Hex]]:
    """The shared edges of adjacent blocking tiles (each once), with the two tiles."""
    seams = []
    for h in blocking:
        corners = h.corners_lattice()
        # Direction k's shared edge runs between two consecutive corners of h.
        for k, d in enumerate(DIRECTIONS[:3]):
            if h + d in blocking:
                a, b = _EDGE_CORNERS[k]
                seams.append((corners[a], corners[b], h, h + d))
    return seams


# For the neighbour in DIRECTIONS[k], the indices of the two corners of the shared edge.
# Directions 0 (lower right), 1 (upper right), 2 (up); corners start at the right and go upwards.
_EDGE_CORNERS = {0: (5, 0), 1: (0, 1), 2: (1, 2)}


class Sightlines:
    """Line-of-sight tests against one set of blocking tiles, prepared once.

    >>> from rules.boss_fight.hexgrid import Hex
    >>> s = Sightlines({Hex.from_label("C2")})
    >>> s.sees([Hex.from_label("A2")], [Hex.from_label("E2")])
    True
    """

    def __init__(self, blocking: Iterable[Hex]) -> None:
        self.blocking = frozenset(blocking)
        self._polys = [(h, h.corners_lattice()) for h in self.blocking]
        self._seams = _seams(self.blocking)

    def clear(self, p0: Point, p1: Point, ignore: Collection[Hex] = ()) -> bool:
        """Whether one corner-to-corner line is unblocked (tiles in ``ignore`` never block)."""
        if p0 == p1:
            return True
        x0, x1 = min(p0[0], p1[0]) - 2, max(p0[0], p1[0]) + 2
        y0, y1 = min(p0[1], p1[1]) - 1, max(p0[1], p1[1]) + 1
        for h, poly in self._polys:
            cx, cy = 3 * h.q, 2 * h.r + h.q
            if x0 <= cx <= x1 and y0 <= cy <= y1 and h not in ignore and crosses_inside(p0, p1, poly):
                return False
        for a, b, h, n in self._seams:
            if not (x0 <= a[0] <= x1 or x0 <= b[0] <= x1) or h in ignore or n in ignore:
                continue
            if touches_inner(p0, p1, a, b):
                return False
        return True

    def sees(self, viewer: Collection[Hex], target: Collection[Hex]) -> bool:
        """Whether any corner of ``viewer``'s tiles has a clear line to any corner of ``target``'s."""
        ignore = frozenset(viewer) | frozenset(target)
        starts = {c for h in viewer for c in h.corners_lattice()}
        ends = {c for h in target for c in h.corners_lattice()}
        if starts & ends:
            return True
        # Near corners first (cheap to order, and the likeliest to give a clear line).
        tx = sum(x for x, _ in ends) / len(ends), sum(y for _, y in ends) / len(ends)
        vx = sum(x for x, _ in starts) / len(starts), sum(y for _, y in starts) / len(starts)
        near_starts = sorted(starts, key=lambda p: (p[0] - tx[0]) ** 2 + (p[1] - tx[1]) ** 2)
        near_ends = sorted(ends, key=lambda p: (p[0] - vx[0]) ** 2 + (p[1] - vx[1]) ** 2)
        return any(self.clear(p, q, ignore) for p in near_starts for q in near_ends)

    def clear_line(self, viewer: Collection[Hex], target: Collection[Hex]) -> tuple[Point, Point] | None:
        """The shortest clear corner-to-corner line (lattice points), or None when there is none.

        >>> from rules.boss_fight.hexgrid import Hex
        >>> Sightlines(set()).clear_line([Hex.from_label("A1")], [Hex.from_label("A3")])
        ((-1, 1), (-1, 3))
        """
        ignore = frozenset(viewer) | frozenset(target)
        starts = sorted({c for h in viewer for c in h.corners_lattice()})
        ends = sorted({c for h in target for c in h.corners_lattice()})
        shared = sorted(set(starts) & set(ends))
        if shared:
            return (shared[0], shared[0])  # touching pieces always see each other
        # Try the shortest lines first: they are the likeliest to be clear.
        pairs = sorted(((p, q) for p in starts for q in ends),
                       key=lambda pq: ((pq[0][0] - pq[1][0]) ** 2 + (pq[0][1] - pq[1][1]) ** 2, pq))
        return next(((p, q) for p, q in pairs if self.clear(p, q, ignore)), None)


@lru_cache(maxsize=128)
def sightlines(blocking: frozenset[Hex]) -> Sightlines:
    """A shared :class:`Sightlines` for a set of blocking tiles (they are immutable once built).

    >>> sightlines(frozenset()) is sightlines(frozenset())
    True
    """
    return Sightlines(blocking)


def line_of_sight(viewer: Collection[Hex], target: Collection[Hex], *, blocking: Collection[Hex]) -> bool:
    """Whether a piece on ``viewer`` tiles sees a piece on ``target`` tiles past ``blocking`` tiles.

    >>> from rules.boss_fight.hexgrid import Hex
    >>> line_of_sight([Hex.from_label("A1")], [Hex.from_label("A3")], blocking={Hex.from_label("A2")})
    True
    """
    return Sightlines(blocking).sees(viewer, target)
