"""Hex math for Boss Fight, in one place: cube coordinates for algorithms, axial for storage.

Boards are rectangles of flat-topped hexes in "odd-q" columns: column ``A`` is the leftmost, row
``1`` the top, and odd columns (B, D, ...) sit half a hex lower. Players type a tile as its
column letters and row number (``C4``); the engine stores axial ``(q, r)`` and computes with cube
``(q, r, s)`` where ``q + r + s == 0`` always holds.

>>> a = Hex.from_label("C4")
>>> a, a.label()
(Hex(q=2, r=2, s=-4), 'C4')
>>> Hex(0, 0, 0).distance(a)
4
>>> [h.label() for h in Hex.from_label("B2").neighbours()]
['C3', 'C2', 'B1', 'A2', 'A3', 'B3']

Corner geometry (used by line of sight, and scaled by the renderer) is given in "lattice units":
a hex centre is at ``(3q, 2r + q)`` and its corners at the centre plus ``CORNER_OFFSETS``. This
is the true flat-top layout stretched by ``2`` across and ``2/sqrt(3)`` down, a linear map, so
straight lines stay straight and every corner has whole-number coordinates: geometry tests are
exact, with no rounding at the grazing cases.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Annotated, Any

from pydantic import PlainSerializer, PlainValidator

from rules.errors import RuleError

MAX_BOARD_SIDE = 30
"""The largest board is 30 columns by 30 rows."""


class TileLabelError(RuleError):
    """A tile label a player typed that is not a tile of the board."""


@dataclass(frozen=True, slots=True)
class Hex:
    """A hex in cube coordinates; ``q + r + s`` must be 0.

    >>> Hex(1, -1, 0) + Hex(0, 1, -1)
    Hex(q=1, r=0, s=-1)
    >>> Hex(1, 1, 1)
    Traceback (most recent call last):
    ...
    ValueError: cube coordinates must add up to 0, got q=1 r=1 s=1
    """

    q: int
    r: int
    s: int

    def __post_init__(self) -> None:
        if self.q + self.r + self.s != 0:
            raise ValueError(f"cube coordinates must add up to 0, got q={self.q} r={self.r} s={self.s}")

    @classmethod
    def axial(cls, q: int, r: int) -> Hex:
        """The hex at axial ``(q, r)``.

        >>> Hex.axial(2, -1)
        Hex(q=2, r=-1, s=-1)
        """
        return cls(q, r, -q - r)

    @classmethod
    def from_offset(cls, col: int, row: int) -> Hex:
        """The hex at 0-based odd-q ``(column, row)``.

        >>> Hex.from_offset(1, 0)
        Hex(q=1, r=0, s=-1)
        """
        return cls.axial(col, row - (col - (col & 1)) // 2)

    @classmethod
    def from_label(cls, text: str) -> Hex:
        """Read a label such as ``C4`` or ``aa12`` (no bounds check: see :func:`parse_label`).

        >>> Hex.from_label(" b3 ").label()
        'B3'
        """
        col, row = parse_label_offset(text)
        return cls.from_offset(col, row)

    @property
    def col(self) -> int:
        """The 0-based column (odd-q offset)."""
        return self.q

    @property
    def row(self) -> int:
        """The 0-based row (odd-q offset)."""
        return self.r + (self.q - (self.q & 1)) // 2

    def label(self) -> str:
        """Column letters and 1-based row, e.g. ``C4``."""
        return f"{column_letters(self.col)}{self.row + 1}"

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r, self.s + other.s)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r, self.s - other.s)

    def scale(self, k: int) -> Hex:
        """This hex vector multiplied by ``k``."""
        return Hex(self.q * k, self.r * k, self.s * k)

    def length(self) -> int:
        """Steps from the origin."""
        return (abs(self.q) + abs(self.r) + abs(self.s)) // 2

    def distance(self, other: Hex) -> int:
        """Steps between two hexes.

        >>> Hex.from_label("A1").distance(Hex.from_label("A5"))
        4
        """
        return (abs(self.q - other.q) + abs(self.r - other.r) + abs(self.s - other.s)) // 2

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in ``direction`` 0-5 (0 is lower right, counter-clockwise on screen)."""
        return self + DIRECTIONS[direction % 6]

    def neighbours(self) -> list[Hex]:
        """The six adjacent hexes, direction 0 first."""
        return [self + d for d in DIRECTIONS]

    def rotate(self, turns: int, centre: Hex | None = None) -> Hex:
        """Rotate by ``turns`` sixths of a turn about ``centre`` (the origin by default).

        One turn is 60 degrees clockwise on screen; six turns come back.

        >>> h = Hex(2, -1, -1)
        >>> h.rotate(1), h.rotate(6) == h
        (Hex(q=1, r=1, s=-2), True)
        """
        c = centre or ORIGIN
        v = self - c
        q, r, s = v.q, v.r, v.s
        for _ in range(turns % 6):
            q, r, s = -r, -s, -q
        return Hex(q + c.q, r + c.r, s + c.s)

    def ring(self, radius: int) -> list[Hex]:
        """The hexes exactly ``radius`` steps away (``[self]`` for 0).

        >>> len(ORIGIN.ring(2))
        12
        """
        if radius == 0:
            return [self]
        out = []
        h = self + DIRECTIONS[4].scale(radius)
        for side in range(6):
            for _ in range(radius):
                out.append(h)
                h = h + DIRECTIONS[side]
        return out

    def spiral(self, radius: int) -> list[Hex]:
        """Every hex within ``radius`` steps, nearest first.

        >>> len(ORIGIN.spiral(2))
        19
        """
        out: list[Hex] = []
        for k in range(radius + 1):
            out.extend(self.ring(k))
        return out

    def line_to(self, other: Hex) -> list[Hex]:
        """The hexes a straight line from this centre to ``other``'s centre passes through.

        Ties (a line exactly between two hexes) go the same way every time: the line is nudged
        by a tiny amount before rounding, as Red Blob Games suggests.

        >>> [h.label() for h in Hex.from_label("A1").line_to(Hex.from_label("D1"))]
        ['A1', 'B1', 'C1', 'D1']
        """
        n = self.distance(other)
        if n == 0:
            return [self]
        aq, ar, as_ = self.q + 1e-6, self.r + 1e-6, self.s - 2e-6
        bq, br, bs = other.q + 1e-6, other.r + 1e-6, other.s - 2e-6
        return [
            cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n, as_ + (bs - as_) * i / n)
            for i in range(n + 1)
        ]

    def centre_lattice(self) -> tuple[int, int]:
        """The centre in lattice units (see the module docstring)."""
        return (3 * self.q, 2 * self.r + self.q)

    def corners_lattice(self) -> list[tuple[int, int]]:
        """The six corners in lattice units, counter-clockwise on screen starting at the right."""
        return list(_corners(self.q, self.r))

    def segment_span(self, p0: tuple[int, int], p1: tuple[int, int]) -> tuple[Fraction, Fraction] | None:
        """Where the segment ``p0``-``p1`` (lattice points) meets this closed tile, or None.

        The answer is the interval ``(t0, t1)`` of the segment's parameter ``t`` (0 at ``p0``, 1 at
        ``p1``) that lies inside the tile *or on its edge*: a segment that only grazes a corner
        gives a one-point interval, one running along an edge the interval of that edge.
        Whole-number arithmetic until the answer, so the grazing cases are exact.

        >>> ORIGIN.segment_span((-4, 0), (4, 0))  # straight through: from the left corner to the right
        (Fraction(1, 4), Fraction(3, 4))
        >>> ORIGIN.segment_span((2, -3), (2, 3))  # touches only the right-hand corner (2, 0)
        (Fraction(1, 2), Fraction(1, 2))
        >>> ORIGIN.segment_span((3, -3), (3, 3)) is None
        True
        """
        parts = _span_parts(self.q, self.r, p0, p1)
        if parts is None:
            return None
        lo_n, lo_d, hi_n, hi_d = parts
        return Fraction(lo_n, lo_d), Fraction(hi_n, hi_d)

    def touches_segment(self, p0: tuple[int, int], p1: tuple[int, int]) -> bool:
        """Whether the segment ``p0``-``p1`` meets this closed tile (a graze on a corner counts).

        >>> ORIGIN.touches_segment((2, -3), (2, 3)), ORIGIN.touches_segment((3, -3), (3, 3))
        (True, False)
        """
        return _span_parts(self.q, self.r, p0, p1) is not None


ORIGIN = Hex(0, 0, 0)
DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0, -1),
    Hex(1, -1, 0),
    Hex(0, -1, 1),
    Hex(-1, 0, 1),
    Hex(-1, 1, 0),
    Hex(0, 1, -1),
)
"""The six unit vectors; 0 points lower right on screen and they go round counter-clockwise."""

CORNER_OFFSETS: tuple[tuple[int, int], ...] = ((2, 0), (1, -1), (-1, -1), (-2, 0), (-1, 1), (1, 1))
"""Corner offsets from a hex centre in lattice units (y grows downwards, as on screen)."""


@lru_cache(maxsize=4096)
def _corners(q: int, r: int) -> tuple[tuple[int, int], ...]:
    x, y = 3 * q, 2 * r + q
    return tuple((x + dx, y + dy) for dx, dy in CORNER_OFFSETS)


def corner_reach(dx: int, dy: int) -> int:
    """How far a tile's corners reach across a line of direction ``(dx, dy)`` (lattice units).

    A line misses a tile when ``|cross((dx, dy), centre - p0)|`` is larger than this, for any
    point ``p0`` of the line: a quick test before the exact one. The corner offsets ``(2, 0)``
    and ``(1, 1)`` reach the farthest.

    >>> corner_reach(0, 1), corner_reach(1, 0), corner_reach(3, -2)
    (2, 1, 5)
    """
    return max(2 * abs(dy), abs(dx) + abs(dy))


def _span_parts(q: int, r: int, p0: tuple[int, int], p1: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """:meth:`Hex.segment_span` as whole numbers ``(lo_num, lo_den, hi_num, hi_den)``, dens > 0."""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    cx, cy = 3 * q, 2 * r + q
    if abs(dx * (cy - p0[1]) - dy * (cx - p0[0])) > corner_reach(dx, dy):
        return None
    corners = _corners(q, r)
    # t must lie in [lo, hi]; each bound is a fraction num/den with den > 0.
    lo_n, lo_d, hi_n, hi_d = 0, 1, 1, 1
    for i in range(6):
        a, b = corners[i], corners[(i + 1) % 6]
        ex, ey = b[0] - a[0], b[1] - a[1]
        # The corners run clockwise in (x, y-down) terms, so "inside or on" an edge is cross <= 0;
        # f(t) = -cross(a, b, p(t)) >= 0 is the same with the sign turned.
        f0 = -(ex * (p0[1] - a[1]) - ey * (p0[0] - a[0]))
        df = -(ex * dy - ey * dx)
        if df == 0:
            if f0 < 0:
                return None
            continue
        num, den = -f0, df
        if den < 0:  # f0 + df t >= 0  <=>  t <= -f0/df
            num, den = -num, -den
            if num * hi_d < hi_n * den:
                hi_n, hi_d = num, den
        elif num * lo_d > lo_n * den:  # t >= -f0/df
            lo_n, lo_d = num, den
        if lo_n * hi_d > hi_n * lo_d:
            return None
    return lo_n, lo_d, hi_n, hi_d


def cube_round(q: float, r: float, s: float) -> Hex:
    """The hex containing fractional cube coordinates.

    >>> cube_round(0.2, 0.3, -0.5)
    Hex(q=0, r=0, s=0)
    """
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Hex(int(rq), int(rr), int(rs))


def column_letters(col: int) -> str:
    """``0 -> A``, ``25 -> Z``, ``26 -> AA``.

    >>> column_letters(0), column_letters(27)
    ('A', 'AB')
    """
    letters = ""
    n = col + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


_LABEL = re.compile(r"^\s*([A-Za-z]{1,2})\s*(\d{1,3})\s*$")


def parse_label_offset(text: str) -> tuple[int, int]:
    """A label as 0-based ``(column, row)``; :class:`TileLabelError` if it is not one.

    >>> parse_label_offset("AA10")
    (26, 9)
    """
    m = _LABEL.match(text)
    if not m:
        raise TileLabelError(
            f"'{text.strip()[:20]}' is not a tile: type a column letter and a row number, like C4."
        )
    letters, digits = m.group(1).upper(), m.group(2)
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - ord("A") + 1)
    row = int(digits)
    if row < 1:
        raise TileLabelError(f"'{text.strip()}': rows start at 1.")
    return col - 1, row - 1


def parse_label(text: str, width: int, height: int) -> Hex:
    """Read a tile label and check that it is on a ``width`` x ``height`` board.

    >>> parse_label("c4", 10, 10).label()
    'C4'
    >>> parse_label("K1", 10, 10)
    Traceback (most recent call last):
    ...
    rules.boss_fight.hexgrid.TileLabelError: K1 is off the board: columns run A-J and rows 1-10.
    """
    col, row = parse_label_offset(text)
    if not (0 <= col < width and 0 <= row < height):
        raise TileLabelError(
            f"{column_letters(col)}{row + 1} is off the board: columns run A-{column_letters(width - 1)} "
            f"and rows 1-{height}."
        )
    return Hex.from_offset(col, row)


def board_tiles(width: int, height: int) -> Iterator[Hex]:
    """Every tile of a rectangular board, column by column.

    >>> len(list(board_tiles(3, 2)))
    6
    """
    for col in range(width):
        for row in range(height):
            yield Hex.from_offset(col, row)


def _parse_hex(value: Any) -> Hex:
    if isinstance(value, Hex):
        return value
    if isinstance(value, str):
        return Hex.from_label(value)
    if isinstance(value, list | tuple) and len(value) in (2, 3) and all(isinstance(v, int) for v in value):
        return Hex.axial(value[0], value[1])
    if isinstance(value, dict) and {"q", "r"} <= value.keys():
        return Hex.axial(int(value["q"]), int(value["r"]))
    raise ValueError("a tile is a label like 'C4' or axial [q, r]")


HexField = Annotated[Hex, PlainValidator(_parse_hex), PlainSerializer(lambda h: [h.q, h.r], return_type=list)]
"""A :class:`Hex` inside a pydantic model: stored as axial ``[q, r]``; read from that or a label."""


def offsets(items: Iterable[Hex]) -> list[tuple[int, int]]:
    """Axial pairs, for compact logs and tests."""
    return [(h.q, h.r) for h in items]
