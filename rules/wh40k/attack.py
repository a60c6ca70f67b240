"""The Warhammer 40,000 attack sequence (11th edition, or 10th): rolled die by die, or as exact odds.

The editions differ in a few steps (cover, Stealth, Psychic, Blast X, Cleave X): :func:`plan`
applies the one asked for, and docs/40k-editions.md says what changed and where it is stated.
A unit's weapon lines are resolved one after another by :func:`unit_distribution` and
:func:`roll_unit`, the target's state carried from line to line.

One description (:class:`~rules.wh40k.profiles.Weapon`, :class:`~rules.wh40k.profiles.Target`,
:class:`~rules.wh40k.profiles.Situation`) runs two ways: :func:`roll` throws every die of every
step with the ``random.Random`` it is given; :func:`distribution` gives the exact distribution
of the wounds the target loses and of the models slain.

The steps, after the seed's core-rules digest (Boarding Actions, October 2024) and, where it is
silent, the public summaries in ``shared/reference/facts.md``:

1. Attacks: the characteristic per model (dice rolled per model), +X with Rapid Fire X at half
   range, +1 per five target models with Blast.
2. Hit roll against BS/WS; Torrent hits automatically; Heavy gives +1 when stationary; all hit
   modifiers together are capped at +1/-1; an unmodified 6 is a Critical Hit and always hits, an
   unmodified 1 always misses; re-roll 1s or every failure. Sustained Hits X: a Critical Hit
   scores X more hits (X may be D3). Lethal Hits: a Critical Hit wounds without a wound roll.
3. Wound roll from Strength against Toughness (2+ at double, 3+ above, 4+ equal, 5+ below, 6+ at
   half or less); Lance gives +1 after a charge; modifiers capped at +1/-1; an unmodified 6 (or X+
   with a matching Anti-KEYWORD X+) is a Critical Wound and always wounds; an unmodified 1 fails.
   Twin-linked re-rolls a failed wound roll.
4. Save: armour (Sv worsened by AP, +1 for the Benefit of Cover against ranged attacks, which a
   Sv 3+ or better model does not get against AP 0; never improved by more than 1) or the
   invulnerable save (AP and cover never touch it), whichever is better; an unmodified 1 fails.
   Devastating Wounds (seed, October 2024): a Critical Wound allows no save at all and becomes
   mortal wounds equal to the Damage, allocated after every other attack, and what is left when
   the model dies is lost, as for a normal attack.
5. Damage: the characteristic (+X for Melta X at half range), halved (rounding up) or -1 (to a
   minimum of 1) by the target's ability; with ``reroll damage`` a roll below its average is
   re-rolled (the policy this engine assumes). Feel No Pain X+ ignores each wound on a D6 of X+.
6. Allocation: the wounds go to one model until it dies; damage past a model is lost.
7. Hazardous: after the attacks, one D6 per model carrying the weapon; each 1 costs the
   attacker 3 mortal wounds (reported, not applied to the target).

Everything is independent per hit, so the exact odds are a few convolutions and one Markov
chain over (models slain, damage on the current model); see :mod:`rules.distribution` for why
this is our own small program and not ``icepool``.

>>> from rules.wh40k.profiles import parse_target, parse_weapon
>>> weapon = parse_weapon("A2 BS3+ S4 AP0 D1")
>>> odds = distribution(weapon, parse_target("T4 Sv7+ W1 x5"))
>>> round(odds.wounds.mean, 4)   # 2 x 2/3 to hit x 1/2 to wound, no save
0.6667
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from rules.distribution import (
    Distribution,
    bernoulli,
    convolve,
    mixture,
    power,
    powers,
)
from rules.i18n import N_, Message, _, ngettext
from rules.wh40k.profiles import (
    COVER_KEYWORDS,
    DEFAULT_EDITION,
    MAX_ATTACKS,
    Amount,
    DamageReduction,
    Edition,
    ModelGroup,
    ProfileError,
    Reroll,
    Situation,
    Target,
    Unit,
    Weapon,
)

MAX_CHAIN_WORK = 6_000_000
"""Most state updates one allocation calculation may do (about two seconds here): beyond, refused."""
HAZARDOUS_MORTALS = 3
TAIL = 1e-13
"""Damage counts whose combined probability is below this are left out of the allocation."""


class Result(StrEnum):
    """What one die did."""

    FAIL = "fail"
    SUCCESS = "success"
    CRITICAL = "critical"


@dataclass(frozen=True, slots=True)
class RolledDie:
    """One D6 of a hit, wound or save roll: its final unmodified value, the one it replaced."""

    value: int
    result: Result
    rerolled: int | None = None


@dataclass(frozen=True, slots=True)
class DamageStep:
    """One failed save (or Devastating Wound) reaching the target, allocated to one model."""

    dice: tuple[int, ...]
    rerolled: tuple[int, ...] | None
    damage: int
    fnp: tuple[int, ...]
    lost: int
    model: int
    slain: bool
    mortal: bool
    group: str = ""
    """The model's group, for a target with several kinds of model."""


@dataclass(frozen=True)
class GroupPlan:
    """One model group's numbers against this weapon: the save it takes and what damage does."""

    name: str
    count: int
    wounds: int
    save_need: int
    save_kind: str
    reduction: DamageReduction
    fnp: int | None
    leader: bool = False
    mortal_fnp: int | None = None
    """Feel No Pain against this weapon's mortal wounds (a defence may hold against those only)."""
    mortal_reduction: DamageReduction = DamageReduction.NONE

    @property
    def mortal_differs(self) -> bool:
        return (self.mortal_fnp, self.mortal_reduction) != (self.fnp, self.reduction)


@dataclass(frozen=True)
class Plan:
    """The numbers every step uses, worked out once from weapon, target and situation."""

    models: int
    attacks: Amount
    bonus_attacks: Amount
    torrent: bool
    hit_need: int
    hit_modifier: int
    hit_critical: int
    hit_reroll: Reroll
    sustained: Amount | None
    lethal: bool
    wound_need: int
    wound_modifier: int
    wound_critical: int
    wound_reroll: Reroll
    devastating: bool
    save_need: int
    save_kind: str
    damage: Amount
    melta: Amount | None
    reroll_damage: bool
    reduction: DamageReduction
    fnp: int | None
    target_models: int
    target_wounds: int
    hazardous: bool
    damage_average: float = 0.0
    """The average of the Damage roll: with ``reroll damage``, rolls below it are re-rolled."""
    edition: Edition = DEFAULT_EDITION
    notes: tuple[str, ...] = field(default=())
    groups: tuple[GroupPlan, ...] = ()
    """Each model group's save and damage numbers, in the order typed."""
    order: tuple[int, ...] = (0,)
    """The groups in the order they take wounds (Leaders last)."""
    precision: bool = False
    """Precision against an attached Leader: the Leader takes this weapon's wounds first."""

    @property
    def uniform_saves(self) -> bool:
        """Whether every model saves on the same roll (then saves are rolled before allocating)."""
        return len({g.save_need for g in self.groups}) <= 1

    @property
    def max_attacks(self) -> int:
        return self.models * (self.attacks.maximum + self.bonus_attacks.maximum)


def wound_roll_needed(strength: int, toughness: int) -> int:
    """The D6 result a wound roll needs, from the Strength against Toughness table.

    >>> [wound_roll_needed(s, 4) for s in (8, 5, 4, 3, 2)]
    [2, 3, 4, 5, 6]
    """
    if strength >= 2 * toughness:
        return 2
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    if 2 * strength <= toughness:
        return 6
    return 5


def _cap(modifier: int) -> int:
    return max(-1, min(1, modifier))


UNCONFIRMED_11TH = N_(
    "As in 10th edition, not confirmed for 11th: the +1/-1 caps on hit and wound rolls, "
    "Critical Hits and Wounds on unmodified 6s, the wound table, saves and damage, allocation "
    "(11th's allocation groups are not modelled) and Precision (it reaches an attached Leader "
    "only, not any visible CHARACTER)."
)
"""The steps no public source has confirmed for 11th edition (the whole list, for /help)."""
UNCONFIRMED_11TH_FOOTER = N_(
    "11th edition: some steps as in 10th, not confirmed, allocation groups and Precision among them "
    "(/help topic:40k lists them)."
)


def _cover(weapon: Weapon, target: Target, situation: Situation, edition: Edition, notes: list[str]) -> bool:
    """Whether the target has the Benefit of Cover against this attack (the edition's rules)."""
    terrain = situation.cover or target.cover
    if weapon.melee or not (terrain or (target.stealth and edition is Edition.ELEVENTH)):
        return False
    if weapon.ignores_cover:
        notes.append(N_("Ignores Cover: the target gets no Benefit of Cover."))
        return False
    if edition is Edition.ELEVENTH:
        if target.stealth:
            return True
        eligible = [k for k in target.keywords if k in COVER_KEYWORDS]
        if eligible:
            return True
        if any(k in _UNIT_TYPES for k in target.keywords):
            notes.append(
                N_(
                    "Cover (11th): only Infantry, Beast and Swarm units get cover in terrain, so not this target."  # noqa: E501 (one msgid, one line)
                )
            )
            return False
        notes.append(N_("Cover (11th): the target is taken to be Infantry, Beast or Swarm."))
        return True
    return True


def _better(a: int | None, b: int | None) -> int | None:
    return b if a is None else a if b is None else min(a, b)


_REDUCTION_RANK = (DamageReduction.NONE, DamageReduction.MINUS_ONE, DamageReduction.HALVE)
_REDUCTION_KIND = {"-1 damage": DamageReduction.MINUS_ONE, "half damage": DamageReduction.HALVE}


def _defences(
    weapon: Weapon, group: ModelGroup, damage_one: bool, *, mortal: bool
) -> tuple[int | None, int | None, DamageReduction]:
    """The invulnerable save, Feel No Pain and damage reduction a model of ``group`` uses against
    this weapon (its mortal wounds when ``mortal``): of each kind, the best that applies."""
    inv, fnp, reduction = group.invulnerable, group.feel_no_pain, group.damage_reduction
    for defence in group.scoped:
        if not defence.applies(
            melee=weapon.melee, psychic=weapon.psychic, damage_one=damage_one, mortal=mortal
        ):
            continue
        if defence.kind == "inv":
            inv = _better(inv, defence.value)
        elif defence.kind == "fnp":
            fnp = _better(fnp, defence.value)
        else:
            reduction = max(reduction, _REDUCTION_KIND[defence.kind], key=_REDUCTION_RANK.index)
    return inv, fnp, reduction


def _scope_notes(weapon: Weapon, group: ModelGroup, name: str, damage_one: bool, notes: list[str]) -> None:
    """Say of each scoped defence whether it held against this weapon."""
    for defence in group.scoped:
        kwargs = {"melee": weapon.melee, "psychic": weapon.psychic, "damage_one": damage_one}
        normal = defence.applies(**kwargs, mortal=False)
        mortal = defence.applies(**kwargs, mortal=True)
        if normal:
            said = "used against this attack"
        elif mortal and weapon.devastating_wounds:
            said = "used against its Devastating Wounds' mortal wounds only"
        else:
            said = "not used: this attack is not one it holds against"
        note = f"{name}`{defence.word}` ({defence.said}): {said}."
        if note not in notes:
            notes.append(note)


def _group_plan(
    weapon: Weapon,
    group: ModelGroup,
    index: int,
    save_cover: bool,
    notes: list[str],
    damage_one: bool = False,
    named: bool = False,
) -> GroupPlan:
    """The save one group's models take (armour with AP and cover, or their invulnerable save)."""
    invulnerable, fnp, reduction = _defences(weapon, group, damage_one, mortal=False)
    _, mortal_fnp, mortal_reduction = _defences(weapon, group, damage_one, mortal=True)
    _scope_notes(weapon, group, f"{group.label(index)}: " if named else "", damage_one, notes)
    armour_modifier = -weapon.ap
    if save_cover and group.save <= 3 and weapon.ap == 0:
        note = N_("Cover (10th): a Sv 3+ or better model gets no cover against AP 0.")
        if note not in notes:
            notes.append(note)
    elif save_cover:
        armour_modifier += 1
    armour_need = max(2, group.save - min(1, armour_modifier))
    save_need, save_kind = armour_need, "armour"
    if invulnerable is not None and invulnerable < armour_need:
        save_need, save_kind = invulnerable, "invulnerable"
    if save_need > 6:
        save_need, save_kind = 7, "none"
    return GroupPlan(
        name=group.label(index),
        count=group.count,
        wounds=group.wounds,
        save_need=save_need,
        save_kind=save_kind,
        reduction=reduction,
        fnp=fnp,
        leader=group.leader,
        mortal_fnp=mortal_fnp,
        mortal_reduction=mortal_reduction,
    )


def _allocation_note(target: Target, order: tuple[int, ...]) -> str:
    groups = target.model_groups
    names = ", then ".join(f"{groups[i].label(i)} ({groups[i].stats()})" for i in order)
    how = (
        "in the order typed (`order:typed`)"
        if target.typed_order
        else "as defenders usually choose, ordinary models first and the better profile last; "
        "`order:typed` in the target allocates in the order typed"
    )
    text = f"Wounds go to a wounded model first, else to {names}: {how}."
    if any(g.leader for g in groups):
        text += " The Leader takes wounds only once its Bodyguard is slain (Precision reaches it sooner)."
    return text


_UNIT_TYPES = (
    "vehicle", "monster", "mounted", "fortification", "aircraft", "walker", "titanic", "cavalry", "tank",
)  # fmt: skip


def plan(
    weapon: Weapon,
    target: Target,
    situation: Situation | None = None,
    *,
    edition: Edition = DEFAULT_EDITION,
) -> Plan:
    """Work out every step's numbers; raise :class:`ProfileError` when the attack is too big.

    >>> from rules.wh40k.profiles import parse_target, parse_weapon
    >>> p = plan(parse_weapon("A1 BS3+ S4 AP-1 D1"), parse_target("T4 Sv3+ W1 inv5+"))
    >>> p.wound_need, p.save_need, p.save_kind
    (4, 4, 'armour')
    """
    situation = situation or Situation()
    notes: list[str] = []
    if edition is Edition.TENTH and (weapon.blast > 1 or weapon.cleave):
        if weapon.blast > 1:
            raise ProfileError(
                _(
                    "Blast {n} is an 11th-edition ability; 10th edition has only plain `blast`. "
                    "Use `edition: 11th`, or write `blast`.",
                    n=weapon.blast,
                )
            )
        raise ProfileError(
            _(
                "Cleave {n} is an 11th-edition ability; 10th edition has no Cleave. Use `edition: 11th`, "
                "or leave `cleave` out.",
                n=weapon.cleave,
            )
        )
    bonus = Amount.flat(0)
    if weapon.rapid_fire and situation.half_range:
        bonus = weapon.rapid_fire
        notes.append(f"Rapid Fire: +{weapon.rapid_fire.text} attacks at half range.")
    per_five = weapon.blast + weapon.cleave
    if per_five and target.models >= 5:
        extra = per_five * (target.models // 5)
        bonus = Amount(count=bonus.count, sides=bonus.sides, bonus=bonus.bonus + extra)
        name = " and ".join(n for n, x in (("Blast", weapon.blast), ("Cleave", weapon.cleave)) if x)
        added = " (added together)" if weapon.blast and weapon.cleave else ""
        notes.append(f"{name}: +{extra} attack(s) against {target.models} models{added}.")
    hit_modifier = weapon.hit_modifier + target.hit_modifier
    if weapon.heavy and situation.stationary and not weapon.melee:
        hit_modifier += 1
    cover = _cover(weapon, target, situation, edition, notes)
    skill_penalty = 0
    cover_note = ""
    if target.stealth and edition is Edition.TENTH and not weapon.melee:
        hit_modifier -= 1
        notes.append(N_("Stealth (10th): -1 to the hit roll of ranged attacks."))
    if cover and edition is Edition.ELEVENTH and weapon.torrent:
        notes.append(N_("Benefit of Cover (11th): -1 to BS, which a Torrent weapon does not roll."))
    elif cover and edition is Edition.ELEVENTH:
        skill_penalty = 1
        source = "Stealth gives" if target.stealth and not (situation.cover or target.cover) else "gives"
        cover_note = (
            f"Benefit of Cover (11th) {source} -1 to BS: hits on {(weapon.skill or 2) + 1}+ "
            "(a characteristic change, outside the +1/-1 hit roll cap)."
        )
    if weapon.psychic and edition is Edition.ELEVENTH and (skill_penalty or _cap(hit_modifier) < 0):
        # the cover note's "hits on N+" would no longer be true
        ignored = " (the Benefit of Cover's -1 to BS too)" if skill_penalty else ""
        notes.append(f"Psychic (11th): the attack ignores the penalties to its BS and hit roll{ignored}.")
        skill_penalty = 0
        hit_modifier = max(0, hit_modifier)
    elif skill_penalty:
        notes.append(cover_note)
    wound_modifier = weapon.wound_modifier + target.wound_modifier
    if weapon.lance and situation.charged:
        wound_modifier += 1
    critical = weapon.crit_wound
    for keyword, value in weapon.anti:
        if keyword in target.keywords:
            critical = min(critical, value)
            notes.append(f"Anti-{keyword} {value}+: Critical Wounds on {value}+.")
    save_cover = cover and edition is Edition.TENTH
    melta_now = weapon.melta is not None and situation.half_range
    damage_one = not weapon.damage.random and weapon.damage.bonus == 1 and not melta_now
    groups = tuple(
        _group_plan(weapon, group, index, save_cover, notes, damage_one, target.mixed)
        for index, group in enumerate(target.model_groups)
    )
    order = target.allocation_order()
    precision = "precision" in weapon.ignored and any(g.leader for g in groups)
    if target.mixed:
        notes.append(_allocation_note(target, order))
    if precision:
        notes.append(N_("Precision: this weapon's wounds go to the attached Leader first."))
    if len({g.toughness for g in target.model_groups}) > 1 or target.toughness_rule:
        notes.append(f"The unit's Toughness is {target.toughness}: {target.toughness_reason}.")
    if save_cover and any(g.save > 3 or weapon.ap for g in target.model_groups):
        notes.append(N_("Benefit of Cover (10th): +1 to the armour save."))
    head = groups[order[0]]
    save_need, save_kind = head.save_need, head.save_kind
    if edition is Edition.ELEVENTH and weapon.hazardous:
        notes.append(
            N_(
                "Hazardous as in 10th edition (one D6 per model, 3 mortal wounds on a 1): not confirmed for 11th."  # noqa: E501 (one msgid, one line)
            )
        )
    result = Plan(
        models=weapon.models,
        attacks=weapon.attacks,
        bonus_attacks=bonus,
        torrent=weapon.torrent,
        hit_need=(weapon.skill or 2) + skill_penalty,
        hit_modifier=_cap(hit_modifier),
        hit_critical=weapon.crit_hit,
        hit_reroll=weapon.reroll_hits,
        sustained=weapon.sustained_hits,
        lethal=weapon.lethal_hits,
        wound_need=wound_roll_needed(weapon.strength, target.toughness),
        wound_modifier=_cap(wound_modifier),
        wound_critical=critical,
        wound_reroll=Reroll.FAILS if weapon.twin_linked else weapon.reroll_wounds,
        devastating=weapon.devastating_wounds,
        save_need=save_need,
        save_kind=save_kind,
        damage=weapon.damage,
        melta=weapon.melta if situation.half_range else None,
        reroll_damage=weapon.reroll_damage and weapon.damage.random,
        reduction=head.reduction,
        fnp=head.fnp,
        target_models=target.models,
        target_wounds=head.wounds,
        hazardous=weapon.hazardous,
        damage_average=weapon.damage.distribution().mean,
        edition=edition,
        notes=tuple(notes),
        groups=groups,
        order=order,
        precision=precision,
    )
    if edition is Edition.ELEVENTH and weapon.lethal_hits and not weapon.torrent:
        result = _choose_lethal(result)
    if result.max_attacks > MAX_ATTACKS:
        raise ProfileError(
            _(
                "That is up to {max_attacks} attacks; the limit is {max_attacks2} per weapon line. "
                "Split the unit into several lines.",
                max_attacks=result.max_attacks,
                max_attacks2=MAX_ATTACKS,
            )
        )
    return result


_NO_SITUATION = Situation()


_PLANS: dict[tuple[int, int, int, Edition], tuple[Weapon, Target, Situation, Plan]] = {}


def _cached_plan(weapon: Weapon, target: Target, situation: Situation, edition: Edition) -> Plan:
    # Rolling the same profile objects many times (a sampled check, a bench) reuses the plan;
    # the models are frozen, and the entry keeps them alive so their ids stay theirs.
    key = (id(weapon), id(target), id(situation), edition)
    hit = _PLANS.get(key)
    if hit is not None and hit[0] is weapon and hit[1] is target and hit[2] is situation:
        return hit[3]
    if len(_PLANS) >= 64:
        _PLANS.clear()
    made = plan(weapon, target, situation, edition=edition)
    _PLANS[key] = (weapon, target, situation, made)
    return made


def _outcome(value: int, need: int, modifier: int, critical: int) -> Result:
    if value >= critical:
        return Result.CRITICAL
    if value == 1:
        return Result.FAIL
    return Result.SUCCESS if value + modifier >= need else Result.FAIL


def _rerolls(value: int, result: Result, policy: Reroll) -> bool:
    return (policy is Reroll.ONES and value == 1) or (policy is Reroll.FAILS and result is Result.FAIL)


class _D6:
    """Every possible die of one kind of roll, made once, so rolling is a table look-up."""

    def __init__(self, need: int, modifier: int, critical: int, policy: Reroll) -> None:
        self.plain = [RolledDie(v, _outcome(v, need, modifier, critical)) for v in range(7)]
        self.again = [v > 0 and _rerolls(v, self.plain[v].result, policy) for v in range(7)]
        self.rerolled = [
            [RolledDie(w, _outcome(w, need, modifier, critical), rerolled=v) for w in range(7)]
            for v in range(7)
        ]

    def roll(self, rng: random.Random) -> RolledDie:
        value = rng.randint(1, 6)
        if self.again[value]:
            return self.rerolled[value][rng.randint(1, 6)]
        return self.plain[value]


@functools.lru_cache(maxsize=256)
def _d6(need: int, modifier: int, critical: int, policy: Reroll) -> _D6:
    return _D6(need, modifier, critical, policy)


def _die_odds(need: int, modifier: int, critical: int, policy: Reroll) -> dict[Result, float]:
    odds = dict.fromkeys(Result, 0.0)
    for value in range(1, 7):
        result = _outcome(value, need, modifier, critical)
        if _rerolls(value, result, policy):
            for again in range(1, 7):
                odds[_outcome(again, need, modifier, critical)] += 1 / 36
        else:
            odds[result] += 1 / 6
    return odds


def _damage_value(p: Plan, rolled: int, melta: int, reduction: DamageReduction | None = None) -> int:
    """One attack's Damage against a model: halving comes before Melta's addition (the 10th
    edition Rules Commentary: divide first, then add, then subtract), -1 after it."""
    reduction = p.reduction if reduction is None else reduction
    if reduction is DamageReduction.HALVE:
        return math.ceil(rolled / 2) + melta
    value = rolled + melta
    if reduction is DamageReduction.MINUS_ONE and value > 0:
        value = max(1, value - 1)
    return value


def _damage_distribution(p: Plan, reduction: DamageReduction | None = None) -> Distribution:
    """The damage one unsaved attack brings, before Feel No Pain."""
    base = p.damage.distribution()
    if p.reroll_damage:
        average = p.damage_average
        low = sum(q for v, q in base.items() if v < average)
        base = Distribution.of({v: (q if v >= average else 0.0) + low * q for v, q in base.items()})
    melta = p.melta.distribution() if p.melta else Distribution.constant(0)
    out: dict[int, float] = {}
    for v, q in base.items():
        for m, r in melta.items():
            key = _damage_value(p, v, m, reduction)
            out[key] = out.get(key, 0.0) + q * r
    return Distribution.of(out)


def _lost(p: Plan, group: GroupPlan, *, mortal: bool = False) -> Distribution:
    """Wounds one unsaved attack (or, when ``mortal``, mortal wound packet) costs a model of ``group``."""
    if mortal:
        return _after_fnp(_damage_distribution(p, group.mortal_reduction), group.mortal_fnp)
    return _after_fnp(_damage_distribution(p, group.reduction), group.fnp)


def _fail_save(group: GroupPlan) -> float:
    return 1.0 if group.save_need > 6 else (group.save_need - 1) / 6


def _choose_lethal(p: Plan) -> Plan:
    """11th edition: Lethal Hits is optional. Per Critical Hit, the automatic wound or a rolled
    wound (which may be a Devastating Critical Wound), whichever brings more expected damage to
    the model the attack goes to first."""
    group = p.groups[_first_group(p)]
    lost = _lost(p, group).mean
    fail = _fail_save(group)
    wound = _die_odds(p.wound_need, p.wound_modifier, p.wound_critical, p.wound_reroll)
    auto = fail * lost
    critical = lost if p.devastating else fail * lost
    rolled = wound[Result.SUCCESS] * fail * lost + wound[Result.CRITICAL] * critical
    if rolled > auto + 1e-12:
        note = (
            f"Lethal Hits (11th) is optional: Herald rolls the wound for each Critical Hit "
            f"({rolled:.2f} expected damage against {auto:.2f} for the automatic wound)."
        )
        return replace(p, lethal=False, notes=(*p.notes, note))
    if p.devastating:
        note = (
            f"Lethal Hits (11th) is optional: Herald takes the automatic wound ({auto:.2f} expected "
            f"damage against {rolled:.2f} for rolling it)."
        )
        return replace(p, notes=(*p.notes, note))
    return p


def _first_group(p: Plan) -> int:
    leaders = [i for i in p.order if p.groups[i].leader]
    return leaders[0] if p.precision and leaders else p.order[0]


def _after_fnp(damage: Distribution, fnp: int | None) -> Distribution:
    """Wounds actually lost from one damage roll, each wound ignored on a D6 of ``fnp``+."""
    if fnp is None:
        return damage
    lose = (fnp - 1) / 6
    out: dict[int, float] = {}
    for d, q in damage.items():
        for k in range(d + 1):
            out[k] = out.get(k, 0.0) + q * math.comb(d, k) * lose**k * (1 - lose) ** (d - k)
    return Distribution.of(out)


@dataclass(frozen=True)
class Layout:
    """The target's models in the order they take wounds, as a state machine.

    A state is ``b * (leader + 1) + ld``: ``b`` wounds lost by the Bodyguard's models (counted
    in allocation order, damage past a model not counted), ``ld`` by the Leader's. A target
    without a Leader has ``leader == 0``, so a state is the wounds lost, as before.
    """

    guard: tuple[tuple[int, int, int], ...]
    """Per Bodyguard model in allocation order: (group, first wound's offset, wounds)."""
    lead: tuple[tuple[int, int, int], ...]
    guard_wounds: int
    leader_wounds: int

    @property
    def states(self) -> int:
        return (self.guard_wounds + 1) * (self.leader_wounds + 1)

    @property
    def dead(self) -> int:
        return self.states - 1

    def split(self, state: int) -> tuple[int, int]:
        return divmod(state, self.leader_wounds + 1)

    def wounds(self, state: int) -> int:
        b, ld = self.split(state)
        return b + ld

    def slain(self, state: int) -> int:
        b, ld = self.split(state)
        return sum(1 for _, o, w in self.guard if o + w <= b) + sum(1 for _, o, w in self.lead if o + w <= ld)

    def current(self, state: int, precision: bool) -> tuple[bool, int, int] | None:
        """The model the next attack goes to: (Leader?, index in its part, damage it has taken)."""
        b, ld = self.split(state)
        parts = [(False, self.guard, b), (True, self.lead, ld)]
        if precision:
            parts.reverse()
        for leader, models, lost in parts:
            for i, (_unused, offset, w) in enumerate(models):
                if lost < offset + w:
                    return leader, i, lost - offset
        return None

    def group(self, leader: bool, index: int) -> int:
        return (self.lead if leader else self.guard)[index][0]

    def model_number(self, leader: bool, index: int) -> int:
        """1-based, Bodyguard models first."""
        return index + 1 + (len(self.guard) if leader else 0)

    def advance(self, state: int, leader: bool, index: int, lost: int) -> int:
        """The state after the current model loses ``lost`` wounds (past its last one is lost)."""
        b, ld = self.split(state)
        _, offset, w = (self.lead if leader else self.guard)[index]
        if leader:
            ld = min(ld + lost, offset + w)
        else:
            b = min(b + lost, offset + w)
        return b * (self.leader_wounds + 1) + ld


@functools.lru_cache(maxsize=128)
def layout(groups: tuple[GroupPlan, ...], order: tuple[int, ...]) -> Layout:
    """The models of ``groups`` in allocation ``order`` (Leaders in their own part)."""
    parts: dict[bool, list[tuple[int, int, int]]] = {False: [], True: []}
    used = {False: 0, True: 0}
    for g in order:
        group = groups[g]
        for _unused in range(group.count):
            parts[group.leader].append((g, used[group.leader], group.wounds))
            used[group.leader] += group.wounds
    return Layout(tuple(parts[False]), tuple(parts[True]), used[False], used[True])


def _moves(
    lay: Layout, losses: tuple[Distribution, ...], fails: tuple[float, ...] | None, precision: bool
) -> list[list[tuple[int, float]]]:
    """Per state, where one event takes the unit: the model's save (``fails`` per group; ``None``
    when saves were already rolled) and then the wounds it loses (``losses`` per group)."""
    out: list[list[tuple[int, float]]] = []
    for s in range(lay.dead):
        where = lay.current(s, precision)
        if where is None:
            out.append([(s, 1.0)])
            continue
        leader, index, _ = where
        g = lay.group(leader, index)
        fail = 1.0 if fails is None else fails[g]
        row: dict[int, float] = {}
        if fail < 1.0:
            row[s] = 1.0 - fail
        for v, q in losses[g].items():
            nxt = lay.advance(s, leader, index, v)
            row[nxt] = row.get(nxt, 0.0) + q * fail
        out.append(list(row.items()))
    return out


def _step(current: dict[int, float], moves: list[list[tuple[int, float]]], dead: int) -> dict[int, float]:
    nxt: dict[int, float] = {}
    for s, q in current.items():
        if s == dead:
            nxt[dead] = nxt.get(dead, 0.0) + q
            continue
        for t, r in moves[s]:
            nxt[t] = nxt.get(t, 0.0) + q * r
    return {s: q for s, q in nxt.items() if q > 1e-18}


@dataclass(frozen=True)
class AttackOdds:
    """The exact odds of one attack sequence.

    ``wounds`` is the wounds the target unit loses (after Feel No Pain, without damage lost past a
    model or past the last one), ``slain`` the models destroyed. The means of the earlier steps
    are there for the table. ``hazardous`` is the number of failed Hazardous tests (each 3 mortal
    wounds on the attacker), ``None`` without Hazardous.
    """

    wounds: Distribution
    slain: Distribution
    mean_attacks: float
    mean_hits: float
    mean_wounding: float
    mean_unsaved: float
    hazardous: Distribution | None
    plan: Plan
    notes: tuple[str, ...]


@dataclass(frozen=True)
class _Packets:
    """One weapon's attacks as events reaching the target, and what each event does.

    With the same save for every model, ``packets`` counts the unsaved attacks (Devastating
    Wounds included: with one save for all, their order does not change the result) and an event
    only deals damage. When the models save differently, an event is a wound that the model it
    goes to saves or not (``fails``), and a weapon with Devastating Wounds has ``joint``: the
    chance of each (wounds to save, mortal wound packets), its mortal wounds following its
    other attacks as the rules order them.
    """

    packets: Distribution
    losses: tuple[Distribution, ...]
    mortal_losses: tuple[Distribution, ...]
    fails: tuple[float, ...] | None
    joint: dict[tuple[int, int], float] | None
    mean_attacks: float
    mean_hits: float
    mean_wounding: float
    hazardous: Distribution | None
    notes: tuple[str, ...]


def _joint_power(base: dict[tuple[int, int], float], counts: Distribution) -> dict[tuple[int, int], float]:
    """The (wounds to save, mortal) pairs of a random number of attacks, each ``base``."""
    out: dict[tuple[int, int], float] = {}
    current: dict[tuple[int, int], float] = {(0, 0): 1.0}
    weights = counts.as_dict()
    for a in range(counts.maximum + 1):
        weight = weights.get(a, 0.0)
        if weight:
            for key, q in current.items():
                out[key] = out.get(key, 0.0) + weight * q
        if a == counts.maximum:
            break
        nxt: dict[tuple[int, int], float] = {}
        for (n, m), q in current.items():
            for (dn, dm), r in base.items():
                key = (n + dn, m + dm)
                nxt[key] = nxt.get(key, 0.0) + q * r
        current = {k: q for k, q in nxt.items() if q > 1e-18}
    return out


_Joint = dict[tuple[int, int], float]


def _joint_add(a: _Joint, b: _Joint) -> _Joint:
    out: dict[tuple[int, int], float] = {}
    for (n, m), q in a.items():
        for (dn, dm), r in b.items():
            out[(n + dn, m + dm)] = out.get((n + dn, m + dm), 0.0) + q * r
    return out


def _packets(p: Plan) -> _Packets:
    hit = _die_odds(p.hit_need, p.hit_modifier, p.hit_critical, p.hit_reroll)
    if p.torrent:
        hit = {Result.FAIL: 0.0, Result.SUCCESS: 1.0, Result.CRITICAL: 0.0}
    wound = _die_odds(p.wound_need, p.wound_modifier, p.wound_critical, p.wound_reroll)
    fails = tuple(_fail_save(g) for g in p.groups)
    folded = p.uniform_saves
    fail_save = fails[0] if folded else 1.0
    dev = wound[Result.CRITICAL] if p.devastating else 0.0
    through_save = wound[Result.SUCCESS] + wound[Result.CRITICAL] - dev
    sustained = p.sustained.distribution() if p.sustained else Distribution.constant(0)
    per_model = convolve(p.attacks.distribution(), p.bonus_attacks.distribution())
    attacks = power(per_model, p.models)
    joint = None
    split = any(g.mortal_differs for g in p.groups)  # mortal wounds meet other defences
    if (folded and not split) or not dev:
        per_hit = bernoulli(through_save * fail_save + dev)
        critical_hits = mixture(
            (q, convolve(bernoulli(fail_save) if p.lethal else per_hit, power(per_hit, extra)))
            for extra, q in sustained.items()
        )
        per_attack = mixture(
            [
                (hit[Result.FAIL], Distribution.constant(0)),
                (hit[Result.SUCCESS], per_hit),
                (hit[Result.CRITICAL], critical_hits),
            ]
        )
        packet_powers = powers(per_attack, attacks.maximum)
        packets = mixture((q, packet_powers[a]) for a, q in attacks.items())
    else:
        # with one save for all (``folded``) the first count is of unsaved attacks
        saved = through_save * (1 - fail_save)
        one = {(0, 0): wound[Result.FAIL] + saved, (1, 0): through_save * fail_save, (0, 1): dev}
        one = {k: q for k, q in one.items() if q > 0}
        lethal_one = {k: q for k, q in {(1, 0): fail_save, (0, 0): 1 - fail_save}.items() if q > 0}
        critical: dict[tuple[int, int], float] = {}
        for extra, q in sustained.items():
            first = lethal_one if p.lethal else one
            for _ in range(extra):
                first = _joint_add(first, one)
            for k, r in first.items():
                critical[k] = critical.get(k, 0.0) + q * r
        base: dict[tuple[int, int], float] = {(0, 0): hit[Result.FAIL]}
        for source, weight in ((one, hit[Result.SUCCESS]), (critical, hit[Result.CRITICAL])):
            for k, r in source.items():
                base[k] = base.get(k, 0.0) + weight * r
        joint = _joint_power({k: q for k, q in base.items() if q > 0}, attacks)
        packets = Distribution.of(_marginal(joint, 0))
    losses = tuple(_lost(p, g) for g in p.groups)
    mortal_losses = tuple(
        _lost(p, g, mortal=True) if g.mortal_differs else lost
        for g, lost in zip(p.groups, losses, strict=True)
    )
    hits_per_attack = hit[Result.SUCCESS] + hit[Result.CRITICAL] * (1 + sustained.mean)
    wounding = (hits_per_attack - (hit[Result.CRITICAL] if p.lethal else 0.0)) * (
        wound[Result.SUCCESS] + wound[Result.CRITICAL]
    ) + (hit[Result.CRITICAL] if p.lethal else 0.0)
    notes = list(p.notes)
    if p.reroll_damage:
        notes.append(f"Damage rolls below {p.damage.distribution().mean:g} are re-rolled.")
    return _Packets(
        packets=packets,
        losses=losses,
        mortal_losses=mortal_losses,
        fails=None if folded else fails,
        joint=joint,
        mean_attacks=attacks.mean,
        mean_hits=attacks.mean * hits_per_attack,
        mean_wounding=attacks.mean * wounding,
        hazardous=power(bernoulli(1 / 6), p.models) if p.hazardous else None,
        notes=tuple(notes),
    )


def _marginal(joint: dict[tuple[int, int], float], axis: int) -> dict[int, float]:
    out: dict[int, float] = {}
    for key, q in joint.items():
        out[key[axis]] = out.get(key[axis], 0.0) + q
    return out


def best_weapon(
    weapons: Sequence[Weapon],
    target: Target,
    situation: Situation | None = None,
    *,
    edition: Edition = DEFAULT_EDITION,
) -> tuple[int, tuple[float, ...]]:
    """Of weapons a model chooses between, the one with the most expected wounds dealt to this
    target (its saves, Feel No Pain, damage lost past a model all counted), and each one's mean;
    the first on a tie.

    >>> from rules.wh40k.profiles import parse_target, parse_weapon
    >>> choppa = parse_weapon("A3 WS3+ S5 AP-1 D1")
    >>> klaw = parse_weapon("A2 WS4+ S9 AP-2 D2")
    >>> best_weapon([choppa, klaw], parse_target("T10 Sv3+ W12"))[0]
    1
    """
    means = tuple(distribution(w, target, situation, edition=edition).wounds.mean for w in weapons)
    best = 0
    for index, mean in enumerate(means):
        if mean > means[best] + 1e-12:
            best = index
    return best, means


def distribution(
    weapon: Weapon,
    target: Target,
    situation: Situation | None = None,
    *,
    edition: Edition = DEFAULT_EDITION,
) -> AttackOdds:
    """The exact distribution of wounds dealt and models slain; :class:`ProfileError` if too big.

    >>> from rules.wh40k.profiles import parse_target, parse_weapon
    >>> odds = distribution(parse_weapon("A1 BS2+ S8 AP-3 D 3"), parse_target("T4 Sv3+ W2 x2"))
    >>> round(odds.slain.at_least(1), 4)   # 5/6 hit x 5/6 wound x 5/6 save fails
    0.5787
    """
    return unit_distribution([weapon], target, situation, edition=edition).weapons[0]


@dataclass(frozen=True)
class UnitOdds:
    """The exact odds of a whole unit's volley: every weapon line resolved in turn, the target's
    state (models slain, wounds on the model being worked on) carried from one line to the next.

    ``weapons`` holds each line's own odds as if it fired alone (its means, and its wounds and
    models slain on a fresh target); ``wounds`` and ``slain`` are the whole volley's.
    """

    wounds: Distribution
    slain: Distribution
    weapons: tuple[AttackOdds, ...]
    order: tuple[int, ...]
    """The order the lines were resolved in (indexes into the lines as given)."""
    edition: Edition
    notes: tuple[str, ...]

    @property
    def mean_unsaved(self) -> float:
        return sum(w.mean_unsaved for w in self.weapons)


def resolution_order(weapons: Sequence[Weapon], edition: Edition) -> tuple[list[int], list[str]]:
    """The order Herald resolves a unit's weapon lines in, and what it says about it.

    Lines keep the order typed, except that in 10th edition Devastating Wounds weapons go last:
    their mortal wounds are allocated after the unit's other attacks, and an attacker may pick
    the order its weapons resolve in.

    >>> from rules.wh40k.profiles import parse_weapon
    >>> order, _ = resolution_order([parse_weapon("A1 BS3+ S4 AP0 D1, devastating wounds"),
    ...                              parse_weapon("A1 BS3+ S4 AP0 D1")], Edition.TENTH)
    >>> order
    [1, 0]
    """
    order = list(range(len(weapons)))
    notes: list[str] = []
    devastating = [i for i in order if weapons[i].devastating_wounds]
    if len(weapons) > 1 and devastating:
        if edition is Edition.TENTH:
            order = [i for i in order if i not in devastating] + devastating
            notes.append(N_("Devastating Wounds (10th): those weapon lines are resolved last."))
            if len(devastating) > 1:
                notes.append(
                    N_(
                        "With several Devastating Wounds lines, each line's mortal wounds follow its own attacks."  # noqa: E501 (one msgid, one line)
                    )
                )
        else:
            notes.append(
                N_("Devastating Wounds (11th): each line's mortal wounds follow that line's other damage.")
            )
    return order, notes


def unit_distribution(
    weapons: Sequence[Weapon] | Unit,
    target: Target,
    situation: Situation | None = None,
    *,
    edition: Edition = DEFAULT_EDITION,
) -> UnitOdds:
    """Exact odds of several weapon lines fired at one target, resolved one line after another.

    The state of the target (models slain, damage on the model being worked on) carries over
    from line to line, so damage left on a wounded model counts for the next weapon.

    >>> from rules.wh40k.profiles import parse_target, parse_weapon
    >>> one = parse_weapon("A1 BS2+ S8 AP-6 D1, torrent")     # always hits, wounds on 2+
    >>> odds = unit_distribution([one, one], parse_target("T4 Sv7+ W2"))
    >>> round(odds.slain.at_least(1), 4)                       # both must wound: (5/6)^2
    0.6944
    """
    lines = list(weapons.weapons if isinstance(weapons, Unit) else weapons)
    if not lines:
        raise ProfileError(_("A unit needs at least one weapon line."))
    situation = situation or Situation()
    plans = [plan(w, target, situation, edition=edition) for w in lines]
    total = sum(p.max_attacks for p in plans)
    if total > MAX_UNIT_ATTACKS:
        raise ProfileError(
            _(
                "That unit makes up to {total} attacks; the limit is {max_unit_attacks} for one "
                "volley. Split it into two volleys.",
                total=total,
                max_unit_attacks=MAX_UNIT_ATTACKS,
            )
        )
    order, notes = resolution_order(lines, edition)
    made = [_packets(p) for p in plans]
    lay = layout(plans[0].groups, plans[0].order)
    budget = [MAX_CHAIN_WORK]
    state: dict[int, float] = {0: 1.0}
    unsaved: list[float] = [0.0] * len(lines)
    for index in order:
        state, unsaved[index] = _allocate(made[index], plans[index], lay, state, budget)
    if len(lines) == 1:
        alone = [_odds(plans[0], made[0], state, lay, unsaved[0])]
    else:
        alone = [_odds(p, m, *_alone(m, p, lay, budget)) for p, m in zip(plans, made, strict=True)]
    return UnitOdds(
        wounds=_wounds(state, lay),
        slain=Distribution.of(_slain(state, lay)),
        weapons=tuple(alone),
        order=tuple(order),
        edition=edition,
        notes=tuple(notes),
    )


MAX_UNIT_ATTACKS = 600
"""Most attacks one unit's volley may make (each line counted at its maximum)."""


def _alone(made: _Packets, p: Plan, lay: Layout, budget: list[int]) -> tuple[dict[int, float], Layout, float]:
    final, unsaved = _allocate(made, p, lay, {0: 1.0}, budget)
    return final, lay, unsaved


def _odds(p: Plan, made: _Packets, final: dict[int, float], lay: Layout, unsaved: float) -> AttackOdds:
    return AttackOdds(
        wounds=_wounds(final, lay),
        slain=Distribution.of(_slain(final, lay)),
        mean_attacks=made.mean_attacks,
        mean_hits=made.mean_hits,
        mean_wounding=made.mean_wounding,
        mean_unsaved=unsaved,
        hazardous=made.hazardous,
        plan=p,
        notes=made.notes,
    )


def _wounds(final: dict[int, float], lay: Layout) -> Distribution:
    out: dict[int, float] = {}
    for s, q in final.items():
        w = lay.wounds(s)
        out[w] = out.get(w, 0.0) + q
    return Distribution.of(out)


def _cut(packets: Distribution) -> int:
    """The most events worth following: past it, the chance left is under :data:`TAIL`."""
    cut, tail = packets.maximum, 0.0
    for k, q in reversed(list(packets.items())):
        tail += q
        if tail > TAIL:
            cut = k
            break
    return cut


def _charge(budget: list[int], work: int, p: Plan, cut: int) -> None:
    budget[0] -= work
    if budget[0] < 0:
        unit = (
            f"{p.target_models} models of {p.target_wounds} wounds"
            if len(p.groups) == 1
            else f"{p.target_models} models with {sum(g.count * g.wounds for g in p.groups)} wounds"
        )
        raise ProfileError(
            _(
                "Working that out exactly would take too long ({unit} against up to {cut} unsaved "
                "attacks from one line). Use fewer attacks or models, or split the calculation.",
                unit=unit,
                cut=cut,
            )
        )


def _allocate(
    made: _Packets, p: Plan, lay: Layout, start: dict[int, float], budget: list[int]
) -> tuple[dict[int, float], float]:
    """Run one line's events into the unit, from the states in ``start``; return the states
    after it and the mean number of unsaved attacks.

    A Markov chain over :class:`Layout` states; the last one is "unit destroyed". Each event goes
    to the model the rules say (a wounded one first, the allocation order, Precision); damage
    past a model is lost. ``budget`` (one number, shared by every line of a volley) bounds the
    state updates.
    """
    moves = _moves(lay, made.losses, made.fails, p.precision)
    width = max((len(row) for row in moves), default=1)
    fails = made.fails

    def unsaved_now(current: dict[int, float]) -> float:
        if fails is None:
            return 1.0
        total = 0.0
        for s, q in current.items():
            where = lay.current(s, p.precision)
            total += q * (fails[lay.group(where[0], where[1])] if where else 0.0)
        return total

    if made.joint is None:
        packets = made.packets
        cut = _cut(packets)
        _charge(budget, cut * lay.states * width, p, cut)
        current = dict(start)
        final: dict[int, float] = {}
        weights = packets.as_dict()
        beyond = 1.0
        unsaved = 0.0
        for k in range(cut + 1):
            weight = weights.get(k, 0.0)
            if weight:
                for s, q in current.items():
                    final[s] = final.get(s, 0.0) + weight * q
            beyond -= weight
            if k == cut:
                break
            if fails is not None:
                unsaved += max(beyond, 0.0) * unsaved_now(current)
            current = _step(current, moves, lay.dead)
        return final, (packets.mean if fails is None else unsaved)
    mortal = _moves(lay, made.mortal_losses, None, p.precision)
    by_normal: dict[int, dict[int, float]] = {}
    for (n, m), q in made.joint.items():
        by_normal.setdefault(n, {})[m] = q
    top = _cut(made.packets)
    most_mortal = max(m for _, m in made.joint)
    _charge(budget, (top + 1) * (most_mortal + 2) * lay.states * width, p, top)
    current = dict(start)
    final = {}
    beyond = 1.0
    unsaved = sum(m * q for (_, m), q in made.joint.items())
    for n in range(top + 1):
        row = by_normal.get(n, {})
        if row:
            after = current
            for m in range(max(row) + 1):
                weight = row.get(m, 0.0)
                if weight:
                    for s, q in after.items():
                        final[s] = final.get(s, 0.0) + weight * q
                if m < max(row):
                    after = _step(after, mortal, lay.dead)
            beyond -= sum(row.values())
        if n == top:
            break
        unsaved += max(beyond, 0.0) * unsaved_now(current)
        current = _step(current, moves, lay.dead)
    return final, unsaved


def _slain(final: dict[int, float], lay: Layout) -> dict[int, float]:
    out: dict[int, float] = {}
    for s, q in final.items():
        key = lay.slain(s)
        out[key] = out.get(key, 0.0) + q
    return out


@dataclass(frozen=True)
class AttackRoll:
    """Every die of one attack sequence, step by step, and what got through."""

    attack_dice: tuple[tuple[int, ...], ...]
    attacks: int
    hit_dice: tuple[RolledDie, ...]
    sustained_dice: tuple[int, ...]
    hits: int
    lethal: int
    wound_dice: tuple[RolledDie, ...]
    wounds: int
    devastating: int
    save_dice: tuple[RolledDie, ...]
    unsaved: int
    damage: tuple[DamageStep, ...]
    wounds_dealt: int
    models_slain: int
    hazardous_dice: tuple[int, ...]
    plan: Plan
    notes: tuple[str, ...]
    state: int = 0
    """The target's state afterwards (a :class:`Layout` state), for the unit's next line."""
    all_slain: bool = False
    spare: int = 0
    """Unsaved attacks (and mortal wound packets) left over once every model was slain."""

    @property
    def hazardous_failed(self) -> int:
        return sum(1 for d in self.hazardous_dice if d == 1)

    def lines(self) -> list[str]:
        """The roll as text, one step a line (Discord markdown: criticals bold, re-rolls struck)."""
        return [str(line) for line in self.messages()]

    def messages(self) -> list[Message]:
        """:meth:`lines` as lazy messages, rendered in the reader's language where shown."""
        p = self.plan
        out = [
            _("Attacks: {n} (rolled {dice})", n=self.attacks, dice=_dice_text(self.attack_dice))
            if self.attack_dice
            else _("Attacks: {n}", n=self.attacks)
        ]
        if p.torrent:
            out.append(_("Hits: {n} (Torrent: every attack hits)", n=self.hits))
        else:
            mod = f" {p.hit_modifier:+d}" if p.hit_modifier else ""
            need = f"{p.hit_need}+{mod}"
            hits = ngettext("{n} hit", "{n} hits", self.hits, n=self.hits)
            extras: list[Message] = []
            if self.lethal:
                extras.append(_("{n} lethal", n=self.lethal))
            if self.sustained_dice:
                extras.append(_("sustained {dice}", dice=" ".join(map(str, self.sustained_dice))))
            out.append(
                _(
                    "Hit rolls ({need}): {dice} -> {hits}",
                    need=need,
                    dice=_rolled(self.hit_dice),
                    hits=(hits, *extras) if extras else hits,
                )
            )
        mod = f" {p.wound_modifier:+d}" if p.wound_modifier else ""
        need = f"{p.wound_need}+{mod}"
        wounds = ngettext("{n} wound", "{n} wounds", self.wounds, n=self.wounds)
        devastating = _("{n} devastating", n=self.devastating)
        out.append(
            _(
                "Wound rolls ({need}): {dice} -> {wounds}",
                need=need,
                dice=_rolled(self.wound_dice),
                wounds=(wounds, devastating) if self.devastating else wounds,
            )
        )
        needs = _save_needs(p)
        if not needs:
            out.append(_("Saves: none possible -> {n} unsaved", n=self.unsaved))
        else:
            out.append(
                _(
                    "Saves ({needs}): {dice} -> {n} unsaved",
                    needs=needs,
                    dice=_rolled(self.save_dice),
                    n=self.unsaved,
                )
            )
        for step in self.damage:
            values = {
                "damage": step.damage,
                "dice": f" ({' '.join(map(str, step.dice))})" if step.dice else "",
                "fnp": f", FNP {' '.join(map(str, step.fnp))}" if step.fnp else "",
                "model": step.model,
                "who": f" ({step.group})" if step.group else "",
                "lost": step.lost,
            }
            if step.mortal:
                line = (
                    _(
                        "  mortal damage {damage}{dice}{fnp} -> model {model}{who} loses {lost}, slain",
                        **values,
                    )
                    if step.slain
                    else _("  mortal damage {damage}{dice}{fnp} -> model {model}{who} loses {lost}", **values)
                )
            else:
                line = (
                    _("  damage {damage}{dice}{fnp} -> model {model}{who} loses {lost}, slain", **values)
                    if step.slain
                    else _("  damage {damage}{dice}{fnp} -> model {model}{who} loses {lost}", **values)
                )
            out.append(line)
        if self.spare:
            spare = (
                ngettext("{n} more unsaved attack", "{n} more unsaved attacks", self.spare, n=self.spare)
                if p.uniform_saves
                else ngettext("{n} more wound", "{n} more wounds", self.spare, n=self.spare)
            )
            out.append(_("  every model is slain: {spare} had no model left (not rolled)", spare=spare))
        out.append(
            _(
                "Wounds dealt: {wounds}; models slain: {slain}/{models}",
                wounds=self.wounds_dealt,
                slain=self.models_slain,
                models=p.target_models,
            )
        )
        if self.hazardous_dice:
            out.append(
                _(
                    "Hazardous: {dice} -> {n} failed ({mortals} mortal wounds on the attacker each)",
                    dice=" ".join(map(str, self.hazardous_dice)),
                    n=self.hazardous_failed,
                    mortals=HAZARDOUS_MORTALS,
                )
            )
        return out


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


_SAVE_KINDS = {"armour": N_("armour {need}+"), "invulnerable": N_("invulnerable {need}+")}


def _save_need(kind: str, need: int) -> Message:
    return _(_SAVE_KINDS.get(kind, "{kind} {need}+"), kind=kind, need=need)


def _save_needs(p: Plan) -> Message | tuple[Message, ...] | str:
    """``armour 4+``, or per group ``Boyz armour 5+, Nob armour 4+``; empty when none can save."""
    if p.uniform_saves:
        g = p.groups[0]
        return "" if g.save_need > 6 else _save_need(g.save_kind, g.save_need)
    return tuple(
        _("{group} none", group=p.groups[i].name)
        if p.groups[i].save_need > 6
        else _(
            "{group} {need}",
            group=p.groups[i].name,
            need=_save_need(p.groups[i].save_kind, p.groups[i].save_need),
        )
        for i in p.order
    )


def _dice_text(groups: tuple[tuple[int, ...], ...]) -> str:
    return ", ".join(" ".join(map(str, g)) for g in groups)


def _rolled(dice: tuple[RolledDie, ...]) -> str:
    parts = []
    for d in dice:
        text = f"**{d.value}**" if d.result is Result.CRITICAL else str(d.value)
        parts.append(f"~~{d.rerolled}~~ {text}" if d.rerolled is not None else text)
    return " ".join(parts) or "none"


def roll(
    weapon: Weapon,
    target: Target,
    situation: Situation | None,
    rng: random.Random,
    *,
    edition: Edition = DEFAULT_EDITION,
    start: int = 0,
) -> AttackRoll:
    """Roll the whole attack sequence with ``rng``, every die kept.

    ``start`` is the target's state before this weapon (a :class:`Layout` state: the wounds its
    models have lost, in allocation order), as a unit's earlier weapon lines leave it. Each
    unsaved attack goes to the model the rules give it to (a wounded one first, then the
    allocation order; the Leader last unless Precision); once every model is slain the rest is
    counted, not rolled.

    >>> from rules.wh40k.profiles import parse_target, parse_weapon
    >>> r = roll(parse_weapon("A3 BS3+ S4 AP0 D1"), parse_target("T4 Sv7+ W1 x3"), None, random.Random(1))
    >>> len(r.hit_dice), r.models_slain == r.wounds_dealt
    (3, True)
    """
    p = _cached_plan(weapon, target, situation or _NO_SITUATION, edition)
    attack_dice: list[tuple[int, ...]] = []
    attacks = 0
    for _unused in range(p.models):
        value, dice = p.attacks.roll(rng)
        bonus, bonus_dice = p.bonus_attacks.roll(rng)
        attacks += value + bonus
        if dice or bonus_dice:
            attack_dice.append(tuple(dice + bonus_dice))
    hit_dice: list[RolledDie] = []
    sustained_dice: list[int] = []
    to_wound = 0
    lethal = 0
    if p.torrent:
        to_wound = attacks
    else:
        hit_die = _d6(p.hit_need, p.hit_modifier, p.hit_critical, p.hit_reroll)
        for _ in range(attacks):
            die = hit_die.roll(rng)
            hit_dice.append(die)
            if die.result is Result.SUCCESS:
                to_wound += 1
            elif die.result is Result.CRITICAL:
                if p.lethal:
                    lethal += 1
                else:
                    to_wound += 1
                if p.sustained:
                    extra, dice = p.sustained.roll(rng)
                    sustained_dice.extend(dice)
                    to_wound += extra
    hits = to_wound + lethal
    wound_die = _d6(p.wound_need, p.wound_modifier, p.wound_critical, p.wound_reroll)
    wound_dice = [wound_die.roll(rng) for _ in range(to_wound)]
    devastating = sum(1 for d in wound_dice if d.result is Result.CRITICAL) if p.devastating else 0
    wounded = sum(1 for d in wound_dice if d.result is not Result.FAIL)
    to_save = wounded - devastating + lethal
    lay = layout(p.groups, p.order)
    taken = _Taken(p, lay, rng, start)
    save_dice: list[RolledDie] = []
    unsaved = 0
    if p.uniform_saves:  # one save for every model: roll them all, then allocate
        need = p.groups[0].save_need
        for _ in range(to_save):
            if need > 6:
                unsaved += 1
                continue
            value = rng.randint(1, 6)
            passed = value != 1 and value >= need
            save_dice.append(RolledDie(value, Result.SUCCESS if passed else Result.FAIL))
            unsaved += not passed
        for _ in range(unsaved):
            taken.hit(mortal=False)
    else:  # each save is rolled by the model the attack goes to
        for _ in range(to_save):
            where = lay.current(taken.state, p.precision)
            if where is None:
                taken.spare += 1
                continue
            need = p.groups[lay.group(where[0], where[1])].save_need
            if need <= 6:
                value = rng.randint(1, 6)
                passed = value != 1 and value >= need
                save_dice.append(RolledDie(value, Result.SUCCESS if passed else Result.FAIL))
                if passed:
                    continue
            unsaved += 1
            taken.hit(mortal=False)
    for _ in range(devastating):
        taken.hit(mortal=True)
    slain = lay.slain(taken.state) - lay.slain(start)
    hazardous = tuple(rng.randint(1, 6) for _ in range(p.models)) if p.hazardous else ()
    return AttackRoll(
        attack_dice=tuple(attack_dice),
        attacks=attacks,
        hit_dice=tuple(hit_dice),
        sustained_dice=tuple(sustained_dice),
        hits=hits,
        lethal=lethal,
        wound_dice=tuple(wound_dice),
        wounds=wounded + lethal,
        devastating=devastating,
        save_dice=tuple(save_dice),
        unsaved=unsaved,
        damage=tuple(taken.steps),
        wounds_dealt=lay.wounds(taken.state) - lay.wounds(start),
        models_slain=slain,
        hazardous_dice=hazardous,
        plan=p,
        notes=p.notes,
        state=taken.state,
        all_slain=taken.state == lay.dead,
        spare=taken.spare,
    )


class _Taken:
    """The target as one attack sequence rolls into it: each unsaved attack's damage to the
    model the rules give it to, until every model is slain (the rest is counted, not rolled)."""

    def __init__(self, p: Plan, lay: Layout, rng: random.Random, start: int) -> None:
        self.p, self.lay, self.rng, self.state = p, lay, rng, start
        self.steps: list[DamageStep] = []
        self.spare = 0

    def hit(self, *, mortal: bool) -> None:
        p, rng = self.p, self.rng
        where = self.lay.current(self.state, p.precision)
        if where is None:
            self.spare += 1
            return
        leader, index, already = where
        g = self.lay.group(leader, index)
        group = p.groups[g]
        value, first = p.damage.roll(rng)
        dice, rerolled = tuple(first), None
        if p.reroll_damage and value < p.damage_average:
            rerolled = dice
            value, again = p.damage.roll(rng)
            dice = tuple(again)
        melta = 0
        if p.melta:
            melta, melta_dice = p.melta.roll(rng)
            dice += tuple(melta_dice)
        damage = _damage_value(p, value, melta, group.mortal_reduction if mortal else group.reduction)
        fnp: tuple[int, ...] = ()
        lose = damage
        feel_no_pain = group.mortal_fnp if mortal else group.fnp
        if feel_no_pain is not None:
            fnp = tuple(rng.randint(1, 6) for _ in range(damage))
            lose = sum(1 for f in fnp if f < feel_no_pain)
        lost = min(lose, group.wounds - already)
        self.state = self.lay.advance(self.state, leader, index, lost)
        dies = already + lost >= group.wounds
        name = group.name if len(p.groups) > 1 else ""
        model = self.lay.model_number(leader, index)
        self.steps.append(DamageStep(dice, rerolled, damage, fnp, lost, model, dies, mortal, name))


@dataclass(frozen=True)
class UnitRoll:
    """A whole unit's volley rolled: one :class:`AttackRoll` per weapon line, in the order resolved.

    Once every model is slain the lines still to come are not rolled: ``order`` holds the lines
    rolled (one for each of ``rolls``), ``skipped`` the rest, in the order they would have gone."""

    rolls: tuple[AttackRoll, ...]
    order: tuple[int, ...]
    wounds_dealt: int
    models_slain: int
    target_models: int
    edition: Edition
    notes: tuple[str, ...]
    skipped: tuple[int, ...] = ()

    @property
    def hazardous_failed(self) -> int:
        return sum(r.hazardous_failed for r in self.rolls)


def roll_unit(
    weapons: Sequence[Weapon] | Unit,
    target: Target,
    situation: Situation | None,
    rng: random.Random,
    *,
    edition: Edition = DEFAULT_EDITION,
) -> UnitRoll:
    """Roll every weapon line of a unit in turn, the target's state carried from line to line;
    once every model is slain, the lines left have nothing to shoot at and are not rolled.

    >>> from rules.wh40k.profiles import parse_target, parse_weapon
    >>> w = parse_weapon("A3 BS3+ S4 AP0 D1")
    >>> r = roll_unit([w, w], parse_target("T4 Sv7+ W1 x5"), None, random.Random(1))
    >>> r.models_slain == sum(x.models_slain for x in r.rolls) <= 5
    True
    """
    lines = list(weapons.weapons if isinstance(weapons, Unit) else weapons)
    situation = situation or _NO_SITUATION
    plans = [_cached_plan(w, target, situation, edition) for w in lines]
    total = sum(p.max_attacks for p in plans)
    if total > MAX_UNIT_ATTACKS:
        raise ProfileError(
            _(
                "That unit makes up to {total} attacks; the limit is {max_unit_attacks} for one "
                "volley. Split it into two volleys.",
                total=total,
                max_unit_attacks=MAX_UNIT_ATTACKS,
            )
        )
    order, notes = resolution_order(lines, edition)
    lay = layout(plans[0].groups, plans[0].order)
    state = 0
    rolls = []
    for index in order:
        if state == lay.dead:
            break
        rolled = roll(lines[index], target, situation, rng, edition=edition, start=state)
        rolls.append(rolled)
        state = rolled.state
    return UnitRoll(
        rolls=tuple(rolls),
        order=tuple(order[: len(rolls)]),
        wounds_dealt=lay.wounds(state),
        models_slain=lay.slain(state),
        target_models=target.models,
        edition=edition,
        notes=tuple(notes),
        skipped=tuple(order[len(rolls) :]),
    )
