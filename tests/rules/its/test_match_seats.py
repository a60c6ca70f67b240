"""Issue 16 item 8 in the match rules: a seat named for someone is theirs to accept, nobody else's."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.its.classified import draw_setup_for, new_draw
from rules.its.decks import load_decks_strict
from rules.its.match import Match, SeatReserved, draw_names, open_seats

GREEN = load_decks_strict()["its14-standard"]
ANN, BO, CY = 1, 2, 3


def invited() -> Match:
    """Ann seated, Bo named as her opponent (not yet accepted)."""
    match, _ = Match().seat_for(ANN, "Ann")
    return match.invite(ANN, BO, "Bo")


def test_naming_an_opponent_does_not_seat_them() -> None:
    match = invited()
    assert match.seat_of(BO) is None and [s.user_id for s in match.seats] == [ANN]
    assert match.invited is not None and match.invited.user_id == BO
    assert match.names() == ("Ann", "Bo")


def test_a_bystander_cannot_take_a_seat_named_for_someone_else() -> None:
    with pytest.raises(SeatReserved, match=f"reserved for <@{BO}>: <@{ANN}> named them"):
        invited().seat_for(CY, "Cy")
    with pytest.raises(SeatReserved, match=f"reserved for <@{BO}>"):
        invited().accept(CY)


def test_the_invited_player_accepts_by_button_or_by_taking_the_seat() -> None:
    by_button, seat = invited().accept(BO)
    by_acting, other = invited().seat_for(BO, "Bo")
    for match, taken in ((by_button, seat), (by_acting, other)):
        assert taken == 1 and match.seat_of(BO) == 1 and match.invited is None
        assert match.seat_step == 2  # the invitation, then its answer


def test_a_manager_may_seat_the_invited_player_but_is_not_seated() -> None:
    match, seat = invited().accept(CY, manager=True)
    assert seat == 1 and match.seat_of(BO) == 1 and match.seat_of(CY) is None


def test_decline_and_withdraw_open_the_seat_again() -> None:
    for who, manager in ((BO, False), (ANN, False), (CY, True)):
        match, was = invited().decline(who, manager=manager)
        assert was.user_id == BO and match.invited is None and match.names()[1] == "Opponent"
        # The seat is open again: whoever comes takes it, as before any invitation.
        assert match.seat_for(CY, "Cy")[1] == 1
    with pytest.raises(SeatReserved):
        invited().decline(CY)


def test_an_open_seat_nobody_was_named_for_still_goes_to_whoever_comes() -> None:
    match, _ = Match().seat_for(ANN, "Ann")
    match, seat = match.seat_for(CY, "Cy")
    assert seat == 1 and match.names() == ("Ann", "Cy")


def test_the_inviter_may_name_someone_else_instead() -> None:
    match = invited().invite(ANN, CY, "Cy")
    assert match.invited is not None and match.invited.user_id == CY and match.seat_step == 2
    with pytest.raises(SeatReserved, match=f"reserved for <@{CY}>"):
        match.seat_for(BO, "Bo")


def test_only_a_seated_player_invites_and_only_to_an_open_seat() -> None:
    with pytest.raises(RuleError, match="Only a player of this match"):
        invited().invite(CY, CY, "Cy")
    full, _ = invited().accept(BO)
    with pytest.raises(RuleError, match="between <@1> and <@2>"):
        full.invite(ANN, CY, "Cy")
    assert full.invite(ANN, BO, "Bo") is full  # already seated: nothing to ask


def test_the_invited_player_takes_the_hand_dealt_under_their_name() -> None:
    host, _ = Match().seat_for(ANN, "Ann")
    match = host.invite(ANN, BO, "Bo")
    names = draw_names(match.seats, match.invited)
    assert names == ["Ann", "Bo"]
    rng = random.Random(4)
    draw = new_draw(
        draw_setup_for("acquisition"),
        players=names,
        deck=GREEN,
        rng=rng,
        waiting=open_seats(match.seats),
    )
    match = match.model_copy(update={"draw": draw, "draw_scenario": "acquisition"})
    assert match.draw is not None and 1 in match.draw.waiting
    with pytest.raises(SeatReserved):
        match.seat_for(CY, "Cy", rng)
    joined, seat = match.accept(BO, rng)
    assert seat == 1 and joined.draw is not None and 1 not in joined.draw.waiting
    assert joined.draw.players[1].name == "Bo"


ACTS = st.lists(
    st.tuples(
        st.sampled_from(["seat", "invite", "accept", "decline"]),
        st.integers(1, 4),
        st.integers(1, 4),
        st.booleans(),
    ),
    max_size=12,
)


@given(ACTS)
def test_only_the_named_player_ever_gets_a_reserved_seat(acts: list[tuple[str, int, int, bool]]) -> None:
    match = Match()
    for act, user, other, manager in acts:
        before = match
        try:
            if act == "seat":
                match, _ = match.seat_for(user, f"P{user}")
            elif act == "invite":
                match = match.invite(user, other, f"P{other}")
            elif act == "accept":
                match, _ = match.accept(user, manager=manager)
            else:
                match, _ = match.decline(user, manager=manager)
        except RuleError:
            assert match is before
            continue
        ids = [s.user_id for s in match.seats]
        assert len(ids) == len(set(ids)) <= 2
        if match.invited is not None:
            assert len(ids) == 1 and match.invited.user_id not in ids
        if before.invited is not None and len(match.seats) == 2 and len(before.seats) == 1:
            assert match.seats[1].user_id == before.invited.user_id
