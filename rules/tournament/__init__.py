"""Tournaments (ITS, 40k, Boarding Actions): players, Swiss pairings, results, standings and the
rating (pure).

The state is a :class:`Tournament` (pydantic, JSON-safe); every change is a function returning a
new state, and every refusal a :class:`TournamentError` (a RuleError) saying what to change.

* :mod:`rules.tournament.model`: the state and its limits (512 players, 10 rounds).
* :mod:`rules.tournament.formats`: what differs per game (results, ranking points, tie-breaks,
  columns, byes, army points): ITS, 40k ``record`` and ``wtc``, Boarding Actions.
* :mod:`rules.tournament.engine`: create, join, drop, scenarios, pairing, swaps, results, finish.
* :mod:`rules.tournament.pairing`: Swiss pairing as a maximum-weight matching; fresh tables.
* :mod:`rules.tournament.standings`: totals, the tie-break chain and the bye adjustment.
* :mod:`rules.tournament.rating`: the ITS Rating (Elo).
* :mod:`rules.tournament.export`: CSV of the standings and of every result.

>>> from rules.tournament import create_tournament
>>> create_tournament("Store Cup", 250).tier
<Tier.T250: 250>
"""

from __future__ import annotations

from rules.tournament.engine import (
    add_player,
    create_tournament,
    drop_player,
    finish,
    missing_results,
    pair_next_round,
    pin_table,
    record_result,
    record_sheet_result,
    remove_player,
    repair_round,
    result_from_score,
    rounds_for_players,
    set_fresh_tables,
    set_late_joins,
    set_rounds,
    set_scenario,
    swap_players,
    swap_tables,
    undo_pairing,
)
from rules.tournament.export import players_csv, results_csv
from rules.tournament.format_settings import FormatSettings, GameSystem, Scoring
from rules.tournament.formats import Column, Format, format_of
from rules.tournament.model import (
    BYE_TP,
    MAX_PLAYERS,
    MAX_ROUNDS,
    Extra,
    Flag,
    Game,
    GameResult,
    Kind,
    Player,
    Round,
    Tournament,
    TournamentError,
)
from rules.tournament.rating import (
    INITIAL_RATING,
    RatingChange,
    expected_score,
    k_factor,
    rating_changes,
    with_start_ratings,
)
from rules.tournament.standings import Standing, bye_adjusted, standings

__all__ = [
    "BYE_TP",
    "INITIAL_RATING",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "Column",
    "Extra",
    "Flag",
    "Format",
    "FormatSettings",
    "Game",
    "GameResult",
    "GameSystem",
    "Kind",
    "Player",
    "RatingChange",
    "Round",
    "Scoring",
    "Standing",
    "Tournament",
    "TournamentError",
    "add_player",
    "bye_adjusted",
    "create_tournament",
    "drop_player",
    "expected_score",
    "finish",
    "format_of",
    "k_factor",
    "missing_results",
    "pair_next_round",
    "pin_table",
    "players_csv",
    "rating_changes",
    "record_result",
    "record_sheet_result",
    "remove_player",
    "repair_round",
    "result_from_score",
    "results_csv",
    "rounds_for_players",
    "set_fresh_tables",
    "set_late_joins",
    "set_rounds",
    "set_scenario",
    "standings",
    "swap_players",
    "swap_tables",
    "undo_pairing",
    "with_start_ratings",
]
