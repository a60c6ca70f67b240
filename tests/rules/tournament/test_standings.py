"""The ranking's tie-break chain, shared ranks and the seed's bye adjustment."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.tournament import (
    add_player,
    bye_adjusted,
    create_tournament,
    drop_player,
    pair_next_round,
    record_result,
    standings,
)
from rules.tournament.model import GameResult, Tournament
from rules.tournament.public import Previous, public_view
from rules.tournament.standings import Tally

from .helpers import by_hand, game


@pytest.mark.parametrize(
    ("first", "second", "decided_by"),
    [
        # A v B and C v D; A and C both win. Which of A and C ranks first, and on what.
        (dict(op=(5, 1)), dict(op=(4, 1)), "tp"),  # A's Offensive Bonus: 5 TP against 4
        (dict(op=(4, 1)), dict(op=(3, 0)), "op"),  # 4 TP each; 4 OP beat 3
        (dict(op=(4, 1), vp=(200, 0)), dict(op=(4, 1), vp=(150, 0)), "vp"),  # 4 TP, 4 OP; VP
        (dict(op=(4, 2), vp=(100, 0)), dict(op=(4, 1), vp=(100, 0)), "opponents_op"),  # B scored 2, D 1
    ],
)
def test_the_tie_break_chain(first: dict, second: dict, decided_by: str) -> None:
    t = by_hand("ABCD", [[game("C", "D", 1, **second), game("A", "B", 2, **first)]])
    rows = {row.player_id: row for row in standings(t)}
    a, c = rows["A"], rows["C"]
    assert a.rank < c.rank
    chain = ["tp", "op", "vp", "opponents_op"]
    for key in chain[: chain.index(decided_by)]:
        assert getattr(a, key) == getattr(c, key)
    assert getattr(a, decided_by) > getattr(c, decided_by)


def test_opponents_op_is_what_the_opponents_scored_over_the_whole_tournament() -> None:
    # Round 1: A beats B 4-1, C beats D 4-3. Round 2: B beats D 9-0, A beats C 6-2.
    t = by_hand(
        "ABCD",
        [
            [game("A", "B", 1, op=(4, 1)), game("C", "D", 2, op=(4, 3))],
            [game("A", "C", 1, op=(6, 2)), game("B", "D", 2, op=(9, 0))],
        ],
    )
    rows = {row.player_id: row for row in standings(t)}
    # A met B (1 + 9 = 10 OP) and C (4 + 2 = 6 OP): 16, not the 3 OP they scored against A.
    assert rows["A"].opponents_op == 16
    assert rows["D"].opponents_op == 6 + 10


def test_players_tied_on_the_whole_chain_share_a_rank() -> None:
    t = by_hand(
        "ABCD", [[game("A", "B", 1, op=(4, 1), vp=(90, 10)), game("C", "D", 2, op=(4, 1), vp=(90, 10))]]
    )
    assert [(row.player_id, row.rank) for row in standings(t)] == [("A", 1), ("C", 1), ("B", 3), ("D", 3)]


@pytest.mark.parametrize(
    ("total", "rounds", "byes", "adjusted"),
    [(17, 4, 1, 23), (18, 4, 1, 24), (10, 3, 1, 15), (11, 3, 1, 17), (0, 5, 1, 0), (12, 3, 0, 12)],
)
def test_bye_adjustment_rounds_up(total: int, rounds: int, byes: int, adjusted: int) -> None:
    assert bye_adjusted(total, rounds, byes) == adjusted


def test_final_standings_apply_the_bye_adjustment() -> None:
    # Four rounds; E has the round-1 bye and scores 5 + 6 + 6 = 17 OP: 17 x 4 / 3 = 22.67 -> 23.
    rounds = [
        [game("A", "B", 1, op=(5, 5)), game("C", "D", 2, op=(5, 5)), game("E", None)],
        [game("E", "A", 1, op=(5, 5), vp=(100, 100)), game("B", "C", 2, op=(5, 5)), game("D", None)],
        [game("E", "B", 1, op=(6, 6), vp=(100, 100)), game("A", "D", 2, op=(5, 5)), game("C", None)],
        [game("E", "C", 1, op=(6, 6), vp=(101, 100)), game("D", "B", 2, op=(4, 4)), game("A", None)],
    ]
    t = by_hand("ABCDE", rounds, finished=True, round_count=4)
    live = {row.player_id: row for row in standings(t, final=False)}
    final = {row.player_id: row for row in standings(t)}
    assert live["E"].op == 17
    assert (final["E"].op, final["E"].raw_op, final["E"].adjusted) == (23, 17, True)
    assert final["E"].vp == bye_adjusted(301, 4, 1) == 402
    # B never had a bye: unchanged. A had one: adjusted like E.
    assert (final["B"].byes, final["B"].op, final["B"].adjusted) == (0, live["B"].op, False)
    assert final["A"].op == bye_adjusted(live["A"].op, 4, 1) == 20  # 15 x 4 / 3, exactly


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(4, 11), rounds=st.integers(3, 5))
def test_a_view_built_from_the_version_before_is_the_view_built_afresh(
    seed: int, players: int, rounds: int
) -> None:
    """The web page ranks each new version from the one before (round views and a Tally of every
    round but the last); after any result, pairing, edit or drop it must be the view built anew."""
    rng = random.Random(seed)
    t = create_tournament("Cup", 300, rounds=rounds)
    for i in range(players):
        t = add_player(t, f"p{i}", f"P{i}")
    previous: Previous | None = None
    checked = 0

    def check(state: Tournament) -> None:
        nonlocal previous, checked
        keep: list[Tally] = []
        view = public_view(state, reported=set(), previous=previous, keep=keep)
        assert view == public_view(state, reported=set())
        previous = Previous(state, set(), view, keep[0] if keep else None)
        checked += 1

    for _ in range(rounds):
        t = pair_next_round(t, rng)
        check(t)
        for g in t.current.games:
            if g.b is None:
                continue
            result = GameResult(op_a=rng.randint(0, 10), op_b=rng.randint(0, 10), vp_a=rng.randint(0, 300))
            t = record_result(t, g.a, g.b, result)
            check(t)
            if rng.random() < 0.2 and len(t.rounds) > 1:  # a result of an earlier round corrected
                earlier = rng.choice([g for g in t.rounds[0].games if g.b is not None])
                t = record_result(t, earlier.a, earlier.b, result.swapped(), round_number=1, correction=True)
                check(t)
        active = [p.id for p in t.players if p.dropped_after is None]
        if rng.random() < 0.3 and len(active) > 4:  # a drop, while enough players are left to pair
            t = drop_player(t, rng.choice(active))
            check(t)
    assert checked >= rounds
