"""Shared helpers: a scripted Random for the dice, and a fast Monte Carlo of a Face to Face Roll."""

from __future__ import annotations

import random
from collections.abc import Iterable

from rules.infinity import DieOutcome, Edition, Side
from rules.infinity.dice import die_result, read_die
from rules.infinity.saves import CONTINUOUS_DEPTH, save_plan

CRITICAL_RANK = 100


class ScriptedRandom(random.Random):
    """A Random whose randint returns the scripted faces in order (checking the range)."""

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, a: int, b: int) -> int:
        assert self.values, "the test ran out of scripted dice"
        value = self.values.pop(0)
        assert a <= value <= b
        return value


def _ranks(side: Side, edition: Edition) -> list[int]:
    """rank[face]: 0 fails, a Critical outranks everything, else the result."""
    ranks = [0] * 21
    if side.sv < 1:
        return ranks
    for face in range(1, 21):
        outcome = read_die(face, side.sv, edition)
        if outcome is DieOutcome.CRITICAL:
            ranks[face] = CRITICAL_RANK
        elif outcome is DieOutcome.SUCCESS:
            ranks[face] = die_result(face, side.sv, edition)
    return ranks


def _wound_sampler(attacker: Side, target: Side, edition: Edition):
    plan = save_plan(attacker, target, edition)
    main = [((20 - s.passes_on) / 20, s.cost, s.continuous) for s in plan.per_hit]
    extra_fail = (20 - plan.critical_extra.passes_on) / 20

    def wounds(hits: list[int], rng: random.Random) -> int:
        total = 0
        for rank in hits:
            for fail, cost, continuous in main:
                for _ in range(CONTINUOUS_DEPTH if continuous else 1):
                    if rng.random() >= fail:
                        break
                    total += cost
            if rank == CRITICAL_RANK and rng.random() < extra_fail:
                total += 1
        return total

    return wounds


def simulate(
    active: Side, reactive: Side, edition: Edition, samples: int, seed: int
) -> dict[str, dict[int, float]]:
    """Roll ``samples`` Face to Face Rolls with the literal rule (a success cancels every enemy
    success of a lower or equal rank; a Critical outranks any other success) and return the
    frequencies: {"active": {wounds: f}, "nobody": {0: f}, "reactive": {wounds: f}}."""
    rng = random.Random(seed)
    a_ranks, r_ranks = _ranks(active, edition), _ranks(reactive, edition)
    a_burst = active.burst if active.rolls else 0
    r_burst = reactive.burst if reactive.rolls else 0
    a_wounds = _wound_sampler(active, reactive, edition) if a_burst else None
    r_wounds = _wound_sampler(reactive, active, edition) if r_burst else None
    counts: dict[str, dict[int, int]] = {"active": {}, "nobody": {}, "reactive": {}}
    randint = rng.randint
    for _ in range(samples):
        a = [r for r in (a_ranks[randint(1, 20)] for _ in range(a_burst)) if r]
        b = [r for r in (r_ranks[randint(1, 20)] for _ in range(r_burst)) if r]
        best_a, best_b = max(a, default=0), max(b, default=0)
        a_kept = [r for r in a if r > best_b]
        b_kept = [r for r in b if r > best_a]
        if a_kept:
            key, wounds = "active", a_wounds(a_kept, rng)
        elif b_kept:
            key, wounds = "reactive", r_wounds(b_kept, rng)
        else:
            key, wounds = "nobody", 0
        counts[key][wounds] = counts[key].get(wounds, 0) + 1
    return {k: {w: n / samples for w, n in v.items()} for k, v in counts.items()}


def side_strategy(*, ammo: Iterable[object] | None = None, ph: object = None) -> object:
    """Hypothesis: any valid :class:`Side` (AP never with PARA or E/M; ARM or BTS for Stun only)."""
    from hypothesis import strategies as st

    from rules.infinity import Ammunition
    from rules.infinity.side import SaveOn

    fields = st.fixed_dictionaries(
        {
            "attribute": st.integers(0, 30),
            "modifier": st.integers(-20, 20),
            "burst": st.integers(0, 6),
            "ps": st.one_of(st.none(), st.integers(0, 20)),
            "ammo": st.sampled_from(list(ammo) if ammo is not None else list(Ammunition)),
            "stun_save": st.sampled_from(list(SaveOn)),
            "ap": st.booleans(),
            "t2": st.booleans(),
            "continuous": st.booleans(),
            "arm": st.integers(0, 20),
            "bts": st.integers(0, 20),
            "ph": ph if ph is not None else st.one_of(st.none(), st.integers(0, 20)),
            "cover": st.booleans(),
        }
    )

    def valid(f: dict) -> bool:
        if f["ap"] and f["ammo"] in (Ammunition.PARA, Ammunition.EM):
            return False
        return f["stun_save"] is SaveOn.BTS or f["ammo"] is Ammunition.STUN

    return fields.filter(valid).map(lambda f: Side(**f))
