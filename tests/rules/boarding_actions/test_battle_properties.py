"""Invariants of the VP tracker over random battles: any report either applies or is refused with
a RuleError, mission VP stay within 0-90, totals within 0-100, and the scoreboard adds up."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.boarding_actions.battle import (
    MAX_COUNT,
    MAX_REPORTED_POINTS,
    Advance,
    BattleState,
    Player,
    Score,
    SetBattleReady,
    apply,
    new_battle,
    scoring_options,
    tally,
)
from rules.boarding_actions.content import load_missions_strict
from rules.boarding_actions.missions import BATTLE_READY_VP, MISSION_VP_CAP, Role
from rules.errors import RuleError

LIBRARY = load_missions_strict()


@st.composite
def battles(draw: st.DrawFn) -> BattleState:
    mission = LIBRARY.get(draw(st.sampled_from(LIBRARY.ids())))
    first = None if mission.first_turn.role else draw(st.sampled_from(list(Role)))
    state = new_battle(mission, attacker=Player(name="A"), defender=Player(name="D"), first_turn=first)
    for _ in range(draw(st.integers(0, 40))):
        choice = draw(st.integers(0, 9))
        options = scoring_options(state)
        if choice < 3 or not options:
            action: Advance | Score | SetBattleReady = (
                Advance() if choice else SetBattleReady(role=draw(st.sampled_from(list(Role))), ready=True)
            )
        else:
            option = draw(st.sampled_from(options))
            objective = option.objective
            action = Score(
                role=option.role if draw(st.booleans()) else option.role.other,
                objective=objective.id,
                conditions=draw(st.lists(st.sampled_from([c.id for c in objective.conditions] or ["x"]))),
                count=draw(st.none() | st.integers(-1, MAX_COUNT + 1)) if objective.count else None,
                boosted=draw(st.booleans()) if objective.count and objective.count.boost else False,
                value=draw(st.none() | st.integers(-1, MAX_REPORTED_POINTS + 1)) if objective.bands else None,
                option=draw(st.sampled_from([o.id for o in objective.outcome.options]))
                if objective.outcome
                else None,
            )
        with contextlib.suppress(RuleError):  # a refused step leaves the state as it was
            state = apply(state, action)
    return state


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles())
def test_vp_stay_within_the_caps_and_the_lines_add_up(state: BattleState) -> None:
    t = tally(state)
    for role in Role:
        assert 0 <= t.mission_vp[role] <= MISSION_VP_CAP
        assert t.total[role] == t.mission_vp[role] + t.battle_ready[role] <= MISSION_VP_CAP + BATTLE_READY_VP
        assert sum(sum(row.values()) for row in t.lines[role].values()) == t.mission_vp[role]
        assert t.discounted[role] >= 0
    positions = [(e.round, e.turn) for e in state.entries]
    assert positions == sorted(positions)
    assert BattleState.model_validate_json(state.model_dump_json()) == state
