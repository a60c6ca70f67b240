"""Playing cards: items to the used pile, sacrifices, expending, heroic feats, abilities and their rest."""

from __future__ import annotations

import pytest

from rules.boss_fight import (
    Attack,
    GameSettings,
    HeroicFeat,
    IllegalAction,
    Sacrifice,
    SetDefence,
    UseAbility,
    UseItem,
    apply,
    legal_actions,
)
from rules.boss_fight.content import Status
from rules.boss_fight.views import preview_attack
from tests.rules.boss_fight.helpers import H, ScriptedRandom, arena, hand_of, placed, put

RNG = ScriptedRandom(default=1)


def game(heroes=("mira_the_warden", "orrin_the_sage"), settings=None):
    s = arena(heroes=heroes, settings=settings)
    return placed(s, "E5", ["A10", "J10"][: len(heroes)])


def test_an_item_goes_to_the_used_pile_and_a_sacrifice_to_the_discard_pile():
    s = hand_of(game(), "mira_vale", ["bandage", "walk", "run", "basic_attack"])
    s.active, s.actions_left = "mira_vale", 2
    s.character("mira_vale").health = 5
    r = apply(s, UseItem(card="bandage"), RNG)
    mira = r.state.character("mira_vale")
    assert mira.piles.used == ["bandage"] and mira.health == 7
    r = apply(r.state, Sacrifice(card="walk"), RNG)
    assert r.state.character("mira_vale").piles.discard == ["walk"]


def test_healing_stops_at_the_built_health():
    s = hand_of(game(), "mira_vale", ["bandage", "walk", "run", "basic_attack"])
    s.active, s.actions_left = "mira_vale", 2
    s.character("mira_vale").health = 11
    assert apply(s, UseItem(card="bandage"), RNG).state.character("mira_vale").health == 12


def test_a_heroic_feat_expends_discarded_cards_and_is_not_an_action():
    s = game()
    s.active, s.actions_left = "mira_vale", 2
    mira = s.character("mira_vale")
    assert mira.feat_cost == 3
    mira.piles.discard = [mira.piles.deck.pop() for _ in range(2)]
    assert not any(a.kind == "heroic_feat" for a in legal_actions(s))
    with pytest.raises(IllegalAction, match=r"expends 3 card.*has 2 there"):
        apply(s, HeroicFeat(), RNG)
    mira.piles.discard.append(mira.piles.deck.pop())
    mira.health = 3
    r = apply(s, HeroicFeat(), RNG)
    after = r.state.character("mira_vale")
    assert after.health == 7 and len(after.piles.expended) == 3 and after.piles.discard == []
    assert r.state.actions_left == 2, "a feat is not an action"
    with pytest.raises(IllegalAction, match=r"expends 3 card.*has 0 there"):
        apply(r.state, HeroicFeat(), RNG)  # the cost is the seed's only limit


def test_a_hero_may_perform_as_many_feats_a_turn_as_it_can_pay_for():
    # The seed limits a heroic feat by its cost alone: with 6 cards discarded, Mira (cost 3) can
    # perform hers twice in one turn. A table may still cap them with feats_per_turn.
    s = game()
    s.active, s.actions_left = "mira_vale", 2
    mira = s.character("mira_vale")
    mira.piles.discard = [mira.piles.deck.pop() for _ in range(6)]
    mira.health = 1
    s = apply(apply(s, HeroicFeat(), RNG).state, HeroicFeat(), RNG).state
    mira = s.character("mira_vale")
    assert len(mira.piles.expended) == 6 and mira.health == 9
    capped = game(settings=GameSettings(feats_per_turn=1))
    capped.active, capped.actions_left = "mira_vale", 2
    mira = capped.character("mira_vale")
    mira.piles.discard = [mira.piles.deck.pop() for _ in range(6)]
    once = apply(capped, HeroicFeat(), RNG).state
    assert not any(a.kind == "heroic_feat" for a in legal_actions(once))
    with pytest.raises(IllegalAction, match="1 heroic feat"):
        apply(once, HeroicFeat(), RNG)


def test_a_usable_ability_rests_for_the_rest_of_the_round_and_the_next():
    s = game()
    s.active, s.actions_left = "orrin_the_sage", 2
    orrin = s.character("orrin_the_sage")
    tile = orrin.tiles()[0]
    s = apply(s, UseAbility(ability="mend", target=tile), RNG).state
    assert s.character("orrin_the_sage").ability_used_round == {"mend": 1}
    with pytest.raises(IllegalAction, match="ready again in round 3"):
        apply(s, UseAbility(ability="mend", target=tile), RNG)
    s.round = 2
    with pytest.raises(IllegalAction, match="ready again in round 3"):
        apply(s, UseAbility(ability="mend", target=tile), RNG)
    s.round = 3
    assert apply(s, UseAbility(ability="mend", target=tile), RNG).state.actions_left == 2


def test_an_ability_that_takes_an_action_costs_a_sacrificed_card():
    s = hand_of(game(), "orrin_the_sage", ["walk", "run", "basic_attack", "bandage"])
    s.active, s.actions_left = "orrin_the_sage", 2
    s = put(s, "orrin_the_sage", "A1")
    with pytest.raises(IllegalAction, match="name a card from the hand to sacrifice"):
        apply(s, UseAbility(ability="blink", target=H("A3")), RNG)
    r = apply(s, UseAbility(ability="blink", target=H("A3"), sacrifice="run"), RNG)
    orrin = r.state.character("orrin_the_sage")
    assert orrin.tiles() == [H("A3")] and "run" in orrin.piles.discard and r.state.actions_left == 1
    with pytest.raises(IllegalAction, match="does not take an action"):
        apply(s, UseAbility(ability="mend", target=H("A1"), sacrifice="walk"), RNG)


def test_an_ability_with_an_expend_cost_needs_the_cards():
    s = arena(boss="the_gazer", heroes=("orrin_the_sage",), width=14, height=14)
    s = placed(s, "G7", ["A14"])
    s = put(s, "orrin_the_sage", "G10")
    s.active, s.actions_left = "boss", 3
    mira_tile = s.character("orrin_the_sage").tiles()[0]
    with pytest.raises(IllegalAction, match="expends 2 card"):
        apply(s, UseAbility(ability="hypnotic_gaze", target=mira_tile), RNG)
    boss = s.boss
    boss.piles.discard = [boss.piles.deck.pop() for _ in range(3)]
    r = apply(s, UseAbility(ability="hypnotic_gaze", target=mira_tile), RNG)
    assert len(r.state.boss.piles.expended) == 2 and len(r.state.boss.piles.discard) == 1
    assert r.state.character("orrin_the_sage").has(Status.STUNNED)


def test_defenders_may_choose_not_to_roll_when_the_game_allows_it():
    s = game(heroes=("mira_the_warden",))
    with pytest.raises(IllegalAction, match="always rolls"):
        apply(s, SetDefence(character="mira_vale", roll=False), RNG)
    s = game(heroes=("mira_the_warden",), settings=GameSettings(defenders_choose=True))
    s = apply(s, SetDefence(character="mira_vale", roll=False), RNG).state
    s = put(s, "mira_vale", "E7")
    s.active, s.actions_left = "boss", 3
    s = hand_of(s, "boss", ["basic_attack", "walk", "walk", "walk"])
    preview = preview_attack(s, "boss", "basic_attack", "bone_club", H("E7"))[0]
    assert preview.miss_chance == 0 and preview.expected == preview.no_roll
    r = apply(s, Attack(card="basic_attack", equipment="bone_club", target=H("E7")), ScriptedRandom([]))
    assert r.rolls == [] and any("does not roll" in line for line in [str(x) for x in r.log])


def test_the_preview_lists_every_roll():
    s = game(heroes=("mira_the_warden",))
    s = put(s, "mira_vale", "E7")
    s.active, s.actions_left = "boss", 3
    s = hand_of(s, "boss", ["basic_attack", "walk", "walk", "walk"])
    p = preview_attack(s, "boss", "basic_attack", "bone_club", H("E7"))[0]
    assert p.by_roll[6] == 0 and p.miss_chance == pytest.approx(1 / 6)
    assert p.expected == pytest.approx(sum(p.by_roll.values()) / 6)
