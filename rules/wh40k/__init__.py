"""Warhammer 40,000 (10th edition): the attack sequence, rolled or as exact odds.

How a cog drives it::

    weapon = parse_weapon("A4 BS3+ S5 AP-1 D2, lethal hits")   # ProfileError points at a typo
    target = parse_target("T4 Sv3+ W2 x5 inv5+ fnp6+")
    situation = parse_situation("half range, cover")            # or Situation(half_range=True)
    rolled = roll(weapon, target, situation, rng)                # rolled.lines(): every die
    odds = distribution(weapon, target, situation)               # odds.wounds, odds.slain

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
    distribution,
    roll,
    wound_roll_needed,
)
from rules.wh40k.profiles import (
    MAX_ATTACKS,
    MAX_TARGET_MODELS,
    Amount,
    DamageReduction,
    ProfileError,
    Reroll,
    Situation,
    Target,
    Weapon,
    parse_situation,
    parse_target,
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
    "ProfileError",
    "Reroll",
    "RolledDie",
    "Situation",
    "Target",
    "Weapon",
    "distribution",
    "parse_situation",
    "parse_target",
    "parse_weapon",
    "roll",
    "wound_roll_needed",
]
