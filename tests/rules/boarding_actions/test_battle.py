"""The Boarding Actions VP tracker, with the seed's numbers: 5 VP per condition, 15 VP per marker,
the 90 VP cap plus 10 for Battle Ready, Pull Their Teeth's 60 VP start and Strongrooms' bands."""

from __future__ import annotations

import pytest

from rules.boarding_actions.battle import (
    MAX_COUNT,
    Advance,
    BattleError,
    BattleState,
    ChooseFirstTurn,
    Outcome,
    Player,
    Reopen,
    Score,
    SetBattleReady,
    apply,
    describe_position,
    new_battle,
    result,
    scoring_options,
    standing,
    tally,
    underdog,
)
from rules.boarding_actions.content import load_missions_strict
from rules.boarding_actions.missions import Moment, Role
from rules.errors import NotFoundError, RuleError

LIBRARY = load_missions_strict()
A, D = Role.ATTACKER, Role.DEFENDER


def battle(mission_id: str, first: str | None = None, **players: Player) -> BattleState:
    return new_battle(
        LIBRARY.get(mission_id),
        attacker=players.get("attacker", Player(name="Ann")),
        defender=players.get("defender", Player(name="Bo")),
        first_turn=first,
    )


def position(state: BattleState) -> tuple[int, Role | None, Moment]:
    return state.round, state.active, state.moment


def walk(state: BattleState) -> list[tuple[int, Role | None, Moment]]:
    """Every stop of the tracker from here to the end of the battle, advancing without scoring."""
    stops = [position(state)]
    while state.moment is not Moment.BATTLE_END:
        state = apply(state, Advance())
        stops.append(position(state))
    return stops


# --- scoring moments ----------------------------------------------------------------------------


def test_deck_sweepers_stops_from_round_2_and_the_second_player_scores_round_5_at_turn_end() -> None:
    end = Moment.COMMAND_END
    assert walk(battle("deck-sweepers", "defender")) == [
        (2, D, end), (2, A, end), (3, D, end), (3, A, end), (4, D, end), (4, A, end),
        (5, D, end), (5, A, Moment.TURN_END),
        (5, None, Moment.BATTLE_END),
    ]


def test_access_junction_primus_scores_every_command_phase_from_round_1() -> None:
    stops = walk(battle("access-junction-primus", "attacker"))
    assert stops[:2] == [(1, A, Moment.COMMAND_END), (1, D, Moment.COMMAND_END)]
    assert len(stops) == 11 and Moment.TURN_END not in {m for *_, m in stops}


def test_power_the_generators_attacker_scores_at_the_end_of_their_turn_in_round_5() -> None:
    stops = walk(battle("power-the-generators"))
    assert stops[0] == (1, A, Moment.COMMAND_END)  # the Defender goes first but has nothing to score
    assert stops[-2:] == [(5, A, Moment.TURN_END), (5, None, Moment.BATTLE_END)]


def test_hull_breach_offers_downloads_at_the_start_of_command_phases_from_round_2() -> None:
    state = battle("hull-breach", "attacker")
    assert position(state) == (2, A, Moment.COMMAND_START)
    assert [o.objective.id for o in scoring_options(state)] == ["data-retrieval"]
    state = apply(state, Score(role=A, objective="data-retrieval", count=1))
    state = apply(state, Advance())
    assert [o.objective.id for o in scoring_options(state)] == ["temporary-stabilisation"]
    assert tally(state).mission_vp[A] == 15
    state = apply(state, Advance())
    assert position(state) == (2, D, Moment.COMMAND_START)
    with pytest.raises(BattleError, match="0 to 1"):  # one unit per turn may download
        apply(state, Score(role=D, objective="data-retrieval", count=2))


def test_a_roll_off_mission_waits_for_the_first_turn() -> None:
    state = battle("rad-leak")
    assert state.first_turn is None
    assert describe_position(state) == "Before the battle: who takes the first turn?"
    with pytest.raises(BattleError, match="roll-off"):
        apply(state, Score(role=A, objective="urgent-takeover", conditions=["one-plus"]))
    with pytest.raises(BattleError, match="roll-off"):
        apply(state, Advance())
    state = apply(state, ChooseFirstTurn(role=D))
    assert position(state) == (2, D, Moment.COMMAND_END)
    with pytest.raises(BattleError, match="already takes the first turn"):
        apply(state, ChooseFirstTurn(role=A))


def test_a_mission_that_fixes_the_first_turn_refuses_another() -> None:
    with pytest.raises(BattleError, match="Attacker always takes the first turn"):
        battle("strongrooms", "defender")
    with pytest.raises(BattleError, match="always takes the first turn"):
        apply(battle("strongrooms"), ChooseFirstTurn(role=A))


# --- a symmetric mission through five rounds -----------------------------------------------------

CONTROL = ["one-plus", "more"]


def test_deck_sweepers_five_rounds_with_the_round_5_clause() -> None:
    state = battle("deck-sweepers", "attacker")
    # Rounds 2-4: Ann holds 1+ and more markers every time (10 VP); Bo holds 1+ (5 VP).
    for _ in range(3):
        state = apply(state, Score(role=A, objective="take-and-hold", conditions=CONTROL))
        state = apply(state, Advance())
        state = apply(state, Score(role=D, objective="take-and-hold", conditions=["one-plus"]))
        state = apply(state, Advance())
    assert position(state) == (5, A, Moment.COMMAND_END)
    state = apply(state, Score(role=A, objective="take-and-hold", conditions=["one-plus"]))
    state = apply(state, Advance())
    assert position(state) == (5, D, Moment.TURN_END)
    assert describe_position(state) == "Round 5, Bo (Defender), end of the turn"
    state = apply(state, Score(role=D, objective="take-and-hold", conditions=CONTROL))
    state = apply(state, Advance())
    assert describe_position(state) == "End of the battle"
    state = apply(state, Score(role=A, objective="sweep-the-decks", count=1))
    state = apply(state, Score(role=D, objective="sweep-the-decks", count=2))
    with pytest.raises(BattleError, match="not over"):
        result(state)
    state = apply(state, Advance())
    t = tally(state)
    assert t.lines[A]["take-and-hold"] == {"2": 10, "3": 10, "4": 10, "5": 5}
    assert t.lines[D]["take-and-hold"] == {"2": 5, "3": 5, "4": 5, "5": 10}
    assert t.lines[A]["sweep-the-decks"] == {"end": 15} and t.lines[D]["sweep-the-decks"] == {"end": 30}
    assert t.mission_vp == {A: 50, D: 55}
    final = result(state)
    assert final.winner is D and final.outcome(D) is Outcome.WIN and final.outcome(A) is Outcome.LOSS
    assert describe_position(state) == "The battle is over"
    with pytest.raises(BattleError, match="over"):
        apply(state, Advance())


def test_a_draw() -> None:
    state = battle("control-centre", "attacker")
    for role in (A, D):
        state = apply(state, Score(role=role, objective="secure-at-all-costs", conditions=["one-plus"]))
        state = apply(state, Advance())
    while state.moment is not Moment.BATTLE_END:
        state = apply(state, Advance())
    for role in (A, D):
        state = apply(state, Score(role=role, objective="cut-off-the-head", conditions=["warlord"]))
    state = apply(apply(state, SetBattleReady(role=A, ready=True)), SetBattleReady(role=D, ready=True))
    state = apply(state, Advance())
    final = result(state)
    assert final.total == {A: 25, D: 25}
    assert final.winner is None and final.outcome(A) is Outcome.DRAW is final.outcome(D)


def test_battle_ready_alone_can_decide_the_battle() -> None:
    state = battle("the-pipeline", "attacker")
    state = apply(state, SetBattleReady(role=D, ready=True))
    assert standing(state).winner is D and tally(state).total == {A: 0, D: 10}
    state = apply(state, SetBattleReady(role=D, ready=False))
    assert standing(state).winner is None


def test_a_finished_battle_is_final_until_reopened() -> None:
    """Issue 38, item 1: Battle Ready toggled after the end changed the result the tournament had."""
    state = battle("the-pipeline", "attacker")
    while state.moment is not Moment.BATTLE_END:
        state = apply(state, Advance())
    with pytest.raises(BattleError, match="not finished"):
        apply(state, Reopen())
    state = apply(state, Advance())
    for action in (SetBattleReady(role=D, ready=True), Advance()):
        with pytest.raises(BattleError):
            apply(state, action)
    assert result(state).total == {A: 0, D: 0}
    state = apply(state, Reopen())
    assert not state.over and state.moment is Moment.BATTLE_END
    state = apply(apply(state, SetBattleReady(role=D, ready=True)), Advance())
    assert result(state).total == {A: 0, D: 10}


# --- the cap -----------------------------------------------------------------------------------


def test_mission_vp_stop_at_90_and_battle_ready_makes_100() -> None:
    state = battle("access-junction-primus", "attacker")
    every = ["one-plus", "two-plus", "more"]
    while state.moment is not Moment.BATTLE_END:
        if state.active is A:  # 15 VP at each of 5 Command phases: 75
            state = apply(state, Score(role=A, objective="capture-the-junction", conditions=every))
        state = apply(state, Advance())
    state = apply(state, Score(role=A, objective="purge-the-ship", value=400))  # 45 more: 120 claimed
    state = apply(state, SetBattleReady(role=A, ready=True))
    t = tally(state)
    assert t.mission_vp[A] == 90 and t.discounted[A] == 30
    assert t.lines[A]["purge-the-ship"] == {"end": 15}
    assert t.battle_ready[A] == 10 and t.total[A] == 100


def test_scores_past_the_cap_are_discounted_in_the_order_they_came() -> None:
    state = battle("strongrooms")
    while state.moment is not Moment.BATTLE_END:
        state = apply(state, Advance())
    state = apply(state, Score(role=A, objective="they-are-ours", count=3))  # 135 claimed
    t = tally(state)
    assert t.mission_vp[A] == 90 and t.discounted[A] == 45 and t.lines[A]["they-are-ours"] == {"end": 90}


# --- Pull Their Teeth --------------------------------------------------------------------------


def teeth_at_defender_phase() -> BattleState:
    state = battle("pull-their-teeth")
    assert position(state) == (1, A, Moment.COMMAND_START)  # Seize the Guns, Attacker first
    state = apply(state, Advance())
    assert position(state) == (1, D, Moment.COMMAND_START)
    return state


def test_pull_their_teeth_attacker_starts_on_60() -> None:
    state = battle("pull-their-teeth")
    t = tally(state)
    assert t.mission_vp == {A: 60, D: 0}
    assert t.lines[A]["destroy-ground-targets"] == {"start": 60}
    assert standing(state).winner is A


@pytest.mark.parametrize(
    ("loaders", "node", "attacker", "defender"),
    [(0, False, 60, 0), (1, False, 55, 5), (2, False, 50, 10), (1, True, 50, 10), (3, True, 30, 30)],
)
def test_loaders_move_vp_from_the_attacker_to_the_defender(
    loaders: int, node: bool, attacker: int, defender: int
) -> None:
    state = apply(
        teeth_at_defender_phase(),
        Score(role=D, objective="destroy-ground-targets", count=loaders, boosted=node),
    )
    assert tally(state).mission_vp == {A: attacker, D: defender}


def test_the_attacker_never_drops_below_zero_but_the_defender_still_scores() -> None:
    state = teeth_at_defender_phase()
    for _ in range(3):  # rounds 1-3: 3 Loaders with the Control Node, 30 VP each time
        state = apply(state, Score(role=D, objective="destroy-ground-targets", count=3, boosted=True))
        state = apply(apply(state, Advance()), Advance())
    t = tally(state)
    assert t.mission_vp == {A: 0, D: 90}
    assert t.lines[A]["destroy-ground-targets"] == {"start": 60, "1": -30, "2": -30, "3": 0}
    assert t.lines[D]["destroy-ground-targets"] == {"1": 30, "2": 30, "3": 30}


def test_seize_the_guns_on_top_of_60_and_the_cap() -> None:
    state = battle("pull-their-teeth")
    scores = 0
    while state.moment is not Moment.BATTLE_END:
        if state.active is A:
            state = apply(state, Score(role=A, objective="seize-the-guns", conditions=["control-node"]))
            scores += 1
        elif state.round == 5:  # the Defender takes 2 Loaders (10 VP) in round 5 only
            state = apply(state, Score(role=D, objective="destroy-ground-targets", count=2))
        state = apply(state, Advance())
    t = tally(state)
    # 60 + 5 x 5 = 85, then -10 in round 5 after the Attacker's own Command phase.
    assert scores == 5 and t.mission_vp == {A: 75, D: 10}
    assert t.lines[A]["seize-the-guns"] == {"1": 5, "2": 5, "3": 5, "4": 5, "5": 5}


# --- bands and tables --------------------------------------------------------------------------


def at_battle_end(mission_id: str) -> BattleState:
    state = battle(mission_id)
    while state.moment is not Moment.BATTLE_END:
        state = apply(state, Advance())
    return state


@pytest.mark.parametrize(
    ("destroyed", "vp"),
    [(0, 0), (124, 0), (125, 30), (249, 30), (250, 60), (374, 60), (375, 90), (500, 90)],
)
def test_strongrooms_purge_the_thieves_bands(destroyed: int, vp: int) -> None:
    state = apply(at_battle_end("strongrooms"), Score(role=D, objective="purge-the-thieves", value=destroyed))
    assert tally(state).lines[D]["purge-the-thieves"] == {"end": vp}


@pytest.mark.parametrize(
    ("destroyed", "warlord", "vp"),
    [(124, False, 0), (125, False, 15), (250, True, 60), (499, False, 60), (500, False, 80), (500, True, 90)],
)
def test_power_the_generators_rout_and_crush_bands(destroyed: int, warlord: bool, vp: int) -> None:
    report = Score(
        role=D, objective="rout-and-crush-them", value=destroyed, conditions=["warlord"] if warlord else []
    )
    assert tally(apply(at_battle_end("power-the-generators"), report)).mission_vp[D] == vp


@pytest.mark.parametrize(
    ("option", "attacker", "defender"),
    [("in-cells", 0, 90), ("out-destroyed", 30, 60), ("out-engaged", 60, 30), ("escaped", 90, 0)],
)
def test_jailbreak_escape_scores_both_players_from_one_report(
    option: str, attacker: int, defender: int
) -> None:
    state = at_battle_end("jailbreak")
    offered = scoring_options(state)
    assert [o.objective.id for o in offered] == ["escape"]
    state = apply(state, Score(role=D, objective="escape", option=option))
    assert tally(state).mission_vp == {A: attacker, D: defender}
    # The other player's report replaces it rather than counting twice.
    state = apply(state, Score(role=A, objective="escape", option="escaped"))
    assert tally(state).mission_vp == {A: 90, D: 0} and len(state.entries) == 1


def test_void_the_ship_names_the_airlocks_for_each_side() -> None:
    objective = LIBRARY.get("void-the-ship").objective("maintain-ship-integrity")
    assert objective is not None and objective.count is not None
    assert objective.count.label_for(A) == "airlock opened"
    assert objective.count.label_for(D) == "airlock still closed"
    state = at_battle_end("void-the-ship")
    state = apply(state, Score(role=A, objective="maintain-ship-integrity", count=1))
    state = apply(state, Score(role=D, objective="maintain-ship-integrity", count=2))
    assert tally(state).mission_vp == {A: 20, D: 40}


# --- mistakes a player can make ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("report", "message"),
    [
        (Score(role=D, objective="take-and-hold", conditions=["one-plus"]), "Ann's turn"),
        (Score(role=A, objective="sweep-the-decks", count=1), "end of the battle"),
        (Score(role=A, objective="take-and-hold", conditions=["nope"]), "no condition 'nope'"),
        (Score(role=A, objective="take-and-hold", conditions=["more"]), "tick that too"),
        (Score(role=A, objective="take-and-hold", count=2), "counts nothing"),
        (Score(role=A, objective="take-and-hold", value=2), "no points total"),
        (Score(role=A, objective="take-and-hold", option="x"), "no situations"),
    ],
)
def test_mistakes_are_refused_with_a_reason(report: Score, message: str) -> None:
    with pytest.raises(BattleError, match=message):
        apply(battle("deck-sweepers", "attacker"), report)


def test_unknown_objective_and_out_of_range_numbers() -> None:
    state = at_battle_end("strongrooms")
    with pytest.raises(NotFoundError, match="no objective 'loot'"):
        apply(state, Score(role=A, objective="loot"))
    with pytest.raises(BattleError, match="Only the Attacker"):
        apply(state, Score(role=D, objective="they-are-ours", count=1))
    with pytest.raises(BattleError, match=f"0 to {MAX_COUNT}"):
        apply(state, Score(role=A, objective="they-are-ours", count=MAX_COUNT + 1))
    with pytest.raises(BattleError, match="0 to 1000"):
        apply(state, Score(role=D, objective="purge-the-thieves", value=-1))
    with pytest.raises(BattleError, match="situation"):
        apply(at_battle_end("jailbreak"), Score(role=A, objective="escape"))
    with pytest.raises(BattleError, match="raises its VP"):
        apply(state, Score(role=A, objective="they-are-ours", count=1, boosted=True))


def test_reporting_again_at_the_same_moment_replaces_the_report() -> None:
    state = battle("deck-sweepers", "attacker")
    state = apply(state, Score(role=A, objective="take-and-hold", conditions=CONTROL))
    state = apply(state, Score(role=A, objective="take-and-hold", conditions=["one-plus"]))
    assert len(state.entries) == 1 and tally(state).mission_vp[A] == 5
    (option,) = scoring_options(state, A)
    assert option.reported is not None and option.reported.conditions == ["one-plus"]


def test_apply_is_pure_and_the_state_round_trips_through_json() -> None:
    state = battle("pull-their-teeth", attacker=Player(name="Ann", user_id=1, points=500),
                   defender=Player(name="Bo", user_id=2, points=460))
    before = state.model_dump_json()
    after = apply(state, {"kind": "score", "role": "attacker", "objective": "seize-the-guns",
                          "conditions": ["control-node"]})
    assert state.model_dump_json() == before
    assert after.step == state.step + 1
    assert BattleState.model_validate_json(after.model_dump_json()) == after
    assert underdog(after) is D


def test_a_bad_stored_action_is_a_rule_error() -> None:
    with pytest.raises(RuleError, match="understand"):
        apply(battle("pull-their-teeth"), {"kind": "teleport"})


@pytest.mark.parametrize(
    ("a", "d", "who"), [(500, 470, D), (470, 500, A), (500, 471, None), (None, 300, None)]
)
def test_the_underdog_is_30_points_or_more_below(a: int | None, d: int | None, who: Role | None) -> None:
    state = battle("rad-leak", attacker=Player(name="A", points=a), defender=Player(name="B", points=d))
    assert underdog(state) is who


def test_points_above_a_boarding_patrol_are_refused() -> None:
    with pytest.raises(ValueError, match="500"):
        Player(name="A", points=501)


def test_options_tell_the_caller_which_inputs_to_show() -> None:
    (hull,) = scoring_options(battle("hull-breach", "attacker"))
    assert (hull.count_label, hull.count_limit, hull.value_limit) == ("data download completed", 1, 0)
    state = at_battle_end("void-the-ship")
    labels = {o.role: o.count_label for o in scoring_options(state) if o.objective.count}
    assert labels == {A: "airlock opened", D: "airlock still closed"}
    purge = next(o for o in scoring_options(at_battle_end("strongrooms")) if o.objective.bands)
    assert purge.role is D and purge.value_limit == 1000 and purge.count_label is None
