"""The Face to Face Roll: both sides roll their Burst, successes cancel, the winner's hits are saved.

Each side rolls its Burst in d20s and failures are discarded. A success cancels every enemy
success with a lower result, and equal results cancel each other. That works out as:

* if both sides roll a Critical, nothing survives;
* if only one side rolls Criticals, all of them survive, with its ordinary successes strictly
  higher than the opponent's best ordinary success; the opponent keeps nothing;
* with no Criticals, a success survives only if it is strictly higher than the opponent's best.

At most one side has anything left, and each die it keeps is a hit: the other side makes the
saving rolls of :mod:`rules.infinity.saves`. A side with Burst 0 does not roll (the other side
then makes what is in effect a Normal Roll), and a side with an SV below 1 fails automatically.

>>> import random
>>> result = roll(Side(attribute=16, burst=3, ps=4), Side(attribute=13, arm=2), rng=random.Random(12))
>>> [(d.face, d.outcome.value) for d in result.active_dice], [d.face for d in result.reactive_dice]
([(16, 'critical'), (9, 'success'), (17, 'failure')], [12])
>>> [d.cancelled_by for d in result.active_dice], result.reactive_dice[0].cancelled_by
([None, 0, None], 0)
>>> result.winner, [s.critical_extra for s in result.saves]
(<SideName.ACTIVE: 'active'>, [False, True])
"""

from __future__ import annotations

import random
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from rules.errors import RuleError
from rules.infinity.dice import FACES, DieOutcome, Edition, die_result, read_die
from rules.infinity.saves import SavePlan, SaveRoll, roll_saves, save_plan
from rules.infinity.side import NOBODY_ROLLS, Side


class SideName(StrEnum):
    """The two sides of a Face to Face Roll: the one acting and the one reacting (its ARO)."""

    ACTIVE = "active"
    REACTIVE = "reactive"

    @property
    def other(self) -> SideName:
        """The opposing side.

        >>> SideName.ACTIVE.other
        <SideName.REACTIVE: 'reactive'>
        """
        return SideName.REACTIVE if self is SideName.ACTIVE else SideName.ACTIVE


class F2FDie(BaseModel):
    """One die of a Face to Face Roll and what became of it."""

    model_config = ConfigDict(frozen=True)

    face: int
    result: int
    """What the die is compared by: the face (N5), or the face plus the SV's excess over 20 (N4)."""
    outcome: DieOutcome
    cancelled_by: int | None = None
    """Index of the opposing die that cancelled this success (None if it failed or survived)."""
    survived: bool = False

    @property
    def critical(self) -> bool:
        """True for a Critical."""
        return self.outcome is DieOutcome.CRITICAL


class FaceToFace(BaseModel):
    """Everything a Face to Face Roll did: every die, what cancelled what, the saves, the wounds."""

    edition: Edition
    active: Side
    reactive: Side
    active_dice: list[F2FDie]
    reactive_dice: list[F2FDie]
    winner: SideName | None
    saves: list[SaveRoll]
    wounds: int
    causes_wounds: bool
    """False when the winner's ammunition imposes a state (E/M, PARA, Stun): ``wounds`` then
    counts failed saves."""

    def dice(self, side: SideName) -> list[F2FDie]:
        """The dice ``side`` rolled (empty for Burst 0 or an SV below 1)."""
        return self.active_dice if side is SideName.ACTIVE else self.reactive_dice

    @property
    def hits(self) -> int:
        """How many dice the winner kept."""
        return sum(d.survived for d in self.active_dice + self.reactive_dice)


_Read = tuple[int, int, DieOutcome]
"""A die as (face, result, outcome), before it becomes an :class:`F2FDie`."""


def _fates(mine: list[_Read], theirs: list[_Read]) -> list[tuple[int | None, bool]]:
    """(cancelled_by, survived) for each of ``mine`` against ``theirs``."""
    their_critical = next((i for i, d in enumerate(theirs) if d[2] is DieOutcome.CRITICAL), None)
    their_best: int | None = None
    for i, (_, result, outcome) in enumerate(theirs):
        if outcome is DieOutcome.SUCCESS and (their_best is None or result > theirs[their_best][1]):
            their_best = i
    fates: list[tuple[int | None, bool]] = []
    for _, result, outcome in mine:
        if outcome is DieOutcome.FAILURE:
            fates.append((None, False))
        elif their_critical is not None:
            fates.append((their_critical, False))
        elif outcome is DieOutcome.CRITICAL or their_best is None or result > theirs[their_best][1]:
            fates.append((None, True))
        else:
            fates.append((their_best, False))
    return fates


def _dice(mine: list[_Read], theirs: list[_Read]) -> list[F2FDie]:
    return [
        F2FDie(face=face, result=result, outcome=outcome, cancelled_by=by, survived=survived)
        for (face, result, outcome), (by, survived) in zip(mine, _fates(mine, theirs), strict=True)
    ]


def cancel(mine: list[F2FDie], theirs: list[F2FDie]) -> list[F2FDie]:
    """``mine`` after the opposing ``theirs``: which survive, and which enemy die cancelled the rest.

    A die is cancelled by the enemy's first Critical if there is one, else by the enemy's best
    ordinary success (the first of equals) when that is as high or higher.

    >>> s = lambda r: F2FDie(face=r, result=r, outcome=DieOutcome.SUCCESS)
    >>> c = F2FDie(face=9, result=9, outcome=DieOutcome.CRITICAL)
    >>> [(d.survived, d.cancelled_by) for d in cancel([s(12), s(5)], [s(8)])]
    [(True, None), (False, 0)]
    >>> [(d.survived, d.cancelled_by) for d in cancel([s(12), c], [s(8), c])]
    [(False, 1), (False, 1)]
    """

    def read(dice: list[F2FDie]) -> list[_Read]:
        return [(d.face, d.result, d.outcome) for d in dice]

    return _dice(read(mine), read(theirs))


def _roll_side(side: Side, rng: random.Random, edition: Edition) -> list[_Read]:
    if not side.rolls:
        return []
    sv = side.sv
    faces = [rng.randint(1, FACES) for _ in range(side.burst)]
    return [(f, die_result(f, sv, edition), read_die(f, sv, edition)) for f in faces]


def save_plans(active: Side, reactive: Side, edition: Edition = Edition.N5) -> dict[SideName, SavePlan]:
    """What each rolling side's hits make the other side save, checked before any die is rolled
    (so a missing PH for PARA is reported every time, not only when the PARA side wins).

    >>> from rules.infinity.side import Ammunition
    >>> plans = save_plans(Side(attribute=13, ammo=Ammunition.DA), Side(burst=0, arm=2))
    >>> list(plans), len(plans[SideName.ACTIVE].per_hit)
    ([<SideName.ACTIVE: 'active'>], 2)
    """
    if active.burst == 0 and reactive.burst == 0:
        raise RuleError(NOBODY_ROLLS)
    plans = {}
    if active.rolls:
        plans[SideName.ACTIVE] = save_plan(active, reactive, edition)
    if reactive.rolls:
        plans[SideName.REACTIVE] = save_plan(reactive, active, edition)
    return plans


def roll(active: Side, reactive: Side, *, rng: random.Random, edition: Edition = Edition.N5) -> FaceToFace:
    """Roll a Face to Face Roll between ``active`` and ``reactive``, then the loser's saving rolls.

    The active side's dice are rolled first, then the reactive side's, then the saves in the
    order of the winner's dice (each hit's saves, then its Critical's extra save).

    >>> r = roll(Side(attribute=13), Side(attribute=13), rng=random.Random(2))
    >>> [d.face for d in r.active_dice], [d.face for d in r.reactive_dice], r.winner
    ([2], [3], <SideName.REACTIVE: 'reactive'>)
    >>> [(s.face, s.passes_on, s.passed) for s in r.saves], r.wounds
    ([(3, 7, True)], 0)
    """
    plans = save_plans(active, reactive, edition)
    rolled_active = _roll_side(active, rng, edition)
    rolled_reactive = _roll_side(reactive, rng, edition)
    active_dice = _dice(rolled_active, rolled_reactive)
    reactive_dice = _dice(rolled_reactive, rolled_active)
    winner = None
    if any(d.survived for d in active_dice):
        winner = SideName.ACTIVE
    elif any(d.survived for d in reactive_dice):
        winner = SideName.REACTIVE
    saves: list[SaveRoll] = []
    causes_wounds = True
    if winner is not None:
        plan = plans[winner]
        causes_wounds = plan.causes_wounds
        for index, die in enumerate(active_dice if winner is SideName.ACTIVE else reactive_dice):
            if not die.survived:
                continue
            for save in plan.per_hit:
                saves.extend(roll_saves(index, save, rng))
            if die.critical:
                saves.extend(roll_saves(index, plan.critical_extra, rng, critical_extra=True))
    return FaceToFace(
        edition=edition,
        active=active,
        reactive=reactive,
        active_dice=active_dice,
        reactive_dice=reactive_dice,
        winner=winner,
        saves=saves,
        wounds=sum(s.wounds for s in saves),
        causes_wounds=causes_wounds,
    )
