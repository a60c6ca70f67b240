"""Saving rolls: what each hit makes the target roll, and what a failed save costs.

Every save is reduced to one number, the highest d20 face that passes it:

* N5: ARM (or BTS) + the weapon's PS + 3 in partial cover;
* N4: the Attack Damage is DAM - ARM (or BTS) - 3 in partial cover, and a d20 at or below it is
  a wound, so the save passes on 20 - Attack Damage or less.

With PS = 20 - DAM both give the same odds. AP halves ARM or BTS (rounding up) before cover, and
E/M halves BTS the same way, AP or not (the Ammunition chart, N4 and N5).

Saves per hit and per Critical, by ammunition: N, AP, Shock and PARA 1 and 2; Stun 1 and 2 in N5,
2 and 3 in N4; DA and E/M 2 and 3; EXP 3 and 4; Plasma one ARM and one BTS save per hit, a
Critical adding an ARM save. E/M saves on BTS; Stun on ARM or BTS as its weapon says (BTS unless
told ``STUN(ARM)``); PARA on PH-6. T2 makes each failed save cost 2 wounds, except the Critical's
extra save, which costs 1. Continuous Damage rolls a save again after each failure, until one
passes; the Critical's extra save is never continuous.

Where our source is silent we take the readings common calculators use, and say so:

* a chain of continuous saves is cut after :data:`CONTINUOUS_DEPTH` failures (the rule goes on
  until the target is Dead, which depends on the target's wounds); the cut chain counts as that
  many failures;
* PARA saves on PH-6, an attribute with a MOD, so the weapon's PS does not add to it (a PH 10
  target passes on 4 or less); in N5 partial cover adds its 3 as to any save, in N4 it is a
  plain PH-6 roll (no DAM, no cover);
* Shock counts as N here: what it adds (Dead instead of Unconscious for a trooper without
  immunity) is a state for the players to apply, not an extra failed save;
* E/M, PARA and Stun impose a state rather than wounds: for them a "wound" is a failed save;
* T2 and Continuous Damage apply to every save of the ammunition (Plasma's BTS save included),
  never to the Critical's extra save.

>>> from rules.infinity.side import Side
>>> plan = save_plan(Side(ps=4, ammo=Ammunition.DA), Side(arm=2))
>>> [(s.attribute.value, s.passes_on) for s in plan.per_hit], plan.critical_extra.passes_on
([('ARM', 6), ('ARM', 6)], 6)
"""

from __future__ import annotations

import random
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict

from rules.errors import RuleError
from rules.i18n import Message, _, ngettext
from rules.infinity.dice import FACES, Edition
from rules.infinity.side import COVER_BONUS, PARA_PH_MODIFIER, Ammunition, Side

CONTINUOUS_DEPTH = 6
"""A chain of Continuous Damage saves stops after this many failures in a row."""


class SaveAttribute(StrEnum):
    """The target's attribute a save is made against."""

    ARM = "ARM"
    BTS = "BTS"
    PH = "PH-6"


class Save(BaseModel):
    """One saving roll a hit causes: against what, the highest passing face, and what failing costs."""

    model_config = ConfigDict(frozen=True)

    attribute: SaveAttribute
    passes_on: int
    """A d20 at or below this passes (0: never passes, 20: always)."""
    cost: int = 1
    continuous: bool = False
    wounds_at_most: int | None = None
    """N4's ARM and BTS saves: the Attack Damage, a d20 at or below which fails the save (the d20
    plus ARM does not beat DAM). N4 fails the low faces where N5 fails the high ones; the chance
    is the same (``passes_on`` = 20 - this). None: the save passes at or below ``passes_on``."""

    def passes(self, face: int) -> bool:
        """Does a d20 showing ``face`` pass this save?

        >>> n4 = Save(attribute=SaveAttribute.ARM, passes_on=10, wounds_at_most=10)
        >>> n4.passes(2), n4.passes(12), Save(attribute=SaveAttribute.ARM, passes_on=10).passes(2)
        (False, True, True)
        """
        if self.wounds_at_most is not None:
            return face > self.wounds_at_most
        return face <= self.passes_on

    @property
    def fail_chance(self) -> float:
        """The chance that one roll of this save fails.

        >>> Save(attribute=SaveAttribute.ARM, passes_on=15).fail_chance
        0.25
        """
        return (FACES - self.passes_on) / FACES


class SavePlan(BaseModel):
    """What each hit of one side makes the other side roll."""

    model_config = ConfigDict(frozen=True)

    per_hit: list[Save]
    critical_extra: Save
    causes_wounds: bool


_SAVES_PER_HIT_N4 = {Ammunition.STUN: 2}
"""Where N4's chart differs from N5's: Stun makes 2 saves a hit (3 on a Critical)."""
_SAVES_PER_HIT = {
    Ammunition.N: 1,
    Ammunition.SHOCK: 1,
    Ammunition.STUN: 1,
    Ammunition.PARA: 1,
    Ammunition.PLASMA: 1,
    Ammunition.DA: 2,
    Ammunition.EM: 2,
    Ammunition.EXP: 3,
}


def _saves_per_hit(ammo: Ammunition, edition: Edition) -> int:
    if edition is Edition.N4:
        return _SAVES_PER_HIT_N4.get(ammo, _SAVES_PER_HIT[ammo])
    return _SAVES_PER_HIT[ammo]


def _attribute_for(attacker: Side) -> SaveAttribute:
    ammo = attacker.ammo
    if ammo is Ammunition.STUN:
        return SaveAttribute(attacker.stun_save.value)
    if ammo is Ammunition.EM:
        return SaveAttribute.BTS
    if ammo is Ammunition.PARA:
        return SaveAttribute.PH
    return SaveAttribute.ARM


def passes_on(attacker: Side, target: Side, attribute: SaveAttribute, edition: Edition = Edition.N5) -> int:
    """The highest d20 face on which ``target`` passes a save of ``attribute`` against ``attacker``.

    >>> from rules.infinity.side import Side
    >>> passes_on(Side(ps=4), Side(arm=3, cover=True), SaveAttribute.ARM)
    10
    >>> passes_on(Side(dam=14), Side(arm=3, cover=True), SaveAttribute.ARM, Edition.N4)
    12
    >>> passes_on(Side(dam=14, ap=True), Side(arm=3), SaveAttribute.ARM, Edition.N4)
    8

    E/M halves BTS; PARA saves on PH-6, which the weapon's PS does not add to:

    >>> passes_on(Side(ps=7, ammo=Ammunition.EM), Side(bts=6), SaveAttribute.BTS)
    10
    >>> passes_on(Side(ps=7, ammo=Ammunition.PARA), Side(ph=10), SaveAttribute.PH)
    4
    """
    if attribute is SaveAttribute.PH:
        if target.ph is None:
            raise RuleError(
                _("PARA saves are made against the target's PH-6: give the target's PH, e.g. PH10.")
            )
        base = target.ph + PARA_PH_MODIFIER
        if edition is Edition.N4:
            return max(0, min(FACES, base))
        return max(0, min(FACES, base + (COVER_BONUS if target.cover else 0)))
    value = target.arm if attribute is SaveAttribute.ARM else target.bts
    halved = attacker.ap or (attacker.ammo is Ammunition.EM and attribute is SaveAttribute.BTS)
    if halved:
        value = (value + 1) // 2
    cover = COVER_BONUS if target.cover else 0
    if edition is Edition.N4:
        attack_damage = attacker.weapon_dam() - value - cover
        return FACES - max(0, min(FACES, attack_damage))
    return max(0, min(FACES, value + attacker.weapon_ps() + cover))


def _save(
    attacker: Side, target: Side, attribute: SaveAttribute, edition: Edition, *, cost: int, continuous: bool
) -> Save:
    on = passes_on(attacker, target, attribute, edition)
    # N4 compares d20 + ARM (or BTS) with DAM: the low faces fail. PARA's PH-6 is a plain roll.
    mirrored = edition is Edition.N4 and attribute is not SaveAttribute.PH
    return Save(
        attribute=attribute,
        passes_on=on,
        cost=cost,
        continuous=continuous,
        wounds_at_most=FACES - on if mirrored else None,
    )


def save_plan(attacker: Side, target: Side, edition: Edition = Edition.N5) -> SavePlan:
    """The saves each of ``attacker``'s hits makes ``target`` roll.

    >>> from rules.infinity.side import Side
    >>> plan = save_plan(Side(ps=5, ammo=Ammunition.PLASMA), Side(arm=2, bts=3))
    >>> [(s.attribute.value, s.passes_on) for s in plan.per_hit], plan.critical_extra.attribute.value
    ([('ARM', 7), ('BTS', 8)], 'ARM')
    """
    ammo = attacker.ammo
    cost = 2 if attacker.t2 else 1
    attribute = _attribute_for(attacker)
    main = _save(attacker, target, attribute, edition, cost=cost, continuous=attacker.continuous)
    per_hit = [main] * _saves_per_hit(ammo, edition)
    if ammo is Ammunition.PLASMA:
        per_hit = [
            main,
            _save(attacker, target, SaveAttribute.BTS, edition, cost=cost, continuous=attacker.continuous),
        ]
    extra = main.model_copy(update={"cost": 1, "continuous": False})
    return SavePlan(per_hit=per_hit, critical_extra=extra, causes_wounds=ammo.causes_wounds)


def save_note(attacker: Side, edition: Edition = Edition.N5) -> Message | None:
    """What ``attacker``'s ammunition makes the target save on, for the ones players get wrong.

    >>> str(save_note(Side(ammo=Ammunition.EM)))
    'E/M: 2 BTS saves a hit (3 on a Critical) against half the BTS'
    >>> str(save_note(Side(ammo=Ammunition.STUN), Edition.N4))
    'STUN: 2 BTS saves a hit (3 on a Critical)'
    """
    ammo = attacker.ammo
    if ammo is Ammunition.EM:
        return _("E/M: 2 BTS saves a hit (3 on a Critical) against half the BTS")
    if ammo is Ammunition.PARA:
        return _("PARA: saves on PH-6, the weapon's PS not added")
    if ammo is Ammunition.STUN:
        count = _saves_per_hit(ammo, edition)
        if attacker.stun_save.value == "ARM":
            return ngettext(
                "STUN: {n} ARM save a hit ({more} on a Critical)",
                "STUN: {n} ARM saves a hit ({more} on a Critical)",
                count,
                n=count,
                more=count + 1,
            )
        return ngettext(
            "STUN: {n} BTS save a hit ({more} on a Critical)",
            "STUN: {n} BTS saves a hit ({more} on a Critical)",
            count,
            n=count,
            more=count + 1,
        )
    return None


class Scaled(NamedTuple):
    """Chances kept exact as whole numbers over a power of 20: ``counts[w] / 20**exponent``.

    Every chance here is a count of d20 faces, so whole numbers are exact and convolve fast.

    >>> Scaled([3, 1], 1).fractions(), Scaled([3, 1], 1).floats()
    ([Fraction(3, 20), Fraction(1, 20)], [0.15, 0.05])
    """

    counts: list[int]
    exponent: int

    def fractions(self) -> list[Fraction]:
        """The chances as exact fractions."""
        return [Fraction(c, FACES**self.exponent) for c in self.counts]

    def floats(self) -> list[float]:
        # int / int is correctly rounded in Python, however large the numbers
        denominator = FACES**self.exponent
        return [c / denominator for c in self.counts]


def save_polynomial(save: Save) -> Scaled:
    """The chance that this one save (or chain of continuous saves) costs 0, 1, 2... wounds.

    >>> save_polynomial(Save(attribute=SaveAttribute.ARM, passes_on=15)).floats()
    [0.75, 0.25]
    >>> save_polynomial(Save(attribute=SaveAttribute.ARM, passes_on=10, cost=2)).floats()
    [0.5, 0.0, 0.5]
    """
    fail = FACES - save.passes_on
    passes = save.passes_on
    if not save.continuous:
        counts = [0] * (save.cost + 1)
        counts[0] += passes
        counts[save.cost] += fail
        return Scaled(counts, 1)
    # j failures then a pass: fail**j * passes over 20**(j + 1), brought to 20**CONTINUOUS_DEPTH
    counts = [0] * (save.cost * CONTINUOUS_DEPTH + 1)
    for failures in range(CONTINUOUS_DEPTH):
        counts[failures * save.cost] = fail**failures * passes * FACES ** (CONTINUOUS_DEPTH - failures - 1)
    counts[CONTINUOUS_DEPTH * save.cost] = fail**CONTINUOUS_DEPTH
    return Scaled(counts, CONTINUOUS_DEPTH)


def convolve(a: Scaled, b: Scaled) -> Scaled:
    """The distribution of the sum of two independent counts.

    >>> convolve(Scaled([10, 10], 1), Scaled([10, 10], 1)).floats()
    [0.25, 0.5, 0.25]
    """
    out = [0] * (len(a.counts) + len(b.counts) - 1)
    others = [(j, y) for j, y in enumerate(b.counts) if y]
    for i, x in enumerate(a.counts):
        if x:
            for j, y in others:
                out[i + j] += x * y
    return Scaled(out, a.exponent + b.exponent)


ONE = Scaled([1], 0)
"""Certainty: no wounds, chance 1."""


def hit_polynomials(plan: SavePlan) -> tuple[Scaled, Scaled]:
    """Wounds from one ordinary hit and from one Critical hit, as distributions.

    >>> from rules.infinity.side import Side
    >>> normal, critical = hit_polynomials(save_plan(Side(ps=10), Side(arm=0)))
    >>> normal.floats(), critical.floats()
    ([0.5, 0.5], [0.25, 0.5, 0.25])
    """
    normal = ONE
    for save in plan.per_hit:
        normal = convolve(normal, save_polynomial(save))
    return normal, convolve(normal, save_polynomial(plan.critical_extra))


class SaveRoll(BaseModel):
    """One saving roll made: which hit caused it, the face, and what it cost."""

    model_config = ConfigDict(frozen=True)

    hit: int
    """Index of the winning side's die that caused this save."""
    attribute: SaveAttribute
    passes_on: int
    face: int
    passed: bool
    wounds: int
    critical_extra: bool = False
    chain_step: int = 0
    """0 for the first roll; 1, 2... for Continuous Damage rolls after a failure."""
    wounds_at_most: int | None = None
    """N4: the Attack Damage; the save failed on a face at or below it (see :class:`Save`)."""


def roll_saves(hit: int, save: Save, rng: random.Random, *, critical_extra: bool = False) -> list[SaveRoll]:
    """Roll one save (and, for Continuous Damage, again after each failure, up to the depth).

    >>> burning = Save(attribute=SaveAttribute.ARM, passes_on=6, continuous=True)
    >>> rolls = roll_saves(0, burning, random.Random(4))
    >>> [(r.face, r.passed) for r in rolls]
    [(8, False), (10, False), (4, True)]
    """
    rolls: list[SaveRoll] = []
    for step in range(CONTINUOUS_DEPTH if save.continuous else 1):
        face = rng.randint(1, FACES)
        passed = save.passes(face)
        rolls.append(
            SaveRoll(
                hit=hit,
                attribute=save.attribute,
                passes_on=save.passes_on,
                face=face,
                passed=passed,
                wounds=0 if passed else save.cost,
                critical_extra=critical_extra,
                chain_step=step,
                wounds_at_most=save.wounds_at_most,
            )
        )
        if passed:
            break
    return rolls
