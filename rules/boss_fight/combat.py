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

from rules.i18n import Message, _

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


# ---- the arithmetic in words (the step report) -------------------------------------------------
# Here rather than in narration.py: the engine writes the strike line as it resolves it, and
# narration imports the engine, so the words live below both.


#: A status as the step report writes it ("Kai is stunned").
STATUS_NAMES = {
    "immobilised": _("immobilised"),
    "dazzled": _("dazzled"),
    "stunned": _("stunned"),
    "poisoned": _("poisoned"),
}
#: A card's kind ("Walk is a move card").
CARD_KINDS = {"move": _("move"), "attack": _("attack"), "item": _("item")}
#: An attack profile ("no heavy attack").
ATTACK_KINDS = {"basic": _("basic"), "heavy": _("heavy"), "special": _("special")}
#: A combat statistic's name as the step report writes it.
STAT_NAMES = {
    "health": _("Health"),
    "intelligence": _("Intelligence"),
    "strength": _("Strength"),
    "agility": _("Agility"),
}


def stat_words(name: str | Message, base: int, mods: list[tuple[int, str]], total: int) -> Message:
    """A combat statistic as a player adds it up: the card's printed value, each change and why,
    then what it comes to. ``name`` is the statistic (``strength``) or its words.

    >>> print(stat_words("strength", 7, [(-1, "the card")], 6))
    Strength 7, -1 from the card: 6
    >>> print(stat_words("strength", 5, [(2, "rolled")], 7))
    Strength 5, +2 rolled: 7
    >>> print(stat_words("Intelligence", 4, [], 4))
    Intelligence 4
    """
    if isinstance(name, str):
        name = STAT_NAMES.get(name.lower(), name)
    if not mods:
        return _("{stat} {total}", stat=name, total=total)
    steps = tuple(_step(amount, why) for amount, why in mods)
    return _("{stat} {base}, {steps}: {total}", stat=name, base=base, steps=steps, total=total)


def _step(amount: int, why: str) -> Message:
    if why == "rolled":
        return _("{amount} rolled", amount=format(amount, "+d"))
    if why == "the card":
        return _("{amount} from the card", amount=format(amount, "+d"))
    return _("{amount} from {source}", amount=format(amount, "+d"), source=why)


def damage_words(damage: int, att: int, dfn: int, compared: int, armour: int, dealt: int) -> Message:
    """How the attack's damage becomes the damage taken, one step per clause: the comparison of
    the two combat statistics (the seed's table), then armour.

    >>> print(damage_words(7, 6, 7, 6, 1, 5))
    6 is lower than 7, so the attack's 7 damage goes down by 1 to 6; armour 1 takes 1 off: 5 damage
    >>> print(damage_words(3, 7, 6, 4, 0, 4))
    7 is higher than 6, so the attack's 3 damage goes up by 1 to 4: 4 damage
    >>> print(damage_words(3, 8, 4, 6, 0, 6))
    8 is at least double 4, so the attack's 3 damage is doubled to 6: 6 damage
    >>> print(damage_words(5, 2, 4, 3, 0, 3))
    2 is at most half of 4, so the attack's 5 damage is halved, rounding up, to 3: 3 damage
    >>> print(damage_words(1, 3, 4, 1, 0, 1))
    3 is lower than 4, but the attack's 1 damage cannot go lower: 1 damage
    >>> print(damage_words(2, 4, 4, 2, 3, 1))
    4 equals 4, so the attack's 2 damage stays 2; armour 3 takes 1 off (a hit does at least 1): 1 damage
    >>> print(damage_words(4, 5, 5, 4, 0, 4))
    5 equals 5, so the attack's 4 damage stays 4: 4 damage
    """
    rule = compare_rule(att, dfn)
    values = {"att": att, "dfn": dfn, "damage": damage, "compared": compared}
    if rule.startswith("equal"):
        text = _("{att} equals {dfn}, so the attack's {damage} damage stays {compared}", **values)
    elif rule.startswith("double"):
        text = _("{att} is at least double {dfn}, so the attack's {damage} damage is doubled to {compared}",
                 **values)
    elif rule.startswith("half"):
        text = _("{att} is at most half of {dfn}, so the attack's {damage} damage is halved, rounding up, "
                 "to {compared}", **values)
    elif rule.startswith("higher"):
        text = _("{att} is higher than {dfn}, so the attack's {damage} damage goes up by 1 to {compared}",
                 **values)
    elif compared == damage:
        text = _("{att} is lower than {dfn}, but the attack's {damage} damage cannot go lower", **values)
    else:
        text = _("{att} is lower than {dfn}, so the attack's {damage} damage goes down by 1 to {compared}",
                 **values)
    if armour:
        taken = compared - dealt
        if taken == 0:
            return _("{comparison}; armour {armour} cannot take the last point off: {dealt} damage",
                     comparison=text, armour=armour, dealt=dealt)
        if taken < armour:
            return _("{comparison}; armour {armour} takes {taken} off (a hit does at least 1): "
                     "{dealt} damage", comparison=text, armour=armour, taken=taken, dealt=dealt)
        return _("{comparison}; armour {armour} takes {taken} off: {dealt} damage",
                 comparison=text, armour=armour, taken=taken, dealt=dealt)
    return _("{comparison}: {dealt} damage", comparison=text, dealt=dealt)
