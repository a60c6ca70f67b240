"""Infinity: the exact odds of a Face to Face Roll, the engine alone and /inf odds with its chart."""

from __future__ import annotations

import random

from renderers.f2f_chart import render_f2f_chart
from rules.infinity import distribution, parse_side, roll
from tests.bench import Case, SizeCase

_ACTIVE = "SV14 B5 PS5 DA ARM2"
_REACTIVE = "SV12 B1 PS4 DA ARM3"


def _odds() -> bytes:
    return distribution(parse_side(_ACTIVE), parse_side(_REACTIVE)).model_dump_json().encode()


def _worst_odds() -> bytes:
    active = parse_side("SV20+3 B6 PS3 EXP T2 CONT ARM2")
    reactive = parse_side("SV18 B6 PS2 EXP T2 CONT ARM1")
    return distribution(active, reactive).model_dump_json().encode()


def _odds_chart() -> bytes:
    return render_f2f_chart(distribution(parse_side(_ACTIVE), parse_side(_REACTIVE)))


_RNG = random.Random(7)


def _roll() -> bytes:
    return roll(parse_side(_ACTIVE), parse_side(_REACTIVE), rng=_RNG).model_dump_json().encode()


CASES = [
    SizeCase("infinity odds B5 v B1, DA saves (engine)", _odds, calls=200, target_ms=20),
    SizeCase("infinity odds B6 v B6, EXP T2 CONT (engine)", _worst_odds, calls=50, target_ms=100),
    SizeCase("infinity f2f roll B5 v B1, DA (engine)", _roll, calls=200, target_ms=10),
    SizeCase("infinity odds B5 v B1, DA + chart", _odds_chart, calls=100, target_ms=100, target_kb=300),
    Case(
        "/inf odds B5 v B1, DA saves + chart",
        lambda d, _: d.command("inf odds", active=_ACTIVE, reactive=_REACTIVE),
        calls=200,
        target_p99_ms=100,
    ),
    Case(
        "/inf f2f B5 v B1, DA saves",
        lambda d, _: d.command("inf f2f", active=_ACTIVE, reactive=_REACTIVE),
        calls=200,
        target_p99_ms=20,
    ),
    Case(
        "/inf f2f typo (error path)",
        lambda d, _: d.command("inf f2f", active="SV14 B5 PS5 DAA", reactive=_REACTIVE),
        calls=200,
        target_p99_ms=20,
        expect="refused",
        contains="Did you mean",
    ),
]
