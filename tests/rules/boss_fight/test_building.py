"""Building bosses and heroes: stats from zero, size, legs, slots, requirements, decks, points, party."""

from __future__ import annotations

import random

import pytest

from rules.boss_fight import BuildError, GameSettings, build_boss, build_hero, legal_actions, new_game
from rules.boss_fight.content import BossBuild, HeroBuild
from rules.boss_fight.engine import move_allowance
from rules.errors import NotFoundError
from tests.rules.boss_fight.helpers import CATALOG, arena, hand_of, placed

HERO_DECK = {"walk": 4, "run": 3, "sprint": 3, "basic_attack": 6, "heavy_attack": 3, "special_attack": 2,
             "power_strike": 3, "healing_draught": 2, "bandage": 2, "antidote": 2}
BOSS_DECK = {"walk": 5, "run": 3, "lumber": 3, "basic_attack": 6, "heavy_attack": 3, "special_attack": 2,
             "crushing_blow": 3, "frenzy": 3, "devour": 2}


def boss(pieces, equipment=(), abilities=(), deck=None):
    return BossBuild(name="Test Boss", pieces=list(pieces), equipment=list(equipment),
                     abilities=list(abilities), deck=deck or BOSS_DECK)


def hero(name="mira", equipment=(), abilities=(), deck=None):
    return HeroBuild(hero=name, equipment=list(equipment), abilities=list(abilities), deck=deck or HERO_DECK)


def test_boss_stats_start_at_zero_and_add_up_from_the_pieces():
    pieces = ["stone_torso", "horned_skull", "clawed_arm", "spider_leg"]
    b = build_boss(CATALOG, boss(pieces))
    # torso 18/0/1/0, skull 3/2/1/0, claw 0/0/2/0, spider legs 0/0/0/2
    assert (b.stats.health, b.stats.intelligence, b.stats.strength, b.stats.agility) == (21, 2, 4, 2)
    assert b.health == 21 and b.legs == 1
    assert b.points == sum(CATALOG.pieces[p].points for p in pieces)


def test_a_stat_passive_adds_to_the_built_stats():
    t = build_hero(CATALOG, hero("tamsin", deck=HERO_DECK))
    assert t.stats.health == 10 + 2


def test_size_is_the_union_of_the_pieces_tiles():
    b = build_boss(CATALOG, boss(["stone_torso", "scorpion_tail"]))
    assert len(b.shape) == 8 and (1, 1) in b.shape  # the tail touches the torso (and the coils)


def test_a_size_of_zero_becomes_one_tile():
    b = build_boss(CATALOG, boss(["slime_core", "horned_skull"]))
    assert b.shape == [(0, 0)]


def test_a_boss_needs_health():
    with pytest.raises(BuildError, match="0 health"):
        build_boss(CATALOG, boss(["spider_leg"]))


@pytest.mark.parametrize(("legs", "walk", "run"), [(0, 0, 0), (1, 1, 2), (2, 2, 4), (3, 2, 4)])
def test_legs_set_the_movement_on_action_cards(legs, walk, run):
    pieces = ["stone_torso"] + ["pillar_leg"] * legs
    b = build_boss(CATALOG, boss(pieces))
    assert b.legs == legs
    assert (move_allowance(b, 2), move_allowance(b, 4)) == (walk, run)


def test_one_leg_makes_run_unplayable_because_of_its_minimum():
    s = arena(boss="the_gazer", heroes=("mira_the_warden",), width=14, height=14)
    s = placed(s, "G7", ["A14"])
    while s.active != "boss":
        from rules.boss_fight import Sacrifice, apply
        from tests.rules.boss_fight.helpers import ScriptedRandom

        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), ScriptedRandom(default=1)).state
    s.boss.piles.deck.append("run")  # the preset leaves Run out, since it could never play it
    s = hand_of(s, "boss", ["run", "walk", "lumber", "basic_attack"])
    assert s.boss.legs == 1
    moves = [a for a in legal_actions(s) if a.kind == "move"]
    assert {a.card for a in moves} == {"walk", "lumber"}
    from rules.boss_fight import IllegalAction, Move, apply
    from tests.rules.boss_fight.helpers import H, ScriptedRandom

    with pytest.raises(IllegalAction, match="needs at least 3"):
        apply(s, Move(card="run", to=H("G6"), pivot=H("G7")), ScriptedRandom(default=1))


def test_no_legs_no_moves():
    s = arena(heroes=("mira_the_warden",), legs=0)
    s = placed(s, "E5", ["A10"])
    s = hand_of(s, "boss", ["walk", "run", "lumber", "basic_attack"])
    s.active = "boss"
    s.actions_left = 3
    assert not any(a.kind == "move" for a in legal_actions(s))


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ({**BOSS_DECK, "walk": 4}, "has 29 cards; a deck needs exactly 30: add 1"),
        ({**BOSS_DECK, "bandage": 1}, "has 31 cards; a deck needs exactly 30: remove 1"),
        ({**BOSS_DECK, "lumber": 4, "walk": 4}, "4 Lumber: at most 3 copies"),
        ({**BOSS_DECK, "sprint": 1, "walk": 4}, "Sprint is a hero card"),
        ({**BOSS_DECK, "walk": 0, "basic_attack": 6}, "give a count of 1 or more"),
    ],
)
def test_deck_violations_say_what_to_change(deck, message):
    with pytest.raises(BuildError, match=message):
        build_boss(CATALOG, boss(["stone_torso"], deck=deck))


def test_a_hero_may_not_take_boss_cards_and_unknown_cards_are_named():
    with pytest.raises(BuildError, match="Lumber is a boss card"):
        build_hero(CATALOG, hero(deck={**HERO_DECK, "walk": 3, "lumber": 1}))
    with pytest.raises(NotFoundError, match="no 'teleport'"):
        build_hero(CATALOG, hero(deck={**HERO_DECK, "walk": 3, "teleport": 1}))


def test_hero_equipment_slots():
    with pytest.raises(BuildError, match=r"2 equipment slot.*takes 3"):
        build_hero(CATALOG, hero("kestrel", equipment=["longbow", "sling"]))
    assert len(build_hero(CATALOG, hero("kestrel", equipment=["longbow"])).equipment) == 1


def test_boss_equipment_fits_on_one_piece():
    with pytest.raises(BuildError, match="Clawed Arm has 1 free"):
        on_claw = [{"id": "spine_volley", "piece": "clawed_arm"}]
        build_boss(CATALOG, boss(["stone_torso", "clawed_arm"], equipment=on_claw))
    # Two 1-slot arms give 2 slots, but not on one piece: a 2-slot weapon does not fit.
    with pytest.raises(BuildError, match="no piece of Test Boss has that many free"):
        build_boss(CATALOG, boss(["slime_core", "clawed_arm", "tentacle_arm"], equipment=["spine_volley"]))
    ok = build_boss(CATALOG, boss(["stone_torso", "crushing_arm"], equipment=["spine_volley", "bone_club"]))
    assert [e.id for e in ok.equipment] == ["spine_volley", "bone_club"]


def test_sides_and_requirements():
    with pytest.raises(BuildError, match="hero equipment"):
        build_boss(CATALOG, boss(["stone_torso", "clawed_arm"], equipment=["longsword"]))
    with pytest.raises(BuildError, match="Mind Lash needs a head piece"):
        build_boss(CATALOG, boss(["stone_torso", "clawed_arm"], equipment=["mind_lash"]))
    with pytest.raises(BuildError, match="Warhammer needs strength 3"):
        build_hero(CATALOG, hero("kestrel", equipment=["warhammer"]))
    with pytest.raises(BuildError, match="Shield Wall needs the might constitution"):
        build_hero(CATALOG, hero("kestrel", abilities=["shield_wall"]))
    with pytest.raises(BuildError, match="boss ability"):
        build_hero(CATALOG, hero("mira", abilities=["tremor"]))


def test_points_limit_per_side():
    presets = CATALOG.hero_presets
    party = [presets[h].build for h in ("mira_the_warden", "orrin_the_sage", "brannoc_the_brawler")]
    with pytest.raises(BuildError, match=r"hero party costs 133 points .* over the limit of 130: drop 3"):
        new_game(CATALOG, boss=CATALOG.boss_presets["the_gazer"].build, heroes=party, map_id="crossroads",
                 settings=GameSettings(points_limit=130), rng=random.Random(0))
    colossus = CATALOG.boss_presets["bone_colossus"].build
    cost = build_boss(CATALOG, colossus).points
    with pytest.raises(BuildError, match=rf"boss costs {cost} points .* drop 1 point of"):
        new_game(CATALOG, boss=colossus, heroes=party[:1], map_id="crossroads",
                 settings=GameSettings(points_limit=cost - 1), rng=random.Random(0))


def test_the_recommended_limit_fits_every_preset_boss_and_three_hero_party():
    from itertools import combinations

    limit = CATALOG.recommended_points
    assert limit is not None
    for b in CATALOG.boss_presets.values():
        assert build_boss(CATALOG, b.build).points <= limit
    costs = {k: build_hero(CATALOG, h.build).points for k, h in CATALOG.hero_presets.items()}
    fitting = [trio for trio in combinations(costs, 3) if sum(costs[h] for h in trio) <= limit]
    assert len(fitting) >= 10


def test_party_limits():
    many = [HeroBuild(hero="mira", name=f"Mira {i}", deck=HERO_DECK) for i in range(9)]
    with pytest.raises(BuildError, match="at most 8 heroes"):
        new_game(CATALOG, boss=CATALOG.boss_presets["bone_colossus"].build, heroes=many, map_id="crossroads",
                 rng=random.Random(0))
    twins = [HeroBuild(hero="mira", deck=HERO_DECK)] * 2
    with pytest.raises(BuildError, match="share a name"):
        new_game(CATALOG, boss=CATALOG.boss_presets["bone_colossus"].build, heroes=twins, map_id="crossroads",
                 rng=random.Random(0))


def test_one_leg_halves_a_move_rounding_up():
    # The seed halves a one-legged boss's movement without saying how to round; its one stated
    # halving (damage) rounds up, so this does too: Lumber's 3 gives 2, a 1-tile move still moves.
    one = build_boss(CATALOG, boss(["stone_torso", "pillar_leg"]))
    none = build_boss(CATALOG, boss(["stone_torso"]))
    assert one.legs == 1
    assert [move_allowance(one, n) for n in (1, 2, 3, 4, 5)] == [1, 1, 2, 2, 3]
    assert [move_allowance(none, n) for n in (1, 3)] == [0, 0]
