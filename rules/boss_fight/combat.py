"""The combat comparison: the attack's statistic against the defender's same statistic.

The seed's table, checked in this order:

1. equal statistics: the damage stays as it is;
2. the attacker's is double the defender's or more: the damage is doubled;
3. the attacker's is half the defender's or less: the damage is halved, rounding up;
4. the attacker's is higher: +1 damage;
5. the attacker's is lower: -1 damage, but never below 1.

A statistic of 0: 0 against 0 is "equal" (rule 1 comes first). Any positive statistic against 0
is "double or more" (2 x 0 = 0), so it doubles; 0 against a positive statistic is "half or less",
so it halves. Before the comparison the defender may roll a D6: 1-5 is added to their statistic,
a 6 makes the attack miss.

>>> compare_damage(3, 4, 4), compare_damage(3, 8, 4), compare_damage(3, 2, 4), compare_damage(3, 5, 4)
(3, 6, 2, 4)
>>> resolve_hit(3, attack_stat=4, defence_stat=2, roll=6)
Hit(missed=True, defence=2, damage=0)
"""

from __future__ import annotations

from dataclasses import dataclass

DEFENCE_MISS = 6


def compare_damage(damage: int, attack_stat: int, defence_stat: int) -> int:
    """The damage after comparing the two statistics (see the module docstring).

    >>> compare_damage(1, 2, 3)
    1
    >>> compare_damage(5, 0, 0), compare_damage(5, 1, 0), compare_damage(5, 0, 1)
    (5, 10, 3)
    """
    if attack_stat == defence_stat:
        return damage
    if attack_stat >= 2 * defence_stat:
        return damage * 2
    if 2 * attack_stat <= defence_stat:
        return -(-damage // 2)
    if attack_stat > defence_stat:
        return damage + 1
    return max(1, damage - 1)


def compare_rule(attack_stat: int, defence_stat: int) -> str:
    """Which line of the comparison table applies, in a few words (for the step report).

    >>> compare_rule(4, 4), compare_rule(8, 4), compare_rule(2, 4), compare_rule(5, 4), compare_rule(3, 4)
    ('equal: as is', 'double or more: x2', 'half or less: halved', 'higher: +1', 'lower: -1')
    """
    if attack_stat == defence_stat:
        return "equal: as is"
    if attack_stat >= 2 * defence_stat:
        return "double or more: x2"
    if 2 * attack_stat <= defence_stat:
        return "half or less: halved"
    return "higher: +1" if attack_stat > defence_stat else "lower: -1"


@dataclass(frozen=True)
class Hit:
    """What one attack did to one defender."""

    missed: bool
    defence: int
    damage: int


def resolve_hit(damage: int, *, attack_stat: int, defence_stat: int, roll: int | None,
                armour: int = 0) -> Hit:
    """One attack against one defender, with the defence roll (None when they do not roll).

    ``armour`` (a passive) then takes that much off, never below 1.

    >>> resolve_hit(2, attack_stat=3, defence_stat=1, roll=None)
    Hit(missed=False, defence=1, damage=4)
    >>> resolve_hit(2, attack_stat=3, defence_stat=1, roll=2)
    Hit(missed=False, defence=3, damage=2)
    >>> resolve_hit(4, attack_stat=3, defence_stat=3, roll=None, armour=1)
    Hit(missed=False, defence=3, damage=3)
    """
    if roll is not None and not 1 <= roll <= 6:
        raise ValueError("a defence roll is a D6: 1-6")
    if roll == DEFENCE_MISS:
        return Hit(True, defence_stat, 0)
    defence = defence_stat + (roll or 0)
    dealt = compare_damage(damage, attack_stat, defence)
    if armour:
        dealt = max(1, dealt - armour)
    return Hit(False, defence, dealt)


def expected_damage(damage: int, *, attack_stat: int, defence_stat: int, rolls: bool,
                    armour: int = 0) -> float:
    """The average damage over the defence roll (or the sure damage when the defender does not roll).

    >>> expected_damage(3, attack_stat=4, defence_stat=4, rolls=False)
    3.0
    >>> round(expected_damage(3, attack_stat=4, defence_stat=4, rolls=True), 3)
    1.667
    """
    if not rolls:
        return float(resolve_hit(damage, attack_stat=attack_stat, defence_stat=defence_stat, roll=None,
                                 armour=armour).damage)
    total = sum(resolve_hit(damage, attack_stat=attack_stat, defence_stat=defence_stat, roll=r,
                            armour=armour).damage for r in range(1, 7))
    return total / 6
