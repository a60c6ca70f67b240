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
from dataclasses import dataclass, field
from enum import StrEnum

from rules.distribution import (
    Distribution,
    bernoulli,
    convolve,
    mixture,
    power,
    powers,
)
from rules.wh40k.profiles import (
    COVER_KEYWORDS,
    DEFAULT_EDITION,
    MAX_ATTACKS,
    Amount,
    DamageReduction,
    Edition,
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


UNCONFIRMED_11TH = (
    "As in 10th edition, not confirmed for 11th: the +1/-1 caps on hit and wound rolls, "
    "Critical Hits and Wounds on unmodified 6s, the wound table, saves and damage."
)
"""Said in every 11th-edition reply: the steps no public source has confirmed for 11th edition."""


def _cover(weapon: Weapon, target: Target, situation: Situation, edition: Edition, notes: list[str]) -> bool:
    """Whether the target has the Benefit of Cover against this attack (the edition's rules)."""
    terrain = situation.cover or target.cover
    if weapon.melee or not (terrain or (target.stealth and edition is Edition.ELEVENTH)):
        return False
    if weapon.ignores_cover:
        notes.append("Ignores Cover: the target gets no Benefit of Cover.")
        return False
    if edition is Edition.ELEVENTH:
        if target.stealth:
            return True
        eligible = [k for k in target.keywords if k in COVER_KEYWORDS]
        if eligible:
            return True
        if any(k in _UNIT_TYPES for k in target.keywords):
            notes.append(
                "Cover (11th): only Infantry, Beast and Swarm units get cover in terrain, so not this target."
            )
            return False
        notes.append("Cover (11th): the target is taken to be Infantry, Beast or Swarm.")
        return True
    return True


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
    if target.mixed:
        raise ProfileError("Targets with several kinds of model are not worked out yet.")
    if edition is Edition.TENTH and (weapon.blast > 1 or weapon.cleave):
        what = f"Blast {weapon.blast}" if weapon.blast > 1 else f"Cleave {weapon.cleave}"
        instead = (
            "10th edition has only plain `blast`. Use `edition: 11th`, or write `blast`."
            if weapon.blast > 1
            else "10th edition has no Cleave. Use `edition: 11th`, or leave `cleave` out."
        )
        raise ProfileError(f"{what} is an 11th-edition ability; {instead}")
    bonus = Amount.flat(0)
    if weapon.rapid_fire and situation.half_range:
        bonus = weapon.rapid_fire
        notes.append(f"Rapid Fire: +{weapon.rapid_fire.text} attacks at half range.")
    per_five = max(weapon.blast, weapon.cleave)
    if per_five and target.models >= 5:
        extra = per_five * (target.models // 5)
        bonus = Amount(count=bonus.count, sides=bonus.sides, bonus=bonus.bonus + extra)
        name = "Blast" if weapon.blast else "Cleave"
        notes.append(f"{name}: +{extra} attack(s) against {target.models} models.")
    hit_modifier = weapon.hit_modifier + target.hit_modifier
    if weapon.heavy and situation.stationary and not weapon.melee:
        hit_modifier += 1
    cover = _cover(weapon, target, situation, edition, notes)
    skill_penalty = 0
    cover_note = ""
    if target.stealth and edition is Edition.TENTH and not weapon.melee:
        hit_modifier -= 1
        notes.append("Stealth (10th): -1 to the hit roll of ranged attacks.")
    if cover and edition is Edition.ELEVENTH and weapon.torrent:
        notes.append("Benefit of Cover (11th): -1 to BS, which a Torrent weapon does not roll.")
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
    armour_modifier = -weapon.ap
    save_cover = cover and edition is Edition.TENTH
    if save_cover and target.save <= 3 and weapon.ap == 0:
        notes.append("Cover (10th): a Sv 3+ or better model gets no cover against AP 0.")
        save_cover = False
    if save_cover:
        armour_modifier += 1
        notes.append("Benefit of Cover (10th): +1 to the armour save.")
    armour_need = max(2, target.save - min(1, armour_modifier))
    save_need, save_kind = armour_need, "armour"
    if target.invulnerable is not None and target.invulnerable < armour_need:
        save_need, save_kind = target.invulnerable, "invulnerable"
    if save_need > 6:
        save_need, save_kind = 7, "none"
    if edition is Edition.ELEVENTH and weapon.hazardous:
        notes.append(
            "Hazardous as in 10th edition (one D6 per model, 3 mortal wounds on a 1): not confirmed for 11th."
        )
    if edition is Edition.ELEVENTH and weapon.lethal_hits and weapon.devastating_wounds:
        notes.append("Lethal Hits (11th) is optional; Herald always takes the automatic wound.")
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
        reduction=target.damage_reduction,
        fnp=target.feel_no_pain,
        target_models=target.models,
        target_wounds=target.wounds,
        hazardous=weapon.hazardous,
        damage_average=weapon.damage.distribution().mean,
        edition=edition,
        notes=tuple(notes),
    )
    if result.max_attacks > MAX_ATTACKS:
        raise ProfileError(
            f"That is up to {result.max_attacks} attacks; the limit is {MAX_ATTACKS} per weapon line. "
            "Split the unit into several lines."
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


def _damage_value(p: Plan, rolled: int, melta: int) -> int:
    value = rolled + melta
    if p.reduction is DamageReduction.HALVE:
        value = math.ceil(value / 2)
    elif p.reduction is DamageReduction.MINUS_ONE and value > 0:
        value = max(1, value - 1)
    return value


def _damage_distribution(p: Plan) -> Distribution:
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
            key = _damage_value(p, v, m)
            out[key] = out.get(key, 0.0) + q * r
    return Distribution.of(out)


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
    """One weapon's unsaved attacks: how many (a distribution) and the wounds each one costs."""

    packets: Distribution
    lost: Distribution
    mean_attacks: float
    mean_hits: float
    mean_wounding: float
    hazardous: Distribution | None
    notes: tuple[str, ...]


def _packets(p: Plan) -> _Packets:
    hit = _die_odds(p.hit_need, p.hit_modifier, p.hit_critical, p.hit_reroll)
    if p.torrent:
        hit = {Result.FAIL: 0.0, Result.SUCCESS: 1.0, Result.CRITICAL: 0.0}
    wound = _die_odds(p.wound_need, p.wound_modifier, p.wound_critical, p.wound_reroll)
    fail_save = 1.0 if p.save_need > 6 else (p.save_need - 1) / 6
    dev = wound[Result.CRITICAL] if p.devastating else 0.0
    through_save = wound[Result.SUCCESS] + wound[Result.CRITICAL] - dev
    per_hit = bernoulli(through_save * fail_save + dev)
    sustained = p.sustained.distribution() if p.sustained else Distribution.constant(0)
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
    per_model = convolve(p.attacks.distribution(), p.bonus_attacks.distribution())
    attacks = power(per_model, p.models)
    packet_powers = powers(per_attack, attacks.maximum)
    packets = mixture((q, packet_powers[a]) for a, q in attacks.items())
    lost = _after_fnp(_damage_distribution(p), p.fnp)
    hits_per_attack = hit[Result.SUCCESS] + hit[Result.CRITICAL] * (1 + sustained.mean)
    wounding = (hits_per_attack - (hit[Result.CRITICAL] if p.lethal else 0.0)) * (
        wound[Result.SUCCESS] + wound[Result.CRITICAL]
    ) + (hit[Result.CRITICAL] if p.lethal else 0.0)
    notes = list(p.notes)
    if p.reroll_damage:
        notes.append(f"Damage rolls below {p.damage.distribution().mean:g} are re-rolled.")
    return _Packets(
        packets=packets,
        lost=lost,
        mean_attacks=attacks.mean,
        mean_hits=attacks.mean * hits_per_attack,
        mean_wounding=attacks.mean * wounding,
        hazardous=power(bernoulli(1 / 6), p.models) if p.hazardous else None,
        notes=tuple(notes),
    )


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
            notes.append("Devastating Wounds (10th): those weapon lines are resolved last.")
            if len(devastating) > 1:
                notes.append(
                    "With several Devastating Wounds lines, each line's mortal wounds follow its own attacks."
                )
        else:
            notes.append(
                "Devastating Wounds (11th): each line's mortal wounds follow that line's other damage."
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
        raise ProfileError("A unit needs at least one weapon line.")
    situation = situation or Situation()
    plans = [plan(w, target, situation, edition=edition) for w in lines]
    total = sum(p.max_attacks for p in plans)
    if total > MAX_UNIT_ATTACKS:
        raise ProfileError(
            f"That unit makes up to {total} attacks; the limit is {MAX_UNIT_ATTACKS} for one volley. "
            "Split it into two volleys."
        )
    order, notes = resolution_order(lines, edition)
    made = [_packets(p) for p in plans]
    models, wounds = target.models, target.wounds
    budget = [MAX_CHAIN_WORK]
    state: dict[int, float] = {0: 1.0}
    for index in order:
        state = _allocate(made[index].packets, made[index].lost, models, wounds, state, budget)
    if len(lines) == 1:
        alone = [_odds(plans[0], made[0], state, models, wounds)]
    else:
        alone = [
            _odds(p, m, _allocate(m.packets, m.lost, models, wounds, {0: 1.0}, budget), models, wounds)
            for p, m in zip(plans, made, strict=True)
        ]
    return UnitOdds(
        wounds=_wounds(state, models, wounds),
        slain=Distribution.of(_slain(state, wounds, models * wounds, models)),
        weapons=tuple(alone),
        order=tuple(order),
        edition=edition,
        notes=tuple(notes),
    )


MAX_UNIT_ATTACKS = 600
"""Most attacks one unit's volley may make (each line counted at its maximum)."""


def _odds(p: Plan, made: _Packets, final: dict[int, float], models: int, wounds: int) -> AttackOdds:
    return AttackOdds(
        wounds=_wounds(final, models, wounds),
        slain=Distribution.of(_slain(final, wounds, models * wounds, models)),
        mean_attacks=made.mean_attacks,
        mean_hits=made.mean_hits,
        mean_wounding=made.mean_wounding,
        mean_unsaved=made.packets.mean,
        hazardous=made.hazardous,
        plan=p,
        notes=made.notes,
    )


def _wounds(final: dict[int, float], models: int, wounds: int) -> Distribution:
    dead = models * wounds
    return Distribution.of({min(s, dead): q for s, q in final.items()})


def _allocate(
    packets: Distribution,
    lost: Distribution,
    models: int,
    wounds: int,
    start: dict[int, float],
    budget: list[int],
) -> dict[int, float]:
    """Run unsaved attacks one by one into the unit, from the states in ``start``.

    A Markov chain over (models slain, damage on the current model) = ``slain * wounds + taken``;
    the last state (``models * wounds``) is "unit destroyed". Damage past a model is lost.
    ``budget`` (one number, shared by every line of a volley) bounds the state updates.
    """
    cut, tail = packets.maximum, 0.0
    for k, q in reversed(list(packets.items())):
        tail += q
        if tail > TAIL:
            cut = k
            break
    steps = [(v, q) for v, q in lost.items()]
    dead = models * wounds
    work = cut * (dead + 1) * len(steps)
    budget[0] -= work
    if budget[0] < 0:
        raise ProfileError(
            f"Working that out exactly would take too long ({models} models of {wounds} wounds against up to "
            f"{cut} unsaved attacks from one line). Use fewer attacks or models, or split the calculation."
        )
    moves: list[list[tuple[int, float]]] = []
    for s in range(dead):
        slain, taken = divmod(s, wounds)
        row: dict[int, float] = {}
        for v, q in steps:
            nxt = s + v
            if taken + v >= wounds:
                nxt = dead if slain + 1 == models else (slain + 1) * wounds
            row[nxt] = row.get(nxt, 0.0) + q
        moves.append(list(row.items()))
    current = dict(start)
    final: dict[int, float] = {}
    weights = packets.as_dict()
    for k in range(cut + 1):
        weight = weights.get(k, 0.0)
        if weight:
            for s, q in current.items():
                final[s] = final.get(s, 0.0) + weight * q
        if k == cut:
            break
        nxt: dict[int, float] = {}
        for s, q in current.items():
            if s == dead:
                nxt[dead] = nxt.get(dead, 0.0) + q
                continue
            for t, r in moves[s]:
                nxt[t] = nxt.get(t, 0.0) + q * r
        current = {s: q for s, q in nxt.items() if q > 1e-18}
    return final


def _slain(final: dict[int, float], wounds: int, dead: int, models: int) -> dict[int, float]:
    out: dict[int, float] = {}
    for s, q in final.items():
        key = models if s == dead else s // wounds
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
    after: tuple[int, int] = (0, 0)
    """The target's state afterwards: models slain in all, wounds lost by the model being worked on."""

    @property
    def hazardous_failed(self) -> int:
        return sum(1 for d in self.hazardous_dice if d == 1)

    def lines(self) -> list[str]:
        """The roll as text, one step a line (Discord markdown: criticals bold, re-rolls struck)."""
        p = self.plan
        out = [
            f"Attacks: {self.attacks}"
            + (f" (rolled {_dice_text(self.attack_dice)})" if self.attack_dice else "")
        ]
        if p.torrent:
            out.append(f"Hits: {self.hits} (Torrent: every attack hits)")
        else:
            mod = f" {p.hit_modifier:+d}" if p.hit_modifier else ""
            extra = f", sustained {' '.join(map(str, self.sustained_dice))}" if self.sustained_dice else ""
            out.append(
                f"Hit rolls ({p.hit_need}+{mod}): {_rolled(self.hit_dice)} -> {self.hits} hits"
                + (f", {self.lethal} lethal" if self.lethal else "")
                + extra
            )
        mod = f" {p.wound_modifier:+d}" if p.wound_modifier else ""
        out.append(
            f"Wound rolls ({p.wound_need}+{mod}): {_rolled(self.wound_dice)} -> {self.wounds} wounds"
            + (f", {self.devastating} devastating" if self.devastating else "")
        )
        if p.save_need > 6:
            out.append(f"Saves: none possible -> {self.unsaved} unsaved")
        else:
            out.append(
                f"Saves ({p.save_kind} {p.save_need}+): {_rolled(self.save_dice)} -> {self.unsaved} unsaved"
            )
        for step in self.damage:
            dice = f" ({' '.join(map(str, step.dice))})" if step.dice else ""
            fnp = f", FNP {' '.join(map(str, step.fnp))}" if step.fnp else ""
            kind = "mortal " if step.mortal else ""
            end = ", slain" if step.slain else ""
            out.append(
                f"  {kind}damage {step.damage}{dice}{fnp} -> model {step.model} loses {step.lost}{end}"
            )
        out.append(f"Wounds dealt: {self.wounds_dealt}; models slain: {self.models_slain}/{p.target_models}")
        if self.hazardous_dice:
            out.append(
                f"Hazardous: {' '.join(map(str, self.hazardous_dice))} -> {self.hazardous_failed} failed "
                f"({HAZARDOUS_MORTALS} mortal wounds on the attacker each)"
            )
        return out


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
    start: tuple[int, int] = (0, 0),
) -> AttackRoll:
    """Roll the whole attack sequence with ``rng``, every die kept.

    ``start`` is the target's state before this weapon: models already slain and wounds already
    lost by the model being worked on (a unit's earlier weapon lines leave them).

    >>> from rules.wh40k.profiles import parse_target, parse_weapon
    >>> r = roll(parse_weapon("A3 BS3+ S4 AP0 D1"), parse_target("T4 Sv7+ W1 x3"), None, random.Random(1))
    >>> len(r.hit_dice), r.models_slain == r.wounds_dealt
    (3, True)
    """
    p = _cached_plan(weapon, target, situation or _NO_SITUATION, edition)
    attack_dice: list[tuple[int, ...]] = []
    attacks = 0
    for _ in range(p.models):
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
    save_dice: list[RolledDie] = []
    unsaved = 0
    for _ in range(to_save):
        if p.save_need > 6:
            unsaved += 1
            continue
        value = rng.randint(1, 6)
        passed = value != 1 and value >= p.save_need
        save_dice.append(RolledDie(value, Result.SUCCESS if passed else Result.FAIL))
        unsaved += not passed
    steps: list[DamageStep] = []
    slain, taken = start
    for mortal in [False] * unsaved + [True] * devastating:
        dice: tuple[int, ...]
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
        damage = _damage_value(p, value, melta)
        fnp: tuple[int, ...] = ()
        lose = damage
        if p.fnp is not None:
            fnp = tuple(rng.randint(1, 6) for _ in range(damage))
            lose = sum(1 for f in fnp if f < p.fnp)
        if slain >= p.target_models:
            steps.append(DamageStep(dice, rerolled, damage, fnp, 0, p.target_models, False, mortal))
            continue
        lost = min(lose, p.target_wounds - taken)
        taken += lost
        dies = taken >= p.target_wounds
        steps.append(DamageStep(dice, rerolled, damage, fnp, lost, slain + 1, dies, mortal))
        if dies:
            slain, taken = slain + 1, 0
    wounds_dealt = slain * p.target_wounds + taken - (start[0] * p.target_wounds + start[1])
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
        damage=tuple(steps),
        wounds_dealt=wounds_dealt,
        models_slain=slain - start[0],
        hazardous_dice=hazardous,
        plan=p,
        notes=p.notes,
        after=(slain, taken),
    )


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
            f"That unit makes up to {total} attacks; the limit is {MAX_UNIT_ATTACKS} for one volley. "
            "Split it into two volleys."
        )
    order, notes = resolution_order(lines, edition)
    state = (0, 0)
    rolls = []
    for index in order:
        if state[0] >= target.models:
            break
        rolled = roll(lines[index], target, situation, rng, edition=edition, start=state)
        rolls.append(rolled)
        state = rolled.after
    return UnitRoll(
        rolls=tuple(rolls),
        order=tuple(order[: len(rolls)]),
        wounds_dealt=state[0] * target.wounds + state[1],
        models_slain=state[0],
        target_models=target.models,
        edition=edition,
        notes=tuple(notes),
        skipped=tuple(order[len(rolls) :]),
    )
