"""CSV exports: every player and every game, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io
import random

from rules.tournament import pair_next_round, players_csv, results_csv
from rules.tournament.model import Player

from .helpers import by_hand, game, play_round, with_players


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_results_list_every_game_and_bye_of_every_round() -> None:
    rng = random.Random(4)
    t = with_players(7)
    for _ in range(2):
        t = play_round(pair_next_round(t, rng), rng)
    t = pair_next_round(t, rng)  # round 3 paired, no results yet
    rows = _rows(results_csv(t))
    assert len(rows) == 3 * 4
    assert sum(r["player_b"] == "(bye)" for r in rows) == 3
    waiting = [r for r in rows if r["round"] == "3" and r["player_b"] != "(bye)"]
    assert all(r["op_a"] == "" for r in waiting)
    played = next(r for r in rows if r["round"] == "1" and r["player_b"] != "(bye)")
    assert played["op_a"].isdigit() and played["tp_a"].isdigit()


def test_players_follow_the_standings_and_formulas_are_defused() -> None:
    t = by_hand("AB", [[game("A", "B", 1, op=(4, 1))]])
    t = t.model_copy(update={"players": [Player(id="A", name="=HYPERLINK(1)"), Player(id="B", name="Bo")]})
    rows = _rows(players_csv(t))
    expected = [("1", "'=HYPERLINK(1)", "4"), ("2", "Bo", "0")]
    assert [(r["rank"], r["player"], r["tp"]) for r in rows] == expected


def test_a_bye_is_counted_the_same_way_in_every_column() -> None:
    """Issue 25.12: a player with a bye showed "played 2, wins 3"; the bye now has its own columns."""
    rng = random.Random(11)
    t = with_players(5)
    for _ in range(3):
        t = play_round(pair_next_round(t, rng), rng)
    rows = _rows(players_csv(t))
    had_bye = [r for r in rows if r["byes"] != "0"]
    assert had_bye
    for row in rows:
        played, byes = int(row["played"]), int(row["byes"])
        assert int(row["wins"]) + int(row["ties"]) + int(row["losses"]) == played
        assert played + byes == 3
        assert len(row["bye_rounds"].split()) == byes
    for row in had_bye:
        assert all(n in {"1", "2", "3"} for n in row["bye_rounds"].split())
