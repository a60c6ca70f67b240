"""Exact A-V odds: the seed's Titan examples, hand-worked cases, and resolve_av_attack sampled.

The sampled check draws 20,000 seeded attacks per case; the standard error of a probability is
then at most 0.0036, and each chance must agree within 0.018 (five standard errors).
"""

from __future__ import annotations

import random

import pytest

from rules.errors import RuleError
from rules.space_infantry.vehicles import AVSource, Vehicle, av_attack_odds, resolve_av_attack

TITAN = Vehicle(name="Titan", dmg=4, sp=2, heavy=True)
PILUM = Vehicle(name="Pilum", sp=1, heavy=False)


def test_seed_examples_titan_one_sl() -> None:
    # Example 1 and 2 of the vehicle rules: one SL against the Titan (DMG 4+, SP 2) with PEN 0
    # (a Heavy Weapons Unit, or the Scorpio): RN 4-6 hits, and one hit can't destroy it.
    for source in (AVSource.OWN, AVSource.SCORPIO):
        odds = av_attack_odds(TITAN, sl=1, pen=0, source=source)
        assert odds.hit_each == pytest.approx(3 / 6)
        assert odds.at_least_one_hit == pytest.approx(1 / 2)
        assert odds.destroyed == 0
        assert odds.hits_needed == 2


@pytest.mark.parametrize(
    ("vehicle", "sl", "pen", "source", "hit", "one", "destroyed"),
    [
        (TITAN, 2, 0, AVSource.OWN, 3 / 6, 1 - (1 / 2) ** 2, (1 / 2) ** 2),
        (TITAN, 3, 1, AVSource.OWN, 4 / 6, 1 - (2 / 6) ** 3, 3 * (4 / 6) ** 2 * (2 / 6) + (4 / 6) ** 3),
        (TITAN, 3, 3, AVSource.SCORPIO, 3 / 6, 1 - (1 / 2) ** 3, 3 * (1 / 2) ** 3 + (1 / 2) ** 3),
        (TITAN, 1, 10, AVSource.OWN, 1.0, 1.0, 0.0),
        (TITAN.model_copy(update={"wounds": 1}), 2, 0, AVSource.OWN, 3 / 6, 3 / 4, 3 / 4),
        (PILUM, 1, 0, AVSource.OWN, 5 / 6, 5 / 6, 5 / 6),
        (PILUM, 2, 5, AVSource.OWN, 5 / 6, 1 - (1 / 6) ** 2, 1 - (1 / 6) ** 2),
        (TITAN, 0, 0, AVSource.OWN, 3 / 6, 0.0, 0.0),
    ],
)
def test_hand_worked(vehicle, sl, pen, source, hit, one, destroyed) -> None:
    odds = av_attack_odds(vehicle, sl=sl, pen=pen, source=source)
    assert odds.hit_each == pytest.approx(hit)
    assert odds.at_least_one_hit == pytest.approx(one)
    assert odds.destroyed == pytest.approx(destroyed)


@pytest.mark.parametrize(
    ("vehicle", "sl", "pen"),
    [(TITAN, 3, 0), (Vehicle(name="Rhino", dmg=5, sp=3, heavy=True), 6, 1), (PILUM, 2, 0)],
)
def test_matches_sampled_attacks(vehicle: Vehicle, sl: int, pen: int) -> None:
    odds = av_attack_odds(vehicle, sl=sl, pen=pen)
    rng = random.Random(5)
    draws = 20_000
    hit = destroyed = 0
    hits_total = 0
    for _ in range(draws):
        result = resolve_av_attack(vehicle, sl=sl, pen=pen, rng=rng)
        hit += result.hits > 0
        destroyed += result.destroyed
        hits_total += result.hits
    assert abs(hit / draws - odds.at_least_one_hit) <= 0.018
    assert abs(destroyed / draws - odds.destroyed) <= 0.018
    assert abs(hits_total / draws - odds.mean_hits) <= 0.05


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [({"sl": 31}, "SL must be"), ({"sl": 1, "pen": 11}, "PEN must be"), ({"sl": -1}, "SL must be")],
)
def test_same_checks_as_the_attack(kwargs, reason) -> None:
    with pytest.raises(RuleError, match=reason):
        av_attack_odds(TITAN, **kwargs)
    with pytest.raises(RuleError, match="already destroyed"):
        av_attack_odds(TITAN.model_copy(update={"destroyed": True}), sl=1)
