"""Every exact distribution against seeded rolls.

Tolerance: each outcome's frequency must be within 5 standard errors, 5 * sqrt(p (1 - p) / n),
of its exact chance p (plus 1e-4 for outcomes rarer than the samples can show). The rolls are
seeded, so the test is deterministic; 5 standard errors is loose enough that a correct engine
passes for any seed, and tight enough (under 0.8 percentage points at n = 100,000) to catch a
wrong rule.

The bulk check uses a fast simulator with the literal rule (a success cancels every enemy success
with a lower or equal result, a Critical outranking the rest), 100,000 rolls per case; roll()
itself, which builds a model per die and per save, is checked with 10,000 rolls on two cases.
"""

from __future__ import annotations

import random
from math import sqrt

import pytest

from rules.infinity import Ammunition, Distribution, Edition, Side, SideName, distribution, roll
from tests.rules.infinity.helpers import simulate

SAMPLES = 100_000
ROLL_SAMPLES = 10_000
STANDARD_ERRORS = 5


def _exact(d: Distribution) -> dict[str, dict[int, float]]:
    return {
        "active": dict(enumerate(d.active)),
        "nobody": {0: d.nobody},
        "reactive": dict(enumerate(d.reactive)),
    }


def _check(d: Distribution, seen: dict[str, dict[int, float]], samples: int) -> None:
    exact = _exact(d)
    for key in ("active", "nobody", "reactive"):
        for wounds in set(exact[key]) | set(seen[key]):
            p = exact[key].get(wounds, 0.0)
            f = seen[key].get(wounds, 0.0)
            tolerance = STANDARD_ERRORS * sqrt(p * (1 - p) / samples) + 1e-4
            assert abs(f - p) <= tolerance, f"{key} {wounds} wounds: exact {p:.5f}, rolled {f:.5f}"


CASES = [
    ("vector N5", Edition.N5, Side(attribute=16, burst=3, ps=12), Side(attribute=13, ps=8)),
    (
        "B5 v B1 AP+DA in cover, N4",
        Edition.N4,
        Side(attribute=14, burst=5, dam=15, ammo=Ammunition.DA, ap=True, arm=1),
        Side(attribute=12, dam=13, arm=4, cover=True),
    ),
    (
        "SV 23 EXP against T2 Continuous",
        Edition.N5,
        Side(attribute=20, modifier=3, burst=2, ps=5, ammo=Ammunition.EXP, arm=2),
        Side(attribute=15, burst=2, ps=3, t2=True, continuous=True, arm=3),
    ),
    (
        "Plasma against E/M, B4 v B3, N4",
        Edition.N4,
        Side(attribute=11, burst=4, dam=14, ammo=Ammunition.PLASMA, bts=3),
        Side(attribute=13, burst=3, dam=12, ammo=Ammunition.EM, arm=2, bts=6),
    ),
]


@pytest.mark.parametrize(("name", "edition", "active", "reactive"), CASES, ids=[c[0] for c in CASES])
def test_exact_odds_match_100k_seeded_rolls(name, edition, active, reactive):
    d = distribution(active, reactive, edition=edition)
    _check(d, simulate(active, reactive, edition, SAMPLES, seed=17), SAMPLES)


@pytest.mark.parametrize("case", [CASES[0], CASES[2]], ids=[CASES[0][0], CASES[2][0]])
def test_roll_itself_matches_the_exact_odds(case):
    _, edition, active, reactive = case
    rng = random.Random(23)
    counts: dict[str, dict[int, int]] = {"active": {}, "nobody": {}, "reactive": {}}
    for _ in range(ROLL_SAMPLES):
        r = roll(active, reactive, rng=rng, edition=edition)
        key = {SideName.ACTIVE: "active", SideName.REACTIVE: "reactive", None: "nobody"}[r.winner]
        counts[key][r.wounds] = counts[key].get(r.wounds, 0) + 1
    seen = {k: {w: n / ROLL_SAMPLES for w, n in v.items()} for k, v in counts.items()}
    _check(distribution(active, reactive, edition=edition), seen, ROLL_SAMPLES)
