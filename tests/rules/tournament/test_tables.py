"""Issue 43, item 3: fresh tables, clubs kept apart, top tables in order, pinned tables, all in
the one weighted matching and the table assignment after it."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.tournament import (
    Flag,
    add_player,
    create_tournament,
    pair_next_round,
    pin_table,
    set_fresh_tables,
)
from rules.tournament.engine import flag_notes
from rules.tournament.model import TournamentError
from rules.tournament.pairing import Entrant, Seat, assign_tables, swiss_pairs

from .helpers import play_round, with_players


def _repeats(t, rnd) -> int:
    return sum(
        g.table in t.tables_of(p, before_round=rnd.number)
        for g in rnd.games
        if g.b is not None
        for p in g.players
    )


def test_fresh_tables_over_five_rounds_of_16_players_at_8_tables_never_repeat() -> None:
    # 16 players, 8 tables, 5 rounds: each player needs 5 of the 8 tables, so no repeat is needed.
    for seed in range(4):
        rng = random.Random(seed)
        t = set_fresh_tables(with_players(16, rounds=5), True)
        for _ in range(5):
            t = play_round(pair_next_round(t, rng), rng)
            assert sorted(g.table for g in t.current.games) == list(range(1, 9))
            assert _repeats(t, t.current) == 0
            assert not any(Flag.REPEAT_TABLE in g.flags for g in t.current.games)
        for p in t.players:
            tables = [r.game_of(p.id).table for r in t.rounds]
            assert len(set(tables)) == 5, (p.id, tables)


def test_top_tables_follow_the_standings_around_pins_and_old_tables() -> None:
    # The games are in ranking order: the top game's player used table 1, the second game is
    # pinned to table 1; the others follow in order.
    seats = [Seat(frozenset({1})), Seat(pins=frozenset({1})), Seat(), Seat(frozenset({2}))]
    assert assign_tables(seats) == [2, 1, 3, 4]
    # A pin in the middle: the games around it keep the standings' order.
    seats = [Seat(), Seat(), Seat(pins=frozenset({1})), Seat(), Seat()]
    assert assign_tables(seats) == [2, 3, 1, 4, 5]
    # Without fresh tables an old table does not move a game.
    assert assign_tables([Seat(frozenset({1})), Seat(), Seat()], fresh=False) == [1, 2, 3]
    # Two pinned players who had to meet: one keeps their table, the rest stay in order.
    seats = [Seat(), Seat(pins=frozenset({2, 4})), Seat(), Seat()]
    assert assign_tables(seats) == [1, 2, 3, 4]


def test_top_table_order_when_nobody_has_used_a_table() -> None:
    assert assign_tables([Seat() for _ in range(5)]) == [1, 2, 3, 4, 5]
    assert assign_tables([Seat() for _ in range(5)], fresh=False) == [1, 2, 3, 4, 5]


def _clubbed(count: int = 16, clubs: dict[str, str] | None = None):
    t = create_tournament("Clubs", 300, rounds=5)
    for i in range(count):
        pid = chr(ord("A") + i)
        t = add_player(t, pid, pid, "Nomads", club=(clubs or {}).get(pid, ""))
    return t


def test_two_clubs_of_four_never_meet_in_round_one() -> None:
    clubs = {p: "Dice Den" for p in "ABCD"} | {p: "dice den " for p in "EF"} | {p: "Hex Club" for p in "GHIJ"}
    for seed in range(40):
        t = pair_next_round(_clubbed(16, clubs), random.Random(seed))
        for g in t.current.games:
            one, two = (clubs.get(p, "").strip().casefold() for p in g.players)
            assert not (one and one == two), (seed, g)
            assert Flag.SAME_CLUB not in g.flags


def test_a_club_too_big_to_keep_apart_meets_only_as_often_as_it_must_and_is_flagged() -> None:
    # 6 of 8 players in one club: 4 games, at most 2 can have an outsider, so 2 club games.
    clubs = {p: "Big" for p in "ABCDEF"}
    t = pair_next_round(_clubbed(8, clubs), random.Random(1))
    same = [g for g in t.current.games if Flag.SAME_CLUB in g.flags]
    assert len(same) == 2
    assert any("both are from Big" in str(note) for note in flag_notes(t, 1))


def test_later_rounds_keep_clubs_apart_only_where_the_points_allow() -> None:
    # A and B lead on equal points and share a club; C and D trail on equal points.
    ranked = [Entrant("A", 8, club="x"), Entrant("B", 8, club="x"), Entrant("C", 4), Entrant("D", 4)]
    pairs, _ = swiss_pairs(ranked)
    assert pairs == [("A", "B"), ("C", "D")]  # a wider gap is worse than club-mates meeting
    ranked = [Entrant("A", 8, club="x"), Entrant("B", 8, club="x"), Entrant("C", 8), Entrant("D", 8)]
    pairs, _ = swiss_pairs(ranked)
    assert {frozenset(p) for p in pairs} == {frozenset("AC"), frozenset("BD")}  # equal gaps: apart


def test_a_pinned_player_keeps_their_table_every_round() -> None:
    rng = random.Random(3)
    t = set_fresh_tables(with_players(16, rounds=5), True)
    t = pin_table(pin_table(t, "C", 7), "K", 1)
    for _ in range(5):
        t = play_round(pair_next_round(t, rng), rng)
        assert t.current.game_of("C").table == 7
        assert t.current.game_of("K").table == 1
        # Returning to one's pinned table is no repeat; nobody else repeats either.
        assert not any(g.flags for g in t.current.games)


def test_two_pinned_players_are_not_paired_together_and_a_taken_table_is_refused() -> None:
    ranked = [Entrant("A", 8, pin=1), Entrant("B", 8, pin=2), Entrant("C", 0), Entrant("D", 0)]
    pairs, _ = swiss_pairs(ranked)
    assert {frozenset(p) for p in pairs} == {frozenset("AC"), frozenset("BD")}
    t = pin_table(with_players(4), "A", 2)
    try:
        pin_table(t, "B", 2)
    except TournamentError as exc:
        assert "already A's" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("a second pin on table 2 was accepted")
    assert pin_table(t, "A", None).player("A").table is None


def test_a_pinned_table_beyond_the_event_is_used_instead_of_the_last_one() -> None:
    t = pin_table(with_players(6), "B", 9)
    t = pair_next_round(t, random.Random(0))
    assert sorted(g.table for g in t.current.games if g.b) == [1, 2, 9]
    assert t.current.game_of("B").table == 9


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(4, 24),
    rounds=st.integers(1, 4),
    clubs=st.lists(st.sampled_from(["", "", "a", "b"]), min_size=24, max_size=24),
    pins=st.lists(st.integers(0, 14), min_size=3, max_size=3),
    fresh=st.booleans(),
    seed=st.integers(0, 2**16),
)
def test_every_player_is_paired_once_and_pins_are_kept(count, rounds, clubs, pins, fresh, seed) -> None:
    rng = random.Random(seed)
    t = create_tournament("Prop", 300, rounds=max(3, rounds))
    for i in range(count):
        t = add_player(t, f"p{i}", f"P{i}", club=clubs[i])
    pinned: dict[str, int] = {}
    for k, table in enumerate(pins):
        if table and k < count and table not in pinned.values():
            t = pin_table(t, f"p{k}", table)
            pinned[f"p{k}"] = table
    t = set_fresh_tables(t, fresh)
    for _ in range(rounds):
        t = play_round(pair_next_round(t, rng), rng)
        rnd = t.current
        seen = [p for g in rnd.games for p in g.players]
        assert sorted(seen) == sorted(p.id for p in t.players)
        tables = [g.table for g in rnd.games if g.b is not None]
        assert len(set(tables)) == len(tables) == count // 2
        unpinned = sum(1 for p in t.players if p.id not in pinned)
        for pid, table in pinned.items():
            game = rnd.game_of(pid)
            if game.b is None:
                continue
            other = game.b if game.a == pid else game.a
            if other in pinned:  # only when too few unpinned players are left to go round
                assert unpinned < len(pinned)
                assert game.table in (table, pinned[other])
            else:
                assert game.table == table
