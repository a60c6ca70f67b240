"""Hex math: the cube invariant, labels, distance, rings, lines and rotation."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.boss_fight.hexgrid import (
    DIRECTIONS,
    ORIGIN,
    Hex,
    TileLabelError,
    board_tiles,
    column_letters,
    parse_label,
)

axial = st.tuples(st.integers(-30, 30), st.integers(-30, 30)).map(lambda qr: Hex.axial(*qr))


def test_cube_invariant_is_enforced():
    with pytest.raises(ValueError):
        Hex(1, 0, 0)


@pytest.mark.parametrize("label", ["A1", "B2", "C4", "Z30", "AA1", "AD30"])
def test_labels_round_trip(label):
    assert Hex.from_label(label).label() == label


def test_labels_are_forgiving_about_case_and_spaces():
    assert parse_label(" c 4 ", 10, 10) == Hex.from_label("C4")


@pytest.mark.parametrize("text", ["", "4C", "C0", "C", "12", "C-1", "ABC1"])
def test_bad_labels_say_how_to_write_one(text):
    with pytest.raises(TileLabelError):
        parse_label(text, 10, 10)


def test_off_board_label_names_the_board_range():
    with pytest.raises(TileLabelError, match="columns run A-J and rows 1-10"):
        parse_label("A11", 10, 10)


def test_column_letters_past_z():
    assert [column_letters(i) for i in (0, 25, 26, 29)] == ["A", "Z", "AA", "AD"]


def test_every_board_tile_has_a_unique_label():
    tiles = list(board_tiles(30, 30))
    assert len({t.label() for t in tiles}) == 900


@given(axial, axial)
def test_distance_is_symmetric_and_matches_the_line(a, b):
    assert a.distance(b) == b.distance(a)
    line = a.line_to(b)
    assert len(line) == a.distance(b) + 1
    assert line[0] == a and line[-1] == b
    assert all(x.distance(y) == 1 for x, y in pairwise(line))


@given(axial, st.integers(0, 6))
def test_rings_and_spirals(centre, radius):
    ring = centre.ring(radius)
    assert len(ring) == (1 if radius == 0 else 6 * radius)
    assert all(centre.distance(h) == radius for h in ring)
    assert len(set(centre.spiral(radius))) == 1 + 3 * radius * (radius + 1)


@given(axial, axial)
def test_rotation_keeps_distance_and_six_turns_come_back(h, centre):
    assert h.rotate(6, centre) == h
    for k in range(6):
        assert h.rotate(k, centre).distance(centre) == h.distance(centre)


def test_one_turn_moves_each_direction_to_the_next_clockwise():
    assert [d.rotate(1) for d in DIRECTIONS] == [DIRECTIONS[(i - 1) % 6] for i in range(6)]


def test_neighbours_of_an_odd_column_tile():
    assert [h.label() for h in Hex.from_label("B2").neighbours()] == ["C3", "C2", "B1", "A2", "A3", "B3"]
    assert all(ORIGIN.distance(h) == 1 for h in ORIGIN.neighbours())
