"""Issue 15 item 1 in the match rules: a revealed objective can't be swapped for Secure HVT."""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleError
from rules.its.classified import Keep, Phase, draw_setup_for, new_draw
from rules.its.decks import load_decks_strict
from rules.its.match import Match

GREEN = load_decks_strict()["its14-standard"]


def drawn(scenario: str = "acquisition") -> Match:
    """Ann (1) and Bo (2) seated, every classified card kept: the game is being played."""
    match = Match()
    for user_id, name in ((1, "Ann"), (2, "Bo")):
        match, _ = match.seat_for(user_id, name)
    rng = random.Random(5)
    draw = new_draw(draw_setup_for(scenario), players=["Ann", "Bo"], deck=GREEN, rng=rng)
    while draw.phase is Phase.DRAWING:
        for seat, player in enumerate(draw.players):
            if player.pair:
                draw = draw.apply(Keep(player=seat, card=player.pair[0]), rng)
    return match.model_copy(update={"draw": draw, "draw_scenario": scenario})


def test_swap_before_reveal_is_allowed() -> None:
    match = drawn()
    assert match.draw is not None and match.draw.phase is Phase.SECURE_HVT
    card = match.draw.secure_hvt_options(0)[0]
    swapped = match.choose_secure_hvt(0, card, random.Random(1))
    assert swapped.draw is not None and swapped.draw.players[0].secure_hvt_replaces == card


def test_a_revealed_objective_cannot_be_swapped() -> None:
    match, _ = drawn().reveal(1)
    assert match.draw is not None
    card = match.draw.secure_hvt_options(0)[0]
    with pytest.raises(RuleError, match="revealed"):
        match.choose_secure_hvt(0, card, random.Random(1))
    # The other player, still unrevealed, keeps their choice.
    other = match.choose_secure_hvt(1, None, random.Random(1))
    assert other.draw is not None and other.draw.players[1].secure_hvt_decided


def test_revealing_settles_the_choice_so_no_swap_is_offered_later() -> None:
    match, _ = drawn().reveal(1)
    assert match.draw is not None
    assert match.draw.players[0].secure_hvt_decided
    assert match.draw.players[0].secure_hvt_replaces is None
