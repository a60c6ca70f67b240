"""Simulated events (hypothesis): random results, drops and late joins never break the pairing.

Each round: every active player is paired or given the bye, exactly once; nobody inactive
appears; nobody gets a second bye; the bye goes to the lowest-ranked player without one; and
the round has no more rematches than the fewest any pairing of those players could have
(a maximum matching on the graph of pairs who have not met).
"""

from __future__ import annotations

import random

import rustworkx as rx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.tournament import (
    Flag,
    add_player,
    drop_player,
    pair_next_round,
    set_late_joins,
    standings,
)
from rules.tournament.model import Tournament

from .helpers import play_round, with_players


def _fewest_rematches(t: Tournament, number: int, paired: list[str]) -> int:
    history = t.history(before_round=number)
    index = {p: i for i, p in enumerate(paired)}
    graph = rx.PyGraph()
    graph.add_nodes_from(paired)
    graph.add_edges_from_no_data(
        [
            (index[a], index[b])
            for a in paired
            for b in paired
            if index[a] < index[b] and b not in history[a][0]
        ]
    )
    fresh = len(rx.max_weight_matching(graph, max_cardinality=True))
    return len(paired) // 2 - fresh


def _check_round(t: Tournament) -> None:
    rnd = t.current
    number = rnd.number
    active = {p.id for p in t.active_players(number)}
    seated = [p for g in rnd.games for p in g.players]
    assert sorted(seated) == sorted(active), "every active player is paired or has the bye, once"
    byes = [g.a for g in rnd.games if g.is_bye]
    assert len(byes) == len(active) % 2
    for player in active:
        assert t.byes_of(player) <= 1, "never a second bye"
    if byes and number > 1:
        ranked = [
            r.player_id for r in standings(t, final=False, before_round=number) if r.player_id in active
        ]
        had = {p for p in active if any(g.is_bye and g.a == p for r in t.rounds[:-1] for g in r.games)}
        assert byes[0] == [p for p in ranked if p not in had][-1], "the bye to the lowest-ranked without one"
    history = t.history(before_round=number)
    games = [g for g in rnd.games if g.b is not None]
    rematches = [g for g in games if g.b in history[g.a][0]]
    assert [g for g in games if Flag.REMATCH in g.flags] == rematches
    assert len(rematches) == _fewest_rematches(t, number, [p for g in games for p in g.players])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=8, max_value=128),
    rounds=st.integers(min_value=3, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    drop_rate=st.sampled_from([0.0, 0.05, 0.15]),
    late=st.integers(min_value=0, max_value=5),
)
def test_simulated_events_keep_the_pairing_rules(
    players: int, rounds: int, seed: int, drop_rate: float, late: int
) -> None:
    rng = random.Random(seed)
    t = set_late_joins(with_players(players, rounds=rounds), True)
    joined = 0
    for number in range(1, rounds + 1):
        t = pair_next_round(t, rng)
        _check_round(t)
        # Drops happen mid-round too: the game still gets its result.
        for player in t.active_players(number):
            if rng.random() < drop_rate and len(t.active_players(number + 1)) > 6:
                t = drop_player(t, player.id)
        t = play_round(t, rng)
        if number < rounds and joined < late and rng.random() < 0.6:
            t = add_player(t, f"late{joined}", f"Late {joined}")
            joined += 1
    ranked = standings(t)
    assert len(ranked) == len(t.players)
    assert all(row.played + row.byes <= rounds for row in ranked)
