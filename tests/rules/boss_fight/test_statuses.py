"""Status effects: when they take hold, what they stop, when they go, and at most one of each."""

from __future__ import annotations

import pytest

from rules.boss_fight import IllegalAction, Move, Sacrifice, UseItem, apply, legal_actions
from rules.boss_fight.content import Status
from rules.boss_fight.state import StatusMark
from tests.rules.boss_fight.helpers import H, ScriptedRandom, arena, hand_of, placed, put

PARTY = ("mira_the_warden", "kestrel_the_archer")


def game(heroes=PARTY, boss="bone_colossus"):
    s = arena(heroes=heroes, boss=boss)
    return placed(s, "E5", ["A10", "J10"][: len(heroes)])


def sacrifice(s, rng, n=1):
    for _ in range(n):
        s = apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state
    return s


def inflict(s, who, status):
    s.character(who).statuses.append(StatusMark(status=status))
    return s


def test_stunned_before_its_turn_the_character_loses_that_turn_and_recovers():
    s = inflict(game(), "mira_vale", Status.STUNNED)  # Kestrel is acting; Mira is next
    rng = ScriptedRandom(default=1)
    r = apply(apply(s, Sacrifice(card=s.current.piles.hand[0]), rng).state,
              Sacrifice(card=s.current.piles.hand[1]), rng)
    assert any("stunned and cannot act" in line for line in map(str, r.log))
    assert r.state.active == "boss"
    assert not r.state.character("mira_vale").has(Status.STUNNED)
    assert len(r.state.character("mira_vale").piles.hand) == 4  # she drew at the round start, played nothing


def test_stunned_at_the_start_of_a_round_draws_nothing_then_loses_the_turn():
    s = game()
    rng = ScriptedRandom(default=1)
    s = sacrifice(s, rng, 4)  # Kestrel and Mira have acted
    s = inflict(s, "mira_vale", Status.STUNNED)  # the boss stuns her after her turn
    s = sacrifice(s, rng, 3)
    assert s.round == 2
    mira = s.character("mira_vale")
    assert len(mira.piles.hand) == 2, "no draw for a stunned character"
    assert s.active == "kestrel"
    s = sacrifice(s, rng, 2)
    assert s.active == "boss", "Mira's turn was skipped"
    assert not s.character("mira_vale").has(Status.STUNNED), "and the stun removed at its end"


def test_dazzled_draws_one_and_has_one_action():
    s = game()
    rng = ScriptedRandom(default=1)
    s = sacrifice(s, rng, 4)
    s = inflict(s, "kestrel", Status.DAZZLED)
    s = sacrifice(s, rng, 3)
    kestrel = s.character("kestrel")
    assert s.round == 2 and s.active == "kestrel"
    assert len(kestrel.piles.hand) == 2 + 1
    assert s.actions_left == 1
    s = sacrifice(s, rng, 1)
    assert s.active == "mira_vale" and not s.character("kestrel").has(Status.DAZZLED)


def test_immobilised_cannot_move_on_its_next_turn_only():
    s = inflict(hand_of(game(), "kestrel", ["walk", "walk", "run", "sprint"]), "kestrel", Status.IMMOBILISED)
    # Inflicted during Kestrel's own turn: it takes hold on her next turn, so she moves now.
    assert any(a.kind == "move" for a in legal_actions(s))
    rng = ScriptedRandom(default=1)
    s = sacrifice(s, rng, 2 + 2 + 3)
    assert s.round == 2 and s.active == "kestrel"
    assert not any(a.kind == "move" for a in legal_actions(s))
    with pytest.raises(IllegalAction, match="immobilised"):
        apply(s, Move(card="walk", to=H("J8")), rng)
    s = sacrifice(s, rng, 2)
    assert not s.character("kestrel").has(Status.IMMOBILISED)


def test_poison_hurts_per_action_and_a_5_or_6_at_the_start_of_the_turn_removes_it():
    s = inflict(game(), "mira_vale", Status.POISONED)
    rng = ScriptedRandom([3], default=1)  # Mira's roll at the start of her turn: still poisoned
    s = sacrifice(s, rng, 2)
    mira = s.character("mira_vale")
    assert s.active == "mira_vale" and mira.has(Status.POISONED)
    hp = mira.health
    s = sacrifice(s, rng, 1)
    assert s.character("mira_vale").health == hp - 1
    s = sacrifice(s, rng, 1)
    assert s.character("mira_vale").health == hp - 2
    s = sacrifice(s, ScriptedRandom(default=1), 3)  # the boss's turn, then round 2: Kestrel
    s = sacrifice(s, ScriptedRandom([5], default=1), 2)  # Mira rolls 5 and is cured before acting
    assert not s.character("mira_vale").has(Status.POISONED)
    s = sacrifice(s, ScriptedRandom(default=1), 1)
    assert s.character("mira_vale").health == hp - 2


def test_poison_applies_from_the_action_it_lands_even_in_the_poisoned_characters_turn():
    s = game()
    s = inflict(s, "kestrel", Status.POISONED)
    hp = s.character("kestrel").health
    s = sacrifice(s, ScriptedRandom(default=1), 1)
    assert s.character("kestrel").health == hp - 1


def test_at_most_one_of_each_status_and_resistances():
    s = game(heroes=("kestrel_the_archer", "sister_hale"), boss="venom_wyrm")
    rng = ScriptedRandom(default=1)
    s = put(s, "kestrel", "E8")
    s = put(s, "sister_hale", "F8")
    while s.active != "boss":
        s = sacrifice(s, rng, 1)
    s = hand_of(s, "boss", ["spit_venom", "spit_venom", "walk", "walk"])
    spit_at_kestrel = UseItem(card="spit_venom", target=H("E8"))
    r = apply(s, spit_at_kestrel, rng)
    assert r.state.character("kestrel").has(Status.POISONED)
    r = apply(r.state, spit_at_kestrel, rng)
    assert any("already poisoned" in line for line in map(str, r.log))
    assert [m.status for m in r.state.character("kestrel").statuses] == [Status.POISONED]
    hale = s.character("sister_hale")
    assert hale.resists(Status.POISONED)
    r = apply(s, UseItem(card="spit_venom", target=hale.tiles()[0]), rng)
    assert any("resists" in line for line in map(str, r.log))
    assert not r.state.character("sister_hale").statuses


def test_a_stun_landing_during_the_characters_own_turn_waits_for_the_next_turn():
    s = game()
    rng = ScriptedRandom(default=1)
    s = sacrifice(s, rng, 1)
    s = inflict(s, "kestrel", Status.STUNNED)  # mid-turn: she keeps her last action
    assert s.actions_left == 1
    s = sacrifice(s, rng, 1)
    assert s.character("kestrel").has(Status.STUNNED), "not removed at the end of the turn it landed in"
