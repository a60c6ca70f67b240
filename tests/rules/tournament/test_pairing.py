"""Swiss pairing: the 4-player third round, forced rematches, byes, fresh tables, round 1's seed."""

from __future__ import annotations

import itertools
import random

import pytest

from rules.tournament import (
    Flag,
    drop_player,
    pair_next_round,
    set_rounds,
    standings,
)
from rules.tournament.model import TournamentError
from rules.tournament.pairing import FULL_GRAPH_UP_TO, Entrant, _layers, _match, fresh_tables, swiss_pairs

from .helpers import by_hand, game, pairs_of, play_round, with_players

RNG = random.Random(0)


def test_four_players_third_round_is_the_only_legal_one() -> None:
    # After A-B, C-D and A-C, B-D, greedy 1v2 3v4 (A-B, C-D) would be two rematches.
    t = by_hand(
        "ABCD",
        [
            [game("A", "B", 1, op=(4, 1)), game("C", "D", 2, op=(4, 1))],
            [game("A", "C", 1, op=(4, 1)), game("B", "D", 2, op=(4, 1))],
        ],
    )
    assert [row.player_id for row in standings(t)][:2] == ["A", "B"]
    t = pair_next_round(t, RNG)
    assert pairs_of(t.current) == {frozenset("AD"), frozenset("BC")}
    assert all(Flag.REMATCH not in g.flags for g in t.current.games)


def test_a_rematch_made_because_nothing_else_exists_is_flagged() -> None:
    t = by_hand(
        "ABCD",
        [
            [game("A", "B", 1, op=(4, 1)), game("C", "D", 2, op=(4, 1))],
            [game("A", "C", 1, op=(4, 1)), game("B", "D", 2, op=(4, 1))],
            [game("A", "D", 1, op=(4, 1)), game("B", "C", 2, op=(4, 1))],
        ],
        round_count=3,
    )
    t = set_rounds(t, 4)
    t = pair_next_round(t, RNG)
    assert all(Flag.REMATCH in g.flags for g in t.current.games)
    # The rematches follow the standings: A (12 TP) meets B (8 TP), C meets D.
    assert pairs_of(t.current) == {frozenset("AB"), frozenset("CD")}


def test_rematch_avoided_even_across_a_points_gap() -> None:
    # A and B lead and already met: A meets C (the next best) instead, at a cost in TP gap.
    t = by_hand("ABCDEF", [[game("A", "B", 1, op=(5, 5)), game("C", "D", 2, op=(1, 0)), game("E", "F", 3)]])
    t = pair_next_round(t, RNG)
    assert frozenset("AB") not in pairs_of(t.current)
    assert all(not g.flags for g in t.current.games)


def test_first_round_is_random_but_reproducible_from_its_seed() -> None:
    t = with_players(16)
    one = pair_next_round(t, random.Random(11))
    two = pair_next_round(t, random.Random(11))
    other = pair_next_round(t, random.Random(12))
    assert one.current == two.current
    assert one.current.seed is not None
    assert pairs_of(one.current) != pairs_of(other.current)
    # The stored seed alone gives the same round again.
    again = pair_next_round(t, _FixedSeed(one.current.seed))
    assert again.current == one.current


class _FixedSeed(random.Random):
    def __init__(self, seed: int) -> None:
        super().__init__()
        self._seed = seed

    def randrange(self, *args, **kwargs) -> int:  # type: ignore[override]
        return self._seed


def test_odd_count_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    # E had the round-1 bye. B and D lost 0-6 and 0-4: level on TP, OP and VP, but B's opponent
    # scored more, so D ranks last and sits out.
    t = by_hand(
        "ABCDE",
        [[game("A", "B", 1, op=(6, 0)), game("C", "D", 2, op=(4, 0)), game("E", None)]],
    )
    assert [row.player_id for row in standings(t)][-2:] == ["B", "D"]
    t = pair_next_round(t, RNG)
    assert t.current.games[-1].is_bye and t.current.games[-1].a == "D"


def test_the_bye_skips_a_last_placed_player_who_already_had_one() -> None:
    # E had the bye (3 TP, 0 OP); everyone else tied 5-5 (3 TP, 5 OP), so E still ranks last.
    t = by_hand("ABCDE", [[game("A", "B", 1, op=(5, 5)), game("C", "D", 2, op=(5, 5)), game("E", None)]])
    assert standings(t)[-1].player_id == "E"
    t = pair_next_round(t, RNG)
    bye = t.current.games[-1]
    assert bye.is_bye and bye.a != "E"
    assert bye.a == [row.player_id for row in standings(t, final=False, before_round=2)][-2]


def test_the_tie_break_chain_decides_who_gets_the_bye() -> None:
    # B and D lost by 2 (1 TP, 2 OP each); B kept fewer VP, so B ranks last and sits out.
    t = by_hand(
        "ABCDE",
        [
            [
                game("A", "B", 1, op=(4, 2), vp=(0, 50)),
                game("C", "D", 2, op=(4, 2), vp=(0, 100)),
                game("E", None),
            ]
        ],
    )
    t = pair_next_round(t, RNG)
    assert t.current.games[-1].a == "B"


def test_nobody_gets_two_byes_and_five_players_over_five_rounds_each_sit_out_once() -> None:
    rng = random.Random(3)
    t = with_players(5, rounds=5)
    byes = []
    for _ in range(5):
        t = pair_next_round(t, rng)
        byes.append(t.current.games[-1].a)
        t = play_round(t, rng)
    assert sorted(byes) == list("ABCDE")


def test_bye_after_a_drop_goes_to_the_lowest_active_player_without_one() -> None:
    rng = random.Random(5)
    t = with_players(6)
    t = play_round(pair_next_round(t, rng), rng)
    last = standings(t)[-1].player_id
    t = drop_player(t, last)
    t = pair_next_round(t, rng)
    bye = t.current.games[-1]
    assert bye.is_bye and bye.a != last
    active = [row.player_id for row in standings(t, final=False, before_round=2) if row.player_id != last]
    assert bye.a == active[-1]
    assert last not in {p for g in t.current.games for p in g.players}


def test_everyone_had_a_bye_is_refused_with_what_to_do() -> None:
    with pytest.raises(TournamentError, match="already had a bye"):
        swiss_pairs([Entrant("A", had_bye=True), Entrant("B", had_bye=True), Entrant("C", had_bye=True)])


def test_smallest_tp_gap_first_then_rank_order() -> None:
    pairs, bye = swiss_pairs([Entrant("A", 8), Entrant("B", 8), Entrant("C", 4), Entrant("D", 4)])
    assert (pairs, bye) == ([("A", "B"), ("C", "D")], None)
    # A and B met: A takes C, B takes D (1v3, 2v4) rather than A v D, B v C.
    pairs, _ = swiss_pairs(
        [
            Entrant("A", 8, met=frozenset("B")),
            Entrant("B", 8, met=frozenset("A")),
            Entrant("C", 8),
            Entrant("D", 8),
        ]
    )
    assert pairs == [("A", "C"), ("B", "D")]


@pytest.mark.parametrize("seed", range(4))
def test_large_fields_give_what_the_complete_graph_gives(seed: int) -> None:
    """Above FULL_GRAPH_UP_TO players a windowed graph is tried first: same cost as the full one."""
    rng = random.Random(seed)
    n = FULL_GRAPH_UP_TO + 31
    ids = [f"p{i}" for i in range(n)]
    tps = sorted((rng.randint(0, 30) for _ in ids), reverse=True)
    met = {p: set() for p in ids}
    for _ in range(n * 2):
        a, b = rng.sample(range(n), 2)
        if abs(a - b) < 6:
            met[ids[a]].add(ids[b])
            met[ids[b]].add(ids[a])
    ranked = [
        Entrant(p, tp, had_bye=rng.random() < 0.3, met=frozenset(met[p]))
        for p, tp in zip(ids, tps, strict=True)
    ]
    pairs, bye = swiss_pairs(ranked)
    layers = _layers(n, tps)
    full = _match(ranked, [i for i, e in enumerate(ranked) if not e.had_bye], layers)
    index = {p: i for i, p in enumerate(ids)}

    def cost(matching: list[tuple[int, int]]) -> int:
        return sum(
            (j - i) ** 2 + layers.gap * (tps[i] - tps[j]) ** 2 + layers.rematch * (ids[j] in met[ids[i]])
            for i, j in matching
            if j != n
        )

    ours = [(index[a], index[b]) for a, b in pairs]
    assert cost(ours) == cost(full)
    assert index[bye] == next(i for i, j in full if j == n)


def test_fresh_tables_avoid_repeats_when_possible() -> None:
    # Three games; the top game's players used tables 1 and 2, the second game's table 3.
    tables = fresh_tables([({1}, {2}), ({3}, set()), (set(), set())])
    assert sorted(tables) == [1, 2, 3]
    assert tables[0] == 3 and tables[1] != 3


@pytest.mark.parametrize("seed", range(3))
def test_fresh_tables_over_a_whole_event_repeat_only_what_cannot_be_avoided(seed: int) -> None:
    rng = random.Random(seed)
    t = with_players(10, rounds=5)
    for _ in range(5):
        t = play_round(pair_next_round(t, rng), rng)
        rnd = t.current
        games = [g for g in rnd.games if g.b is not None]
        used = [tuple(t.tables_of(p, before_round=rnd.number) for p in g.players) for g in games]
        repeats = sum(
            (g.table in used_a) + (g.table in used_b) for g, (used_a, used_b) in zip(games, used, strict=True)
        )
        least = min(
            sum((table in a) + (table in b) for table, (a, b) in zip(order, used, strict=True))
            for order in itertools.permutations(range(1, len(games) + 1))
        )
        assert repeats == least
        assert sum(Flag.REPEAT_TABLE in g.flags for g in games) == sum(
            g.table in a or g.table in b for g, (a, b) in zip(games, used, strict=True)
        )
