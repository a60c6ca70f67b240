"""The cost of a 40k odds request, worked out from its plan before any of the work.

:func:`rules.wh40k.attack.distribution` refuses an allocation past ``MAX_CHAIN_WORK`` once it
has the number of unsaved attacks; this module bounds that number from the profiles alone
(every attack hitting with its most Sustained Hits), so a request that could pass the budget is
refused before anything is computed. Kept apart from the attack sequence on purpose: the
sequence changes with the editions, the bound only reads the plan.

>>> from rules.wh40k.profiles import parse_target, parse_weapon
>>> odds_cost(parse_weapon("A10 BS4+ S4 AP0 D1"), parse_target("T4 Sv7+ W1 x10")) <= MAX_ODDS_WORK
True
"""

from __future__ import annotations

from rules.i18n import _
from rules.wh40k.attack import MAX_CHAIN_WORK, layout, plan
from rules.wh40k.profiles import DEFAULT_EDITION, Edition, ProfileError, Situation, Target, Unit, Weapon

MAX_ODDS_WORK = MAX_CHAIN_WORK
"""Most steps one 40k odds request may take (its allocation dominates the rest)."""


def odds_cost(
    weapon: Weapon, target: Target, situation: Situation | None = None, *, edition: Edition = DEFAULT_EDITION
) -> int:
    """An upper bound on the steps :func:`~rules.wh40k.attack.distribution` takes for this attack.

    Unsaved attacks at most = attacks x (1 + the most Sustained Hits); the allocation walks each
    through every state of the target (its wounds, and a Leader's apart) and every damage value
    (0 to the most damage, and the model's save when the models save differently). A mixed
    target whose models save differently, against Devastating Wounds, follows each number of
    mortal wounds after each number of other wounds: one more factor of the attacks.
    """
    p = plan(weapon, target, situation, edition=edition)
    extra = p.sustained.maximum if p.sustained else 0
    unsaved = p.max_attacks * (1 + extra)
    damage = p.damage.maximum + (p.melta.maximum if p.melta else 0) + 2
    states = layout(p.groups, p.order).states
    walk = unsaved * states * damage
    powers = unsaved * unsaved * (2 + extra)
    if p.devastating and not p.uniform_saves:
        walk *= unsaved + 2
        powers *= 8  # the (wounds, mortal wounds) pairs of every number of attacks
    return walk + powers


def check_odds_cost(weapon: Weapon, target: Target, situation: Situation | None = None) -> int:
    """:func:`odds_cost`, or :class:`ProfileError` (saying what is too big) past :data:`MAX_ODDS_WORK`."""
    cost = odds_cost(weapon, target, situation)
    if cost > MAX_ODDS_WORK:
        p = plan(weapon, target, situation)
        raise ProfileError(
            _(
                "Working that out exactly would take too long: up to {max_attacks} attacks into "
                "{target_models} models ({total_wounds} wounds) is about {cost} steps, and one "
                "calculation may take {max_odds_work}. Use fewer attacks or models, or split it.",
                max_attacks=p.max_attacks,
                target_models=p.target_models,
                total_wounds=target.total_wounds,
                cost=f"{cost:,}",
                max_odds_work=f"{MAX_ODDS_WORK:,}",
            )
        )
    return cost


def check_unit_cost(
    unit: Unit, target: Target, situation: Situation | None = None, *, edition: Edition = DEFAULT_EDITION
) -> int:
    """The summed :func:`odds_cost` of a unit's lines (the target's state carries from one line to
    the next, so each line's walk is bounded as one weapon's), or :class:`ProfileError` past
    :data:`MAX_ODDS_WORK`, naming the line that costs most."""
    costs = [(odds_cost(w, target, situation, edition=edition), w) for w in unit.weapons]
    total = sum(c for c, _ in costs)
    if total > MAX_ODDS_WORK:
        worst = max(costs, key=lambda pair: pair[0])[1]
        raise ProfileError(
            _(
                "Working that unit out exactly would take too long: about {total} steps, and one "
                "calculation may take {max_odds_work}. Its costliest line is `{text}`; use fewer "
                "attacks or models, or split the unit.",
                total=f"{total:,}",
                max_odds_work=f"{MAX_ODDS_WORK:,}",
                text=worst.text,
            )
        )
    return total
