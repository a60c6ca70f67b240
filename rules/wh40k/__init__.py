"""Warhammer 40,000 (11th edition, and 10th on request): the attack sequence, rolled or as exact odds,
for one weapon line or a whole unit's volley (see docs/40k-editions.md for what differs).

How a cog drives it::

    weapon = parse_weapon("A4 BS3+ S5 AP-1 D2, lethal hits")   # ProfileError points at a typo
    target = parse_target("T4 Sv3+ W2 x5 inv5+ fnp6+")
    situation = parse_situation("half range, cover")            # or Situation(half_range=True)
    rolled = roll(weapon, target, situation, rng)                # rolled.lines(): every die
    odds = distribution(weapon, target, situation)               # odds.wounds, odds.slain
    unit = parse_unit("bolt rifle: A2 BS3+ S4 AP-1 D1 x9; plasma gun: A1 BS3+ S8 AP-3 D2")
    volley = unit_distribution(unit, target, situation, edition=Edition.TENTH)

>>> from rules.wh40k import distribution, parse_target, parse_weapon
>>> odds = distribution(parse_weapon("A10 BS4+ S4 AP0 D1"), parse_target("T4 Sv7+ W1 x10"))
>>> odds.slain.mean
2.5
"""

from __future__ import annotations

from rules.wh40k.attack import (
    AttackOdds,
    AttackRoll,
    DamageStep,
    RolledDie,
    UnitOdds,
    UnitRoll,
    distribution,
    roll,
    roll_unit,
    unit_distribution,
    wound_roll_needed,
)
from rules.wh40k.profiles import (
    MAX_ATTACKS,
    MAX_TARGET_MODELS,
    Amount,
    DamageReduction,
    Edition,
    ProfileError,
    Reroll,
    Situation,
    Target,
    Unit,
    Weapon,
    parse_edition,
    parse_situation,
    parse_target,
    parse_unit,
    parse_weapon,
)

__all__ = [
    "MAX_ATTACKS",
    "MAX_TARGET_MODELS",
    "Amount",
    "AttackOdds",
    "AttackRoll",
    "DamageReduction",
    "DamageStep",
    "Edition",
    "ProfileError",
    "Reroll",
    "RolledDie",
    "Situation",
    "Target",
    "Unit",
    "UnitOdds",
    "UnitRoll",
    "Weapon",
    "distribution",
    "parse_edition",
    "parse_situation",
    "parse_target",
    "parse_unit",
    "parse_weapon",
    "roll",
    "roll_unit",
    "unit_distribution",
    "wound_roll_needed",
]
