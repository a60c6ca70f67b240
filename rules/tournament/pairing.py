"""Swiss pairing as a maximum-weight matching, and table numbers that avoid repeats.

Every possible pair of players is an edge of a graph (with an extra "bye" node when the count is
odd); a maximum-cardinality, maximum-weight matching on it is the pairing. Each edge costs whole
numbers in strict layers, every layer worth more than everything below it together, so a lower
layer can never buy a worse result in a higher one:

1. a second bye for a player: no edge at all (forbidden);
2. the bye not going to the lowest-ranked player without one: the number of such players ranked
   below the one who gets it;
3. a rematch: 1 per rematch;
4. the gap in Tournament Points, squared;
5. the distance in rank, squared (so 1v2, 3v4 is preferred, and when 1v2 is a rematch, 1v3 and
   2v4 beat 1v4 and 2v3, as "in descending order" suggests).

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

from rules.tournament.model import TournamentError


@dataclass(frozen=True)
class Entrant:
    """A player as the pairing sees them; a list of entrants is in ranking order, best first."""

    id: str
    tp: int = 0
    had_bye: bool = False
    met: frozenset[str] = field(default_factory=frozenset)


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


def _layers(n: int, tps: Sequence[int]) -> _Layers:
    games = n // 2
    # Upper bounds of each layer's total over one matching, lowest layer first.
    rank_max = games * (n - 1) ** 2
    gap_max = games * (max(tps) - min(tps)) ** 2
    unit_gap = rank_max + 1
    unit_rematch = unit_gap * (gap_max + 1)
    unit_bye = unit_rematch * (games + 1)
    return _Layers(gap=unit_gap, rematch=unit_rematch, bye=unit_bye, top=unit_bye * (n + 1))


def _match(
    ranked: Sequence[Entrant],
    eligible: Sequence[int],
    layers: _Layers,
    *,
    window: int | None = None,
    max_gap: int | None = None,
) -> list[tuple[int, int]]:
    """The best matching as (i, j) index pairs, i < j; j == len(ranked) is the bye.

    ``window`` keeps only edges between players at most that many places apart; ``max_gap``
    keeps only non-rematch edges whose squared TP gap is at most ``max_gap``, and the bye edge of
    the lowest-ranked eligible player only.
    """
    n = len(ranked)
    tps = [e.tp for e in ranked]
    index = {e.id: i for i, e in enumerate(ranked)}
    top, unit_gap, unit_rematch = layers.top, layers.gap, layers.rematch
    edges: list[tuple[int, int, int]] = []
    for i in range(n):
        tp_i = tps[i]
        met = {index[o] for o in ranked[i].met if o in index}
        last = n if window is None else min(n, i + window + 1)
        for j in range(i + 1, last):
            gap = (tp_i - tps[j]) ** 2
            rematch = j in met
            if max_gap is not None and (gap > max_gap or rematch):
                continue
            edges.append((i, j, top - (j - i) ** 2 - unit_gap * gap - (unit_rematch if rematch else 0)))
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
    ranked: Sequence[Entrant], eligible: Sequence[int], pairs: list[tuple[int, int]]
) -> tuple[bool, int, int, int] | None:
    """For a full matching whose bye and rematch layers are at their least (the bye to the
    lowest-ranked eligible player, no rematch): whether its TP-gap total is the least any pairing
    can have (neighbours in rank order paired), that total, and its rank-distance total."""
    n = len(ranked)
    if len(pairs) != (n + 1) // 2:
        return None
    bye = next((i for i, j in pairs if j == n), None)
    if eligible and bye != eligible[-1]:
        return None
    games = [(i, j) for i, j in pairs if j != n]
    if any(ranked[j].id in ranked[i].met for i, j in games):
        return None
    rest = [e.tp for k, e in enumerate(ranked) if k != bye]
    least_gap = sum((rest[k] - rest[k + 1]) ** 2 for k in range(0, len(rest) - 1, 2))
    gap = sum((ranked[i].tp - ranked[j].tp) ** 2 for i, j in games)
    return gap == least_gap, gap, sum((j - i) ** 2 for i, j in games), len(games)


def swiss_pairs(ranked: Sequence[Entrant]) -> tuple[list[tuple[str, str]], str | None]:
    """Pair ``ranked`` (best first): the pairs, better-ranked player first, and who gets the bye.

    Raises a RuleError when the count is odd and everyone has had a bye already.

    Up to :data:`FULL_GRAPH_UP_TO` players the complete graph is solved. Above, solving it can
    take seconds, so a first matching is found on the graph of players at most :data:`WINDOW`
    places apart, and kept when it provably is what the complete graph would give: its bye and
    rematch layers are at their least, its TP gaps are those of pairing rank neighbours (the
    least any pairing has), and its rank distances total less than any pairing with a longer
    edge must pay. When only the TP gaps fall short, the complete graph is solved without the
    edges that cannot beat it (rematches, and gaps larger than its whole TP-gap total). When a
    rematch or the bye is in question, the complete graph is solved.

    >>> swiss_pairs([Entrant("A", 4), Entrant("B", 4), Entrant("C", 0, had_bye=True)])
    ([('A', 'C')], 'B')
    """
    n = len(ranked)
    if n < 2:
        raise TournamentError("A round needs at least 2 active players; add players or finish the event.")
    eligible = [i for i in range(n) if not ranked[i].had_bye] if n % 2 else []
    if n % 2 and not eligible:
        raise TournamentError(
            "Every active player has already had a bye and nobody may have two: add or drop a player "
            "so the count is even, or finish the tournament."
        )
    layers = _layers(n, [e.tp for e in ranked])
    pairs: list[tuple[int, int]] | None = None
    if n > FULL_GRAPH_UP_TO:
        first = _match(ranked, eligible, layers, window=WINDOW)
        bounds = _bounds(ranked, eligible, first)
        if bounds is not None:
            least, gap, rank, games = bounds
            if least and rank < (WINDOW + 1) ** 2 + games - 1:
                pairs = first
            else:
                pairs = _match(ranked, eligible, layers, max_gap=gap)
    if pairs is None:
        pairs = _match(ranked, eligible, layers)
    if len(pairs) != (n + 1) // 2:  # pragma: no cover - the player graph is complete
        raise TournamentError("No pairing exists for these players; re-check drops and byes.")
    bye = next((ranked[i].id for i, j in pairs if j == n), None)
    return [(ranked[i].id, ranked[j].id) for i, j in pairs if j != n], bye


def fresh_tables(games: Sequence[tuple[set[int], set[int]]]) -> list[int]:
    """Table numbers 1..len(games) for ``games`` (in ranking order, top game first).

    Each game is given as the sets of tables its two players have used. Nobody sits at a table
    they used before when that can be avoided; after that, the top game gets the lowest number.

    >>> fresh_tables([({1}, {2}), ({2}, set())])  # table 1 is fresh for the second game only
    [2, 1]
    >>> fresh_tables([({1}, set()), (set(), set())])
    [2, 1]
    """
    count = len(games)
    tables = list(range(1, count + 1))
    free = set(tables)
    greedy: list[int] = []
    for used_a, used_b in games:
        choice = next((t for t in tables if t in free and t not in used_a and t not in used_b), None)
        if choice is None:
            break
        greedy.append(choice)
        free.discard(choice)
    if len(greedy) == count:
        return greedy
    # Greedy got stuck: an assignment on the games x tables graph, repeats first, then order.
    order_max = count * count
    unit_repeat = order_max + 1
    top = unit_repeat * (2 * count + 1)
    graph = rx.PyGraph()
    graph.add_nodes_from(range(2 * count))
    edges = []
    for g, (used_a, used_b) in enumerate(games):
        for k, table in enumerate(tables):
            repeats = (table in used_a) + (table in used_b)
            edges.append((g, count + k, top - unit_repeat * repeats - abs(k - g)))
    graph.add_edges_from(edges)
    matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=_identity)
    chosen = [0] * count
    for u, v in matching:
        g, k = min(u, v), max(u, v) - count
        chosen[g] = tables[k]
    return chosen
