"""40k odds are costed from the profiles before any work (issue 26.3)."""

from __future__ import annotations

import pytest

from rules.distribution import counting_work
from rules.wh40k import distribution, parse_target, parse_weapon
from rules.wh40k.cost import MAX_ODDS_WORK, check_odds_cost, odds_cost
from rules.wh40k.profiles import ProfileError


@pytest.mark.parametrize(
    ("weapon", "target"),
    [
        ("A40 BS3+ S5 AP-1 D2, lethal hits, sustained hits 1, devastating wounds", "T4 Sv3+ W2 x10 fnp6+"),
        ("A10 BS4+ S4 AP0 D1", "T4 Sv7+ W1 x10"),
        ("A2D6 BS3+ S8 AP-3 DD6+1, melta 2", "T10 Sv2+ W12 x1"),
    ],
)
def test_the_cost_bounds_the_work_done(weapon: str, target: str) -> None:
    w, t = parse_weapon(weapon), parse_target(target)
    cost = check_odds_cost(w, t)
    with counting_work() as done:
        distribution(w, t)
    assert done[0] <= 3 * cost + 10_000  # convolutions counted as done, against the plan


def test_a_request_past_the_budget_is_refused_at_once() -> None:
    weapon = parse_weapon("A200 BS2+ S10 AP-4 DD6+3, sustained hits 3")
    target = parse_target("T4 Sv3+ W50 x20")
    assert odds_cost(weapon, target) > MAX_ODDS_WORK
    with counting_work() as done, pytest.raises(ProfileError, match="one calculation may take"):
        check_odds_cost(weapon, target)
    assert done[0] < 1_000
