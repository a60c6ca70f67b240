"""Team events: building teams, team Swiss, the ritual inside a round, team results and standings.

The 4-team, 3-player, 3-round event below is worked out by hand (ITS Tournament Points: a win 4,
a tie 2, a loss 0; +1 for 5 or more OP; +1 for a loss by 2 OP or less).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.tournament import BYE_TP, GameResult, record_result, standings
from rules.tournament.model import TournamentError
from rules.tournament.ritual import Side, Step
from rules.tournament.teams import (
    TEAM_WIN,
    add_team_player,
    create_team,
    current_match,
    drop_team,
    finish_team_event,
    match_result,
    new_team_event,
    pair_team_round,
    remove_team,
    remove_team_player,
    reset_ritual,
    ritual_pick,
    substitute,
    team_of,
    team_standings,
)

TEAMS = [("Owls", "o"), ("Ravens", "r"), ("Foxes", "f"), ("Bears", "b")]


def event(teams=TEAMS, size: int = 3):
    t = new_team_event("Team Cup", 300, size)
    for k, (name, prefix) in enumerate(teams):
        t = create_team(t, name, f"{prefix}1", f"{prefix.upper()}1")
        for j in range(2, size + 1):
            t = add_team_player(t, f"t{k + 1}", f"{prefix}{j}", f"{prefix.upper()}{j}")
    return t


def simple_ritual(t, team_id: str):
    """Both captains pick the first of their pool as defender, the next two as attackers, and
    refuse the first attacker sent. With 3 a side, rosters x1-x3 v y1-y3 give
    x1 v y3, x3 v y1 and the refused x2 v y2."""
    match, _ = current_match(t, team_id)
    while not match.paired:
        r = match.ritual
        for side in Side:
            team = match.a if side is Side.A else match.b
            pool = r.pool(side)
            if r.step is Step.DEFENDER:
                t = ritual_pick(t, team, "defender", (pool[0],))
            elif r.step is Step.ATTACKERS:
                rest = [p for p in pool if p != r.picks(side).defender]
                t = ritual_pick(t, team, "attackers", tuple(rest[:2]))
            else:
                t = ritual_pick(t, team, "refuse", (r.picks(side.other).attackers[0],))
            match, _ = current_match(t, team_id)
            r = match.ritual
            if match.paired:
                break
    return t


def table_games(t):
    return [(g.table, g.a, g.b) for g in t.current.games if g.b is not None]


def report(t, results: dict[int, tuple[int, int]]):
    by_table = {g.table: g for g in t.current.games}
    for table, (op_a, op_b) in results.items():
        g = by_table[table]
        t = record_result(t, g.a, g.b, GameResult(op_a=op_a, op_b=op_b))
    return t


def order(t):
    return [(row.rank, row.name, row.team_points, row.points, row.next) for row in team_standings(t)]


def test_a_four_team_three_round_event_worked_by_hand() -> None:
    t = pair_team_round(event(), random.Random(0))
    r1 = t.team_rounds[0]
    assert [(m.a, m.b, m.first_table) for m in r1.matches] == [("t1", "t4", 1), ("t3", "t2", 4)]
    assert t.current.games == []  # no game until a ritual is done
    with pytest.raises(TournamentError, match="Owls v Bears \\(pairing ritual\\)"):
        pair_team_round(t, random.Random(0))
    t = simple_ritual(t, "t1")
    t = simple_ritual(t, "t3")
    assert table_games(t) == [
        (1, "o1", "b3"),
        (2, "o3", "b1"),
        (3, "o2", "b2"),
        (4, "f1", "r3"),
        (5, "f3", "r1"),
        (6, "f2", "r2"),
    ]
    # Owls 5+1+3 = 9 TP (OP 6+3+5 = 14) beat Bears 0+4+3 = 7 (OP 11).
    # Foxes 2+5+0 = 7 and Ravens 2+0+5 = 7 draw: the team match is decided by TP alone.
    t = report(t, {1: (6, 2), 2: (3, 4), 3: (5, 5), 4: (2, 2), 5: (7, 1), 6: (0, 8)})
    owls_bears, foxes_ravens = (match_result(t, 1, m) for m in t.team_rounds[0].matches)
    assert (owls_bears.points_a, owls_bears.points_b, owls_bears.team_points_a) == (9, 7, TEAM_WIN)
    assert (owls_bears.next_a, owls_bears.next_b) == (14, 11)
    assert (foxes_ravens.points_a, foxes_ravens.points_b, foxes_ravens.team_points_b) == (7, 7, 1)
    assert order(t) == [
        (1, "Owls", 2, 9, 14),
        (2, "Ravens", 1, 7, 11),
        (3, "Foxes", 1, 7, 9),
        (4, "Bears", 0, 7, 11),
    ]

    # Round 2: 1v2 and 3v4 by rank; the first round's opponents are not met again.
    t = pair_team_round(t, random.Random(0))
    assert [(m.a, m.b, m.rematch) for m in t.team_rounds[1].matches] == [
        ("t1", "t2", False),
        ("t3", "t4", False),
    ]
    t = simple_ritual(simple_ritual(t, "t2"), "t4")
    assert table_games(t) == [
        (1, "o1", "r3"),
        (2, "o3", "r1"),
        (3, "o2", "r2"),
        (4, "f1", "b3"),
        (5, "f3", "b1"),
        (6, "f2", "b2"),
    ]
    # Owls 0+2+2 = 4 (OP 10) lose to Ravens 5+2+5 = 12 (OP 17); Foxes 5+1+5 = 11 (OP 17) beat
    # Bears 2+5+0 = 7 (OP 12).
    t = report(t, {1: (1, 6), 2: (4, 4), 3: (5, 7), 4: (8, 7), 5: (3, 5), 6: (6, 0)})
    assert order(t) == [
        (1, "Ravens", 3, 19, 28),
        (2, "Foxes", 3, 18, 26),
        (3, "Owls", 2, 13, 24),
        (4, "Bears", 0, 14, 23),
    ]

    # Round 3: Ravens v Foxes and Owls v Bears are rematches, so are Ravens v Owls and Foxes v
    # Bears: Ravens v Bears and Foxes v Owls is the only pairing without one.
    t = pair_team_round(t, random.Random(0))
    assert [(m.a, m.b, m.rematch) for m in t.team_rounds[2].matches] == [
        ("t2", "t4", False),
        ("t3", "t1", False),
    ]
    t = simple_ritual(simple_ritual(t, "t2"), "t3")
    assert table_games(t) == [
        (1, "r1", "b3"),
        (2, "r3", "b1"),
        (3, "r2", "b2"),
        (4, "f1", "o3"),
        (5, "f3", "o1"),
        (6, "f2", "o2"),
    ]
    # Ravens 1+3+1 = 5 lose to Bears 4+3+5 = 12; Foxes 3+0+5 = 8 and Owls 3+5+0 = 8 draw.
    t = report(t, {1: (2, 3), 2: (5, 5), 3: (4, 6), 4: (6, 6), 5: (2, 5), 6: (7, 0)})
    with pytest.raises(TournamentError, match="All 3 rounds"):
        pair_team_round(t, random.Random(0))
    t = finish_team_event(t)
    # Team points first: the Bears scored as many TP as the Foxes (26) and finish last.
    assert order(t) == [
        (1, "Foxes", 4, 26, 41),
        (2, "Ravens", 3, 24, 39),
        (3, "Owls", 3, 21, 35),
        (4, "Bears", 2, 26, 37),
    ]
    foxes = team_standings(t)[0]
    assert (foxes.wins, foxes.draws, foxes.losses, foxes.byes) == (1, 2, 0, 0)
    # The players' own standings come from the same games: F2 lost 0-8, then won 6-0 and 7-0.
    f2 = next(row for row in standings(t) if row.player_id == "f2")
    assert (f2.tp, f2.op, f2.wins, f2.losses) == (10, 13, 2, 1)
    for rnd in t.rounds:
        for g in rnd.games:
            assert team_of(t, g.a) != team_of(t, g.b)


def test_a_short_team_is_refused_by_name() -> None:
    t = event()
    t = remove_team_player(t, "t4", "b3")
    with pytest.raises(TournamentError, match="exactly 3 players: Bears has 2"):
        pair_team_round(t, random.Random(1))


def test_each_player_in_one_team_and_a_team_never_over_size() -> None:
    t = event()
    with pytest.raises(TournamentError, match="O2 already plays for Owls"):
        add_team_player(t, "t2", "o2", "O2")
    with pytest.raises(TournamentError, match="O2 already plays for this team"):
        add_team_player(t, "t1", "o2", "O2")
    with pytest.raises(TournamentError, match="Owls already has 3 players"):
        add_team_player(t, "t1", "new", "New")
    with pytest.raises(TournamentError, match="O1 already plays for Owls"):
        create_team(t, "Second Owls", "o1", "O1")
    with pytest.raises(TournamentError, match="already has a team called Owls"):
        create_team(t, "  OWLS ", "x", "X")
    with pytest.raises(TournamentError, match="O1 captains Owls"):
        remove_team_player(t, "t1", "o1")
    gone = remove_team(t, "t1")
    assert [team.name for team in gone.teams] == ["Ravens", "Foxes", "Bears"]
    assert not gone.has_player("o2")


def test_teams_exist_only_in_a_team_event() -> None:
    from rules.tournament import create_tournament

    with pytest.raises(TournamentError, match="singles event"):
        create_team(create_tournament("Solo", 300), "Owls", "1", "Ann")


def test_an_odd_count_gives_the_lowest_team_without_a_bye_the_bye() -> None:
    t = pair_team_round(event(TEAMS[:3]), random.Random(0))
    bye = next(m for m in t.team_rounds[0].matches if m.is_bye)
    # Each player of the bye team has a bye in the players' round; the team a win.
    assert sorted(g.a for g in t.current.games if g.is_bye) == sorted(
        next(team for team in t.teams if team.id == bye.a).players
    )
    result = match_result(t, 1, bye)
    assert (result.points_a, result.team_points_a) == (3 * BYE_TP, TEAM_WIN)
    playing = next(m for m in t.team_rounds[0].matches if not m.is_bye)
    t = simple_ritual(t, playing.a)
    t = report(t, {1: (6, 0), 2: (6, 0), 3: (6, 0)})
    t = pair_team_round(t, random.Random(0))
    second = next(m for m in t.team_rounds[1].matches if m.is_bye)
    assert second.a != bye.a
    # The loser of round 1 is lowest, but the bye team of round 1 cannot have a second one.
    assert second.a == playing.b


def test_a_reset_starts_the_match_again_until_a_result_is_in() -> None:
    t = pair_team_round(event(), random.Random(0))
    t = ritual_pick(t, "t1", "defender", ("o2",))
    assert current_match(t, "t1")[0].resets == 0
    t = reset_ritual(t, "t4")
    assert current_match(t, "t1")[0].ritual.picks_a.defender is None
    assert current_match(t, "t1")[0].resets == 1  # a captain's menu from before it is refused
    t = simple_ritual(t, "t1")
    assert len(table_games(t)) == 3
    t = reset_ritual(t, "t1")
    assert table_games(t) == []  # the games of the match are gone with its ritual
    t = simple_ritual(t, "t1")
    t = report(t, {1: (3, 3)})
    with pytest.raises(TournamentError, match="already has a result"):
        reset_ritual(t, "t1")


def test_a_pick_for_a_team_with_the_bye_or_before_pairing_is_refused() -> None:
    t = event(TEAMS[:3])
    with pytest.raises(TournamentError, match="No round"):
        ritual_pick(t, "t1", "defender", ("o1",))
    t = pair_team_round(t, random.Random(0))
    bye = next(m for m in t.team_rounds[0].matches if m.is_bye)
    with pytest.raises(TournamentError, match="has the bye"):
        ritual_pick(t, bye.a, "defender", (bye.a,))
    with pytest.raises(TournamentError, match="not a step"):
        ritual_pick(t, next(m for m in t.team_rounds[0].matches if not m.is_bye).a, "sulk", ())


def test_a_substitute_takes_a_place_before_the_ritual_begins() -> None:
    t = pair_team_round(event(), random.Random(0))
    t = substitute(t, "t1", "o2", "s1", "Sub")
    team = t.teams[0]
    assert team.players == ["o1", "s1", "o3"]
    assert current_match(t, "t1")[0].ritual.roster_a == ["o1", "s1", "o3"]
    assert t.player("o2").dropped_after == 0
    t = ritual_pick(t, "t1", "defender", ("s1",))
    with pytest.raises(TournamentError, match="ritual has begun"):
        substitute(t, "t1", "o3", "s2", "Sub 2")


def test_a_dropped_team_is_not_paired_again() -> None:
    t = pair_team_round(event(), random.Random(0))
    for m in t.team_rounds[0].matches:
        t = simple_ritual(t, m.a)
    t = report(t, dict.fromkeys(range(1, 7), (4, 2)))
    t = drop_team(t, "t4")
    t = pair_team_round(t, random.Random(0))
    assert "t4" not in {team for m in t.team_rounds[1].matches for team in m.teams}
    assert all(not t.player(p).active_in(2) for p in ("b1", "b2", "b3"))


@settings(max_examples=25, deadline=None)
@given(teams=st.integers(2, 7), size=st.integers(3, 5), seed=st.integers(0, 2**16))
def test_every_round_seats_each_player_once_and_never_against_a_teammate(teams, size, seed) -> None:
    rng = random.Random(seed)
    names = [(f"Team {k}", chr(ord("a") + k)) for k in range(teams)]
    t = event(names, size)
    for _ in range(3):
        t = pair_team_round(t, rng)
        for m in t.team_rounds[-1].matches:
            if not m.is_bye:
                t = _random_ritual(t, m.a, rng)
        seats = [p for g in t.current.games for p in g.players]
        assert sorted(seats) == sorted(p.id for p in t.players)
        for g in t.current.games:
            if g.b is not None:
                assert team_of(t, g.a).id != team_of(t, g.b).id
        for g in t.current.games:
            if g.b is not None:
                t = record_result(t, g.a, g.b, GameResult(op_a=rng.randint(0, 10), op_b=rng.randint(0, 10)))
        rows = team_standings(t)
        assert [r.rank for r in rows] == sorted(r.rank for r in rows)
    played = [frozenset(m.teams) for r in t.team_rounds for m in r.matches if not m.is_bye]
    if teams >= 4:
        assert len(played) == len(set(played))  # with 4 or more teams 3 rounds need no rematch


def _random_ritual(t, team_id, rng):
    from rules.tournament.ritual import legal_actions

    match, _ = current_match(t, team_id)
    while not match.paired:
        side = rng.choice(match.ritual.waiting_for())
        action = rng.choice(legal_actions(match.ritual, side))
        t = ritual_pick(t, match.a if side is Side.A else match.b, action.kind, action.players)
        match, _ = current_match(t, team_id)
    return t


def _forty_k(scoring: str):
    t = new_team_event("GT Teams", None, 3, game="40k", scoring=scoring)
    for k, (name, prefix) in enumerate(TEAMS[:2]):
        t = create_team(t, name, f"{prefix}1", f"{prefix.upper()}1")
        for j in (2, 3):
            t = add_team_player(t, f"t{k + 1}", f"{prefix}{j}", f"{prefix.upper()}{j}")
    t = simple_ritual(pair_team_round(t, random.Random(0)), "t1")
    match = t.team_rounds[0].matches[0]
    by_table = {g.table: g for g in t.current.games}
    # Side a of each game is the first-listed team's player (VP: a's then b's).
    for table, (vp_a, vp_b) in {1: (80, 40), 2: (50, 50), 3: (30, 90)}.items():
        g = by_table[table]
        t = record_result(t, g.a, g.b, GameResult(vp_a=vp_a, vp_b=vp_b))
    return t, match


def test_a_wtc_team_match_sums_each_games_twenty_point_split() -> None:
    t, match = _forty_k("wtc")
    result = match_result(t, 1, t.team_rounds[0].matches[0])
    # 80-40 is a 40 VP difference: 17-3; 50-50 is 10-10; 30-90 is 60: 0-20.
    # Side a: 17 + 10 + 0 = 27 against 3 + 10 + 20 = 33, so side b wins the team match.
    assert (result.points_a, result.points_b) == (27, 33)
    assert (result.team_points_a, result.team_points_b) == (0, TEAM_WIN)
    assert (result.next_a, result.next_b) == (160, 180)  # VP, the next tie-break
    rows = team_standings(t)
    assert [(r.team_id, r.points, r.next) for r in rows] == [(match.b, 33, 180), (match.a, 27, 160)]


def test_a_record_team_match_sums_ten_five_nothing() -> None:
    t, _ = _forty_k("record")
    result = match_result(t, 1, t.team_rounds[0].matches[0])
    # A win, a draw and a loss on each side: 10 + 5 + 0 = 15 each, a drawn team match.
    assert (result.points_a, result.points_b) == (15, 15)
    assert (result.team_points_a, result.team_points_b) == (1, 1)
