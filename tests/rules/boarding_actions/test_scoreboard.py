"""The scoreboard model: columns, lines per player, the cap and the headline."""

from __future__ import annotations

from rules.boarding_actions.battle import Advance, Outcome, Player, Score, apply, new_battle
from rules.boarding_actions.content import load_missions_strict
from rules.boarding_actions.missions import Role
from rules.boarding_actions.scoreboard import scoreboard

LIBRARY = load_missions_strict()


def test_columns_follow_the_mission() -> None:
    def columns(mission_id: str) -> list[str]:
        mission = LIBRARY.get(mission_id)
        first = None if mission.first_turn.role else "attacker"
        state = new_battle(mission, attacker=Player(name="A"), defender=Player(name="D"), first_turn=first)
        return scoreboard(state).columns

    assert columns("deck-sweepers") == ["1", "2", "3", "4", "5", "end"]
    assert columns("the-pipeline") == ["1", "2", "3", "4", "5"]
    assert columns("pull-their-teeth") == ["start", "1", "2", "3", "4", "5"]
    assert columns("strongrooms") == ["end"]


def test_each_player_sees_the_objectives_they_score_or_lose_vp_on() -> None:
    state = new_battle(LIBRARY.get("strongrooms"), attacker=Player(name="A"), defender=Player(name="D"))
    attacker, defender = scoreboard(state).sides
    assert [line.objective_id for line in attacker.lines] == ["they-are-ours"]
    assert [line.objective_id for line in defender.lines] == ["purge-the-thieves"]
    teeth = new_battle(LIBRARY.get("pull-their-teeth"), attacker=Player(name="A"), defender=Player(name="D"))
    attacker, defender = scoreboard(teeth).sides
    assert [line.objective_id for line in attacker.lines] == ["destroy-ground-targets", "seize-the-guns"]
    assert [line.objective_id for line in defender.lines] == ["destroy-ground-targets"]


def test_headline_underdog_and_outcome() -> None:
    state = new_battle(
        LIBRARY.get("deck-sweepers"),
        attacker=Player(name="Ann", points=500),
        defender=Player(name="Bo", points=450),
        first_turn="defender",
    )
    state = apply(state, Score(role=Role.DEFENDER, objective="take-and-hold", conditions=["one-plus"]))
    board = scoreboard(state)
    assert str(board.headline) == "Bo leads 5-0"
    assert board.sides[1].underdog and "Underdog Entry Zone" in board.underdog_bonus
    assert board.position == "Round 2, Bo (Defender), end of the Command phase"
    while not state.over:
        state = apply(state, Advance())
    board = scoreboard(state)
    assert board.over and str(board.headline) == "Bo wins 5-0"
    assert [s.outcome for s in board.sides] == [Outcome.LOSS, Outcome.WIN]
