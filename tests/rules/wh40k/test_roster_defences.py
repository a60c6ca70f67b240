"""Defences as real exports write them (issue 39), in New Recruit's JSON and BattleScribe's XML
shapes: each case worked by hand, each read wrong before."""

from __future__ import annotations

from typing import Any

import pytest

from rules.wh40k import parse_target, parse_weapon
from rules.wh40k.attack import distribution
from rules.wh40k.profiles import Edition
from rules.wh40k.roster import RosterUnit, parse_roster
from tests import rosters

SHAPES = ["json", "ros"]


def read(unit: dict[str, Any], shape: str) -> RosterUnit:
    tree = rosters.roster_tree([unit])
    data = rosters.as_json(tree) if shape == "json" else rosters.as_ros(tree)
    roster = parse_roster(data, f"list.{shape}")
    assert not roster.problems, roster.problems
    return roster.units[0]


def kills(weapon: str, unit: RosterUnit, edition: Edition = Edition.TENTH) -> float:
    return distribution(parse_weapon(weapon), parse_target(unit.target_line()), edition=edition).slain.mean


TORRENT = "A1 S8 AP-6 D1 x12, torrent"
"""12 hits of S8 AP-6 (issue 39's own example)."""


@pytest.mark.parametrize("shape", SHAPES)
def test_a_core_feel_no_pain_rule_is_applied(shape: str) -> None:
    pox = read(rosters.poxwalkers(), shape)
    assert pox.target_line() == "T4 Sv7+ W1 x10 fnp5+ infantry"
    assert pox.options == ()
    # 12 hits wound on 2+ (S8 v T4): 10 wounds, each kept on 5+ (1/3): 6.67 lost of 10 models
    assert kills(TORRENT, pox) == pytest.approx(6.67, abs=0.05)
    assert any("Feel No Pain 5+: fnp5+ applied to every model" in r for r in pox.read)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_model_carrying_the_core_rule_has_it(shape: str) -> None:
    assert read(rosters.shard(), shape).target_line() == "T11 Sv4+ W12 inv4+ fnp5+ monster"


@pytest.mark.parametrize("shape", SHAPES)
def test_an_fnp_against_psychic_and_mortal_wounds_is_not_used_against_bolters(shape: str) -> None:
    prosecutors = read(rosters.prosecutors(), shape)
    assert prosecutors.target_line() == "T3 Sv2+ W1 x10 fnp3+ vs psychic/mortal infantry"
    # 12 x 5/6 = 10 wounds, no save: 9.5 of 10 slain (3.3 when the FNP was used against them)
    assert kills(TORRENT, prosecutors) == pytest.approx(9.5, abs=0.05)
    assert kills(TORRENT + ", psychic", prosecutors) < 4


@pytest.mark.parametrize("shape", SHAPES)
def test_a_ranged_only_invulnerable_save_and_a_whilst_condition(shape: str) -> None:
    wall = read(rosters.shield_wall(), shape)
    assert wall.target_line() == "T4 Sv3+ W2 x5 inv4+ vs ranged infantry"
    assert [(o.key, o.effect) for o in wall.options] == [("steadfast", "fnp6+")]
    target = parse_target(wall.target_line())
    # AP-3 on Sv3+: 6+ armour; shots meet the 4+ invulnerable save, blows in melee do not
    shots = distribution(parse_weapon("A1 BS2+ S8 AP-3 D 2, torrent"), target)
    blows = distribution(parse_weapon("A1 WS2+ S8 AP-3 D 2, melee, torrent"), target)
    assert shots.mean_unsaved == pytest.approx(5 / 6 * 1 / 2)
    assert blows.mean_unsaved == pytest.approx(5 / 6 * 5 / 6)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_medipack_protects_the_bearers_whole_unit(shape: str) -> None:
    squad = read(rosters.medic_squad(), shape)
    assert squad.target_line() == "T3 Sv5+ W1 x5 fnp6+ infantry"
    assert squad.options == ()
    assert any("to the whole unit while its bearer lives" in r for r in squad.read)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_unit_of_t4_and_t5_models_is_wounded_against_t5(shape: str) -> None:
    team = read(rosters.mixed_toughness(), shape)
    target = parse_target(team.target_line())
    assert target.toughness == 5
    # 20 S4 hits: on 5+ against T5, 6.67 wound (10.0 against the majority's T4)
    odds = distribution(parse_weapon("A1 S4 AP0 D1 x20, torrent"), target)
    assert odds.mean_wounding == pytest.approx(20 / 3)
    assert any("Toughness is 5: the highest among its models" in n for n in odds.notes)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_kill_team_unit_uses_the_majoritys_toughness(shape: str) -> None:
    team = read(rosters.mixed_toughness(kill_team=True), shape)
    assert "toughness:majority" in team.target_line()
    target = parse_target(team.target_line())
    assert target.toughness == 4
    odds = distribution(parse_weapon("A1 S4 AP0 D1 x20, torrent"), target)
    assert odds.mean_wounding == pytest.approx(10.0)
    assert any("majority's, ties to the highest" in n for n in odds.notes)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_stepped_fnp_applies_its_first_step_and_offers_the_second(shape: str) -> None:
    tyrant = read(rosters.tyrant_biology(), shape)
    assert tyrant.target_line() == "T10 Sv2+ W10 fnp5+ monster character"
    assert [(o.key, o.effect) for o in tyrant.options] == [("adaptive biology", "fnp4+")]
    assert tyrant.target_line(("adaptive biology",)) == "T10 Sv2+ W10 fnp4+ monster character"


@pytest.mark.parametrize("shape", SHAPES)
def test_a_leader_list_in_markup_is_read(shape: str) -> None:
    assert read(rosters.geomancer(), shape).leads == ("Canoptek Macrocytes", "Necron Warriors")


@pytest.mark.parametrize("shape", SHAPES)
def test_excluded_models_do_not_get_the_defence(shape: str) -> None:
    pack = read(rosters.hunter_pack(), shape)
    groups = {g.name: g.feel_no_pain for g in pack.model_groups}
    assert groups == {"Hunter": 5, "Cyber-mastiff": None}
    assert any("every model but Cyber-mastiff" in r for r in pack.read)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_save_for_daemon_models_lands_on_them_only(shape: str) -> None:
    engine = rosters.model("Daemon Engine", 1, rosters.unit_profile("Daemon Engine", 9, "3+", 10))
    engine["categories"] = [{"name": "Daemon"}, {"name": "Vehicle"}]
    crew = rosters.model("Cultist", 4, rosters.unit_profile("Cultist", 3, "6+", 1))
    crew["categories"] = [{"name": "Infantry"}]
    node = rosters.unit(
        "Warp Host",
        crew,
        engine,
        profiles=[rosters.ability("Warp Shield", "DAEMON models in this unit have a 5+ invulnerable save.")],
    )
    host = read(node, shape)
    assert {g.name: g.invulnerable for g in host.model_groups} == {"Cultist": None, "Daemon Engine": 5}
    assert any("Warp Shield: inv5+ to its DAEMON models" in r for r in host.read)


@pytest.mark.parametrize("shape", SHAPES)
def test_a_core_rule_carried_for_another_unit_is_not_applied(shape: str) -> None:
    """A unit whose export carries the core Feel No Pain rule only because its ability gives it to
    another unit (a Canoptek Reanimator's beam) keeps none itself, and the import says so."""
    node = rosters.unit(
        "Beam Walker",
        profiles=[
            rosters.unit_profile("Beam Walker", 6, "3+", 5),
            rosters.ability(
                "Mending Beam",
                "In your Command phase, select one friendly Infantry unit within 6 inches of this model. "
                "Until the start of your next Command phase, models in that unit have the Feel No Pain 4+ "
                "ability.",
            ),
        ],
        rules=[{"name": "Feel No Pain 4+", "description": rosters.CORE_FNP_TEXT}],
        categories=("Vehicle",),
        kind="model",
    )
    walker = read(node, shape)
    assert walker.target_line() == "T6 Sv3+ W5 vehicle"
    assert any("there for what Mending Beam gives another unit" in r for r in walker.read)
    # the core rule of a unit that has it itself is still its own
    assert read(rosters.poxwalkers(), shape).target_line() == "T4 Sv7+ W1 x10 fnp5+ infantry"
