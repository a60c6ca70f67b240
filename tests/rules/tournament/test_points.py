"""Tournament Points per game (the seed's two examples and a tie), byes, and the sheet feed."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.its.content import load_scenarios
from rules.its.scoring import apply, new_sheet, score_sheet
from rules.tournament import (
    BYE_TP,
    GameResult,
    record_sheet_result,
    result_from_score,
    set_scenario,
    standings,
)
from rules.tournament.model import TournamentError

from .helpers import by_hand, game, with_players


@pytest.mark.parametrize(
    ("op_a", "op_b", "tp_a", "tp_b"),
    [
        (4, 1, 4, 0),  # seed example 1: a Victory and a Defeat, no bonus
        (7, 6, 5, 2),  # seed example 2: 4 + Offensive Bonus; 0 + Offensive + Defensive Bonus
        (3, 3, 2, 2),  # a tie below 5 OP
        (6, 6, 3, 3),  # a tie with both Offensive Bonuses
        (10, 0, 5, 0),
        (5, 3, 5, 1),  # lost by exactly 2: Defensive Bonus
    ],
)
def test_tournament_points_per_game(op_a: int, op_b: int, tp_a: int, tp_b: int) -> None:
    result = GameResult(op_a=op_a, op_b=op_b)
    assert (result.tp_a, result.tp_b) == (tp_a, tp_b)
    assert (result.swapped().tp_a, result.swapped().tp_b) == (tp_b, tp_a)


def test_seed_examples_reach_the_standings() -> None:
    t = by_hand("ABCD", [[game("A", "B", 1, op=(4, 1)), game("C", "D", 2, op=(7, 6))]])
    tp = {row.player_id: row.tp for row in standings(t)}
    assert tp == {"A": 4, "B": 0, "C": 5, "D": 2}


def test_a_tie_gives_both_players_two_points_and_counts_as_a_tie() -> None:
    t = by_hand("AB", [[game("A", "B", 1, op=(3, 3), vp=(150, 160))]])
    rows = {row.player_id: row for row in standings(t)}
    assert rows["A"].tp == rows["B"].tp == 2
    assert rows["A"].ties == rows["B"].ties == 1
    assert [row.player_id for row in standings(t)] == ["B", "A"]  # VP break the tie


@pytest.mark.parametrize("op", [-1, 11])
def test_objective_points_outside_0_to_10_are_refused(op: int) -> None:
    with pytest.raises(ValidationError):
        GameResult(op_a=op, op_b=0)


def test_a_bye_is_a_victory_worth_3_tp_with_no_op_or_vp() -> None:
    t = by_hand("ABC", [[game("A", "B", 1, op=(5, 2), vp=(200, 100)), game("C", None)]])
    row = next(r for r in standings(t) if r.player_id == "C")
    # A bye is no game: not played, not won (issue 25.12: "played 2, wins 3" was inconsistent).
    assert (row.tp, row.op, row.vp, row.byes, row.wins, row.played) == (BYE_TP, 0, 0, 1, 0, 0)
    assert row.bye_rounds == [1]
    assert BYE_TP == 3


def test_a_final_score_sheet_becomes_the_games_result() -> None:
    library = load_scenarios()
    acquisition = library.get("acquisition")
    sheet = new_sheet(acquisition, 300)
    sheet = apply(acquisition, sheet, "a", "tech_coffin", True)
    sheet = apply(acquisition, sheet, "b", "antennas_activated", 1)
    sheet = apply(acquisition, sheet, "b", "victory_points", 180)
    score = score_sheet(acquisition, sheet)
    assert result_from_score(score) == GameResult(op_a=3, op_b=2, vp_a=0, vp_b=180)

    import random

    from rules.tournament import pair_next_round

    t = set_scenario(with_players(4), 1, acquisition)
    t = pair_next_round(t, random.Random(0))
    first = t.current.games[0]
    # The sheet's side A is the game's player b: the result is turned round.
    t = record_sheet_result(t, first.b, first.a, score)
    stored = t.current.games[0].result
    assert (stored.op_a, stored.op_b, stored.vp_a, stored.vp_b) == (2, 3, 180, 0)

    other = library.get("frontline")
    wrong = score_sheet(other, new_sheet(other, 300))
    second = t.current.games[1]
    with pytest.raises(TournamentError, match="round 1 plays acquisition"):
        record_sheet_result(t, second.a, second.b, wrong)
