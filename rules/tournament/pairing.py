"""Swiss pairing as a maximum-weight matching, and table numbers that avoid repeats.

Every possible pair of players is an edge of a graph (with an extra "bye" node when the count is
odd); a maximum-cardinality, maximum-weight matching on it is the pairing. Each edge costs whole
numbers in strict layers, every layer worth more than everything below it together, so a lower
layer can never buy a worse result in a higher one:

1. a second bye for a player: no edge at all (forbidden);
2. the bye not going to the lowest-ranked player without one: the number of such players ranked
   below the one who gets it;
3. two players pinned to different tables (accessibility) meeting: 1 per such game, as only one
   of them could then sit at their table;
4. a rematch: 1 per rematch;
5. with ``clubs_first`` (round 1): club-mates meeting, 1 per game;
6. with fresh tables (``free_tables`` given): a game short of tables neither player has used
   (:meth:`Entrant.scarcity`: none left costs 9, one 4, two 1), so the table assignment after the
   pairing can keep everyone on fresh tables;
7. the gap in Tournament Points, squared;
8. without ``clubs_first`` (later rounds): club-mates meeting, 1 per game, a weaker preference
   that never costs a wider points gap;
9. the distance in rank, squared (so 1v2, 3v4 is preferred, and when 1v2 is a rematch, 1v3 and
   2v4 beat 1v4 and 2v3, as "in descending order" suggests).

A layer nobody can trigger (no clubs, no pins) has a unit of 1 and changes nothing.

An edge's weight is a constant larger than any matching's total cost, minus its cost, so the
weights are positive, every perfect matching has the same number of edges and the heaviest one
is the cheapest. Weights are Python ints (rustworkx takes 128-bit integers): no float rounding.

>>> pairs, bye = swiss_pairs([Entrant("A", 8), Entrant("B", 8, met=frozenset("C")),
...                           Entrant("C", 4, met=frozenset("B")), Entrant("D", 0)])
>>> pairs, bye
([('A', 'B'), ('C', 'D')], None)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import rustworkx as rx

from rules.i18n import _
from rules.tournament.model import TournamentError


@dataclass(frozen=True)
class Entrant:
    """A player as the pairing sees them; a list of entrants is in ranking order, best first."""

    id: str
    tp: int = 0
    had_bye: bool = False
    met: frozenset[str] = field(default_factory=frozenset)
    club: str = ""
    """The player's club ("" none): club-mates are kept apart (see the cost layers)."""
    pin: int | None = None
    """The table the player is pinned to (accessibility), or None."""
    used: frozenset[int] = field(default_factory=frozenset)
    """The tables the player has played at."""

    def clashes(self, other: Entrant) -> tuple[bool, bool]:
        """Whether meeting ``other`` pins two players to different tables, and whether it pairs
        club-mates."""
        pins = self.pin is not None and other.pin is not None and self.pin != other.pin
        return pins, bool(self.club) and self.club == other.club

    def scarcity(self, other: Entrant, free: frozenset[int]) -> int:
        """How short a game with ``other`` is of fresh tables: 0 when at least :data:`SPARE` of
        ``free`` (the tables no pinned player holds) are unused by both, else the shortfall
        squared (no fresh table at all costs most); with one pinned player, the pinned table
        used by the other costs as much as no fresh table."""
        if self.pin is not None or other.pin is not None:
            if self.pin is not None and other.pin is not None:
                return 0  # the pin layer weighs this game
            used = other.pin in self.used if other.pin is not None else self.pin in other.used
            return SPARE**2 if used else 0
        if len(free) >= len(self.used) + len(other.used) + SPARE:
            return 0
        left = len(free - self.used - other.used)
        return (SPARE - left) ** 2 if left < SPARE else 0


SPARE = 3
"""With fresh tables, a game whose players leave fewer fresh tables than this is dearer: one
fresh table each is not enough when two games need the same one."""


WINDOW = 48
"""Above :data:`FULL_GRAPH_UP_TO` players, the first try links each player only to the next 48
in rank order."""
FULL_GRAPH_UP_TO = 128


def _identity(weight: int) -> int:
    return weight


@dataclass(frozen=True)
class _Layers:
    """The unit of each cost layer and the constant every edge weight is taken from."""

    gap: int
    rematch: int
    bye: int
    top: int
    club: int = 0
    pin: int = 0
    stale: int = 0


def _layers(
    n: int,
    tps: Sequence[int],
    *,
    clubs: bool = False,
    pins: bool = False,
    clubs_first: bool = False,
    fresh: bool = False,
) -> _Layers:
    games = n // 2
    # Upper bounds of each layer's total over one matching, lowest layer first; a layer that
    # cannot be triggered has a bound of 0 (unit factor 1).
    rank_max = games * (n - 1) ** 2
    gap_max = games * (max(tps) - min(tps)) ** 2
    club_max = games if clubs else 0
    pin_max = games if pins else 0
    stale_max = games * SPARE**2 if fresh else 0
    if clubs_first:
        unit_gap = rank_max + 1
        unit_stale = unit_gap * (gap_max + 1)
        unit_club = unit_stale * (stale_max + 1)
        unit_rematch = unit_club * (club_max + 1)
    else:
        unit_club = rank_max + 1
        unit_gap = unit_club * (club_max + 1)
        unit_stale = unit_gap * (gap_max + 1)
        unit_rematch = unit_stale * (stale_max + 1)
    unit_pin = unit_rematch * (games + 1)
    unit_bye = unit_pin * (pin_max + 1)
    return _Layers(
        gap=unit_gap,
        rematch=unit_rematch,
        bye=unit_bye,
        top=unit_bye * (n + 1),
        club=unit_club,
        pin=unit_pin,
        stale=unit_stale,
    )


def _match(
    ranked: Sequence[Entrant],
    eligible: Sequence[int],
    layers: _Layers,
    *,
    window: int | None = None,
    max_gap: int | None = None,
    free: frozenset[int] | None = None,
) -> list[tuple[int, int]]:
    """The best matching as (i, j) index pairs, i < j; j == len(ranked) is the bye.

    ``window`` keeps only edges between players at most that many places apart; ``max_gap``
    keeps only non-rematch edges whose squared TP gap is at most ``max_gap`` (and no pin clash),
    and the bye edge of the lowest-ranked eligible player only.
    """
    n = len(ranked)
    tps = [e.tp for e in ranked]
    index = {e.id: i for i, e in enumerate(ranked)}
    top, unit_gap, unit_rematch = layers.top, layers.gap, layers.rematch
    unit_club, unit_pin, unit_stale = layers.club, layers.pin, layers.stale
    clubs = [e.club for e in ranked]
    pins = [e.pin for e in ranked]
    tagged = any(clubs) or any(p is not None for p in pins)
    # With fresh tables, a game can be short of fresh tables only when its players have used
    # at least len(free) - SPARE + 1 tables between them, or one of them is pinned.
    sizes = [len(e.used) for e in ranked]
    roomy = len(free) - SPARE if free is not None else 0
    edges: list[tuple[int, int, int]] = []
    for i in range(n):
        tp_i, club_i, pin_i, size_i = tps[i], clubs[i], pins[i], sizes[i]
        me = ranked[i]
        met = {index[o] for o in me.met if o in index}
        last = n if window is None else min(n, i + window + 1)
        for j in range(i + 1, last):
            gap = (tp_i - tps[j]) ** 2
            rematch = j in met
            pin = pin_i is not None and pins[j] is not None and pin_i != pins[j]
            if max_gap is not None and (gap > max_gap or rematch or pin):
                continue
            cost = (j - i) ** 2 + unit_gap * gap
            if rematch:
                cost += unit_rematch
            if tagged:
                if pin:
                    cost += unit_pin
                if club_i and club_i == clubs[j]:
                    cost += unit_club
            if free is not None and (pin_i is not None or pins[j] is not None or size_i + sizes[j] > roomy):
                cost += unit_stale * me.scarcity(ranked[j], free)
            edges.append((i, j, top - cost))
    bye_edges = eligible[-1:] if max_gap is not None else eligible
    # eligible is in rank order, so the lowest-ranked eligible player is last and costs 0.
    for below, i in enumerate(reversed(bye_edges)):
        edges.append((i, n, top - layers.bye * below))
    graph = rx.PyGraph()
    graph.add_nodes_from(range(n + 1 if eligible else n))
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_identity)
    return sorted((min(u, v), max(u, v)) for u, v in matching)


def _bounds(
    ranked: Sequence[Entrant],
    eligible: Sequence[int],
    pairs: list[tuple[int, int]],
    clubs_first: bool,
    free: frozenset[int] | None,
) -> tuple[bool, int, int, int] | None:
    """For a full matching whose layers above the TP gap are at their least (the bye to the
    lowest-ranked eligible player, no pin clash, no rematch, with ``clubs_first`` no club-mates,
    every game with a fresh table left):
    whether its TP-gap total is the least any pairing can have (neighbours in rank order paired)
    and no club-mates meet, that TP-gap total, and its rank-distance total."""
    n = len(ranked)
    if len(pairs) != (n + 1) // 2:
        return None
    bye = next((i for i, j in pairs if j == n), None)
    if eligible and bye != eligible[-1]:
        return None
    games = [(i, j) for i, j in pairs if j != n]
    if any(ranked[j].id in ranked[i].met for i, j in games):
        return None
    clashes = [ranked[i].clashes(ranked[j]) for i, j in games]
    if any(pin for pin, _club in clashes):
        return None
    club = any(club for _pin, club in clashes)
    if club and clubs_first:
        return None
    if free is not None and any(ranked[i].scarcity(ranked[j], free) for i, j in games):
        return None
    rest = [e.tp for k, e in enumerate(ranked) if k != bye]
    least_gap = sum((rest[k] - rest[k + 1]) ** 2 for k in range(0, len(rest) - 1, 2))
    gap = sum((ranked[i].tp - ranked[j].tp) ** 2 for i, j in games)
    return gap == least_gap and not club, gap, sum((j - i) ** 2 for i, j in games), len(games)


def swiss_pairs(
    ranked: Sequence[Entrant], *, clubs_first: bool = False, free_tables: frozenset[int] | None = None
) -> tuple[list[tuple[str, str]], str | None]:
    """Pair ``ranked`` (best first): the pairs, better-ranked player first, and who gets the bye.

    ``clubs_first`` keeps club-mates apart before anything but byes, pins and rematches (round 1,
    where every gap is 0); without it, club-mates are kept apart only where the points gaps allow.
    ``free_tables`` (fresh tables: the tables no pinned player holds) avoids, before the points
    gaps, games that would have no fresh table left.

    Raises a RuleError when the count is odd and everyone has had a bye already.

    Up to :data:`FULL_GRAPH_UP_TO` players the complete graph is solved. Above, solving it can
    take seconds, so a first matching is found on the graph of players at most :data:`WINDOW`
    places apart, and kept when it provably is what the complete graph would give: its bye and
    rematch layers are at their least, its TP gaps are those of pairing rank neighbours (the
    least any pairing has), and its rank distances total less than any pairing with a longer
    edge must pay (and no club-mates meet). When only the TP gaps (or club-mates) fall short, the
    complete graph is solved without the edges that cannot beat it (rematches, pin clashes, and
    gaps larger than its whole TP-gap total). When a rematch, a pin or the bye is in question,
    the complete graph is solved.

    >>> swiss_pairs([Entrant("A", 4), Entrant("B", 4), Entrant("C", 0, had_bye=True)])
    ([('A', 'C')], 'B')
    """
    n = len(ranked)
    if n < 2:
        raise TournamentError(_("A round needs at least 2 active players; add players or finish the event."))
    eligible = [i for i in range(n) if not ranked[i].had_bye] if n % 2 else []
    if n % 2 and not eligible:
        raise TournamentError(
            _(
                "Every active player has already had a bye and nobody may have two: add or drop a "
                "player so the count is even, or finish the tournament."
            )
        )
    layers = _layers(
        n,
        [e.tp for e in ranked],
        clubs=any(e.club for e in ranked),
        pins=any(e.pin is not None for e in ranked),
        clubs_first=clubs_first,
        fresh=free_tables is not None,
    )
    free = free_tables
    pairs: list[tuple[int, int]] | None = None
    if n > FULL_GRAPH_UP_TO:
        first = _match(ranked, eligible, layers, window=WINDOW, free=free)
        bounds = _bounds(ranked, eligible, first, clubs_first, free)
        if bounds is not None:
            least, gap, rank, games = bounds
            if least and rank < (WINDOW + 1) ** 2 + games - 1:
                pairs = first
            else:
                pairs = _match(ranked, eligible, layers, max_gap=gap, free=free)
    if pairs is None:
        pairs = _match(ranked, eligible, layers, free=free)
    if len(pairs) != (n + 1) // 2:  # pragma: no cover - the player graph is complete
        raise TournamentError(_("No pairing exists for these players; re-check drops and byes."))
    bye = next((ranked[i].id for i, j in pairs if j == n), None)
    return [(ranked[i].id, ranked[j].id) for i, j in pairs if j != n], bye


@dataclass(frozen=True)
class Seat:
    """One game as the table assignment sees it: the tables each player used before, and the
    tables its players are pinned to (accessibility; usually none, at most one per player)."""

    used_a: frozenset[int] = frozenset()
    used_b: frozenset[int] = frozenset()
    pins: frozenset[int] = frozenset()


def table_numbers(count: int, pins: Sequence[int]) -> list[int]:
    """The table numbers ``count`` games use: every pinned table, and the lowest free numbers.

    >>> table_numbers(3, [])
    [1, 2, 3]
    >>> table_numbers(3, [9])  # a pinned table beyond the event's size replaces table 3
    [1, 2, 9]
    """
    chosen = set(pins)
    number = 1
    while len(chosen) < count:
        chosen.add(number)
        number += 1
    return sorted(chosen)


def assign_tables(seats: Sequence[Seat], *, fresh: bool = True) -> list[int]:
    """Table numbers for ``seats`` (games in ranking order, top game first): a min-cost
    assignment of games to tables whose cost comes in strict layers, as the pairing's does:

    1. a pinned player not at their table (1 a game; only when two pinned players meet);
    2. with ``fresh``: a player at a table they already used (1 a player);
    3. the top tables in order of standing: the squared distance between a game's place in the
       ranking and its table's place among the tables used.

    The squared distance is convex, so among the games nothing else places, better-ranked games
    always get lower tables. Both common cases are solved without a matching: no repeats to
    avoid (the games in order around the pinned tables is then the least cost), and a greedy
    fresh assignment that already has no repeat and keeps every pin.

    >>> assign_tables([Seat(), Seat(pins=frozenset({1})), Seat()])
    [2, 1, 3]
    >>> assign_tables([Seat(frozenset({1}), frozenset({2})), Seat(frozenset({2}))])
    [2, 1]
    """
    count = len(seats)
    pinned = sorted({t for s in seats for t in s.pins})
    tables = table_numbers(count, pinned)
    # A table pinned by the one pinned player of a game is that game's; when two pinned players
    # meet, either of their tables may be the other one's, and the matching decides.
    owner = {next(iter(seat.pins)): g for g, seat in enumerate(seats) if len(seat.pins) == 1}
    single = all(len(s.pins) <= 1 for s in seats)
    if single:
        in_order = [0] * count
        free = iter(t for t in tables if t not in owner)
        for g, seat in enumerate(seats):
            in_order[g] = next(iter(seat.pins)) if seat.pins else next(free)
        if not fresh:
            return in_order
        greedy: list[int] = []
        left = [t for t in tables if t not in owner]
        for seat in seats:
            if seat.pins:
                # A pinned game's table is fixed: who sat there before changes no choice.
                greedy.append(next(iter(seat.pins)))
                continue
            choice = next((t for t in left if t not in seat.used_a and t not in seat.used_b), None)
            if choice is None:
                break
            greedy.append(choice)
            left.remove(choice)
        if len(greedy) == count:
            return greedy
    # The assignment on the games x tables graph, in the layers above.
    order_max = count * (count - 1) ** 2
    unit_repeat = order_max + 1
    unit_pin = unit_repeat * (2 * count + 1) if fresh else unit_repeat
    top = unit_pin * (count + 1)
    graph = rx.PyGraph()
    graph.add_nodes_from(range(count + len(tables)))
    edges = []
    for g, seat in enumerate(seats):
        for k, table in enumerate(tables):
            if table in owner and owner[table] != g:
                continue  # someone else's pinned table
            cost = (k - g) ** 2
            if seat.pins and table not in seat.pins:
                cost += unit_pin
            if fresh and table not in seat.pins:
                cost += unit_repeat * ((table in seat.used_a) + (table in seat.used_b))
            edges.append((g, count + k, top - cost))
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_identity)
    chosen = [0] * count
    for u, v in matching:
        g, k = min(u, v), max(u, v) - count
        chosen[g] = tables[k]
    if len(matching) != count:  # pragma: no cover - every game has its own or a free table
        raise TournamentError(_("No table assignment exists for these games; check the pinned tables."))
    return chosen


def fresh_tables(games: Sequence[tuple[set[int], set[int]]]) -> list[int]:
    """Table numbers 1..len(games) for ``games`` (in ranking order, top game first), each given
    as the sets of tables its two players have used: :func:`assign_tables` with no pins.

    >>> fresh_tables([({1}, {2}), ({2}, set())])  # table 1 is fresh for the second game only
    [2, 1]
    >>> fresh_tables([({1}, set()), (set(), set())])
    [2, 1]
    """
    return assign_tables([Seat(frozenset(a), frozenset(b)) for a, b in games])
