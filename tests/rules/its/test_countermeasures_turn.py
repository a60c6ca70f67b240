"""Issue 15 item 5 in the rules: the Countermeasures tracker knows whose Player Turn it is from
the start, and only that player ends it."""

from __future__ import annotations

import random

import pytest

from rules.its.classified import (
    ClassifiedError,
    ClassifiedState,
    CmAccomplish,
    CmEndTurn,
    CmFirstPlayer,
    CmSwap,
    DrawMode,
    DrawSetup,
    new_draw,
    parse_action,
)
from rules.its.decks import load_decks_strict

GREEN = load_decks_strict()["its14-standard"]


def tracker(players: tuple[str, ...] = ("Ann", "Bo")) -> ClassifiedState:
    return new_draw(
        DrawSetup(mode=DrawMode.COUNTERMEASURES), players=list(players), deck=GREEN, rng=random.Random(3)
    )


def test_the_first_player_turn_is_known_from_the_start() -> None:
    state = tracker()
    assert state.turn_player == 0 and state.cm_turn == 1
    assert state.first_player_open


def test_only_the_player_whose_turn_it_is_ends_it() -> None:
    state = tracker()
    rng = random.Random(4)
    with pytest.raises(ClassifiedError, match="It is Ann's Player Turn: only Ann"):
        state.apply(CmEndTurn(player=1), rng)
    state = state.apply(CmEndTurn(player=0), rng)
    assert state.turn_player == 1 and state.cm_turn == 2
    with pytest.raises(ClassifiedError, match="It is Bo's Player Turn"):
        state.apply(CmEndTurn(player=0), rng)
    # An umpire (no player named) may end any turn.
    state = state.apply(CmEndTurn(), rng)
    assert state.turn_player == 0 and state.cm_turn == 3


def test_the_second_player_may_go_first_until_the_first_turn_has_begun() -> None:
    state = tracker()
    rng = random.Random(4)
    state = state.apply(CmFirstPlayer(player=1), rng)
    assert state.turn_player == 1 and state.first_player_open
    with pytest.raises(ClassifiedError, match="It is Bo's Player Turn"):
        state.apply(CmSwap(player=0, card=state.current[0]), rng)
    state = state.apply(CmSwap(player=1, card=state.current[0]), rng)
    assert not state.first_player_open
    with pytest.raises(ClassifiedError, match="first Player Turn is under way"):
        state.apply(CmFirstPlayer(player=0), rng)


def test_an_achievement_or_an_ended_turn_also_closes_the_first_player_choice() -> None:
    rng = random.Random(4)
    achieved = tracker().apply(CmAccomplish(players=[1], card=tracker().current[0]), rng)
    assert not achieved.first_player_open
    ended = tracker().apply(CmEndTurn(player=0), rng)
    assert not ended.first_player_open
    with pytest.raises(ClassifiedError):
        ended.apply(CmFirstPlayer(player=0), rng)


def test_legal_actions_name_the_turn_player() -> None:
    state = tracker()
    ends = [a for a in state.legal_actions() if isinstance(a, CmEndTurn)]
    assert ends == [CmEndTurn(player=0)]
    firsts = [a for a in state.legal_actions() if isinstance(a, CmFirstPlayer)]
    assert {a.player for a in firsts} == {1}
    for action in state.legal_actions():
        state.apply(action, random.Random(1))  # every listed action is accepted


def test_an_older_stored_tracker_without_a_turn_still_works() -> None:
    """A tracker stored before the turn was known (turn_player None) lets anyone end the turn."""
    state = tracker().model_copy(update={"turn_player": None, "cm_turn": 0})
    state = ClassifiedState.model_validate_json(state.model_dump_json())
    state = state.apply(CmEndTurn(player=1), random.Random(1))
    assert state.turn_player is None


def test_new_actions_roundtrip_as_json() -> None:
    for action in (CmEndTurn(player=1), CmEndTurn(), CmFirstPlayer(player=1)):
        assert parse_action(action.model_dump_json()) == action
