"""Issue 15 item 6 in the rules: one player can't end a match that still holds the other's cards."""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleError
from rules.its.classified import CmFinish, DrawMode, DrawSetup, Keep, Phase, draw_setup_for, new_draw
from rules.its.decks import load_decks_strict
from rules.its.ending import agreement_needed, has_stake, stake_text
from rules.its.match import Match
from rules.its.scoring import ScoreSheet, Side
from rules.its.tiers import Tier

GREEN = load_decks_strict()["its14-standard"]
ANN, BO, MOD = 1, 2, 3


def seated() -> Match:
    match = Match()
    for user_id, name in ((ANN, "Ann"), (BO, "Bo")):
        match, _ = match.seat_for(user_id, name)
    return match


def drawn() -> Match:
    """Both players keep their cards (Acquisition): the game is being played."""
    rng = random.Random(5)
    draw = new_draw(draw_setup_for("acquisition"), players=["Ann", "Bo"], deck=GREEN, rng=rng)
    while draw.phase is Phase.DRAWING:
        for seat, player in enumerate(draw.players):
            if player.pair:
                draw = draw.apply(Keep(player=seat, card=player.pair[0]), rng)
    return seated().model_copy(update={"draw": draw, "draw_scenario": "acquisition"})


def test_the_other_players_unrevealed_cards_need_their_agreement() -> None:
    match = drawn()
    assert agreement_needed(match, ANN, manager=False) == 1
    assert agreement_needed(match, BO, manager=False) == 0
    assert "classified objectives" in str(stake_text(match, 1))


def test_a_player_who_manages_the_server_still_asks() -> None:
    assert agreement_needed(drawn(), ANN, manager=True) == 1


def test_a_manager_who_is_not_playing_ends_alone() -> None:
    assert agreement_needed(drawn(), MOD, manager=True) is None


def test_a_stranger_is_refused() -> None:
    with pytest.raises(RuleError, match="Only the players"):
        agreement_needed(drawn(), MOD, manager=False)


def test_revealed_cards_are_no_longer_at_stake() -> None:
    match, _ = drawn().reveal(BO)
    assert not has_stake(match, 1)
    assert agreement_needed(match, ANN, manager=False) is None
    # Ann's cards are still unseen: Bo still needs her agreement.
    assert agreement_needed(match, BO, manager=False) == 0


def test_a_sheet_needs_both_confirmations_before_one_player_ends_it() -> None:
    sheet = ScoreSheet(scenario_id="acquisition", tier=Tier(300))
    match = seated().model_copy(update={"sheet": sheet})
    assert agreement_needed(match, ANN, manager=False) == 1
    assert "score sheet" in str(stake_text(match, 1))
    final = match.toggle_confirmation(Side.A).toggle_confirmation(Side.B)
    assert agreement_needed(final, ANN, manager=False) is None


def test_a_match_of_one_player_ends_on_their_word() -> None:
    match, _ = Match().seat_for(ANN, "Ann")
    match = match.model_copy(update={"sheet": ScoreSheet(scenario_id="acquisition", tier=Tier(300))})
    assert agreement_needed(match, ANN, manager=False) is None


def test_countermeasures_is_at_stake_until_the_game_is_over() -> None:
    rng = random.Random(2)
    draw = new_draw(DrawSetup(mode=DrawMode.COUNTERMEASURES), players=["Ann", "Bo"], deck=GREEN, rng=rng)
    match = seated().model_copy(update={"draw": draw, "draw_scenario": "countermeasures"})
    assert agreement_needed(match, ANN, manager=False) == 1
    assert "Countermeasures" in str(stake_text(match, 1))
    over = match.model_copy(update={"draw": draw.apply(CmFinish(), rng)})
    assert agreement_needed(over, ANN, manager=False) is None
