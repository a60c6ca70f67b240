"""Rounds and turns: initiative, draws, reshuffles, action counts, the boss's attack cap, death, the end."""

from __future__ import annotations

import pytest

from rules.boss_fight import (
    Attack,
    GameSettings,
    IllegalAction,
    Move,
    Sacrifice,
    UseAbility,
    UseItem,
    Withdraw,
    apply,
    initiative,
    legal_actions,
)
from rules.boss_fight.content import Stat
from rules.boss_fight.engine import _Ctx, draw, health_shares
from rules.boss_fight.narration import turn_prompt
from rules.boss_fight.state import Outcome, Phase
from rules.errors import RuleError
from tests.rules.boss_fight.helpers import CATALOG, H, ScriptedRandom, arena, hand_of, placed, put

PARTY = ("mira_the_warden", "kestrel_the_archer")


def game(**kw):
    s = arena(heroes=kw.pop("heroes", PARTY), **kw)
    return placed(s, "E5", ["A10", "J10"][: len(s.heroes)])


def skip_to(s, who, rng):
    """Sacrifice cards until it is ``who``'s turn."""
    while s.active != who:
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    return s


def test_initiative_highest_agility_first_heroes_win_ties():
    s = game()
    # Kestrel 5, Mira 2, the Colossus 2: the tie goes to the hero.
    assert s.order == ["kestrel", "mira_vale", "boss"]
    assert s.active == "kestrel"


def test_initiative_is_recomputed_every_round():
    s = game()
    rng = ScriptedRandom(default=1)
    s.boss.stats = s.boss.stats.model_copy(update={"agility": 9})  # some card raised it during the round
    assert s.order[0] == "kestrel"
    s = skip_to(s, "boss", rng)
    for _ in range(3):
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert s.round == 2
    assert s.order == ["boss", "kestrel", "mira_vale"]


def test_a_round_s_agility_change_sets_the_next_order_and_then_ends():
    # The seed compares the current agility at the start of each round: a change made during
    # round 1 is still on when round 2's order is rolled, and ends with it.
    s = game()
    from rules.boss_fight.state import StatMod

    s.character("mira_vale").mods.append(StatMod(stat=Stat.AGILITY, amount=5, source="test"))
    assert initiative(s)[0] == "mira_vale"
    rng = ScriptedRandom(default=1)
    s = skip_to(s, "boss", rng)
    for _ in range(3):
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert s.round == 2 and s.order[0] == "mira_vale"
    assert s.character("mira_vale").mods == []
    s = skip_to(s, "boss", rng)
    while s.round == 2:
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert s.order[0] == "kestrel", "round 3 is back to the built agility"


def test_a_minus_4_agility_change_puts_the_hero_after_the_boss_next_round():
    # Terrifying Roar twice: Kestrel (agility 5) loses 4 and has 1, below the Colossus's 2.
    s = arena(heroes=PARTY, shape=[(0, 0)])
    s = placed(s, "E5", ["A10", "J10"])
    assert s.order == ["kestrel", "mira_vale", "boss"]
    s = put(s, "kestrel", "E7")  # within 2 of the boss
    rng = ScriptedRandom(default=1)
    s = skip_to(s, "boss", rng)
    s.cards["terrifying_roar"] = CATALOG.actions["terrifying_roar"]  # not in the Colossus's deck
    s.boss.piles.deck += ["terrifying_roar"] * 2
    s = hand_of(s, "boss", ["terrifying_roar", "terrifying_roar", "walk"])
    for _ in range(2):
        s = apply(s, UseItem(card="terrifying_roar"), rng).state
    assert s.character("kestrel").current(Stat.AGILITY) == 1
    s = apply(s, Sacrifice(card="walk"), rng).state
    assert s.round == 2
    assert s.order == ["mira_vale", "boss", "kestrel"], "Mira and the boss tie at 2: the hero first"
    assert s.character("kestrel").current(Stat.AGILITY) == 5


def test_dead_characters_have_no_place_in_the_order():
    s = game()
    s.character("kestrel").dead = True
    assert initiative(s) == ["mira_vale", "boss"]


def test_draws_four_then_two_per_hero_and_three_for_the_boss():
    s = game()
    assert [len(c.piles.hand) for c in s.characters] == [4, 4, 4]
    assert [len(c.piles.deck) for c in s.characters] == [26, 26, 26]
    rng = ScriptedRandom(default=1)
    s = skip_to(s, "boss", rng)  # Kestrel and Mira each sacrificed 2
    for _ in range(3):
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert s.round == 2
    assert [len(c.piles.hand) for c in s.characters] == [1 + 3, 2 + 2, 2 + 2]


def test_the_dead_draw_nothing():
    s = game()
    rng = ScriptedRandom(default=1)
    s = skip_to(s, "boss", rng)
    s.character("mira_vale").dead = True
    hand = len(s.character("mira_vale").piles.hand)
    for _ in range(3):
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert len(s.character("mira_vale").piles.hand) == hand
    assert "mira_vale" not in s.order


def test_an_empty_deck_reshuffles_the_discard_and_expended_piles():
    s = game()
    c = s.character("kestrel")
    c.piles.discard = c.piles.deck[:5]
    c.piles.expended = c.piles.deck[5:8]
    c.piles.deck = c.piles.deck[8:9]
    before = c.piles.total()
    ctx = _Ctx(s, ScriptedRandom(default=1))
    assert draw(ctx, c, 3) == 3
    assert len(c.piles.deck) == 6  # 1 drawn, then 8 reshuffled and 2 more drawn
    assert c.piles.discard == [] and c.piles.expended == []
    assert any("shuffled into a new deck" in line for line in [str(x) for x in ctx.log])
    # The cards never in play stay out: only 9 cards were in the deck, discard and expended piles.
    assert len(c.piles.hand) == 4 + 3
    assert c.piles.total() == before


def test_a_deck_with_nothing_to_reshuffle_stops_drawing():
    s = game()
    c = s.character("kestrel")
    c.piles.used, c.piles.deck = c.piles.deck, []
    assert draw(_Ctx(s, ScriptedRandom(default=1)), c, 2) == 0


def test_heroes_use_exactly_two_actions_and_the_boss_three():
    s = game()
    rng = ScriptedRandom(default=1)
    assert (s.active, s.actions_left) == ("kestrel", 2)
    s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert (s.active, s.actions_left) == ("kestrel", 1)
    s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert (s.active, s.actions_left) == ("mira_vale", 2)
    s = skip_to(s, "boss", rng)
    assert s.actions_left == 3
    for left in (2, 1):
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
        assert (s.active, s.actions_left) == ("boss", left)


def test_the_boss_makes_at_most_two_attacks():
    s = game(heroes=("mira_the_warden",))
    rng = ScriptedRandom(default=1)
    s = put(s, "mira_vale", "E7")  # next to the Colossus (E5 and its ring)
    s = skip_to(s, "boss", rng)
    s = hand_of(s, "boss", ["basic_attack", "basic_attack", "basic_attack", "walk"])
    s.character("mira_vale").health = 99
    s.character("mira_vale").stats = s.character("mira_vale").stats.model_copy(update={"health": 99})
    for _ in range(2):
        s = apply(s, Attack(card="basic_attack", equipment="bone_club", target=H("E7")), rng).state
    assert s.attacks_made == 2 and s.actions_left == 1
    assert not any(a.kind == "attack" for a in legal_actions(s))
    with pytest.raises(IllegalAction, match="2 attacks this turn"):
        apply(s, Attack(card="basic_attack", equipment="bone_club", target=H("E7")), rng)
    s = apply(s, Sacrifice(card="basic_attack"), rng).state
    assert s.active == "mira_vale"


def test_a_turn_with_an_empty_hand_ends_and_loses_its_actions():
    s = game()
    s.character("mira_vale").piles.discard += s.character("mira_vale").piles.hand
    s.character("mira_vale").piles.hand = []
    rng = ScriptedRandom(default=1)
    assert s.active == "kestrel"  # Mira, with nothing in hand, comes next
    s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    r = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng)
    assert r.state.active == "boss"
    assert any("no card to play" in line for line in [str(x) for x in r.log])


def test_the_free_walk_setting():
    s = game(settings=GameSettings(free_walk=True))
    assert any(a.kind == "move" and a.card is None for a in legal_actions(s))
    off = game()
    assert not any(a.kind == "move" and a.card is None for a in legal_actions(off))
    with pytest.raises(IllegalAction, match="free walk"):
        apply(off, Move(card=None, to=H("I9")), ScriptedRandom(default=1))


def test_a_hero_at_zero_health_dies_leaves_a_token_and_the_boss_wins_when_all_fall():
    s = game(heroes=("mira_the_warden",))
    rng = ScriptedRandom([1], default=1)  # Mira's defence roll
    s = put(s, "mira_vale", "E7")
    s = skip_to(s, "boss", rng)
    s = hand_of(s, "boss", ["heavy_attack", "walk", "walk", "walk"])
    s.character("mira_vale").health = 1
    r = apply(s, Attack(card="heavy_attack", equipment="bone_club", target=H("E7")), rng)
    s = r.state
    mira = s.character("mira_vale")
    assert mira.dead and mira.health <= 0 and mira.tiles() == []
    assert [(t.token, t.tile.label()) for t in s.tokens] == [("death", "E7")]
    assert s.is_over() and s.outcome is Outcome.BOSS and s.phase is Phase.OVER
    assert legal_actions(s) == []
    with pytest.raises(RuleError, match="over"):
        apply(s, Sacrifice(card="walk"), rng)


def test_the_heroes_win_when_the_boss_falls():
    s = game(heroes=("mira_the_warden",))
    rng = ScriptedRandom([1], default=1)
    s = put(s, "mira_vale", "E7")
    s = skip_to(s, "mira_vale", rng)
    s = hand_of(s, "mira_vale", ["heavy_attack", "walk", "walk", "walk"])
    s.boss.health = 1
    s = apply(s, Attack(card="heavy_attack", equipment="longsword", target=H("E6")), rng).state
    assert s.outcome is Outcome.HEROES and s.boss.dead


def test_a_dead_hero_is_skipped():
    s = game()
    rng = ScriptedRandom(default=1)
    s.character("mira_vale").dead = True
    s.character("mira_vale").health = 0
    s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert s.active == "boss"


def _to_round_end(state, rng):
    """Sacrifice (or play the first legal action) until a new round starts or the game ends."""
    start = state.round
    while not state.is_over() and state.round == start:
        options = legal_actions(state)
        action = next((a for a in options if a.kind == "sacrifice"), options[0])
        state = apply(state, action, rng).state
    return state


@pytest.mark.parametrize(("boss_health", "hero_health", "winner"), [
    (10, None, "heroes"),  # the boss keeps about 40% of 25 (a little more as it regenerates), Mira all
    (25, 6, "boss"),       # the boss keeps all, Mira 6/12
    (20, 6, "boss"),       # 80% or more against 50%
    (10, 9, "heroes"),     # under 60% against 75%
])
def test_the_round_limit_ends_the_game_by_the_share_of_health_left(boss_health, hero_health, winner):
    state = placed(arena(settings=GameSettings(round_limit=2)), "E5", ["J9"])
    state.boss.health = boss_health
    if hero_health is not None:
        state.heroes[0].health = hero_health
    rng = ScriptedRandom(default=1)
    state = _to_round_end(state, rng)
    assert state.round == 2 and not state.is_over()
    before = state
    r = None
    while not state.is_over():
        options = legal_actions(state)
        r = apply(state, next((a for a in options if a.kind == "sacrifice"), options[0]), rng)
        state = r.state
    assert before.round == state.round == 2
    assert any("round limit (2) is reached" in line for line in [str(x) for x in r.log])
    assert state.outcome.value == winner
    boss_share, hero_share = health_shares(state)
    assert f"the boss keeps {boss_share:.0%} of its health, the heroes {hero_share:.0%}" in str(r.log[-1])
    assert state.phase.value == "over" and state.active is None


def test_equal_shares_at_the_round_limit_are_a_draw():
    state = placed(arena(settings=GameSettings(round_limit=1)), "E5", ["J9"])
    state.boss.health = 25
    while not state.is_over():
        options = legal_actions(state)
        sacrifice = next(a for a in options if a.kind == "sacrifice")
        state = apply(state, sacrifice, ScriptedRandom(default=1)).state
    assert state.outcome.value == "draw" and state.round == 1


def test_no_round_limit_plays_on():
    state = placed(arena(settings=GameSettings(round_limit=None)), "E5", ["J9"])
    state = _to_round_end(_to_round_end(state, ScriptedRandom(default=1)), ScriptedRandom(default=1))
    assert state.round == 3 and not state.is_over()


def _wyrm_beside_mira():
    """The Venom Wyrm (Venom Fangs, Tail Sting) with Mira next to its anchor and health to spare."""
    s = arena(boss="venom_wyrm", heroes=("mira_the_warden",), shape=[(0, 0)])
    s = placed(s, "E5", ["A10"])
    s = put(s, "mira_vale", "E6")
    mira = s.character("mira_vale")
    mira.stats = mira.stats.model_copy(update={"health": 99})
    mira.health = 99
    return s


def test_an_ability_that_deals_damage_is_one_of_the_boss_s_two_attacks():
    # Seed: the boss uses 3 actions a turn, at most 2 of them attacks. After two Basic Attacks the
    # Tail Sting (an action that deals 2 damage) would be a third attack.
    rng = ScriptedRandom(default=1)
    s = skip_to(_wyrm_beside_mira(), "boss", rng)
    s = hand_of(s, "boss", ["basic_attack", "basic_attack", "walk", "walk"])
    for _ in range(2):
        s = apply(s, Attack(card="basic_attack", equipment="venom_fangs", target=H("E6")), rng).state
    assert (s.attacks_made, s.actions_left) == (2, 1)
    assert not any(a.kind == "use_ability" and a.ability == "tail_sting" for a in legal_actions(s))
    with pytest.raises(IllegalAction, match=r"2 attacks this turn.*Tail Sting attacks too"):
        apply(s, UseAbility(ability="tail_sting", target=H("E6"), sacrifice="walk"), rng)
    sting = next(o for o in turn_prompt(s).others if o.name == "Tail Sting")
    assert not sting.playable and "already 2 attacks this turn" in str(sting.needs)
    s = apply(s, Sacrifice(card="walk"), rng).state
    assert s.active == "mira_vale"


def test_the_sting_first_leaves_one_attack_card():
    rng = ScriptedRandom(default=1)
    s = skip_to(_wyrm_beside_mira(), "boss", rng)
    s = hand_of(s, "boss", ["basic_attack", "basic_attack", "walk", "walk"])
    s = apply(s, UseAbility(ability="tail_sting", target=H("E6"), sacrifice="walk"), rng).state
    assert s.attacks_made == 1
    s = apply(s, Attack(card="basic_attack", equipment="venom_fangs", target=H("E6")), rng).state
    assert (s.attacks_made, s.actions_left) == (2, 1)
    assert not any(a.kind == "attack" for a in legal_actions(s))
    with pytest.raises(IllegalAction, match="2 attacks this turn"):
        apply(s, Attack(card="basic_attack", equipment="venom_fangs", target=H("E6")), rng)


def test_hindering_without_damage_is_not_an_attack():
    # Spit Venom only poisons: the boss may still use it after two attacks.
    rng = ScriptedRandom(default=1)
    s = skip_to(_wyrm_beside_mira(), "boss", rng)
    s = hand_of(s, "boss", ["basic_attack", "basic_attack", "spit_venom"])
    for _ in range(2):
        s = apply(s, Attack(card="basic_attack", equipment="venom_fangs", target=H("E6")), rng).state
    assert UseItem(card="spit_venom", target=H("E6")) in legal_actions(s)
    s = apply(s, UseItem(card="spit_venom", target=H("E6")), rng).state
    assert s.active == "mira_vale"


def test_a_withdrawn_hero_s_turns_are_skipped_and_it_cannot_be_targeted():
    s = game()
    rng = ScriptedRandom(default=1)
    assert s.order == ["kestrel", "mira_vale", "boss"] and s.active == "kestrel"
    r = apply(s, Withdraw(character="mira_vale"), rng)
    s = r.state
    mira = s.character("mira_vale")
    assert mira.withdrawn and mira.dead and mira.tiles() == [] and mira.health == mira.max_health
    assert "Mira Vale withdraws from the fight and leaves A10." in [str(x) for x in r.log]
    assert not any(t.of == "mira_vale" for t in s.tokens), "no death token"
    assert s.active == "kestrel", "another hero's withdrawal does not end Kestrel's turn"
    for _ in range(2):
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert s.active == "boss", "straight from Kestrel to the boss: Mira's turn is skipped"
    s = put(s, "boss", "A8")  # next to where Mira stood
    s = hand_of(s, "boss", ["basic_attack", "basic_attack", "walk"])
    assert not any(a.kind == "attack" for a in legal_actions(s))
    with pytest.raises(IllegalAction, match="No enemy stands on A10"):
        apply(s, Attack(card="basic_attack", equipment="bone_club", target=H("A10")), rng)
    while s.round == 1:
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    assert "mira_vale" not in s.order
    assert s.character("mira_vale").piles.hand == mira.piles.hand, "a withdrawn hero draws nothing"


def test_withdrawing_the_acting_hero_ends_its_turn_and_the_last_hero_ends_the_fight():
    s = game()
    rng = ScriptedRandom(default=1)
    s = apply(s, Withdraw(character="kestrel"), rng).state
    assert s.active == "mira_vale" and s.actions_left == 2
    r = apply(s, Withdraw(character="mira_vale"), rng)
    assert r.state.is_over() and r.state.outcome is Outcome.BOSS
    assert str(r.log[-1]) == "Every hero has fallen or withdrawn: the boss wins!"
    with pytest.raises(IllegalAction, match="over"):
        apply(r.state, Withdraw(character="mira_vale"), rng)


def test_only_a_hero_in_the_fight_can_withdraw():
    s = game()
    rng = ScriptedRandom(default=1)
    with pytest.raises(IllegalAction, match="boss player concedes"):
        apply(s, Withdraw(character="boss"), rng)
    gone = apply(s, Withdraw(character="mira_vale"), rng).state
    with pytest.raises(IllegalAction, match="already withdrawn"):
        apply(gone, Withdraw(character="mira_vale"), rng)
    with pytest.raises(IllegalAction, match="under way"):
        apply(arena(heroes=PARTY), Withdraw(character="mira_vale"), rng)
