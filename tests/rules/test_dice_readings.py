"""Reading other bots' habits (issue 25): Dice Maiden's keep/drop and saved names inside a roll."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.dice import DiceError, expand_saved, parse, roll


@pytest.mark.parametrize(
    ("typed", "canonical", "note"),
    [
        ("4d6k3", "4d6kh3", "keep the highest 3"),
        ("4D6 K3", "4d6kh3", "keep the highest 3"),
        ("4d6d1", "4d6pl1", "drop the lowest 1"),
        ("4d6dl1", "4d6pl1", "drop the lowest 1"),
        ("4d6dh1", "4d6ph1", "drop the highest 1"),
        ("4d6rr1d1+2", "4d6rr1pl1+2", "drop the lowest 1"),
        ("(1d6,2d4)k1", "(1d6,2d4)kh1", "keep the highest 1"),
        ("6 4d6k3 # stats", "4d6kh3", "keep the highest 3"),
    ],
)
def test_dice_maiden_keep_and_drop(typed: str, canonical: str, note: str) -> None:
    spec = parse(typed)
    assert spec.canonical == canonical
    assert any(note in str(n) for n in spec.notes)


def test_a_spaced_drop_is_offered_as_dice_maidens_drop() -> None:
    with pytest.raises(DiceError, match=r"Did you mean `4d6d1` \(drop the lowest 1\) or `4d6\+d1`"):
        parse("4d6 d1")


@pytest.mark.parametrize("typed", ["4d6kh3", "6d6k>4", "2d6+d4", "4d6pl1", "d20"])
def test_d20_forms_are_not_reread(typed: str) -> None:
    assert parse(typed).canonical == typed and not parse(typed).notes


@settings(max_examples=100, deadline=None)
@given(n=st.integers(1, 30), k=st.integers(0, 30), seed=st.integers(0, 10_000))
def test_k_keeps_the_highest_dice(n: int, k: int, seed: int) -> None:
    ours = roll(f"{n}d6k{k}", random.Random(seed))
    same = roll(f"{n}d6kh{k}", random.Random(seed))
    assert ours.total == same.total and ours.detail == same.detail


SAVED = {"fireball": "8d6", "heal": "2d4+2 # healing", "bolters": "10d6 4+", "stats": "6 4d6kh3"}


@pytest.mark.parametrize(
    ("typed", "expanded", "name"),
    [
        ("fireball", "8d6", "fireball"),
        ("Fireball+5", "8d6+5", "fireball"),
        ("fireball + 5", "8d6 + 5", "fireball"),
        ("3 fireball", "3 8d6", "fireball"),
        ("2*heal", "2*(2d4+2) # healing", "heal"),
        ("heal # mine", "2d4+2 # mine", "heal"),
        ("fireball 5+", "8d6 5+", "fireball"),
        ("3 bolters", "3 10d6 4+", "bolters"),
        ("fireball+heal", "8d6+(2d4+2)", None),
        ("2d6+3", "2d6+3", None),
        ("fireball2+1", "fireball2+1", None),
    ],
)
def test_saved_names_expand(typed: str, expanded: str, name: str | None) -> None:
    assert expand_saved(typed, SAVED) == (expanded, name)


@pytest.mark.parametrize(
    ("typed", "needle"),
    [("bolters+1", "can't be part of a bigger roll"), ("2 stats", "already 6 rolls")],
)
def test_saved_names_that_cannot_combine_are_refused(typed: str, needle: str) -> None:
    with pytest.raises(DiceError, match=needle):
        expand_saved(typed, SAVED)


PIECES = ["fireball", "heal", "bolters", "stats", "3", " ", "+", "*", "2d6", "4+", "#", "adv", "(", ")", "k3"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=8))
def test_any_text_with_saved_names_expands_or_says_why(pieces: list[str]) -> None:
    text = "".join(pieces)
    try:
        expanded, _ = expand_saved(text, SAVED)
        parse(expanded)
    except DiceError:
        return


@pytest.mark.parametrize(
    ("typed", "canonical", "repeat"),
    [
        ("2W6", "2d6", 1),
        ("W20+3", "d20+3", 1),
        ("3w6 4+", "3d6>=4", 1),
        ("6 4W6kh3", "4d6kh3", 6),
        ("W%", "d%", 1),
        ("1W20 adv", "2d20kh1", 1),
        ("10wh4+", "10d6>=4", 1),  # Warhammer's notation is not a German die
        ("2d6 [2W6 Wut]", "2d6[2W6 Wut]", 1),  # an annotation keeps what was typed
    ],
)
def test_a_german_w_is_a_die(typed: str, canonical: str, repeat: int) -> None:
    spec = parse(typed)
    assert (spec.canonical, spec.repeat) == (canonical, repeat)


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("3W6!", "3d6e6"),  # Roll20's explosion glued to a German die, as to 3d6!
        ("3w6!>5", "3d6e>4"),
        ("W6!", "d6e6"),
    ],
)
def test_a_german_die_explodes_as_its_d_twin(typed: str, canonical: str) -> None:
    spec = parse(typed)
    assert (spec.canonical, spec.comment) == (canonical, None)


@pytest.mark.parametrize("typed", ["2d6w2", "d6w6", "1d20w4"])
def test_a_w_glued_to_a_die_is_not_read_as_a_german_die(typed: str) -> None:
    # '2d6w2' is a typo: read as 2d6d2 it would silently drop both dice.
    with pytest.raises(DiceError):
        parse(typed)
