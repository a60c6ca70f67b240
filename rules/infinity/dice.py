"""One Infinity d20 against a Success Value, in N5 (the default) and N4, and the Normal Roll.

A Success Value (SV) is an attribute plus modifiers, and the modifiers count at most +12 or
-12 in total. A die at or below the SV succeeds and a die equal to it is a Critical. An SV
below 1 is an automatic failure: nothing is rolled.

Above 20 the editions read the dice differently but give each die the same odds:

* N5 counts on from 1: SV 23 is a Critical on 20, 1, 2 and 3, and every face succeeds;
* N4 caps the SV at 20 and adds the excess to the die: SV 23 turns a 17 into a 20, and a
  result of 20 or more is a Critical.

Non-critical successes are compared by their *result*: the face in N5, the face plus the
excess in N4.

>>> read_die(12, 12), read_die(11, 12), read_die(13, 12)
(<DieOutcome.CRITICAL: 'critical'>, <DieOutcome.SUCCESS: 'success'>, <DieOutcome.FAILURE: 'failure'>)
>>> read_die(2, 23).value, read_die(17, 23, Edition.N4).value
('critical', 'critical')
"""

from __future__ import annotations

import random
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.errors import RuleError
from rules.i18n import Text, _

FACES = 20
MODIFIER_CAP = 12
"""The sum of modifiers on a roll counts at most this much either way."""
MAX_ATTRIBUTE = 30
"""The largest attribute (before modifiers) we accept."""
MAX_RAW_MODIFIER = 99
"""Typed modifiers beyond this are a typo, not a game situation."""
MAX_BURST = 6
"""At most this many dice per side in one roll."""


class Edition(StrEnum):
    """The rules edition: N5 (the default) or N4."""

    N5 = "N5"
    N4 = "N4"


class DieOutcome(StrEnum):
    """What one die did against its Success Value."""

    FAILURE = "failure"
    SUCCESS = "success"
    CRITICAL = "critical"


def success_value(attribute: int, modifier: int = 0) -> int:
    """The Success Value: the attribute plus the modifiers, which count at most +12 or -12.

    >>> success_value(13, 3), success_value(13, -15), success_value(10, 20)
    (16, 1, 22)
    """
    if not 0 <= attribute <= MAX_ATTRIBUTE:
        raise RuleError(
            _(
                "An attribute of {attribute} is out of range: use 0 to {most}.",
                attribute=attribute,
                most=MAX_ATTRIBUTE,
            )
        )
    if abs(modifier) > MAX_RAW_MODIFIER:
        raise RuleError(
            _(
                "A modifier of {modifier} is too large to be real: modifiers count at most "
                "±{cap} in total, so give the actual sum (at most ±{most}).",
                modifier=f"{modifier:+d}",
                cap=MODIFIER_CAP,
                most=MAX_RAW_MODIFIER,
            )
        )
    return attribute + max(-MODIFIER_CAP, min(MODIFIER_CAP, modifier))


def die_result(face: int, sv: int, edition: Edition = Edition.N5) -> int:
    """The number a die is compared by: the face, plus the excess over 20 in N4.

    >>> die_result(17, 23, Edition.N4), die_result(17, 23, Edition.N5)
    (20, 17)
    """
    if edition is Edition.N4 and sv > FACES:
        return face + sv - FACES
    return face


def read_die(face: int, sv: int, edition: Edition = Edition.N5) -> DieOutcome:
    """Whether a d20 ``face`` fails, succeeds or is a Critical against ``sv``.

    >>> read_die(20, 20), read_die(1, 0)
    (<DieOutcome.CRITICAL: 'critical'>, <DieOutcome.FAILURE: 'failure'>)
    >>> [read_die(f, 22).value[0] for f in (1, 2, 3, 19, 20)]
    ['c', 'c', 's', 's', 'c']
    """
    if not 1 <= face <= FACES:
        raise ValueError(f"a d20 shows 1 to 20, not {face}")
    if sv < 1:
        return DieOutcome.FAILURE
    if sv <= FACES:
        if face == sv:
            return DieOutcome.CRITICAL
        return DieOutcome.SUCCESS if face < sv else DieOutcome.FAILURE
    excess = sv - FACES
    if edition is Edition.N4:
        return DieOutcome.CRITICAL if face + excess >= FACES else DieOutcome.SUCCESS
    return DieOutcome.CRITICAL if face == FACES or face <= excess else DieOutcome.SUCCESS


def check_burst(burst: int, who: Text | None = None) -> int:
    """Check a Burst against the limits (0 to 6; 0 means no roll) and return it.

    >>> check_burst(3)
    3
    """
    if not 0 <= burst <= MAX_BURST:
        raise RuleError(
            _(
                "Burst {burst} for {who} is out of range: use 1 to {most} dice (0 for a side that does "
                "not roll).",
                burst=burst,
                who=who if who is not None else _("this side"),
                most=MAX_BURST,
            )
        )
    return burst


class RolledDie(BaseModel):
    """One d20 of a roll: the face shown, the result it is compared by, and what it did."""

    model_config = ConfigDict(frozen=True)

    face: int
    result: int
    outcome: DieOutcome

    @property
    def succeeded(self) -> bool:
        """True for a success or a Critical."""
        return self.outcome is not DieOutcome.FAILURE


def roll_dice(sv: int, burst: int, rng: random.Random, edition: Edition = Edition.N5) -> list[RolledDie]:
    """Roll ``burst`` d20 against ``sv``; an SV below 1 rolls nothing (automatic failure).

    >>> [d.face for d in roll_dice(12, 3, random.Random(1))]
    [5, 19, 3]
    """
    if sv < 1:
        return []
    faces = [rng.randint(1, FACES) for _ in range(burst)]
    return [
        RolledDie(face=f, result=die_result(f, sv, edition), outcome=read_die(f, sv, edition)) for f in faces
    ]


class NormalRoll(BaseModel):
    """A Normal Roll: one side's dice against its SV, nobody opposing."""

    edition: Edition
    attribute: int
    modifier: int
    sv: int
    burst: int
    dice: list[RolledDie]

    @property
    def successes(self) -> int:
        """How many dice succeeded, Criticals included."""
        return sum(d.succeeded for d in self.dice)

    @property
    def criticals(self) -> int:
        """How many dice were Criticals."""
        return sum(d.outcome is DieOutcome.CRITICAL for d in self.dice)

    @property
    def automatic_failure(self) -> bool:
        """True when the SV is below 1, so no die was rolled."""
        return self.sv < 1


def normal_roll(
    attribute: int,
    burst: int = 1,
    *,
    rng: random.Random,
    modifier: int = 0,
    edition: Edition = Edition.N5,
) -> NormalRoll:
    """Roll a Normal Roll of ``burst`` dice against ``attribute`` + ``modifier`` (capped at ±12).

    >>> r = normal_roll(12, 3, rng=random.Random(1))
    >>> [d.face for d in r.dice], r.successes, r.criticals
    ([5, 19, 3], 2, 0)
    >>> normal_roll(5, 2, modifier=-6, rng=random.Random(1)).automatic_failure
    True
    """
    sv = success_value(attribute, modifier)
    if check_burst(burst) == 0:
        raise RuleError(
            _("A Normal Roll needs at least one die: give a Burst of 1 to {most}.", most=MAX_BURST)
        )
    return NormalRoll(
        edition=edition,
        attribute=attribute,
        modifier=modifier,
        sv=sv,
        burst=burst,
        dice=roll_dice(sv, burst, rng, edition),
    )
