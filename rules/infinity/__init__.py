"""Infinity dice: Normal Rolls, Face to Face Rolls, saving rolls and their exact odds (N5 and N4).

- :mod:`rules.infinity.dice`: one d20 against a Success Value, the modifier cap, the Normal Roll.
- :mod:`rules.infinity.side`: a side of the roll (attack and defence) and its ammunition.
- :mod:`rules.infinity.saves`: saving rolls per ammunition, and their wound distributions.
- :mod:`rules.infinity.f2f`: rolling a Face to Face Roll, with what cancelled what.
- :mod:`rules.infinity.odds`: the exact chance of every outcome.
- :mod:`rules.infinity.notation`: the compact text form of a side (``SV16 B3 PS4 DA``).

>>> import random
>>> d = distribution(parse_side("SV16 B3 PS4 DA"), parse_side("SV13 ARM2"))
>>> round(d.total, 9)
1.0
>>> roll(parse_side("SV16 B3 PS4 DA"), parse_side("SV13 ARM2"), rng=random.Random(1)).winner
<SideName.REACTIVE: 'reactive'>
"""

from __future__ import annotations

from rules.infinity.dice import (
    MAX_BURST,
    MODIFIER_CAP,
    DieOutcome,
    Edition,
    NormalRoll,
    RolledDie,
    normal_roll,
    read_die,
    success_value,
)
from rules.infinity.f2f import F2FDie, FaceToFace, SideName, roll
from rules.infinity.notation import NotationError, parse_side
from rules.infinity.odds import Distribution, OddsRow, distribution
from rules.infinity.saves import CONTINUOUS_DEPTH, SaveAttribute, SaveRoll
from rules.infinity.side import Ammunition, Side

__all__ = [
    "CONTINUOUS_DEPTH",
    "MAX_BURST",
    "MODIFIER_CAP",
    "Ammunition",
    "DieOutcome",
    "Distribution",
    "Edition",
    "F2FDie",
    "FaceToFace",
    "NormalRoll",
    "NotationError",
    "OddsRow",
    "RolledDie",
    "SaveAttribute",
    "SaveRoll",
    "Side",
    "SideName",
    "distribution",
    "normal_roll",
    "parse_side",
    "read_die",
    "roll",
    "success_value",
]
