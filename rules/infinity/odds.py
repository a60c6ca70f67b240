"""Exact odds of a Face to Face Roll: who wins, with how many hits, and how many wounds follow.

No sampling and no rounding along the way: every chance is a count of d20 faces, kept as a
whole number over a power of 20 until the end, where it becomes a :class:`~fractions.Fraction`
(``exact_*``) and a correctly rounded float.

1. Each die of a side reads as a failure, a Critical, or an ordinary success with a result
   from 1 to 19 (:func:`die_table`).
2. For each side, the chance of ``c`` Criticals with a best ordinary result of ``m``: the chance
   that ``c`` dice are Criticals and all others fail or show ``m`` or less, minus the same with
   ``m - 1`` (:func:`best_table`).
3. A side wins with ``c`` Criticals and ``k`` ordinary hits only when the opponent has no
   Critical, and ``k`` counts its ordinary successes above the opponent's best ``m``: a
   multinomial over three kinds of die (Critical, above ``m``, anything else), summed over ``m``.
   Nobody wins when both sides roll Criticals, or neither does and their bests are equal.
4. Each ordinary hit and each Critical hit has its own distribution of wounds
   (:func:`rules.infinity.saves.hit_polynomials`); ``c`` and ``k`` of them are convolved.

>>> d = distribution(Side(attribute=10), Side(attribute=10))
>>> round(d.active_wins, 4), round(d.nobody, 4), round(d.reactive_wins, 4)
(0.3625, 0.275, 0.3625)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, factorial

from pydantic import BaseModel, Field

from rules.infinity.dice import FACES, DieOutcome, Edition, die_result, read_die
from rules.infinity.f2f import SideName, save_plans
from rules.infinity.saves import ONE, SavePlan, Scaled, convolve, hit_polynomials
from rules.infinity.side import Side

TOP = FACES - 1
"""The highest result an ordinary success can have."""


class DieTable(BaseModel):
    """One die's faces out of 20: how many fail, are Criticals, or show each ordinary result."""

    fail: int
    critical: int
    ordinary: list[int]
    """``ordinary[r]``: faces whose result is ``r`` (index 0 is unused, always 0)."""


def die_table(sv: int, edition: Edition = Edition.N5) -> DieTable:
    """Count the 20 faces of a d20 against ``sv``.

    >>> t = die_table(23)
    >>> t.critical, t.fail, t.ordinary[3], t.ordinary[4]
    (4, 0, 0, 1)
    """
    fail = critical = 0
    ordinary = [0] * (TOP + 1)
    for face in range(1, FACES + 1):
        outcome = read_die(face, sv, edition)
        if outcome is DieOutcome.FAILURE:
            fail += 1
        elif outcome is DieOutcome.CRITICAL:
            critical += 1
        else:
            ordinary[die_result(face, sv, edition)] += 1
    return DieTable(fail=fail, critical=critical, ordinary=ordinary)


def best_table(table: DieTable, dice: int) -> list[list[int]]:
    """``best[c][m]``: out of ``20**dice`` rolls, how many have exactly ``c`` Criticals and the
    best ordinary result ``m`` (0: no ordinary success).

    >>> t = best_table(die_table(10), 1)
    >>> t[0][0], t[1][0], t[0][9]
    (10, 1, 1)
    """
    out = []
    for c in range(dice + 1):
        ways = comb(dice, c) * table.critical**c
        row, below, previous = [], table.fail, 0
        for m in range(TOP + 1):
            below += table.ordinary[m]
            at_most = ways * below ** (dice - c)
            row.append(at_most - previous)
            previous = at_most
        out.append(row)
    return out


def _hits_above(table: DieTable, dice: int, threshold: int) -> dict[tuple[int, int], int]:
    """Out of ``20**dice``: rolls with (Criticals, ordinary successes above ``threshold``)."""
    above = sum(table.ordinary[threshold + 1 :])
    rest = FACES - table.critical - above
    out = {}
    for c in range(dice + 1):
        for k in range(dice - c + 1):
            ways = factorial(dice) // (factorial(c) * factorial(k) * factorial(dice - c - k))
            out[(c, k)] = ways * table.critical**c * above**k * rest ** (dice - c - k)
    return out


def hit_chances(
    winner: DieTable, winner_dice: int, loser_best: list[list[int]]
) -> dict[tuple[int, int], int]:
    """Out of ``20**(winner_dice + loser_dice)``: rolls where a side keeps ``c`` Criticals and
    ``k`` ordinary hits after the opponent's dice, given the opponent's :func:`best_table`.

    >>> chances = hit_chances(die_table(10), 1, best_table(die_table(10), 1))
    >>> chances[(1, 0)], chances[(0, 1)]
    (19, 126)
    """
    out: dict[tuple[int, int], int] = {}
    for m, count in enumerate(loser_best[0]):
        if not count:
            continue
        for key, ways in _hits_above(winner, winner_dice, m).items():
            if key != (0, 0) and ways:
                out[key] = out.get(key, 0) + count * ways
    return out


class Distribution(BaseModel):
    """Exact chances of every outcome of a Face to Face Roll.

    ``active[w]`` is the chance that the active side wins and inflicts exactly ``w`` wounds
    (``active[0]``: it wins but every save passes); ``reactive`` likewise; ``nobody`` the chance
    that no success survives. Together they sum to 1. For ammunition that imposes a state (E/M,
    PARA, Stun), a "wound" is a failed save; Continuous Damage is cut at its stated depth.
    """

    edition: Edition
    active_side: Side
    reactive_side: Side
    active: list[float]
    nobody: float
    reactive: list[float]
    active_hits: dict[tuple[int, int], float]
    """Chance the active side keeps (Criticals, ordinary hits), before saves."""
    reactive_hits: dict[tuple[int, int], float]
    exact: dict[str, Scaled] = Field(default_factory=dict, exclude=True, repr=False)
    """"active", "nobody", "reactive": the same chances as whole numbers over a power of 20; the
    floats above are these, rounded once. Empty in a Distribution built by hand (say, for a
    chart's test), where the ``exact_*`` properties fall back to the floats."""

    def _exact(self, key: str, floats: list[float]) -> list[Fraction]:
        if key in self.exact:
            return self.exact[key].fractions()
        return [Fraction(p) for p in floats]

    @property
    def exact_active(self) -> list[Fraction]:
        """``active`` as exact fractions."""
        return self._exact("active", self.active)

    @property
    def exact_nobody(self) -> Fraction:
        """``nobody`` as an exact fraction."""
        return self._exact("nobody", [self.nobody])[0]

    @property
    def exact_reactive(self) -> list[Fraction]:
        """``reactive`` as exact fractions."""
        return self._exact("reactive", self.reactive)

    @property
    def active_wins(self) -> float:
        """The chance that the active side keeps at least one hit."""
        return sum(self.active)

    @property
    def reactive_wins(self) -> float:
        """The chance that the reactive side keeps at least one hit."""
        return sum(self.reactive)

    @property
    def no_wounds(self) -> float:
        """Nobody succeeds, or the winner's hits are all saved: the "nobody" line of the usual
        calculators, which list only outcomes with at least one wound."""
        saved = (self.active[0] if self.active else 0.0) + (self.reactive[0] if self.reactive else 0.0)
        return self.nobody + saved

    @property
    def total(self) -> float:
        """All outcomes together: 1, up to rounding."""
        return self.active_wins + self.nobody + self.reactive_wins

    def rows(self) -> list[OddsRow]:
        """The outcome table the way the usual calculators show it: the active side's wins with
        the most wounds first, then "no wounds" (:attr:`no_wounds`), then the reactive side's wins
        with 1, 2, ... wounds. ``at_least`` is the chance of that many wounds or more by that side.

        >>> d = distribution(Side(attribute=20, ps=10), Side(burst=0))
        >>> [(r.side and r.side.value, r.wounds, round(r.chance, 4), round(r.at_least, 4)) for r in d.rows()]
        [('active', 2, 0.0125, 0.0125), ('active', 1, 0.5, 0.5125), (None, 0, 0.4875, 1.0)]
        """

        def row(side: SideName, chances: list[float], w: int) -> OddsRow:
            return OddsRow(side=side, wounds=w, chance=chances[w], at_least=sum(chances[w:]))

        active = [row(SideName.ACTIVE, self.active, w) for w in range(len(self.active) - 1, 0, -1)]
        reactive = [row(SideName.REACTIVE, self.reactive, w) for w in range(1, len(self.reactive))]
        return [*active, OddsRow(side=None, wounds=0, chance=self.no_wounds, at_least=1.0), *reactive]


class OddsRow(BaseModel):
    """One line of the outcome table: who wins (None: nobody inflicts a wound), with how many
    wounds, its chance, and the chance of at least that many wounds by that side."""

    side: SideName | None
    wounds: int
    chance: float
    at_least: float


def _wounds(hits: dict[tuple[int, int], int], dice: int, plan: SavePlan | None) -> Scaled:
    """Chance of each wound count, from the winner's hit counts (out of ``20**dice``)."""
    if not hits or plan is None:
        return Scaled([], 0)
    normal, critical = hit_polynomials(plan)
    powers_n, powers_c = [ONE], [ONE]
    most_k = max(k for _, k in hits)
    while len(powers_n) <= most_k:
        powers_n.append(convolve(powers_n[-1], normal))
    parts = []
    # For each number of Criticals, add up the ordinary hits' wounds first, then convolve once.
    for c in sorted({c for c, _ in hits}):
        while len(powers_c) <= c:
            powers_c.append(convolve(powers_c[-1], critical))
        group = {k: count for (cc, k), count in hits.items() if cc == c}
        ordinary = _add_up([(count, powers_n[k]) for k, count in group.items()])
        parts.append((1, convolve(powers_c[c], ordinary)))
    return _add_up(parts, extra_exponent=dice)


def _add_up(parts: list[tuple[int, Scaled]], extra_exponent: int = 0) -> Scaled:
    """The sum of ``weight * poly`` over ``parts``, over a common power of 20 (times
    ``20**extra_exponent``, the weights' own denominator)."""
    exponent = max(poly.exponent for _, poly in parts)
    out = [0] * max(len(poly.counts) for _, poly in parts)
    for weight, poly in parts:
        scale = weight * FACES ** (exponent - poly.exponent)
        for w, ways in enumerate(poly.counts):
            out[w] += scale * ways
    while len(out) > 1 and out[-1] == 0:
        out.pop()
    return Scaled(out, exponent + extra_exponent)


def distribution(active: Side, reactive: Side, *, edition: Edition = Edition.N5) -> Distribution:
    """The exact chance of every outcome of a Face to Face Roll between ``active`` and ``reactive``.

    The test vector of the open calculators: SV 16 Burst 3 against SV 13 Burst 1, the active
    side's hits failing their saves on 8 or less and the reactive side's on 12 or less (N4: DAM 8
    and DAM 12 against ARM 0).

    >>> d = distribution(Side(attribute=16, burst=3, dam=8), Side(attribute=13, dam=12), edition=Edition.N4)
    >>> [round(100 * p, 3) for p in d.active[1:6]]
    [36.215, 14.42, 2.591, 0.163, 0.004]
    >>> round(100 * d.no_wounds, 3), [round(100 * p, 3) for p in d.reactive[1:]]
    (37.62, [7.444, 1.543])
    """
    plans = save_plans(active, reactive, edition)
    a_dice = active.burst if active.rolls else 0
    r_dice = reactive.burst if reactive.rolls else 0
    dice = a_dice + r_dice
    a_table, r_table = die_table(active.sv, edition), die_table(reactive.sv, edition)
    a_best, r_best = best_table(a_table, a_dice), best_table(r_table, r_dice)
    active_hits = hit_chances(a_table, a_dice, r_best) if a_dice else {}
    reactive_hits = hit_chances(r_table, r_dice, a_best) if r_dice else {}
    both_critical = (FACES**a_dice - sum(a_best[0])) * (FACES**r_dice - sum(r_best[0]))
    tie = sum(a_best[0][m] * r_best[0][m] for m in range(TOP + 1))
    exact = {
        "active": _wounds(active_hits, dice, plans.get(SideName.ACTIVE)),
        "nobody": Scaled([both_critical + tie], dice),
        "reactive": _wounds(reactive_hits, dice, plans.get(SideName.REACTIVE)),
    }

    def chances(hits: dict[tuple[int, int], int]) -> dict[tuple[int, int], float]:
        return {key: count / FACES**dice for key, count in hits.items()}

    return Distribution(
        edition=edition,
        active_side=active,
        reactive_side=reactive,
        active=exact["active"].floats(),
        nobody=exact["nobody"].floats()[0],
        reactive=exact["reactive"].floats(),
        active_hits=chances(active_hits),
        reactive_hits=chances(reactive_hits),
        exact=exact,
    )
