r"""Line of sight between pieces, as exact geometry on the hex corners.

The seed: two pieces see each other when a straight line can be drawn from a corner of one's
tile to a corner of the other's with nothing blocking it; obstacle tiles block, and so do enemy
pieces. Our exact reading, which the tests pin down:

* Candidate lines join any corner of any tile of the viewer to any corner of any tile of the
  target. One clear line is enough.
* A line is blocked when it *touches* a blocking tile anywhere outside the viewer's and the
  target's own tiles: passing through it, running along one of its edges, or grazing one of its
  corners all count. Only where the line is still on the viewer's or the target's tiles (their
  insides and their edges) may it touch something that blocks.
* The viewer's and the target's own tiles never block, and touching pieces always see each other.

So a piece or an obstacle standing directly between two others always blocks: every line from
one to the other touches it. Below, V (A1) looks at T (A3) past X (A2), a straight column of
flat-topped hexes. The straightest lines that avoid X's inside run down the outer corners
(``+``), and each of them grazes one of X's corners: X blocks. With X gone, V sees T::

         ____
        /    \
       +  V   +        V  the viewer's tile (A1)
        \____/
        /    \
       +  X   +        X  an obstacle or an enemy piece (A2): blocks every line from V to T
        \____/
        /    \
       +  T   +        T  the target's tile (A3)
        \____/

A corner a line merely *starts from* or *ends on* belongs to the viewer's or the target's tile,
so a piece standing next to an obstacle still looks out along its own edge: only the part of the
line beyond its own tiles must keep clear.

Coordinates are the whole-number lattice of :mod:`rules.boss_fight.hexgrid`, where the geometry
itself lives (:meth:`~rules.boss_fight.hexgrid.Hex.segment_span`); every test is exact.

>>> from rules.boss_fight.hexgrid import Hex, corner_reach
>>> a, b = Hex.from_label("A2"), Hex.from_label("E2")
>>> line_of_sight([a], [b], blocking=set())
True
>>> line_of_sight([a], [b], blocking={Hex.from_label("C2")})
False
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from fractions import Fraction
from functools import lru_cache

from rules.boss_fight.hexgrid import Hex, corner_reach

Point = tuple[int, int]


def covered(span: tuple[Fraction, Fraction], pieces: Iterable[tuple[Fraction, Fraction]]) -> bool:
    """Whether the closed interval ``span`` lies inside the union of the closed intervals ``pieces``.

    >>> F = Fraction
    >>> covered((F(1, 4), F(1, 2)), [(F(0), F(1, 3)), (F(1, 3), F(1))])
    True
    >>> covered((F(1, 4), F(1, 2)), [(F(0), F(1, 3)), (F(2, 5), F(1))])
    False
    """
    lo, hi = span
    reached: Fraction | None = None
    for a, b in sorted(pieces):
        at = lo if reached is None else reached
        if b < at:
            continue
        if a > at:
            return False
        reached = b
        if reached >= hi:
            return True
    return False


_SEEN_KEPT = 64
"""How many answers of :meth:`Sightlines.seen_tiles` one set of blocking tiles keeps."""


class Sightlines:
    """Line-of-sight tests against one set of blocking tiles.

    >>> from rules.boss_fight.hexgrid import Hex, corner_reach
    >>> s, a2 = Sightlines({Hex.from_label("C2")}), Hex.from_label("A2")
    >>> s.sees([a2], [Hex.from_label("E2")]), s.sees([a2], [Hex.from_label("E3")])
    (False, True)
    """

    def __init__(self, blocking: Iterable[Hex]) -> None:
        self.blocking = frozenset(blocking)
        # By column, so a line only looks at the columns it spans.
        # By column, with the centres, so a line only looks at the columns it spans.
        self._columns: dict[int, list[tuple[Hex, int, int]]] = {}
        for h in self.blocking:
            cx, cy = h.centre_lattice()
            self._columns.setdefault(h.q, []).append((h, cx, cy))
        self._near = {h: tuple(h.neighbours()) for h in self.blocking}
        # seen_tiles answers by viewer and tiles asked: a board redrawn with its sight overlay
        # (every /bf board, every move's picture) asks the same question of the same board.
        self._seen: dict[tuple[frozenset[Hex], tuple[Hex, ...]], tuple[Hex, ...]] = {}

    def clear(self, p0: Point, p1: Point, ignore: Collection[Hex] = ()) -> bool:
        """Whether one corner-to-corner line is unblocked.

        ``ignore`` holds the viewer's and the target's tiles: they never block, and the parts of
        the line on them (edges included) may touch a blocking tile.

        >>> from rules.boss_fight.hexgrid import Hex, corner_reach
        >>> s = Sightlines({Hex(0, 0, 0)})
        >>> s.clear((2, -3), (2, 3)), s.clear((3, -3), (3, 3))  # a graze on a corner blocks
        (False, True)
        """
        return self._blocker(p0, p1, ignore) is None

    def _blocker(self, p0: Point, p1: Point, ignore: Collection[Hex], hint: Hex | None = None) -> Hex | None:
        """A blocking tile the line does not keep clear of, or None when the line is clear.

        ``hint``: a tile to try first (the one that blocked a neighbouring line often blocks this).
        """
        if p0 == p1:
            return None
        if hint is not None and hint not in ignore and not self._clear_of(hint, p0, p1, ignore):
            return hint
        x0, x1 = min(p0[0], p1[0]) - 2, max(p0[0], p1[0]) + 2
        y0, y1 = min(p0[1], p1[1]) - 1, max(p0[1], p1[1]) + 1
        dx, dy = p1[0] - p0[0], p1[1] - p0[1]
        reach = corner_reach(dx, dy)
        columns = self._columns
        for col in range(-(-x0 // 3), x1 // 3 + 1):  # centres at x = 3q within [x0, x1]
            for h, cx, cy in columns.get(col, ()):
                if not y0 <= cy <= y1 or abs(dx * (cy - p0[1]) - dy * (cx - p0[0])) > reach:
                    continue  # too far from the line to touch it
                if h not in ignore and not self._clear_of(h, p0, p1, ignore):
                    return h
        return None

    def _clear_of(self, h: Hex, p0: Point, p1: Point, ignore: Collection[Hex]) -> bool:
        """Whether the line keeps clear of the blocking tile ``h`` (see :meth:`clear`)."""
        if not h.touches_segment(p0, p1):
            return True
        # Only the pieces' tiles next to h can share a point with it.
        near = [n for n in self._near[h] if n in ignore]
        if not near:
            return False
        span = h.segment_span(p0, p1)
        assert span is not None
        return covered(span, [m for m in (n.segment_span(p0, p1) for n in near) if m is not None])

    def sees(self, viewer: Collection[Hex], target: Collection[Hex]) -> bool:
        """Whether any corner of ``viewer``'s tiles has a clear line to any corner of ``target``'s."""
        return _sees(self, frozenset(viewer), frozenset(target))

    def _traced(self, viewer: Collection[Hex], target: Collection[Hex], ignore: frozenset[Hex]) -> bool:
        """:meth:`sees` worked out: corner to corner, nearest pairs first, until a line is clear."""
        starts = {c for h in viewer for c in h.corners_lattice()}
        ends = {c for h in target for c in h.corners_lattice()}
        if starts & ends:
            return True
        # Near corners first (cheap to order, and the likeliest to give a clear line).
        tx = sum(x for x, _ in ends) / len(ends), sum(y for _, y in ends) / len(ends)
        vx = sum(x for x, _ in starts) / len(starts), sum(y for _, y in starts) / len(starts)
        near_starts = sorted(starts, key=lambda p: (p[0] - tx[0]) ** 2 + (p[1] - tx[1]) ** 2)
        near_ends = sorted(ends, key=lambda p: (p[0] - vx[0]) ** 2 + (p[1] - vx[1]) ** 2)
        last = None
        for p in near_starts:
            for q in near_ends:
                last = self._blocker(p, q, ignore, last)
                if last is None:
                    return True
        return False

    def seen_tiles(self, viewer: Collection[Hex], tiles: Iterable[Hex]) -> list[Hex]:
        """The ``tiles`` a one-tile piece standing on would be seen on: ``sees(viewer, [t])`` for each.

        Quicker than asking tile by tile: a corner with a clear line that keeps off every blocking
        tile beyond the viewer's shows every tile around it, and only a tile next to a blocking
        one needs its own test (there the target's own edges may make the difference).

        >>> from rules.boss_fight.hexgrid import Hex, corner_reach
        >>> s, a1 = Sightlines({Hex.from_label("A2")}), Hex.from_label("A1")
        >>> [t.label() for t in s.seen_tiles([a1], [Hex.from_label("A3"), Hex.from_label("B3")])]
        ['B3']
        """
        mine = frozenset(viewer)
        asked = tuple(tiles)
        key = (mine, asked)
        if key not in self._seen:
            if len(self._seen) >= _SEEN_KEPT:
                self._seen.pop(next(iter(self._seen)))
            self._seen[key] = tuple(self._seen_tiles(mine, asked))
        return list(self._seen[key])

    def _seen_tiles(self, mine: frozenset[Hex], tiles: tuple[Hex, ...]) -> list[Hex]:
        starts = sorted({p for h in mine for p in h.corners_lattice()})
        start_set = set(starts)
        corner_clear: dict[Point, bool] = {}
        # What blocked each line with only the viewer's tiles ignored: a tile that is not next to
        # the target tile still blocks it once the target's tile is ignored as well.
        blocked_by: dict[tuple[Point, Point], Hex] = {}

        def corner(q: Point) -> bool:
            if q not in corner_clear:
                corner_clear[q] = q in start_set
                last = None
                for p in sorted(starts, key=lambda p: (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2):
                    if corner_clear[q]:
                        break
                    last = self._blocker(p, q, mine, last)
                    if last is None:
                        corner_clear[q] = True
                    else:
                        blocked_by[p, q] = last
            return corner_clear[q]

        def own_edges_clear(t: Hex) -> bool:
            near = set(self._near_any(t))
            ignore = mine | {t}
            return any(blocked_by[p, q] in near and self.clear(p, q, ignore)
                       for q in t.corners_lattice() for p in starts if (p, q) in blocked_by)

        out = []
        for t in tiles:
            if t in mine:
                continue
            if any(corner(p) for p in t.corners_lattice()) or own_edges_clear(t):
                out.append(t)
        return out

    def _near_any(self, t: Hex) -> list[Hex]:
        """The blocking tiles next to ``t``."""
        return [n for n in t.neighbours() if n in self.blocking]

    def clear_line(self, viewer: Collection[Hex], target: Collection[Hex]) -> tuple[Point, Point] | None:
        """The shortest clear corner-to-corner line (lattice points), or None when there is none.

        >>> from rules.boss_fight.hexgrid import Hex, corner_reach
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


@lru_cache(maxsize=4096)
def _sees(lines: Sightlines, viewer: frozenset[Hex], target: frozenset[Hex]) -> bool:
    """:meth:`Sightlines.sees`, remembered: a board (one set of blocking tiles) is asked about the
    same pieces for every card, target and move listed, and again after each step. 4,096 answers
    over all boards, a few MB."""
    return lines._traced(viewer, target, viewer | target)


@lru_cache(maxsize=128)
def sightlines(blocking: frozenset[Hex]) -> Sightlines:
    """A shared :class:`Sightlines` for a set of blocking tiles (they are immutable once built).

    >>> sightlines(frozenset()) is sightlines(frozenset())
    True
    """
    return Sightlines(blocking)


def line_of_sight(viewer: Collection[Hex], target: Collection[Hex], *, blocking: Collection[Hex]) -> bool:
    """Whether a piece on ``viewer`` tiles sees a piece on ``target`` tiles past ``blocking`` tiles.

    >>> from rules.boss_fight.hexgrid import Hex, corner_reach
    >>> line_of_sight([Hex.from_label("A1")], [Hex.from_label("A3")], blocking={Hex.from_label("A2")})
    False
    """
    return Sightlines(blocking).sees(viewer, target)
