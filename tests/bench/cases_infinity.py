"""Infinity: the exact odds of a Face to Face Roll (the engine behind /inf odds, chart not included)."""

from __future__ import annotations

import random

from rules.infinity import distribution, parse_side, roll
from tests.bench import SizeCase

_ACTIVE = "SV14 B5 PS5 DA ARM2"
_REACTIVE = "SV12 B1 PS4 DA ARM3"


def _odds() -> bytes:
    return distribution(parse_side(_ACTIVE), parse_side(_REACTIVE)).model_dump_json().encode()


def _worst_odds() -> bytes:
    active = parse_side("SV20+3 B6 PS3 EXP T2 CONT ARM2")
    reactive = parse_side("SV18 B6 PS2 EXP T2 CONT ARM1")
    return distribution(active, reactive).model_dump_json().encode()


_RNG = random.Random(7)


def _roll() -> bytes:
    return roll(parse_side(_ACTIVE), parse_side(_REACTIVE), rng=_RNG).model_dump_json().encode()


CASES = [
    SizeCase("infinity odds B5 v B1, DA saves (engine)", _odds, calls=200, target_ms=20),
    SizeCase("infinity odds B6 v B6, EXP T2 CONT (engine)", _worst_odds, calls=50, target_ms=100),
    SizeCase("infinity f2f roll B5 v B1, DA (engine)", _roll, calls=200, target_ms=10),
]
