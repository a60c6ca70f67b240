"""The public view built from the version before (as the web page builds each new version) is the
view built afresh, and a result costs the page one game's row, not a round's."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.tournament import add_player, create_tournament, pair_next_round, public, record_result
from rules.tournament import faction_table as factions_module
from rules.tournament.faction_table import RoundCounts, faction_table
from rules.tournament.model import GameResult, Tournament
from rules.tournament.public import Previous, public_view
from rules.tournament.standings import Tally, ranked_rows, standings

FACTIONS = ("Nomads", "Ariadna", "Haqqislam", "ALEPH")


def _event(players: int, game: str = "its") -> Tournament:
    t = create_tournament("Cup", 300 if game == "its" else None, game=game, rounds=4)
    for i in range(players):
        t = add_player(t, f"p{i}", f"P{i}", FACTIONS[i % len(FACTIONS)])
    return t


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(4, 13), game=st.sampled_from(["its", "40k"]))
def test_reports_waiting_and_confirmed_reuse_nothing_stale(seed: int, players: int, game: str) -> None:
    """Results first reported (a game shown "reported"), then confirmed, each a new version built from
    the one before: always the view built afresh, rows reused or not."""
    rng = random.Random(seed)
    t = _event(players, game)
    previous: Previous | None = None

    def check(state: Tournament, reported: set[tuple[int, str]]) -> None:
        nonlocal previous
        keep: list[Tally] = []
        factions: dict[int, RoundCounts] = {}
        view = public_view(state, reported=reported, previous=previous, keep=keep, keep_factions=factions)
        assert view == public_view(state, reported=reported)
        previous = Previous(state, reported, view, keep[0] if keep else None, factions)

    for _ in range(3):
        t = pair_next_round(t, rng)
        check(t, set())
        for g in t.current.games:
            if g.b is None:
                continue
            number = t.current.number
            check(t, {(number, g.a)})  # reported, waiting for the opponent
            op = (rng.randint(0, 10), rng.randint(0, 10)) if game == "its" else (0, 0)
            result = GameResult(op_a=op[0], op_b=op[1], vp_a=rng.randint(0, 100), vp_b=rng.randint(0, 100))
            t = record_result(t, g.a, g.b, result)
            check(t, set())


def _counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> list[int]:
    calls = [0]
    real = getattr(module, name)

    def counted(*args: object, **kwargs: object) -> object:
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_result_rebuilds_one_game_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """64 players, round 2 playing: a result rebuilds the row of its own game, no other."""
    rng = random.Random(3)
    t = pair_next_round(_event(64), rng)
    for g in t.current.games:
        t = record_result(t, g.a, g.b, GameResult(op_a=rng.randint(0, 10), op_b=rng.randint(0, 10)))
    t = pair_next_round(t, rng)
    keep: list[Tally] = []
    view = public_view(t, reported=set(), keep=keep)
    games = _counting(monkeypatch, public, "_game")
    g = t.current.games[5]
    after = record_result(t, g.a, g.b, GameResult(op_a=7, op_b=2))
    new = public_view(after, reported=set(), previous=Previous(t, set(), view, keep[0]))
    assert games[0] == 1
    assert new == public_view(after, reported=set())
    assert new.current is not None and new.current.games[5].a.op == 7


def test_a_standing_row_that_did_not_change_is_not_built_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A version whose standings are the same as the one before's builds none of their rows."""
    rng = random.Random(4)
    t = pair_next_round(_event(32), rng)
    view = public_view(t, reported=set())
    built = _counting(monkeypatch, public, "PublicStanding")
    reported = {(1, t.current.games[0].a)}  # a report waiting: the standings do not move
    again = public_view(t, reported=reported, previous=Previous(t, set(), view))
    assert built[0] == 0
    assert again.standings == view.standings
    assert again.current is not None and again.current.games[0].status == "reported"


def test_the_faction_table_names_one_best_player_per_faction(monkeypatch: pytest.MonkeyPatch) -> None:
    """The best placed player of each faction is found without a record made per player."""
    rng = random.Random(5)
    t = pair_next_round(_event(64), rng)
    for g in t.current.games:
        t = record_result(t, g.a, g.b, GameResult(op_a=rng.randint(0, 10), op_b=rng.randint(0, 10)))
    made = _counting(monkeypatch, factions_module, "BestPlaced")
    rows = faction_table([t])
    assert made[0] == len(FACTIONS)
    ranks = {s.player_id: s.rank for s in standings(t)}
    for row in rows:
        assert row.best is not None
        players = [p.id for p in t.players if p.faction == row.faction]
        assert row.best.rank == min(ranks[p] for p in players)
    # The page's rows (plain namespaces) rank and name the same as the Standings.
    assert faction_table([t], [ranked_rows(t)]) == rows


def test_the_faction_table_counts_only_the_round_that_changed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Three rounds played, a result corrected in the last: the table counts that round again,
    and reads the two before from the version before."""
    rng = random.Random(6)
    t = _event(16)
    for _ in range(3):
        t = pair_next_round(t, rng)
        for g in t.current.games:
            t = record_result(t, g.a, g.b, GameResult(op_a=rng.randint(0, 10), op_b=rng.randint(0, 10)))
    keep: list[Tally] = []
    factions: dict[int, RoundCounts] = {}
    view = public_view(t, reported=set(), keep=keep, keep_factions=factions)
    assert sorted(factions) == [1, 2, 3]
    counted = _counting(monkeypatch, factions_module, "_round_counts")
    g = t.current.games[0]
    after = record_result(t, g.a, g.b, GameResult(op_a=10, op_b=0), correction=True)
    new = public_view(after, reported=set(), previous=Previous(t, set(), view, keep[0], factions))
    assert counted[0] == 1
    assert new == public_view(after, reported=set())
