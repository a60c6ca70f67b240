"""Every mission's scoring messages, at every moment of a battle, fit Discord's component limits
and offer a control for every objective that can be scored then."""

from __future__ import annotations

import pytest

from bot.play import Shown
from cogs.boarding_actions.controls import controls, show
from cogs.boarding_actions.game import BAGame, position
from rules.boarding_actions.battle import Advance, ChooseFirstTurn, Player, apply, new_battle, scoring_options
from rules.boarding_actions.content import default_library
from rules.boarding_actions.missions import Role


@pytest.mark.parametrize("mission_id", default_library().ids())
def test_every_moment_has_fitting_controls_for_what_scores(mission_id: str) -> None:
    mission = default_library().get(mission_id)
    state = new_battle(mission, attacker=Player(name="Ann", user_id=1), defender=Player(name="Bo", user_id=2))
    if state.first_turn is None:
        view = controls(Shown(1, 1, BAGame(battle=state), 1))
        assert view is not None and "Ann goes first" in [c.item.label for c in _items(view)]
        state = apply(state, ChooseFirstTurn(role=Role.DEFENDER))
    positions = []
    while not state.over:
        positions.append(position(state))
        view = controls(Shown(1, state.step, BAGame(battle=state), 1))
        assert view is not None
        items = _items(view)
        rows = {item.row for item in items}
        assert len(rows) <= 5 and len(items) <= 25
        ids = [item.custom_id for item in items]
        assert all(len(i) <= 100 for i in ids) and len(set(ids)) == len(ids)
        for option in scoring_options(state):
            index = [o.id for o in mission.objectives].index(option.objective.id)
            assert any(f":{option.role.value[0]}.{index}" in i for i in ids), (option.objective.id, ids)
        post = show(Shown(1, state.step, BAGame(battle=state), 1))
        assert post.content and "<@" in post.content and post.images
        state = apply(state, Advance())
    assert positions == sorted(set(positions))


def _items(view: object) -> list:  # type: ignore[type-arg]
    return list(view.children)  # type: ignore[attr-defined]
