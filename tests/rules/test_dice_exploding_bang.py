"""Issue 38, item 4: Roll20's and Dice Maiden's ``!`` explodes; it is never an empty label."""

from __future__ import annotations

import contextlib
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import DiceError, parse, roll
from rules.dice_odds import odds
from rules.errors import RuleError


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("3D6!", "3d6e6"),
        ("3d6!", "3d6e6"),
        ("d20!", "d20e20"),
        ("2d%!", "2d%e100"),
        ("3d6!6", "3d6e6"),  # Roll20: explode on exactly 6
        ("3d6!5", "3d6e5"),
        ("3d6!>5", "3d6e>4"),  # Roll20's > means "or more"
        ("3d6!<2", "3d6e<3"),  # and < "or less"
        ("4d6!kh3", "4d6e6kh3"),
        ("4d6 kh3!", "4d6kh3e6"),
        ("3d6!+2", "3d6e6+2"),
        ("(3d6!,2d8!)kh1", "(3d6e6,2d8e8)kh1"),
        ("10d6! 4+", "10d6e6>=4"),
        ("10d6!!=1", "10d6e6!=1"),  # `!=` stays a comparison
    ],
)
def test_a_bang_after_dice_explodes(typed: str, canonical: str) -> None:
    spec = parse(typed)
    assert spec.canonical == canonical
    assert spec.comment is None
    assert any("explode" in note or "rolled again" in note for note in spec.notes)


def test_a_bang_after_a_space_is_still_a_label() -> None:
    spec = parse("1d20 ! attack")
    assert (spec.canonical, spec.comment) == ("1d20", "attack")
    assert parse("2d6+3 ! to hit").comment == "to hit"


def test_3d6_bang_rolls_more_than_three_dice_when_a_six_shows() -> None:
    for seed in range(200):
        result = roll("3d6!", random.Random(seed))
        faces = result.detail.split("(", 1)[1].split(")", 1)[0]
        if "6" in faces:
            assert result.dice_rolled > 3
            assert "!" in result.detail  # the exploded die is marked
            return
    pytest.fail("no six in 200 rolls")


@pytest.mark.parametrize(
    ("typed", "instead", "d20"),
    [("3d6!!", "3d6!", "3d6e6"), ("3d6!!>5", "3d6!>5", "3d6e>4"), ("4d6!!kh3", "4d6!", "4d6e6")],
)
def test_compounding_is_refused_with_what_to_type(typed: str, instead: str, d20: str) -> None:
    with pytest.raises(DiceError) as caught:
        parse(typed)
    message = str(caught.value)
    assert "compound" in message
    assert f"`{instead}`" in message and f"`{d20}`" in message


def test_fate_dice_do_not_explode() -> None:
    with pytest.raises(DiceError, match="Fate"):
        parse("4dF!")


def test_odds_of_a_bang_are_the_odds_of_e() -> None:
    ours, theirs = odds("3d6!"), odds("3d6e6")
    assert ours.distribution.mean == pytest.approx(theirs.distribution.mean)
    assert ours.distribution.mean == pytest.approx(3 * 4.2, rel=1e-3)  # 3.5 * 6/5 per die
    assert odds("1d6!>5").distribution.mean == pytest.approx(odds("1d6e>4").distribution.mean)


def test_odds_refuse_compounding_too() -> None:
    with pytest.raises(DiceError, match="compound"):
        odds("3d6!!")


def test_a_bang_that_explodes_every_face_is_refused() -> None:
    with pytest.raises(DiceError):
        roll("1d6!>1", random.Random(0))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789d%!<>=+-()kh,F #", max_size=30))
def test_every_bang_shaped_input_rolls_or_raises_rule_error(text: str) -> None:
    with contextlib.suppress(RuleError):
        result = roll(text, random.Random(7))
        assert isinstance(result.total, int)
    with contextlib.suppress(RuleError):
        odds(text)
