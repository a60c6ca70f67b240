"""Mission rolls (both D3 of a D33 shown, or the D6) and the fuzzy look-ups of missions and rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.boarding_actions.content import load_missions_strict
from rules.boarding_actions.missions import MissionKind
from rules.boarding_actions.rolls import roll_mission, roll_value
from rules.boarding_actions.topics import load_rules
from rules.errors import NotFoundError, RuleError

LIBRARY = load_missions_strict()
RULES = load_rules()


@given(st.integers(0, 2**32))
def test_a_d33_shows_both_d3_read_as_tens_and_units(seed: int) -> None:
    rolled = roll_mission("symmetric", random.Random(seed), library=LIBRARY)
    tens, units = rolled.dice
    assert 1 <= tens <= 3 and 1 <= units <= 3
    assert rolled.value == 10 * tens + units == rolled.mission.roll
    assert rolled.mission.kind is MissionKind.SYMMETRIC
    assert rolled.text == f"D33: {tens} then {units} = {rolled.value}, {rolled.mission.name}"


@given(st.integers(0, 2**32))
def test_a_d6_shows_its_die(seed: int) -> None:
    rolled = roll_mission(MissionKind.ASYMMETRIC, random.Random(seed), library=LIBRARY)
    assert rolled.dice == (rolled.value,) and 1 <= rolled.value <= 6
    assert rolled.mission.roll == rolled.value and rolled.text == f"D6: {rolled.value}, {rolled.mission.name}"


@pytest.mark.parametrize(("kind", "count"), [("symmetric", 9), ("asymmetric", 6)])
def test_every_mission_of_a_kind_can_be_rolled(kind: str, count: int) -> None:
    rng = random.Random(11)
    seen = {roll_value(kind, rng)[1] for _ in range(500)}
    assert len(seen) == count
    assert {m.roll for m in LIBRARY.of_kind(kind)} == seen


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(RuleError, match="symmetric"):
        roll_mission("skirmish", random.Random(1))


@pytest.mark.parametrize(
    ("query", "mission_id"),
    [
        ("Deck Sweepers", "deck-sweepers"),
        ("deck sweeper", "deck-sweepers"),
        ("the-furnace", "the-furnace"),
        ("furnace", "the-furnace"),
        ("Control Center", "control-centre"),
        ("corupt machine spirit", "corrupt-the-machine-spirit"),
        ("power strugle", "power-struggle"),
        ("AJP", "access-junction-primus"),
        ("jail", "jailbreak"),
        ("21", "power-struggle"),
        ("D33 33", "rad-leak"),
        ("d6: 3", "strongrooms"),
        ("4", "jailbreak"),
    ],
)
def test_mission_look_up(query: str, mission_id: str) -> None:
    assert LIBRARY.lookup(query).id == mission_id


@pytest.mark.parametrize("query", ["power", "pipe dream", "qqqq"])
def test_unsure_mission_names_get_suggestions(query: str) -> None:
    with pytest.raises(NotFoundError, match="No Boarding Actions mission"):
        LIBRARY.lookup(query)


def test_did_you_mean_offers_the_close_missions() -> None:
    with pytest.raises(NotFoundError, match="Did you mean Power Struggle, Power the Generators"):
        LIBRARY.lookup("power")
    assert LIBRARY.suggest("dark death")[0] == "death-in-the-dark"


@pytest.mark.parametrize("query", ["Rock Besieged", "narrative missions", "Dark Depths", "multiplayer"])
def test_named_only_families_say_they_are_not_included(query: str) -> None:
    with pytest.raises(NotFoundError, match="Not included in Herald"):
        LIBRARY.lookup(query)


def test_a_roll_no_die_shows_is_refused() -> None:
    with pytest.raises(NotFoundError, match="11-13, 21-23 or 31-33"):
        LIBRARY.lookup("D33 14")


def test_mission_autocomplete() -> None:
    assert len(LIBRARY.choices("")) == 15
    assert LIBRARY.choices("")[0] == ("11 Access Junction Primus (symmetric)", "access-junction-primus")
    assert [v for _, v in LIBRARY.choices("pow")] == ["power-struggle", "power-the-generators"]
    assert [v for _, v in LIBRARY.choices("32")] == ["the-furnace"]
    assert LIBRARY.choices("zzzz") == []


@pytest.mark.parametrize(
    ("query", "topic_id"),
    [
        ("overwatch", "set-overwatch"),
        ("set to defend", "set-to-defend"),
        ("hatchway", "walls-and-hatchways"),
        ("operating hatchways", "operating-hatchways"),
        ("engagement range", "engagement-range"),
        ("deepstrike", "deep-strike"),
        ("fly", "flying"),
        ("line of sight", "visibility"),
        ("cover", "benefit-of-cover"),
        ("leader", "leaders"),
        ("counter offensive", "counter-offensive"),
        ("CP", "stratagems"),
        ("trademark weapon", "trademark-weapon"),
        ("500 points", "boarding-patrol"),
        ("boarding squads", "boarding-squads"),
        ("reserves", "strategic-reserves"),
        ("gallowdark", "gallowdark-terrain"),
        ("battle ready", "victory"),
        ("d33", "mission-rolls"),
        ("rock besieged", "mission-families"),
        ("lights out", "mission-lights-out"),
        ("turn on the burners", "mission-turn-on-the-burners"),
        ("cut off the head", "mission-cut-off-the-head"),
    ],
)
def test_rules_look_up(query: str, topic_id: str) -> None:
    assert RULES.lookup(query).id == topic_id


def test_a_mission_rule_says_which_missions_use_it() -> None:
    topic = RULES.lookup("Rapid Offence")
    assert topic.missions == ["pull-their-teeth", "strongrooms", "jailbreak"]
    assert "Pull Their Teeth, Strongrooms, Jailbreak" in topic.body
    head = RULES.lookup("Cut Off the Head")
    assert "15 VP" in head.body and "10 VP" in head.body  # Rad Leak differs, so per mission


def test_unknown_rules_get_did_you_mean() -> None:
    with pytest.raises(NotFoundError, match="Did you mean Secure Site"):
        RULES.lookup("secure")
    assert RULES.suggest("overwatc")[0] == "set-overwatch"
    assert {v for _, v in RULES.choices("strat")[:2]} == {"stratagems", "strategic-reserves"}
