"""Crusade rules by hand-worked examples, and their invariants."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.crusade import engine
from rules.crusade.engine import CrusadeError, UnitSpec
from rules.crusade.model import MAX_RP, Campaign, CrusadeUnit, Honour, HonourKind, Rank, Result, Role
from rules.crusade.tables import load_requisitions, load_tables


class Dice(random.Random):
    """An rng whose D6 rolls come from a list (then 6s)."""

    def __init__(self, *rolls: int) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def randint(self, a: int, b: int) -> int:
        return self.rolls.pop(0) if self.rolls else b


def campaign() -> Campaign:
    c = engine.create("Autumn", organiser_id=99)
    return engine.join(
        c,
        player_id=1,
        player_name="Kai",
        name="Ember Host",
        units=[
            UnitSpec("Intercessors", 80),
            UnitSpec("Captain", 80, {Role.CHARACTER}),
            UnitSpec("Marneus Calgar", 200, {Role.CHARACTER, Role.EPIC_HERO}),
            UnitSpec("Knight Paladin", 400, {Role.TITANIC}),
        ],
    )


def battle(c: Campaign, *, result=Result.WIN, took=(), destroyed=(), kills=None, marked="", rng=None):
    out = engine.record_battle(c, player_id=1, opponent_id=2, opponent_name="Lee", result=result)
    f = out.campaign.force(1)
    keys = {u.name: u.key for u in f.units}
    out = engine.set_details(
        out.campaign,
        out.battle.id,
        actor_id=1,
        took_part=[keys[n] for n in took],
        destroyed=[keys[n] for n in destroyed],
        kills={keys[n]: k for n, k in (kills or {}).items()},
        marked=keys.get(marked, ""),
    )
    out = engine.submit(out.campaign, out.battle.id, actor_id=1)
    return engine.confirm(out.campaign, out.battle.id, actor_id=2, rng=rng or Dice())


def unit(c: Campaign, name: str) -> CrusadeUnit:
    return engine.find_unit(c.force(1), name)


def test_a_new_force_starts_at_1000_supply_and_5_rp():
    f = campaign().force(1)
    assert (f.supply_limit, f.rp, f.supply_used, f.battles, f.victories) == (1000, 5, 760, 0, 0)
    assert all(u.xp == 0 and u.rank is Rank.BATTLE_READY for u in f.units)


def test_three_battles_by_hand():
    c = campaign()
    # battle 1, a win: Intercessors kill 2 and are marked: 1 + 3 = 4 XP; Captain kills 1: 1 XP
    c = battle(
        c,
        took=("Intercessors", "Captain", "Marneus Calgar"),
        kills={"Intercessors": 2, "Captain": 1},
        marked="Intercessors",
    ).campaign
    assert (unit(c, "Intercessors").xp, unit(c, "Captain").xp, unit(c, "Marneus Calgar").xp) == (4, 1, 0)
    f = c.force(1)
    assert (f.rp, f.battles, f.victories) == (6, 1, 1)
    # battle 2, a loss: Intercessors kill 1 (3 over the campaign: Dealers of Death +1), marked again
    # 4 + 1 + 1 + 3 = 9 XP: Blooded, a Battle Honour owed
    out = battle(
        c, result=Result.LOSS, took=("Intercessors",), kills={"Intercessors": 1}, marked="Intercessors"
    )
    c = out.campaign
    u = unit(c, "Intercessors")
    assert (u.xp, u.kills, u.rank, u.honours_due) == (9, 3, Rank.BLOODED, 1)
    assert any("Dealers of Death +1" in str(line) for line in out.lines)
    assert any("now Blooded" in str(line) for line in out.lines)
    assert (c.force(1).rp, c.force(1).battles, c.force(1).victories) == (7, 2, 1)
    c = engine.add_honour(
        c, 1, "Intercessors", Honour(name="Brutal", kind=HonourKind.WEAPON), actor_id=1
    ).campaign
    assert unit(c, "Intercessors").crusade_points == 1 and unit(c, "Intercessors").honours_due == 0
    # battle 3, a draw: Knight Paladin kills 6 (two thirds: +2) and is marked: 1 + 2 + 3 = 6 XP
    out = battle(
        c, result=Result.DRAW, took=("Knight Paladin",), kills={"Knight Paladin": 6}, marked="Knight Paladin"
    )
    c = out.campaign
    k = unit(c, "Knight Paladin")
    assert (k.xp, k.rank, k.honours_due) == (6, Rank.BLOODED, 1)
    c = engine.add_honour(
        c, 1, "Knight Paladin", Honour(name="Hardier", kind=HonourKind.TRAIT), actor_id=1
    ).campaign
    assert unit(c, "Knight Paladin").crusade_points == 2  # TITANIC: +2 an honour
    assert (c.force(1).rp, c.force(1).battles, c.force(1).victories) == (8, 3, 1)
    assert c.force(1).crusade_points == 3


def test_out_of_action_failed_then_scarred_and_a_fourth_scar_refused():
    c = campaign()
    out = battle(c, took=("Intercessors",), destroyed=("Intercessors",), rng=Dice(1))
    assert out.battle.tests[0].roll == 1 and out.battle.open_choices
    key = unit(out.campaign, "Intercessors").key
    with pytest.raises(CrusadeError):
        engine.choose(out.campaign, out.battle.id, key, "scar", actor_id=2, scar="Fatigued")
    c = engine.choose(out.campaign, out.battle.id, key, "scar", actor_id=1, scar="Fatigued").campaign
    assert unit(c, "Intercessors").scars == ("Fatigued",)
    assert unit(c, "Intercessors").crusade_points == -1
    with pytest.raises(CrusadeError):
        engine.choose(c, out.battle.id, key, "scar", actor_id=1, scar="Again")
    c = engine.add_scar(c, 1, "Intercessors", "Deep Scars", actor_id=1).campaign
    c = engine.add_scar(c, 1, "Intercessors", "Disgraced", actor_id=1).campaign
    with pytest.raises(CrusadeError, match="3 Battle Scars"):
        engine.add_scar(c, 1, "Intercessors", "Mark of Shame", actor_id=1)


def test_devastating_blow_takes_an_honour_or_the_unit():
    c = campaign()
    c = engine.add_honour(
        c, 1, "Captain", Honour(name="Heirloom", kind=HonourKind.WEAPON), actor_id=1
    ).campaign
    out = battle(c, took=("Captain", "Intercessors"), destroyed=("Captain", "Intercessors"), rng=Dice(1, 1))
    f = out.campaign.force(1)
    c = engine.choose(
        out.campaign, out.battle.id, engine.find_unit(f, "Captain").key, "blow", actor_id=1
    ).campaign
    assert unit(c, "Captain").honours == ()
    c = engine.choose(c, out.battle.id, engine.find_unit(f, "Intercessors").key, "blow", actor_id=1).campaign
    with pytest.raises(Exception, match="no unit called"):
        unit(c, "Intercessors")


def test_a_non_character_stops_at_30_until_legendary_veterans():
    c = campaign()
    f = c.force(1)
    squad = engine.find_unit(f, "Intercessors").model_copy(update={"xp": 28})
    c = c.model_copy(update={"forces": (f.model_copy(update={"units": (squad, *f.units[1:])}),)})
    out = battle(c, took=("Intercessors",), marked="Intercessors")
    assert unit(out.campaign, "Intercessors").xp == 30
    assert any("stops at 30" in str(line) for line in out.lines)
    reqs = load_requisitions()
    c = engine.requisition(
        out.campaign, 1, reqs.find("Legendary Veterans"), actor_id=1, unit_name="Intercessors"
    )
    c = c.campaign
    assert c.force(1).rp == 6 - 3
    c = battle(c, took=("Intercessors",), marked="Intercessors").campaign
    assert unit(c, "Intercessors").xp == 34


def test_a_character_passes_30_and_epic_heroes_gain_nothing():
    u, _ = engine.gain_xp(CrusadeUnit(key="u1", name="Captain", roles=frozenset({Role.CHARACTER}), xp=29), 25)
    assert (u.xp, u.rank) == (54, Rank.LEGENDARY) and u.honours_due == 2
    hero, said = engine.gain_xp(CrusadeUnit(key="u2", name="Calgar", roles=frozenset({Role.EPIC_HERO})), 5)
    assert hero.xp == 0 and said == []


@pytest.mark.parametrize(
    ("xp", "rank"),
    [
        (0, "Battle-ready"),
        (5, "Battle-ready"),
        (6, "Blooded"),
        (15, "Blooded"),
        (16, "Battle-hardened"),
        (30, "Battle-hardened"),
        (31, "Heroic"),
        (50, "Heroic"),
        (51, "Legendary"),
    ],
)
def test_ranks(xp, rank):
    assert Rank.of(xp).label == rank


def test_rp_never_passes_10():
    c = campaign()
    for _ in range(8):
        c = battle(c, took=("Intercessors",)).campaign
    assert c.force(1).rp == MAX_RP


def test_only_the_player_changes_a_force_and_the_organiser_correction_is_said():
    c = campaign()
    with pytest.raises(CrusadeError, match="Only a force's own player"):
        engine.add_scar(c, 1, "Intercessors", "Fatigued", actor_id=2)
    out = engine.add_scar(c, 1, "Intercessors", "Fatigued", actor_id=99)
    assert "organiser's correction" in str(out.lines[-1])


def test_only_the_opponent_confirms():
    c = campaign()
    out = engine.record_battle(c, player_id=1, opponent_id=2, opponent_name="Lee", result=Result.WIN)
    out = engine.set_details(out.campaign, out.battle.id, actor_id=1, took_part=["u1"])
    out = engine.submit(out.campaign, out.battle.id, actor_id=1)
    with pytest.raises(CrusadeError, match="opponent"):
        engine.confirm(out.campaign, out.battle.id, actor_id=1, rng=Dice())
    done = engine.confirm(out.campaign, out.battle.id, actor_id=2, rng=Dice())
    with pytest.raises(CrusadeError):
        engine.confirm(done.campaign, out.battle.id, actor_id=2, rng=Dice())


def test_kills_are_read_from_text():
    f = campaign().force(1)
    assert engine.parse_kills(f, "Intercessors 2, captain 1") == {"u1": 2, "u2": 1}
    with pytest.raises(CrusadeError):
        engine.parse_kills(f, "Intercessors lots")


def test_requisition_costs_and_supply():
    c = campaign()
    reqs = load_requisitions()
    c = engine.requisition(c, 1, reqs.find("increase-supply-limit"), actor_id=1).campaign
    assert (c.force(1).supply_limit, c.force(1).rp) == (1200, 4)
    with pytest.raises(CrusadeError, match="no Battle Scar"):
        engine.requisition(c, 1, reqs.find("Repair and Recuperate"), actor_id=1, unit_name="Captain")


def test_every_table_rolls():
    for table in load_tables().values():
        number, entry = engine_roll(table)
        assert 1 <= number <= len(table.entries) and entry.name


def engine_roll(table):
    from rules.crusade.tables import roll

    return roll(table, random.Random(4))


steps = st.lists(
    st.tuples(
        st.sampled_from(["battle", "scar", "honour", "req"]),
        st.lists(
            st.sampled_from(["Intercessors", "Captain", "Marneus Calgar", "Knight Paladin"]), max_size=4
        ),
        st.integers(0, 10),
        st.integers(1, 6),
    ),
    max_size=12,
)


@settings(max_examples=40, deadline=None)
@given(steps)
def test_invariants(plan):
    c = campaign()
    reqs = load_requisitions().requisitions
    for what, names, number, roll in plan:
        try:
            if what == "battle":
                alive = [n for n in names if any(u.name == n for u in c.force(1).units)]
                out = battle(
                    c,
                    took=alive,
                    destroyed=alive[:1],
                    kills={n: number for n in alive[:2]},
                    marked=alive[-1] if alive else "",
                    rng=Dice(roll),
                )
                c = out.campaign
                for t in out.battle.open_choices:
                    c = engine.choose(
                        c,
                        out.battle.id,
                        t.unit,
                        "scar" if number % 2 else "blow",
                        actor_id=1,
                        scar="Fatigued",
                    ).campaign
            elif what == "scar" and names:
                c = engine.add_scar(c, 1, names[0], "Deep Scars", actor_id=1).campaign
            elif what == "honour" and names:
                c = engine.add_honour(c, 1, names[0], Honour(name="Brutal"), actor_id=1).campaign
            elif what == "req":
                c = engine.requisition(
                    c, 1, reqs[number % len(reqs)], actor_id=1, unit_name=names[0] if names else ""
                ).campaign
        except (CrusadeError, Exception) as error:
            from rules.errors import RuleError

            assert isinstance(error, RuleError), error
        f = c.force(1)
        assert 0 <= f.rp <= MAX_RP
        for u in f.units:
            assert u.xp >= 0 and len(u.scars) <= 3
            if Role.CHARACTER not in u.roles and not u.legendary_veterans:
                assert u.xp <= 30


def test_a_campaign_stored_before_its_log_was_a_message_loads_and_reads_in_spanish():
    # The log of a campaign saved when rules/crusade/words.Said was its own model: each line is
    # {msgid, params, plural, n}, a nested sentence the same. It loads as messages unchanged.
    from rules.i18n import force_offer

    data = campaign().model_dump(mode="json")
    rank = {"msgid": "Blooded", "params": {}, "plural": None, "n": None}
    data["log"] = [
        {"msgid": "{unit} is now {rank}: choose a Battle Honour (`/crusade honour`).",
         "params": {"unit": "Captain", "rank": rank}, "plural": None, "n": None},
    ]
    loaded = Campaign.model_validate(data)
    [line] = loaded.log
    assert str(line) == "Captain is now Blooded: choose a Battle Honour (`/crusade honour`)."
    with force_offer("es"):
        assert line.render("es-ES").startswith("Captain es ahora ")
    assert Campaign.model_validate_json(loaded.model_dump_json()) == loaded
