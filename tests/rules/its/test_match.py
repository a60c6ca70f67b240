"""An ITS match: seating two players (and a waiting draw's open seat), the sheet's entry rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.its.classified import Keep, Phase, draw_setup_for, new_draw
from rules.its.content import load_scenarios
from rules.its.decks import load_decks_strict
from rules.its.match import (
    MAX_RECORD_CARDS,
    OPEN_SEAT,
    Match,
    Seat,
    SheetFinal,
    distinct_name,
    draw_names,
    filled_entries,
    open_seats,
    record_cards,
)
from rules.its.scoring import SheetSide, Side, new_sheet

LIBRARY = load_scenarios()
ACQUISITION = LIBRARY.get("acquisition")
GREEN = load_decks_strict()["its14-standard"]


def seated(*names: str) -> Match:
    match = Match()
    for user_id, name in enumerate(names, start=1):
        match, _ = match.seat_for(user_id, name)
    return match


def with_sheet(match: Match) -> Match:
    return match.model_copy(update={"sheet": new_sheet(ACQUISITION, 300)})


# -- seats -----------------------------------------------------------------------------------------


def test_players_take_the_seats_in_order_and_keep_them() -> None:
    match = seated("Ann", "Bo")
    assert [(s.user_id, s.name) for s in match.seats] == [(1, "Ann"), (2, "Bo")]
    again, seat = match.seat_for(2, "Bo renamed")
    assert again is match and seat == 1  # a seated player keeps their seat and name


def test_a_third_player_is_refused_with_who_plays() -> None:
    with pytest.raises(RuleError, match=r"between <@1> and <@2>: only they can take part"):
        seated("Ann", "Bo").seat_for(3, "Cy")


def test_names_of_open_seats() -> None:
    assert Match().names() == ("Player A", OPEN_SEAT)
    assert seated("Ann").names() == ("Ann", OPEN_SEAT)
    assert str(Match().player_list()) == "nobody yet"


def test_the_newcomer_takes_the_hand_a_waiting_draw_kept_for_them() -> None:
    first = seated("Sam")
    setup = draw_setup_for("acquisition", scenario_name="Acquisition")
    draw = new_draw(
        setup,
        players=draw_names(first.seats),
        deck=GREEN,
        rng=random.Random(5),
        waiting=open_seats(first.seats),
    )
    assert draw.waiting == [1] and draw.players[1].name == OPEN_SEAT
    match, seat = first.model_copy(update={"draw": draw}).seat_for(2, "sam", random.Random(5))
    assert seat == 1 and match.draw is not None
    assert match.draw.waiting == []
    # Two players called Sam are told apart in the draw; the seat keeps the player's own name.
    assert match.draw.players[1].name == "sam (2)" and match.seats[1].name == "sam"


@pytest.mark.parametrize(
    ("name", "taken", "expected"),
    [("Sam", [], "Sam"), ("Sam", ["SAM"], "Sam (2)"), ("Sam", ["Sam", "sam (2)"], "Sam (3)")],
)
def test_distinct_names(name: str, taken: list[str], expected: str) -> None:
    assert distinct_name(name, taken) == expected


def test_a_new_draw_is_dealt_for_both_seats() -> None:
    assert draw_names([]) == [OPEN_SEAT, f"{OPEN_SEAT} (2)"]
    assert draw_names([Seat(user_id=1, name="Ann"), Seat(user_id=2, name="Bo")]) == ["Ann", "Bo"]
    assert open_seats([Seat(user_id=1, name="Ann"), Seat(user_id=2, name="Bo")]) == []


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=4), max_size=8))
def test_at_most_two_seats_whoever_arrives(arrivals: list[int]) -> None:
    match = Match()
    for user_id in arrivals:
        try:
            match, seat = match.seat_for(user_id, f"P{user_id}")
        except RuleError:
            assert len(match.seats) == 2 and match.seat_of(user_id) is None
            continue
        assert match.seats[seat].user_id == user_id
    assert len(match.seats) <= 2
    assert len({s.user_id for s in match.seats}) == len(match.seats)


# -- the score sheet -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "same_as_empty"),
    [
        ({}, True),
        ({"tech_coffin": False}, True),
        ({"antennas_controlled": 0}, True),
        ({"rounds": [False, False, False]}, True),
        ({"choice": {"a": 0, "b": 0}}, True),
        ({"tech_coffin": True}, False),
        ({"rounds": [False, True]}, False),
    ],
)
def test_an_unset_entry_equals_zero(values: dict[str, object], same_as_empty: bool) -> None:
    side = SheetSide.model_construct(values=values, victory_points=0)
    assert (filled_entries(side) == filled_entries(SheetSide())) is same_as_empty


def test_an_edit_clears_both_confirmations_and_moves_the_sheet_on() -> None:
    match = with_sheet(seated("Ann", "Bo")).model_copy(update={"confirmed": [Side.B], "sheet_step": 3})
    edited = match.edit_entry(ACQUISITION, Side.A, "tech_coffin", True)
    assert edited.sheet is not None and edited.sheet.a.values["tech_coffin"] is True
    assert edited.confirmed == [] and edited.sheet_step == 4


def test_an_edit_that_changes_nothing_keeps_the_confirmations() -> None:
    match = with_sheet(seated("Ann", "Bo")).model_copy(update={"confirmed": [Side.B], "sheet_step": 3})
    assert match.edit_entry(ACQUISITION, Side.A, "antennas_controlled", 0) is match
    assert match.edit_entry(ACQUISITION, Side.A, "tech_coffin", False) is match


def test_a_final_sheet_refuses_edits() -> None:
    match = with_sheet(seated("Ann", "Bo")).model_copy(update={"confirmed": [Side.A, Side.B]})
    assert match.final
    with pytest.raises(SheetFinal, match="both players confirmed it"):
        match.edit_entry(ACQUISITION, Side.A, "tech_coffin", True)


def test_no_sheet_no_edit() -> None:
    with pytest.raises(RuleError, match="/its score"):
        seated("Ann", "Bo").edit_entry(ACQUISITION, Side.A, "tech_coffin", True)


def test_confirming_twice_takes_it_back() -> None:
    match = with_sheet(seated("Ann", "Bo"))
    once = match.toggle_confirmation(Side.B)
    assert once.confirmed == [Side.B] and not once.final
    both = once.toggle_confirmation(Side.A)
    assert both.confirmed == [Side.A, Side.B] and both.final
    back = both.toggle_confirmation(Side.B)
    assert back.confirmed == [Side.A] and back.sheet_step == 3


# -- recorded cards --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cards"),
    [("3, 7", ["3", "7"]), ("Sabotage;Predator\n12", ["Sabotage", "Predator", "12"]), (" 4 ,, ", ["4"])],
)
def test_recorded_cards_are_read_from_a_list(text: str, cards: list[str]) -> None:
    assert record_cards(text) == cards


def test_recorded_cards_are_limited() -> None:
    assert len(record_cards(", ".join(["1"] * MAX_RECORD_CARDS))) == MAX_RECORD_CARDS
    with pytest.raises(RuleError, match="no scenario needs more than"):
        record_cards(", ".join(["1"] * (MAX_RECORD_CARDS + 1)))
    with pytest.raises(RuleError, match="List the cards you kept"):
        record_cards(" , ;")


def test_a_match_round_trips_through_json() -> None:
    match = seated("Ann")
    setup = draw_setup_for("acquisition", scenario_name="Acquisition")
    draw = new_draw(setup, players=draw_names(match.seats), deck=GREEN, rng=random.Random(2), waiting=[1])
    draw = draw.apply(Keep(player=0, card=draw.players[0].pair[0]), random.Random(2))
    match = with_sheet(match.model_copy(update={"draw": draw, "draw_scenario": "acquisition"}))
    assert match.draw is not None and match.draw.phase is Phase.DRAWING
    assert Match.model_validate_json(match.model_dump_json()) == match


# -- one scenario per match ------------------------------------------------------------------------


def names(scenario_id: str) -> str:
    return scenario_id.title()


def test_a_draw_is_for_the_scenario_asked_for_else_the_sheets() -> None:
    assert Match().scenario_to_draw("supplies", names) == "supplies"
    assert with_sheet(seated("Ann", "Bo")).scenario_to_draw(None, names) == "acquisition"
    with pytest.raises(RuleError, match="Say which scenario"):
        Match().scenario_to_draw(None, names)
    with pytest.raises(RuleError, match=r"its score sheet is for Acquisition.*To play Supplies instead"):
        with_sheet(seated("Ann", "Bo")).scenario_to_draw("supplies", names)


def test_a_match_with_a_draw_draws_no_other_scenario() -> None:
    match = seated("Ann")
    setup = draw_setup_for("acquisition", scenario_name="Acquisition")
    draw = new_draw(setup, players=draw_names(match.seats), deck=GREEN, rng=random.Random(2), waiting=[1])
    match = match.model_copy(update={"draw": draw, "draw_scenario": "acquisition"})
    assert match.scenario_to_draw("acquisition", names) is None
    assert match.scenario_to_draw(None, names) is None
    with pytest.raises(RuleError, match="draw is for Acquisition, not Supplies"):
        match.scenario_to_draw("supplies", names)
    with pytest.raises(RuleError, match="score sheet must be for Acquisition too"):
        match.with_sheet(new_sheet(LIBRARY.get("supplies"), 300), names)


def test_one_sheet_per_match() -> None:
    match = seated("Ann", "Bo").model_copy(update={"confirmed": [Side.A], "sheet_step": 1})
    scored = match.with_sheet(new_sheet(ACQUISITION, 300), names)
    assert scored.sheet is not None and scored.confirmed == [] and scored.sheet_step == 2
    assert scored.with_sheet(new_sheet(ACQUISITION, 300), names) is scored  # the same sheet again
    with pytest.raises(RuleError, match="already has a score sheet for Acquisition at 300 points"):
        scored.with_sheet(new_sheet(ACQUISITION, 400), names)


def test_a_player_reveals_once_after_choosing() -> None:
    match = seated("Ann")
    setup = draw_setup_for("acquisition", scenario_name="Acquisition")
    draw = new_draw(setup, players=draw_names(match.seats), deck=GREEN, rng=random.Random(4), waiting=[1])
    match = match.model_copy(update={"draw": draw, "draw_scenario": "acquisition"})
    with pytest.raises(RuleError, match="Finish choosing"):
        match.reveal(1)
    with pytest.raises(RuleError, match="no classified objectives"):
        match.reveal(2)
    rng = random.Random(4)
    while match.draw is not None and match.draw.players[0].pair:
        player = match.draw.players[0]
        match = match.model_copy(update={"draw": match.draw.apply(Keep(player=0, card=player.pair[0]), rng)})
    shown, seat = match.reveal(1)
    assert seat == 0 and shown.revealed == [0]
    with pytest.raises(RuleError, match="already revealed"):
        shown.reveal(1)
