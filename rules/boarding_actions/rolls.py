"""Rolling for a Boarding Actions mission: a D33 for a symmetric one, a D6 for an asymmetric one.

A D33 is two D3 rolled one after the other, read as tens and units (a 2 then a 1 is 21), so it
gives 11-13, 21-23 or 31-33. Every die is kept so the players see the roll.

>>> import random
>>> rolled = roll_mission("symmetric", random.Random(4))
>>> rolled.dice, rolled.value, rolled.mission.name
((1, 2), 12, 'Deck Sweepers')
>>> rolled.text
'D33: 1 then 2 = 12, Deck Sweepers'
>>> roll_mission("asymmetric", random.Random(4)).text
'D6: 2, Pull Their Teeth'
"""

from __future__ import annotations

import random

from pydantic import BaseModel, ConfigDict

from rules.boarding_actions.content import MissionLibrary, default_library
from rules.boarding_actions.missions import Mission, MissionKind, Role
from rules.errors import RuleError
from rules.i18n import Message, _


class MissionRoll(BaseModel):
    """The dice thrown to pick a mission, their value and the mission it names."""

    model_config = ConfigDict(frozen=True)

    kind: MissionKind
    dice: tuple[int, ...]
    value: int
    mission: Mission

    @property
    def text(self) -> str:
        """The roll in one line: ``"D33: 2 then 1 = 21, Power Struggle"``."""
        if self.kind is MissionKind.SYMMETRIC:
            tens, units = self.dice
            return f"D33: {tens} then {units} = {self.value}, {self.mission.name}"
        return f"D6: {self.value}, {self.mission.name}"


def roll_value(kind: MissionKind | str, rng: random.Random) -> tuple[tuple[int, ...], int]:
    """Throw the mission die for ``kind``: the dice and the value they read as.

    >>> roll_value("symmetric", random.Random(0))
    ((2, 2), 22)
    """
    kind = _kind(kind)
    if kind is MissionKind.SYMMETRIC:
        tens, units = rng.randint(1, 3), rng.randint(1, 3)
        return (tens, units), tens * 10 + units
    value = rng.randint(1, 6)
    return (value,), value


def roll_mission(
    kind: MissionKind | str, rng: random.Random, *, library: MissionLibrary | None = None
) -> MissionRoll:
    """Roll for a mission of ``kind`` and name it from ``library`` (default: the shipped one)."""
    kind = _kind(kind)
    dice, value = roll_value(kind, rng)
    mission = (library or default_library()).by_roll(kind, value)
    return MissionRoll(kind=kind, dice=dice, value=value, mission=mission)


def _kind(kind: MissionKind | str) -> MissionKind:
    try:
        return MissionKind(str(kind).strip().lower())
    except ValueError:
        raise RuleError(
            _("{kind} is not a kind of mission: roll `symmetric` (a D33) or `asymmetric` (a D6).",
              kind=repr(kind))
        ) from None


#: A roll-off stops after this many ties in a row (one in 6**20: never, but bounded).
MAX_ROLL_OFFS = 20


class RollOff(BaseModel):
    """A roll-off between the Attacker and the Defender: one D6 each, again while they tie."""

    model_config = ConfigDict(frozen=True)

    throws: tuple[tuple[int, int], ...]
    """Each throw as (Attacker's D6, Defender's D6); every one but the last is a tie."""

    @property
    def winner(self) -> Role:
        attacker, defender = self.throws[-1]
        return Role.ATTACKER if attacker > defender else Role.DEFENDER

    def text(self, attacker: str, defender: str) -> Message:
        """The throws in one line: ``"Ann 4, Bo 4 (a tie: again); Ann 2, Bo 5"``, as a message."""
        parts = [_("{attacker} {a}, {defender} {d}", attacker=attacker, a=a, defender=defender, d=d)
                 for a, d in self.throws]
        said = parts[-1]
        for tie in reversed(parts[:-1]):
            said = _("{throw} (a tie: again); {then}", throw=tie, then=said)
        return said


def roll_off(rng: random.Random) -> RollOff:
    """Both players roll a D6; the higher wins, and a tie is rolled again.

    >>> off = roll_off(random.Random(5))
    >>> off.throws, off.winner.value
    (((5, 3),), 'attacker')
    """
    throws = []
    for _unused in range(MAX_ROLL_OFFS):
        attacker, defender = rng.randint(1, 6), rng.randint(1, 6)
        throws.append((attacker, defender))
        if attacker != defender:
            break
    else:  # twenty ties: settle it without a bias
        throws.append((2, 1) if rng.random() < 0.5 else (1, 2))
    return RollOff(throws=tuple(throws))
